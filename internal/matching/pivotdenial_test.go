package matching

import "testing"

// TestPivotDenial holds pivotdenial.go: a Turkish word denies what its main English translation
// denies ("kör" → "blind" → "görmez"), so a negated "görmek" states "kördür" while the positive
// verb, a negated "kör" and a verb with an object of its own ("renkleri göremez", a sight of
// colours) are still refused; and a negated verb that says the claim again beside a reading of
// the claim is no denial of it.
func TestPivotDenial(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"pivotDenies", "Yarasalar hiçbir şey göremez", "tr", "bats-blind-tr", ""},
		{"pivotDenies", "yarasalar hiçbir şey göremiyormuş, sesle yön buluyorlar", "tr", "bats-blind-tr", ""},
		{"pivotDenies", "Yarasalar göremez", "tr", "bats-blind-tr", ""},
		{"pivotDenies", "Yarasalar görebilir", "tr", "bats-blind-tr", "opposite meaning"},
		{"pivotDenies", "Yarasalar her şeyi görür", "tr", "bats-blind-tr", "opposite meaning"},
		{"pivotDenies", "Yarasalar kör değildir", "tr", "bats-blind-tr", "negation differs"},
		{"pivotDenies", "Köpekler hiçbir şey göremez", "tr", "bats-blind-tr", "different"},
		{"pivotDenies", "Köpekler dünyayı siyah-beyaz görmez", "tr", "dogs-black-white-tr", "negation differs"},
		{"deniedVerbObject", "Yarasalar renkleri göremez", "tr", "bats-blind-tr", "the claim also says renkleri"},
		{"deniedVerbObject", "Yarasalar karanlıkta renkleri göremez", "tr", "bats-blind-tr", "the claim also says renkleri"},
		{"deniedAgain", "Yarasa gibi kör diye boşuna dememişler, bu hayvanlar hiçbir şey görmüyor", "tr", "bats-blind-tr", ""},
		{"deniedAgain", "Yarasa gibi kör diye boşuna dememişler, bu hayvanlar görüyor", "tr", "bats-blind-tr", "negation differs"},
		// English already read "blind" as "görmez"; it is unchanged.
		{"pivotDenies", "Bats can't see", "en", "bats-blind-en", ""},
		{"pivotDenies", "Bats can see", "en", "bats-blind-en", "opposite meaning"},
	})
}
