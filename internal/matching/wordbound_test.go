package matching

import "testing"

// TestWordBound holds Turkish posts that bound a number written as a word after its ablative
// unit ("yedi saatten az uyumamalı": not less than seven hours), read as the digits are
// (wordbound.go; tuning data: blind2 c-cl-043). The opposite bound, a bound without the
// negation, and another number stay refused; a negated "fazla" with a word number is not
// brought into negatedLowerBound's reading.
func TestWordBound(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"numberNear", "Yetişkinler geceleri yedi saatten az uyumamalı", "tr", "adult-sleep-7-hours-en", ""},
		{"numberNear", "Yetişkinler geceleri yedi saatten fazla uyumalı", "tr", "adult-sleep-7-hours-en", ""},
		{"numberNear", "Yetişkinler geceleri yedi saatten az uyumalı", "tr", "adult-sleep-7-hours-en", "negation"},
		{"numberNear", "Yetişkinler geceleri yedi saatten fazla uyumamalı", "tr", "adult-sleep-7-hours-en", "negation"},
		{"numberNear", "Yetişkinler geceleri beş saatten az uyumamalı", "tr", "adult-sleep-7-hours-en", "different number"},
	})
}
