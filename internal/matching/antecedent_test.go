package matching

import "testing"

// TestAntecedentOwnWord holds that the post before a subject pronoun may not put a word of its
// own where the fact-check has one (antecedent.go), while a rewording that leaves one word out
// or names it otherwise keeps matching.
func TestAntecedentOwnWord(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"antecedentOwnWord", "wear your rubber boots in a thunderstorm, they protect you from lightning ⚡", "en", "car-tires-lightning-en", "different"},
		{"antecedentOwnWord", "never sleep in a closed room with a gas heater on, it can kill you (carbon monoxide)", "en", "fan-death-en", "different"},
		{"antecedentOwnWord", "Get the HPV jab, it helps protect against cervical cancer", "en", "hpv-vaccine-cervical-cancer-en", ""},
		{"antecedentOwnWord", "dogs are totally colorblind, they only see black & white", "en", "dogs-black-white-en", ""},
		{"antecedentOwnWord", "the amazon is the lungs of the earth, it makes 20 percent of our oxygen 🌳", "en", "amazon-oxygen-en", ""},
	})
}
