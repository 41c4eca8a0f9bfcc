package matching

import "testing"

// TestNationAside holds rewordings that say who a name of the fact-check is by its nation, as
// the review's body does (demonym.go nationAside), and a people's name said with its lemma
// (nameHeadIsLemma), with look-alikes whose nation the body does not give, or that stands where
// the fact-check has a name of its own, which must still be refused.
func TestNationAside(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// Nationalities before a stated name, the body giving them (eval/blind3.jsonl e-cl-044,
		// e-pp-256): by translation ("Canadian-American"), by gazetteer entry ("İngiliz",
		// "İsviçre'deki").
		{"beforeName", "Bugün öğrendim: basketbol oyununu 1891 yılında Kanadalı-Amerikalı James Naismith bulmuş", "tr", "basketball-naismith-en", ""},
		{"beforeName", "Kanadalı-Amerikalı James Naismith basketbolu 1891'de icat etti", "tr", "basketball-naismith-en", ""},
		{"beforeName", "İngiliz bilgisayar bilimci Tim Berners-Lee, World Wide Web'i İsviçre'deki CERN'de icat etmişti", "tr", "web-invention-cern-tr", ""},
		{"beforeName", "İsviçre'deki CERN'de Tim Berners-Lee World Wide Web'i icat etti", "tr", "web-invention-cern-tr", ""},
		// A nationality in the nominal said of the stated subject (eval/colloq5.jsonl q-cl-051).
		{"nominal", "galatasaray are the only turkish club that won the UEFA cup, back in 2000", "en", "galatasaray-uefa-cup-2000-tr", ""},
		// WordNet's "Ottoman Turk" for "Ottomans" (eval/blind.jsonl b-pp-226).
		{"lemma", "Constantinople was conquered by the Ottoman Turks", "en", "constantinople-1453-en", ""},

		// Look-alikes: a nationality the body does not give, or one standing where the
		// fact-check has a name or place of its own.
		{"notInBody", "Fransız bilgisayar bilimci Tim Berners-Lee, World Wide Web'i CERN'de icat etmişti", "tr", "web-invention-cern-tr", "different entity"},
		{"notInBody", "Fransız-Amerikalı James Naismith basketbolu 1891'de icat etti", "tr", "basketball-naismith-en", "different entity"},
		{"notInBody", "Japonya'daki CERN'de Tim Berners-Lee World Wide Web'i icat etti", "tr", "web-invention-cern-tr", "different entity"},
		{"notInBody", "galatasaray are the only spanish club that won the UEFA cup, back in 2000", "en", "galatasaray-uefa-cup-2000-tr", "different entity"},
		{"replaces", "Amerikalı bilgisayar bilimci Vint Cerf World Wide Web'i CERN'de icat etti", "tr", "web-invention-cern-tr", "different entity"},
		{"replaces", "fenerbahce are the only turkish club that won the UEFA cup, back in 2000", "en", "galatasaray-uefa-cup-2000-tr", "different"},
		{"replaces", "Japanese women got the right to vote and be elected in 1934", "en", "women-suffrage-turkey-1934-tr", "different entity"},
		{"lemma", "Constantinople was conquered by the Ottoman Arabs", "en", "constantinople-1453-en", "different entity"},
	})
}
