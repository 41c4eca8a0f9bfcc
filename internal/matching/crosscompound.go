package matching

import (
	"strings"

	"github.com/claimcheck/claimcheck/internal/thesaurus"
)

// Across languages one claim often says with a compound what the other says with another
// compound, a phrase or a single word: Turkish "sodyum bikarbonat" for English "baking soda",
// "basket topu" for "basketball". linkCompounds (compound.go) links such a pair only when a
// dictionary translates the compound whole; word by word, the parts may translate to nothing
// the other claim says ("baking" is no translation of "sodyum"). WordNet knows many English
// compounds and of/to-phrases as lemmas of their own ("baking soda", "sodium bicarbonate",
// "right to vote", "basketball"), each with its synonyms: a Turkish unit whose translation, or
// whose parts' translations put together, is such a lemma, synonymous with the English unit of
// the other claim, states that unit as a whole.

// crossUnit is one or two adjacent parts of a claim read as one thing, with the English lemmas
// it may be.
type crossUnit struct {
	at, n int
	forms []string
}

// crossCompoundTranslations bounds the translations of each Turkish word put together into an
// English compound: its main senses only, so a far sense of a word never makes a lemma.
const crossCompoundTranslations = 4

// linkCrossCompounds links, across languages, an English unit of one claim (a WordNet
// collocation of two adjacent words, joined as written or by "to"/"of", or a single word) to a
// Turkish unit of the other (a word, or an adjacent pair) when WordNet calls the two the same
// or synonyms: the Turkish unit read as a dictionary translation of the word or pair, or as the
// translations of its two words put together ("sodium bicarbonate", "right to vote",
// "basketball"). One side must be two words, so this adds nothing the word-by-word reading
// already finds; only unlinked parts are linked, and the parts of one of the two units must be
// unlinked or linked into the other (a word of the pair may already be linked to a gloss of the
// other claim: "soda" to "Karbonat" beside "sodyum bikarbonat").
func (ix *decision) linkCrossCompounds(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) {
	if ix.lex == nil || q.lang == r.lang {
		return
	}
	switch {
	case q.lang == "en" && r.lang == "tr":
		ix.crossCompounds(q, qa, r, ra)
	case q.lang == "tr" && r.lang == "en":
		ix.crossCompounds(r, ra, q, qa)
	}
}

// restatedKinds is restatedKind on the English claim of a cross-language pair. It runs once
// the alignment is otherwise done, so it sees what each word of the other claim came to state.
func (ix *decision) restatedKinds(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) {
	if e, ea, _, ta, ok := crossSides(q, qa, r, ra, "en"); ok && ix.lex != nil {
		ix.restatedKind(e, ea, ta)
	}
}

// crossSides orders a Turkish–English pair of claims: the one in language lang with its
// alignment, then the other with its; ok is false unless one claim is English and one Turkish.
func crossSides(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, lang string) (*claimParts, sideAlign, *claimParts, sideAlign, bool) {
	if q.lang == r.lang || q.lang != "en" && q.lang != "tr" || r.lang != "en" && r.lang != "tr" {
		return nil, sideAlign{}, nil, sideAlign{}, false
	}
	if q.lang == lang {
		return q, qa, r, ra, true
	}
	return r, ra, q, qa, true
}

// restatedKind links, in an English claim, a noun set right after a compound the other claim
// states, when WordNet names the compound a kind of that noun: "'black box' flight recorder"
// restates the black box by the broader name of the thing it is, so a post that says "kara
// kutu" says all of it. One modifier of the noun may stand between ("flight"), itself unstated:
// it narrows the broader name toward the compound, and says nothing the compound does not. The
// post's compound must state the compound alone (sharedPartner): where its "kara" is also all
// that states the fact-check's predicate "black", the post says nothing of the colour ("kara kutu
// her kazada bulunur"), and the recorder is left for the reading to weigh.
func (ix *decision) restatedKind(e *claimParts, ea sideAlign, ta sideAlign) {
	for _, u := range ix.unitsOnce(e, "en") {
		if u.n != 2 || ea.links[u.at] != linked || ea.links[u.at+1] != linked {
			continue
		}
		with := ea.with[u.at+1]
		if ix.sharedPartner(e, ea, u, ta) {
			continue
		}
		for _, h := range []int{u.at + 2, u.at + 3} {
			if h >= len(e.parts) || ea.links[h] != unlinked {
				break
			}
			o := &e.parts[h]
			if !unitPart(o, "en") || o.clause != e.parts[u.at].clause || o.verb || o.verbLike {
				break
			}
			broader := false
			for _, f := range u.forms {
				for _, d := range firstN(o.dict, 2) {
					broader = broader || ix.relations.relate(ix.lex, "en", f, d) == thesaurus.Broader
				}
			}
			if !broader {
				continue
			}
			for k := u.at + 2; k <= h; k++ {
				ea.links[k], ea.with[k] = linked, with
			}
			break
		}
	}
}

