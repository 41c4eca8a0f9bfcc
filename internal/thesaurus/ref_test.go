package thesaurus

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"
)

// This file keeps the map-based loader the compact tables replaced, as the reference the
// differential tests in compact_test.go compare every key's answers against.

// refSense is the former form of a sense.
type refSense struct {
	syn  int32
	rank uint8
}

// refGraph is the former form of a wordnet's synset relations.
type refGraph struct {
	hyperAt []int32
	hyperTo []int32
	antAt   []int32
	antTo   []int32
	general []bool
	synPOS  []uint8
}

// refThesaurus is the former in-memory form of the tables: one Go map per table.
type refThesaurus struct {
	senses   map[string][]refSense
	freq     map[string]int32
	en       refGraph
	exc      [numPOS]map[string][]string
	enTr     map[string]string
	trEn     map[string]string
	trFold   map[string][]string
	trSenses map[string][]refSense
	tr       refGraph
	kEnTr    map[string]string
	kTrEn    map[string]string
}

// refReadTable returns the decompressed content of a data file.
func refReadTable(fsys fs.FS, name string) ([]byte, error) {
	raw, err := fs.ReadFile(fsys, "data/"+name)
	if err != nil {
		return nil, fmt.Errorf("read table %s: %w", name, err)
	}
	if !strings.HasSuffix(name, ".gz") {
		return raw, nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("gunzip table %s: %w", name, err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("gunzip table %s: %w", name, err)
	}
	return out, nil
}

// refEachLine calls fn with every line of a table. Lines are substrings of one string holding the
// whole table, so map keys cut from them cost no allocation of their own.
func refEachLine(fsys fs.FS, name string, fn func(line string) error) error {
	body, err := refReadTable(fsys, name)
	if err != nil {
		return err
	}
	text := string(body)
	for n := 1; text != ""; n++ {
		line, rest, _ := strings.Cut(text, "\n")
		text = rest
		if err := fn(line); err != nil {
			return fmt.Errorf("table %s line %d: %w", name, n, err)
		}
	}
	return nil
}

// refFields splits a tab-separated line.
func refFields(line string) []string { return strings.Split(line, "\t") }

// refAtoi32 parses a non-negative decimal without allocating.
func refAtoi32(s string) (int32, error) {
	if s == "" {
		return 0, fmt.Errorf("empty number")
	}
	var n int32
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, fmt.Errorf("bad number %q", s)
		}
		n = n*10 + int32(c-'0')
	}
	return n, nil
}

// refEachID calls fn with every id of a space-separated list of synset ids below n.
func refEachID(s string, n int32, fn func(id int32)) error {
	for s != "" {
		tok, rest, _ := strings.Cut(s, " ")
		s = rest
		v, err := refAtoi32(tok)
		if err != nil {
			return err
		}
		if v >= n {
			return fmt.Errorf("synset id %d out of range", v)
		}
		fn(v)
	}
	return nil
}

