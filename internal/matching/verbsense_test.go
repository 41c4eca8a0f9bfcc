package matching

import (
	"testing"

	"github.com/claimcheck/claimcheck/internal/thesaurus"
)

// TestVerbsApart holds which English verb pairs the lexicon keeps apart (thesaurus VerbsApart):
// verbs it knows well with no sense in common, nearby or derivationally related and in other
// lexicographer files are apart; light verbs, verbs one of which is a kind of the other, and
// synonyms are not.
func TestVerbsApart(t *testing.T) {
	th, err := thesaurus.Open()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		a, b  string
		apart bool
	}{
		{"burn", "recycle", true},
		{"dump", "recycle", true},
		{"absorb", "emit", true},
		{"consume", "produce", true},
		{"found", "conquer", true},
		{"teach", "fail", true},
		{"collect", "wear", true},
		{"kill", "transmit", true},
		// light verbs: too many senses to say which one a post means, or a main sense that is
		// one of a light verb's ("cause" is make's fifth sense, "descend" fall's second)
		{"give", "cause", false},
		{"cure", "cause", false},
		{"prevent", "cause", false},
		{"descend", "evolve", false},
		{"make", "cause", false},
		{"get", "recycle", false},
		{"keep", "prevent", false},
		// one verb a kind of the other, or kin below one hypernym
		{"damage", "alter", false},
		{"increase", "alter", false},
		{"erect", "fall", false},
		// synonyms, near synonyms, derivational kin
		{"heal", "cure", false},
		{"modify", "alter", false},
		{"release", "emit", false},
		{"spread", "transmit", false},
		{"lead", "cause", false},
		{"recycle", "recycle", false},
		// not verbs
		{"burned", "recycle", false},
		{"caus", "give", false},
	} {
		if got := th.VerbsApart(c.a, c.b); got != c.apart {
			t.Errorf("VerbsApart(%q, %q) = %v, want %v", c.a, c.b, got, c.apart)
		}
		if got := th.VerbsApart(c.b, c.a); got != c.apart {
			t.Errorf("VerbsApart(%q, %q) = %v, want %v (reversed)", c.b, c.a, got, c.apart)
		}
	}
}

// TestVerbSenseRule holds posts whose predicate verb the lexicon keeps apart from the
// fact-check's (refused as a different predicate) beside rewordings of the same fact-checks with
// a verb it does not (still the same claim).
func TestVerbSenseRule(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"verbsApart", "Most of the plastic we use gets burned", "en", "plastic-recycling-en", "different predicate"},
		{"verbsApart", "most plastic we use just gets dumped in landfills", "en", "plastic-recycling-en", "different predicate"},
		{"verbsApart", "Volcanoes absorb more carbon dioxide than humans do", "en", "volcanoes-co2-en", "different predicate"},
		{"verbsApart", "The Amazon rainforest consumes 20 percent of the world's oxygen", "en", "amazon-oxygen-en", "different predicate"},
		{"verbsApart", "Constantinople was founded by the Ottomans in 1453", "en", "constantinople-1453-en", "different predicate"},
		{"verbsApart", "Einstein taught maths at school", "en", "einstein-failed-math-en", "different predicate"},
		{"verbsApart", "Mosquitoes can kill HIV", "en", "mosquitoes-hiv-en", "different predicate"},
		// a phrasal verb ("knock out", "escape from") is not the verb alone
		{"phrasalVerb", "antibiotics will knock out your cold or flu", "en", "antibiotics-viruses-en", ""},
		{"phrasalVerb", "Most body heat escapes from your head", "en", "head-heat-loss-en", ""},
		// a verb in another voice than the fact-check's ("escapes" for "is lost") is not judged
		{"passiveVerb", "most of your body heat escapes through your head", "en", "head-heat-loss-en", ""},
		{"verbsApart", "Volcanoes release more carbon dioxide than humans do", "en", "volcanoes-co2-en", ""},
		{"verbsApart", "Vaccines give you autism", "en", "vaccines-autism-en", ""},
		{"verbsApart", "Smoking leads to lung cancer", "en", "smoking-lung-cancer-en", ""},
		{"verbsApart", "Humans descended from monkeys", "en", "humans-from-monkeys-en", ""},
		{"verbsApart", "Hot lemon water heals cancer", "en", "lemon-water-cancer-en", ""},
		{"verbsApart", "Can mosquitoes spread HIV?", "en", "mosquitoes-hiv-en", ""},
	})
}
