package thesaurus

import (
	"slices"
	"strings"
)

// The tables are kept as a few large arrays rather than Go maps of small strings and slices: a
// map entry with its own key, value header and bucket slot cost more than the words themselves
// (the map-based form kept about 57 MB; see TestRetainedHeap). Keys are sorted byte-wise and found
// by binary search, about 17 comparisons for the largest table.

// strList is a list of strings kept in one arena: item i is text[off[i]:off[i+1]].
type strList struct {
	text string
	off  []uint32
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

// find returns the position of s in a sorted list and whether it is there.
func (l *strList) find(s string) (int, bool) {
	lo, hi := 0, l.len()
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if l.at(m) < s {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo, lo < l.len() && l.at(lo) == s
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
		words: newStrList(len(pairs), func(i int) string { return pairs[i].word }),
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
		lemmas: newStrList(len(entries), func(i int) string { return entries[i].lemma }),
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

// foldTable maps an ASCII-folded Turkish word to the real lemmas it folds, sorted: key i's are
// forms.at(j) for j in [at[i], at[i+1]).
type foldTable struct {
	keys  strList // sorted
	at    []uint32
	forms strList
}

// newFoldTable copies m into a foldTable; each list must be sorted.
func newFoldTable(m map[string][]string) foldTable {
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	})
	var forms []string
	at := make([]uint32, len(keys)+1)
	for i, k := range keys {
		forms = append(forms, m[k]...)
		at[i+1] = uint32(len(forms))
	}
	return foldTable{
		keys:  newStrList(len(keys), func(i int) string { return keys[i] }),
		at:    at,
		forms: newStrList(len(forms), func(i int) string { return forms[i] }),
	}
}

// appendForms appends the lemmas that fold to w and are not in out yet.
func (ft *foldTable) appendForms(out []string, w string) []string {
	i, ok := ft.keys.find(w)
	if !ok {
		return out
	}
	for j := ft.at[i]; j < ft.at[i+1]; j++ {
		out = appendNew(out, ft.forms.at(int(j)))
	}
	return out
}
