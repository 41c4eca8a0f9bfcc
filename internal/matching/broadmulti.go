package matching

import (
	"strings"

	"github.com/claimcheck/claimcheck/internal/analysis"
)

// broadtrue.go refuses a claim that leaves out an adjective restricting a true fact-check's
// noun, and broader2.go one that leaves out a modifier the dictionary knows with its noun; both
// read one word before the noun. Turkish often restricts a noun by a compound of two words
// instead, a bare noun and a noun with the compound's possessive ending ("rahim ağzı kanseri",
// cervical cancer; "kan şekeri seviyesi"), a name the dictionaries rarely hold. Such a modifier,
// left out whole while the post (in either language) states the head bare ("HPV aşısı kanseri
// önler", "The HPV vaccine prevents cancer"), makes the claim a true fact-check does not
// establish, just as a left-out adjective does.

// izafetLeftOut reports, against a Turkish fact-check rated true, a two-word compound modifier
// left out before a head the post states bare (see above), as broaderWhy's reason; "" when
// there is none.
func (ix *decision) izafetLeftOut(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) string {
	if r.lang != "tr" || r.rated != analysis.VerdictTrue || ix.lex == nil {
		return ""
	}
	for j := 0; j+2 < len(r.parts); j++ {
		m, o, h := &r.parts[j], &r.parts[j+1], &r.parts[j+2]
		if !leftOut(qa, r, ra, j) || !leftOut(qa, r, ra, j+1) || !stated(ra, j+2) || !izafetWord(m) || !izafetWord(o) {
			continue
		}
		// The head may be an aside where a reading's antecedent said it too (frame.go
		// subjectSaidBefore): the post still states it bare.
		if m.clause != h.clause || o.clause != h.clause || h.verb || h.num != "" || h.ent != nil || verbalNoun(h) {
			continue
		}
		if !adjacent(r.frameText, m.text, o.text) || !adjacent(r.frameText, o.text, h.text) {
			continue
		}
		// The modifier's second word and the head both carry the compound's ending: "ağzı
		// kanserini" is one phrase, a bare first word opens it ("rahim").
		if !possessed(m, false) || !possessed(o, true) || !possessed(h, true) {
			continue
		}
		// A word of the fact-check's own phrase stated right before the modifier may make it a
		// longer modifier the post states in part.
		if p := j - 1; p >= 0 && r.parts[p].clause == m.clause && stated(ra, p) && adjacent(r.frameText, r.parts[p].text, m.text) && possessed(&r.parts[p], false) {
			continue
		}
		i := ra.with[j+2]
		if !ix.sameWord(&q.parts[i], h) {
			continue
		}
		// A word of the post's own before the head may state the modifier in one word ("serviks
		// kanserini", "cervical cancer").
		if k := i - 1; k >= 0 && q.parts[k].clause == q.parts[i].clause && qa.links[k] == unlinked && isContent(&q.parts[k]) && !q.parts[k].verb {
			continue
		}
		return broaderWhy(r, q, j, j+2, i)
	}
	return ""
}

// izafetWord reports a part that may be a word of a noun compound: no name, number, aside,
// verb or verb form, place, relative or possessor word, generic person or filler.
func izafetWord(o *part) bool {
	return o.ent == nil && o.num == "" && !o.aside && !o.verb && !o.verbLike && !o.relative && !o.possessor && !o.place &&
		!verbalNoun(o) && !genericPerson(o) && !fillerQualifiers[o.folded]
}

// possessed reports whether a Turkish noun carries the compound's third-person possessive ending
// after a dictionary form of it ("ağzı" of "ağız", "kanserini" of "kanser"), when want, or is a
// dictionary form itself with no ending at all, when not.
func possessed(o *part, want bool) bool {
	if !want {
		return contains(o.dict, o.folded)
	}
	for _, d := range o.dict {
		if d == o.folded || len(d) < 2 {
			continue
		}
		// the stem may lose a vowel or soften its last consonant before the ending ("ağız" →
		// "ağzı", "kitap" → "kitabı")
		for _, stem := range []string{d, d[:len(d)-1], dropVowel(d)} {
			if stem == "" || !strings.HasPrefix(o.folded, stem) || len(o.folded) == len(stem) {
				continue
			}
			rest := o.folded[len(stem):]
			if stem == d[:len(d)-1] {
				if !strings.ContainsRune("pctk", rune(d[len(d)-1])) || !strings.ContainsRune("bcdg", rune(rest[0])) {
					continue
				}
				rest = rest[1:]
			}
			if strings.HasPrefix(rest, "si") || strings.HasPrefix(rest, "su") || strings.HasPrefix(rest, "i") || strings.HasPrefix(rest, "u") {
				return true
			}
		}
	}
	return false
}

// dropVowel is a stem without the vowel of its last syllable ("agiz" → "agz"), as some nouns
// lose it before a vowel ending; "" when the last syllable has none to drop.
func dropVowel(d string) string {
	n := len(d)
	if n < 3 || !strings.ContainsRune("aeiou", rune(d[n-2])) || strings.ContainsRune("aeiou", rune(d[n-1])) {
		return ""
	}
	return d[:n-2] + d[n-1:]
}
