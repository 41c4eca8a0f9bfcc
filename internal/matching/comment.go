package matching

import (
	"regexp"
	"strings"

	"github.com/claimcheck/claimcheck/internal/turkish"
)

// A post often closes its claim with words that are no part of it, often with no comma to cut
// them off: a Turkish speech frame put after what was said, the verb of saying first and its
// speaker after it ("sakız yutarsan 7 sene midende kalır derdi annem", "… diyor babaannem", "…
// diyor uzmanlar"), an English speaker after a comma (", turkish mums swear by it"), a vocative
// after the claim's verb ("altın asla değer kaybetmez kızım"), a tag question asking the reader
// to agree ("… anonymous online right?", "…, değil mi?") and advice drawn from the claim ("… so
// go easy on them"). The reading by position takes such a word for a part of the claim ("the
// claim also says derdi", "annem" read as the predicate, "the claim also says easy"), so these
// are dropped from the end of the post before it is read, as trailingReports and
// trailingQuestions drop a comma-bound report or question (claimparts.go). Only closed
// grammatical constructions count: a finite form of a verb of saying with a speaker of the
// poster's own circle (a first-person possessive ending) or people in general, a lower-case
// English speaker before a verb of saying, such a possessed noun alone directly after a finite
// verb (an address, never an argument: a Turkish argument stands before its verb), the tag words
// of English and Turkish after a statement, and "so" with a bare verb that has no subject. A
// clause that changes the claim ("…, but only in mice", "…, that's why they hunt at night", "…,
// so do cats") is none of these and stays.

// trSayingForms are the finite forms of the Turkish verbs of saying and telling ("demek",
// "söylemek", "anlatmak"), folded, that open a speech frame put after what was said.
var trSayingForms = regexp.MustCompile(`^(der|derdi|derler|derlerdi|dedi|dediler|demisti|diyor|diyordu|diyorlar|soyler|soylerdi|soyledi|soyluyor|soyluyordu|soylemisti|anlatir|anlatirdi|anlatti|anlatmisti)$`)

// firstPersonEndings are the first-person possessive endings of a Turkish noun, folded ("annem",
// "kızım", "hocamız"), longest first.
var firstPersonEndings = []string{"imiz", "umuz", "miz", "muz", "im", "um", "m"}

// firstPersonPossessed reports a folded Turkish word that is a noun the lexicon knows with a
// first-person possessive ending ("annem", "babaannem", "kızım"): someone of the poster's own
// circle. A word the lexicon knows whole ("anonim", "önem") is no such form.
func (ix *Index) firstPersonPossessed(w string) bool {
	if ix.lex == nil || len(w) < 4 || ix.knownTurkish(w) {
		return false
	}
	for _, e := range firstPersonEndings {
		if stem := strings.TrimSuffix(w, e); len(stem) >= 2 && stem != w && ix.knownTurkish(stem) {
			return true
		}
	}
	return false
}

// trPersons reports a folded Turkish word that names people in the plural ("uzmanlar",
// "doktorlar": a plural ending on a kind of person) or everyone ("herkes").
func (ix *Index) trPersons(w string) bool {
	if w == "herkes" {
		return true
	}
	kl, ok := ix.lex.(personKindLexicon)
	if !ok {
		return false
	}
	for _, e := range []string{"lar", "ler"} {
		if stem := strings.TrimSuffix(w, e); stem != w && len(stem) >= 3 {
			for _, sp := range append(ix.lex.Spellings(stem), stem) {
				if kl.PersonKind("tr", sp) {
					return true
				}
			}
		}
	}
	return false
}

// knownTurkish reports a folded word the Turkish dictionaries have.
func (ix *Index) knownTurkish(w string) bool {
	return len(ix.lex.Spellings(w)) > 0 || len(ix.lex.Translate("tr", "en", w)) > 0
}

// tagQuestion closes a statement with a tag asking the reader to agree ("… right?", "…, isn't
// it?", "…, değil mi?", "… di mi?").
var tagQuestion = regexp.MustCompile(`(?i)[\s,;]+(right|innit|isn'?t (it|that so)|aren'?t (they|we)|değil mi|degil mi|di mi|dimi|öyle değil mi|oyle degil mi)\s*\?+[\s!.]*$`)

