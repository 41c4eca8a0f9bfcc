package matching

import "testing"

// TestBodyWord: a post stating the whole fact-check and adding a detail its explanation
// discusses takes the fact-check (bodyword.go); a detail the explanation does not name, a
// common word added to a review rated true, a word in the place of one of the fact-check's
// and a word that makes a stated name another one stay refused.
func TestBodyWord(t *testing.T) {
	ix := starterIndex(t)
	const (
		naismith   = "urn:claimcheck:starter:basketball-naismith-en"
		republic   = "urn:claimcheck:starter:republic-1923-tr"
		galatasary = "urn:claimcheck:starter:galatasaray-uefa-cup-2000-tr"
		diamonds   = "urn:claimcheck:starter:diamonds-from-coal-en"
		diamondsTR = "urn:claimcheck:starter:diamonds-from-coal-tr"
		water      = "urn:claimcheck:starter:eight-glasses-water-tr"
		meat       = "urn:claimcheck:starter:processed-meat-cancer-en"
	)
	cases := []struct {
		post, lang, review string
		same               bool
	}{
		// Names the explanation of a true review names.
		{"Basketball was invented by James Naismith in Springfield, Massachusetts in 1891", "en", naismith, true},
		{"Basketball was created by James Naismith at the Springfield YMCA in 1891", "en", naismith, true},
		{"Türkiye Cumhuriyeti 29 Ekim 1923'te Ankara'da ilan edildi", "tr", republic, true},
		// A place the explanation does not name.
		{"Basketball was invented by James Naismith at the Boston YMCA in 1891", "en", naismith, false},
		// A common word added to a review rated true, though its explanation names it.
		{"Basketball and the peach basket were invented by James Naismith in 1891", "en", naismith, false},
		// A word in the place of the fact-check's, the true version the explanation names.
		{"Diamonds are formed from carbon", "en", diamonds, false},
		{"Elmaslar karbondan oluşur", "tr", diamondsTR, false},
		{"Herkes her gün en az 8 bardak çay içmelidir", "tr", water, false},
		// A name that makes a stated name another one, named by the explanation too.
		{"Galatasaray 2000 yılında UEFA Süper Kupası'nı kazandı", "tr", galatasary, false},
		// A word the explanation uses only as a common word is no name it names.
		{"Galatasaray 2000 yılında Kupa Galipleri Kupası'nı kazandı", "tr", galatasary, false},
	}
	for _, c := range cases {
		same, why, known := ix.SameClaim(c.post, c.lang, c.review)
		if !known {
			t.Fatalf("%s not indexed", c.review)
		}
		if same != c.same {
			t.Errorf("%q vs %s: same=%v (%s), want %v", c.post, c.review, same, why, c.same)
		}
	}
}
