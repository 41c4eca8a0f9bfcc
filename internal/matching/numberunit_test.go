package matching

import "testing"

// TestUnitRestated holds rewordings of the tuning files that decideWhole refused with "the claim
// also says X" for a unit word beside a number the fact-check states, and look-alikes of the
// same fact-check that must still be refused: another unit is another quantity.
func TestUnitRestated(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// After the number, read as numberSlot reads a unit: "yaşlı" (aged) names years of age.
		{"unitRestated", "Dünyamız 4 buçuk milyar yıl kadar yaşlı", "tr", "earth-age-tr", ""},
		// Before it, the dictionary form of a unit: "yaşı" (its age) is what the number measures.
		{"unitRestated", "Dünyanın yaşı 4 buçuk milyar yıl civarında", "tr", "earth-age-tr", ""},
		// Another unit, another number or another subject is another claim.
		{"unitRestated", "Dünyamız 4 buçuk milyar gün kadar yaşlı", "tr", "earth-age-tr", "different"},
		{"unitRestated", "Dünyanın yaşı 4 buçuk milyar gün civarında", "tr", "earth-age-tr", "different"},
		{"unitRestated", "Dünyamız 6 bin yıl kadar yaşlı", "tr", "earth-age-tr", "different"},
		{"unitRestated", "Güneşin yaşı 4 buçuk milyar yıl civarında", "tr", "earth-age-tr", "different"},
	})
}
