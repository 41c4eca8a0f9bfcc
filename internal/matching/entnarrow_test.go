package matching

import "testing"

// TestNameNarrows holds rewordings that add a name saying which one of a thing the fact-check
// states (entnarrow.go nameNarrows), each group by the shape the name takes, with look-alikes
// whose added name stands in the place of the fact-check's name, place or date and must still
// be refused.
func TestNameNarrows(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// A run of names as a Turkish possessor of a stated noun (eval/qualifiers.jsonl w-pp-014).
		{"possessor", "Pfizer-BioNTech'in mRNA aşısı insanın DNA'sını değiştiriyormuş", "tr", "mrna-vaccine-dna-tr", ""},
		{"possessor", "Pfizer-BioNTech'in mRNA aşısı insanın DNA'sını değiştiriyormuş", "tr", "mrna-vaccine-dna-en", ""},
		{"possessor", "Bill Gates'in mRNA aşısı insan DNA'sını değiştirir", "tr", "mrna-vaccine-dna-tr", ""},
		// A name written directly before a stated noun (qualifiers.jsonl w-pp-047).
		{"beforeNoun", "The Moderna mRNA covid vaccine alters your DNA", "en", "mrna-vaccine-dna-en", ""},
		// A "-ki" word between the names and the stated noun (qualifiers.jsonl w-pp-027), or a
		// name made a "-ki" adjective itself.
		// A description of a stated name, with a name of its own (eval/blind3.jsonl e-pp-256).
		// A number naming which one the name is, inside the run (qualifiers.jsonl w-pp-062).
		{"identNumber", "The 1969 Apollo 11 Moon landing was faked in a studio #hoax", "en", "moon-landing-hoax-en", ""},

		// The same shapes against a review rated true: it checked its own details, not the name
		// the post adds, which may be wrong ("Kanuni … komutasındaki"), so they stay refused. A
		// nationality the body gives too is set aside before (demonym.go, TestNationAside), so
		// these say one it does not give.
		{"beforeNoun", "Fransız-Amerikalı James Naismith basketbolu 1891'de icat etti", "tr", "basketball-naismith-en", "different entity"},
		{"kiWord", "İstanbul 29 Mayıs 1453'te Fatih Sultan Mehmet komutasındaki Osmanlılar tarafından fethedildi", "tr", "constantinople-1453-tr", "different entity"},
		{"kiWord", "Japonya'daki CERN'de Tim Berners-Lee World Wide Web'i icat etti", "tr", "web-invention-cern-tr", "different entity"},
		{"describedName", "Fransız bilgisayar bilimci Tim Berners-Lee, World Wide Web'i İsviçre'deki CERN'de icat etmişti", "tr", "web-invention-cern-tr", "different entity"},
		{"relative", "Kopenhag'da Arsenal'i yenen Galatasaray 2000 yılında UEFA Kupası'nı kazandı", "tr", "galatasaray-uefa-cup-2000-tr", "different entity"},
		{"ratedTrue", "İstanbul 29 Mayıs 1453'te Kanuni Sultan Süleyman komutasındaki Osmanlılar tarafından fethedildi", "tr", "constantinople-1453-tr", "different entity"},
		// Names inside a Turkish relative clause on the stated subject.

		// Look-alikes: the fact-check's own name, place or date is left out, so the added name
		// may stand in its place.
		{"replacesName", "Kopenhag'da Arsenal'i yenen Fenerbahçe 2000 yılında UEFA Kupası'nı kazandı", "tr", "galatasaray-uefa-cup-2000-tr", "different entity"},
		{"replacesName", "Fenerbahçe'nin kalecisi 2000 yılında UEFA Kupası'nı kazandı", "tr", "galatasaray-uefa-cup-2000-tr", "different entity"},
		{"replacesName", "Amerikalı bilgisayar bilimci Vint Cerf World Wide Web'i icat etti", "tr", "web-invention-cern-tr", "different entity"},
		{"replacesName", "World Wide Web, Bill Gates tarafından Microsoft'ta icat edildi", "tr", "web-invention-cern-tr", "different entity"},
		{"replacesName", "The World Wide Web was invented by Tim Berners-Lee at MIT", "en", "web-invention-cern-en", "different entity"},
		{"replacesName", "İngiliz bilgisayar bilimci Tim Berners-Lee, World Wide Web'i İsviçre'deki MIT'de icat etmişti", "tr", "web-invention-cern-tr", "different entity"},
		{"replacesDate", "Kanuni Sultan Süleyman komutasındaki Osmanlılar İstanbul'u fethetti", "tr", "constantinople-1453-tr", "different entity"},
		{"replacesDate", "Fatih Sultan Mehmet komutasındaki Osmanlılar İstanbul'u fethetti", "tr", "constantinople-1453-tr", "different entity"},
		// A name in the place of a word of the fact-check ("mRNA"), not before it.
		{"replacesWord", "Bill Gates'in aşısı insan DNA'sını değiştirir", "tr", "mrna-vaccine-dna-tr", "different entity"},
		// The name is the claim's subject: the stated noun after it belongs to another phrase
		// (eval/colloq4.jsonl n-lk-136), or a word stands between them.
		{"ownSubject", "Neptune is the ninth planet of the solar system now that pluto's gone", "en", "pluto-planet-en", "different entity"},
		{"ownSubject", "Canberra isn't the capital of Australia, Sydney is", "en", "sydney-capital-en", "different entity"},
		// A name and number with nothing stated after them (eval/colloq3.jsonl k-lk-256), or with
		// the fact-check's name left out.
		{"identNumber", "Apollo 13 görevi stüdyoda çekilmiş bir düzmeceymiş", "tr", "moon-landing-hoax-tr", "different number"},
		{"identNumber", "Windows 11 computers can't get viruses", "en", "mac-viruses-en", "different"},
		// A word inside a longer name, and a place of the claim's own (not this rule's: a place
		// may be the wrong one, eval/blind3.jsonl e-lk-195).
		{"insideName", "Galatasaray won the UEFA Super Cup in 2000", "en", "galatasaray-uefa-cup-2000-tr", "different entity"},
		{"place", "Türkiye Cumhuriyeti 29 Ekim 1923'te Bursa'da ilan edildi", "tr", "republic-1923-tr", "different entity"},
	})
}

// TestWordsAdjacent holds words written one right after the other, and words with another
// between them.
func TestWordsAdjacent(t *testing.T) {
	for _, c := range []struct {
		text, a, b string
		want       bool
	}{
		{"The Moderna mRNA covid vaccine", "Moderna", "mRNA", true},
		{"Pfizer-BioNTech'in mRNA aşısı", "Pfizer", "BioNTech'in", true},
		{"Pfizer-BioNTech'in mRNA aşısı", "BioNTech'in", "mRNA", true},
		{"Canberra isn't the capital of Australia", "Canberra", "capital", false},
		{"Macs and Mac computers", "Mac", "computers", true},
		{"Macs computers", "Mac", "computers", false},
		{"Moderna", "Moderna", "mRNA", false},
	} {
		if got := wordsAdjacent(c.text, c.a, c.b); got != c.want {
			t.Errorf("wordsAdjacent(%q, %q, %q) = %v, want %v", c.text, c.a, c.b, got, c.want)
		}
	}
}
