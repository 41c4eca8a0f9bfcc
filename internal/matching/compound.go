package matching

import (
	"github.com/claimcheck/claimcheck/internal/thesaurus"
	"github.com/claimcheck/claimcheck/internal/turkish"
)

// compound is two adjacent parts of a claim that the lexicon knows together as one lemma
// ("akciğer kanseri", "soğuk algınlığı", "hayatta kalmak", "lung cancer", "common cold"): the
// pair means what the lemma means, which its words alone may not ("soğuk" is cold weather,
// "soğuk algınlığı" the illness "nezle" names).
type compound struct {
	at    int      // index of the first part; the second is at+1
	forms []string // the lemmas the pair may be, folded for Turkish
}

// compounds finds the adjacent part pairs of c that the lexicon knows as a lemma: the first
// word as written (a Turkish compound inflects on its last word, an English one on its head)
// and a dictionary form or lemma candidate of the second, in one clause, neither a number, a
// name or an aside.
func (ix *Index) compounds(c *claimParts) []compound {
	if ix.lex == nil {
		return nil
	}
	var out []compound
	for i := 0; i+1 < len(c.parts); i++ {
		p, n := &c.parts[i], &c.parts[i+1]
		if p.num != "" || n.num != "" || p.aside || n.aside || p.ent != nil || n.ent != nil ||
			p.clause != n.clause || p.lang != n.lang || (p.lang != "tr" && p.lang != "en") {
			continue
		}
		other := "en"
		if p.lang == "en" {
			other = "tr"
		}
		var forms []string
		for _, second := range append(append([]string(nil), n.dict...), firstN(n.lemmas, 4)...) {
			form := p.folded + " " + second
			if len(second) < 2 || contains(forms, form) {
				continue
			}
			if len(ix.relations.translate(ix.lex, p.lang, other, form)) > 0 {
				forms = append(forms, form)
			}
			if j := ix.joinedCompound(p.lang, other, p.folded, second); j != "" && !contains(forms, j) {
				forms = append(forms, j) // multiword.go
			}
		}
		forms = ix.splitCompound(p, n, forms) // kindname.go
		if len(forms) > 0 {
			out = append(out, compound{at: i, forms: forms})
		}
	}
	return out
}

// compounds is Index.compounds, remembered: alignAnew asks for both claims' compounds twice
// per alignment, and a decision aligns each claim with many others. The result is read only.
func (ix *decision) compounds(c *claimParts) []compound {
	out, ok := ix.compoundsOf[c]
	if !ok {
		out = ix.Index.compounds(c)
		ix.compoundsOf[c] = out
	}
	return out
}

// linkCompounds links the parts of a's compounds that a part or a compound of b states: the
// same lemma, a synonym, a safe hypernym in the claim's favour (within a language) or a
// translation (across). fromClaim says a is the claim. Only links are added: an antonym found
// through a compound is left to the word-by-word reading, which places it.
func (ix *decision) linkCompounds(a *claimParts, aa sideAlign, b *claimParts, ba sideAlign, fromClaim bool) {
	bc := ix.compounds(b)
	for _, c := range ix.compounds(a) {
		if aa.links[c.at] != unlinked && aa.links[c.at+1] != unlinked {
			continue
		}
		type unit struct {
			at, n int
			forms []string
		}
		var units []unit
		for _, d := range bc {
			units = append(units, unit{d.at, 2, d.forms})
		}
		for j := range b.parts {
			if o := &b.parts[j]; o.num == "" && (o.lang == "tr" || o.lang == "en") {
				units = append(units, unit{j, 1, o.dict})
			}
		}
		lang := a.parts[c.at].lang
		for _, u := range units {
			if u.n == 1 && u.at > 0 && ba.links[u.at-1] == unlinked && b.parts[u.at-1].role == roleModifier &&
				b.parts[u.at-1].clause == b.parts[u.at].clause && b.parts[u.at-1].num == "" && !b.parts[u.at-1].verb {
				// "breast cancer" is a cancer, but not the other claim's "cervical cancer": a
				// head with a modifier of its own left over is another kind of it.
				continue
			}
			if u.n == 1 && ba.links[u.at] == linked && ba.with[u.at] != c.at && ba.with[u.at] != c.at+1 {
				// A part the other claim already states with a word of its own ("öğün" for
				// "öğünüdür") is not this compound too ("akşam yemeği" is a meal, but the claim
				// says "meal" already).
				continue
			}
			if !ix.statesCompound(lang, c.forms, b.parts[u.at].lang, u.forms, fromClaim) {
				continue
			}
			for k := c.at; k <= c.at+1; k++ {
				if aa.links[k] == unlinked {
					aa.links[k], aa.with[k] = linked, u.at
				}
			}
			for k := u.at; k < u.at+u.n; k++ {
				if ba.links[k] == unlinked {
					ba.links[k], ba.with[k] = linked, c.at
				}
			}
			break
		}
	}
}

// statesCompound reports whether forms (of language la) are stated by other (of language lb).
func (ix *Index) statesCompound(la string, forms []string, lb string, other []string, fromClaim bool) bool {
	related := func(lang, x, y string) bool {
		switch ix.relations.relate(ix.lex, lang, x, y) {
		case thesaurus.Same, thesaurus.Synonym:
			return true
		case thesaurus.Broader:
			return fromClaim
		case thesaurus.Narrower:
			return !fromClaim
		}
		return false
	}
	for _, f := range forms {
		for _, g := range other {
			if la == lb {
				if f == g || related(la, f, g) {
					return true
				}
				continue
			}
			for _, t := range firstN(ix.relations.translate(ix.lex, la, lb, f), 6) {
				if lb == "tr" {
					t = turkish.Fold(t)
				}
				if t == g || related(lb, t, g) {
					return true
				}
			}
			for _, t := range firstN(ix.relations.translate(ix.lex, lb, la, g), 6) {
				if la == "tr" {
					t = turkish.Fold(t)
				}
				if t == f {
					return true
				}
			}
		}
	}
	return false
}

// compoundHeadOnly finds a compound of the fact-check whose first word no part of the claim
// states while its head is linked to a claim part that is not the same word and does not state
// the compound; it returns that claim part and the compound's first index, or -1, -1.
func (ix *decision) compoundHeadOnly(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int) {
	for _, d := range ix.compounds(r) {
		if ra.links[d.at] != unlinked || ra.links[d.at+1] != linked {
			continue
		}
		head := &r.parts[d.at+1]
		for i := range q.parts {
			p := &q.parts[i]
			if qa.links[i] != linked || qa.with[i] != d.at+1 || p.num != "" || ix.relateWords(p, head) {
				continue
			}
			if p.lang != "tr" && p.lang != "en" || !ix.statesCompound(head.lang, d.forms, p.lang, p.dict, false) {
				return i, d.at
			}
		}
	}
	return -1, -1
}
