package matching

import "testing"

// TestInitialisms holds rewordings that shorten a run of the fact-check's words to their
// initials, or spell out the fact-check's acronym (initialism.go), with look-alikes whose
// acronym spells other words, or that swap another part, which must stay refused.
func TestInitialisms(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// The post's acronym for the fact-check's words (eval/colloq6.jsonl o-pp-063, with
		// "cut back", an imperative's particle, claimparts.go imperativeCues).
		{"initialsOf", "Eating too much salt raises your BP", "en", "salt-blood-pressure-en", ""},
		{"initialsOf", "too much salt raises your BP, cut back on the chips", "en", "salt-blood-pressure-en", ""},
		{"initialsOf", "The WWW was invented by Tim Berners-Lee at CERN", "en", "web-invention-cern-en", ""},
		{"initialsOf", "WWW, Tim Berners-Lee tarafından CERN'de icat edildi", "tr", "web-invention-cern-tr", ""},
		// The fact-check's acronym spelled out by the post.
		{"initialsOf", "The human papilloma virus vaccine helps prevent cervical cancer", "en", "hpv-vaccine-cervical-cancer-en", ""},
		// Other initials, the letters in another order, one letter more, another acronym.
		{"initialsOf", "Eating too much salt raises your HR", "en", "salt-blood-pressure-en", "different entity"},
		{"initialsOf", "Eating too much salt raises your PB", "en", "salt-blood-pressure-en", "different entity"},
		{"initialsOf", "Eating too much salt raises your BPM", "en", "salt-blood-pressure-en", "different entity"},
		{"initialsOf", "The WWF was invented by Tim Berners-Lee at CERN", "en", "web-invention-cern-en", "different entity"},
		{"initialsOf", "The HBV vaccine helps prevent cervical cancer", "en", "hpv-vaccine-cervical-cancer-en", "different entity"},
		{"initialsOf", "The hepatitis B virus vaccine helps prevent cervical cancer", "en", "hpv-vaccine-cervical-cancer-en", "different entity"},
		// The acronym said, another part swapped.
		{"initialsOf", "Eating too much sugar raises your BP", "en", "salt-blood-pressure-en", "different"},
		{"initialsOf", "The WWW was invented by Bill Gates at CERN", "en", "web-invention-cern-en", "different entity"},
	})
}
