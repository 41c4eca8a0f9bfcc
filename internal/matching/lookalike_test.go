package matching

import "testing"

// starterURL is the address of a starter fact-check by its name.
func starterURL(name string) string { return "urn:claimcheck:starter:" + name }

// starterRuleCase is one post checked against a starter fact-check (by name), in a table grouped
// by the rule it holds: reason "" wants the same claim, any other a refusal whose reason holds it.
type starterRuleCase struct{ rule, claim, lang, review, reason string }

// checkStarterRules runs the cases through the starter index's SameClaim.
func checkStarterRules(t *testing.T, rows []starterRuleCase) {
	t.Helper()
	cases := make([]sameCase, 0, len(rows))
	for _, c := range rows {
		cases = append(cases, sameCase{c.claim, c.lang, starterURL(c.review), c.reason})
	}
	checkSameClaims(t, starterIndex(t), cases)
}

// TestLookalikeRules holds the look-alikes of the tuning files that took a fact-check's verdict
// before the rules of lookalike.go (each group names its rule), with rewordings of the same
// fact-checks that must keep matching.
func TestLookalikeRules(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// factCheckNouns: "viruses", "dinosaurs", "tyres" are nouns, whatever their -s.
		{"factCheckNouns", "Mac computers never crash", "en", "mac-viruses-en", "different"},
		{"factCheckNouns", "Mac computers don't need defragmenting", "en", "mac-viruses-en", "different"},
		{"factCheckNouns", "Humans and woolly mammoths lived at the same time", "en", "humans-dinosaurs-en", "different"},
		{"factCheckNouns", "Rubber boots protect you from lightning", "en", "car-tires-lightning-en", "different"},
		{"factCheckNouns", "Macs can't get viruses", "en", "mac-viruses-en", ""},
		{"factCheckNouns", "Smoking cigarettes leads to lung cancer", "en", "smoking-lung-cancer-en", ""},
		// oneWayStand: a fact-check word joined to the claim only through a word that states
		// another of its parts.
		{"oneWayStand", "Eating fried potatoes increases the risk of bowel cancer", "en", "processed-meat-cancer-tr", "different"},
		{"oneWayStand", "Boğalar yeşil renge öfkelenir", "tr", "bulls-red-en", "different"},
		{"oneWayStand", "Eating processed meat increases the risk of bowel cancer", "en", "processed-meat-cancer-tr", ""},
		{"oneWayStand", "Boğalar kırmızı renge öfkelenir", "tr", "bulls-red-en", ""},
		// A dictionary's translation read as its own lemma (internal/thesaurus enReading.headword):
		// "bağırsak" (bowel) is no longer joined to "akciğer" (lung) through a reading as the verb
		// "bağırmak" (to shout, "bellow") and akciğer's "bellows".
		{"headword", "Sigara içmek bağırsak kanserine yol açar", "tr", "smoking-lung-cancer-tr", "different"},
		{"headword", "İşlenmiş et tüketimi akciğer kanseri riskini artırır", "tr", "processed-meat-cancer-tr", "different"},
		{"headword", "Sigara içmek akciğer kanserine neden olur", "tr", "smoking-lung-cancer-tr", ""},
		{"headword", "İşlenmiş et yemek bağırsak kanseri riskini artırır", "tr", "processed-meat-cancer-tr", ""},
		// nameHeadLeftOut: "Berlin" is the city, not "Berlin Duvarı".
		{"nameHeadLeftOut", "Berlin 1989'da yıkıldı", "tr", "berlin-wall-1989-tr", "different entity"},
		{"nameHeadLeftOut", "Berlin fell in 1989", "en", "berlin-wall-1989-en", "different entity"},
		{"nameHeadLeftOut", "Berlin Duvarı 89'da yıkıldı", "tr", "berlin-wall-1989-tr", ""},
		{"nameHeadLeftOut", "The Olympics started in ancient Greece", "en", "olympics-ancient-greece-en", ""},
		{"nameHeadLeftOut", "Tim Berners-Lee invented the World Wide Web", "en", "web-invention-cern-en", ""},
		// otherMeans: another means beside the predicate both state.
		{"otherMeans", "Bir ülke daha fazla borçlanarak zenginleşebilir", "tr", "printing-money-wealth-tr", "different detail"},
		{"otherMeans", "Bir ülke daha fazla ihracat yaparak zenginleşebilir", "tr", "printing-money-wealth-tr", "different detail"},
		{"otherMeans", "Bir ülke daha çok para bastırarak zenginleşir", "tr", "printing-money-wealth-tr", ""},
		// movedModifier: a word taken from the other head, with its antonym in its place.
		{"movedModifier", "Salted water boils at a higher temperature", "en", "water-boils-altitude-en", "different detail"},
		{"movedModifier", "Tuzlu su daha yüksek sıcaklıkta kaynar", "tr", "water-boils-altitude-tr", "different detail"},
		{"movedModifier", "At high altitude water boils at a lower temperature", "en", "water-boils-altitude-en", ""},
		{"movedModifier", "Test çözdüm, sağ beyinliymişim yani yaratıcıymışım; insanlar ikiye ayrılıyormuş", "tr", "left-right-brain-tr", ""},
		// kindForHead: another kind of the head whose modifier is left out.
		{"kindForHead", "Kışın güneş kremi sürmeye gerek yoktur", "tr", "sunscreen-cloudy-days-tr", "different detail"},
		{"kindForHead", "Bulutlu havada güneş kremine gerek yok", "tr", "sunscreen-cloudy-days-tr", ""},
		{"kindForHead", "yes, evolution is real: living things changed and diversified over millions of years", "en", "evolution-en", ""},
		// placeForCore: the subject of a when-clause in the place of the fact-check's.
		{"placeForCore", "Scientists can predict exactly when a volcano will erupt", "en", "earthquake-prediction-en", "different"},
		{"placeForCore", "Scientists can predict exactly when an earthquake will hit", "en", "earthquake-prediction-en", ""},
		{"placeForCore", "Private browsing makes you anonymous on the internet", "en", "incognito-anonymous-en", ""},
		// subjectAsStandard: the claim's subject stated by the fact-check's standard.
		{"subjectAsStandard", "İnekler arabalardan daha fazla karbondioksit salar", "tr", "volcanoes-co2-tr", "different subject"},
		{"subjectAsStandard", "Volkanlar insanlardan fazla CO2 salar", "tr", "volcanoes-co2-tr", ""},
		// predicateLeftOut: the claim's verb meets only the fact-check's adjunct.
		{"predicateLeftOut", "Roma'yı İmparator Neron kendisi ateşe verdi", "tr", "nero-fiddle-en", "different predicate"},
		{"predicateLeftOut", "Nero fiddled while Rome burned", "en", "nero-fiddle-en", ""},
		{"predicateLeftOut", "In 1893 New Zealand became the first self-governing nation to let women vote in national elections", "en", "nz-womens-suffrage-1893-en", ""},
		// assignRoles (lightNoun): "uykulu" with "yapmak" is the result, no verb.
		{"lightNoun", "Bebeklere Mozart dinletmek onları daha uykulu yapar", "tr", "mozart-effect-tr", "different"},
		{"lightNoun", "Bebeklere Mozart dinletmek onları daha akıllı yapar", "tr", "mozart-effect-tr", ""},
	})
}

