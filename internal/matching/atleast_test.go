package matching

import "testing"

// TestAtLeast holds a cap on a number against a fact-check's floor ("not more than seven" for
// "at least seven"), which took the fact-check's verdict, true, and rewordings that keep the
// floor or leave the bound out.
func TestAtLeast(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"atLeast", "Adults should not sleep more than seven hours", "en", "adult-sleep-7-hours-en", "different number: only seven ≠ at least seven"},
		{"atLeast", "Yetişkinler geceleri 7 saatten fazla uyumamalı", "tr", "adult-sleep-7-hours-en", "different number"},
		{"atLeast", "Yetişkinler sadece 7 saat uyumalı", "tr", "adult-sleep-7-hours-en", "different number"},
		{"atLeast", "Adults should sleep at least seven hours", "en", "adult-sleep-7-hours-en", ""},
		{"atLeast", "Adults should sleep seven hours a night", "en", "adult-sleep-7-hours-en", ""},
		{"atLeast", "Yetişkinler en az 7 saat uyumalı", "tr", "adult-sleep-7-hours-en", ""},
	})
}
