package matching

import "testing"

// TestTrRestatedKind holds Turkish posts that name the fact-check's thing with a compound of
// its name and its class ("Basket topu oyunu", the game of basketball; trkind.go): WordNet calls
// basketball a game, so the class noun says nothing the English fact-check leaves out (tuning
// data: colloq d-cl-038). Another game's name stays refused.
func TestTrRestatedKind(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"trRestatedKind", "Basket topu oyununu 1891 senesinde James Naismith bulmuş", "tr", "basketball-naismith-en", ""},
		{"trRestatedKind", "Basketbol oyununu 1891'de James Naismith icat etti", "tr", "basketball-naismith-en", ""},
		{"trRestatedKind", "Voleybol oyununu 1891'de James Naismith icat etti", "tr", "basketball-naismith-en", "different"},
		{"trRestatedKind", "Hentbol oyununu 1891'de James Naismith icat etti", "tr", "basketball-naismith-en", "different"},
	})
}

// TestCompoundEnding holds the compound ending read after a Turkish noun's stem.
func TestCompoundEnding(t *testing.T) {
	for _, c := range []struct {
		folded, stem string
		want         bool
	}{
		{"oyununu", "oyun", true},
		{"sporunda", "spor", true},
		{"oyunlar", "oyun", false},
		{"oyun", "oyun", false},
	} {
		if got := compoundEnding(c.folded, c.stem); got != c.want {
			t.Errorf("compoundEnding(%q, %q) = %v, want %v", c.folded, c.stem, got, c.want)
		}
	}
}
