package turkish

import "strings"

// minDerivedRoot is the shortest noun or adjective read under a verb-making -lA or -lAş: the
// three-letter roots under common verbs are other words ("baş" of "başla", "kul" of "kullan",
// "din" of "dinle", "yok" of "yokla"), and candidates that meet join their words (Meet).
const minDerivedRoot = 4

// acceptClass reports whether suffix s may be stripped, leaving stem, after a suffix of slot
// after, for the suffix classes whose letters are as often a root's own:
//   - a verb's -lA or -lAş of a noun or adjective ("kaynakla-n-ır" → "kaynak", "keskin-leş-ir",
//     "yasal-laş-tır-an") leaves a root of minDerivedRoot letters or more, closed by a
//     consonant: a vowel before it is mostly a suffix's ("dinletilen" is no "dinleti",
//     recital, + -len);
//   - the first-person possessive -m ("anne-m-in", "baba-m-a") follows a stem in a or e, before
//     a case ending only: a stem in i or u reads "konum" (location) as "konu" (topic) and "uyum"
//     (harmony) as "uyu" (sleep), and bare "hocam" is read by the person ending.
func acceptClass(s suffix, stem string, after int) bool {
	switch {
	case agentive(s):
		return agentiveStem(stem)
	case s.slot == slotDerive:
		return len(stem) >= minDerivedRoot && hasVowel(stem) && !isVowel(stem[len(stem)-1])
	case s.slot == slotPossessive && s.s == "m":
		n := len(stem)
		return after == slotCase && n >= minDerivedRoot && (stem[n-1] == 'a' || stem[n-1] == 'e')
	}
	return true
}

// verbalNoun reports a stem before a bare final -mA that only a verb has: one ending in a
// verb-making -lA or -lAş ("ilaçla-ma", "kireçle-me") or a causative ("kızar-t-ma", "dondur-ma"),
// so the -mA is the verbal noun (or a negative imperative of that verb) and the stem is read; a
// bare root ("el-ma", "kork-ma") stays the word itself.
func verbalNoun(stem string) bool {
	n := len(stem)
	for _, d := range []string{"la", "le", "las", "les"} {
		if strings.HasSuffix(stem, d) && n-len(d) >= minDerivedRoot {
			return true
		}
	}
	for _, c := range []string{"dir", "dur", "tir", "tur"} {
		if strings.HasSuffix(stem, c) && n-len(c) >= 2 && hasVowel(stem[:n-len(c)]) {
			return true
		}
	}
	// the causative -t follows a vowel, or an r or l closing a stem of two syllables
	return n >= 4 && stem[n-1] == 't' && strings.IndexByte("aeiourl", stem[n-2]) >= 0
}

// Infinitives returns the infinitive endings to try on verb stem, a lemma of folded word, in
// order: -mek first when the word's suffixes show a front vowel after the stem (FrontAfter), as
// folding made ö o and ü u ("olebilir" is "ölebilir", "donebilir" "dönebilir"), -mak first
// otherwise. The invariant -(y)ken ("olurken") says nothing of harmony and is left out.
func Infinitives(word, stem string) []string {
	w := strings.TrimSuffix(word, "ken")
	if strings.HasPrefix(w, stem) && FrontAfter(w, len(stem)) {
		return []string{"mek", "mak"}
	}
	return []string{"mak", "mek"}
}
