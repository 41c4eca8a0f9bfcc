package matching

import "testing"

// TestResultState holds rewordings of the tuning files that decideWhole refused with
// "different predicate: high ≠ raises" or "düşüktür ≠ azaltır" before resultstate.go, the state
// a verb brings about standing in the verb's place, with look-alikes of the same fact-checks
// that must still be refused: the other state, the state on the subject's side, another verb,
// or the act not done.
func TestResultState(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"resultState", "too much salt = high blood pressure", "en", "salt-blood-pressure-en", ""},
		{"resultState", "Eating too much salt causes high blood pressure", "en", "salt-blood-pressure-en", ""},
		{"resultState", "Düzenli egzersiz yapanların kalp hastalığına yakalanma riski daha düşüktür", "tr", "exercise-heart-disease-tr", ""},
		{"resultState", "Düzenli egzersiz yapanların kalp hastalığı riski daha düşüktür", "tr", "exercise-heart-disease-tr", ""},
		{"resultState", "too much salt = low blood pressure", "en", "salt-blood-pressure-en", "different"},
		{"resultState", "Eating too much salt causes low blood pressure", "en", "salt-blood-pressure-en", "different"},
		{"resultState", "Eating too much salt prevents high blood pressure", "en", "salt-blood-pressure-en", "different"},
		{"resultState", "Eating too much salt causes high cholesterol", "en", "salt-blood-pressure-en", "different"},
		{"resultState", "People with high blood pressure eat too much salt", "en", "salt-blood-pressure-en", "different"},
		{"resultState", "Düzenli egzersiz yapanların kalp hastalığı riski daha yüksektir", "tr", "exercise-heart-disease-tr", "different"},
		{"resultState", "Düzenli egzersiz yapmayanların kalp hastalığı riski daha düşüktür", "tr", "exercise-heart-disease-tr", "different"},
		{"resultState", "Fazla tuz tüketmek tansiyonu düşük tutar", "tr", "salt-blood-pressure-tr", "different"},
	})
}
