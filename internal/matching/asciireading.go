package matching

import "github.com/claimcheck/claimcheck/internal/turkish"

// A Turkish word typed without Turkish letters folds several words into one spelling: "asil" is
// "asil" (noble) and "asıl" (main), "cikar" "çıkar" (interest) and the stem of "çıkarmak". The
// lexicon asked about the folded form relates every word it may be (thesaurus.Relate through
// Spellings), so an antonym of one of them ("asil" against "temel") would flip a post that meant
// the other ("küresel ısınmanın asıl sebebi", typed "asil"). A writer who typed no Turkish letter
// anywhere may have meant any of them; an opposite then holds only when it holds for every one.

// markTypedASCII marks the parts of a claim written without a single Turkish letter whose own
// text has none either (part.typedASCII): their folded form is every word that folds to it. A
// writer who uses Turkish letters elsewhere wrote the word they meant ("asil" is noble there).
func markTypedASCII(cp *claimParts, text string) {
	if turkish.HasTurkishLetter(text) {
		return
	}
	for i := range cp.parts {
		cp.parts[i].typedASCII = cp.parts[i].lang != "en" && isASCIIWord(cp.parts[i].text)
	}
}

// readingsOf are the lexicon's spellings of a form a of part p, when p was typed without
// Turkish letters and the form folds several words into one; nil otherwise.
func (ix *decision) readingsOf(p *part, a string) []string {
	if !p.typedASCII || ix.lex == nil || !isASCIIWord(a) {
		return nil
	}
	if sp := ix.lex.Spellings(a); len(sp) > 1 {
		return sp
	}
	return nil
}

// foldedRelation is how forms a of p and b of o relate when the lexicon gives an antonym
// between them and either was typed without Turkish letters. Each word the folded form may be is
// related as if written with its letters (lexRelate on that spelling alone): opposite only when
// every reading is; linked when one reading links, the reading that fits the claim (a folded
// word links through any of its spellings when no antonym is in the way: "asil sebebi" is
// "asıl", main, which states "temel"); else unlinked, since an opposite one reading gives and
// another does not is no evidence the claims differ.
func (ix *decision) foldedRelation(p, o *part, a, b string, fromClaim bool) link {
	if p.lang != "tr" || o.lang != "tr" {
		return opposite
	}
	pr, or := ix.readingParts(p, a), ix.readingParts(o, b)
	if pr == nil && or == nil {
		return opposite
	}
	out := opposite
	for _, x := range orSelf(pr, p) {
		for _, y := range orSelf(or, o) {
			switch ix.lexRelate(x, y, fromClaim) {
			case linked:
				return linked
			case unlinked, chatter:
				out = unlinked
			}
		}
	}
	return out
}

// readingParts are copies of p read as each spelling of its form a (readingsOf), each with that
// spelling alone and no longer folded; nil when a is not a folded form of several words.
func (ix *decision) readingParts(p *part, a string) []*part {
	sp := ix.readingsOf(p, a)
	if sp == nil {
		return nil
	}
	d := a
	for i, f := range p.lexForms() {
		if f == a && i < len(p.dict) {
			d = p.dict[i]
		}
	}
	out := make([]*part, 0, len(sp))
	for _, s := range sp {
		c := *p
		c.dict, c.spelled, c.typedASCII = []string{d}, []string{s}, false
		out = append(out, &c)
	}
	return out
}

// orSelf is readings, or p alone when it has none.
func orSelf(readings []*part, p *part) []*part {
	if readings == nil {
		return []*part{p}
	}
	return readings
}
