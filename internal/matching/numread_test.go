package matching

import "testing"

// TestSameClaimNumbersAsQuantities holds that numbers are compared as the quantities they state
// (numread.go): a number written with a fraction at a coarser precision states the fact-check's
// number it rounds, a compound quantity is one quantity, a unit is read in its number's clause
// only, and a number that modifies a noun or says when in a story is in no fact-check word's
// place; another quantity at the same precision, a whole number for a precise one, another year
// or unit stay refused.
func TestSameClaimNumbersAsQuantities(t *testing.T) {
	ix := lexIndex(t,
		review("u:marathon", "The official marathon distance is 42.195 kilometres.", "en", "dogru"),
		review("u:age", "The Earth is about 4.54 billion years old.", "en", "dogru"),
		review("u:berlin", "The Berlin Wall fell in 1989.", "en", "dogru"),
		review("u:inflation", "Inflation reduces purchasing power.", "en", "dogru"),
		review("u:detox", "Detoks diyetleri vücuttan toksinleri atar.", "tr", "yanlis"),
		review("u:detox-en", "Detox cleanses remove toxins from the body.", "en", "yanlis"),
		review("u:flu", "The flu vaccine gives you the flu.", "en", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		// Rounding: a fraction at a coarser precision states the number it rounds.
		{"marathon = 42.2 km officially", "en", "u:marathon", ""},
		{"The Earth is about 4.5 billion years old", "en", "u:age", ""},
		{"The official marathon distance is 42.5 kilometres", "en", "u:marathon", "different number"},
		{"The official marathon distance is 42.3 kilometres", "en", "u:marathon", "different number"},
		{"The official marathon distance is 42 kilometres", "en", "u:marathon", "different number"},
		{"The official marathon distance is 43 kilometres", "en", "u:marathon", "different number"},
		{"The official marathon distance is 42.2 miles", "en", "u:marathon", "different number"},
		{"The Earth is about 4.6 billion years old", "en", "u:age", "different number"},
		{"The Earth is about 4.5 million years old", "en", "u:age", "different number"},
		{"The Earth is about 5 billion years old", "en", "u:age", "different number"},
		// A compound quantity with the metre abbreviated.
		{"The official marathon is 42 km and 195 m", "en", "u:marathon", ""},
		{"The official marathon is 42 km and 500 m", "en", "u:marathon", "different number"},
		// A unit word in the next clause is not the year's unit.
		{"I was 10 when the Berlin Wall was torn down in 1989, best day ever", "en", "u:berlin", ""},
		{"I was 10 when the Berlin Wall was torn down in 1991, best day ever", "en", "u:berlin", "different number"},
		// A number modifying a noun, or saying when in a story, is in no fact-check word's place;
		// the noun it modifies is still compared, and a number the fact-check states differently
		// still differs.
		{"A three-day detox cleanse removes toxins from the body", "en", "u:detox-en", ""},
		{"Got the shot and was sick with flu two days later, the flu vaccine gives you the flu", "en", "u:flu", ""},
		{"3 günlük detoks diyetleri vücuttan toksinleri atar", "tr", "u:detox", ""},
		{"3 günlük diyetler vücuttan toksinleri atar", "tr", "u:detox", "broader claim"},
		{"3 günlük oruç vücuttan toksinleri atar", "tr", "u:detox", "different"},
		{"A three-day diet removes toxins from the body", "en", "u:detox-en", "different"},
		{"Detoks diyetleri vücuttan 3 kilo atar", "tr", "u:detox", "different number"},
	})
}

// TestNumberUnitInContext holds the slot a number is read with: a year in the Turkish locative
// takes no unit from the word after it, nor does a number from a word in the next clause; a
// number with its unit before a noun (-lIk, a hyphenated compound) or before "later" is a detail.
func TestNumberUnitInContext(t *testing.T) {
	ix := lexIndex(t)
	cases := []struct {
		text, lang, num, slot string
		detail                bool
	}{
		{"2002'de milliler Dünya Kupası'nı üçüncülükle bitirdi", "tr", "2002", "year", false},
		{"1985te milliler kazandı", "tr", "1985", "year", false},
		{"Maraton 42 mil sürer", "tr", "42", "mile", false},
		{"I was 10 when the Wall fell in 1989, best day ever", "en", "1989", "year", false},
		{"The gum stays for seven days, they say", "en", "7", "day", false},
		{"The official marathon is 42 km and 195 m", "en", "42.195", "km", false},
		{"3 günlük meyve suyu kürü zehirleri atar", "tr", "3", "day", true},
		{"5 yıllık plan", "tr", "5", "year", true},
		{"Sakız 3 gün midede kalır", "tr", "3", "day", false},
		{"A three-day celery juice cleanse removes toxins", "en", "3", "day", true},
		{"I was sick with flu two days later", "en", "2", "day", true},
		{"İki gün sonra grip oldum", "tr", "2", "day", true},
		{"I was sick two years once", "en", "2", "year", false},
		{"Gum stays in your stomach for two days", "en", "2", "day", false},
	}
	for _, c := range cases {
		cp := ix.parseClaim(c.text, c.lang)
		found := false
		for _, p := range cp.parts {
			if p.num != c.num {
				continue
			}
			found = true
			if p.slot != c.slot || p.detail != c.detail {
				t.Errorf("%q: %s read as slot %q detail %v, want %q %v", c.text, p.text, p.slot, p.detail, c.slot, c.detail)
			}
		}
		if !found {
			t.Errorf("%q: no number %s read", c.text, c.num)
		}
	}
}
