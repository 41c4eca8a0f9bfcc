package matching

import (
	"slices"
	"strings"
)

// converbVerb reads a Turkish word ending in the converb -(y)IncA ("görünce", when one sees;
// "alınca", "edince", "açınca", "değince") as the verb of the stem before the converb. The
// converb's -In- is also how a reflexive or passive ends, so the first verb dictForms reads and
// the longest one leastStrippedVerb (trlex.go) prefers is often that other verb: "görünce" was
// "görünmek" (to appear), "alınca" "alınmak" (to take offence), "edince" "edinmek" (to acquire)
// for "görmek", "almak", "etmek". The converb is productive on every verb while the
// reflexive or passive reading is one lexicalised word, so the converb reading wins when the
// letters before -(y)IncA (a final d, g or b possibly a softened t, k or p) are a lemma
// candidate and a verb the lexicon knows as written; the verb replaced must begin with that
// stem, so a compound verb ("dışarı çıkmak") or a verb read otherwise stays. known spells a
// folded lemma the lexicon knows; lemmas[0] is the folded word.
func converbVerb(lemmas []string, dict, spelled []string, known func(string) string) ([]string, []string) {
	if len(lemmas) == 0 {
		return dict, spelled
	}
	stem, ok := converbStem(lemmas[0])
	if !ok {
		return dict, spelled
	}
	at := -1
	for k, d := range dict {
		if trInfinitive(d) { // predtrue.go
			at = k
			break
		}
	}
	if at < 0 || strings.Contains(dict[at], " ") {
		return dict, spelled
	}
	read := infinitiveStem(dict[at])
	if len(read) <= len(stem) || !strings.HasPrefix(read, stem[:len(stem)-1]) {
		return dict, spelled
	}
	// The stem as written first, then its final letter unsoftened ("ed-ince" is "etmek").
	var stems []string
	for _, hard := range []bool{false, true} {
		for _, l := range lemmas[1:] {
			if len(l) == len(stem) && l[:len(l)-1] == stem[:len(stem)-1] && (l == stem) != hard &&
				(!hard || hardens(stem[len(stem)-1], l[len(l)-1])) {
				stems = append(stems, l)
			}
		}
	}
	for _, l := range stems {
		for _, inf := range []string{"mak", "mek"} {
			sp := known(l + inf)
			if sp == "" || contains(dict, l+inf) {
				continue
			}
			dict = slices.Clone(dict)
			if len(spelled) == len(dict) {
				spelled = slices.Clone(spelled)
			} else {
				spelled = slices.Clone(dict)
			}
			dict[at], spelled[at] = l+inf, sp
			return dict, spelled
		}
	}
	return dict, spelled
}

// converbStem is the stem of a folded word ending in the converb -(y)IncA, whose vowels follow
// the stem's last vowel (rounded u after o or u, unrounded i after a, e or i; a after a back
// vowel, e after a front one — folding merges ı with i, ö with o and ü with u, so only the
// contrasts folding keeps are checked), and whose buffer y stands only after a vowel.
func converbStem(w string) (string, bool) {
	n := len(w)
	if n < 6 || w[n-3] != 'n' || w[n-2] != 'c' || (w[n-1] != 'a' && w[n-1] != 'e') || (w[n-4] != 'i' && w[n-4] != 'u') {
		return "", false
	}
	stem, buffer := w[:n-4], false
	if strings.HasSuffix(stem, "y") && len(stem) >= 3 && isVowelByte(stem[len(stem)-2]) {
		stem, buffer = stem[:len(stem)-1], true
	}
	last := strings.LastIndexAny(stem, "aeiou")
	if len(stem) < 2 || last < 0 || last == len(stem)-1 && !buffer {
		// A vowel-final stem takes the buffer y ("okuyunca"); without it the n is the stem's.
		return "", false
	}
	v := stem[last]
	rounded := v == 'o' || v == 'u'
	if rounded != (w[n-4] == 'u') || v == 'a' && w[n-1] != 'a' || v == 'e' && w[n-1] != 'e' {
		return "", false
	}
	return stem, true
}

// hardens reports a stem's final letter as written (folded) before a vowel for the lemma's
// final letter: d for t, g for k, b for p (a softened ç folds to the c it is written as).
func hardens(written, lemma byte) bool {
	return written == 'd' && lemma == 't' || written == 'g' && lemma == 'k' || written == 'b' && lemma == 'p'
}
