package matching

import "testing"

// TestNegativeParticipleCases holds a Turkish negative participle with a noun's endings
// ("egzersiz yapmayanların", of those who do not exercise; internal/turkish/negparticiple.go)
// as a negation: against a fact-check that states the act positively it is another claim, while
// a participle stated by a negative participle of the fact-check, or a negation turned back by
// an opposite predicate ("yapmayanlarda … riski artar"), keeps matching.
func TestNegativeParticipleCases(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"negParticiple", "Düzenli egzersiz yapmayanların kalp hastalığı riskini azaltır", "tr", "exercise-heart-disease-tr", "negation differs"},
		{"negParticiple", "Düzenli egzersiz kalp hastalığı riskini azaltır", "tr", "exercise-heart-disease-tr", ""},
		{"negParticiple", "Düzenli egzersiz yapmayanlarda kalp hastalığı riski artar", "tr", "exercise-heart-disease-tr", ""},
		{"negParticiple", "Marie Antoinette ekmek bulamayanlara 'Pasta yesinler' demiştir", "tr", "marie-antoinette-cake-tr", ""},
	})
}
