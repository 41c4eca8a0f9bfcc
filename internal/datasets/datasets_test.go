package datasets_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/internal/datasets"
	"github.com/claimcheck/claimcheck/internal/datasets/datasetstest"
)

// sum is the hex SHA-256 of s.
func sum(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// write creates files (path → content) under dir.
func write(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for p, c := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// listing is every file under dir, hidden ones included, so leftovers of a failed install show.
func listing(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(out)
	return out
}

// TestCatalogChecksumsMatchSharedData checks that the README's checksums are those of the data the
// tests read, so `claimcheck data install` accepts exactly the documented versions.
func TestCatalogChecksumsMatchSharedData(t *testing.T) {
	for _, d := range datasets.Catalog() {
		t.Run(d.Name, func(t *testing.T) {
			dir := datasetstest.Require(t, d.Name)
			got, err := d.Checksum(os.DirFS(filepath.Join(dir, d.Name)))
			if err != nil {
				t.Fatal(err)
			}
			if got != d.SHA256 {
				t.Errorf("checksum %s, catalogue says %s", got, d.SHA256)
			}
		})
	}
}

const csv = "domain,pc1\nreuters.com,1.0\n"

func TestInstallLocalFile(t *testing.T) {
	src := t.TempDir()
	write(t, src, map[string]string{"domain_pc1.csv": csv, "other.csv": "x"})
	dir := filepath.Join(t.TempDir(), "datasets")
	ctx := context.Background()

	// No --sha256: the README's checksum applies, and a file of other content is refused.
	if _, err := datasets.Install(ctx, dir, filepath.Join(src, "domain_pc1.csv"), "", nil); err == nil ||
		!strings.Contains(err.Error(), "README's checksum") || !strings.Contains(err.Error(), "nothing was installed") {
		t.Fatalf("undocumented file installed or wrong error: %v", err)
	}
	if got := listing(t, dir); len(got) != 0 {
		t.Fatalf("a refused install left %v", got)
	}
	// A wrong --sha256 is refused too.
	if _, err := datasets.Install(ctx, dir, filepath.Join(src, "domain_pc1.csv"), sum("other"), nil); err == nil || !strings.Contains(err.Error(), "--sha256") {
		t.Fatalf("mismatching --sha256: %v", err)
	}
	// The right one installs.
	res, err := datasets.Install(ctx, dir, filepath.Join(src, "domain_pc1.csv"), strings.ToUpper(sum(csv)), nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Dataset != datasets.DomainRatings || res.Checksum != sum(csv) || res.Files != 1 {
		t.Errorf("result %+v", res)
	}
	got, err := os.ReadFile(datasets.Path(dir, datasets.DomainRatings, datasets.DomainPC1File))
	if err != nil || string(got) != csv {
		t.Fatalf("installed %q, %v", got, err)
	}
	// A later refused install leaves the installed file as it was.
	write(t, src, map[string]string{"domain_pc1.csv": "domain,pc1\nbad.example,0\n"})
	if _, err := datasets.Install(ctx, dir, filepath.Join(src, "domain_pc1.csv"), sum(csv), nil); err == nil {
		t.Fatal("changed file installed under the old checksum")
	}
	if got, _ := os.ReadFile(datasets.Path(dir, datasets.DomainRatings, datasets.DomainPC1File)); string(got) != csv {
		t.Errorf("refused install changed the installed file to %q", got)
	}
	if got := listing(t, dir); strings.Join(got, ",") != "domain-quality-ratings/domain_pc1.csv" {
		t.Errorf("files after a refused install: %v", got)
	}

	for _, bad := range []struct{ src, sha, want string }{
		{filepath.Join(src, "other.csv"), "", "not a data set file"},
		{filepath.Join(src, "missing.csv"), "", "no such file"},
		{filepath.Join(src, "domain_pc1.csv"), "abc", "64 hexadecimal"},
	} {
		if _, err := datasets.Install(ctx, dir, bad.src, bad.sha, nil); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("Install(%s, %q): err %v, want %q", bad.src, bad.sha, err, bad.want)
		}
	}
}

func TestInstallLocalFolder(t *testing.T) {
	src := filepath.Join(t.TempDir(), "maps")
	files := map[string]string{
		"label_maps/master_mapping.tsv": "false\tfalse|wrong\n",
		"label_maps/teyit.org.txt":      "yanlış\tfalse\n",
		"LICENSE":                       "MIT",
		"notes/ignored.txt":             "not part of the data set",
	}
	write(t, src, files)
	manifest := sum(files["label_maps/master_mapping.tsv"]) + "  label_maps/master_mapping.tsv\n" +
		sum(files["label_maps/teyit.org.txt"]) + "  label_maps/teyit.org.txt\n"
	want := sum(manifest)
	dir := t.TempDir()
	ctx := context.Background()

	if _, err := datasets.Install(ctx, dir, src, sum("x"), nil); err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("mismatch not refused with the actual checksum: %v", err)
	}
	if got := listing(t, dir); len(got) != 0 {
		t.Fatalf("a refused folder install left %v", got)
	}
	res, err := datasets.Install(ctx, dir, src, want, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Dataset != datasets.XFactLabelMaps || res.Files != 3 {
		t.Errorf("result %+v", res)
	}
	wantFiles := "x-fact-label-maps/LICENSE,x-fact-label-maps/label_maps/master_mapping.tsv,x-fact-label-maps/label_maps/teyit.org.txt"
	if got := strings.Join(listing(t, dir), ","); got != wantFiles {
		t.Errorf("installed %s, want %s", got, wantFiles)
	}
	// Re-installing a changed folder replaces the old copy entirely, leaving nothing aside.
	os.Remove(filepath.Join(src, "LICENSE"))
	if _, err := datasets.Install(ctx, dir, src, want, nil); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(listing(t, dir), ","); got != "x-fact-label-maps/label_maps/master_mapping.tsv,x-fact-label-maps/label_maps/teyit.org.txt" {
		t.Errorf("after re-install: %s", got)
	}
	// A folder that is no data set is refused by name.
	other := t.TempDir()
	write(t, other, map[string]string{"readme.txt": "x"})
	if _, err := datasets.Install(ctx, dir, other, "", nil); err == nil || !strings.Contains(err.Error(), "not a data set folder") {
		t.Errorf("unknown folder: %v", err)
	}
}

func TestInstallURL(t *testing.T) {
	body := `{"tr":["ve","bir"],"en":["the","a"]}`
	mux := http.NewServeMux()
	mux.HandleFunc("/raw/stopwords-iso.json", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(body)) })
	mux.HandleFunc("/big/domain_pc1.csv", func(w http.ResponseWriter, r *http.Request) {
		chunk := make([]byte, 1<<20)
		for i := 0; i <= datasets.MaxDownloadBytes>>20; i++ {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	dir := t.TempDir()
	ctx := context.Background()

	res, err := datasets.Install(ctx, dir, srv.URL+"/raw/stopwords-iso.json", sum(body), srv.Client())
	if err != nil {
		t.Fatal(err)
	}
	if res.Dataset != datasets.Stopwords {
		t.Errorf("result %+v", res)
	}
	if got, _ := os.ReadFile(datasets.Path(dir, datasets.Stopwords, datasets.StopwordsFile)); string(got) != body {
		t.Errorf("installed %q", got)
	}
	for _, bad := range []struct{ path, sha, want string }{
		{"/raw/stopwords-iso.json", sum("x"), "does not match"},
		{"/missing/domain_pc1.csv", "", "404"},
		{"/big/domain_pc1.csv", "", "larger than"},
		{"/raw/list.json", "", "not a data set file"},
		{"/x/master_mapping.tsv", "", "install it from a local copy"},
	} {
		if _, err := datasets.Install(ctx, dir, srv.URL+bad.path, bad.sha, srv.Client()); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s: err %v, want %q", bad.path, err, bad.want)
		}
	}
	if got := strings.Join(listing(t, dir), ","); got != "stopwords-iso/stopwords-iso.json" {
		t.Errorf("files after failed downloads: %s", got)
	}
	if got, _ := os.ReadFile(datasets.Path(dir, datasets.Stopwords, datasets.StopwordsFile)); string(got) != body {
		t.Errorf("a refused download changed the installed file to %q", got)
	}
}

func TestStatus(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{"domain-quality-ratings/domain_pc1.csv": csv})
	st := datasets.Status(dir)
	if len(st) != len(datasets.Catalog()) {
		t.Fatalf("%d states", len(st))
	}
	for _, s := range st {
		switch s.Name {
		case datasets.DomainRatings:
			if !s.Installed || s.Checksum != sum(csv) || s.Documented || s.Problem != "" {
				t.Errorf("ratings state %+v", s)
			}
		default:
			if s.Installed || s.Checksum != "" || s.Dir != filepath.Join(dir, s.Name) {
				t.Errorf("%s state %+v", s.Name, s)
			}
		}
	}
}

// TestReadmeListsEachDataset keeps the README's "Datasets" section and the catalogue in step: each
// data set's folder, upstream repository and checksum must be there.
func TestReadmeListsEachDataset(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "## Datasets")
	if !ok {
		t.Fatal(`README has no "## Datasets" section`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	for _, d := range datasets.Catalog() {
		repo, _, _ := strings.Cut(d.Upstream, " at ")
		for _, want := range []string{"`" + d.Name + "`", d.SHA256, strings.TrimPrefix(repo, "https://github.com/")} {
			if !strings.Contains(section, want) {
				t.Errorf("README's Datasets section lacks %q for %s", want, d.Name)
			}
		}
	}
	if !strings.Contains(string(readme), "`DATASETS_DIR`") {
		t.Error("README's configuration table lacks DATASETS_DIR")
	}
}
