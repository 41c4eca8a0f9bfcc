package thesaurus

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"
)

// readTable returns the decompressed content of a data file as one string, decompressed straight
// into it: the gzip trailer gives the size, so the text is allocated once and never copied.
func readTable(fsys fs.FS, name string) (string, error) {
	raw, err := fs.ReadFile(fsys, "data/"+name)
	if err != nil {
		return "", fmt.Errorf("read table %s: %w", name, err)
	}
	if !strings.HasSuffix(name, ".gz") {
		return string(raw), nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		return "", fmt.Errorf("gunzip table %s: %w", name, err)
	}
	var b strings.Builder
	if n := len(raw); n >= 4 {
		// ISIZE (the size modulo 2³²) is only a hint, bounded so that a damaged trailer cannot
		// make load reserve more than a plausible table; the copy below checks the data.
		b.Grow(min(int(binary.LittleEndian.Uint32(raw[n-4:])), 16*n))
	}
	if _, err := io.Copy(&b, zr); err != nil {
		return "", fmt.Errorf("gunzip table %s: %w", name, err)
	}
	return b.String(), nil
}

// eachLine calls fn with every line of a table. Lines are substrings of one string holding the
// whole table; what the tables keep is copied out of it, so it is garbage once load returns.
func eachLine(fsys fs.FS, name string, fn func(line string) error) error {
	text, err := readTable(fsys, name)
	if err != nil {
		return err
	}
	for n := 1; text != ""; n++ {
		line, rest, _ := strings.Cut(text, "\n")
		text = rest
		if err := fn(line); err != nil {
			return fmt.Errorf("table %s line %d: %w", name, n, err)
		}
	}
	return nil
}

// fields splits a tab-separated line.
func fields(line string) []string { return strings.Split(line, "\t") }

