package telemetry

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"syscall"
)

// ReleaseStartupPages unmaps the executable's code and read-only data pages from this process, so
// the ones only starting up used (initialisers, the decoding of embedded tables, migrations) stop
// counting in its resident memory; the pages requests use are mapped again from the kernel's page
// cache at their next use (a minor fault, once per page). The binary is about 100 MB, and after
// starting about 42 MB of it stayed resident, of which a claim-page load used 27 MB again (see
// README "Load test"). Only read-only mappings of the executable file are released: their pages
// are never written, so nothing is lost (MADV_DONTNEED on a written private page would discard
// the write, which is why the writable data mapping is left alone). It returns the bytes released.
func ReleaseStartupPages() (int64, error) {
	exe, err := os.Readlink("/proc/self/exe")
	if err != nil {
		return 0, fmt.Errorf("release startup pages: %w", err)
	}
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		return 0, fmt.Errorf("release startup pages: %w", err)
	}
	var released int64
	sc := bufio.NewScanner(bytes.NewReader(maps))
	for sc.Scan() {
		start, end, ok := readOnlyMappingOf(sc.Text(), exe)
		if !ok {
			continue
		}
		if _, _, errno := syscall.Syscall(syscall.SYS_MADVISE, start, end-start, syscall.MADV_DONTNEED); errno != 0 {
			return released, fmt.Errorf("release startup pages: madvise %x-%x: %w", start, end, errno)
		}
		released += int64(end - start)
	}
	return released, sc.Err()
}

// readOnlyMappingOf parses one line of /proc/self/maps ("start-end perms offset dev inode path")
// and reports the range when it maps path read-only (r-xp or r--p); a path with spaces or a
// deleted executable ("path (deleted)") is never released.
func readOnlyMappingOf(line, path string) (start, end uintptr, ok bool) {
	fields := bytes.Fields([]byte(line))
	if len(fields) != 6 || string(fields[5]) != path {
		return 0, 0, false
	}
	if perms := string(fields[1]); perms != "r-xp" && perms != "r--p" {
		return 0, 0, false
	}
	lo, hi, found := bytes.Cut(fields[0], []byte("-"))
	if !found {
		return 0, 0, false
	}
	s, err1 := strconv.ParseUint(string(lo), 16, 64)
	e, err2 := strconv.ParseUint(string(hi), 16, 64)
	if err1 != nil || err2 != nil || e <= s {
		return 0, 0, false
	}
	return uintptr(s), uintptr(e), true
}