// crossCompounds is linkCrossCompounds with e the English claim and t the Turkish one.
func (ix *decision) crossCompounds(e *claimParts, ea sideAlign, t *claimParts, ta sideAlign) {
	eu := ix.unitsOnce(e, "en")
	if len(eu) == 0 {
		return
	}
	tu := ix.unitsOnce(t, "tr")
	for _, u := range eu {
		if ea.links[u.at] != unlinked && (u.n == 1 || ea.links[u.at+1] != unlinked) {
			continue
		}
	next:
		for _, v := range tu {
			if u.n+v.n < 3 || !crossFree(ta, v, ea, u) && !crossFree(ea, u, ta, v) {
				continue
			}
			for _, f := range u.forms {
				for _, g := range v.forms {
					switch ix.relations.relate(ix.lex, "en", f, g) {
					case thesaurus.Same, thesaurus.Synonym:
					default:
						continue
					}
					for k := u.at; k < u.at+u.n; k++ {
						if ea.links[k] == unlinked {
							ea.links[k], ea.with[k] = linked, v.at
						}
					}
					for k := v.at; k < v.at+v.n; k++ {
						if ta.links[k] == unlinked {
							ta.links[k], ta.with[k] = linked, u.at
						}
					}
					break next
				}
			}
		}
	}
}

// crossFree reports the parts of unit a unlinked, or linked into unit b.
func crossFree(aa sideAlign, a crossUnit, ba sideAlign, b crossUnit) bool {
	for k := a.at; k < a.at+a.n; k++ {
		if aa.links[k] != unlinked && (aa.links[k] != linked || aa.with[k] < b.at || aa.with[k] >= b.at+b.n) {
			return false
		}
	}
	return true
}

// unitPart reports a part that may be a word of a compound: a word of the lexicon's languages,
// not a number nor a name. An aside may be one ("Karbonat (sodyum bikarbonat)"): it states what
// it glosses, though it is never required.
func unitPart(p *part, lang string) bool {
	return p.lang == lang && p.num == "" && p.ent == nil && len(p.dict) > 0
}

// unitsOnce is englishUnits or turkishUnits (lang), read once per claim in a search.
func (ix *decision) unitsOnce(c *claimParts, lang string) []crossUnit {
	// A review's claim in its own language, read as the review was indexed, is read once for
	// every search (ReviewDoc.units).
	if d := c.review; d != nil && lang == c.lang && d.parts.Load() == c {
		if u := d.compoundUnits.Load(); u != nil {
			return *u
		}
		u := ix.readUnits(c, lang)
		d.compoundUnits.Store(&u)
		return u
	}
	k := unitsOf{c, lang}
	if u, ok := ix.units[k]; ok {
		return u
	}
	if ix.units == nil {
		ix.units = map[unitsOf][]crossUnit{}
	}
	u := ix.readUnits(c, lang)
	ix.units[k] = u
	return u
}

// readUnits is englishUnits or turkishUnits, by lang.
func (ix *decision) readUnits(c *claimParts, lang string) []crossUnit {
	if lang == "en" {
		return ix.englishUnits(c)
	}
	return ix.turkishUnits(c)
}

// englishUnits are the English claim's single words (by their base forms) and its pairs of
// adjacent words in one clause that WordNet knows as a lemma, written together or joined by
// "to" or "of" (the reading drops those words).
func (ix *decision) englishUnits(e *claimParts) []crossUnit {
	var out []crossUnit
	for i := range e.parts {
		p := &e.parts[i]
		if !unitPart(p, "en") {
			continue
		}
		out = append(out, crossUnit{i, 1, firstN(p.dict, 2)})
		if i+1 >= len(e.parts) {
			continue
		}
		n := &e.parts[i+1]
		if !unitPart(n, "en") || n.clause != p.clause || n.aside != p.aside {
			continue
		}
		var forms []string
		for _, a := range firstN(p.dict, 2) {
			for _, b := range firstN(n.dict, 2) {
				for _, f := range []string{a + " " + b, a + " to " + b, a + " of " + b} {
					forms = ix.addLemma(forms, f)
				}
			}
		}
		if len(forms) > 0 {
			out = append(out, crossUnit{i, 2, forms})
		}
	}
	return out
}

