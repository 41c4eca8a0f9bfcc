package matching

import "testing"

// TestSameClaimDerivedBroader holds that an English word whose derivational form is a kind of the
// fact-check's word, or which is a kind of a word the fact-check's is a form of, states that
// part ("see": its noun "seeing" is a kind of "vision"; "cigarettes": a cigarette is a kind of
// "smoke", the noun of "smoking"; related.go), while another sense, another thing, a sibling of
// the fact-check's word or a claim the other way round is still refused.
func TestSameClaimDerivedBroader(t *testing.T) {
	ix := lexIndex(t,
		review("u:carrots", "Eating carrots improves your vision.", "en", "kismen"),
		review("u:smoking", "Smoking causes lung cancer.", "en", "dogru"),
		review("u:bulls", "Bulls are enraged by the colour red.", "en", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		// A verb whose noun is a kind of the fact-check's noun.
		{"Do carrots actually help you see?", "en", "u:carrots", ""},
		{"Eating carrots helps you see", "en", "u:carrots", ""},
		// Another sense is another faculty, not a kind of vision.
		{"Do carrots actually help you hear?", "en", "u:carrots", "different"},
		{"Eating carrots improves your hearing", "en", "u:carrots", "different"},
		{"Eating carrots improves your sense of smell", "en", "u:carrots", "different"},
		// A kind of what the fact-check's verbal noun is a form of.
		{"Cigarettes give you lung cancer", "en", "u:smoking", ""},
		{"Cigarettes cause lung cancer", "en", "u:smoking", ""},
		{"Cigarettes cause heart disease", "en", "u:smoking", "different"},
		{"Candles cause lung cancer", "en", "u:smoking", "different"},
		{"Cigarettes prevent lung cancer", "en", "u:smoking", "opposite"},
		// A verb's hierarchy is too loose for the hypernym step: "green", to turn green, is a
		// way to "colour", whose noun must not take the place of the fact-check's "colour".
		{"Bulls are enraged by green", "en", "u:bulls", "different"},
		{"Bulls are enraged by blue", "en", "u:bulls", "different"},
	})
}
