package thesaurus

import "strings"

// derivedAlikeRank: DerivedAlike takes only the words' first two senses, as RelateDerived does:
// its paths take two or three steps through other words, which a rare sense would make loose
// ("meat" in its third sense "core" derives "central", alike to "important").
const derivedAlikeRank = 2

// DerivedAlike reports two English words (lower case; inflections are reduced) that WordNet
// links through a derived form where Relate finds them unrelated: a derived form of one word, or
// of a synset alike to it, is an adjective WordNet links as alike (a satellite and its head,
// "also see") to the other ("freezing" → "freeze", the cold weather, → "frosty", a satellite
// of "cold"; "see" → "view" → "viewable", alike to "visible"), or the two words are adjectives
// that derive one noun synset ("mad", "enraged" → "fury, madness, rage"). Relate's near rules
// take one link between the two words' own senses; a rewording often says the quality with the
// word for the thing or act it comes from, one derivation away.
//
// Two adjectives are never linked through a head they share: satellites of one head are its
// values (colours under "chromatic", numbers under "cardinal"), not one value said twice. Only
// the words' first derivedAlikeRank senses count, and nothing when Relate finds the words
// related otherwise or opposite.
func (t *Thesaurus) DerivedAlike(a, b string) bool {
	a, b = strings.ToLower(strings.TrimSpace(a)), strings.ToLower(strings.TrimSpace(b))
	if a == "" || b == "" || a == b {
		return false
	}
	sa, sb := t.rankedSenses(a, derivedAlikeRank), t.rankedSenses(b, derivedAlikeRank)
	if len(sa) == 0 || len(sb) == 0 {
		return false
	}
	if !t.en.derivedAlike(sa, sb) && !t.en.derivedAlike(sb, sa) && !t.en.sameDerivedAdjective(sa, sb) {
		return false
	}
	// Relate is asked last: most pairs have no such path, and Relate costs more than the paths.
	return t.Relate("en", a, b) == Unrelated
}

// rankedSenses are the synsets of word w's WordNet lemmas within rank n.
func (t *Thesaurus) rankedSenses(w string, n int) []int32 {
	var out []int32
	for _, l := range t.candidates(w) {
		for _, s := range t.senses.get(l) {
			if int(s.rank()) <= n {
				out = append(out, s.syn())
			}
		}
	}
	return out
}

// derivedAlike reports a synset of sx that is, or is alike to, a synset derivationally related
// to an adjective synset alike to a synset of sy.
func (g *graph) derivedAlike(sx, sy []int32) bool {
	targets := map[int32]bool{}
	for _, y := range sy {
		for _, n := range g.near.partners(y) {
			if g.pos(n) == adj {
				targets[n] = true
			}
		}
	}
	if len(targets) == 0 {
		return false
	}
	for _, x := range sx {
		for _, f := range append([]int32{x}, g.near.partners(x)...) {
			for _, d := range g.derived.partners(f) {
				if targets[d] {
					return true
				}
			}
		}
	}
	return false
}

// sameDerivedAdjective reports two distinct adjective synsets of sx and sy derivationally
// related to one synset.
func (g *graph) sameDerivedAdjective(sx, sy []int32) bool {
	for _, x := range sx {
		if g.pos(x) != adj {
			continue
		}
		for _, y := range sy {
			if g.pos(y) == adj && x != y && sharesPartner(g.derived, x, y) {
				return true
			}
		}
	}
	return false
}
