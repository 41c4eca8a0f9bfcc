package matching

import "testing"

// TestTurkishGlossedVerbRules holds Turkish look-alikes of the tuning files that swap the
// fact-check's predicate verb for one whose own English translation (both ways round) the
// English rule keeps apart from the fact-check's (trverbgloss.go), refused, beside rewordings of
// the same fact-checks that must keep matching: a verb read another way by its stem ("yayıyor"
// is also "yamak"), a verb glossed only loosely ("salar" → levy) and a light verb ("eder") are
// not judged.
func TestTurkishGlossedVerbRules(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"trVerbsGlossedApart", "Amazon ormanlari dunyadaki oksijenin %20sini tuketiyo", "tr", "amazon-oxygen-tr", "different predicate"},
		{"trVerbsGlossedApart", "Amazon ormanları dünyadaki oksijenin yüzde 20'sini tüketir", "tr", "amazon-oxygen-tr", "different predicate"},
		{"trVerbsGlossedApart", "Amazon ormanları dünyadaki oksijenin yüzde 20'sini üretiyormuş", "tr", "amazon-oxygen-tr", ""},
		{"trVerbsGlossedApart", "Volkanlar insanlardan daha çok karbondioksit yayıyor", "tr", "volcanoes-co2-tr", ""},
		{"trVerbsGlossedApart", "Loş ışıkta kitap okumak gözlere zarar verir", "tr", "reading-dim-light-tr", ""},
	})
}
