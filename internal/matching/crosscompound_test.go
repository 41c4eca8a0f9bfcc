package matching

import "testing"

// TestCrossCompounds holds cross-language posts that say with an English compound what the
// fact-check says with a Turkish pair of words (crosscompound.go linkCrossCompounds): "baking
// soda" is stated by "sodyum bikarbonat", whose words' translations make "sodium bicarbonate",
// a WordNet synonym of it. Look-alikes that name another compound of the same head ("baking
// powder", "caustic soda") stay refused: no translation of the pair is a synonym of theirs.
func TestCrossCompounds(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// Gained (tuning data: colloq3 k-cl-004).
		{"linkCrossCompounds", "is baking soda a cure for cancer?", "en", "baking-soda-cancer-tr", ""},
		{"linkCrossCompounds", "baking soda cures cancer", "en", "baking-soda-cancer-tr", ""},
		// Look-alikes: another compound of the same head or modifier.
		{"linkCrossCompounds", "is baking powder a cure for cancer?", "en", "baking-soda-cancer-tr", "different"},
		{"linkCrossCompounds", "is caustic soda a cure for cancer?", "en", "baking-soda-cancer-tr", "different"},
	})
}

// TestRestatedKind holds Turkish posts that say "kara kutu" for a fact-check that names the
// black box and then the broader kind it is ("'black box' flight recorder"; crosscompound.go
// restatedKind): WordNet calls a black box a recorder, so the recorder is no other thing the post
// leaves out. Another colour, or another thing said black, stays refused.
func TestRestatedKind(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// Gained (tuning data: blind2 c-cl-047, colloq2 h-cl-058, colloq3 k-cl-023).
		{"restatedKind", "Uçağın kara kutusu adı gibi siyah", "tr", "black-box-color-en", ""},
		{"restatedKind", "Uçakların kara kutusu siyah renktedir, o yüzden adı kara kutu", "tr", "black-box-color-en", ""},
		{"restatedKind", "uçakların kara kutusu gerçekten siyah mı, hep merak etmişimdir", "tr", "black-box-color-en", ""},
		// Look-alikes: what the post says of the black box is not its colour, which only the
		// "kara" of its "kara kutu" would state (tuning data: blind3); another colour, another
		// black thing, another recorder.
		{"sharedPartner", "Uçaklardaki kara kutu her kazada bulunur", "tr", "black-box-color-en", "different"},
		{"restatedKind", "uçakların kara kutusu turuncudur", "tr", "black-box-color-en", "different"},
		{"restatedKind", "kara kedi adı üstünde siyahtır", "tr", "black-box-color-en", "different"},
		{"restatedKind", "uçakların ses kayıt cihazı siyahtır", "tr", "black-box-color-en", "different"},
	})
}
