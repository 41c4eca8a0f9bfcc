package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// posFiles lists WordNet's part-of-speech files in the order synset ids are assigned.
var posFiles = []struct {
	name string
	code byte
}{{"noun", 'n'}, {"verb", 'v'}, {"adj", 'a'}, {"adv", 'r'}}

// posIndex maps a WordNet pointer's part-of-speech letter to its file (satellites live in data.adj).
func posIndex(c byte) int {
	switch c {
	case 'n':
		return 0
	case 'v':
		return 1
	case 'a', 's':
		return 2
	case 'r':
		return 3
	}
	return -1
}

// pointer is one relation of a synset as written in a data.* file.
type pointer struct {
	sym    string
	target int // dense synset id
	src    int // word number in the source synset, 0 for the whole synset
	dst    int // word number in the target synset, 0 for the whole synset
}

// synset is one WordNet synset with its dense id.
type synset struct {
	id        int
	pos       int
	lexFile   string // lexicographer file number: noun.act, noun.person, verb.change, …
	satellite bool
	words     []string
	ptrs      []pointer
}

// wordnet is the parsed WordNet database.
type wordnet struct {
	synsets []*synset
	counts  [4]int
	// index maps lemma → per-part-of-speech synset ids in sense order.
	index map[string]*[4][]int
	freq  map[string]int
	exc   [4]map[string][]string
}

// readLines calls fn for every line of path that is not part of the licence header.
func readLines(path string, fn func(line string) error) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("open %s: %w", path, err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == ' ' {
			continue
		}
		if err := fn(line); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("read %s: %w", path, err)
	}
	return nil
}

// lemmaKey turns a WordNet word form into the lower-case, space-separated form used in the tables.
func lemmaKey(w string) string {
	if i := strings.IndexByte(w, '('); i > 0 { // adjective markers: (a), (p), (ip)
		w = w[:i]
	}
	return strings.ToLower(strings.ReplaceAll(w, "_", " "))
}

