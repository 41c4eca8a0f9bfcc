package matching

import "testing"

// TestSameClaimSensesAgree holds that an English post may say the fact-check's word with one
// WordNet joins to it only through a later sense, when the Turkish dictionary's first
// translations of both confirm it (senseagree.go): "bad" for "harmful", "hot" for "spicy",
// "reason" for "cause"; while a co-hyponym, another value of the same attribute, a word met
// only through a rare sense the dictionary does not confirm, or the opposite is still refused.
func TestSameClaimSensesAgree(t *testing.T) {
	ix := lexIndex(t,
		review("u:msg", "MSG (monosodium glutamate) is harmful to your health.", "en", "yanlis"),
		review("u:spicy", "Spicy food causes stomach ulcers.", "en", "yanlis"),
		review("u:climate", "Humans are the main cause of current global warming.", "en", "dogru"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"MSG is bad for your health", "en", "u:msg", ""},
		{"MSG is bad for you", "en", "u:msg", ""},
		{"Is monosodium glutamate bad for your health?", "en", "u:msg", ""},
		{"MSG is useless for your health", "en", "u:msg", "different"},
		{"MSG is expensive for your health", "en", "u:msg", "different"},
		{"Hot food causes stomach ulcers", "en", "u:spicy", ""},
		{"Sweet food causes stomach ulcers", "en", "u:spicy", "different"},
		{"Salty food causes stomach ulcers", "en", "u:spicy", "different"},
		{"Fatty food causes stomach ulcers", "en", "u:spicy", "different"},
		{"Humans are the main reason for current global warming", "en", "u:climate", ""},
		{"Humans are the main victims of current global warming", "en", "u:climate", "different"},
		{"Humans are the main makers of current global warming", "en", "u:climate", "different"},
	})
}
