// Command genimage builds internal/thesaurus/data/tables.img, the image of the decoded tables
// that thesaurus.Open reads in place, from the tables in data/; `go generate
// ./internal/thesaurus/` runs it after ./gen. internal/thesaurus/README.md describes the image.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"

	"github.com/claimcheck/claimcheck/internal/thesaurus"
)

func main() {
	dir := flag.String("dir", ".", "the thesaurus package directory, whose data/ holds the tables")
	out := flag.String("out", "data/tables.img", "image file to write")
	flag.Parse()
	var img bytes.Buffer
	if err := thesaurus.WriteImage(&img, os.DirFS(*dir)); err != nil {
		fmt.Fprintln(os.Stderr, "thesaurus genimage:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(*out, img.Bytes(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "thesaurus genimage:", err)
		os.Exit(1)
	}
}
