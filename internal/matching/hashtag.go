package matching

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/internal/turkish"
)

// A post that is little more than a hashtag states its claim in the hashtag
// ("#vaccinescauseautism the evidence is everywhere", "#DünyaDüzdür gerçekleri görün"). Hashtags
// are otherwise dropped (dropHashtags): beside a claim stated in words they only tag it.

// hashtagPostWords is the most words a post may have outside its hashtags for a hashtag to be
// read as its claim: a sentence of its own would state the claim itself.
const hashtagPostWords = 4

// minHashtagPiece is the shortest word a hashtag is cut into: shorter pieces ("au", "ca") are
// known to the lexicon as abbreviations and would cut any string.
const minHashtagPiece = 3

// spellHashtags writes the hashtags of a short post out as words when the lexicon knows every
// word of one ("#vaccinescauseautism" → "vaccines cause autism"), as a sentence before the rest of
// the post; a hashtag of one word, with digits, or with a piece no lexicon knows stays a tag.
func (ix *Index) spellHashtags(text, lang string) string {
	if ix.lex == nil || !strings.Contains(text, "#") {
		return text
	}
	rest := dropHashtags(text)
	if len(strings.Fields(rest)) > hashtagPostWords {
		return text
	}
	var spelled []string
	for _, tag := range hashtags(text) {
		if words := ix.segmentTag(tag, lexicalLang(lang)); len(words) >= 2 && ix.statesSomething(words) {
			spelled = append(spelled, strings.Join(words, " "))
		}
	}
	if len(spelled) == 0 {
		return text
	}
	return strings.Join(spelled, ". ") + ". " + strings.TrimSpace(rest)
}

// hashtags are the tags of a text, without their "#".
func hashtags(text string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(text, func(r rune) bool { return !(r == '#' || unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_') }) {
		for _, t := range strings.Split(f, "#")[1:] {
			if t != "" {
				out = append(out, t)
			}
		}
	}
	return out
}

// segmentTag cuts a hashtag of letters into the fewest words the lexicon knows, trying the
// post's language first; nil when there is no such cut.
func (ix *Index) segmentTag(tag, lex string) []string {
	for _, r := range tag {
		if !unicode.IsLetter(r) {
			return nil
		}
	}
	langs := []string{lex, "en"}
	if lex == "en" {
		langs = []string{"en", "tr"}
	}
	for _, l := range langs {
		if words := ix.segmentIn(tag, l); words != nil {
			return words
		}
	}
	return nil
}

// segmentIn cuts s into the fewest words of language lex the lexicon knows (each at least
// minHashtagPiece letters), by dynamic programming over its letters.
func (ix *Index) segmentIn(s, lex string) []string {
	lower := strings.ToLower(s)
	if lex == "tr" {
		lower = turkish.Lower(s)
	}
	rs := []rune(lower)
	n := len(rs)
	if n < 2*minHashtagPiece || n > 60 {
		return nil
	}
	best := make([]int, n+1) // fewest words for rs[:i]; 0 = not cut yet (best[0] is the start)
	from := make([]int, n+1)
	for i := 1; i <= n; i++ {
		best[i] = -1
	}
	for i := minHashtagPiece; i <= n; i++ {
		for j := 0; j+minHashtagPiece <= i; j++ {
			if best[j] < 0 || best[i] >= 0 && best[j]+1 >= best[i] {
				continue
			}
			if ix.knownPiece(string(rs[j:i]), lex) {
				best[i], from[i] = best[j]+1, j
			}
		}
	}
	if best[n] < 0 {
		return nil
	}
	var words []string
	for i := n; i > 0; i = from[i] {
		words = append([]string{string(rs[from[i]:i])}, words...)
	}
	return words
}

// knownPiece reports a word the lexicon knows in language lex, inflected or not ("yapar",
// "düzdür", "vaccines"), or one a fact-check of the index uses ("otizm").
func (ix *Index) knownPiece(w, lex string) bool {
	if utf8.RuneCountInString(w) < minHashtagPiece {
		return false
	}
	if ix.indexedWord(w, lex) {
		return true
	}
	if lex == "en" {
		return len(ix.lex.Lemmas("en", w)) > 0
	}
	f := turkish.Fold(w)
	if ix.knownTR(f) {
		return true
	}
	for _, l := range trMorph.Lemmas(f) {
		if len(l) >= minHashtagPiece && l != f && (ix.knownTR(l) || ix.knownTR(l+"mak") || ix.knownTR(l+"mek")) {
			return true
		}
	}
	return false
}

// indexedWord reports a content word that some indexed fact-check has, compared as the index
// stores words (folded and light-stemmed).
func (ix *Index) indexedWord(w, lex string) bool {
	ti := analyzeText(w, lex)
	if len(ti.words) != 1 {
		return false
	}
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	f, ok := ix.ids[string(chWord)+ti.words[0]]
	return ok && ix.df[f] > 0
}

// verbKnower is the part of a lexicon that tells verbs (the thesaurus has it): a hashtag states a
// claim only with a verb in it.
type verbKnower interface{ IsVerb(word string) bool }

// statesSomething reports a hashtag's words that make a statement rather than name a topic: a
// Turkish one ending in a verb or the copula ("aşı otizm yapar", "dünya düzdür", not "düz
// dünya"), an English one with a verb between two other words ("vaccines cause autism", not
// "flat earth").
func (ix *Index) statesSomething(words []string) bool {
	last := turkish.Fold(words[len(words)-1])
	if turkish.IsVerbForm(last) {
		return true
	}
	for _, c := range []string{"dir", "dur", "tir", "tur"} {
		if strings.HasSuffix(last, c) && len(last) > len(c)+2 {
			return true
		}
	}
	vk, ok := ix.lex.(verbKnower)
	if !ok || len(words) < 3 {
		return false
	}
	for _, w := range words[1 : len(words)-1] {
		for _, l := range ix.lex.Lemmas("en", w) {
			if vk.IsVerb(l) {
				return true
			}
		}
	}
	return false
}
