package matching

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A letter or a short code names which one of a kind a claim is about: "Vitamin C", "D
// vitamini", "B12", "5G", "4G". Within one language the differing code is refused as another
// entity; across languages the word beside it translates ("vitamin" = "vitamini") while the
// code, a part the lexicons know in neither language, is compared with nothing: a modifier is
// not compared across languages (decideWhole), so "Vitamin D prevents colds" took "C vitamini
// soğuk algınlığını önler". Two codes, one on each side and neither stated by the other, name
// two different ones.

// designator reports a part written as a code: one letter, or up to four letters and digits with
// both a letter and a digit ("B12", "5G"). "u" and "i" are pronouns typed short.
func designator(p *part) bool {
	t := p.text
	if p.num != "" || t == "" {
		return false
	}
	if n := utf8.RuneCountInString(t); n == 1 {
		r, _ := utf8.DecodeRuneInString(t)
		low := unicode.ToLower(r)
		return unicode.IsLetter(r) && low != 'u' && low != 'i' && low != 'ı'
	} else if n > 4 {
		return false
	}
	return strings.ContainsFunc(t, unicode.IsDigit) && strings.ContainsFunc(t, unicode.IsLetter) &&
		!strings.ContainsFunc(t, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// crossDesignators reports, across languages, a code of claim q and a code of fact-check r
// that neither states: two different ones of a kind.
func (ix *decision) crossDesignators(q, r *claimParts) string {
	if lexicalLang(q.lang) == lexicalLang(r.lang) || q.lang == "und" || r.lang == "und" {
		return ""
	}
	qa, ra := ix.alignParts(q, r)
	i := firstUnlinked(q, qa, func(p *part) bool { return !p.aside && designator(p) })
	j := firstUnlinked(r, ra, func(o *part) bool { return !o.aside && designator(o) })
	if i < 0 || j < 0 || strings.EqualFold(q.parts[i].text, r.parts[j].text) {
		return ""
	}
	return fmt.Sprintf("different entity: %s ≠ %s", q.parts[i].text, r.parts[j].text)
}
