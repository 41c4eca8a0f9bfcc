// Package datasetstest finds the data sets tests read. They are never in the repository: they sit
// in ../shared/data beside the repository root (the layout of DATASETS_DIR), or wherever
// CLAIMCHECK_TEST_DATA_DIR points. Tests that need one skip, naming the path, when it is absent.
package datasetstest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/claimcheck/claimcheck/internal/datasets"
)

// EnvDir overrides where tests look for data sets; an empty folder makes every data test skip.
const EnvDir = "CLAIMCHECK_TEST_DATA_DIR"

// Dir is the test data-set folder: $CLAIMCHECK_TEST_DATA_DIR, else ../shared/data relative to the
// repository root (the first folder upward from the working directory holding go.mod).
func Dir(t testing.TB) string {
	t.Helper()
	if d := os.Getenv(EnvDir); d != "" {
		return d
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatalf("test data sets: %v", err)
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return filepath.Join(filepath.Dir(d), "shared", "data")
		}
		if filepath.Dir(d) == d {
			t.Fatalf("test data sets: no go.mod above %s", wd)
		}
	}
}

// Installed reports whether data set name is in the test data-set folder, for tests that assert
// one outcome with it and another without.
func Installed(t testing.TB, name string) bool {
	t.Helper()
	d, ok := datasets.Lookup(name)
	if !ok {
		t.Fatalf("unknown data set %q", name)
	}
	_, err := os.Stat(datasets.Path(Dir(t), d.Name, d.Main))
	return err == nil
}

// Require returns the test data-set folder when data set name is installed there, and skips the
// test, naming the path it looked at, when it is not.
func Require(t testing.TB, name string) string {
	t.Helper()
	d, ok := datasets.Lookup(name)
	if !ok {
		t.Fatalf("unknown data set %q", name)
	}
	dir := Dir(t)
	p := datasets.Path(dir, d.Name, d.Main)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("data set %s is not at %s (set %s or put ../shared/data beside the repository): %v", d.Name, p, EnvDir, err)
	}
	return dir
}
