package matching

import (
	"strings"

	"github.com/claimcheck/claimcheck/internal/thesaurus"
	"github.com/claimcheck/claimcheck/internal/turkish"
)

// English writes one compound three ways, apart, hyphenated or joined ("man made", "man-made",
// "manmade"), and a post may build it from other words of the same meaning ("human-made" for
// "man-made"). The tokenizer splits what is written apart or with a hyphen WordNet does not
// know whole (joinHyphenated in claimparts.go), so the compound's second word is left over
// ("the claim also says made"), and a collocation WordNet lists without a Turkish translation
// ("bubble gum") is never read as one thing, so its modifier is compared word by word with the
// other claim's ("bubble ≠ chewing"). Both are read here against WordNet's own lemmas and only
// where the other claim writes the compound: a compound is not its parts ("goldfish" is no
// "fish", "sunflower" no "sun"), so no word is ever split that WordNet does not list as a
// hyphenated lemma. Over the tuning data's refused English rewordings this takes five
// ("human-made" and "man made" for "man-made" twice each, "bubble gum" for "chewing gum") and no
// look-alike; the clipped forms among them ("cigs", "temps", "btc", "vax") are no WordNet lemma
// of the term, so they are left alone.

// enPairForms are the WordNet lemmas the English parts p, n (adjacent, one clause) may be
// written as: apart, hyphenated or joined ("bubble gum", "man-made", "manmade"), each only when
// WordNet lists it as a lemma of its own; the second word is read in its base forms ("black
// boxes"). compounds (compound.go) takes an English pair as one only when the Turkish
// dictionary translates it, which leaves out the collocations FreeDict lacks.
func (ix *Index) enPairForms(p, n *part) []string {
	if ix.lex == nil || p.lang != "en" || n.lang != "en" || p.num != "" || n.num != "" || p.ent != nil || n.ent != nil ||
		p.aside || n.aside || p.clause != n.clause || strings.ContainsAny(p.folded, " -") {
		return nil
	}
	var forms []string
	for _, second := range append(append([]string(nil), n.dict...), firstN(n.lemmas, 4)...) {
		if len(second) < 2 || strings.ContainsAny(second, " -") {
			continue
		}
		for _, sep := range []string{" ", "-", ""} {
			w := p.folded + sep + second
			if contains(forms, w) {
				continue
			}
			if ls := ix.lex.Lemmas("en", w); len(ls) > 0 && ls[0] == w {
				forms = append(forms, w)
			}
		}
	}
	return forms
}

// pairForms are enPairForms of each part of c and the next (decision.pairFormsOnce reads them
// once per claim in a search): each pair of one claim is compared with every pair of the other.
func (ix *Index) pairForms(c *claimParts) [][]string {
	if len(c.parts) < 2 {
		return nil
	}
	out := make([][]string, len(c.parts)-1)
	for i := range out {
		out[i] = ix.enPairForms(&c.parts[i], &c.parts[i+1])
	}
	return out
}

// pairFormsOnce is pairForms, read once per claim in a search.
func (ix *decision) pairFormsOnce(c *claimParts) [][]string {
	if f, ok := ix.pairs[c]; ok {
		return f
	}
	if ix.pairs == nil {
		ix.pairs = map[*claimParts][][]string{}
	}
	f := ix.pairForms(c)
	ix.pairs[c] = f
	return f
}

// linkEnglishCompounds links, between two English claims, a pair of a that is a WordNet lemma
// (enPairForms) to a pair of b that states that lemma as linkCompounds (compound.go) asks, the
// same lemma, a synonym, or a hypernym in the claim's favour ("bubble gum" for "chewing gum"),
// or to one word of b that is the same lemma written otherwise ("man made" for "man-made"). A
// single word is never taken for a compound by meaning: "music school" is a school, and
// "chewing gum" a "gum", but neither is what the other claim says. af and bf are the claims'
// pairForms; fromClaim says a is the claim.
func (ix *decision) linkEnglishCompounds(a *claimParts, aa sideAlign, af [][]string, b *claimParts, ba sideAlign, bf [][]string, fromClaim bool) {
	for i, forms := range af {
		if len(forms) == 0 || aa.links[i] != unlinked && aa.links[i+1] != unlinked {
			continue
		}
		at, n := -1, 0
		for j, other := range bf {
			if len(other) > 0 && ix.statesCompound("en", forms, "en", other, fromClaim) {
				at, n = j, 2
				break
			}
		}
		for j := range b.parts {
			if at >= 0 {
				break
			}
			o := &b.parts[j]
			if o.num != "" || o.lang != "en" || ba.links[j] == linked && ba.with[j] != i && ba.with[j] != i+1 {
				continue
			}
			if spellsCompound(forms, o) {
				at, n = j, 1
			}
		}
		if at < 0 {
			continue
		}
		for k := i; k <= i+1; k++ {
			if aa.links[k] == unlinked {
				aa.links[k], aa.with[k] = linked, at
			}
		}
		for k := at; k < at+n; k++ {
			if ba.links[k] == unlinked {
				ba.links[k], ba.with[k] = linked, i
			}
		}
	}
}