// load decodes every table of fsys into t.
func (t *refThesaurus) load(fsys fs.FS) error {
	var total int32
	var starts [numPOS + 1]int32
	err := refEachLine(fsys, "wn-counts.tsv", func(line string) error {
		code, num, ok := strings.Cut(line, "\t")
		p := strings.Index("nvar", code)
		if !ok || len(code) != 1 || p < 0 {
			return fmt.Errorf("bad count line %q", line)
		}
		n, err := refAtoi32(num)
		if err != nil {
			return err
		}
		total += n
		starts[p+1] = total
		return nil
	})
	if err != nil {
		return err
	}
	t.en.synPOS = make([]uint8, total)
	for p := 0; p < numPOS; p++ {
		for i := starts[p]; i < starts[p+1]; i++ {
			t.en.synPOS[i] = uint8(p)
		}
	}
	t.senses = make(map[string][]refSense, 150000)
	t.freq = make(map[string]int32, 40000)
	backing := make([]refSense, 0, 210000) // one allocation for all senses; grows if a release adds more
	err = refEachLine(fsys, "wn-lemmas.tsv.gz", func(line string) error {
		lemma, rest, ok1 := strings.Cut(line, "\t")
		freqS, parts, ok2 := strings.Cut(rest, "\t")
		if !ok1 || !ok2 {
			return fmt.Errorf("short lemma line %q", line)
		}
		freq, err := refAtoi32(freqS)
		if err != nil {
			return err
		}
		if freq > 0 {
			t.freq[lemma] = freq
		}
		if cap(backing)-len(backing) < 512 {
			backing = make([]refSense, 0, 16384)
		}
		from := len(backing)
		for parts != "" {
			var part string
			part, parts, _ = strings.Cut(parts, "\t")
			if len(part) < 3 || part[1] != ':' {
				return fmt.Errorf("bad refSense list %q", part)
			}
			rank := 0
			err := refEachID(part[2:], total, func(id int32) {
				rank = min(rank+1, 255)
				backing = append(backing, refSense{syn: id, rank: uint8(rank)})
			})
			if err != nil {
				return err
			}
		}
		t.senses[lemma] = backing[from:len(backing):len(backing)]
		return nil
	})
	if err != nil {
		return err
	}
	if t.en.hyperAt, t.en.hyperTo, err = refAdjacency(fsys, "wn-hypernyms.tsv.gz", total, false); err != nil {
		return err
	}
	if t.en.antAt, t.en.antTo, err = refAdjacency(fsys, "wn-antonyms.tsv.gz", total, true); err != nil {
		return err
	}
	if t.en.general, err = refGeneralSet(fsys, "wn-general.tsv", total); err != nil {
		return err
	}
	for p := range t.exc {
		t.exc[p] = map[string][]string{}
	}
	err = refEachLine(fsys, "wn-exceptions.tsv.gz", func(line string) error {
		f := refFields(line)
		if len(f) != 3 || len(f[0]) != 1 || !strings.Contains("nvar", f[0]) {
			return fmt.Errorf("bad exception line %q", line)
		}
		t.exc[strings.Index("nvar", f[0])][f[1]] = strings.Split(f[2], "|")
		return nil
	})
	if err != nil {
		return err
	}
	if t.enTr, err = refTranslationMap(fsys, "en-tr.tsv.gz", 27000); err != nil {
		return err
	}
	if t.trEn, err = refTranslationMap(fsys, "tr-en.tsv.gz", 44000); err != nil {
		return err
	}
	if err := t.loadKeNet(fsys); err != nil {
		return err
	}
	t.trFold = map[string][]string{}
	addFold := func(w string) {
		if f := fold(w); f != w && !slices.Contains(t.trFold[f], w) {
			t.trFold[f] = append(t.trFold[f], w)
		}
	}
	for w := range t.trEn {
		addFold(w)
	}
	for w := range t.trSenses {
		addFold(w)
	}
	for w := range t.kTrEn {
		addFold(w)
	}
	for _, list := range t.trFold {
		slices.Sort(list) // map order varies; folded look-ups must not
	}
	return nil
}

// refGeneralSet reads the ids of a wn-general.tsv-style table into a per-synset flag.
func refGeneralSet(fsys fs.FS, name string, total int32) ([]bool, error) {
	general := make([]bool, total)
	err := refEachLine(fsys, name, func(line string) error {
		idS, _, _ := strings.Cut(line, "\t")
		id, err := refAtoi32(idS)
		if err != nil || id >= total {
			return fmt.Errorf("bad synset id %q", idS)
		}
		general[id] = true
		return nil
	})
	if err != nil {
		return nil, err
	}
	return general, nil
}

