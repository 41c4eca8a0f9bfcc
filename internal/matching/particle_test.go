package matching

import "testing"

// TestParticleApart holds English phrasal verbs judged as the one verb they make (particle.go):
// a particle that turns the fact-check's verb ("push down" for "raises", "take in" for "emit")
// or a WordNet phrasal verb the lexicon keeps apart from it ("soak up", "bring on", "set off")
// is another claim, while phrasal verbs whose particle is the one the fact-check verb's own
// phrasal synonyms end in ("pump out", "send out" for emit's "give out") and those WordNet
// relates to it keep matching.
func TestParticleApart(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"particleApart", "Volcanoes soak up more CO2 than humans", "en", "volcanoes-co2-en", "different predicate: soak up ≠ emit"},
		{"particleApart", "Volcanoes take in more CO2 than humans", "en", "volcanoes-co2-en", "opposite meaning: take in ≠ emit"},
		{"particleApart", "Eating too much salt pushes down blood pressure", "en", "salt-blood-pressure-en", "opposite meaning: push down ≠ raises"},
		{"particleApart", "Eating too much salt brings down blood pressure", "en", "salt-blood-pressure-en", "opposite meaning: bring down ≠ raises"},
		{"particleApart", "Eating too much salt keeps down blood pressure", "en", "salt-blood-pressure-en", "opposite meaning: keep down ≠ raises"},
		{"particleApart", "Antibiotics bring on colds", "en", "antibiotics-viruses-en", "different predicate: bring on ≠ cure"},
		{"particleApart", "Vitamin C brings on colds", "en", "vitamin-c-colds-en", "different predicate: bring on ≠ prevents"},
		{"particleApart", "Vitamin C sets off colds", "en", "vitamin-c-colds-en", "different predicate: set off ≠ prevents"},
		// The particle of the fact-check verb's phrasal synonyms, or a phrasal verb WordNet
		// relates to it; a preposition after the verb is no particle ("escapes from").
		{"particleApart", "Volcanoes put out more CO2 than humans", "en", "volcanoes-co2-en", ""},
		{"particleApart", "Volcanoes send out more CO2 than humans", "en", "volcanoes-co2-en", ""},
		{"particleApart", "Volcanoes give off more CO2 than humans", "en", "volcanoes-co2-en", ""},
		{"particleApart", "Eating too much salt pushes up blood pressure", "en", "salt-blood-pressure-en", ""},
		{"particleApart", "Eating too much salt drives up blood pressure", "en", "salt-blood-pressure-en", ""},
		{"particleApart", "Antibiotics clear up colds and flu", "en", "antibiotics-viruses-en", ""},
		{"particleApart", "Antibiotics knock out colds and flu", "en", "antibiotics-viruses-en", ""},
		{"particleApart", "Vitamin C wards off colds", "en", "vitamin-c-colds-en", ""},
		{"particleApart", "Vitamin C fends off colds", "en", "vitamin-c-colds-en", ""},
		{"particleApart", "Most body heat escapes from your head", "en", "head-heat-loss-en", ""},
		// particleAgrees: "pump" and "emit" are apart, "pump out" is emit's "give out".
		{"particleAgrees", "Volcanoes pump out more CO2 than humans", "en", "volcanoes-co2-en", ""},
		{"particleAgrees", "volcanoes pump out more CO2 than people do", "en", "volcanoes-co2-en", ""},
	})
}

// TestParticleApartShadowsTwin holds that a phrasal verb refused by the fact-check in the
// post's language keeps the other-language twin, where verbs are not compared, from taking its
// verdict (predshadow.go).
func TestParticleApartShadowsTwin(t *testing.T) {
	ix := starterIndex(t)
	for _, claim := range []string{
		"Eating too much salt pushes down blood pressure",
		"Volcanoes soak up more CO2 than humans",
		"Vitamin C brings on colds",
	} {
		cands := ix.Search(claim, "en", searchDepth)
		if k := chooseConfident(cands, "en", DefaultThreshold); k >= 0 {
			t.Errorf("%q: took %s, want none%s", claim, cands[k].Review.URL, fmtCands(cands))
		}
	}
}
