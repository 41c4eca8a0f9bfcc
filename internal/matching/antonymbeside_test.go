package matching

import "testing"

// TestAntonymBeside holds look-alikes written fresh for antonymbeside.go: the claim's word is
// linked to one half of the fact-check's phrase ("renkli" to "siyah", through WordNet's sense of
// "colored" as "black") while the lexicon makes it the antonym of the other half ("beyaz"), which
// the claim leaves out. Rewordings that state the phrase, or half of it in its own word, keep
// matching.
func TestAntonymBeside(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"antonymBeside", "Köpekler dünyayı renkli görür", "tr", "dogs-black-white-tr", "different detail: renkli ≠ beyaz"},
		{"antonymBeside", "Köpekler her şeyi renkli görür", "tr", "dogs-black-white-tr", "different detail"},
		{"antonymBeside", "köpekler dünyayı renkli görüyormuş", "tr", "dogs-black-white-tr", "different detail"},
		{"antonymBeside", "Dogs see the world in colored shades", "en", "dogs-black-white-en", "different detail: colored ≠ white"},
		{"antonymBeside", "Dogs see everything coloured", "en", "dogs-black-white-en", "different detail"},
		{"antonymBeside", "Köpekler dünyayı siyah beyaz görür", "tr", "dogs-black-white-tr", ""},
		{"antonymBeside", "Köpekler dünyayı siyah-beyaz görüyor", "tr", "dogs-black-white-tr", ""},
		{"antonymBeside", "Dogs only see in black and white", "en", "dogs-black-white-en", ""},
		{"antonymBeside", "Shaving makes hair grow back thicker and darker", "en", "shaving-hair-thicker-en", ""},
	})
}
