package matching

import "testing"

// TestBroaderClaim holds the look-alikes of eval/probes.jsonl (and k-lk-268 of colloq3.jsonl)
// that took the verdict of a fact-check whose qualifier they leave out (broader.go), with
// rewordings of the same fact-checks that leave out only a detail (a year, a place, an aside), an
// object of the act, a noun that names where the head is, or a word the post states otherwise,
// and must keep matching.
func TestBroaderClaim(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// headQualifier: an adjective of a stated noun, a -lI adjective, a noun opening the subject or
		// before a case ending.
		{"headQualifier", "Antibiotics cure infections", "en", "antibiotics-viruses-en", "broader claim: the fact-check says viral infections, the claim says infections"},
		{"headQualifier", "Antibiyotikler enfeksiyonları tedavi eder", "tr", "antibiotics-viruses-tr", "broader claim: the fact-check says viral enfeksiyonları"},
		{"headQualifier", "Sıcak su kanseri tedavi eder", "tr", "lemon-water-cancer-tr", "broader claim: the fact-check says limonlu su, the claim says su"},
		{"headQualifier", "balıkların hafızası yalnızca 3 saniyeymiş", "tr", "goldfish-memory-tr", "broader claim: the fact-check says japon balıklarının"},
		{"headQualifier", "Einstein okulda sınıfta kalmıştır", "tr", "einstein-failed-math-tr", "broader claim: the fact-check says matematik dersinden, the claim says sınıfta"},
		{"headQualifier", "Einstein okulda matematikten kalmıştır", "tr", "einstein-failed-math-tr", ""},
		{"headQualifier", "Antibiotics cure viral infections", "en", "antibiotics-viruses-en", ""},
		{"headQualifier", "Spicy food gives you ulcers", "en", "spicy-food-ulcers-en", ""},
		{"headQualifier", "Eggs raise your cholesterol", "en", "eggs-cholesterol-en", ""},
		{"headQualifier", "Kahverengi yumurta beyaz yumurtadan daha besleyicidir", "tr", "brown-eggs-tr", ""},
		{"headQualifier", "Milli takımımız 2002 Dünya Kupası'nda üçüncü oldu", "tr", "turkey-world-cup-2002-tr", ""},
		{"headQualifier", "private browsing makes you totally anonymous online", "en", "incognito-anonymous-en", ""},
		{"headQualifier", "Fisherman here: the Moon's gravity is what mainly drives the tides", "en", "moon-tides-en", ""},
		{"headQualifier", "sodium bicarbonate can treat cancer, doctors hide it", "en", "baking-soda-cancer-tr", ""},
		// partOfStandard: the standard of a comparison is a part of what the claim compares with.
		{"partOfStandard", "Lightning is hotter than the Sun", "en", "lightning-hotter-than-sun-en", "broader claim: the fact-check says surface of the Sun, the claim says Sun"},
		{"partOfStandard", "Yıldırım Güneş'ten daha sıcaktır", "tr", "lightning-hotter-than-sun-tr", "broader claim: the fact-check says Güneş'in yüzeyinden"},
		{"partOfStandard", "Lightning is hotter than the surface of the Sun", "en", "lightning-hotter-than-sun-en", ""},
		// shareOf: a share of the object.
		{"shareOf", "Amazon ormanları dünyadaki oksijeni üretir", "tr", "amazon-oxygen-tr", "broader claim: the fact-check says oksijenin yüzde 20, the claim says oksijeni"},
		{"shareOf", "Beynimizin sadece onda birini kullanıyoruz", "tr", "ten-percent-brain-tr", ""},
		// actCondition: a condition of the act that is the subject.
		{"actCondition", "Reading damages your eyesight", "en", "reading-dim-light-en", "broader claim: the fact-check says reading in dim light, the claim says reading"},
		{"actCondition", "Kitap okumak gözleri bozar", "tr", "reading-dim-light-tr", "broader claim: the fact-check says loş ışıkta kitap okumak"},
		{"actCondition", "Sleeping in a closed room can kill you", "en", "fan-death-en", "broader claim: the fact-check says sleeping in a closed room with an electric fan running"},
		{"actCondition", "Kapalı odada uyumak insanı öldürür", "tr", "fan-death-en", "broader claim"},
		{"actCondition", "loş ışıkta okursan gözün bozulur, babam hep kızardı", "tr", "reading-dim-light-tr", ""},
		{"actCondition", "Sleeping with a fan on in a closed room can kill you", "en", "fan-death-en", ""},
		{"actCondition", "Does a drink really warm you up when it's cold out?", "en", "alcohol-warms-body-en", ""},
		{"actCondition", "Living things have evolved and diversified over time", "en", "evolution-en", ""},
		{"actCondition", "Eating yoghurt after fish gives you food poisoning", "en", "fish-yoghurt-tr", ""},
		// Details a claim may leave out: a year, a place or time, an aside, the words of a name.
		{"detail", "The Berlin Wall fell", "en", "berlin-wall-1989-en", ""},
		{"detail", "Basketball was invented by James Naismith", "en", "basketball-naismith-en", ""},
		{"detail", "Einstein failed maths", "en", "einstein-failed-math-en", ""},
		{"detail", "Water boils at a lower temperature", "en", "water-boils-altitude-en", ""},
		{"detail", "5G baz istasyonları koronavirüsü yayar", "tr", "5g-covid-tr", ""},
		{"detail", "5G spreads COVID-19", "en", "5g-covid-en", ""},
	})
}

// TestWithNounSuffix: a -lI ending reads as "having" only after a dictionary noun; a compound's
// possessive that ends the same way ("milletvekili") is a noun, not a qualifier to leave out.
func TestWithNounSuffix(t *testing.T) {
	ix := starterIndex(t)
	for _, c := range []struct {
		folded string
		want   bool
	}{
		{"limonlu", true},
		{"sekerli", true},
		{"boynuzlu", true},
		{"milletvekili", false},
		{"kalemli", true},
	} {
		if got := ix.withNounSuffix(c.folded); got != c.want {
			t.Errorf("withNounSuffix(%q) = %v, want %v", c.folded, got, c.want)
		}
	}
}
