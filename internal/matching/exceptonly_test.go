package matching

import "testing"

// TestExceptOnly holds exceptonly.go: "no X except Y" (and "Y dışında hiçbir X") states "Y is
// the only X", "every X except Y" is its opposite, and without the exception the negation still
// denies the claim; the exception's own word is compared as any other part.
func TestExceptOnly(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"exceptOnly", "No man-made structure except the Great Wall can be seen from space with the naked eye", "en", "great-wall-space-en", ""},
		{"exceptOnly", "No man-made structure besides the Great Wall is visible from space with the naked eye", "en", "great-wall-space-en", ""},
		{"exceptOnly", "Çin Seddi dışında hiçbir insan yapısı uzaydan çıplak gözle görülemez", "tr", "great-wall-space-tr", ""},
		{"exceptOnly", "No man-made structure can be seen from space with the naked eye", "en", "great-wall-space-en", "negation differs"},
		{"exceptOnly", "Every man-made structure except the Great Wall can be seen from space with the naked eye", "en", "great-wall-space-en", "opposite meaning: except ≠ only"},
		{"exceptOnly", "Çin Seddi dışında her insan yapısı uzaydan çıplak gözle görülebilir", "tr", "great-wall-space-tr", "opposite meaning"},
		{"exceptOnly", "No man-made structure except the pyramids can be seen from space with the naked eye", "en", "great-wall-space-en", "different"},
		{"exceptOnly", "Hiçbir insan yapısı uzaydan çıplak gözle görülemez", "tr", "great-wall-space-tr", "negation differs"},
		// No restriction in the fact-check: the exception does not flip it.
		{"exceptOnly", "Evrende Dünya dışında hiçbir yerde yaşam yoktur", "tr", "alien-life-tr", "negation differs"},
	})
}
