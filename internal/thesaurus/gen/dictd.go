package main

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode"
)

// dictEntry is one headword of a dictd dictionary with its sense lines in order.
type dictEntry struct {
	head   string
	senses []string
}

// b64 decodes dictd's base-64 offsets and lengths.
func b64(s string) (int, error) {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	n := 0
	for _, c := range []byte(s) {
		i := strings.IndexByte(alphabet, c)
		if i < 0 {
			return 0, fmt.Errorf("bad base-64 digit %q in %q", c, s)
		}
		n = n*64 + i
	}
	return n, nil
}

// readDictd reads a dictd index and its dictzip body (plain gzip to a reader) in index order.
func readDictd(indexPath, dictPath string) ([]dictEntry, error) {
	f, err := os.Open(dictPath)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", dictPath, err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("gunzip %s: %w", dictPath, err)
	}
	body, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("gunzip %s: %w", dictPath, err)
	}
	ix, err := os.Open(indexPath)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", indexPath, err)
	}
	defer ix.Close()
	var out []dictEntry
	sc := bufio.NewScanner(ix)
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 3 || strings.HasPrefix(f[0], "00database") || strings.HasPrefix(f[0], "00-database") {
			continue
		}
		off, err := b64(f[1])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", indexPath, err)
		}
		n, err := b64(f[2])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", indexPath, err)
		}
		if off+n > len(body) {
			return nil, fmt.Errorf("%s: entry %q beyond end of %s", indexPath, f[0], dictPath)
		}
		lines := strings.Split(strings.TrimSpace(string(body[off:off+n])), "\n")
		e := dictEntry{head: f[0]}
		for _, l := range lines[1:] { // the first line repeats the headword and its pronunciation
			l = strings.TrimSpace(l)
			if l == "" {
				continue
			}
			e.senses = append(e.senses, stripNumber(l))
		}
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", indexPath, err)
	}
	return out, nil
}

// stripNumber removes a leading "12. " sense number.
func stripNumber(l string) string {
	i := 0
	for i < len(l) && l[i] >= '0' && l[i] <= '9' {
		i++
	}
	if i > 0 && i < len(l) && l[i] == '.' {
		return strings.TrimSpace(l[i+1:])
	}
	return l
}

// trLower lower-cases Turkish text (İ→i, I→ı) and drops the circumflex that modern spelling mostly omits.
func trLower(s string) string {
	s = strings.ToLowerSpecial(unicode.TurkishCase, s)
	return strings.NewReplacer("â", "a", "î", "i", "û", "u").Replace(s)
}

// noiseWords are function words that mark a gloss as an explanation rather than an equivalent.
var noiseWords = map[string]bool{
	"bir": true, "ve": true, "veya": true, "ile": true, "gibi": true, "olan": true, "için": true,
	"en": true, "çok": true, "daha": true, "bu": true, "şu": true, "o": true, "da": true, "de": true,
	"ya": true, "yahut": true, "her": true, "the": true, "of": true, "to": true, "a": true, "an": true,
}

// cleanGlosses splits one sense line into lemma-like equivalents: grammar notes in parentheses,
// usage examples after a colon, sub-entries after a full stop and explanations longer than
// maxWords words are dropped.
func cleanGlosses(line string, lower func(string) string, maxWords int) []string {
	var b strings.Builder
	depth := 0
	for _, r := range line {
		switch {
		case r == '(' || r == '[':
			depth++
		case r == ')' || r == ']':
			if depth > 0 {
				depth--
			}
		case depth == 0:
			b.WriteRune(r)
		}
	}
	s := b.String()
	if i := strings.IndexByte(s, ':'); i >= 0 {
		s = s[:i]
	}
	// "süt. milk fever … milk leg filibit.": after the first full stop come sub-entries
	// (an English phrase and its translation), not equivalents of the headword.
	if i := strings.Index(s, ". "); i >= 0 {
		s = s[:i]
	}
	var out []string
	for _, item := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == '/' }) {
		if strings.Contains(item, "  ") { // two glosses or a stray headword run together
			continue
		}
		item = strings.Trim(strings.TrimSpace(item), ".!?")
		item = lower(strings.TrimSpace(item))
		words := strings.Fields(item)
		if len(words) == 0 || len(words) > maxWords {
			continue
		}
		ok := true
		for _, w := range words {
			if len(words) > 1 && noiseWords[w] {
				ok = false
			}
			for _, r := range w {
				if !unicode.IsLetter(r) && r != '-' {
					ok = false
				}
			}
			if strings.HasPrefix(w, "-") || strings.HasSuffix(w, "-") {
				ok = false
			}
		}
		if ok && len([]rune(item)) > 1 {
			out = append(out, strings.Join(words, " "))
		}
	}
	return out
}
