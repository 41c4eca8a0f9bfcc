package thesaurus

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
)

// TestGeneratorDeterministic regenerates the tables from the Debian files and checks that they
// equal the committed ones byte for byte, so data/ is exactly what ./gen makes of its sources.
func TestGeneratorDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("regenerating the tables takes several seconds; skipped in -short mode")
	}
	for _, f := range []string{
		"/usr/share/wordnet/data.noun",
		"/usr/share/dictd/freedict-eng-tur.dict.dz",
		"/usr/share/dictd/freedict-tur-eng.dict.dz",
		"/usr/share/doc/wordnet-base/copyright",
		"/usr/share/doc/dict-freedict-eng-tur/copyright",
	} {
		if _, err := os.Stat(f); err != nil {
			t.Skipf("Debian source %s absent (apt-get install -y wordnet-base dict-freedict-tur-eng dict-freedict-eng-tur): %v", f, err)
		}
	}
	if _, err := os.Stat("/tmp/kenet/package/turkish_wordnet.xml"); err != nil {
		t.Skipf("KeNet package absent (see README.md, Regenerating: npm pack nlptoolkit-wordnet@1.0.7 into /tmp/kenet): %v", err)
	}
	dir := t.TempDir()
	cmd := exec.Command("go", "run", "./gen", "-out", dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run ./gen: %v\n%s", err, out)
	}
	all, err := os.ReadDir("data")
	if err != nil {
		t.Fatal(err)
	}
	// The image is ./genimage's output, checked by TestImageCurrent.
	committed := slices.DeleteFunc(all, func(e os.DirEntry) bool { return "data/"+e.Name() == imageFile })
	generated, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(committed) != len(generated) {
		t.Errorf("generator wrote %d files, data/ holds %d", len(generated), len(committed))
	}
	for _, e := range committed {
		want, err := os.ReadFile(filepath.Join("data", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Errorf("generator did not write %s: %v", e.Name(), err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from the regenerated table (%d vs %d bytes): run go generate ./internal/thesaurus/", e.Name(), len(want), len(got))
		}
	}
}
