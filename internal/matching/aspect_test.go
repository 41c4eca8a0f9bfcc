package matching

import "testing"

// TestContinuedAct holds rewordings that decideWhole refused with "different predicate: devam ≠
// yol" before aspect.go, "devam etmek" (to keep on) read as a word in the fact-check's
// predicate's place, with look-alikes of the same fact-checks that must still be refused:
// another act kept on, or another effect.
func TestContinuedAct(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"continuedAct", "Parmaklarını çıtlatmaya devam edersen ellerinde kireçlenme olur", "tr", "knuckle-cracking-arthritis-tr", ""},
		{"continuedAct", "Parmaklarını çıtlatmaya devam edersen kireçlenme olur", "tr", "knuckle-cracking-arthritis-tr", ""},
		{"continuedAct", "Parmaklarını yıkamaya devam edersen kireçlenme olur", "tr", "knuckle-cracking-arthritis-tr", "different"},
		{"continuedAct", "Parmaklarını çıtlatmaya devam edersen kanser olur", "tr", "knuckle-cracking-arthritis-tr", "different"},
		{"continuedAct", "Parmak çıtlatmaya devam etmek kireçlenmeyi önler", "tr", "knuckle-cracking-arthritis-tr", "opposite"},
		{"continuedAct", "Sigara içmeye devam edersen mide kanseri olursun", "tr", "smoking-lung-cancer-tr", "different"},
	})
}