// enTrailingSpeaker closes an English post with who says it after a comma, the speaker in lower
// case (not a name) and a verb of saying in the present or past (", turkish mums swear by it",
// ", my mother in law insists", ", mum always said"); trailingReports reads only a speaker
// opened by "my", "our" or "a".
var enTrailingSpeaker = regexp.MustCompile(`[,;]\s*((\p{Ll}[\pL'’-]*)\s+){1,4}(always\s+|still\s+|often\s+)?(says|said|insists|insisted|swears|swear|swore)(\s+by\s+it)?[\s.!]*$`)

// enNegativeSpeakers deny what a speaker after the claim would say (", nobody says").
var enNegativeSpeakers = regexp.MustCompile(`(?i)\b(no|nobody|noone|no one|none|never|not|nor)\b`)

// trailingDecor is what may close a post after its last word: punctuation, emoji, symbols.
var trailingDecor = regexp.MustCompile(`[^\pL\pN]+$`)

// dropTrailingComment removes from the end of text a tag question, an English speaker after a
// comma, advice drawn with "so", a Turkish speech frame put after what was said and a vocative
// with a first-person possessive after a finite verb (see the comment at the top of this file).
// At least three words must be left: a post that is little more than the frame keeps it.
func (ix *Index) dropTrailingComment(text string) string {
	if m := tagQuestion.FindStringIndex(text); m != nil && !yesNoOpener(text[:m[0]]) && len(frameWords.FindAllString(text[:m[0]], -1)) >= 3 {
		return text[:m[0]]
	}
	if m := enTrailingSpeaker.FindStringSubmatchIndex(text); m != nil && !enNegativeSpeakers.MatchString(text[m[0]:m[1]]) && len(frameWords.FindAllString(text[:m[0]], -1)) >= 3 {
		return text[:m[0]]
	}
	body := trailingDecor.ReplaceAllString(text, "")
	words := frameWords.FindAllStringIndex(body, -1)
	n := len(words)
	if k := ix.adviceDrawn(body, words); k >= 0 {
		return strings.TrimRight(body[:words[k][0]], " \t,")
	}
	if n < 5 {
		return text
	}
	word := func(i int) string { return turkish.Fold(body[words[i][0]:words[i][1]]) }
	if !ix.firstPersonPossessed(word(n-1)) && !(trSayingForms.MatchString(word(n-2)) && ix.trPersons(word(n-1))) || punctuation(word(n-2)) {
		return text
	}
	switch {
	case trSayingForms.MatchString(word(n - 2)):
		// "… derdi annem": the verb of saying and its speaker.
		return strings.TrimRight(body[:words[n-2][0]], " \t,")
	case !punctuation(word(n-2)) && turkish.IsVerbForm(word(n-2)) && !ix.firstPersonPossessed(word(n-2)):
		// "… değer kaybetmez kızım": the one addressed, after the claim's verb.
		return strings.TrimRight(body[:words[n-1][0]], " \t,")
	}
	return text
}

// adviceDrawn finds the advice an English post draws from its claim at its end: "so" and a bare
// verb with no subject before it, to the end of the post ("eggs raise your cholesterol so go easy
// on them"). It returns the index of "so" in words, or -1. An auxiliary after "so" inverts a
// clause that adds to the claim ("…, so do cats"), and three words must stand before "so".
func (ix *Index) adviceDrawn(text string, words [][]int) int {
	if ix.lex == nil {
		return -1
	}
	for k := len(words) - 2; k >= 3; k-- {
		w := turkish.Fold(text[words[k][0]:words[k][1]])
		if punctuation(w) {
			return -1
		}
		if w != "so" {
			continue
		}
		v := turkish.Fold(text[words[k+1][0]:words[k+1][1]])
		if invertingAuxiliaries[v] || copulaOpeners[v] || v == "be" || v == "am" || v == "must" || !ix.bareVerb(v) {
			return -1
		}
		return k
	}
	return -1
}

// yesNoOpener reports a text opened by an auxiliary that asks a yes/no question ("Is it right?"):
// there the last word is what is asked, not a tag.
func yesNoOpener(text string) bool {
	f := strings.Fields(turkish.Fold(text))
	return len(f) > 0 && (invertingAuxiliaries[f[0]] || copulaOpeners[f[0]])
}

// copulaOpeners are the forms of "be" and "have" that open an English yes/no question.
var copulaOpeners = map[string]bool{"is": true, "are": true, "was": true, "were": true, "has": true, "have": true, "isnt": true, "isn't": true}