// linkEnglishForms links, both ways, what two English claims write as one compound in other
// forms: a pair WordNet lists as a lemma (linkEnglishCompounds), and a hyphenated lemma of one
// claim written as two words of the other that state its two pieces in order ("man made",
// "human-made" for "man-made"; hyphenPieces).
func (ix *decision) linkEnglishForms(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) {
	if ix.lex != nil && q.lang == "en" && r.lang == "en" {
		qf, rf := ix.pairFormsOnce(q), ix.pairFormsOnce(r)
		ix.linkEnglishCompounds(q, qa, qf, r, ra, rf, true)
		ix.linkEnglishCompounds(r, ra, rf, q, qa, qf, false)
	}
	ix.hyphenPieces(q, qa, r, ra)
	ix.hyphenPieces(r, ra, q, qa)
}

// hyphenPieces links a part of b that is a hyphenated WordNet lemma ("man-made") to two
// adjacent parts of a, apart or hyphenated, that state its two pieces in order: one piece the
// same word, the other the same word, a synonym or a word of the same first Turkish translation
// (pieceStates).
func (ix *decision) hyphenPieces(a *claimParts, aa sideAlign, b *claimParts, ba sideAlign) {
	if ix.lex == nil {
		return
	}
	for j := range b.parts {
		o := &b.parts[j]
		if ba.links[j] != unlinked || o.lang != "en" || o.num != "" || o.ent != nil || len(o.dict) == 0 {
			continue
		}
		first, second, ok := hyphenated(o.dict[0])
		if !ok {
			continue
		}
		pieces := [2]string{first, second}
		for i := 0; i+1 < len(a.parts); i++ {
			p, n := &a.parts[i], &a.parts[i+1]
			if aa.links[i] != unlinked || aa.links[i+1] != unlinked || p.lang != "en" || n.lang != "en" ||
				p.num != "" || n.num != "" || p.ent != nil || n.ent != nil || p.clause != n.clause || p.aside || n.aside {
				continue
			}
			same0, same1 := pieceSame(pieces[0], p), pieceSame(pieces[1], n)
			if !same0 && !same1 || !same0 && !ix.pieceStates(pieces[0], p) || !same1 && !ix.pieceStates(pieces[1], n) {
				continue
			}
			aa.links[i], aa.with[i] = linked, j
			aa.links[i+1], aa.with[i+1] = linked, j
			ba.links[j], ba.with[j] = linked, i
			break
		}
	}
}

// pieceSame reports a piece of a hyphenated lemma that part p writes as the same word.
func pieceSame(piece string, p *part) bool {
	return p.folded == piece || contains(p.dict, piece)
}

// pieceStates reports a piece of a hyphenated lemma that part p states in other words: a
// WordNet synonym, or a word whose first Turkish translation is among the piece's, or the
// piece's first among the word's ("human" and "man" both give "insan": the "man" of
// "man-made" is anyone at all, the sense Relate's first senses of "man" leave out).
func (ix *decision) pieceStates(piece string, p *part) bool {
	for _, d := range p.dict {
		if ix.pieceWordStates(piece, d) {
			return true
		}
	}
	return false
}

// pieceWordStates is pieceStates for one English word w.
func (ix *decision) pieceWordStates(piece, w string) bool {
	switch ix.relations.relate(ix.lex, "en", piece, w) {
	case thesaurus.Same, thesaurus.Synonym:
		return true
	}
	tp, tw := ix.relations.translate(ix.lex, "en", "tr", piece), ix.relations.translate(ix.lex, "en", "tr", w)
	return len(tp) > 0 && len(tw) > 0 && (containsFolded(tw, tp[0]) || containsFolded(tp, tw[0]))
}

// hyphenated splits a word written with one hyphen between two non-empty pieces ("man-made").
func hyphenated(w string) (first, second string, ok bool) {
	first, second, ok = strings.Cut(w, "-")
	return first, second, ok && first != "" && second != "" && !strings.Contains(second, "-")
}

// containsFolded reports whether xs has x, Turkish letters folded.
func containsFolded(xs []string, x string) bool {
	x = turkish.Fold(x)
	for _, y := range xs {
		if turkish.Fold(y) == x {
			return true
		}
	}
	return false
}

// spellsCompound reports a part o that writes one of the compound's forms as one word, hyphen
// and space aside ("man-made" or "manmade" for "man made").
func spellsCompound(forms []string, o *part) bool {
	squeeze := strings.NewReplacer(" ", "", "-", "")
	for _, f := range forms {
		for _, d := range o.dict {
			if strings.ContainsAny(f, " -") && squeeze.Replace(f) == squeeze.Replace(d) {
				return true
			}
		}
	}
	return false
}
