package matching

import "testing"

// TestAdversarialExpansions holds look-alikes of adversarial.jsonl that expand a part of the
// fact-check into another thing (advexp.go), each group with rewordings from the tuning files
// that must keep matching: the act made the modifier of another head or given an object of its
// own, a phrasal verb judged whole, a second possessor or a fraction before a shared head, a
// name stated by another word for a part of it, two kinds of one class, a modifier met only
// through a stem reading with its head left out, and a superlative on a word joined only through
// a second translation.
func TestAdversarialExpansions(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// actMadeModifier: a noun right after the fact-check's act, where the act stands alone.
		{"actMadeModifier", "Smoking meat causes lung cancer", "en", "smoking-lung-cancer-en", "different subject: Smoking meat"},
		{"actMadeModifier", "Shaving cream makes hair grow back thicker and darker", "en", "shaving-hair-thicker-en", "different subject: Shaving cream"},
		{"actMadeModifier", "Tıraş köpüğü kılların daha kalın ve sık çıkmasına neden olur", "tr", "shaving-hair-thicker-tr", "different subject: Tıraş köpüğü"},
		// The act's own object (its translation "sigara içmek" carries "sigara"), an act that is
		// not the subject ("from lightning"), and the act with its light verb.
		{"actMadeModifier", "Smoking cigarettes leads to lung cancer", "en", "smoking-lung-cancer-en", ""},
		{"actMadeModifier", "Your car's rubber tires protect you from lightning strikes", "en", "car-tires-lightning-en", ""},
		{"actMadeModifier", "Tıraş olmak kılların daha kalın çıkmasına neden olur", "tr", "shaving-hair-thicker-tr", ""},
		// phrasalApart: "end up" is no "recycle"; phrasal verbs whose words the fact-check
		// all states are left to their senses.
		{"phrasalApart", "Most of the plastic we use ends up in the ocean", "en", "plastic-recycling-en", "different predicate: end up"},
		{"phrasalApart", "Volcanoes put out more CO2 than humans", "en", "volcanoes-co2-en", ""},
		{"phrasalApart", "Most body heat escapes from your head", "en", "head-heat-loss-en", ""},
		// otherPossessor: two possessor names of one head.
		{"otherPossessor", "Osmanlı İmparatorluğu'nun başkenti İstanbul'du", "tr", "istanbul-capital-tr", "different entity"},
		{"otherPossessor", "Türkiye Cumhuriyeti'nin başkenti İstanbul'dur", "tr", "istanbul-capital-tr", ""},
		// fractionCompound: "half marathon" is another race; "half of" is an amount.
		{"fractionCompound", "Is the official half marathon distance 42.195 km?", "en", "marathon-distance-en", "different detail: half marathon"},
		{"fractionCompound", "The official marathon distance is 42.195 km", "en", "marathon-distance-en", ""},
		// namePartOnly: "internet" is not the World Wide Web; "the web" and "WWW" name it.
		{"namePartOnly", "İnternet, Tim Berners-Lee tarafından CERN'de icat edildi", "tr", "web-invention-cern-en", "different entity: İnternet ≠ World Wide Web"},
		{"namePartOnly", "Tim Berners-Lee invented the web at CERN", "en", "web-invention-cern-en", ""},
		{"namePartOnly", "Tim Berners-Lee came up with the WWW while at CERN", "en", "web-invention-cern-en", ""},
		{"namePartOnly", "Bugün öğrendim: World Wide Web'i CERN'de çalışan Tim Berners-Lee icat etmiş", "tr", "web-invention-cern-en", ""},
		// siblingKinds: "kavun" (a muskmelon) and "karpuz" (a watermelon) share only "melon".
		{"siblingKinds", "Kavun ile yumurta birlikte yenirse insanı zehirler", "tr", "watermelon-egg-tr", "different subject: Kavun ≠ Karpuz"},
		{"siblingKinds", "Karpuzla yumurtayı beraber yerseniz zehirlenirsiniz!!", "tr", "watermelon-egg-tr", ""},
		// modifierByStem: "solak" meets "sol" only as "solmak", and "beyinli" is left out.
		{"modifierByStem", "İnsanlar solak ya da sağlak olarak ikiye ayrılır", "tr", "left-right-brain-tr", "different detail: solak ≠ sol beyinli"},
		{"modifierByStem", "Test çözdüm, sağ beyinliymişim yani yaratıcıymışım; insanlar ikiye ayrılıyormuş", "tr", "left-right-brain-tr", ""},
		{"modifierByStem", "İnsanlar sol beyinli ya da sağ beyinli olarak ikiye ayrılır", "tr", "left-right-brain-tr", ""},
		// secondSenseModified: "the largest city" picks another one than the capital.
		{"secondSenseModified", "Istanbul is the largest city in Turkey", "en", "istanbul-capital-tr", "different detail: largest city"},
		{"secondSenseModified", "Istanbul is the capital of Turkey", "en", "istanbul-capital-tr", ""},
	})
}
