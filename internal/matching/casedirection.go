package matching

import (
	"fmt"
	"strings"

	"github.com/claimcheck/claimcheck/internal/turkish"
)

// caseDirectionFlip reports, as a reason, a noun the claim and the fact-check both state (linked
// parts) that one of them marks as where something comes from and the other as where it goes or
// is, while the two predicates are verbs the alignment left apart (decideWhole takes such a pair
// for the predicate reworded). The direction is then the predicate's own: "Devekuşları
// başlarını kumdan çıkarır" (out of the sand) is not "… kuma gömer" (into the sand), "Elmaslar
// kömüre dönüşür" (turn into coal) not "Elmaslar kömürden oluşur" (are formed from coal),
// "Vücut ısımızın çoğunu başımızda tutarız" (keep in the head) not "… başımızdan kaybederiz",
// "Diamonds turn into coal" not "Diamonds are formed from coal". A rewording of the predicate
// keeps the noun's direction ("kömürden meydana gelir", "are made from coal"), or turns the
// whole claim round so that the noun takes another role ("Kömür elmasa dönüşür"), which no case
// of the same noun flips.
//
// The cue is closed: in Turkish the ablative (-DAn) against the dative (-(y)A) or locative
// (-DA) right before the verb (turkish.Morphology.CaseOf, on a word whose stem is one of its
// lemmas with the final consonant's softening undone, "renge" → "renk"); in English the preposition
// before the noun (determiners and possessives skipped), "from", "out of" or "off" against "in",
// "into", "onto" or "to". It must never refuse a rewording, so it stays out of what the case
// does not decide:
//   - a verb the alignment linked (a synonym, the same verb): the direction then comes with a
//     verb that says the same thing ("kırmızıdan öfkelenir" for "kırmızı renge öfkelenir");
//   - a negation on either side ("7 sene mideden çıkmaz" for "… midede kalır" says the claim
//     with its opposite verb denied; the negation rules judge it);
//   - a fact-check noun that is a where/when adjunct (part.place): the claim may name a cause or
//     a separation where the fact-check names the setting ("protects you from the cold" for
//     "keeps you warm in the cold", "soğuk havadan" for "soğuk havada"); but an English place
//     right after an object both claims state is where the object goes ("lift their heads from
//     the sand" for "bury their heads in the sand", objectBefore);
//   - a Turkish fact-check noun in the dative or locative of a verb without an object in the
//     accusative: that is most often what a feeling is about, which an ablative says as well
//     ("kırmızı renkten çıldırır" for "kırmızı renge öfkelenir"); with an object moved, kept or
//     lost ("başlarını kuma gömer", "ısımızın çoğunu başımızdan kaybederiz") or a fact-check
//     ablative of source ("kömürden oluşur") the case is the direction;
//   - a Turkish noun not right before a verb of its claim (the standard of a comparison,
//     "insanlardan daha fazla"; a noun before a postposition, "insanlara göre").
func (ix *decision) caseDirectionFlip(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, cross bool) string {
	if cross || q.lang != r.lang || (q.lang != "tr" && q.lang != "en") {
		return ""
	}
	// The fact-check's verb counts as left apart when linked to a word of the claim that is no
	// verb ("zamanla" taken for "oluşur"): no verb of the claim restates it.
	qv, rv := firstUnlinked(q, qa, func(p *part) bool { return p.verb && !p.aside }), -1
	for j := range r.parts {
		if o := &r.parts[j]; o.verb && !o.aside && (ra.links[j] == unlinked || ra.links[j] == linked && ra.with[j] >= 0 && ra.with[j] < len(q.parts) && !q.parts[ra.with[j]].verb) {
			rv = j
			break
		}
	}
	if qv < 0 || rv < 0 || anyNegated(q) || anyNegated(r) {
		return ""
	}
	for i := range q.parts {
		j := qa.with[i]
		if qa.links[i] != linked || j < 0 || j >= len(r.parts) {
			continue
		}
		p, o := &q.parts[i], &r.parts[j]
		if p.verb || o.verb || p.num != "" || o.num != "" || o.aside || p.lang != o.lang || p.standard && p.lang == "en" || o.standard && o.lang == "en" {
			continue
		}
		if o.place && !(p.lang == "en" && objectBefore(q, qa, i, r, j)) {
			continue
		}
		var a, b direction
		if p.lang == "tr" {
			a, b = ix.trDirection(q, p), ix.trDirection(r, o)
			if a == noDirection || b == noDirection || !caseStemmed(p) || !caseStemmed(o) || b == toDirection && !ix.objectsBoth(q, qa, r) {
				continue
			}
		} else {
			a, b = enDirection(q.read, p.text), enDirection(r.read, o.text)
		}
		if a != noDirection && b != noDirection && a != b {
			if p.lang == "tr" {
				return fmt.Sprintf("different predicate: %s %s ≠ %s %s", turkish.Lower(p.text), q.parts[qv].text, turkish.Lower(o.text), r.parts[rv].text)
			}
			return fmt.Sprintf("different predicate: %s %s %s ≠ %s %s %s", q.parts[qv].text, a, p.text, r.parts[rv].text, b, o.text)
		}
	}
	return ""
}

