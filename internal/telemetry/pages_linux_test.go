package telemetry

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestReadOnlyMappingOf(t *testing.T) {
	const exe = "/srv/bin/claimcheck"
	for _, tc := range []struct {
		line       string
		start, end uintptr
		ok         bool
	}{
		{"00400000-02124000 r-xp 00000000 fe:00 9981249    /srv/bin/claimcheck", 0x400000, 0x2124000, true},
		{"02124000-04691000 r--p 01d24000 fe:00 9981249    /srv/bin/claimcheck", 0x2124000, 0x4691000, true},
		// The writable data of the executable: releasing it would lose what was written.
		{"04691000-048d2000 rw-p 04291000 fe:00 9981249    /srv/bin/claimcheck", 0, 0, false},
		{"7f00a000-7f00b000 r--p 00000000 fe:00 12         /usr/lib/libc.so.6", 0, 0, false},
		{"7ffd1000-7ffd2000 rw-p 00000000 00:00 0 ", 0, 0, false},
		{"7ffd1000-7ffd2000 r-xp 00000000 00:00 0          [vdso]", 0, 0, false},
		{"00400000-02124000 r-xp 00000000 fe:00 9981249    /srv/bin/claimcheck (deleted)", 0, 0, false},
		{"garbage", 0, 0, false},
	} {
		s, e, ok := readOnlyMappingOf(tc.line, exe)
		if s != tc.start || e != tc.end || ok != tc.ok {
			t.Errorf("%q: %x-%x %v, want %x-%x %v", tc.line, s, e, ok, tc.start, tc.end, tc.ok)
		}
	}
}

// Releasing the test binary's own read-only pages lowers its file-backed resident memory and
// the process runs on (the pages come back as they are used).
func TestReleaseStartupPages(t *testing.T) {
	before := rssFileKB(t)
	n, err := ReleaseStartupPages()
	if err != nil {
		t.Fatal(err)
	}
	if n <= 0 {
		t.Fatalf("released %d bytes, want the executable's read-only mappings", n)
	}
	after := rssFileKB(t)
	if after >= before {
		t.Errorf("file-backed RSS %d kB before, %d kB after", before, after)
	}
	// Code and read-only data still work after the release.
	if got := ParseLevel("warn").String(); got != "WARN" {
		t.Errorf("ParseLevel after the release: %s", got)
	}
}

func rssFileKB(t *testing.T) int {
	t.Helper()
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	var kb int
	for _, line := range strings.Split(string(b), "\n") {
		if _, err := fmt.Sscanf(line, "RssFile: %d kB", &kb); err == nil {
			return kb
		}
	}
	t.Fatal("no RssFile in /proc/self/status")
	return 0
}
