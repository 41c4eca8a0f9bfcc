package postgrest

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestSlowCorpus(t *testing.T) {
	dir := os.Getenv("CORPUS")
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	for _, f := range files {
		b, _ := os.ReadFile(f)
		lines := strings.Split(string(b), "\n")
		var args []string
		for _, l := range lines[1:] {
			if strings.HasPrefix(l, "string(") {
				s, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(l, "string("), ")"))
				if err != nil {
					t.Fatal(err)
				}
				args = append(args, s)
			}
		}
		if len(args) != 4 {
			continue
		}
		start := time.Now()
		done := make(chan struct{})
		go func() {
			Parse(claimsTable(), Request{RawQuery: args[0], Accept: args[1], Range: args[2], Prefer: args[3]})
			close(done)
		}()
		select {
		case <-done:
			if d := time.Since(start); d > 50*time.Millisecond {
				t.Logf("%s took %v: %q", filepath.Base(f), d, args[0])
			}
		case <-time.After(3 * time.Second):
			t.Logf("%s HANG: %q", filepath.Base(f), args[0])
		}
	}
}
