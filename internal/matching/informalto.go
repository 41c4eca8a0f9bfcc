package matching

// enToContractions are the English contractions of a verb with the infinitive marker "to" that
// posts write as one word ("gonna" for "going to", "gotta" for "got to", "wanna" for "want
// to"): like "to" itself (enVerbCues) they make the word after them a verb, so "is gonna give
// you an ulcer" has "give" as its predicate, compared as verbs are, not as a noun in the
// fact-check's verb's place. A closed class of the written language, as the auxiliaries are;
// "gonna" and "gotta" are stopwords (normalize.go englishFunctionWords), so no part of their
// own. Not "hafta" or "hasta" ("have to", "has to"): a post of undetermined language may be
// Turkish, where they are "week" and "sick".
var enToContractions = map[string]bool{"gonna": true, "gotta": true, "wanna": true, "oughta": true, "tryna": true}

// toContraction reports a folded English word that is a verb fused with the infinitive "to"
// (enToContractions).
func toContraction(w string) bool { return enToContractions[w] }
