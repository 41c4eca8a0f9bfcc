package matching

import "testing"

// TestAdviceComma holds a comma clause of advice after the claim (advicecomma.go): an imperative
// opened by a bare verb before a preposition or a bare noun phrase is set aside when it states no
// number, name, negation or restriction and shares nothing with the fact-check; one that names
// something, restricts or adds, shares the fact-check's words or opens with a noun is not.
func TestAdviceComma(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"adviceComma", "planes are secretly spraying us with chemicals, look at the sky today #chemtrails", "en", "chemtrails-en", ""},
		{"adviceComma", "planes are secretly spraying us with chemicals, look at the sky", "en", "chemtrails-en", ""},
		{"adviceComma", "planes are secretly spraying us with chemicals, check for yourself", "en", "chemtrails-en", ""},

		// The imperative names something, counts, restricts or adds.
		{"adviceComma", "planes are secretly spraying us with chemicals, look at Bill Gates", "en", "chemtrails-en", "different entity"},
		{"adviceComma", "planes are secretly spraying us with chemicals, look at the sky in 1990", "en", "chemtrails-en", "different number"},
		{"adviceComma", "planes are secretly spraying us with chemicals, look at the crops too", "en", "chemtrails-en", "different detail"},
		{"adviceComma", "planes are secretly spraying us with chemicals, look at the crops only", "en", "chemtrails-en", "different detail"},
		{"adviceComma", "boats are secretly spraying us with chemicals, look at the sky", "en", "chemtrails-en", "different subject"},
		{"adviceComma", "vaccines cause allergies, look at the kids", "en", "vaccines-autism-en", "different object"},
		{"adviceComma", "sugar makes children sleepy, look at them at parties", "en", "sugar-hyperactivity-en", "different object"},
		// The imperative is where the claim is: a table is not the fact-check's doorway.
		{"adviceComma", "If the ground shakes, get under a table, it's the safest spot", "en", "earthquake-doorway-en", "different predicate"},
	})
}

// TestAdviceOnlyBesides holds a post whose other clauses are only advice: the claim's clause
// holds the fact-check to the retrieval floor, as posted alone; advice naming something does not.
func TestAdviceOnlyBesides(t *testing.T) {
	a := starterAnalyzer(t)
	for _, c := range []struct {
		claim, url string
	}{
		{"msg is bad for you, avoid it in takeaways", "urn:claimcheck:starter:msg-harmful-en"},
		{"msg is bad for you, avoid it whenever possible", "urn:claimcheck:starter:msg-harmful-en"},
		{"msg is bad for you, look at the science", "urn:claimcheck:starter:msg-harmful-en"},
		{"msg is bad for you, avoid it in Chinese takeaways", ""},
		{"msg is bad for you, avoid it in 3 takeaways", ""},
		{"msg is bad for you, avoid sugar too", ""},
		{"msg is bad for your dog, avoid it in takeaways", ""},
		{"salt is bad for you, avoid it in takeaways", ""},
	} {
		checkConfidentMatch(t, a, c.claim, c.url) // extra_test.go
	}
}
