package turkish

// moreTemplates are suffix classes read by Lemmas only (lemmaOnly keeps Stem's index keys as
// they were): the agentive -(y)IcI of a verb ("kısırlaştırıcı", "temizleyici", "öldürücü"),
// read only after a stem that shows it is a verb (agentiveStem). The locative relative -DAki
// followed by a plural or a case ("içindekileri", those inside) is left unread on purpose: it
// names what is at the noun, not the noun, and reading it so cost a cross-language rewording
// of internal/knowledge/testdata/eval/colloq5.jsonl (an extra part the other claim lacks).
var moreTemplates = []struct {
	t    string
	slot int
	cas  Case
	verb bool
}{
	{"IcI", slotNominal, Nominative, false}, {"yIcI", slotNominal, Nominative, false},
}

// lemmaOnly reports a suffix of moreTemplates: Stem, which commits to one reading for the index,
// does not strip it.
func lemmaOnly(s suffix) bool { return moreSpelled[s] }

// moreSpelled are moreTemplates spelled out, as NewMorphology spells them.
var moreSpelled = func() map[suffix]bool {
	out := map[suffix]bool{}
	for _, t := range moreTemplates {
		for _, s := range expand(t.t) {
			out[suffix{s: s, slot: t.slot, cas: t.cas, verb: t.verb}] = true
		}
	}
	return out
}()

// agentive reports the agentive -(y)IcI.
func agentive(s suffix) bool {
	switch s.s {
	case "ici", "ucu", "yici", "yucu", "icu", "uci", "yicu", "yuci":
		return s.slot == slotNominal
	}
	return false
}

// agentiveStem reports a stem the agentive -(y)IcI may leave: a verb shown by a causative or a
// verb-making -lA or -lAş (verbalNoun, classes.go), as the letters "ici" close nouns as well
// ("kılıcı" is "kılıç" + -ı, no "kıl" + -ıcı).
func agentiveStem(stem string) bool { return verbalNoun(stem) }

// innerVerbs adds to the positive stems of a negative verb (Positive) the verbs under their
// voice: a causative or a verb-making -lA ("aşılatmayacakmış" → "aşılat" → "aşıla"), and the
// raised stem of "yemek" and "demek" before the ability's y ("yiyemiyorum" → "yi" → "ye"), so
// the lexicon knows a verb under the negation. Only the causative, -lA and the ability are
// stripped: a case or tense under a negative is no reading, and Positive reads a passive itself,
// on stems long enough ("yenmez" stays "yen", defeat, no "ye" + -n).
func (m *Morphology) innerVerbs(stems []string) []string {
	out := stems
	for _, s := range stems {
		if s == "yi" || s == "di" {
			out = appendNew(out, s[:1]+"e")
			continue
		}
		inner := m.strip(s, stripRules{accept: func(x suffix, _ string, _ int) bool {
			return x.slot <= slotAbility && x.slot != slotPassive
		}})
		out = appendNew(out, inner...)
	}
	return out
}
