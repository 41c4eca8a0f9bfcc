package matching

import (
	"regexp"
	"strings"
)

// A measure or container noun before what it measures ("a shot of vodka", "a wee dram of
// whisky", "bir kadeh rakı") only says how much of that drink or food there is: the claim is about
// the drink, as the counter "tane" in "altı tane sıfır" is grammar (claimparts.go). WordNet's
// main senses do not put these words under "container" or "measure" (KindOf reaches "cup",
// "flask", "bottle" through "container", but not "shot", "dram", "glass" or "pint", whose first
// sense is the act of shooting, the weight or the material), so they are a small closed list.
// Only a single, unnumbered measure ("a", "one", "bir", "bi") is read away: "8 glasses of water"
// and "iki bardak su" keep their number for the quantity slots (unitSlots).
var enMeasureOf = regexp.MustCompile(`(?i)\b(?:a|an|one)\s+(?:(?:wee|small|little|quick|stiff|stiff little|good|single|double|large|big)\s+)?(?:shot|glass|dram|cup|pint|drop|flask|bottle|mug|nip|tot|swig|sip|slug|snifter|tumbler|measure)\s+of\s+`)

// trMeasure: "bir kadeh rakı", "bi duble rakı", "bir fincan kahve", "bir şişe şarap" are the drink.
var trMeasure = regexp.MustCompile(`(?i)(^|\s)(?:bir|bi|tek)\s+(?:kadeh|duble|fincan|şişe|yudum)\s+`)

// enRightParticle: "warm you right up", "cure it right up": "right" before the particle of a
// phrasal verb only says how fully, as "completely" would; the verb is still "warm up". Kept to a
// pronoun object before it, where "right" cannot be the noun, the side or the adjective.
var enRightParticle = regexp.MustCompile(`(?i)\b(you|me|him|her|it|them|us|yourself)\s+right\s+(up|back|down|out)\b`)

// measureWords reads a measure of a drink as the drink and "right" before a particle as the
// particle (see enMeasureOf, enRightParticle).
func measureWords(text string) string {
	// Each expression runs only on a text holding its one fixed word: most posts hold none, and a
	// parse reads every post and fact-check.
	if containsAnyCase(text, "of") {
		text = enMeasureOf.ReplaceAllString(text, "")
	}
	if containsAnyCase(text, "bir") || containsAnyCase(text, "bi") || containsAnyCase(text, "tek") {
		text = trMeasure.ReplaceAllString(text, "$1")
	}
	if containsAnyCase(text, "right") {
		text = enRightParticle.ReplaceAllString(text, "$1 $2")
	}
	return immediacyWords(text) // immediacy.go
}

// containsAnyCase reports lower-case word w in text as written lower-case, capitalised or in
// capitals (the cases the expressions' (?i) reads in posts), without lowering the whole text.
func containsAnyCase(text, w string) bool {
	return strings.Contains(text, w) || strings.Contains(text, strings.ToUpper(w[:1])+w[1:]) || strings.Contains(text, strings.ToUpper(w))
}
