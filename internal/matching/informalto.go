package matching

// enToContractions are the English contractions of a verb with the infinitive marker "to" that
// posts write as one word ("gonna" for "going to", "gotta" for "got to", "wanna" for "want
// to"): like "to" itself (enVerbCues) they make the word after them a verb, so "is gonna give
// you an ulcer" has "give" as its predicate, compared as verbs are, not as a noun in the
// fact-check's verb's place. A closed class of the written language, as the auxiliaries are;
// each is a stopword already (normalize.go englishFunctionWords), so no part of its own.
var enToContractions = map[string]bool{"gonna": true, "gotta": true, "wanna": true, "hafta": true, "hasta": true,
	"oughta": true, "tryna": true}

// toContraction reports a folded English word that is a verb fused with the infinitive "to"
// (enToContractions).
func toContraction(w string) bool { return enToContractions[w] }
