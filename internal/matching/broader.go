package matching

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/turkish"
)

// A post may leave out what the fact-check adds when it is a detail (a year, a place, an
// aside), but not when it restricts what the fact-check's claim is about: "Antibiotics cure
// infections" for "Antibiotics cure viral infections", "Reading damages your eyesight" for
// "Reading in dim light damages your eyesight". The post then states a broader claim, whose
// truth the fact-check's verdict does not decide (a true claim would take "false"). The rules
// of this file find such a qualifier on an alignment decideWhole has finished, and only where
// the post says nothing of its own: every content word of the post is stated by the
// fact-check, so the post is the fact-check's claim with the qualifier taken away.

// broaderClaim reports the fact-check's qualifier the post leaves out while it states the
// qualified word bare, as a reason ("broader claim: the fact-check says viral infections, the
// claim says infections"), or "" when there is none.
func (ix *decision) broaderClaim(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) string {
	if !saysNothingElse(q, qa, r) {
		return ""
	}
	if j, h := ix.headQualifier(q, qa, r, ra); j >= 0 {
		return broaderWhy(r, q, min(j, h), max(j, h), ra.with[h])
	}
	if j, h := ix.partOfStandard(q, qa, r, ra); j >= 0 {
		return broaderWhy(r, q, min(j, h), max(j, h), ra.with[h])
	}
	if j, h := ix.shareOf(q, r, ra); j >= 0 {
		return broaderWhy(r, q, min(j, h), max(j, h), ra.with[h])
	}
	if why := ix.broaderKind(q, qa, r, ra); why != "" {
		return why // broader2.go
	}
	if from, to, v := actCondition(qa, r, ra); from >= 0 {
		return broaderWhy(r, q, min(from, v), max(to, v), ra.with[v])
	}
	return ""
}

// broaderWhy names the fact-check's words from to to (the qualified phrase, as the fact-check
// writes it) and the claim's part i that states its head bare.
func broaderWhy(r, q *claimParts, from, to, i int) string {
	return fmt.Sprintf("broader claim: the fact-check says %s, the claim says %s", lowerOpening(&r.parts[from], spanText(r, from, to)),
		lowerOpening(&q.parts[i], q.parts[i].text))
}

// lowerOpening lower-cases the word of part p that opens s unless it is a name or an acronym,
// as say does for a single word.
func lowerOpening(p *part, s string) string {
	if p.ent != nil || analysis.IsAllCaps(p.text) && len(p.text) > 1 || !strings.HasPrefix(s, p.text) {
		return s
	}
	if p.lang == "tr" {
		return turkish.Lower(p.text) + s[len(p.text):]
	}
	return strings.ToLower(p.text) + s[len(p.text):]
}

// spanText is parts from to to of c as its text writes them, with the words between them ("in
// dim light", "surface of the Sun"); the parts' words alone where the text does not hold them in
// that order.
func spanText(c *claimParts, from, to int) string {
	text := c.frameText
	if a := strings.Index(text, c.parts[from].text); a >= 0 {
		if b := strings.Index(text[a:], c.parts[to].text); b >= 0 {
			return text[a : a+b+len(c.parts[to].text)]
		}
	}
	words := make([]string, 0, to-from+1)
	for k := from; k <= to; k++ {
		if !c.parts[k].aside {
			words = append(words, c.parts[k].text)
		}
	}
	return strings.Join(words, " ")
}

// saysNothingElse reports a post every content word of which the fact-check states (or that
// decideWhole set aside): the post is the fact-check's claim with something taken away, not a
// claim in words of its own. Verbs are compared on meaning only (see decide), a generic person
// names anyone at all, and a number the fact-check states is stated.
func saysNothingElse(q *claimParts, qa sideAlign, r *claimParts) bool {
	for i := range q.parts {
		p := &q.parts[i]
		if qa.links[i] != unlinked || p.aside || isVerbal(p) || genericPerson(p) || p.num != "" && (numberStated(p, r) || p.detail) { // a detail: numread.go
			continue
		}
		return false
	}
	return true
}

// stated reports part j of the fact-check as stated by a part of the claim.
func stated(ra sideAlign, j int) bool { return ra.links[j] == linked && ra.with[j] >= 0 }

// fillerQualifiers are modifiers that count, order or compare rather than restrict to a kind
// ("fazla karbondioksit", "the first Europeans", "farklı tatları"): a claim may leave them to
// its verb or to nothing (folded).
var fillerQualifiers = map[string]bool{"fazla": true, "cok": true, "daha": true, "en": true, "ilk": true, "farkli": true,
	"diger": true, "bazi": true, "tum": true, "butun": true, "her": true, "first": true, "different": true, "other": true,
	"some": true, "many": true, "most": true, "all": true, "more": true, "much": true, "every": true, "various": true}

