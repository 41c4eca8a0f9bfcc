package thesaurus

import (
	"slices"
	"strings"
)

// The tables are kept as a few large arrays rather than Go maps of small strings and slices: a
// map entry with its own key, value header and bucket slot cost more than the words themselves
// (the map-based form kept about 57 MB; see TestRetainedHeap). Keys are sorted byte-wise and found
// by binary search within the keys of the same first byte, at most 15 comparisons.

// strList is a list of strings kept in one arena: item i is text[off[i]:off[i+1]].
type strList struct {
	text string
	off  []uint32
	// bucket, for a sorted list, narrows a search by the key's first byte: keys starting with
	// byte c are items bucket[c+1] to bucket[c+2]-1, the empty key is item 0 if any.
	bucket []uint32
}

// sorted indexes a sorted list by first byte for find.
func (l strList) sorted() strList {
	l.bucket = make([]uint32, 258)
	for i := 0; i < l.len(); i++ {
		if k := l.at(i); k != "" {
			l.bucket[int(k[0])+2] = uint32(i + 1)
		} else {
			l.bucket[1] = uint32(i + 1)
		}
	}
	for b := 1; b < len(l.bucket); b++ {
		l.bucket[b] = max(l.bucket[b], l.bucket[b-1])
	}
	return l
}

// newStrList copies items into one arena.
func newStrList(n int, item func(i int) string) strList {
	size := 0
	for i := 0; i < n; i++ {
		size += len(item(i))
	}
	var b strings.Builder
	b.Grow(size)
	off := make([]uint32, n+1)
	for i := 0; i < n; i++ {
		b.WriteString(item(i))
		off[i+1] = uint32(b.Len())
	}
	return strList{text: b.String(), off: off}
}

// len is the number of items.
func (l *strList) len() int { return max(len(l.off)-1, 0) }

// at returns item i.
func (l *strList) at(i int) string { return l.text[l.off[i]:l.off[i+1]] }

// find returns the position of s in a list indexed by sorted and whether it is there.
func (l *strList) find(s string) (int, bool) {
	if l.bucket == nil {
		return 0, false
	}
	b := 0
	if s != "" {
		b = int(s[0]) + 1
	}
	lo, end := int(l.bucket[b]), int(l.bucket[b+1])
	hi := end
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if l.at(m) < s {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo, lo < end && l.at(lo) == s
}

// byKey sorts items by key and keeps the last of equal keys, as assigning them to a map in order
// would.
func byKey[T any](items []T, key func(T) string) []T {
	slices.SortStableFunc(items, func(a, b T) int { return strings.Compare(key(a), key(b)) })
	out := items[:0]
	for i, it := range items {
		if i+1 < len(items) && key(items[i+1]) == key(it) {
			continue
		}
		out = append(out, it)
	}
	return out
}

// dict maps a word to its unsplit "t1|t2|…" translation list.
type dict struct {
	words strList // sorted
	lists strList // lists.at(i) belongs to words.at(i)
}

// pair is a word and its translation list while a dict is built.
type pair struct{ word, list string }

// newDict copies pairs into a dict.
func newDict(pairs []pair) dict {
	pairs = byKey(pairs, func(p pair) string { return p.word })
	return dict{
		words: newStrList(len(pairs), func(i int) string { return pairs[i].word }).sorted(),
		lists: newStrList(len(pairs), func(i int) string { return pairs[i].list }),
	}
}

// get returns the translation list of w, "" when there is none.
func (d *dict) get(w string) string {
	if i, ok := d.words.find(w); ok {
		return d.lists.at(i)
	}
	return ""
}

// has reports whether d has w.
func (d *dict) has(w string) bool {
	_, ok := d.words.find(w)
	return ok
}

// senseTable maps a lemma to its senses: lemma i's are senses[at[i]:at[i+1]].
type senseTable struct {
	lemmas strList // sorted
	at     []uint32
	senses []sense
}

// lemmaSenses is one lemma's senses while a senseTable is built.
type lemmaSenses struct {
	lemma string
	list  []sense
}

// newSenseTable copies entries into a senseTable.
func newSenseTable(entries []lemmaSenses) senseTable {
	entries = byKey(entries, func(e lemmaSenses) string { return e.lemma })
	n := 0
	for _, e := range entries {
		n += len(e.list)
	}
	st := senseTable{
		lemmas: newStrList(len(entries), func(i int) string { return entries[i].lemma }).sorted(),
		at:     make([]uint32, len(entries)+1),
		senses: make([]sense, 0, n),
	}
	for i, e := range entries {
		st.senses = append(st.senses, e.list...)
		st.at[i+1] = uint32(len(st.senses))
	}
	return st
}

// get returns the senses of lemma w, nil when it has none.
func (st *senseTable) get(w string) []sense {
	i, ok := st.lemmas.find(w)
	if !ok {
		return nil
	}
	lo, hi := st.at[i], st.at[i+1]
	return st.senses[lo:hi:hi]
}

// has reports whether w is a lemma of the table.
func (st *senseTable) has(w string) bool {
	_, ok := st.lemmas.find(w)
	return ok
}

// foldTable finds the Turkish lemmas whose ASCII folding is a given word ("asi" → "aşı", "asi").
// It keeps no folded text: refs point at the lemmas in the Turkish tables, sorted by their
// folding and then by the lemma itself, and a look-up folds while it compares.
type foldTable struct {
	lists [3]strList // the Turkish word lists refs point into (copies of the tables' headers)
	refs  []uint32   // list number << 30 | position
}

// newFoldTable indexes the words of lists whose folding differs from themselves; a word in more
// than one list is indexed once.
func newFoldTable(lists [3]strList) foldTable {
	type entry struct {
		folded, word string
		ref          uint32
	}
	// Only words with a letter asciiFold replaces fold to something else; count them first so
	// that entries is allocated once.
	n := 0
	for l := range lists {
		for i := 0; i < lists[l].len(); i++ {
			if strings.ContainsAny(lists[l].at(i), foldLetters) {
				n++
			}
		}
	}
	entries := make([]entry, 0, n)
	for l := range lists {
		list := &lists[l]
		for i := 0; i < list.len(); i++ {
			if w := list.at(i); strings.ContainsAny(w, foldLetters) {
				entries = append(entries, entry{fold(w), w, uint32(l)<<30 | uint32(i)})
			}
		}
	}
	slices.SortStableFunc(entries, func(a, b entry) int {
		if c := strings.Compare(a.folded, b.folded); c != 0 {
			return c
		}
		return strings.Compare(a.word, b.word)
	})
	ft := foldTable{lists: lists}
	for i, e := range entries {
		if i > 0 && e.word == entries[i-1].word {
			continue
		}
		ft.refs = append(ft.refs, e.ref)
	}
	ft.refs = slices.Clip(ft.refs)
	return ft
}

// foldLetters are the letters asciiFold replaces.
const foldLetters = "çğıöşü"

// word returns the lemma ref points at.
func (ft *foldTable) word(ref uint32) string { return ft.lists[ref>>30].at(int(ref & (1<<30 - 1))) }

// appendForms appends the lemmas that fold to w and are not in out yet, in byte order.
func (ft *foldTable) appendForms(out []string, w string) []string {
	lo, hi := 0, len(ft.refs)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if compareFolded(ft.word(ft.refs[m]), w) < 0 {
			lo = m + 1
		} else {
			hi = m
		}
	}
	for ; lo < len(ft.refs); lo++ {
		x := ft.word(ft.refs[lo])
		if compareFolded(x, w) != 0 {
			break
		}
		out = appendNew(out, x)
	}
	return out
}