// turkishUnits are the Turkish claim's words and adjacent pairs in one clause with the English
// lemmas each may be: a word's main translations; a pair's translations as one phrase, and its
// words' main translations put together as an English compound (modifier first, "sodyum
// bikarbonat" → "sodium bicarbonate", or written as one word, "basket topu" → "basketball") or
// as the head's phrase (the head first, "to" or "of" between: "seçme hakkı" would be "right to
// vote"), whichever WordNet knows.
func (ix *decision) turkishUnits(t *claimParts) []crossUnit {
	var out []crossUnit
	// mains are each part's main translations, read once: a part is the second word of one
	// pair and the first of the next.
	mains := make([][]string, len(t.parts))
	read := make([]bool, len(t.parts))
	main := func(j int) []string {
		if !read[j] {
			read[j] = true
			for _, d := range t.parts[j].lexForms() {
				for _, x := range firstN(ix.relations.translate(ix.lex, "tr", "en", d), crossCompoundTranslations) {
					if !contains(mains[j], x) {
						mains[j] = append(mains[j], x)
					}
				}
			}
		}
		return mains[j]
	}
	for j := range t.parts {
		p := &t.parts[j]
		if !unitPart(p, "tr") {
			continue
		}
		pt := main(j)
		var single []string
		for _, x := range pt {
			single = ix.addLemma(single, x)
		}
		if len(single) > 0 {
			out = append(out, crossUnit{j, 1, single})
		}
		if j+1 >= len(t.parts) {
			continue
		}
		n := &t.parts[j+1]
		if !unitPart(n, "tr") || n.clause != p.clause || n.aside != p.aside || n.verb || p.verb {
			continue
		}
		var forms []string
		for _, b := range n.lexForms() {
			for _, x := range firstN(ix.relations.translate(ix.lex, "tr", "en", p.folded+" "+b), crossCompoundTranslations) {
				forms = ix.addLemma(forms, x)
			}
		}
		nt := main(j + 1)
		for _, x := range pt {
			if strings.Contains(x, " ") {
				continue
			}
			for _, y := range nt {
				if strings.Contains(y, " ") {
					continue
				}
				for _, f := range []string{x + " " + y, x + y, y + " to " + x, y + " of " + x} {
					forms = ix.addLemma(forms, f)
				}
			}
		}
		if len(forms) > 0 {
			out = append(out, crossUnit{j, 2, forms})
		}
	}
	return out
}

// addLemma adds to forms the WordNet lemma phrase f is, if any.
func (ix *decision) addLemma(forms []string, f string) []string {
	for _, l := range firstN(ix.lex.Lemmas("en", f), 1) {
		if !contains(forms, l) {
			forms = append(forms, l)
		}
	}
	return forms
}

// sharedPartner reports a part of e outside unit u that only a word of the other claim (ta is
// its alignment) stating u stands for: that word then states two things, and the other claim
// says the second nowhere else ("kara" of "kara kutu" for the predicate "black": no other word of
// the post says the colour). A word outside the compound that states the same word of e
// elsewhere says it ("kara kutusu … siyah").
func (ix *decision) sharedPartner(e *claimParts, ea sideAlign, u crossUnit, ta sideAlign) bool {
	// The words of the other claim stating u: those u's words are linked to, and a word
	// beside one of them linked into u (the other word of its compound).
	partner := func(j int) bool {
		for _, w := range []int{ea.with[u.at], ea.with[u.at+1]} {
			if j == w || (j == w-1 || j == w+1) && ta.links[j] == linked && ta.with[j] >= u.at && ta.with[j] < u.at+u.n {
				return true
			}
		}
		return false
	}
	for k, l := range ea.links {
		if k >= u.at && k < u.at+u.n || l != linked || !partner(ea.with[k]) {
			continue
		}
		said := false
		for m, lm := range ta.links {
			if lm == linked && !partner(m) && ta.with[m] >= 0 && ta.with[m] < len(e.parts) && ix.relateWords(&e.parts[k], &e.parts[ta.with[m]]) {
				said = true
				break
			}
		}
		if !said {
			return true
		}
	}
	return false
}