// qualifierWord reports a part that can restrict the word after it to a kind: a content word
// that is not a verb or a verb's form (an act, a participle: "Eating eggs", "ısıtılan yemek"),
// a number, a name, a possessor, a generic person, a letter or acronym ("C vitamini") or a
// filler.
func qualifierWord(o *part) bool {
	if o.num != "" || o.aside || o.verb || o.verbLike || o.ent != nil || o.relative || o.possessor || o.place ||
		verbalNoun(o) || genericPerson(o) || fillerQualifiers[o.folded] || strings.ToUpper(o.text) == o.text {
		return false
	}
	if _, suf := splitApostrophe(o.text); suf != "" {
		return false // "aeroplane's": a possessor
	}
	// A Turkish verb form or participle, unless the dictionary has the word itself ("matematik"
	// reads as a verb in -DIk).
	if o.lang == "tr" && (turkish.IsVerbForm(o.folded) && !contains(o.dict, o.folded) || subjectParticiple(o) || objectParticiple.MatchString(o.folded) || strings.HasSuffix(o.folded, "an") || strings.HasSuffix(o.folded, "en")) {
		return false
	}
	return true
}

// nounLexicon is the part of a lexicon that knows the English nouns (internal/thesaurus).
type nounLexicon interface{ IsNoun(word string) bool }

// headQualifier finds a qualifier of the fact-check left out, written directly before a word
// the claim states bare: an adjective ("viral" of "viral infections", "viral enfeksiyonları"), a
// Turkish -lI adjective ("Limonlu su"), or a noun that opens the subject ("Japon balıklarının")
// or names the kind of a word in a case ending ("matematik dersinden"). It restricts the word to
// a kind, and the claim says the word of every kind. A noun before a subject or object
// elsewhere is left alone, as it often only says where or of what the head is ("blood
// cholesterol", "stomach ulcers", "kan kolesterolünü"), and so is a qualifier right after a
// stated word of its own phrase ("Kahverengi kabuklu yumurta", "milli futbol takımı": a
// case-marked word, "okulda", ends its phrase) or before an act ("kitap okumak": its object).
// It returns the qualifier and its head; -1, -1 when there is none.
func (ix *decision) headQualifier(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int) {
	nouns, _ := ix.lex.(nounLexicon)
	for j := 0; j+1 < len(r.parts); j++ {
		o, h := &r.parts[j], &r.parts[j+1]
		if ra.links[j] != unlinked || linkedTo(qa, j) || !qualifierWord(o) || o.role == rolePredicate {
			continue
		}
		if h.clause != o.clause || h.aside || h.verb || h.num != "" || h.place || h.role == rolePredicate || verbalNoun(h) || !stated(ra, j+1) {
			continue
		}
		if j > 0 && r.parts[j-1].clause == o.clause && ra.links[j-1] != unlinked && !r.parts[j-1].verb && r.parts[j-1].role != roleAdjunct {
			continue
		}
		izafet := o.lang == "tr" && izafetModifier(o, h)
		if !(o.role == roleModifier || o.lang == "tr" && ix.withNounSuffix(o.folded) || izafet) || !adjacent(r.frameText, o.text, h.text) {
			continue
		}
		// A noun opening the subject ("Japon balıklarının") names the kind the whole claim is
		// about, one before a case ending the kind of a detail the claim states ("matematik
		// dersinden" for "sınıfta"); elsewhere only an adjective is sure to restrict.
		if !(j == 0 && o.first && (subjectHead(r) == j+1 || izafet) && q.parts[ra.with[j+1]].first) && h.role != roleAdjunct && !ix.adjective(nouns, o) {
			continue
		}
		if glossStated(r, ra, j) {
			continue // "Karbonat (sodyum bikarbonat)": the claim states it by its gloss
		}
		return j, j + 1
	}
	return -1, -1
}

// glossStated reports a parenthesised gloss of part j of r (saidof.go) that the claim states.
func glossStated(r *claimParts, ra sideAlign, j int) bool {
	for _, g := range r.glosses {
		if g.of != j {
			continue
		}
		for k := g.from; k < g.to && k < len(r.parts); k++ {
			if ra.links[k] != unlinked {
				return true
			}
		}
	}
	return false
}

// adjective reports a qualifier that is no noun: a Turkish -lI word ("limonlu"), or a word
// none of whose English readings (a Turkish word's translations) is a noun in the lexicon.
func (ix *decision) adjective(nouns nounLexicon, o *part) bool {
	if o.lang == "tr" && ix.withNounSuffix(o.folded) {
		return true
	}
	if nouns == nil {
		return false
	}
	words := []string{o.folded}
	if o.lang == "tr" {
		words = ix.translations(o, "en")
	}
	if len(words) == 0 && len(ix.lex.Lemmas("en", o.folded)) > 0 {
		words = []string{o.folded} // a word both languages write alike ("viral")
	}
	if len(words) == 0 || o.lang == "en" && len(ix.lex.Lemmas("en", o.folded)) == 0 {
		return false // a word the lexicon does not know is no known adjective
	}
	for _, w := range words {
		if nouns.IsNoun(w) {
			return false
		}
	}
	return true
}

