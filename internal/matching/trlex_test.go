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
		review("u:columbus", "Amerika kıtasına ulaşan ilk Avrupalılar Kristof Kolomb ve tayfasıdır.", "tr", "yanlis"),
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
		// ulaşan read as ulaşmak (to reach), which varmak states (leastStrippedVerb).
		{"Tarih kitabımızda yazıyordu: Amerika'ya ilk varan Avrupalı Kristof Kolomb ve tayfası", "tr", "u:columbus", ""},
		// Look-alikes: another subject, a sibling, another object.
		{"Güneş kremi kansere neden olur", "tr", "u:smoking", "different"},
		{"Çay içmek akciğer kanserine yol açar", "tr", "u:smoking", "different"},
		{"Sigara içmek kalp krizine yol açar", "tr", "u:smoking", "different"},
		{"HPV aşısı rahim ağzı kanserine yol açar", "tr", "u:hpv", "different"},
		{"Amerika kıtasına ulaşan ilk Avrupalılar Vikinglerdir", "tr", "u:columbus", "different"},
	})
}

// TestLeastStrippedVerb holds that a Turkish word's verb reading is the longest verb stem the
// lexicon knows (trlex.go), not the first that Lemmas' breadth-first order reaches, and that a
// word's other readings stay.
func TestLeastStrippedVerb(t *testing.T) {
	ix := starterIndex(t)
	for _, c := range []struct {
		word string
		want []string // dictionary forms it must have, as spelled
		not  string   // a verb it must no longer be read as
	}{
		{"ulaşan", []string{"ulaşmak"}, "ulamak"}, // -An, not -şAn
		{"ulasan", []string{"ulasmak"}, "ulamak"}, // typed without Turkish letters
		{"yayıyor", []string{"yaymak"}, "yamak"},  // yay-ıyor, not ya-yıyor
		{"yaşanmıştır", []string{"yaşamak"}, "yaşmak"},
		{"kazırsan", []string{"kazımak"}, "kazmak"},
		{"azaltır", []string{"azaltmak"}, "azalmak"}, // the causative as written
		{"yenirse", []string{"yenmek", "yemek"}, ""}, // the passive reading stays (dictForms)
		{"sokar", []string{"sokmak"}, ""},
	} {
		cp := ix.parseClaim(c.word, "tr")
		if len(cp.parts) != 1 {
			t.Fatalf("%q: %d parts", c.word, len(cp.parts))
		}
		got := cp.parts[0].lexForms()
		for _, w := range c.want {
			if !contains(got, w) {
				t.Errorf("%q: dictionary forms %q, want %q among them", c.word, got, w)
			}
		}
		if c.not != "" && contains(got, c.not) {
			t.Errorf("%q: dictionary forms %q, want no %q", c.word, got, c.not)
		}
	}
}
