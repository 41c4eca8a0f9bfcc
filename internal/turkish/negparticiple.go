package turkish

import "strings"

// participleCases are the endings a subject participle takes as the noun it is (folded): the
// plural and the cases, alone or after the plural ("yapmayanların", "içmeyenlere",
// "bilmeyenden"). negativeTails holds a verb's endings and some of these; the genitive, the
// instrumental and the cases after the plural are a noun's only.
var participleCases = func() []string {
	var out []string
	for _, pl := range []string{"", "lar", "ler"} {
		for _, c := range []string{"in", "un", "a", "e", "i", "u", "da", "de", "dan", "den", "la", "le"} {
			out = append(out, pl+c)
		}
	}
	return out
}()

// participleNegStem splits a negative subject participle -mAyAn read as a noun, with a case
// after it ("egzersiz yapmayanların riski", those who do not exercise), before its negative -mA
// and returns the stem, as negativeStem does for verb forms: the participle names people by
// what they do not do, so it negates that act as much as "yapmaz" does.
func participleNegStem(w string) (string, bool) {
	for _, c := range participleCases {
		head, ok := strings.CutSuffix(w, c)
		if !ok {
			continue
		}
		for _, e := range []string{"mayan", "meyen"} {
			if stem, ok := strings.CutSuffix(head, e); ok && len(stem) >= 2 && hasVowel(stem) {
				return stem, true
			}
		}
	}
	return "", false
}