// adjacent reports a written directly before b in text, as a modifier is before its noun (not
// "Incognito or private").
func adjacent(text, a, b string) bool { return followedBy(text, a, b, "") }

// followedBy reports word a in text followed, past white space, by the function word between
// (none when "") and an article or possessive, by word b: "surface of the Sun".
func followedBy(text, a, b, between string) bool {
	b = strings.ToLower(b)
	found := false
	eachWordAt(text, a, func(_, after string) bool {
		rest := strings.TrimLeft(after, " \t")
		if len(rest) == len(after) {
			return false // no space after a
		}
		if between != "" {
			w, next, ok := strings.Cut(rest, " ")
			if !ok || w != between {
				return false
			}
			rest = strings.TrimLeft(next, " \t")
			if w, next, ok := strings.Cut(rest, " "); ok && ofDeterminers[w] {
				rest = strings.TrimLeft(next, " \t")
			}
		}
		found = strings.HasPrefix(rest, b) && !wordRune(rest[len(b):], true)
		return found
	})
	return found
}

// ofDeterminers may stand between "of" and its noun.
var ofDeterminers = map[string]bool{"the": true, "a": true, "an": true, "our": true, "your": true, "their": true, "its": true}

// wordRune reports a letter or digit at the start (first) or end of s.
func wordRune(s string, first bool) bool {
	if s == "" {
		return false
	}
	var r rune
	if first {
		r, _ = utf8.DecodeRuneInString(s)
	} else {
		r, _ = utf8.DecodeLastRuneInString(s)
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// izafetModifier reports a bare Turkish noun (or a word no dictionary has, an acronym such as
// "mRNA") before a head carrying the compound's possessive ending: "mRNA aşıları", "Grip aşısı".
// The reading by position may take it for a core part of its own, but it says which kind of the
// head the claim is about, as an adjective does.
func izafetModifier(o, h *part) bool {
	return izafetWord(o) && (possessed(h, true) || pluralPossessed(h)) && (len(o.dict) == 0 || possessed(o, false))
}

// pluralPossessed reports a Turkish noun in the plural with the compound's possessive ending
// after a dictionary form of it ("aşıları" of "aşı"), with a case ending or none.
func pluralPossessed(h *part) bool {
	for _, d := range h.dict {
		if rest, ok := strings.CutPrefix(h.folded, d); ok && len(d) >= 2 && (strings.HasPrefix(rest, "lari") || strings.HasPrefix(rest, "leri")) {
			return true
		}
	}
	return false
}

// withSuffix reports a Turkish word ending in -lI ("limonlu", "şekerli"): "having", an
// adjective of its noun. Only the ending is read; withNounSuffix also asks for the noun.
func withSuffix(folded string) bool {
	return len(folded) > 4 && (strings.HasSuffix(folded, "li") || strings.HasSuffix(folded, "lu"))
}

// withNounSuffix reports a Turkish -lI adjective of a dictionary noun ("boynuzlu" of "boynuz"):
// a word that only ends like one ("milletvekili", a compound's possessive) is a noun itself.
func (ix *Index) withNounSuffix(folded string) bool {
	return withSuffix(folded) && ix.lex != nil && len(ix.lex.Spellings(folded[:len(folded)-2])) > 0
}

// partOfStandard finds a fact-check's standard of comparison that is a part of a word the claim
// states as its standard: English "than the surface of the Sun", Turkish "Güneş'in
// yüzeyinden" (a genitive before it). The claim that compares with "the Sun" compares with the
// whole. It returns the part's noun and the stated word; -1, -1 when there is none.
func (ix *decision) partOfStandard(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int) {
	for j := range r.parts {
		o := &r.parts[j]
		if ra.links[j] != unlinked || linkedTo(qa, j) || !o.standard || o.num != "" || o.aside || o.ent != nil || o.verb {
			continue
		}
		switch r.lang {
		case "en":
			if d := j + 1; d < len(r.parts) && r.parts[d].clause == o.clause && !r.parts[d].aside && stated(ra, d) && ofPhrase(r.frameText, o.text, r.parts[d].text) {
				return j, d
			}
		case "tr":
			if d := j - 1; d >= 0 && r.parts[d].clause == o.clause && !r.parts[d].aside && stated(ra, d) && ix.genitive(&r.parts[d]) &&
				!ix.genitive(&q.parts[ra.with[d]]) {
				return j, d
			}
		}
	}
	return -1, -1
}

// genitive reports a Turkish word in the genitive, a name by its ending after the apostrophe.
func (ix *decision) genitive(p *part) bool {
	if p.lang != "tr" {
		return false
	}
	if _, suf := splitApostrophe(p.text); suf != "" {
		return ix.morph.CaseOf("xx"+turkish.Fold(suf)) == turkish.Genitive
	}
	return p.possessor || ix.morph.CaseOf(p.folded) == turkish.Genitive
}

// ofPhrase reports "a of (the) b" in text.
func ofPhrase(text, a, b string) bool { return followedBy(text, a, b, "of") }

// shareOf finds a share of the fact-check's object the claim leaves out ("oksijenin yüzde
// 20'sini" for "oksijeni", "20% of the oxygen" for "the oxygen"): a percentage beside a word the
// claim states, while the claim states no number at all (a share said otherwise, "onda birini",
// is a number numbersDiffer compares). It returns the number and that word; -1, -1 when there is
// none.
func (ix *decision) shareOf(q *claimParts, r *claimParts, ra sideAlign) (int, int) {
	for i := range q.parts {
		if q.parts[i].num != "" {
			return -1, -1
		}
	}
	for j := range r.parts {
		o := &r.parts[j]
		if o.slot != "percent" || o.aside || ra.links[j] != unlinked {
			continue
		}
		for _, d := range []int{j - 2, j - 1, j + 1, j + 2} {
			if d >= 0 && d < len(r.parts) && r.parts[d].clause == o.clause && !r.parts[d].aside && r.parts[d].num == "" && !r.parts[d].verb &&
				r.parts[d].role == roleCore && stated(ra, d) && !ix.partOfIn(q, ra.with[d]) {
				return j, d
			}
		}
	}
	return -1, -1
}

// partOfIn reports part i of q as what a share or part of it is said of: a Turkish genitive
// ("Beynimizin … onda birini"), or an English word after "of".
func (ix *decision) partOfIn(q *claimParts, i int) bool {
	if q.lang == "tr" {
		return ix.genitive(&q.parts[i])
	}
	words := strings.FieldsFunc(strings.ToLower(q.frameText), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' })
	w := strings.ToLower(q.parts[i].text)
	for k, x := range words {
		if x != w || k == 0 {
			continue
		}
		if words[k-1] == "of" || k > 1 && ofDeterminers[words[k-1]] && words[k-2] == "of" {
			return true
		}
	}
	return false
}

// actCondition finds a phrase of the fact-check's subject left out whole when that subject is
// an act ("Reading in dim light", "Sleeping … with an electric fan running", "Loş ışıkta kitap
// okumak"): it says when or how the act has the effect the fact-check rates, and the claim that
// leaves it out says it of the act in general. In English the phrase stands between the act
// and the predicate, and its noun must not be followed by a stated word ("electric" of
// "electric fan" where the claim says "a fan": the claim states the phrase); in Turkish it
// opens the clause, before the act, and ends in a case ending ("ışıkta"), not in a word of the
// next phrase ("Balık üstüne yoğurt": "üstüne" goes with the stated "Balık"). A year is a
// detail. It returns the first and last parts left out and the act; -1, -1, -1 when there is
// none.
func actCondition(qa sideAlign, r *claimParts, ra sideAlign) (int, int, int) {
	left := func(j int) bool {
		o := &r.parts[j]
		return ra.links[j] == unlinked && !linkedTo(qa, j) && o.num == "" && !o.aside
	}
	for v := range r.parts {
		a := &r.parts[v]
		if !verbalNoun(a) || a.aside || !stated(ra, v) || a.clause != 0 {
			continue
		}
		if r.lang == "en" {
			if !a.first || a.role != roleCore {
				continue // "Living species": a modifier, not the act
			}
			from, to := -1, -1
			for j := v + 1; j < len(r.parts) && r.parts[j].clause == a.clause; j++ {
				o := &r.parts[j]
				if o.verb || o.role == rolePredicate {
					break
				}
				if !left(j) || o.role != roleAdjunct {
					continue // "Drinking alcohol": the act's object, not a condition
				}
				if from < 0 || j != to+1 {
					from = j
				}
				to = j
				if !verbalNoun(o) && !o.verbLike && j+1 < len(r.parts) && !stated(ra, j+1) {
					// a noun whose phrase ends here or goes on in words left out
					for k := j + 1; k < len(r.parts) && left(k); k++ {
						to = k
					}
					return from, to, v
				}
			}
			continue
		}
		if r.lang != "tr" || v == 0 {
			continue
		}
		start := 0
		for start < v && r.parts[start].clause != a.clause {
			start++
		}
		to := -1
		for j := start; j < v && left(j); j++ {
			if r.parts[j].role == roleAdjunct && !r.parts[j].verb {
				to = j
			}
		}
		if to >= 0 {
			return start, to, v
		}
	}
	return -1, -1, -1
}