// compareFolded compares fold(a) with b as strings.Compare would, without building fold(a).
func compareFolded(a, b string) int {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		c, n := foldedByte(a, i)
		if c != b[j] {
			if c < b[j] {
				return -1
			}
			return 1
		}
		i += n
		j++
	}
	switch {
	case i < len(a):
		return 1
	case j < len(b):
		return -1
	}
	return 0
}

// foldedByte returns the byte of fold(a) that a[i:] starts with and how many bytes of a it takes:
// the two-byte letters asciiFold replaces become one ASCII letter, every other byte stays.
func foldedByte(a string, i int) (byte, int) {
	if c := a[i]; c < 0xc3 || c > 0xc5 || i+1 == len(a) {
		return c, 1
	}
	switch a[i : i+2] {
	case "ç":
		return 'c', 2
	case "ğ":
		return 'g', 2
	case "ı":
		return 'i', 2
	case "ö":
		return 'o', 2
	case "ş":
		return 's', 2
	case "ü":
		return 'u', 2
	}
	return a[i], 1
}

// listTable maps a word to a list of words: word i's are items.at(j) for j in [at[i], at[i+1]).
type listTable struct {
	words strList // sorted
	at    []uint32
	items strList
}

// newListTable copies pairs of a word and its "a|b|…" list into a listTable.
func newListTable(pairs []pair) listTable {
	pairs = byKey(pairs, func(p pair) string { return p.word })
	var items []string
	at := make([]uint32, len(pairs)+1)
	for i, p := range pairs {
		items = append(items, strings.Split(p.list, "|")...)
		at[i+1] = uint32(len(items))
	}
	return listTable{
		words: newStrList(len(pairs), func(i int) string { return pairs[i].word }).sorted(),
		at:    at,
		items: newStrList(len(items), func(i int) string { return items[i] }),
	}
}

// span returns the range of w's items; empty when w is not in the table.
func (lt *listTable) span(w string) (lo, hi int) {
	i, ok := lt.words.find(w)
	if !ok {
		return 0, 0
	}
	return int(lt.at[i]), int(lt.at[i+1])
}
