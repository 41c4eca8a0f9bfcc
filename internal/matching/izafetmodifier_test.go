package matching

import "testing"

// TestIzafetModifierLeftOut holds that a post leaving out a Turkish compound's first noun
// ("mRNA aşıları", an acronym before a plural possessed head) states a broader claim
// (broader.go izafetModifier), as the English "Vaccines alter human DNA" does, while the
// compound stated whole still matches.
func TestIzafetModifierLeftOut(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"izafetModifier", "Aşılar DNA'nızı değiştirir", "tr", "mrna-vaccine-dna-tr", "broader claim"},
		{"izafetModifier", "Aşılar insan DNA'sını değiştirir", "tr", "mrna-vaccine-dna-tr", "broader claim"},
		{"izafetModifier", "Vaccines alter human DNA", "en", "mrna-vaccine-dna-en", "broader claim"},
		{"izafetModifier", "mRNA aşıları DNA'nızı değiştirir", "tr", "mrna-vaccine-dna-tr", ""},
		{"izafetModifier", "mrna asilari dna degistiriyormus", "tr", "mrna-vaccine-dna-tr", ""},
	})
}