// loadKeNet decodes the Turkish WordNet tables: synsets (part of speech, hypernyms, antonyms),
// lemmas with their senses, abstract top levels and the interlingual translations.
func (t *refThesaurus) loadKeNet(fsys fs.FS) error {
	var hypFrom, hypTo, antFrom, antTo []int32
	var total int32
	err := refEachLine(fsys, "kenet-synsets.tsv.gz", func(line string) error {
		f := refFields(line)
		p := strings.Index("nvar", f[0])
		if len(f) != 3 || len(f[0]) != 1 || p < 0 {
			return fmt.Errorf("bad synset line %q", line)
		}
		id := total
		total++
		t.tr.synPOS = append(t.tr.synPOS, uint8(p))
		// Targets may come later in the file, so ids are checked against the final count below.
		if err := refEachID(f[1], 1<<30, func(h int32) { hypFrom, hypTo = append(hypFrom, id), append(hypTo, h) }); err != nil {
			return err
		}
		return refEachID(f[2], 1<<30, func(a int32) {
			antFrom, antTo = append(antFrom, id, a), append(antTo, a, id)
		})
	})
	if err != nil {
		return err
	}
	for _, ids := range [][]int32{hypTo, antTo} {
		for _, id := range ids {
			if id >= total {
				return fmt.Errorf("table kenet-synsets.tsv.gz: synset id %d out of range", id)
			}
		}
	}
	t.tr.hyperAt, t.tr.hyperTo = refCompress(hypFrom, hypTo, total)
	t.tr.antAt, t.tr.antTo = refCompress(antFrom, antTo, total)
	if t.tr.general, err = refGeneralSet(fsys, "kenet-general.tsv", total); err != nil {
		return err
	}
	t.trSenses = make(map[string][]refSense, 80000)
	backing := make([]refSense, 0, 110000)
	err = refEachLine(fsys, "kenet-lemmas.tsv.gz", func(line string) error {
		lemma, ids, ok := strings.Cut(line, "\t")
		if !ok || lemma == "" {
			return fmt.Errorf("bad lemma line %q", line)
		}
		if cap(backing)-len(backing) < 512 {
			backing = make([]refSense, 0, 16384)
		}
		from := len(backing)
		rank := 0
		err := refEachID(ids, total, func(id int32) {
			rank = min(rank+1, 255)
			backing = append(backing, refSense{syn: id, rank: uint8(rank)})
		})
		if err != nil {
			return err
		}
		t.trSenses[lemma] = backing[from:len(backing):len(backing)]
		return nil
	})
	if err != nil {
		return err
	}
	if t.kEnTr, err = refTranslationMap(fsys, "kenet-en-tr.tsv.gz", 30000); err != nil {
		return err
	}
	if t.kTrEn, err = refTranslationMap(fsys, "kenet-tr-en.tsv.gz", 30000); err != nil {
		return err
	}
	return nil
}

// refAdjacency reads "id<TAB>id id ..." lines into a compressed adjacency list over n synsets;
// symmetric adds the reverse of every edge.
func refAdjacency(fsys fs.FS, name string, n int32, symmetric bool) (at, to []int32, err error) {
	var from, dst []int32
	err = refEachLine(fsys, name, func(line string) error {
		srcS, targets, ok := strings.Cut(line, "\t")
		if !ok {
			return fmt.Errorf("want 2 refFields in %q", line)
		}
		src, err := refAtoi32(srcS)
		if err != nil || src >= n {
			return fmt.Errorf("bad synset id %q", srcS)
		}
		return refEachID(targets, n, func(d int32) {
			from, dst = append(from, src), append(dst, d)
			if symmetric {
				from, dst = append(from, d), append(dst, src)
			}
		})
	})
	if err != nil {
		return nil, nil, err
	}
	at, to = refCompress(from, dst, n)
	return at, to, nil
}

// refCompress turns edges from[i] → dst[i] over n synsets into a compressed adjacency list.
func refCompress(from, dst []int32, n int32) (at, to []int32) {
	at = make([]int32, n+1)
	for _, s := range from {
		at[s+1]++
	}
	for i := int32(0); i < n; i++ {
		at[i+1] += at[i]
	}
	to = make([]int32, len(dst))
	fill := append([]int32(nil), at[:n]...)
	for i, s := range from {
		to[fill[s]] = dst[i]
		fill[s]++
	}
	return at, to
}

// refTranslationMap reads "word<TAB>t1|t2|..." lines; the lists stay unsplit until used.
func refTranslationMap(fsys fs.FS, name string, size int) (map[string]string, error) {
	m := make(map[string]string, size)
	err := refEachLine(fsys, name, func(line string) error {
		word, list, ok := strings.Cut(line, "\t")
		if !ok || word == "" || list == "" {
			return fmt.Errorf("bad translation line %q", line)
		}
		m[word] = list
		return nil
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}
