package turkish

import "strings"

// NounStems returns the stems a folded word leaves when only a noun's inflection is stripped:
// plural, case and the copula, in their slot order, with consonant softening undone ("ekmegi" →
// "ekmek") and a buffer consonant dropped ("suyu" → "su"); the least stripped first, the word
// itself left out. Lemmas over-generates through tense, voice and derivation as well and lists
// its candidates in its suffix list's order, so a caller that must rank a whole-word lemma
// against the noun beneath it ("yere", whence, against "yer" + dative; "kuvve" + past against
// "kuvvet" + accusative) reads the noun readings here. Left out on purpose: the possessive (the
// head of a compound, "şeker hastalığına", names the compound, not "hastalık"; "arasında" is a
// postposition); the locative and ablative, the cases Turkish makes adverbs of ("karanlıkta", in
// the dark; "yeniden", again); and a vowel dropped before a vowel suffix, which between the two
// consonants a verb's tense ends on makes nouns of verbs ("bıraktı" → "bırakıt", "verme" →
// "verim").
func (m *Morphology) NounStems(w string) []string {
	return m.strip(w, stripRules{accept: func(s suffix, stem string, _ int) bool {
		switch {
		case s.verb || !nounSlot(s):
			return false
		// A suffix's D is t after a voiceless consonant only: after a vowel, l or r the t is a
		// verb's causative ("zayıflatır", "rahatlatır"), no copula on a noun.
		case s.s[0] == 't' && strings.IndexByte("cfhkpst", stem[len(stem)-1]) < 0:
			return false
		// A case or possessive suffix opened by n follows a vowel only ("arabanın", "evinde"
		// after the possessive): after a consonant the n is the word's.
		case s.s[0] == 'n' && s.slot >= slotPossessive && !isVowel(stem[len(stem)-1]):
			return false
		}
		return true
	}})
}

// nounSlot reports a suffix NounStems strips: the plural, a case but the locative, ablative and
// the equative -cA (adverbs: "karanlıkta", "yeniden", "gerçekçe"), and the copula but its
// locative relative -DAki.
func nounSlot(s suffix) bool {
	switch s.slot {
	case slotPlural:
		return true
	case slotCopula:
		return s.cas != Locative
	case slotCase:
		return s.s != "ca" && s.s != "ce" && s.cas != Locative && s.cas != Ablative
	}
	return false
}
