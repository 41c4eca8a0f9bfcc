package matching

import "strings"

// aoristVerb reads a Turkish verb stem that ends like a consonant-final verb's aorist -Ar or
// -Ir as that verb too, when the letters before the aorist are a lemma candidate of the word and
// a verb the lexicon knows: "içersen" (iç-er-sen, if you drink) is "içmek" as well as "içermek"
// (to contain), which the least stripped reading (leastStrippedVerb, trlex.go) otherwise keeps
// alone. The aorist must be the word's own letters: a vowel the morphology restored ("artrite"
// → "artir") is no aorist. dictForms (claimparts.go) reads a vowel-final verb's aorist -r the
// same way; verb is the infinitive dictForms read, and known spells a folded lemma the lexicon
// knows. A passive dictForms already read (read, spelled) is kept.
func aoristVerb(read, spelled, verb string, lemmas []string, known func(string) string) (string, string) {
	if read != "" {
		return read, spelled
	}
	stem := infinitiveStem(verb)
	n := len(stem)
	if stem == verb || n < 4 || stem[n-1] != 'r' || !strings.ContainsRune("aeiu", rune(stem[n-2])) ||
		isVowelByte(stem[n-3]) || !contains(lemmas, stem[:n-2]) || len(lemmas) == 0 || !strings.HasPrefix(lemmas[0], stem) {
		return "", ""
	}
	return knownInfinitive(stem[:n-2], known)
}

// isVowelByte reports a folded Turkish vowel.
func isVowelByte(c byte) bool { return strings.IndexByte("aeiou", c) >= 0 }
