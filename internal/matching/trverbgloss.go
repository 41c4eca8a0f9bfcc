package matching

import (
	"strings"

	"github.com/claimcheck/claimcheck/internal/turkish"
)

// glossRoundTrip is how many of an English verb's Turkish verb translations (single words with
// an infinitive ending, in the dictionaries' order) are read for the Turkish verb it glosses:
// an English verb whose first two Turkish verbs include the Turkish verb is that verb's own
// meaning ("produce" → "üremek", "üretmek"), not a gloss of one of its senses. Three let
// "salmak" (third for levy) through, whose main sense is "release".
const glossRoundTrip = 2

// trVerbsGlossedApart reports a Turkish verb of the claim (p) in the place of the fact-check's
// Turkish verb (o) whose main English translations the English rule keeps apart (VerbsApart,
// verbsense.go), where each translation is the Turkish verb's own meaning both ways round: the
// Turkish verb's first English translation is a WordNet verb, and that verb's first
// glossRoundTrip Turkish verbs hold the Turkish verb again. "Amazon ormanları dünyadaki
// oksijenin %20'sini tüketiyor" (tüketmek → consume → tüketmek) is not "… üretir" (üretmek →
// produce → üretmek): consume and produce are two predicates. A translation one way only is a
// gloss of some sense, too loose to call two verbs different ("salmak" → levy, whose first
// Turkish verbs are "vergilendirmek", "haczetmek": "yayıyor" for "salar" is a rewording), and
// KeNet's links (trverbili.go) miss a verb whose main sense is unlinked ("üretmek"). A Turkish light
// verb ("eder", "olur", "verir": isLightVerb, claimparts.go) is not judged: it says little of
// its own (its first translations, "perform", "happen", round-trip all the same), and the noun
// of its phrase has no infinitive. Every verb the two words may be must be apart, the readings
// only their stems give as well (trStemVerbs, trverbs.go): "salar" is read as "salamak" (to
// furnish) and is the aorist of "salmak" (to release), "giderdi" as "gidermek" (to remove) and
// is the past of "gitmek" (to go), and either reading may be the post's.
func (ix *decision) trVerbsGlossedApart(p, o *part) bool {
	d, ok := ix.lex.(verbSenseLexicon)
	if !ok || p.lang != "tr" || o.lang != "tr" || !p.verb || !o.verb || p.ent != nil || o.ent != nil || p.num != "" || o.num != "" || ix.isLightVerb(p.folded) || ix.isLightVerb(o.folded) {
		return false
	}
	as, bs := ix.verbReadings(p), ix.verbReadings(o)
	if len(as) == 0 || len(bs) == 0 {
		return false
	}
	ga := make([]string, len(as))
	for i, a := range as {
		if ga[i] = ix.ownGloss(d, a); ga[i] == "" {
			return false
		}
	}
	for _, b := range bs {
		gb := ix.ownGloss(d, b)
		if gb == "" {
			return false
		}
		for _, g := range ga {
			if !ix.verbPairApart(d, g, gb) {
				return false
			}
		}
	}
	return true
}

// ownGloss is the first English translation of the Turkish infinitive v when it is a WordNet
// verb that translates back to v among its first glossRoundTrip Turkish verbs; "" otherwise.
func (ix *decision) ownGloss(d verbSenseLexicon, v string) string {
	en := ix.lex.Translate("tr", "en", v)
	if len(en) == 0 || d.VerbSenses(en[0]) == 0 {
		return ""
	}
	want := strings.ToLower(turkish.Fold(v))
	n := 0
	for _, t := range ix.lex.Translate("en", "tr", en[0]) {
		if strings.Contains(t, " ") || !trInfinitive(t) {
			continue
		}
		if strings.ToLower(turkish.Fold(t)) == want {
			return en[0]
		}
		if n++; n == glossRoundTrip {
			break
		}
	}
	return ""
}

// verbReadings are the Turkish infinitives a verb part may be: its dictionary forms with an
// infinitive ending and the verbs its stems give (trStemVerbs).
func (ix *decision) verbReadings(p *part) []string {
	return append(infinitives(p.lexForms()), ix.trStemVerbs(p)...)
}