// loadWordNet reads data.*, index.*, *.exc and cntlist.rev from dir.
func loadWordNet(dir string) (*wordnet, error) {
	wn := &wordnet{index: map[string]*[4][]int{}, freq: map[string]int{}}
	// First pass: assign dense ids in file order so every run numbers synsets identically.
	offsets := make([]map[int]int, 4)
	type rawLine struct {
		pos  int
		line string
	}
	var raws []rawLine
	for p, pf := range posFiles {
		offsets[p] = map[int]int{}
		err := readLines(filepath.Join(dir, "data."+pf.name), func(line string) error {
			off, err := strconv.Atoi(line[:strings.IndexByte(line, ' ')])
			if err != nil {
				return fmt.Errorf("offset in %q: %w", line[:20], err)
			}
			offsets[p][off] = len(raws)
			raws = append(raws, rawLine{p, line})
			return nil
		})
		if err != nil {
			return nil, err
		}
		wn.counts[p] = len(offsets[p])
	}
	for id, r := range raws {
		s, err := parseSynset(id, r.pos, r.line, offsets)
		if err != nil {
			return nil, err
		}
		wn.synsets = append(wn.synsets, s)
	}
	for p, pf := range posFiles {
		err := readLines(filepath.Join(dir, "index."+pf.name), func(line string) error {
			f := strings.Fields(line)
			if len(f) < 6 {
				return fmt.Errorf("short index line %q", line)
			}
			nptr, err := strconv.Atoi(f[3])
			if err != nil {
				return fmt.Errorf("index line %q: %w", line, err)
			}
			offs := f[4+nptr+2:]
			key := lemmaKey(f[0])
			e := wn.index[key]
			if e == nil {
				e = &[4][]int{}
				wn.index[key] = e
			}
			for _, o := range offs {
				off, err := strconv.Atoi(o)
				if err != nil {
					return fmt.Errorf("index line %q: %w", line, err)
				}
				id, ok := offsets[p][off]
				if !ok {
					return fmt.Errorf("index line %q: unknown offset %d", line, off)
				}
				e[p] = append(e[p], id)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		wn.exc[p] = map[string][]string{}
		err = readLines(filepath.Join(dir, pf.name+".exc"), func(line string) error {
			f := strings.Fields(line)
			if len(f) < 2 {
				return nil
			}
			k := lemmaKey(f[0])
			for _, b := range f[1:] {
				wn.exc[p][k] = append(wn.exc[p][k], lemmaKey(b))
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	err := readLines(filepath.Join(dir, "cntlist.rev"), func(line string) error {
		f := strings.Fields(line)
		if len(f) != 3 {
			return nil
		}
		i := strings.IndexByte(f[0], '%')
		if i <= 0 {
			return nil
		}
		n, err := strconv.Atoi(f[2])
		if err != nil {
			return fmt.Errorf("count in %q: %w", line, err)
		}
		wn.freq[lemmaKey(f[0][:i])] += n
		return nil
	})
	if err != nil {
		return nil, err
	}
	return wn, nil
}

// parseSynset decodes one data.* line.
func parseSynset(id, pos int, line string, offsets []map[int]int) (*synset, error) {
	if i := strings.Index(line, " | "); i >= 0 {
		line = line[:i]
	}
	f := strings.Fields(line)
	s := &synset{id: id, pos: pos, lexFile: f[1], satellite: f[2] == "s"}
	wcnt, err := strconv.ParseInt(f[3], 16, 32)
	if err != nil {
		return nil, fmt.Errorf("word count in synset %s: %w", f[0], err)
	}
	i := 4
	for w := 0; w < int(wcnt); w++ {
		s.words = append(s.words, lemmaKey(f[i]))
		i += 2
	}
	pcnt, err := strconv.Atoi(f[i])
	if err != nil {
		return nil, fmt.Errorf("pointer count in synset %s: %w", f[0], err)
	}
	i++
	for p := 0; p < pcnt; p++ {
		sym, offS, posS, st := f[i], f[i+1], f[i+2], f[i+3]
		i += 4
		off, err := strconv.Atoi(offS)
		if err != nil {
			return nil, fmt.Errorf("pointer in synset %s: %w", f[0], err)
		}
		tp := posIndex(posS[0])
		if tp < 0 {
			return nil, fmt.Errorf("pointer part of speech %q in synset %s", posS, f[0])
		}
		target, ok := offsets[tp][off]
		if !ok {
			return nil, fmt.Errorf("pointer target %d in synset %s", off, f[0])
		}
		src, err1 := strconv.ParseInt(st[:2], 16, 32)
		dst, err2 := strconv.ParseInt(st[2:], 16, 32)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("pointer source/target %q in synset %s", st, f[0])
		}
		s.ptrs = append(s.ptrs, pointer{sym: sym, target: target, src: int(src), dst: int(dst)})
	}
	return s, nil
}

// senseRef is one word sense: a synset and the word's number (1-based) in it.
type senseRef struct{ syn, word int }

// antonymPairs returns synset pairs (a < b) that are opposite in meaning: WordNet's word-sense
// antonyms lifted to their synsets, extended to the satellites of a head adjective (WordNet's
// "indirect antonyms") and to derivationally related forms of the same part of speech on both sides.
func (wn *wordnet) antonymPairs() [][2]int {
	set := map[[2]int]bool{}
	add := func(a, b int) {
		if a == b {
			return
		}
		if a > b {
			a, b = b, a
		}
		set[[2]int{a, b}] = true
	}
	var senseAnts [][2]senseRef
	for _, s := range wn.synsets {
		for _, p := range s.ptrs {
			if p.sym != "!" {
				continue
			}
			add(s.id, p.target)
			senseAnts = append(senseAnts, [2]senseRef{{s.id, p.src}, {p.target, p.dst}})
		}
	}
	// Satellites: "similar to" points from a satellite to its head.
	heads := map[int][]int{} // head synset → satellites
	for _, s := range wn.synsets {
		if !s.satellite {
			continue
		}
		for _, p := range s.ptrs {
			if p.sym == "&" && !wn.synsets[p.target].satellite {
				heads[p.target] = append(heads[p.target], s.id)
			}
		}
	}
	direct := make([][2]int, 0, len(set))
	for k := range set {
		direct = append(direct, k)
	}
	sort.Slice(direct, func(i, j int) bool {
		return direct[i][0] < direct[j][0] || direct[i][0] == direct[j][0] && direct[i][1] < direct[j][1]
	})
	for _, k := range direct {
		for _, sat := range heads[k[0]] {
			add(sat, k[1])
		}
		for _, sat := range heads[k[1]] {
			add(sat, k[0])
		}
	}
	// Derivationally related forms of both antonym senses, matched by part of speech and
	// lexicographer file, so that "winner"/"loser" (both noun.person) pair up but "wetting"
	// (noun.act) and "dryer" (noun.artifact) do not.
	derived := func(r senseRef) []senseRef {
		var out []senseRef
		for _, p := range wn.synsets[r.syn].ptrs {
			if p.sym == "+" && p.src == r.word {
				out = append(out, senseRef{p.target, p.dst})
			}
		}
		return out
	}
	for _, pr := range senseAnts {
		for _, da := range derived(pr[0]) {
			for _, db := range derived(pr[1]) {
				if x, y := wn.synsets[da.syn], wn.synsets[db.syn]; x.pos == y.pos && x.lexFile == y.lexFile {
					add(da.syn, db.syn)
				}
			}
		}
	}
	out := make([][2]int, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] || out[i][0] == out[j][0] && out[i][1] < out[j][1] })
	return out
}

// nearPairs returns synset pairs (a < b) that WordNet links as close in meaning without making
// them one synset: an adjective satellite and its head ("similar to", &: enraged → angry,
// overcast → cloudy), "also see" (^: hot → warm, intelligent → smart) and verb groups ($: senses
// of one verb grouped as alike). Derivationally related forms (+) are returned by derivedPairs.
func (wn *wordnet) nearPairs() [][2]int {
	return wn.pointerPairs(func(sym string) bool { return sym == "&" || sym == "^" || sym == "$" })
}

// derivedPairs returns synset pairs (a < b) holding derivationally related forms of one word in
// different parts of speech (+: remember → memory, cloudy → cloudiness), lifted from the word
// senses to their synsets.
func (wn *wordnet) derivedPairs() [][2]int {
	return wn.pointerPairs(func(sym string) bool { return sym == "+" })
}

// pointerPairs returns the synset pairs (a < b, sorted) linked by a pointer whose symbol keep
// accepts, in either direction, between distinct synsets of any part of speech.
func (wn *wordnet) pointerPairs(keep func(sym string) bool) [][2]int {
	set := map[[2]int]bool{}
	for _, s := range wn.synsets {
		for _, p := range s.ptrs {
			if !keep(p.sym) || p.target == s.id {
				continue
			}
			a, b := s.id, p.target
			if a > b {
				a, b = b, a
			}
			set[[2]int{a, b}] = true
		}
	}
	out := make([][2]int, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] || out[i][0] == out[j][0] && out[i][1] < out[j][1] })
	return out
}

// hypernyms returns, per synset, its hypernyms and instance hypernyms.
func (wn *wordnet) hypernyms() [][]int {
	out := make([][]int, len(wn.synsets))
	for _, s := range wn.synsets {
		for _, p := range s.ptrs {
			if p.sym == "@" || p.sym == "@i" {
				out[s.id] = append(out[s.id], p.target)
			}
		}
	}
	return out
}

// depths returns each synset's shortest distance to a root of the hypernym hierarchy.
func depths(hyper [][]int) []int {
	d := make([]int, len(hyper))
	for i := range d {
		d[i] = -1
	}
	var get func(i int, guard int) int
	get = func(i int, guard int) int {
		if d[i] >= 0 {
			return d[i]
		}
		if len(hyper[i]) == 0 || guard > 64 {
			d[i] = 0
			return 0
		}
		best := 1 << 30
		for _, h := range hyper[i] {
			if v := get(h, guard+1) + 1; v < best {
				best = v
			}
		}
		d[i] = best
		return best
	}
	for i := range hyper {
		get(i, 0)
	}
	return d
}

// descendants counts, per synset, the synsets below it (each counted once).
func descendants(hyper [][]int) []int {
	children := make([][]int, len(hyper))
	for i, hs := range hyper {
		for _, h := range hs {
			children[h] = append(children[h], i)
		}
	}
	out := make([]int, len(hyper))
	seen := make([]int, len(hyper))
	for i := range seen {
		seen[i] = -1
	}
	for i := range hyper {
		if len(children[i]) == 0 {
			continue
		}
		stack := append([]int(nil), children[i]...)
		n := 0
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[c] == i {
				continue
			}
			seen[c] = i
			n++
			stack = append(stack, children[c]...)
		}
		out[i] = n
	}
	return out
}
