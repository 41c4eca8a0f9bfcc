package matching

import "testing"

// TestSeparatedParticle holds a phrasal verb whose particle follows its object, read with that
// particle ("brings … down" against "raises"), and a noun compound's head never read as an
// imperative that cuts the post ("blood pressure down"), with rewordings kept.
func TestSeparatedParticle(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"separatedParticle", "Too much salt brings your blood pressure down", "en", "salt-blood-pressure-en", "opposite meaning: bring down ≠ raises"},
		{"separatedParticle", "Salt keeps your blood pressure down", "en", "salt-blood-pressure-en", "opposite meaning"},
		{"separatedParticle", "Salt brings your blood pressure up", "en", "salt-blood-pressure-en", ""},
		{"separatedParticle", "Salt pushes your blood pressure up", "en", "salt-blood-pressure-en", ""},
		{"compoundHeadAt", "the earth is flat wake up sheeple", "en", "flat-earth-en", ""},
	})
}
