package thesaurus

import "strings"

// CompoundKind reports whether "modifier head" is itself a WordNet noun whose main sense names a
// kind of what head names in one of its first senses ("lung cancer"), and modifier is a noun
// and never an adjective: the noun then picks out one kind of the head, and a claim stating the
// head bare speaks of the whole class. An adjective's compound often names the kind a bare head
// is taken for anyway ("electric fan": a post's "fan" in a closed room is one), so it is not
// taken. In Turkish ("akciğer kanseri") the phrase is read through its translations, or
// through the first translations of its two words put together ("lung" + "cancer"). The walk is
// KindOf's (at most kindOfDepth hypernym links, no abstract top level).
func (t *Thesaurus) CompoundKind(lang, modifier, head string) bool {
	modifier, head = strings.ToLower(strings.TrimSpace(modifier)), strings.ToLower(strings.TrimSpace(head))
	if modifier == "" || head == "" || strings.Contains(modifier, " ") || strings.Contains(head, " ") {
		return false
	}
	if lang != "tr" {
		return t.compoundKindEN(modifier, head)
	}
	heads := firstN(t.Translate("tr", "en", head), kindOfTranslations)
	for _, p := range t.Translate("tr", "en", modifier+" "+head) {
		if m, h, ok := strings.Cut(p, " "); ok && !strings.Contains(h, " ") && t.compoundKindEN(m, h) {
			return true
		}
	}
	for _, m := range firstN(t.Translate("tr", "en", modifier), 1) {
		for _, h := range heads {
			if !strings.Contains(m, " ") && t.compoundKindEN(m, h) {
				return true
			}
		}
	}
	return false
}

// compoundKindEN is CompoundKind of two lower-case English words, the phrase inflected on its
// last word ("lung cancers").
func (t *Thesaurus) compoundKindEN(modifier, head string) bool {
	if !t.IsNoun(modifier) || t.hasPOS(modifier, adj) {
		return false
	}
	broad := map[int32]bool{}
	for _, x := range t.candidates(head) {
		for _, b := range t.sensesOf(x, 1<<noun) {
			if int(b.rank()) <= kindOfRank {
				broad[b.syn()] = true
			}
		}
	}
	if len(broad) == 0 {
		return false
	}
	for _, l := range t.Lemmas("en", modifier+" "+head) {
		for _, a := range t.sensesOf(l, 1<<noun) {
			if a.rank() == 1 && !broad[a.syn()] && t.en.reaches(a.syn(), broad, false) {
				return true
			}
		}
	}
	return false
}

// PersonKind reports whether word names a kind of person ("children", "adult", "çocuk"): its
// main noun sense reaches WordNet's person within kindOfDepth hypernym links. Unlike KindOf the
// walk may pass WordNet's abstract top levels, as person is one of them. Turkish words are read
// through their first translation, which carries their main sense.
func (t *Thesaurus) PersonKind(lang, word string) bool {
	word = strings.ToLower(strings.TrimSpace(word))
	if word == "" {
		return false
	}
	words := []string{word}
	if lang == "tr" {
		if !t.trMainNoun(word) {
			return false
		}
		words = firstN(t.Translate("tr", "en", word), 1)
	}
	person := map[int32]bool{}
	for _, s := range t.sensesOf("person", 1<<noun) {
		if s.rank() == 1 {
			person[s.syn()] = true
		}
	}
	for _, w := range words {
		for _, x := range t.candidates(w) {
			for _, a := range t.sensesOf(x, 1<<noun) {
				if a.rank() == 1 && !person[a.syn()] && t.en.reaches(a.syn(), person, true) {
					return true
				}
			}
		}
	}
	return false
}
