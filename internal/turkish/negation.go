package turkish

import (
	"slices"
	"strings"
)

// Polarity words. Negators turn a clause negative on their own ("değil", "yok"); concord words
// ("hiç", "asla", "hiçbir") only strengthen a negation Turkish already marks on the verb ("hiç
// gelmedi"), so they count as a negation only in a clause without a negative verb.
var (
	negators = set("degil degildir degiller degilmis degildi degilken yok yoktur yoktu yokmus yoklar")
	concord  = set("hic hicbir hicbiri asla kimse hicbir_zaman katiyen")
)

// IsNegator reports a folded word that negates its clause by itself ("değil", "yok").
func IsNegator(w string) bool { return negators[w] }

// questionParticles are the forms of the question particle mi (folded), alone or with the
// copula and person endings it carries ("değil miydi?", "değil misin?").
var questionParticles = set("mi mu miydi muydu miymis muymus midir mudur misin musun miyiz muyuz misiniz musunuz miyim muyum")

// IsQuestionParticle reports a folded form of the question particle mi ("mi", "miydi"): after a
// negator it asks for agreement with the positive statement ("İstanbul değil miydi?").
func IsQuestionParticle(w string) bool { return questionParticles[w] }

// IsConcord reports a folded negative-concord word ("hiç", "asla"): negative only without a
// negative verb in its clause.
func IsConcord(w string) bool { return concord[w] }

// negativeEndings are the endings of negative verb forms, folded, after the verb stem (and the
// ability vowel of -(y)AmA): the negative -mA followed by a tense, mood or participle, and the
// negative aorist -mAz. Each may be followed by person, copula or evidential endings
// (negativeTails).
var negativeEndings = func() []string {
	var out []string
	for _, t := range []string{
		"mAz", "mIyor", "mIyo", "mAdI", "mAmIs", "mAyAcAk", "mAyAcAG", "mAyAn", "mAmAlI", "mAdAn",
		"mAdIk", "mAdIG", "mAksIzIn", "mAyIp", "mAyArAk", "mAyIz", "mAzlAr", "mAyAbIlIr",
	} {
		out = append(out, expand(t)...)
	}
	return out
}()

// negativeTails are what may follow a negative ending ("donmuyor-lar", "olmaz-mis", "olma-mis-tir").
var negativeTails = []string{"", "lar", "ler", "dir", "dur", "tir", "tur", "di", "du", "ti", "tu", "mis", "mus",
	"sin", "sun", "siniz", "sunuz", "iz", "uz", "im", "um", "sa", "se", "ken", "larmis", "lermis", "lardir", "lerdir",
	"misdir", "mistir", "mustur", "lari", "leri", "i", "u", "a", "e", "da", "de", "dan", "den"}

// notVerbs are words that end like a negative verb but are nouns or names.
var notVerbs = set("namaz yilmaz kemer dermez")

// IsNegativeVerb reports a folded word that is a negative verb form: "olmaz", "donmuyor",
// "gerçekleşmedi", "yapamaz", "bilinmemektedir". The stem before -mA must keep two letters.
func IsNegativeVerb(w string) bool {
	_, ok := negativeStem(w)
	return ok
}

// IsNegativeParticiple reports a folded negative participle in -mAyAn ("bilmeyen", "içmeyenler",
// "görmeyen"): "… -mAyAn yok" (there is no one who does not …) is a double negation, saying
// that everyone does.
func IsNegativeParticiple(w string) bool {
	w, _ = SplitApostrophe(w)
	for _, tail := range []string{"", "ler", "lar"} {
		head, ok := strings.CutSuffix(w, tail)
		if !ok {
			continue
		}
		for _, e := range []string{"meyen", "mayan"} {
			if stem, ok := strings.CutSuffix(head, e); ok && len(stem) >= 2 && hasVowel(stem) {
				return true
			}
		}
	}
	return false
}

// negativeStem splits a negative verb form before its negative -mA and returns the stem.
func negativeStem(w string) (string, bool) {
	w, _ = SplitApostrophe(w)
	if len(w) < 5 || notVerbs[w] {
		return "", false
	}
	for _, e := range []string{"memektedir", "mamaktadir", "memekte", "mamakta"} {
		if strings.HasSuffix(w, e) && len(w)-len(e) >= 2 {
			return w[:len(w)-len(e)], true
		}
	}
	for _, tail := range negativeTails {
		if !strings.HasSuffix(w, tail) {
			continue
		}
		head := w[:len(w)-len(tail)]
		for _, e := range negativeEndings {
			if strings.HasSuffix(head, e) && len(head)-len(e) >= 2 && hasVowel(head[:len(head)-len(e)]) {
				return head[:len(head)-len(e)], true
			}
		}
	}
	return participleNegStem(w) // negparticiple.go
}

// Positive returns the positive lemma candidates of a negative verb form: the stem before the
// negative -mA ("donmuyor" → "don", "yapamaz" → "yap"), so the verb can be aligned with its
// positive and the negation compared separately. It returns nil for a word that is not a negative
// verb.
func (m *Morphology) Positive(w string) []string {
	stem, ok := negativeStem(w)
	if !ok {
		return nil
	}
	out := []string{stem}
	// The stems a passive may end: the negative's own, at least 5 letters, and the stem under the
	// ability suffix, at least 4.
	type passiveStem struct {
		s   string
		min int
	}
	stems := []passiveStem{{stem, 5}}
	// Ability: -(y)AmA ("yapamaz" → "yap", "okuyamaz" → "oku").
	if n := len(stem); n >= 3 && (stem[n-1] == 'a' || stem[n-1] == 'e') {
		s := stem[:n-1]
		if strings.HasSuffix(s, "y") && len(s) >= 3 && isVowel(s[len(s)-2]) {
			s = s[:len(s)-1]
		}
		out = append(out, s)
		stems = append(stems, passiveStem{s, 4})
	}
	// A passive or reflexive stem ("bilinme" → "bilin" → "bil"), also under the ability suffix
	// ("izlenemez" → "izlen" → "izle", "edilemez" → "edil" → "ed", "et"): without it a negative
	// passive of ability ("takip edilemez", "izlenemez") has no positive the lexicon knows.
	for _, ps := range stems {
		s, n := ps.s, len(ps.s)
		if n < ps.min {
			continue
		}
		for _, p := range []string{"in", "un", "il", "ul", "n", "l"} {
			if strings.HasSuffix(s, p) && isVowel(s[n-len(p)-1]) == (len(p) == 1) {
				out = appendNew(out, s[:n-len(p)])
				if h := s[:n-len(p)]; len(h) >= 2 && h[len(h)-1] == 'd' && isVowel(h[len(h)-2]) {
					// A verb stem in -t softens before the vowel of -Il ("et" → "edil").
					out = appendNew(out, h[:len(h)-1]+"t")
				}
				break
			}
		}
	}
	return m.innerVerbs(out)
}

// appendNew appends the strings of add not yet in list.
func appendNew(list []string, add ...string) []string {
	for _, a := range add {
		if !slices.Contains(list, a) {
			list = append(list, a)
		}
	}
	return list
}

// set builds a lookup set from space-separated words.
func set(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[strings.ReplaceAll(w, "_", " ")] = true
	}
	return m
}
