package matching

import "testing"

// TestOrdinalDot holds Turkish ordinals written in digits with a dot, which a sentence end cut
// from their noun: the rank must meet the fact-check's "dokuzuncu"/"üçüncü", and another rank
// must still be another claim.
func TestOrdinalDot(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"ordinalDot", "Plüton hâlâ 9. gezegen", "tr", "pluto-planet-en", ""},
		{"ordinalDot", "milli takım 2002 dünya kupasında 3. oldu", "tr", "turkey-world-cup-2002-tr", ""},
		{"ordinalDot", "Plüton 10. gezegen", "tr", "pluto-planet-tr", "different number"},
		{"ordinalDot", "milli takım 2002 dünya kupasında 4. oldu", "tr", "turkey-world-cup-2002-tr", "different number"},
	})
}

// TestOrdinalDotSplits holds where a dot after digits ends a sentence and where it writes an
// ordinal.
func TestOrdinalDotSplits(t *testing.T) {
	for _, c := range []struct {
		text string
		want int
	}{
		{"Plüton hâlâ 9. gezegen", 1},
		{"21. yüzyılda yaşıyoruz", 1},
		{"Berlin Duvarı 1989. yıkıldı", 2}, // a year: four digits
		{"Pluto was the 9th planet until 2006. Now it is a dwarf planet", 2},
		{"Sayı 9. Ve bitti", 2}, // a capital opens the next sentence
	} {
		if got := len(splitSentences(c.text)); got != c.want {
			t.Errorf("splitSentences(%q) = %d sentences, want %d", c.text, got, c.want)
		}
	}
}

// TestOrdinalDotReason holds that a refusal quotes a dotted rank as the post wrote it, not as
// scanText rewrote it for numberSlot.
func TestOrdinalDotReason(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"ordinalDot", "Plüton 10. gezegen", "tr", "pluto-planet-tr", "10. ≠"},
	})
	for _, c := range []struct{ in, want string }{
		{"10nci", "10."}, {"3nci", "3."}, {"nci", "nci"}, {"2005nci", "2005nci"}, {"3üncü", "3üncü"}, {"ince", "ince"},
	} {
		if got := ordinalShown(c.in); got != c.want {
			t.Errorf("ordinalShown(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