// objectBefore reports English parts i of q and j of r right after an object both claims state
// (linked core parts, neither the subject): "lift their heads from the sand", "bury their heads
// in the sand". The place is then where the object goes, not the setting of the claim.
func objectBefore(q *claimParts, qa sideAlign, i int, r *claimParts, j int) bool {
	if i < 1 || j < 1 {
		return false
	}
	a, b := &q.parts[i-1], &r.parts[j-1]
	return qa.links[i-1] == linked && qa.with[i-1] == j-1 && a.role == roleCore && b.role == roleCore && !a.first && !b.first && !a.verb && !b.verb &&
		a.clause == q.parts[i].clause && b.clause == r.parts[j].clause
}

// objectsBoth reports a core noun in the accusative in both claims, linked: the verbs act on one
// object (Turkish). A modifier is no object, whatever its ending ("kırmızı renge": "-ı" is no
// accusative there).
func (ix *decision) objectsBoth(q *claimParts, qa sideAlign, r *claimParts) bool {
	for i := range q.parts {
		if j := qa.with[i]; qa.links[i] == linked && j >= 0 && j < len(r.parts) && q.parts[i].role == roleCore && r.parts[j].role == roleCore &&
			ix.morph.CaseOf(strings.ToLower(turkish.Fold(q.parts[i].text))) == turkish.Accusative &&
			ix.morph.CaseOf(strings.ToLower(turkish.Fold(r.parts[j].text))) == turkish.Accusative {
			return true
		}
	}
	return false
}

// direction is the way a noun's case or preposition points: where from, or where to or at.
type direction int

const (
	noDirection direction = iota
	fromDirection
	toDirection
)

// String is the direction as a reason shows it.
func (d direction) String() string {
	switch d {
	case fromDirection:
		return "from"
	case toDirection:
		return "into"
	}
	return ""
}

// anyNegated reports a negated part of c.
func anyNegated(c *claimParts) bool {
	for i := range c.parts {
		if c.parts[i].neg {
			return true
		}
	}
	return false
}

// trDirection reads the case of a Turkish noun right before a verb of its claim as a direction:
// the ablative as where from, the dative and locative as where to or at. A noun elsewhere is no
// complement of the verb (the standard of a comparison, "insanlardan daha fazla"; a noun before
// a postposition that governs its case, "insanlara göre", "yüzyıldan beri").
func (ix *decision) trDirection(c *claimParts, p *part) direction {
	if ix.morph == nil {
		return noDirection
	}
	var d direction
	switch ix.morph.CaseOf(strings.ToLower(turkish.Fold(p.text))) {
	case turkish.Ablative:
		d = fromDirection
	case turkish.Dative, turkish.Locative:
		d = toDirection
	default:
		return noDirection
	}
	beforeVerb := false
	eachWordAt(c.read, p.text, func(_, after string) bool {
		f := strings.Fields(after)
		if len(f) == 0 {
			return false
		}
		next := strings.Trim(f[0], ".,;:!?\"'")
		for k := range c.parts {
			if c.parts[k].verb && strings.EqualFold(c.parts[k].text, next) {
				beforeVerb = true
			}
		}
		return beforeVerb
	})
	if !beforeVerb {
		return noDirection
	}
	return d
}

// trCaseEndings are the folded case endings a noun's stem is read without.
var trCaseEndings = []string{"ndan", "nden", "dan", "den", "tan", "ten", "nda", "nde", "da", "de", "ta", "te", "na", "ne", "ya", "ye", "a", "e"}

// caseStemmed reports a Turkish word whose stem before a case ending is one of its lemmas
// ("kumdan" → "kum", "renge" → "renk", "Çin'den" → "Çin"): a word that only ends in a case's
// letters ("beden", "kuvvetle") is read as its whole self.
func caseStemmed(p *part) bool {
	for _, st := range caseStems(p.text) {
		if st == p.folded || contains(p.lemmas, st) {
			return true
		}
	}
	return false
}

// caseStems are the stems a folded Turkish word may have before a case ending, the final
// consonant hardened ("reng" → "renk", "kitab" → "kitap").
func caseStems(w string) []string {
	w = strings.ToLower(turkish.Fold(w))
	if base, suf := turkish.SplitApostrophe(w); suf != "" {
		return []string{base}
	}
	var out []string
	for _, e := range trCaseEndings {
		stem, ok := strings.CutSuffix(w, e)
		if !ok || len(stem) < 2 {
			continue
		}
		switch stem[len(stem)-1] {
		case 'g':
			stem = stem[:len(stem)-1] + "k"
		case 'b':
			stem = stem[:len(stem)-1] + "p"
		case 'd':
			stem = stem[:len(stem)-1] + "t"
		}
		out = append(out, stem)
	}
	return out
}

// enSkip are the English determiners and possessives between a preposition and its noun.
var enSkip = map[string]bool{
	"the": true, "a": true, "an": true, "your": true, "their": true, "its": true, "his": true, "her": true,
	"our": true, "my": true, "this": true, "that": true, "these": true, "those": true,
}

// enDirection reads the preposition before an English noun (word, as written) in text as a
// direction: "from", "out of" and "off" as where from; "in", "into", "onto" and "to" as where to
// or at.
func enDirection(text, word string) direction {
	d := noDirection
	eachWordAt(text, word, func(before, _ string) bool {
		f := strings.Fields(before)
		for len(f) > 0 && enSkip[strings.Trim(f[len(f)-1], ",.;:!?\"'")] {
			f = f[:len(f)-1]
		}
		if len(f) == 0 {
			return false
		}
		switch f[len(f)-1] {
		case "from", "off":
			d = fromDirection
		case "of":
			if len(f) > 1 && f[len(f)-2] == "out" {
				d = fromDirection
			}
		case "in", "into", "onto", "to":
			d = toDirection
		}
		return d != noDirection
	})
	return d
}