// TestClippedCompound holds a word naming a one-word compound the dictionaries do not list by
// its first part ("korona" for "koronavirüs"), and not a compound they list ("watermelon").
func TestClippedCompound(t *testing.T) {
	ix := starterIndex(t)
	for _, c := range []struct {
		lang, short, whole string
		want               bool
	}{
		{"tr", "koronayı", "koronavirüsü", true},
		{"en", "water", "watermelon", false},
		{"en", "earth", "earthquake", false},
		{"tr", "hava", "havalimanı", false},
	} {
		p, o := ix.parseClaim(c.short, c.lang).parts, ix.parseClaim(c.whole, c.lang).parts
		if len(p) != 1 || len(o) != 1 {
			t.Fatalf("%q, %q: parts %v, %v", c.short, c.whole, p, o)
		}
		if got := ix.clippedCompound(&p[0], &o[0]); got != c.want {
			t.Errorf("clippedCompound(%q, %q) = %v, want %v", c.short, c.whole, got, c.want)
		}
	}
	checkSameClaims(t, ix, []sameCase{
		{"5G baz istasyonları koronayı yayar", "tr", starterURL("5g-covid-tr"), ""},
	})
}

// TestKnownApart: two Turkish words a letter apart are a misspelling only while the lexicon does
// not read each as a dictionary word of its own ("develer", camels, is no "devekuşları").
func TestKnownApart(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"knownApart", "develer korkunca kafasını kuma gömer", "tr", "ostrich-head-sand-tr", "different subject: develer ≠ devekuşları"},
		{"knownApart", "devekuslari korkunca kafasini kuma gomer", "tr", "ostrich-head-sand-tr", ""},
		{"knownApart", "devekuşları korktuklarında başlarını kuma gömüyor", "tr", "ostrich-head-sand-tr", ""},
		{"knownApart", "Antibiyotikler viral enfeksiyonlari tedvi eder", "tr", "antibiotics-viruses-tr", ""},
	})
}
