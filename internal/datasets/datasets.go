// Package datasets knows the third-party data sets Claimcheck can use but does not ship: where each
// lives under the configured folder (DATASETS_DIR), which files the product reads, the checksum of
// the version the README documents, and how to install one safely. The repository never holds
// copies of them; every part of the product works without them and says what it could not assess.
package datasets

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// Names of the data sets: each is a subfolder of the data-set folder, laid out as upstream
// publishes it.
const (
	// DomainRatings is Lin et al. 2023's news-domain quality ratings.
	DomainRatings = "domain-quality-ratings"
	// Stopwords is the stopwords-iso collection (58 languages).
	Stopwords = "stopwords-iso"
	// XFactLabelMaps is the X-Fact fact-checkers' verdict label maps.
	XFactLabelMaps = "x-fact-label-maps"
)

// Files the product reads, relative to their data set's folder.
const (
	// DomainPC1File is the domain,pc1 table.
	DomainPC1File = "domain_pc1.csv"
	// StopwordsFile is the JSON object of ISO 639-1 code → word list.
	StopwordsFile = "stopwords-iso.json"
	// XFactMasterFile maps X-Fact's English verdict words to its seven classes.
	XFactMasterFile = "label_maps/master_mapping.tsv"
	// XFactSiteGlob matches the per-fact-checker maps (original word → English verdict).
	XFactSiteGlob = "label_maps/*.txt"
)

// Dataset describes one data set: what it is for, where it comes from and how to recognise the
// documented version.
type Dataset struct {
	// Name is the folder name under the data-set folder.
	Name string
	// Feeds says which part of an analysis reads it and what happens without it.
	Feeds string
	// Upstream is the repository and commit the documented version was taken from.
	Upstream string
	// Licence names the terms the files are published under.
	Licence string
	// Main is the file whose presence means the data set is installed.
	Main string
	// Patterns are the files (path.Match globs) covered by the checksum.
	Patterns []string
	// SHA256 is the checksum of the documented version (see Checksum for how it is computed).
	SHA256 string
}

// Catalog lists the data sets in the order the README and `claimcheck data status` show them.
func Catalog() []Dataset {
	return []Dataset{
		{
			Name:     DomainRatings,
			Feeds:    "source_score: the news-quality rating of the claim's source domain (without it: not assessed)",
			Upstream: "https://github.com/hauselin/domain-quality-ratings at 5671d57e545e48225ef2cbf559a6ab7f8f77a9de, data/domain_pc1.csv",
			Licence:  "no licence file; the authors: \"Feel free to reuse the data\" (cite Lin et al. 2023, PNAS Nexus 2(9) pgad286)",
			Main:     DomainPC1File,
			Patterns: []string{DomainPC1File},
			SHA256:   "18221d8c4ce30e25ceab4ce3d1c9a7babaf9e935bd42ed2c89e3c52fc19d5e1a",
		},
		{
			Name:     Stopwords,
			Feeds:    "language: telling 58 languages apart (without it: Turkish and English only, from built-in function words)",
			Upstream: "https://github.com/stopwords-iso/stopwords-iso at 6e8e9a2d1c019ad2a885bcbe157628dea624dfb6, stopwords-iso.json",
			Licence:  "MIT, Gene Diaz",
			Main:     StopwordsFile,
			Patterns: []string{StopwordsFile},
			SHA256:   "337af4d57d5fa1fecc2ffcae532e9b9f05db51c74ff18d3dde9572185a3cdae4",
		},
		{
			Name:     XFactLabelMaps,
			Feeds:    "knowledge-base import: 35 fact-checkers' own verdict words (without it: Claimcheck's Turkish and English rating words only; other words are skipped with the reason)",
			Upstream: "https://github.com/utahnlp/x-fact at c58b1ea78753977528485469428ff356a4b837e4, data/x-fact/label_maps/",
			Licence:  "MIT, Utah NLP (cite Gupta & Srikumar 2021, ACL-IJCNLP)",
			Main:     XFactMasterFile,
			Patterns: []string{XFactSiteGlob, XFactMasterFile},
			SHA256:   "9a3e21456df65ea5d20b99ea6c950cdd41f965024f39c3301bc421f46b8d9af5",
		},
	}
}

// Lookup returns the catalogue entry called name.
func Lookup(name string) (Dataset, bool) {
	for _, d := range Catalog() {
		if d.Name == name {
			return d, true
		}
	}
	return Dataset{}, false
}

// Path is where file of data set name lives under dir.
func Path(dir, name, file string) string {
	return filepath.Join(dir, name, filepath.FromSlash(file))
}

// covers reports whether rel (slash-separated, relative to the data set's folder) is one of the
// files the checksum covers.
func (d Dataset) covers(rel string) bool {
	for _, p := range d.Patterns {
		if ok, _ := path.Match(p, rel); ok {
			return true
		}
	}
	return false
}

// singleFile reports whether the data set is one file, which can then be installed on its own.
func (d Dataset) singleFile() bool {
	return len(d.Patterns) == 1 && d.Patterns[0] == d.Main
}

// Checksum is the SHA-256 of the data set in folder root: for a one-file data set the file's own
// sha256sum; otherwise the SHA-256 of the manifest "<sha256>  <path>\n" per covered file, sorted by
// path, which is what `sha256sum label_maps/* | LC_ALL=C sort -k2 | sha256sum` prints.
func (d Dataset) Checksum(root fs.FS) (string, error) {
	var files []string
	err := fs.WalkDir(root, ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.Type().IsRegular() && d.covers(p) {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("checksum %s: %w", d.Name, err)
	}
	if len(files) == 0 {
		return "", fmt.Errorf("checksum %s: none of its files (%s) is there", d.Name, strings.Join(d.Patterns, ", "))
	}
	sort.Strings(files)
	if d.singleFile() {
		return fileSum(root, files[0])
	}
	var manifest strings.Builder
	for _, f := range files {
		sum, err := fileSum(root, f)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&manifest, "%s  %s\n", sum, f)
	}
	h := sha256.Sum256([]byte(manifest.String()))
	return hex.EncodeToString(h[:]), nil
}

// fileSum is the hex SHA-256 of one file.
func fileSum(root fs.FS, name string) (string, error) {
	f, err := root.Open(name)
	if err != nil {
		return "", fmt.Errorf("checksum %s: %w", name, err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("checksum %s: %w", name, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// State is what `claimcheck data status` reports about one data set.
type State struct {
	Dataset
	// Dir is the data set's folder.
	Dir string
	// Installed is true when the main file is there.
	Installed bool
	// Checksum is the installed files' checksum (empty when not installed or unreadable).
	Checksum string
	// Documented is true when Checksum equals the README's.
	Documented bool
	// Problem says what is wrong with an installed data set that cannot be checksummed.
	Problem string
}

// Status inspects every catalogued data set under dir.
func Status(dir string) []State {
	var out []State
	for _, d := range Catalog() {
		s := State{Dataset: d, Dir: filepath.Join(dir, d.Name)}
		if _, err := os.Stat(Path(dir, d.Name, d.Main)); err == nil {
			s.Installed = true
			sum, err := d.Checksum(os.DirFS(s.Dir))
			if err != nil {
				s.Problem = err.Error()
			}
			s.Checksum, s.Documented = sum, sum == d.SHA256
		} else if !errors.Is(err, fs.ErrNotExist) {
			s.Problem = err.Error()
		}
		out = append(out, s)
	}
	return out
}
