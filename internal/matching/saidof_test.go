package matching

import (
	"slices"
	"testing"
)

// TestSameClaimSaidElsewhere holds that a post stating what a fact-check says of its subject
// where predicateSide does not read it — a parenthesised gloss of the predicate's word, an earlier
// clause's predicate, the quotation the subject is said to have said, the relative clause of a
// Turkish predicate noun, a passive light verb — states the claim; while a post stating only the
// subject, or another predicate, or the subject's word said again, is still refused.
func TestSameClaimSaidElsewhere(t *testing.T) {
	ix := lexIndex(t,
		review("u:sugar", "Şeker yemek şeker hastalığına (diyabete) yol açar.", "tr", "kismen"),
		review("u:knuckle", "Parmak çıtlatmak eklemlerde kireçlenmeye (artrite) yol açar.", "tr", "yanlis"),
		review("u:blood", "Toplardamarlardaki kan mavidir, ancak havayla temas edince kırmızıya döner.", "tr", "yanlis"),
		review("u:wall", "Çin Seddi uzaydan çıplak gözle görülebilen tek insan yapısıdır.", "tr", "yanlis"),
		review("u:cake", "Marie Antoinette said 'Let them eat cake' about starving peasants.", "en", "yanlis"),
		review("u:quake", "Depremlerin ne zaman ve nerede olacağı önceden kesin olarak tahmin edilebilir.", "tr", "yanlis"),
		review("u:flu", "Grip aşısı insanı gribe yakalandırır.", "tr", "yanlis"),
		review("u:smoking", "Smoking causes lung cancer.", "en", "dogru"),
		review("u:sugar-en", "Eating sugar causes diabetes.", "en", "kismen"),
		review("u:fish", "Balık üstüne yoğurt yemek zehirler.", "tr", "yanlis"),
		review("u:brain", "İnsanlar sol beyinli (mantıksal) ya da sağ beyinli (yaratıcı) olarak ikiye ayrılır.", "tr", "yanlis"),
		review("u:eggs", "Kahverengi kabuklu yumurta beyaz kabuklu yumurtadan daha besleyicidir.", "tr", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		// A gloss in parentheses says the predicate's word again.
		{"Şeker yemek diyabet yapar", "tr", "u:sugar", ""},
		{"Şeker yemek diyabete sebep oluyormuş", "tr", "u:sugar", ""},
		{"Şekerli şeyler yemek diyabet yapar", "tr", "u:sugar", ""},
		{"parmak citlatmak artrit yapiyormus", "und", "u:knuckle", ""},
		{"Şeker yemek", "tr", "u:sugar", "does not say what the fact-check says of"},
		{"Şeker yemek şeker yapar", "tr", "u:sugar", "does not say what the fact-check says of"},
		{"Şeker yemek kansere yol açar", "tr", "u:sugar", "different object"},
		{"Parmak çıtlatmak rahatlatır", "tr", "u:knuckle", "does not say what the fact-check says of"},
		// Two glosses are alternatives of the predicate, neither what it says.
		{"İnsanlar yaratıcı olur", "tr", "u:brain", "does not say what the fact-check says of"},
		{"İnsanlar mantıksal düşünür", "tr", "u:brain", "does not say what the fact-check says of"},
		// An earlier clause's predicate.
		{"Biyoloji hocamız söylemişti: toplardamardaki kan mavi renkte, hava alınca kızarıyor", "tr", "u:blood", ""},
		{"Toplardamarlardaki kan", "tr", "u:blood", "does not say what the fact-check says of"},
		// The relative clause of the predicate noun.
		{"Çin Seddi uzaydan görülebilir", "tr", "u:wall", ""},
		{"Çin Seddi uzaydan görülemez", "tr", "u:wall", "negation differs"},
		{"Çin Seddi aydan görülebilir", "tr", "u:wall", "different"},
		// An adjective before the predicate noun may be the standard of a comparison said the
		// other way round: only the post's verb states a relative clause.
		{"White eggs are healthier than brown ones", "en", "u:eggs", "does not say what the fact-check says of"},
		// A generic person before the predicate is no content: "kısır" is not "gribe".
		{"Grip aşısı insanı kısır yapar", "tr", "u:flu", "does not say what the fact-check says of"},
		{"Grip aşısı insanı felç eder", "tr", "u:flu", "does not say what the fact-check says of"},
		// The quotation the subject is said to have said.
		{"Marie Antoinette said 'Let them eat cake'", "en", "u:cake", ""},
		{"Did Marie Antoinette really say 'let them eat cake'?", "en", "u:cake", ""},
		{"Marie Antoinette said 'Let them eat bread'", "en", "u:cake", "different"},
		{"Marie Antoinette loved cake", "en", "u:cake", "different"},
		// A passive light verb: its noun is the verb's own.
		{"Depremin ne zaman ve nerede olacağı önceden kesin olarak bilinebilir", "tr", "u:quake", ""},
		{"Depremler önceden tahmin edilemez", "tr", "u:quake", "negation differs"},
		// A verb said across languages by the noun of its stem.
		{"fish + yogurt = poison ☠️", "en", "u:fish", ""},
		{"fish then yogurt is toxic??", "en", "u:fish", ""},
		{"fish + yogurt = weight gain", "en", "u:fish", "different"},
		{"fish then yogurt is tasty", "en", "u:fish", "different"},
		{"fish then yogurt", "en", "u:fish", "does not say what the fact-check says of"},
		// Look-alikes the last check refuses stay refused.
		{"Smoking kills", "en", "u:smoking", "does not say what the fact-check says of"},
		{"Sugar causes cancer", "en", "u:sugar-en", "different"},
	})
}

// TestWordsBeforeAsides holds which word each parenthesised aside follows (splitAsides), and that
// a claim's parts record the aside as a gloss of that word.
func TestWordsBeforeAsides(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"Şeker yemek şeker hastalığına (diyabete) yol açar.", []string{"hastalığına"}},
		{"(Not) a claim (really)", []string{"", "claim"}},
		{"Vitamin C (ascorbic acid (E300)) prevents colds", []string{"C"}},
		{"No aside here", nil},
	} {
		if _, asides, got := splitAsides(c.text); !slices.Equal(got, c.want) || len(asides) != len(got) {
			t.Errorf("splitAsides(%q) words before %q (asides %q), want %q", c.text, got, asides, c.want)
		}
	}
	ix := lexIndex(t)
	cp := ix.parseClaim("Şeker yemek şeker hastalığına (diyabete) yol açar.", "tr")
	if len(cp.glosses) != 1 || cp.parts[cp.glosses[0].of].text != "hastalığına" || cp.parts[cp.glosses[0].from].text != "diyabete" {
		t.Errorf("glosses = %+v, want diyabete as a gloss of hastalığına", cp.glosses)
	}
}
