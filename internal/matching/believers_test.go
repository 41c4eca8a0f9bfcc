package matching

import "testing"

// TestBelievers holds posts that pass on a belief by naming the people who hold it
// (believers.go): the frame is dropped and the belief compared (tuning data: blind3 e-cl-005,
// colloq6 o-cl-022). What the believers believe must still be the fact-check's claim:
// another food, another appliance stays refused, and a negated subject keeps the frame.
func TestBelievers(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"dropBelievers", "Korelilerin inandigi gibi kapali odada fanla uyumak oldururmus, dikkat", "tr", "fan-death-en", ""},
		{"dropBelievers", "in Turkey people swear that fish followed by yoghurt is poisonous", "en", "fish-yoghurt-tr", ""},
		{"dropBelievers", "Koreans believe that sleeping in a closed room with a fan on can kill you", "en", "fan-death-en", ""},
		// Look-alikes: the believed claim differs; the believers do not carry it.
		{"dropBelievers", "Korelilerin inandığı gibi kapalı odada klimayla uyumak öldürür", "tr", "fan-death-en", "different"},
		{"dropBelievers", "in Turkey people swear that fish followed by milk is poisonous", "en", "fish-yoghurt-tr", "different"},
		{"dropBelievers", "Koreans believe that sleeping in a closed room with the heater on can kill you", "en", "fan-death-en", "different"},
		{"dropBelievers", "nobody believes that fish followed by yoghurt is poisonous", "en", "fish-yoghurt-tr", "different"},
		// The Turkish frame with the believers first is left (believers.go).
		{"dropBelievers", "koreliler kapalı odada klimayla uyumanın öldürdüğüne inanıyor, doğru mu", "tr", "fan-death-en", "different"},
	})
}
