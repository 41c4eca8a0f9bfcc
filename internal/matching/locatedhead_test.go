package matching

import "testing"

// TestLocatedHead holds posts about a thing placed on or in what the fact-check is about, which
// took the fact-check's verdict while the placed noun was read as narrowing the stated one (or,
// in Turkish, as the clause's verb), and rewordings that must keep matching: a -DAki word or an
// English locative beside a noun of the fact-check's own, and a verb before "on".
func TestLocatedHead(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"locatedHead", "Dünyadaki yaşam 4,5 milyar yaşında", "tr", "earth-age-tr", "different"},
		{"locatedHead", "Dünyadaki okyanuslar 4,5 milyar yaşında", "tr", "earth-age-tr", "different"},
		{"locatedHead", "Life on Earth is 4.5 billion years old", "en", "earth-age-en", "different"},
		{"locatedHead", "Dünya 4,5 milyar yaşında", "tr", "earth-age-tr", ""},
		{"locatedHead", "Did life once exist on Mars?", "en", "mars-life-en", ""},
		{"locatedHead", "Damarlarımızdaki kan aslında mavidir, havayla temas edince kırmızı olur", "tr", "blood-blue-tr", ""},
		{"locatedHead", "Plüton Güneş sistemindeki dokuzuncu gezegen", "tr", "pluto-planet-tr", ""},
	})
}
