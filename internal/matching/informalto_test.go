package matching

import "testing"

// TestToContraction holds a rewording of the tuning files that decideWhole refused with
// "different predicate: give ≠ causes" before informalto.go, the verb after "gonna" read as a
// noun in the fact-check's verb's place, with look-alikes of the same fact-check that must still
// be refused once that verb is read as the predicate.
func TestToContraction(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"toContraction", "all that hot sauce is gonna give you an ulcer 🌶️", "en", "spicy-food-ulcers-en", ""},
		{"toContraction", "all that hot sauce is gonna give you a stomach ulcer", "en", "spicy-food-ulcers-en", ""},
		// Another predicate or another effect after "gonna" is another claim.
		{"toContraction", "all that hot sauce is gonna cure your ulcer", "en", "spicy-food-ulcers-en", "opposite"},
		{"toContraction", "all that hot sauce is gonna prevent an ulcer", "en", "spicy-food-ulcers-en", "opposite"},
		{"toContraction", "all that hot sauce is gonna give you a headache", "en", "spicy-food-ulcers-en", "different"},
	})
}
