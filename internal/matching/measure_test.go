package matching

import "testing"

// TestMeasureWords checks which phrases measureWords reads away: a single measure of a drink and
// "right" before a particle, and never a numbered measure or "right" as a word of its own.
func TestMeasureWords(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"a shot of vodka will warm you right up in the cold", "vodka will warm you up in the cold"},
		{"a wee dram of whisky will warm you right up outdoors", "whisky will warm you up outdoors"},
		{"A glass of brandy keeps you warm in the cold", "brandy keeps you warm in the cold"},
		{"Soğukta bir kadeh rakı içersen üşümezsin", "Soğukta rakı içersen üşümezsin"},
		{"soğukta bi kadeh rakı iç ısınırsın", "soğukta rakı iç ısınırsın"},
		// A number keeps its measure, which fills the quantity slot (unitSlots).
		{"drink 8 glasses of water a day", "drink 8 glasses of water a day"},
		{"günde iki bardak su iç", "günde iki bardak su iç"},
		// "right" as the side or the adjective stays.
		{"turn right up the hill", "turn right up the hill"},
		{"you were right about the cold", "you were right about the cold"},
	} {
		if got := measureWords(c.in); got != c.want {
			t.Errorf("measureWords(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestMeasureSameClaim checks rewordings that a measure or "right" before a particle kept from
// their fact-check (they fail without measureWords), and look-alikes with the same phrases that
// must still be told apart. "when it's freezing" states "in the cold" through WordNet's derived
// forms (enlex.go).
func TestMeasureSameClaim(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"measureWords", "A glass of brandy keeps you warm in the cold", "en", "alcohol-warms-body-en", ""},
		{"measureWords", "a shot of whisky keeps you warm in the cold", "en", "alcohol-warms-body-en", ""},
		{"measureWords", "a shot of vodka will warm you right up in the cold", "en", "alcohol-warms-body-en", ""},
		{"measureWords", "A glass of brandy keeps you warm when it's freezing outside", "en", "alcohol-warms-body-en", ""},
		{"measureWords", "soğukta bi kadeh rakı iç ısınırsın", "tr", "alcohol-warms-body-tr", ""},
		// Look-alikes: another predicate, another condition, another drink's claim, a number.
		{"measureWords", "A shot of whisky cures a cold", "en", "alcohol-warms-body-en", "different"},
		{"measureWords", "A glass of brandy keeps you awake when it's freezing outside", "en", "alcohol-warms-body-en", "different"},
		{"measureWords", "A glass of brandy keeps you warm when it's hot outside", "en", "alcohol-warms-body-en", "different"},
		{"measureWords", "Eating soup keeps you warm when it's freezing outside", "en", "alcohol-warms-body-en", "different"},
		{"measureWords", "soğukta bi kadeh rakı iç uyursun", "tr", "alcohol-warms-body-tr", "different"},
		{"measureWords", "A glass of water a day is enough", "en", "eight-glasses-water-en", "different"},
	})
}
