package datasets

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// MaxDownloadBytes caps a downloaded file: the largest data set file is under 3 MB, so anything
// far bigger is the wrong URL, not data.
const MaxDownloadBytes = 64 << 20

// Installed says what Install put where.
type Installed struct {
	// Dataset is the catalogue name.
	Dataset string
	// Dir is the data set's folder.
	Dir string
	// Files counts the files written.
	Files int
	// Checksum is the verified checksum.
	Checksum string
}

// Install puts one data set into dir from src: a local file (named as the data set's file, e.g.
// domain_pc1.csv), a local folder laid out as upstream publishes it, or an http(s) URL of such a
// file. The files are checked against wantSHA256, or against the README's checksum when it is
// empty, before anything replaces what is installed: files are written to temporary names in dir
// and renamed into place, so a failed or refused install leaves the previous state untouched.
func Install(ctx context.Context, dir, src, wantSHA256 string, client *http.Client) (Installed, error) {
	want := strings.ToLower(strings.TrimSpace(wantSHA256))
	if want != "" {
		if b, err := hex.DecodeString(want); err != nil || len(b) != sha256.Size {
			return Installed{}, fmt.Errorf("--sha256 %q is not 64 hexadecimal digits", wantSHA256)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Installed{}, fmt.Errorf("data set folder %s: %w", dir, err)
	}
	if u, err := url.Parse(src); err == nil && (u.Scheme == "http" || u.Scheme == "https") {
		return installURL(ctx, dir, u, want, client)
	}
	info, err := os.Stat(src)
	if err != nil {
		return Installed{}, fmt.Errorf("install %s: %w", src, err)
	}
	if info.IsDir() {
		return installDir(dir, src, want)
	}
	f, err := os.Open(src)
	if err != nil {
		return Installed{}, fmt.Errorf("install %s: %w", src, err)
	}
	defer f.Close()
	return installFile(dir, filepath.Base(src), f, want)
}

// datasetOfFile finds the one-file data set whose file is called name.
func datasetOfFile(name string) (Dataset, error) {
	var known []string
	for _, d := range Catalog() {
		if d.singleFile() && d.Main == name {
			return d, nil
		}
		if d.singleFile() {
			known = append(known, d.Main)
		}
	}
	return Dataset{}, fmt.Errorf("%q is not a data set file Claimcheck knows (one-file data sets: %s; %s is a folder: install it from a local copy of the folder)",
		name, strings.Join(known, ", "), XFactLabelMaps)
}

// mismatch is the refusal when a checksum differs.
func mismatch(d Dataset, got, want string) error {
	from := "the README's checksum for " + d.Name
	if want != d.SHA256 {
		from = "the --sha256 given"
	}
	return fmt.Errorf("%s: checksum %s does not match %s (%s); nothing was installed", d.Name, got, from, want)
}

// installURL downloads a one-file data set and installs it.
func installURL(ctx context.Context, dir string, u *url.URL, want string, client *http.Client) (Installed, error) {
	name := path.Base(u.Path)
	d, err := datasetOfFile(name)
	if err != nil {
		return Installed{}, fmt.Errorf("install %s: %w", u.Redacted(), err)
	}
	if client == nil {
		client = http.DefaultClient
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return Installed{}, fmt.Errorf("install %s: %w", u.Redacted(), err)
	}
	resp, err := client.Do(req)
	if err != nil {
		return Installed{}, fmt.Errorf("download %s: %w", u.Redacted(), err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return Installed{}, fmt.Errorf("download %s: HTTP %s", u.Redacted(), resp.Status)
	}
	body := io.LimitReader(resp.Body, MaxDownloadBytes+1)
	return installFileOf(dir, d, &capped{r: body, n: MaxDownloadBytes}, want)
}

// capped fails a read past n bytes instead of silently truncating the file.
type capped struct {
	r io.Reader
	n int64
}

// Read passes reads through until more than n bytes have come.
func (c *capped) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	c.n -= int64(k)
	if c.n < 0 {
		return k, fmt.Errorf("the file is larger than %d MB, which no data set here is", MaxDownloadBytes>>20)
	}
	return k, err
}

// installFile installs a local one-file data set called name.
func installFile(dir, name string, r io.Reader, want string) (Installed, error) {
	d, err := datasetOfFile(name)
	if err != nil {
		return Installed{}, err
	}
	return installFileOf(dir, d, r, want)
}

// installFileOf writes r to a temporary file beside the target, verifies it and renames it in.
func installFileOf(dir string, d Dataset, r io.Reader, want string) (Installed, error) {
	if want == "" {
		want = d.SHA256
	}
	target := filepath.Join(dir, d.Name)
	if err := os.MkdirAll(target, 0o755); err != nil {
		return Installed{}, fmt.Errorf("install %s: %w", d.Name, err)
	}
	tmp, err := os.CreateTemp(target, "."+d.Main+".tmp-*")
	if err != nil {
		return Installed{}, fmt.Errorf("install %s: %w", d.Name, err)
	}
	done := false
	defer func() {
		if !done {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	h := sha256.New()
	if _, err := io.Copy(io.MultiWriter(tmp, h), r); err != nil {
		return Installed{}, fmt.Errorf("install %s: %w", d.Name, err)
	}
	if err := tmp.Sync(); err != nil {
		return Installed{}, fmt.Errorf("install %s: %w", d.Name, err)
	}
	if err := tmp.Close(); err != nil {
		return Installed{}, fmt.Errorf("install %s: %w", d.Name, err)
	}
	got := hex.EncodeToString(h.Sum(nil))
	if got != want {
		return Installed{}, mismatch(d, got, want)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return Installed{}, fmt.Errorf("install %s: %w", d.Name, err)
	}
	if err := os.Rename(tmp.Name(), filepath.Join(target, d.Main)); err != nil {
		return Installed{}, fmt.Errorf("install %s: %w", d.Name, err)
	}
	done = true
	return Installed{Dataset: d.Name, Dir: target, Files: 1, Checksum: got}, nil
}

// datasetOfDir recognises a data set folder by its name or, failing that, by its main file.
func datasetOfDir(src string) (Dataset, error) {
	if d, ok := Lookup(filepath.Base(filepath.Clean(src))); ok {
		return d, nil
	}
	for _, d := range Catalog() {
		if _, err := os.Stat(filepath.Join(src, filepath.FromSlash(d.Main))); err == nil {
			return d, nil
		}
	}
	var names []string
	for _, d := range Catalog() {
		names = append(names, d.Name+" ("+d.Main+")")
	}
	return Dataset{}, fmt.Errorf("install %s: not a data set folder: it is named after none of, and holds the main file of none of, %s", src, strings.Join(names, ", "))
}

// companion reports whether a top-level file travels with the data: its licence, credits and
// provenance notes.
func companion(rel string) bool {
	if strings.Contains(rel, "/") {
		return false
	}
	up := strings.ToUpper(rel)
	for _, p := range []string{"LICENSE", "LICENCE", "COPYING", "CREDITS", "SOURCE", "README", "UPSTREAM_README", "CITATION"} {
		if strings.HasPrefix(up, p) {
			return true
		}
	}
	return false
}

// installDir copies a data set folder into a temporary folder, verifies it and swaps it in.
func installDir(dir, src, want string) (Installed, error) {
	d, err := datasetOfDir(src)
	if err != nil {
		return Installed{}, err
	}
	if want == "" {
		want = d.SHA256
	}
	tmp, err := os.MkdirTemp(dir, "."+d.Name+".tmp-*")
	if err != nil {
		return Installed{}, fmt.Errorf("install %s: %w", d.Name, err)
	}
	done := false
	defer func() {
		if !done {
			os.RemoveAll(tmp)
		}
	}()
	files := 0
	err = fs.WalkDir(os.DirFS(src), ".", func(rel string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !e.Type().IsRegular() || !(d.covers(rel) || companion(rel)) {
			return nil
		}
		files++
		return copyFile(filepath.Join(src, filepath.FromSlash(rel)), filepath.Join(tmp, filepath.FromSlash(rel)))
	})
	if err != nil {
		return Installed{}, fmt.Errorf("install %s from %s: %w", d.Name, src, err)
	}
	if _, err := os.Stat(filepath.Join(tmp, filepath.FromSlash(d.Main))); err != nil {
		return Installed{}, fmt.Errorf("install %s from %s: its main file %s is missing", d.Name, src, d.Main)
	}
	got, err := d.Checksum(os.DirFS(tmp))
	if err != nil {
		return Installed{}, err
	}
	if got != want {
		return Installed{}, mismatch(d, got, want)
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return Installed{}, fmt.Errorf("install %s: %w", d.Name, err)
	}
	target := filepath.Join(dir, d.Name)
	old := ""
	if _, err := os.Stat(target); err == nil {
		old = filepath.Join(dir, fmt.Sprintf(".%s.old-%s", d.Name, filepath.Base(tmp)[len(d.Name)+6:]))
		if err := os.Rename(target, old); err != nil {
			return Installed{}, fmt.Errorf("install %s: move the installed copy aside: %w", d.Name, err)
		}
	}
	if err := os.Rename(tmp, target); err != nil {
		if old != "" {
			if rerr := os.Rename(old, target); rerr != nil {
				return Installed{}, fmt.Errorf("install %s: %w (and the previous copy stays at %s: %v)", d.Name, err, old, rerr)
			}
		}
		return Installed{}, fmt.Errorf("install %s: %w", d.Name, err)
	}
	done = true
	if old != "" {
		if err := os.RemoveAll(old); err != nil {
			return Installed{}, fmt.Errorf("install %s: installed, but the previous copy %s could not be removed: %w", d.Name, old, err)
		}
	}
	return Installed{Dataset: d.Name, Dir: target, Files: files, Checksum: got}, nil
}

// copyFile copies one regular file, creating its folder.
func copyFile(from, to string) error {
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
