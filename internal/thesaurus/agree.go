package thesaurus

import "strings"

// agreeTranslations is how many of each word's first English translations the KeNet rule of
// TranslationsAgree reads for its confirmation (as many as relateTR reads for antonyms).
const agreeTranslations = 8

// TranslationsAgree reports two Turkish words that Relate leaves unrelated although the tables
// say they mean the same, read in two ways that Relate's rules leave out:
//
//   - their main translations are WordNet synonyms: the first English translation of each
//     (Translate's first, KeNet's where KeNet links the word, while relateTR's pivot reads
//     FreeDict's lists) share a synset, or WordNet links them as alike (wn-near, wn-derived),
//     among each one's first three senses, as Relate asks of two English words ("sanmak" →
//     think, "inanmak" → believe; "korunmak" → avoid, "önlemek" → avert). relateTR gives
//     first translations only their first two senses (firstPivotSynonym);
//   - KeNet puts them in one synset through a later sense than the first two kenetLimits
//     reads, and English confirms it: two of their first agreeTranslations translations are one
//     word or WordNet synonyms ("asıl" and "temel" share KeNet's synset for "basic, main").
//
// Words Relate finds opposite never agree here, nor do words of which one has no translation.
// Words it makes one a kind of the other may: main translations that are synonyms or forms of
// one word say the two name one thing, whichever reading made one broader ("zekâ" and "zeki",
// intelligence and intelligent, which Relate has as broader and narrower).
func (t *Thesaurus) TranslationsAgree(a, b string) bool {
	a, b = trLower(strings.TrimSpace(a)), trLower(strings.TrimSpace(b))
	if a == "" || b == "" || a == b {
		return false
	}
	// Relate is asked last: most pairs fail the cheaper readings first.
	return t.translationsMeet(a, b) && t.relateTR(a, b) != Antonym
}

// translationsMeet is TranslationsAgree's two readings, antonyms not yet excluded.
func (t *Thesaurus) translationsMeet(a, b string) bool {
	ta, tb := t.Translate("tr", "en", a), t.Translate("tr", "en", b)
	if len(ta) == 0 || len(tb) == 0 {
		return false
	}
	fa, fb := t.trForms(a), t.trForms(b)
	ma, mb := trPOSOf(a, fa), trPOSOf(b, fb)
	synonyms := func(x, y string) bool {
		rx, ry := enReading{word: x, mask: ma, headword: true}, enReading{word: y, mask: mb, headword: true}
		r := t.relateReadings(&rx, &ry, englishLimits)
		return r == Same || r == Synonym
	}
	if synonyms(ta[0], tb[0]) {
		return true
	}
	if !t.kenetShareSynset(fa, fb) {
		return false
	}
	for _, x := range ta[:min(len(ta), agreeTranslations)] {
		for _, y := range tb[:min(len(tb), agreeTranslations)] {
			if synonyms(x, y) {
				return true
			}
		}
	}
	return false
}

// kenetShareSynset reports two Turkish words, by their dictionary forms (trForms), of which
// KeNet has a sense of each in one synset, whatever the senses' rank.
func (t *Thesaurus) kenetShareSynset(fa, fb []string) bool {
	for _, x := range fa {
		for _, y := range fb {
			if x == y {
				continue
			}
			for _, s := range t.trSenses.get(x) {
				for _, u := range t.trSenses.get(y) {
					if s.syn() == u.syn() {
						return true
					}
				}
			}
		}
	}
	return false
}
