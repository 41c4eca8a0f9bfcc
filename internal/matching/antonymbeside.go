package matching

import "github.com/claimcheck/claimcheck/internal/thesaurus"

// antonymBeside finds a word of the claim (part i of q) that the alignment linked to a word of
// the fact-check while the lexicon makes it the antonym of the fact-check word right beside
// that one, which the claim leaves unstated: the claim's word then says the opposite of the
// fact-check's phrase, not one half of it. "Köpekler dünyayı renkli görür" is not "… siyah-beyaz
// görür": WordNet's "colored" has a sense of "black" (so "renkli" is linked to "siyah") and is
// the antonym of "white" ("beyaz"), which the claim leaves out. A rewording that says the phrase
// in other words states both halves or a word the lexicon relates to both ("renksiz"); one that
// says only half of it in the fact-check's own word ("siyah görür", "protects you from the
// cold" beside "warm in the cold") is left to the other rules. Within one language only (across
// languages the parts translate too loosely). It returns the two parts, or -1, -1. The claim is
// refused without a verdict, not flipped: the lexicon's antonym is only of the half it left out.
func (ix *decision) antonymBeside(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, cross bool) (int, int) {
	if cross || ix.lex == nil {
		return -1, -1
	}
	for i := range q.parts {
		p := &q.parts[i]
		j := qa.with[i]
		if qa.links[i] != linked || j < 0 || j >= len(r.parts) || p.verb || p.num != "" || p.ent != nil || p.aside || sharesForm(p, &r.parts[j]) {
			continue // the claim states the fact-check's own word: a half of its phrase ("siyah görür")
		}
		for _, k := range [2]int{j - 1, j + 1} {
			if k < 0 || k >= len(r.parts) || ra.links[k] != unlinked {
				continue
			}
			o := &r.parts[k]
			if o.verb || o.num != "" || o.ent != nil || o.aside || o.clause != r.parts[j].clause || o.lang != p.lang || !isContent(o) {
				continue
			}
			if ix.antonymForms(p, o) {
				return i, k
			}
		}
	}
	return -1, -1
}

// antonymForms reports a dictionary form of p that the lexicon makes the antonym of one of o's.
func (ix *decision) antonymForms(p, o *part) bool {
	for _, a := range p.lexForms() {
		for _, b := range o.lexForms() {
			if ix.relations.relate(ix.lex, p.lang, a, b) == thesaurus.Antonym {
				return true
			}
		}
	}
	return false
}

// sharesForm reports two parts with a dictionary form in common: one word, not two the lexicon
// relates.
func sharesForm(p, o *part) bool {
	for _, a := range p.lexForms() {
		if contains(o.lexForms(), a) {
			return true
		}
	}
	return false
}
