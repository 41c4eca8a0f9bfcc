package matching

import "testing"

// TestSameClaimTranslationsAgree holds Turkish rewordings whose changed word the lexicon links
// only through its translations (trlex.go, thesaurus.TranslationsAgree), and that look-alikes
// that swap a word for a sibling, another subject or an opposite still refuse.
func TestSameClaimTranslationsAgree(t *testing.T) {
	ix := lexIndex(t,
		review("u:hpv", "HPV aşısı rahim ağzı kanserini önlemeye yardımcı olur.", "tr", "dogru"),
		review("u:climate", "Günümüzdeki küresel ısınmanın temel nedeni insan faaliyetleridir.", "tr", "dogru"),
		review("u:eggs", "Kahverengi kabuklu yumurta beyaz kabuklu yumurtadan daha besleyicidir.", "tr", "yanlis"),
		review("u:mozart", "Bebeklere Mozart dinletmek onları daha zeki yapar.", "tr", "yanlis"),
		review("u:sunscreen", "Bulutlu havalarda güneş kremi sürmeye gerek yoktur.", "tr", "yanlis"),
		review("u:smoking", "Sigara içmek akciğer kanserine yol açar.", "tr", "dogru"),
	)
	checkSameClaims(t, ix, []sameCase{
		// korunmak (avoid) and önlemek (avert): one WordNet synset.
		{"Kızıma HPV aşısını yaptırdım, rahim ağzı kanserinden korunmaya yardımcı oluyor", "tr", "u:hpv", ""},
		// asıl and temel: one KeNet synset, confirmed by synonymous translations.
		{"küresel ısınmanın asıl sebebi insanlar", "tr", "u:climate", ""},
		// esmer (brunet) and kahverengi (brown).
		{"Esmer kabuklu yumurta beyaz kabukludan daha besleyiciymiş", "tr", "u:eggs", ""},
		// zekâ (intelligence) and zeki (intelligent): forms of one word.
		{"Bebeğe Mozart dinletirsen zekası artar", "tr", "u:mozart", ""},
		// ihtiyaç (need) and gerek (want).
		{"bulutlu havada gunes kremine ihtiyac yok", "tr", "u:sunscreen", ""},
		// Look-alikes: another subject, a sibling, another object.
		{"Güneş kremi kansere neden olur", "tr", "u:smoking", "different"},
		{"Çay içmek akciğer kanserine yol açar", "tr", "u:smoking", "different"},
		{"Sigara içmek kalp krizine yol açar", "tr", "u:smoking", "different"},
		{"HPV aşısı rahim ağzı kanserine yol açar", "tr", "u:hpv", "different"},
	})
}
