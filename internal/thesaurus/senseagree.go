package thesaurus

import "strings"

// confirmTranslations is how many of each English word's first Turkish translations
// SensesAgree reads for its confirmation: a dictionary lists a word's main senses first.
const confirmTranslations = 2

// SensesAgree reports two English words (lower case; inflections are reduced) that Relate leaves
// unrelated because WordNet joins them only through a sense beyond the first three it reads,
// while the English–Turkish dictionary confirms that sense is a main one: some sense of each
// shares a synset or is linked as alike (wn-near: a satellite and its head, "also see", a verb
// group), and one of the first confirmTranslations Turkish translations of each is one word, or
// the two are Turkish synonyms by Relate. "hot" is "spicy" only in its ninth WordNet sense, but
// both translate to "baharatlı" among their first two; "bad" is alike to "harmful" only in its
// eleventh, and their first translations, "kötü" and "fena", are synonyms.
//
// It is the English reading of TranslationsAgree's KeNet rule: a late sense WordNet records is
// a real meaning of the word, and the other language's dictionary, written apart, says whether
// it is the one people mean. Words of only a shared head ("blue", "red") or of one hypernym are
// never joined: neither is a synset or a near link. Words Relate finds related or opposite are
// left to Relate.
func (t *Thesaurus) SensesAgree(a, b string) bool {
	a, b = strings.ToLower(strings.TrimSpace(a)), strings.ToLower(strings.TrimSpace(b))
	if a == "" || b == "" || a == b {
		return false
	}
	if !t.sensesMeet(a, b) || !t.translationsConfirm(a, b) {
		return false
	}
	// Relate is asked last: most pairs fail the cheaper readings first.
	return t.Relate("en", a, b) == Unrelated
}

// sensesMeet reports a sense of a and a sense of b, of any rank, in one synset or linked in
// wn-near.
func (t *Thesaurus) sensesMeet(a, b string) bool {
	cb := t.candidates(b)
	for _, x := range t.candidates(a) {
		sx := t.senses.get(x)
		for _, y := range cb {
			for _, u := range t.senses.get(y) {
				for _, s := range sx {
					if s.syn() == u.syn() || t.en.near.holds(s.syn(), u.syn()) {
						return true
					}
				}
			}
		}
	}
	return false
}

// translationsConfirm reports one of the first confirmTranslations Turkish translations of a
// and one of b's that are one word or Turkish synonyms.
func (t *Thesaurus) translationsConfirm(a, b string) bool {
	ta, tb := firstN(t.Translate("en", "tr", a), confirmTranslations), firstN(t.Translate("en", "tr", b), confirmTranslations)
	for _, x := range ta {
		for _, y := range tb {
			if x == y {
				return true
			}
			if r := t.relateTR(x, y); r == Same || r == Synonym {
				return true
			}
		}
	}
	return false
}
