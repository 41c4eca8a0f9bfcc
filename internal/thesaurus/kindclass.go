package thesaurus

import (
	"slices"
	"strings"
)

const (
	// maxBroaderKinds bounds the words BroaderKinds returns: a search expands each word of a
	// post by them, so the cost of a word stays a few look-ups whatever its hypernym chain.
	maxBroaderKinds = 12
	// broaderTranslations: a Turkish class is found through the first Turkish translations of
	// the English class word, as KindOf reads a Turkish class through its first translations.
	broaderTranslations = 3
)

// kindMembers lists, for each English synset, the lemmas that have it as one of their first
// kindOfRank noun senses: the words that can be named as the class KindOf walks up to. It is the
// reverse of the sense table, which the image does not hold, so it is built on first use.
type kindMembers struct {
	at      []int32 // synset s's lemmas are lemmas[at[s]:at[s+1]]
	lemmas  []int32 // lemma indexes into the sense table
	lemmaOf func(i int32) string
}

// members returns t's kindMembers, building them once.
func (t *Thesaurus) members() *kindMembers {
	t.classes.once.Do(func() { t.classes.members = t.buildMembers() })
	return t.classes.members
}

// buildMembers inverts the English sense table for main noun senses that are no abstract top
// level (a class KindOf never reaches).
func (t *Thesaurus) buildMembers() *kindMembers {
	n := len(t.en.kind)
	m := &kindMembers{at: make([]int32, n+1), lemmaOf: func(i int32) string { return t.senses.lemmas.at(int(i)) }}
	keep := func(s sense) bool {
		return int(s.rank()) <= kindOfRank && t.en.pos(s.syn()) == noun && !t.en.isGeneral(s.syn())
	}
	for _, s := range t.senses.senses {
		if keep(s) {
			m.at[s.syn()+1]++
		}
	}
	for i := 1; i <= n; i++ {
		m.at[i] += m.at[i-1]
	}
	m.lemmas = make([]int32, m.at[n])
	fill := make([]int32, n)
	for i := 0; i < t.senses.lemmas.len(); i++ {
		for _, s := range t.senses.senses[t.senses.at[i]:t.senses.at[i+1]] {
			if keep(s) {
				m.lemmas[m.at[s.syn()]+fill[s.syn()]] = int32(i)
				fill[s.syn()]++
			}
		}
	}
	return m
}

// BroaderKinds lists the words of language lang ("en" or "tr") that narrow names a kind of, as
// KindOf decides it ("vodka" → "alcohol", "rakı" → "alkol", "bacon" → "meat"): the lemmas of the
// classes the walk up from narrow's main noun sense reaches, each checked with KindOf, at most
// maxBroaderKinds, single words only. A search uses them to find the fact-check that names the
// class a post names a kind of, which KindOf alone cannot, as it needs the class word in hand.
// Turkish words are read through their first English translation, and the classes found are
// named by their first Turkish translations.
func (t *Thesaurus) BroaderKinds(lang, narrow string) []string {
	narrow = strings.ToLower(strings.TrimSpace(narrow))
	if narrow == "" {
		return nil
	}
	if lang != "tr" {
		return t.broaderEN(narrow, func(w string) bool { return t.KindOf("en", narrow, w) })
	}
	if !t.trMainNoun(narrow) {
		return nil
	}
	var out []string
	for _, a := range firstN(t.Translate("tr", "en", narrow), 1) {
		t.broaderEN(a, func(w string) bool {
			for _, tw := range firstN(t.Translate("en", "tr", w), broaderTranslations) {
				if len(out) < maxBroaderKinds && !strings.Contains(tw, " ") && !slices.Contains(out, tw) && t.KindOf("tr", narrow, tw) {
					out = append(out, tw)
				}
			}
			return false
		})
	}
	return out
}

// broaderEN walks up from the main noun senses of the English word narrow (through at most
// kindOfDepth links, never through an abstract top level) and returns the single-word lemmas of
// the synsets reached that keep accepts, at most maxBroaderKinds.
func (t *Thesaurus) broaderEN(narrow string, keep func(string) bool) []string {
	m := t.members()
	var out []string
	var frontier []int32
	for _, x := range t.candidates(narrow) {
		for _, a := range t.sensesOf(x, 1<<noun) {
			if a.rank() == 1 {
				frontier = append(frontier, a.syn())
			}
		}
	}
	seen := map[int32]bool{}
	for depth := 0; depth < kindOfDepth && len(frontier) > 0 && len(out) < maxBroaderKinds; depth++ {
		var next []int32
		for _, s := range frontier {
			for _, h := range t.en.hyperTo[t.en.hyperAt[s]:t.en.hyperAt[s+1]] {
				if seen[h] || t.en.isGeneral(h) {
					continue
				}
				seen[h] = true
				next = append(next, h)
				for _, li := range m.lemmas[m.at[h]:m.at[h+1]] {
					w := m.lemmaOf(li)
					if len(out) < maxBroaderKinds && !strings.Contains(w, " ") && !slices.Contains(out, w) && keep(w) {
						out = append(out, w)
					}
				}
			}
		}
		frontier = next
	}
	return out
}
