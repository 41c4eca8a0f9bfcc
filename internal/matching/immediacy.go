package matching

import "regexp"

// An English adverb of immediacy before "after" or "before" ("eating yogurt right after fish",
// "straight after a meal", "soon after eating") only says how close in time the two things are:
// the time relation is the preposition's. Turkish says the same with the postposition alone
// ("balık üstüne yoğurt", "yemekten sonra") or with an adverb the lexicon reads as a word of its
// own, so the English adverb aligns with nothing and reads as something the post adds ("the
// claim also says right"). Before "after" or "before", "right" is the degree adverb, not the
// noun, the side or the adjective; the closed class is read away and the preposition kept.
var enImmediacy = regexp.MustCompile(`(?i)\b(?:right|straight|immediately|directly|shortly|soon)\s+(after|before)\b`)

// immediacyWords reads an adverb of immediacy before "after" or "before" as the preposition
// alone (see enImmediacy).
func immediacyWords(text string) string {
	if !containsAnyCase(text, "after") && !containsAnyCase(text, "before") {
		return text
	}
	return enImmediacy.ReplaceAllString(text, "$1")
}
