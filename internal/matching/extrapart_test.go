package matching

import (
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/internal/turkish"
)

// TestCarriedAside holds rewordings of the tuning files that decideWhole refused with "the claim
// also says X" before extrapart.go, each group naming the rule that now sets X aside, with
// look-alikes of the same fact-checks that must still be refused.
func TestCarriedAside(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// lightGerund: a gerund of a light verb names being in what the fact-check's subject
		// names ("the cold" for "Cold weather").
		{"lightGerund", "Going out in the cold gives you a cold", "en", "cold-weather-colds-en", ""},
		{"lightGerund", "going out in the cold gives you a cold, put a coat on!!", "en", "cold-weather-colds-en", ""},
		// Another act, or another place to be in, is another claim.
		{"lightGerund", "Avoiding the cold gives you a cold", "en", "cold-weather-colds-en", "different"},
		{"lightGerund", "Going to bed with wet hair gives you a cold", "en", "cold-weather-colds-en", "different"},
		{"lightGerund", "Going out in the rain gives you a cold", "en", "cold-weather-colds-en", "different"},
		{"lightGerund", "Going out in the cold gives you frostbite", "en", "cold-weather-colds-en", "different"},
		// After a preposition of source or separation the act leaves the cold, not is in it.
		{"lightGerund", "Coming in from the cold gives you a cold", "en", "cold-weather-colds-en", "different"},
		{"lightGerund", "Keeping out of the cold gives you a cold", "en", "cold-weather-colds-en", "different"},
		// necessityWord: "şart", "gerek", "lazım" say what -mAlI or "should" says.
		{"necessityWord", "gunde en az 8 bardak su icmek herkes icin sart", "tr", "eight-glasses-water-tr", ""},
		{"necessityWord", "Her insanın günde minimum 8 bardak su içmesi şart", "tr", "eight-glasses-water-tr", ""},
		{"necessityWord", "Doktorum söyledi, yetişkinlerin her gece en az 7 saat uyuması gerek", "tr", "adult-sleep-7-hours-en", ""},
		{"necessityWord", "yetişkinlerin gecede en az yedi saat uyuması lazım, ben 5 saatle yaşıyorum 😴", "tr", "adult-sleep-7-hours-en", ""},
		// A predicate of the claim's own is no necessity.
		{"necessityWord", "gunde en az 8 bardak su icmek herkes icin zararli", "tr", "eight-glasses-water-tr", "different"},
		{"necessityWord", "yetişkinlerin gecede en az yedi saat uyuması zararlı", "tr", "adult-sleep-7-hours-en", "different"},
		// misreadVerb: an irregular past read as a noun is the verb.
		{"misreadVerb", "we literally came from monkeys 🐒", "en", "humans-from-monkeys-en", ""},
		{"misreadVerb", "Tim Berners-Lee came up with the WWW while at CERN", "en", "web-invention-cern-en", ""},
		{"misreadVerb", "we literally came from fish", "en", "humans-from-monkeys-en", "different"},
		// A progressive is not read as the verb: "widening" would take the verdict of "recovering".
		{"misreadVerb", "The ozone hole is widening thanks to the Montreal Protocol", "en", "ozone-recovery-en", "different"},
		// contraryProForm: the claim's word where the fact-check says "otherwise".
		{"contraryProForm", "Back in the Middle Ages everyone believed in a flat Earth, then Columbus proved it was round", "en", "medieval-flat-earth-en", ""},
		{"contraryProForm", "Back in the Middle Ages everyone believed in a flat Earth, then Magellan proved it was round", "en", "medieval-flat-earth-en", "different"},
		{"contraryProForm", "Back in the Middle Ages everyone believed in a flat Earth, then Columbus sailed to America", "en", "medieval-flat-earth-en", "different"},
	})
}

// TestSeparatedBy holds the words between a light verb and its complement that make the
// complement what the act leaves or lacks.
func TestSeparatedBy(t *testing.T) {
	for _, c := range []struct {
		text, verb, comp string
		want             bool
	}{
		{"Going out in the cold gives you a cold", "Going", "cold", false},
		{"Coming in from the cold gives you a cold", "Coming", "cold", true},
		{"Keeping out of the cold gives you a cold", "Keeping", "cold", true},
		{"Getting the HPV jab helps", "Getting", "HPV", false},
		{"Going out in the cold, away from home", "Going", "cold", false},
	} {
		if got := separatedBy(c.text, c.verb, c.comp); got != c.want {
			t.Errorf("separatedBy(%q, %q, %q) = %v, want %v", c.text, c.verb, c.comp, got, c.want)
		}
	}
}

// TestNecessityNeedsTheMood holds that a Turkish word of necessity is set aside only where the
// fact-check's verb is necessitative: beside a fact-check that says something else of the same
// act, the necessity is the claim's own.
func TestNecessityNeedsTheMood(t *testing.T) {
	ix := lexIndex(t,
		review("u:must", "Herkes her gün 8 bardak su içmelidir.", "tr", "yanlis"),
		review("u:good", "Her gün 8 bardak su içmek sağlıklıdır.", "tr", "dogru"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"her gün 8 bardak su içmek şart", "tr", "u:must", ""},
		{"her gün 8 bardak su içmek şart", "tr", "u:good", "different"},
	})
}

// TestNecessitative holds the verbs necessityWord takes for a fact-check's necessitative: a
// Turkish -mAlI after the verb's stem, an English verb after a modal of necessity.
func TestNecessitative(t *testing.T) {
	for _, c := range []struct {
		text, word, lang string
		dict             []string
		want             bool
	}{
		{"Herkes her gün en az 8 bardak su içmelidir.", "içmelidir", "tr", []string{"su icmek"}, true},
		{"Çocuklar erken yatmalı.", "yatmalı", "tr", []string{"yatmak"}, true},
		{"Herkes her gün su içer.", "içer", "tr", []string{"icmek"}, false},
		{"Adults should sleep at least seven hours a night.", "sleep", "en", nil, true},
		{"Everyone needs to drink at least eight glasses of water a day.", "drink", "en", nil, true},
		{"Adults sleep at least seven hours a night.", "sleep", "en", nil, false},
		{"Everyone likes to drink water.", "drink", "en", nil, false},
	} {
		p := part{text: c.word, folded: turkish.Fold(strings.ToLower(c.word)), lang: c.lang, dict: c.dict}
		if got := necessitative(&claimParts{frameText: c.text}, &p); got != c.want {
			t.Errorf("necessitative(%q in %q) = %v, want %v", c.word, c.text, got, c.want)
		}
	}
}
