package matching

import "testing"

// TestCrossDesignators holds that across languages two different codes of a kind ("Vitamin D"
// for "C vitamini") name two different ones (designator.go), while the same code, in either
// case, still matches.
func TestCrossDesignators(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"crossDesignators", "vitamin D prevents colds", "en", "vitamin-c-colds-tr", "different entity: D ≠ C"},
		{"crossDesignators", "D vitamini soğuk algınlığını önler", "tr", "vitamin-c-colds-en", "different entity"},
		{"crossDesignators", "Vitamin C prevents colds", "en", "vitamin-c-colds-tr", ""},
		{"crossDesignators", "vitamin c prevents colds", "en", "vitamin-c-colds-tr", ""},
		{"crossDesignators", "C vitamini nezleyi önler", "tr", "vitamin-c-colds-en", ""},
	})
	for _, c := range []struct {
		text string
		want bool
	}{{"C", true}, {"d", true}, {"B12", true}, {"5G", true}, {"u", false}, {"I", false}, {"vitamin", false}, {"COVID-19", false}, {"12345", false}} {
		if got := designator(&part{text: c.text}); got != c.want {
			t.Errorf("designator(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}
