package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// dataCLI runs `claimcheck data …` with DATASETS_DIR set to dir.
func dataCLI(t *testing.T, dir string, args ...string) (string, error) {
	t.Helper()
	env := map[string]string{"DATASETS_DIR": dir, "DATABASE_URL": filepath.Join(t.TempDir(), "unused.db")}
	var out bytes.Buffer
	err := run(context.Background(), append([]string{"data"}, args...), &out, io.Discard, slog.New(slog.NewTextHandler(io.Discard, nil)),
		func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	return out.String(), err
}

func TestDataInstallAndStatus(t *testing.T) {
	const csv = "domain,pc1\nreuters.com,1.0\n"
	h := sha256.Sum256([]byte(csv))
	sum := hex.EncodeToString(h[:])
	src := filepath.Join(t.TempDir(), "domain_pc1.csv")
	if err := os.WriteFile(src, []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "datasets")

	out, err := dataCLI(t, dir, "status")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"domain-quality-ratings  not installed", "stopwords-iso", "x-fact-label-maps", "source_score", "18221d8c4ce30e25ceab4ce3d1c9a7babaf9e935bd42ed2c89e3c52fc19d5e1a", filepath.Join(dir, "domain-quality-ratings")} {
		if !strings.Contains(out, want) {
			t.Errorf("status lacks %q:\n%s", want, out)
		}
	}

	// Not the README's version and no --sha256: refused, nothing written.
	if _, err := dataCLI(t, dir, "install", src); err == nil || !strings.Contains(err.Error(), "README's checksum") {
		t.Fatalf("install of an undocumented file: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "domain-quality-ratings", "domain_pc1.csv")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("refused install wrote the file: %v", err)
	}
	// --sha256 after the path, as people type it.
	out, err = dataCLI(t, dir, "install", src, "--sha256", sum)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "installed domain-quality-ratings") || !strings.Contains(out, sum) {
		t.Errorf("install output %q", out)
	}
	out, err = dataCLI(t, dir, "status")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "domain-quality-ratings  installed (not the README's version)") || !strings.Contains(out, sum) {
		t.Errorf("status after install:\n%s", out)
	}

	// From a URL.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/data/domain_pc1.csv" {
			http.NotFound(w, r)
			return
		}
		w.Write([]byte(csv))
	}))
	defer srv.Close()
	dir2 := t.TempDir()
	if _, err = dataCLI(t, dir2, "install", "--sha256="+sum, srv.URL+"/data/domain_pc1.csv"); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir2, "domain-quality-ratings", "domain_pc1.csv")); string(got) != csv {
		t.Errorf("downloaded %q", got)
	}
	if _, err := dataCLI(t, dir2, "install", srv.URL+"/missing/domain_pc1.csv"); err == nil || !strings.Contains(err.Error(), "404") {
		t.Errorf("404 download: %v", err)
	}

	var ue usageError
	for _, args := range [][]string{{}, {"install"}, {"install", "a", "b"}, {"status", "x"}, {"frob"}} {
		if _, err := dataCLI(t, dir, args...); !errors.As(err, &ue) {
			t.Errorf("data %v: err %v, want a usage error", args, err)
		}
	}
}
