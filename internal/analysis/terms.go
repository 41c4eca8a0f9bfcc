package analysis

import (
	"fmt"
)

// EnglishTerms returns the English query terms the offline analyzer builds for text written in
// lang ("tr", "en", "und", …), all of them rather than the first maxQueryTerms that en_query keeps.
// The knowledge-base matcher indexes every review by these terms, so a claim and a fact-check in
// different languages meet on the glossary's English, and Turkish paraphrases that use different
// words for one concept ("neden olur", "yol açar" → "cause") meet too. Negations come out as
// "not", "no", "never", "without" and numbers in English notation, exactly as in en_query.
func EnglishTerms(text, lang string) ([]string, error) {
	d, err := loadOfflineData()
	if err != nil {
		return nil, fmt.Errorf("english terms: %w", err)
	}
	qb := queryBuilder{lx: d.lx, fw: d.fw}
	return qb.build(scan(text), lang).Terms, nil
}

// Stopwords returns the built-in function words of lang, "tr" or "en" (lower-cased the language's
// way; nil for any other language). They are the project's own lists, not the stopwords-iso data
// set, so callers behave the same whether or not it is installed. Callers that drop stopwords must
// keep negations themselves: the lists include "not", "değil", "yok" and "hiç".
func Stopwords(lang string) []string {
	d, err := loadOfflineData()
	if err != nil {
		return nil
	}
	return d.fw.words(lang)
}

// IsNegationTerm reports whether an English term from EnglishTerms negates ("not", "never",
// "without", …), so a matcher can compare polarity with the same rules en_query uses.
func IsNegationTerm(term string) bool { return isNegationTerm(term) }