// atoi32 parses a non-negative decimal without allocating.
func atoi32(s string) (int32, error) {
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

// eachID calls fn with every id of a space-separated list of synset ids below n.
func eachID(s string, n int32, fn func(id int32)) error {
	for s != "" {
		tok, rest, _ := strings.Cut(s, " ")
		s = rest
		v, err := atoi32(tok)
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

// load decodes every table of fsys into t; WriteImage lays the result out as the image Open reads.
func (t *Thesaurus) load(fsys fs.FS) error {
	var total int32
	var starts [numPOS + 1]int32
	err := eachLine(fsys, "wn-counts.tsv", func(line string) error {
		code, num, ok := strings.Cut(line, "\t")
		p := strings.Index("nvar", code)
		if !ok || len(code) != 1 || p < 0 {
			return fmt.Errorf("bad count line %q", line)
		}
		n, err := atoi32(num)
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
	if total < 0 || total >= maxSynsets {
		return fmt.Errorf("table wn-counts.tsv: %d synsets exceed the packed sense form", total)
	}
	t.en.kind = make([]uint8, total)
	for p := 0; p < numPOS; p++ {
		for i := starts[p]; i < starts[p+1]; i++ {
			t.en.kind[i] = uint8(p)
		}
	}
	// freq (the lemma's count in WordNet's sense-tagged corpus) is checked but not kept: no
	// answer uses it.
	lemmas := make([]lemmaSenses, 0, 150000) // WordNet 3.0 has 147,306; grows if a release adds more
	backing := make([]sense, 0, 210000)      // one allocation for all senses while loading
	err = eachLine(fsys, "wn-lemmas.tsv.gz", func(line string) error {
		lemma, rest, ok1 := strings.Cut(line, "\t")
		freqS, parts, ok2 := strings.Cut(rest, "\t")
		if !ok1 || !ok2 {
			return fmt.Errorf("short lemma line %q", line)
		}
		if _, err := atoi32(freqS); err != nil {
			return err
		}
		if cap(backing)-len(backing) < 512 {
			backing = make([]sense, 0, 16384)
		}
		from := len(backing)
		for parts != "" {
			var part string
			part, parts, _ = strings.Cut(parts, "\t")
			if len(part) < 3 || part[1] != ':' {
				return fmt.Errorf("bad sense list %q", part)
			}
			rank := 0
			err := eachID(part[2:], total, func(id int32) {
				rank = min(rank+1, 255)
				backing = append(backing, newSense(id, rank))
			})
			if err != nil {
				return err
			}
		}
		lemmas = append(lemmas, lemmaSenses{lemma, backing[from:len(backing):len(backing)]})
		return nil
	})
	if err != nil {
		return err
	}
	t.senses = newSenseTable(lemmas)
	if t.en.hyperAt, t.en.hyperTo, err = adjacency(fsys, "wn-hypernyms.tsv.gz", total, false); err != nil {
		return err
	}
	antAt, antTo, err := adjacency(fsys, "wn-antonyms.tsv.gz", total, true)
	if err != nil {
		return err
	}
	t.en.ant = newPairSet(antAt, antTo)
	for _, tb := range []struct {
		name string
		set  *pairSet
	}{{"wn-near.tsv.gz", &t.en.near}, {"wn-derived.tsv.gz", &t.en.derived}} {
		at, to, err := adjacency(fsys, tb.name, total, true)
		if err != nil {
			return err
		}
		*tb.set = newPairSet(at, to)
	}
	if err = markVerbFiles(fsys, "wn-verbfiles.tsv", t.en.kind, starts[verb], starts[verb+1]); err != nil {
		return err
	}
	markLightVerbs(lemmas, t.en.kind, starts[verb], starts[verb+1])
	if err = markGeneral(fsys, "wn-general.tsv", t.en.kind); err != nil {
		return err
	}
	var exc [numPOS][]pair
	err = eachLine(fsys, "wn-exceptions.tsv.gz", func(line string) error {
		f := fields(line)
		if len(f) != 3 || len(f[0]) != 1 || !strings.Contains("nvar", f[0]) {
			return fmt.Errorf("bad exception line %q", line)
		}
		p := strings.Index("nvar", f[0])
		exc[p] = append(exc[p], pair{f[1], f[2]})
		return nil
	})
	if err != nil {
		return err
	}
	for p := range exc {
		t.exc[p] = newListTable(exc[p])
	}
	if t.enTr, err = translationMap(fsys, "en-tr.tsv.gz", 28000); err != nil {
		return err
	}
	if t.trEn, err = translationMap(fsys, "tr-en.tsv.gz", 46000); err != nil {
		return err
	}
	if err := t.loadKeNet(fsys); err != nil {
		return err
	}
	t.trFold = newFoldTable([3]strList{t.trEn.words, t.trSenses.lemmas, t.kTrEn.words})
	return nil
}

// markVerbFiles writes the lexicographer file of each verb synset of a wn-verbfiles.tsv-style
// table (runs "first id, last id, file number") into kind's verbFileBits.
func markVerbFiles(fsys fs.FS, name string, kind []uint8, lo, hi int32) error {
	return eachLine(fsys, name, func(line string) error {
		f := fields(line)
		if len(f) != 3 {
			return fmt.Errorf("bad verb file line %q", line)
		}
		first, err1 := atoi32(f[0])
		last, err2 := atoi32(f[1])
		file, err3 := atoi32(f[2])
		if err := errors.Join(err1, err2, err3); err != nil {
			return err
		}
		if first < lo || last >= hi || first > last || file < firstVerbFile || file >= firstVerbFile+verbFileBits/verbFileStep {
			return fmt.Errorf("bad verb file line %q", line)
		}
		for id := first; id <= last; id++ {
			kind[id] = kind[id]&^verbFileBits | uint8(file-firstVerbFile+1)*verbFileStep
		}
		return nil
	})
}

// markLightVerbs sets lightBit in kind for the main senses (rank ≤ lightVerbRanks) of every verb
// of more than knownVerbSenses senses; verb synsets are the ids from lo to hi.
func markLightVerbs(lemmas []lemmaSenses, kind []uint8, lo, hi int32) {
	for _, l := range lemmas {
		n := 0
		for _, s := range l.list {
			if s.syn() >= lo && s.syn() < hi {
				n++
			}
		}
		if n <= knownVerbSenses {
			continue
		}
		for _, s := range l.list {
			if s.syn() >= lo && s.syn() < hi && int(s.rank()) <= lightVerbRanks {
				kind[s.syn()] |= lightBit
			}
		}
	}
}

// markGeneral sets generalBit in kind for the ids of a wn-general.tsv-style table.
func markGeneral(fsys fs.FS, name string, kind []uint8) error {
	return eachLine(fsys, name, func(line string) error {
		idS, _, _ := strings.Cut(line, "\t")
		id, err := atoi32(idS)
		if err != nil || int(id) >= len(kind) {
			return fmt.Errorf("bad synset id %q", idS)
		}
		kind[id] |= generalBit
		return nil
	})
}

// loadKeNet decodes the Turkish WordNet tables: synsets (part of speech, hypernyms, antonyms),
// lemmas with their senses, abstract top levels and the interlingual translations.
func (t *Thesaurus) loadKeNet(fsys fs.FS) error {
	var hypFrom, hypTo, antFrom, antTo []int32
	var total int32
	err := eachLine(fsys, "kenet-synsets.tsv.gz", func(line string) error {
		f := fields(line)
		p := strings.Index("nvar", f[0])
		if len(f) != 3 || len(f[0]) != 1 || p < 0 {
			return fmt.Errorf("bad synset line %q", line)
		}
		id := total
		total++
		t.tr.kind = append(t.tr.kind, uint8(p))
		// Targets may come later in the file, so ids are checked against the final count below.
		if err := eachID(f[1], 1<<30, func(h int32) { hypFrom, hypTo = append(hypFrom, id), append(hypTo, h) }); err != nil {
			return err
		}
		return eachID(f[2], 1<<30, func(a int32) {
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
	if total >= maxSynsets {
		return fmt.Errorf("table kenet-synsets.tsv.gz: %d synsets exceed the packed sense form", total)
	}
	t.tr.hyperAt, t.tr.hyperTo = compress(hypFrom, hypTo, total)
	t.tr.kind = slices.Clip(t.tr.kind)
	t.tr.ant = newPairSet(compress(antFrom, antTo, total))
	if err = markGeneral(fsys, "kenet-general.tsv", t.tr.kind); err != nil {
		return err
	}
	lemmas := make([]lemmaSenses, 0, 80000) // KeNet has 79,271
	backing := make([]sense, 0, 110000)
	err = eachLine(fsys, "kenet-lemmas.tsv.gz", func(line string) error {
		lemma, ids, ok := strings.Cut(line, "\t")
		if !ok || lemma == "" {
			return fmt.Errorf("bad lemma line %q", line)
		}
		if cap(backing)-len(backing) < 512 {
			backing = make([]sense, 0, 16384)
		}
		from := len(backing)
		rank := 0
		err := eachID(ids, total, func(id int32) {
			rank = min(rank+1, 255)
			backing = append(backing, newSense(id, rank))
		})
		if err != nil {
			return err
		}
		lemmas = append(lemmas, lemmaSenses{lemma, backing[from:len(backing):len(backing)]})
		return nil
	})
	if err != nil {
		return err
	}
	t.trSenses = newSenseTable(lemmas)
	if t.kEnTr, err = translationMap(fsys, "kenet-en-tr.tsv.gz", 30000); err != nil {
		return err
	}
	if t.kTrEn, err = translationMap(fsys, "kenet-tr-en.tsv.gz", 31000); err != nil {
		return err
	}
	return nil
}

// adjacency reads "id<TAB>id id ..." lines into a compressed adjacency list over n synsets;
// symmetric adds the reverse of every edge.
func adjacency(fsys fs.FS, name string, n int32, symmetric bool) (at, to []int32, err error) {
	var from, dst []int32
	err = eachLine(fsys, name, func(line string) error {
		srcS, targets, ok := strings.Cut(line, "\t")
		if !ok {
			return fmt.Errorf("want 2 fields in %q", line)
		}
		src, err := atoi32(srcS)
		if err != nil || src >= n {
			return fmt.Errorf("bad synset id %q", srcS)
		}
		return eachID(targets, n, func(d int32) {
			from, dst = append(from, src), append(dst, d)
			if symmetric {
				from, dst = append(from, d), append(dst, src)
			}
		})
	})
	if err != nil {
		return nil, nil, err
	}
	at, to = compress(from, dst, n)
	return at, to, nil
}

// compress turns edges from[i] → dst[i] over n synsets into a compressed adjacency list.
func compress(from, dst []int32, n int32) (at, to []int32) {
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

// translationMap reads "word<TAB>t1|t2|..." lines; the lists stay unsplit until used.
func translationMap(fsys fs.FS, name string, size int) (dict, error) {
	pairs := make([]pair, 0, size)
	err := eachLine(fsys, name, func(line string) error {
		word, list, ok := strings.Cut(line, "\t")
		if !ok || word == "" || list == "" {
			return fmt.Errorf("bad translation line %q", line)
		}
		pairs = append(pairs, pair{word, list})
		return nil
	})
	if err != nil {
		return dict{}, err
	}
	return newDict(pairs), nil
}
