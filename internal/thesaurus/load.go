package thesaurus

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"
)

// readTable returns the decompressed content of a data file.
func readTable(fsys fs.FS, name string) ([]byte, error) {
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

// eachLine calls fn with the tab-separated fields of every line of a table.
func eachLine(fsys fs.FS, name string, fn func(f []string) error) error {
	body, err := readTable(fsys, name)
	if err != nil {
		return err
	}
	sc := bufio.NewScanner(bytes.NewReader(body))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		if err := fn(strings.Split(sc.Text(), "\t")); err != nil {
			return fmt.Errorf("table %s line %d: %w", name, n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("table %s: %w", name, err)
	}
	return nil
}

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

// ids parses a space-separated list of synset ids below n.
func ids(s string, n int32) ([]int32, error) {
	var out []int32
	for len(s) > 0 {
		i := strings.IndexByte(s, ' ')
		var tok string
		if i < 0 {
			tok, s = s, ""
		} else {
			tok, s = s[:i], s[i+1:]
		}
		v, err := atoi32(tok)
		if err != nil {
			return nil, err
		}
		if v >= n {
			return nil, fmt.Errorf("synset id %d out of range", v)
		}
		out = append(out, v)
	}
	return out, nil
}

// load decodes every table of fsys into t.
func (t *Thesaurus) load(fsys fs.FS) error {
	var total int32
	var starts [numPOS + 1]int32
	err := eachLine(fsys, "wn-counts.tsv", func(f []string) error {
		p := strings.IndexByte("nvar", f[0][0])
		if len(f) != 2 || p < 0 {
			return fmt.Errorf("bad count line %q", strings.Join(f, "\t"))
		}
		n, err := atoi32(f[1])
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
	t.synPOS = make([]uint8, total)
	for p := 0; p < numPOS; p++ {
		for i := starts[p]; i < starts[p+1]; i++ {
			t.synPOS[i] = uint8(p)
		}
	}
	t.senses = make(map[string][]sense, 150000)
	t.freq = map[string]int32{}
	err = eachLine(fsys, "wn-lemmas.tsv.gz", func(f []string) error {
		if len(f) < 3 {
			return fmt.Errorf("short lemma line")
		}
		freq, err := atoi32(f[1])
		if err != nil {
			return err
		}
		if freq > 0 {
			t.freq[f[0]] = freq
		}
		var ss []sense
		for _, part := range f[2:] {
			list, err := ids(part[2:], total)
			if err != nil {
				return err
			}
			for i, id := range list {
				rank := i + 1
				if rank > 255 {
					rank = 255
				}
				ss = append(ss, sense{syn: id, rank: uint8(rank)})
			}
		}
		t.senses[f[0]] = ss
		return nil
	})
	if err != nil {
		return err
	}
	if t.hyperAt, t.hyperTo, err = adjacency(fsys, "wn-hypernyms.tsv.gz", total, false); err != nil {
		return err
	}
	if t.antAt, t.antTo, err = adjacency(fsys, "wn-antonyms.tsv.gz", total, true); err != nil {
		return err
	}
	t.general = make([]bool, total)
	err = eachLine(fsys, "wn-general.tsv", func(f []string) error {
		id, err := atoi32(f[0])
		if err != nil || id >= total {
			return fmt.Errorf("bad synset id %q", f[0])
		}
		t.general[id] = true
		return nil
	})
	if err != nil {
		return err
	}
	for p := range t.exc {
		t.exc[p] = map[string][]string{}
	}
	err = eachLine(fsys, "wn-exceptions.tsv.gz", func(f []string) error {
		p := strings.IndexByte("nvar", f[0][0])
		if len(f) != 3 || p < 0 {
			return fmt.Errorf("bad exception line")
		}
		t.exc[p][f[1]] = strings.Split(f[2], "|")
		return nil
	})
	if err != nil {
		return err
	}
	if t.enTr, err = translationMap(fsys, "en-tr.tsv.gz"); err != nil {
		return err
	}
	if t.trEn, err = translationMap(fsys, "tr-en.tsv.gz"); err != nil {
		return err
	}
	t.trFold = map[string][]string{}
	for w := range t.trEn {
		if f := fold(w); f != w {
			t.trFold[f] = append(t.trFold[f], w)
		}
	}
	for _, list := range t.trFold {
		slices.Sort(list) // map order varies; folded look-ups must not
	}
	return nil
}

// adjacency reads "id<TAB>id id ..." lines into a compressed adjacency list over n synsets;
// symmetric adds the reverse of every edge.
func adjacency(fsys fs.FS, name string, n int32, symmetric bool) (at, to []int32, err error) {
	var from, dst []int32
	err = eachLine(fsys, name, func(f []string) error {
		if len(f) != 2 {
			return fmt.Errorf("want 2 fields, have %d", len(f))
		}
		src, err := ids(f[0], n)
		if err != nil || len(src) != 1 {
			return fmt.Errorf("bad synset id %q", f[0])
		}
		targets, err := ids(f[1], n)
		if err != nil {
			return err
		}
		for _, d := range targets {
			from, dst = append(from, src[0]), append(dst, d)
			if symmetric {
				from, dst = append(from, d), append(dst, src[0])
			}
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
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
	return at, to, nil
}

// translationMap reads "word<TAB>t1|t2|..." lines.
func translationMap(fsys fs.FS, name string) (map[string][]string, error) {
	m := map[string][]string{}
	err := eachLine(fsys, name, func(f []string) error {
		if len(f) != 2 {
			return fmt.Errorf("want 2 fields, have %d", len(f))
		}
		m[f[0]] = strings.Split(f[1], "|")
		return nil
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}
