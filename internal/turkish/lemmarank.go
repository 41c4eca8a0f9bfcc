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
	w, _ = SplitApostrophe(w)
	if w == "" {
		return nil
	}
	type state struct {
		w    string
		slot int
	}
	var out []string
	seen := map[string]bool{w: true}
	queue := []state{{w, slotNone}}
	push := func(s string, slot int, soft bool) {
		if len(s) < minLemma || !hasVowel(s) || len(out) >= maxCandidates {
			return
		}
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
		if !soft {
			queue = append(queue, state{s, slot})
		}
	}
	for len(queue) > 0 && len(out) < maxCandidates {
		cur := queue[0]
		queue = queue[1:]
		for _, s := range m.byLast[cur.w[len(cur.w)-1]] {
			if s.verb || !nounSlot(s) || s.slot >= cur.slot || !strings.HasSuffix(cur.w, s.s) || len(cur.w)-len(s.s) < minLemma {
				continue
			}
			stem := cur.w[:len(cur.w)-len(s.s)]
			if bufferedSuffix(s.s, s.slot) && !isVowel(stem[len(stem)-1]) {
				continue
			}
			// A suffix's D is t after a voiceless consonant only: after a vowel, l or r the t
			// is a verb's causative ("zayıflatır", "rahatlatır"), no copula on a noun.
			if s.s[0] == 't' && strings.IndexByte("cfhkpst", stem[len(stem)-1]) < 0 {
				continue
			}
			// A case or possessive suffix opened by n follows a vowel only ("arabanın", "evinde"
			// after the possessive): after a consonant the n is the word's.
			if s.s[0] == 'n' && s.slot >= slotPossessive && !isVowel(stem[len(stem)-1]) {
				continue
			}
			if len(stem) > minLemma && stem[len(stem)-1] == 'y' && isVowel(stem[len(stem)-2]) && isVowel(s.s[0]) {
				push(stem[:len(stem)-1], s.slot, false)
			}
			push(stem, s.slot, false)
			if isVowel(s.s[0]) {
				if r := softened(stem); r != stem {
					push(r, s.slot, true)
				}
			}
		}
	}
	return out
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
