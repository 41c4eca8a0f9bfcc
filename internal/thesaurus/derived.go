package thesaurus

import (
	"slices"
	"strings"
)

// derivedRank is the sense rank both words of RelateDerived must be within: a derivational link
// and a hypernym link are two steps, each of which a rare sense would make loose, so only the
// words' first two senses take them (tighter than englishLimits' three for a single step).
const derivedRank = 2

// RelateDerived says how English word b relates to word a through one derivational link and one
// hypernym link in WordNet: b is Broader when a's sense is a form of a word that is a kind of b
// ("see" → "eyesight", a kind of "vision") or a is a kind of something b is a form of
// ("cigarette", a kind of "smoke", which "smoking" is a form of); Narrower the other way round.
// Relate takes a derivational link alone as a synonym (wn-derived.tsv.gz, README.md) but not
// with the step to the broader word, so a verb and the faculty its noun names ("see",
// "vision") stay apart there. Only the words' first two senses count, no hypernym of WordNet's
// abstract top levels (wn-general.tsv), and nothing when Relate finds the words opposite.
// Unrelated otherwise, and for any language but English.
func (t *Thesaurus) RelateDerived(lang, a, b string) Relation {
	if lang != "en" {
		return Unrelated
	}
	a, b = strings.ToLower(strings.TrimSpace(a)), strings.ToLower(strings.TrimSpace(b))
	if a == "" || b == "" || a == b || t.Relate("en", a, b) == Antonym {
		return Unrelated
	}
	sa, sb := t.commonSenses(a), t.commonSenses(b)
	if len(sa) == 0 || len(sb) == 0 {
		return Unrelated
	}
	g := &t.en
	switch {
	case g.derivedThenUp(sa, sb) || g.upThenDerived(sa, sb):
		return Broader
	case g.derivedThenUp(sb, sa) || g.upThenDerived(sb, sa):
		return Narrower
	}
	return Unrelated
}

// commonSenses are the synsets of a word's WordNet lemmas within derivedRank.
func (t *Thesaurus) commonSenses(w string) []int32 {
	var out []int32
	for _, l := range t.candidates(w) {
		for _, s := range t.senses.get(l) {
			if int(s.rank()) <= derivedRank && !slices.Contains(out, s.syn()) {
				out = append(out, s.syn())
			}
		}
	}
	return out
}

// derivedThenUp reports a synset of narrow derivationally related to a synset whose direct
// hypernym is a synset of broad ("see" → "eyesight" → "vision").
func (g *graph) derivedThenUp(narrow, broad []int32) bool {
	for _, x := range narrow {
		for _, d := range g.derived.partners(x) {
			for _, h := range g.hypernyms(d) {
				if !g.isGeneral(h) && slices.Contains(broad, h) {
					return true
				}
			}
		}
	}
	return false
}

// upThenDerived reports a synset of narrow whose direct hypernym is derivationally related to a
// synset of broad ("cigarette" → "smoke" → "smoking").
func (g *graph) upThenDerived(narrow, broad []int32) bool {
	for _, x := range narrow {
		for _, h := range g.hypernyms(x) {
			if g.isGeneral(h) {
				continue
			}
			for _, y := range broad {
				if g.derived.holds(h, y) {
					return true
				}
			}
		}
	}
	return false
}

// hypernyms are synset s's direct hypernyms and instance hypernyms.
func (g *graph) hypernyms(s int32) []int32 {
	if int(s)+1 >= len(g.hyperAt) {
		return nil
	}
	return g.hyperTo[g.hyperAt[s]:g.hyperAt[s+1]]
}

// partners are the synsets paired with a in the set.
func (p pairSet) partners(a int32) []int32 {
	if a < 0 || int(a/64) >= len(p.has) || p.has[a/64]&(1<<(a%64)) == 0 {
		return nil
	}
	lo, _ := slices.BinarySearch(p.pairs, uint64(a)<<32)
	var out []int32
	for i := lo; i < len(p.pairs) && p.pairs[i]>>32 == uint64(a); i++ {
		out = append(out, int32(uint32(p.pairs[i])))
	}
	return out
}
