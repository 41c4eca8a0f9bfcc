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
// hypernym link in WordNet: b is Broader when a derived form of a is a kind of b ("see" →
// "seeing", the faculty, a kind of "vision"), or when a is a kind of a thing that b's own word
// names as a noun and b says as a verb ("cigarette", a kind of "smoke", for "smoking");
// Narrower the other way round. Relate takes a derivational link alone as a synonym
// (wn-derived.tsv.gz, README.md) but not with the step to the broader word, so a verb and the
// faculty its noun names ("see", "vision") stay apart there.
//
// WordNet records derivation between two words but the table keeps it between their synsets,
// which would lend it to every synonym ("entrance", to charm, is in the synset of "catch",
// whose noun "catch" is a kind of "adult"): the derived synset must hold the word itself or the
// word with a derivational suffix (derivationalSuffixes), and in the other order the broader
// synset must be a noun sense of b's own word. Only the words' first two senses count, no
// hypernym of WordNet's abstract top levels (wn-general.tsv), a hypernym step only between
// nouns (nounHypernyms), and nothing when Relate finds the words opposite. Unrelated otherwise,
// and for any language but English.
func (t *Thesaurus) RelateDerived(lang, a, b string) Relation {
	if lang != "en" {
		return Unrelated
	}
	a, b = strings.ToLower(strings.TrimSpace(a)), strings.ToLower(strings.TrimSpace(b))
	if a == "" || b == "" || a == b {
		return Unrelated
	}
	sa, sb := t.commonSenses(a), t.commonSenses(b)
	if len(sa) == 0 || len(sb) == 0 {
		return Unrelated
	}
	r := Unrelated
	switch {
	case t.derivedThenUp(a, sa, sb) || t.upThenDerived(sa, b, sb):
		r = Broader
	case t.derivedThenUp(b, sb, sa) || t.upThenDerived(sb, a, sa):
		r = Narrower
	}
	// Antonymy is asked last: most pairs have no such path, and Relate costs more than the path.
	if r != Unrelated && t.Relate("en", a, b) == Antonym {
		return Unrelated
	}
	return r
}

// derivationalSuffixes are the English suffixes that make a noun of a verb or an adjective
// ("seeing", "producer", "closeness", "alteration"): a grammar, not a word list.
var derivationalSuffixes = []string{"", "ing", "er", "ness", "ion", "ation", "ment", "ity", "ance", "ence", "al"}

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

// holdsForm reports whether synset s holds a lemma of word w or one of w's lemmas with a
// derivational suffix (a final "e" dropped before one: "produce", "producer").
func (t *Thesaurus) holdsForm(w string, s int32) bool {
	for _, l := range t.candidates(w) {
		for _, suf := range derivationalSuffixes {
			if t.lemmaIn(l+suf, s) || suf != "" && strings.HasSuffix(l, "e") && t.lemmaIn(l[:len(l)-1]+suf, s) {
				return true
			}
		}
	}
	return false
}

// derivedThenUp reports a synset of word a (senses sa) derivationally related to a noun synset
// holding a's own form, whose direct hypernym is a synset of broad ("see" → "seeing" → "vision").
func (t *Thesaurus) derivedThenUp(a string, sa, broad []int32) bool {
	g := &t.en
	for _, x := range sa {
		for _, d := range g.derived.partners(x) {
			for _, h := range g.nounHypernyms(d) {
				// The form check reads the sense table, so it comes after the cheap one.
				if !g.isGeneral(h) && slices.Contains(broad, h) && t.holdsForm(a, d) {
					return true
				}
			}
		}
	}
	return false
}

// upThenDerived reports a noun synset of narrow whose direct hypernym is a noun sense of word b
// derivationally related to a synset of b (senses sb): "cigarette" → "smoke" (the noun) →
// "smoke" (the verb of "smoking").
func (t *Thesaurus) upThenDerived(narrow []int32, b string, sb []int32) bool {
	g := &t.en
	for _, x := range narrow {
		for _, h := range g.nounHypernyms(x) {
			if g.isGeneral(h) {
				continue
			}
			for _, y := range sb {
				if g.derived.holds(h, y) && t.holdsLemma(b, h) {
					return true
				}
			}
		}
	}
	return false
}

// holdsLemma reports whether synset s holds one of word w's lemmas as it is.
func (t *Thesaurus) holdsLemma(w string, s int32) bool {
	for _, l := range t.candidates(w) {
		if t.lemmaIn(l, s) {
			return true
		}
	}
	return false
}

// lemmaIn reports whether synset s holds lemma l.
func (t *Thesaurus) lemmaIn(l string, s int32) bool {
	for _, x := range t.senses.get(l) {
		if x.syn() == s {
			return true
		}
	}
	return false
}

// nounHypernyms are the direct hypernyms and instance hypernyms of synset s when s is a noun.
// WordNet's verb hierarchy is shallow and loose ("green", to turn green, is a way to "colour",
// whose noun is the colouring material), so only a thing or an event named by a noun takes the
// hypernym step; a verb takes the derivational one.
func (g *graph) nounHypernyms(s int32) []int32 {
	if int(s)+1 >= len(g.hyperAt) || g.pos(s) != noun {
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
