package matching

import "testing"

// TestGenericPersonInDetailSlot holds that a generic person where the fact-check has a detail
// left unstated ("aynı insana" for "aynı yere") is that detail substituted, another claim
// (decide.go substitutedDetail), while a generic person added beside the fact-check's words is
// still set aside.
func TestGenericPersonInDetailSlot(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"substitutedDetail", "Yıldırım aynı insana iki kez düşmez", "tr", "lightning-never-twice-tr", "insana ≠ yere"},
		{"substitutedDetail", "Yıldırım aynı yere iki kez düşmez", "tr", "lightning-never-twice-tr", ""},
		{"substitutedDetail", "Sugar makes people hyperactive, I'm bouncing off the walls after dessert", "en", "sugar-hyperactivity-en", "broader claim"},
	})
}
