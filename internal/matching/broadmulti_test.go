package matching

import "testing"

// TestIzafetLeftOut holds the look-alikes of the tuning files that took the verdict of the true
// Turkish fact-check "HPV aşısı rahim ağzı kanserini önlemeye yardımcı olur" while leaving out
// its two-word modifier (broadmulti.go), in Turkish and, through translations, in English, with
// rewordings that state the modifier and must keep matching.
func TestIzafetLeftOut(t *testing.T) {
	const why = "broader claim: the fact-check says rahim ağzı kanserini"
	checkStarterRules(t, []starterRuleCase{
		{"izafet", "HPV aşısı kanseri önler", "tr", "hpv-vaccine-cervical-cancer-tr", why},
		{"izafet", "HPV aşısı kansere karşı korur", "tr", "hpv-vaccine-cervical-cancer-tr", why},
		{"izafet", "The HPV vaccine prevents cancer", "en", "hpv-vaccine-cervical-cancer-tr", why},
		{"izafet", "HPV vaccine = cancer vaccine. it prevents cancer, period. get your kids done 💉", "en", "hpv-vaccine-cervical-cancer-tr", "different"},
		{"izafet", "HPV aşısı rahim ağzı kanserini önler", "tr", "hpv-vaccine-cervical-cancer-tr", ""},
		{"izafet", "HPV asisi rahim agzi kanserini onlemeye yardimci oluyor", "tr", "hpv-vaccine-cervical-cancer-tr", ""},
		{"izafet", "Kız çocuklarına yapılan HPV aşısı rahim ağzı kanserini önlemeye yardımcı olur", "tr", "hpv-vaccine-cervical-cancer-tr", ""},
		{"izafet", "The HPV vaccine helps prevent cervical cancer", "en", "hpv-vaccine-cervical-cancer-en", ""},
		// a one-word modifier of the dictionary's is still read by broader2.go
		{"izafet", "Sigara içmek kansere yol açar", "tr", "smoking-lung-cancer-tr", "broader claim: the fact-check says akciğer kanserine"},
		{"izafet", "Sigara içmek akciğer kanserine neden olur", "tr", "smoking-lung-cancer-tr", ""},
	})
}
