package thesaurus

import "testing"

// TestKindOf checks the one-way IS-A check in the claim's favour: deeper than Relate's, never
// the class as a kind of its member, never between two kinds of one class, never a rare sense.
func TestKindOf(t *testing.T) {
	th := open(t)
	for _, c := range []struct {
		lang, narrow, broad string
		want                bool
	}{
		{"en", "amoxicillin", "antibiotic", true},
		{"en", "vodka", "alcohol", true},
		{"en", "whisky", "alcohol", true},
		{"en", "salami", "meat", true},
		{"en", "bacon", "meat", true},
		{"en", "mosquito", "insect", true},
		{"tr", "rakı", "alkol", true},
		{"tr", "votka", "alkol", true},
		{"tr", "salam", "et", true}, // "et" is "flesh" first, "meat" next
		// The other way round is a broader claim.
		{"en", "alcohol", "vodka", false},
		{"en", "meat", "salami", false},
		{"tr", "alkol", "rakı", false},
		// Two kinds of one class are different claims.
		{"en", "tea", "coffee", false},
		{"en", "aedes", "anopheles", false},
		{"en", "vodka", "whisky", false},
		// A word is not a kind of itself in another form.
		{"en", "vodkas", "vodka", false},
		// Only the narrow word's main sense: "cat" is also slang for a man.
		{"en", "cat", "person", false},
		{"tr", "kedi", "insan", false},
		// A top-level class is never the broad word ("activity" is WordNet's top level).
		{"en", "jogging", "activity", false},
		// A Turkish infinitive names an act, not a class ("yemek": eating, also "food").
		{"tr", "tuz", "yemek", false},
		// A Turkish word mainly an adjective is no class of people ("büyük": big, adult).
		{"tr", "genel", "insan", false},
	} {
		if got := th.KindOf(c.lang, c.narrow, c.broad); got != c.want {
			t.Errorf("KindOf(%s, %q, %q) = %v, want %v", c.lang, c.narrow, c.broad, got, c.want)
		}
	}
}

// TestKindOfModified checks a word read as a kind of what a modifier and a head name together.
func TestKindOfModified(t *testing.T) {
	th := open(t)
	for _, c := range []struct {
		narrow, modifier, head string
		want                   bool
	}{
		{"jogging", "physical", "activity", true},
		// Sleep is a "physical condition", no activity.
		{"sleep", "physical", "activity", false},
		{"reading", "physical", "activity", false},
		{"jogging", "mental", "activity", false},
		{"jogging", "physical", "", false},
		{"", "physical", "activity", false},
	} {
		if got := th.KindOfModified(c.narrow, c.modifier, c.head); got != c.want {
			t.Errorf("KindOfModified(%q, %q, %q) = %v, want %v", c.narrow, c.modifier, c.head, got, c.want)
		}
	}
}
