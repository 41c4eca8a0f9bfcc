package matching

import (
	"regexp"
	"slices"
	"strings"

	"github.com/claimcheck/claimcheck/internal/turkish"
)

// A fact-check's claim may say what it says of its subject in more places than predicateSide
// reads: in a parenthesised aside that glosses a word of its predicate ("şeker hastalığına
// (diyabete) yol açar"), in an earlier clause of its own ("Toplardamarlardaki kan mavidir, ancak
// …"), in the relative clause of a Turkish predicate noun ("uzaydan görülebilen tek insan
// yapısıdır"), inside the quotation a subject is said to have said ("said 'Let them eat cake'
// about …"), or across languages in the noun a verb is made of ("poison" for "zehirler"). A post that states one of those, with a word of its own that states nothing
// else of the fact-check, says what the fact-check says of its subject: decide's last check
// (subjectOnly) must not refuse it.

// gloss is a parenthesised aside of a claim and the word it says again: the parts from, to
// (exclusive) are the aside's, of the main part before the parenthesis.
type gloss struct {
	of, from, to int
}

// glossAside records the aside read into the parts from on as a gloss of the last main part
// (before mainParts) written as word, when there is one.
func (c *claimParts) glossAside(mainParts, from int, word string) {
	if word == "" || from >= len(c.parts) {
		return
	}
	f := turkish.Fold(word)
	if k := strings.IndexAny(f, "'’"); k > 0 {
		f = f[:k]
	}
	for j := mainParts - 1; j >= 0; j-- {
		if c.parts[j].folded == f {
			c.glosses = append(c.glosses, gloss{of: j, from: from, to: len(c.parts)})
			return
		}
	}
}

// quoteSpan is a quotation: an opening quote mark after a space or the start, a closing one
// before a space, a punctuation mark or the end (an apostrophe inside a word is no quote).
var quoteSpan = regexp.MustCompile(`(?:^|[\s(:])['"“‘«]([^'"”’»]+)['"”’»](?:$|[\s,.;:!?)])`)

// quotedParts are the main parts of c written inside a quotation.
func quotedParts(c *claimParts) []int {
	words := map[string]bool{}
	for _, m := range quoteSpan.FindAllStringSubmatch(c.frameText, -1) {
		for _, w := range frameWords.FindAllString(m[1], -1) {
			words[turkish.Fold(w)] = true
		}
	}
	var out []int
	for j := range c.parts {
		if !c.parts[j].aside && words[c.parts[j].folded] {
			out = append(out, j)
		}
	}
	return out
}

// saidElsewhere reports a post q that states what fact-check r says of its subject somewhere
// predicateSide does not read (see the top of this file), by a part of r that q states with a
// word of its own: the word of q stating it states no other part of r (the alignment links them
// both ways), so a post stating only the subject ("Şeker yemek" for "Şeker yemek şeker
// hastalığına yol açar") never states a predicate through the subject's word said again.
func (ix *decision) saidElsewhere(q, r *claimParts, qa, ra sideAlign) bool {
	own := func(j int) bool {
		// A generic person ("insanı") names anyone at all: no content of its own (subjectOnly).
		if ra.links[j] != linked && ra.links[j] != opposite || genericPerson(&r.parts[j]) {
			return false
		}
		i := ra.with[j]
		return i >= 0 && i < len(q.parts) && qa.with[i] == j && (qa.links[i] == linked || qa.links[i] == opposite) && !q.parts[i].aside
	}
	subj := subjectEnd(r)
	side := predicateSide(r)
	// A gloss of a predicate part: the aside says that part again. Only where the rest of the
	// predicate side is verbs or stated: an aside after one word of a longer predicate ("sol
	// beyinli (mantıksal) ya da sağ beyinli (yaratıcı) olarak ikiye ayrılır") glosses that word,
	// not what the claim says.
	rest := func(of int) bool {
		for _, j := range side {
			if o := &r.parts[j]; j != of && !o.verb && !o.verbLike && !verbalNoun(o) && ra.links[j] != linked && ra.links[j] != opposite {
				return false
			}
		}
		return true
	}
	// Nor where the predicate glosses two words ("sol beyinli (mantıksal) ya da sağ beyinli
	// (yaratıcı)"): each is one of its alternatives, neither what it says.
	var predGlosses []gloss
	for _, g := range r.glosses {
		if slices.Contains(side, g.of) || ix.inPredicateClause(r, g.of) {
			predGlosses = append(predGlosses, g)
		}
	}
	if g := predGlosses; len(g) == 1 && rest(g[0].of) {
		for j := g[0].from; j < g[0].to && j < len(r.parts); j++ {
			if own(j) {
				return true
			}
		}
	}
	// A verb of the fact-check said across languages by a noun of the post that translates as the
	// verb's own stem ("fish + yogurt = poison" for "… zehirler", of "zehir"): a direct
	// translation of a noun, not one of the loose translations of a verb subjectOnly discounts.
	if q.lang != r.lang {
		for _, j := range side {
			if o := &r.parts[j]; o.verb && own(j) && ix.nounForVerb(&q.parts[ra.with[j]], o) {
				return true
			}
		}
	}
	// What a quotation says: the subject is said to have said it.
	for _, j := range quotedParts(r) {
		if j > subj && own(j) {
			return true
		}
	}
	if r.lang != "tr" {
		return false
	}
	// The closing predicate of each earlier clause, and the modifiers of the predicate noun: its
	// relative clause, stated by a verb of the post ("görülebilir" for "görülebilen"), not an
	// adjective, which may be the standard of a comparison said the other way round ("White eggs
	// are healthier than brown ones" for "Kahverengi … yumurta beyaz … yumurtadan daha
	// besleyicidir").
	earlier, modifiers := turkishPredicates(r)
	for _, j := range earlier {
		if j > subj && own(j) {
			return true
		}
	}
	for _, j := range modifiers {
		if j > subj && own(j) && q.parts[ra.with[j]].verb {
			return true
		}
	}
	return false
}

