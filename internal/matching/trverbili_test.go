package matching

import "testing"

// TestTurkishLinkedVerbRules holds Turkish look-alikes of the tuning files that swap the
// fact-check's predicate verb for one KeNet's interlingual links keep apart from it
// (trverbili.go), refused, beside rewordings of the same fact-checks that must keep matching.
func TestTurkishLinkedVerbRules(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"trVerbsLinkedApart", "mRNA aşıları insan DNA'sını okuyormuş", "tr", "mrna-vaccine-dna-tr", "different predicate"},
		{"trVerbsLinkedApart", "Balık üstüne yoğurt yemek kilo aldırır", "tr", "fish-yoghurt-tr", "different predicate"},
		{"trVerbsLinkedApart", "mRNA aşıları insan DNA'sını değiştiriyormuş", "tr", "mrna-vaccine-dna-tr", ""},
		{"trVerbsLinkedApart", "Loş ışıkta kitap okumak gözlere zarar verir", "tr", "reading-dim-light-tr", ""},
		{"trVerbsLinkedApart", "Devekuşu korkunca kafasını kuma sokar", "tr", "ostrich-head-sand-tr", ""},
	})
}
