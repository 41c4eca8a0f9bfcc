package matching

import (
	"strings"

	"github.com/claimcheck/claimcheck/internal/turkish"
)

// A word denies what its own main translation denies (negmeaning.go reads the denial of one
// word from its translations into the other language; this reads it one step further). The
// dictionary glosses "blind" with "görmez" (does not see), so "blind" denies "see" and "Bats
// can't see" states "Bats are blind". Turkish "kör" is glossed "blind", "unsighted", never with
// a negative Turkish verb of its own, so "Yarasalar hiçbir şey göremez" was a different predicate
// from "Yarasalar kördür" although it says the same thing. Read through "kör"'s first
// translation, "blind", whose Turkish gloss "görmez" denies "görmek", "kör" denies "görmek" too.
//
// The denial links the two words as opposites (decide.go's lexRelate), so the claim's polarity
// still decides: "Yarasalar göremez" states "Yarasalar kördür", while "Yarasalar görebilir"
// (an opposite not negated) and "Yarasalar kör değildir" (a negation) are still refused. Only the first
// translations (denialPivot) are read on the way out, and only single words: "kör" is also
// "blunt" and "dull", whose denials say nothing of seeing. The pivot is read only between two
// words of one language; across languages negmeaning.go's denies already reads the
// translations.

// pivotDenies reports a word (lang, its lexicon forms) one of whose main translations denies
// part v, a word of the same language: deniedRoots of that translation names v's verb again in
// lang ("kör" → "blind" → "görmez" → görmek).
func (ix *decision) pivotDenies(lang string, forms []string, v *part) bool {
	if ix.lex == nil || v.lang != lang || lang != "en" && lang != "tr" {
		return false
	}
	to := "tr"
	if lang == "tr" {
		to = "en"
	}
	fold := strings.ToLower
	if lang == "tr" {
		fold = turkish.Fold
	}
	vf := v.lexForms()
	for _, f := range forms {
		for _, t := range firstN(ix.relations.translate(ix.lex, lang, to, f), denialPivot) {
			if strings.ContainsRune(t, ' ') {
				continue
			}
			back, roots := ix.deniedRoots(to, []string{t})
			if back != lang {
				continue
			}
			for _, w := range vf {
				if contains(roots, fold(w)) {
					return true
				}
			}
		}
	}
	return false
}

// pivotDeniesEither is pivotDenies one way or the other, for deniesEither.
func (ix *decision) pivotDeniesEither(p, o *part) bool {
	return ix.pivotDenies(p.lang, p.lexForms(), o) || ix.pivotDenies(o.lang, o.lexForms(), p)
}

// deniedVerbObject returns a part of q that is an object of a verb linked to the fact-check's
// word only by pivotDenies, or -1: "Yarasalar renkleri göremez" (bats can't see colours) denies
// a sight of colours, not sight, so it is not "Yarasalar kördür". In Turkish the object stands
// beside the subject and would otherwise pass as a word narrowing it (decide.go's
// besideLinkedNoun); a word said of no one ("hiçbir şey", nothing) is grammar and no part.
func (ix *decision) deniedVerbObject(q *claimParts, qa sideAlign, r *claimParts) int {
	for i := range q.parts {
		p := &q.parts[i]
		if qa.links[i] != opposite || !p.verb || !p.neg || qa.with[i] < 0 || !ix.pivotDeniesEither(p, &r.parts[qa.with[i]]) {
			continue
		}
		for k := range q.parts {
			o := &q.parts[k]
			if k != i && o.clause == p.clause && qa.links[k] == unlinked && o.role == roleCore && o.num == "" && !o.verb && !o.aside {
				return k
			}
		}
	}
	return -1
}

// deniedAgain reports part i of a piece c of a post, a negative verb linked to fact-check r's
// word as its opposite only because that word denies it (deniesEither): the piece says the
// claim again ("…, bu hayvanlar hiçbir şey görmüyor" beside "Yarasa gibi kör"), it does not deny
// it, so frame.go's storyNegations does not read it as a denial of the claim.
func (ix *decision) deniedAgain(c *claimParts, qa sideAlign, r *claimParts, i int) bool {
	p := &c.parts[i]
	j := qa.with[i]
	return qa.links[i] == opposite && j >= 0 && p.verb && p.neg && ix.deniesEither(p, &r.parts[j])
}