// inPredicateClause reports a part after the subject phrase in the clause of r's closing
// predicate.
func (ix *decision) inPredicateClause(r *claimParts, j int) bool {
	side := predicateSide(r)
	return len(side) > 0 && r.parts[side[0]].clause == r.parts[j].clause && j > subjectEnd(r)
}

// turkishPredicates are the parts of a Turkish claim that say what it says of its subject
// beyond predicateSide: earlier, the last word of each clause before the closing predicate's
// (with the word before it when that word closes the clause as a verb); modifiers, those before
// the word predicateSide takes before the predicate ("uzaydan çıplak gözle görülebilen tek insan
// yapısıdır"); never the first part of a clause.
func turkishPredicates(c *claimParts) (earlier, modifiers []int) {
	side := predicateSide(c)
	if len(side) == 0 {
		return nil, nil
	}
	var out []int
	last := c.parts[side[0]].clause
	for k := range c.parts {
		p := &c.parts[k]
		if p.aside || p.clause == last {
			continue
		}
		if k+1 < len(c.parts) && c.parts[k+1].clause == p.clause && !c.parts[k+1].aside {
			continue // not the clause's last part
		}
		if !p.first && p.num == "" {
			out = append(out, k)
		}
		if b := k - 1; p.role == rolePredicate && b >= 0 && c.parts[b].clause == p.clause && !c.parts[b].first && !c.parts[b].aside {
			out = append(out, b)
		}
	}
	for k := side[len(side)-1] - 1; k >= 0; k-- {
		p := &c.parts[k]
		if p.aside || p.first || p.clause != last || p.role != roleModifier {
			break
		}
		modifiers = append(modifiers, k)
	}
	return out, modifiers
}

// nounForVerb reports a noun p (no verb, nor a verb's noun) whose first translations into the
// language of verb o hold a stem o is made of ("poison": "zehir" of "zehirler"), not its
// infinitive; or, for a Turkish verb made of a noun by -lA ("zehirlemek" of "zehir"), that
// noun's adjective in -lI ("toxic": "zehirli", what poisons).
func (ix *decision) nounForVerb(p, o *part) bool {
	if ix.lex == nil || p.lang == o.lang || p.verb || p.verbLike || verbalNoun(p) {
		return false
	}
	infinitive := func(d string) bool { return strings.HasSuffix(d, "mak") || strings.HasSuffix(d, "mek") }
	for _, d := range firstN(p.dict, 2) {
		for _, t := range firstN(ix.relations.translate(ix.lex, p.lang, o.lang, d), 2) {
			tf := turkish.Fold(t)
			for _, od := range o.dict {
				if o.lang != "tr" {
					if od == tf {
						return true
					}
					continue
				}
				if infinitive(od) {
					continue
				}
				if od == tf {
					return true
				}
				if (tf == od+"li" || tf == od+"lu") && (contains(o.dict, od+"lemek") || contains(o.dict, od+"lamak")) {
					return true
				}
			}
		}
	}
	return false
}
