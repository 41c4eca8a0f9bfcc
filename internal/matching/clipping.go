package matching

import (
	"slices"
	"strings"
)

// People shorten long words when they post: a clipping keeps the word's first syllable or two
// ("cigs", "ciggies" for cigarettes, "vit C" for vitamin C, "vax" for vaccines, "x" written for
// the "cs" of "vacs"), a contraction keeps the word's consonants ("btc" for bitcoin, "ppl",
// "yrs"). Such a word is in no lexicon, so the alignment finds nothing in it and refuses the
// post as "different subject: cigs ≠ smoking". The reading here spells the word out as the word
// of the fact-check's own vocabulary it shortens, and decides the post once more as spelled out:
// that vocabulary is the fact-check's claim and the explanation the reviewer wrote (its
// reviewBody: "the number of cigarettes smoked"). Only within one language: a word clipped from
// a loose translation of a Turkish fact-check's word would widen what that translation already
// lets through ("vit D" read as "vitamin D" against "C vitamini …").
//
// It must never read a word the lexicon knows as a clipping ("car" is no "cardio", "gala" no
// "Galatasaray", "jab" no vaccine): only an English word that WordNet does not list, written in
// letters alone. A clipping keeps at least three letters, one of them a vowel, and leaves at
// least two of the word out; a contraction is three to five letters with no vowel, the word's
// first letter first and the others in the word's order, and is read against the claim's words
// alone (the explanation is read only where its text holds a clipping's stem). A word that
// shortens two different words of the vocabulary is left as written. The spelled-out post is
// decided by every rule as any post is, so a look-alike ("cigs cause heart disease") stays
// refused by its other part; only a refusal of the post as written is tried again (decide's
// first lines). The retrieval similarity gives a clipping the credit of a misspelling of the
// review's word (clipsIndexed), so a post that shortens the fact-check's main word ("vit C
// keeps colds away") is ranked and decided at all.

// spelledOut returns post q with each clipped or contracted word read as the word of fact-check
// r's vocabulary it shortens (see above), nil when q has none.
func (ix *decision) spelledOut(q, r *claimParts) *claimParts {
	if ix.lex == nil || q.review != nil || q.lang != r.lang {
		return nil
	}
	var out *claimParts
	for _, i := range ix.unknownWords(q) {
		p := &q.parts[i]
		w := ix.shortenedIn(p.folded, r)
		if w == "" {
			continue
		}
		e := ix.parsePiece(w, p.lang)
		if len(e.parts) != 1 || len(e.parts[0].dict) == 0 {
			continue
		}
		if out == nil {
			c := *q
			c.parts = append([]part(nil), q.parts...)
			out = &c
		}
		x, np := &e.parts[0], &out.parts[i]
		np.text, np.folded, np.lemmas, np.dict, np.spelled = x.text, x.folded, x.lemmas, x.dict, x.spelled
		np.enLemmas, np.enDict = x.enLemmas, x.enDict
	}
	return out
}

// unknownWords are the English words of post q that may be clippings or contractions: written
// in letters alone, three or more, and unknown to the lexicon; found once per post.
func (ix *decision) unknownWords(q *claimParts) []int {
	if at, ok := ix.unknown[q]; ok {
		return at
	}
	var at []int
	for i := range q.parts {
		if p := &q.parts[i]; p.lang == "en" && p.num == "" && shortenable(p.folded) && !ix.knownWord(p) {
			at = append(at, i)
		}
	}
	if ix.unknown == nil {
		ix.unknown = map[*claimParts][]int{}
	}
	ix.unknown[q] = at
	return at
}

// shortenedIn returns the one word of fact-check r that w clips or contracts (see above): a word
// of its claim, as written or as a dictionary form, or else of its explanation; "" when none,
// or when two words that are not forms of one (a plural beside its singular is one word) do.
func (ix *decision) shortenedIn(w string, r *claimParts) string {
	found, one := "", true
	try := func(v string) {
		if !one || len(v) <= 3 || strings.ContainsAny(v, " -'") || !shortens(w, v) || isStop(r.lang, v) {
			return
		}
		switch {
		case found == "":
			found = v
		case strings.HasPrefix(v, found) && len(v)-len(found) <= 2:
			// "cigarette" and "cigarettes": one word, the first said kept.
		case strings.HasPrefix(found, v) && len(found)-len(v) <= 2:
			found = v
		default:
			one = false
		}
	}
	for j := range r.parts {
		if o := &r.parts[j]; o.num == "" && o.lang == r.lang {
			try(o.folded)
			for _, d := range o.dict {
				try(d)
			}
		}
	}
	if found == "" && one && r.body != nil && ix.bodyMayHold(r.body.text, w) {
		words := r.body.read(ix.Index)
		for k := range words {
			if words[k].lang == r.lang {
				try(words[k].folded)
			}
		}
	}
	if !one {
		return ""
	}
	return found
}

// bodyMayHold reports an explanation whose text has a word opening with one of w's clipStems,
// in lower case or capitalised, so it is read into words only where it may hold the word w
// clips.
func (ix *decision) bodyMayHold(text, w string) bool {
	var buf [16]string
	for _, s := range clipStems(w, &buf) {
		if strings.Contains(text, s) || strings.Contains(text, strings.ToUpper(s[:1])+s[1:]) {
			return true
		}
	}
	return false
}

// shortenable reports a folded word that may be a clipping or a contraction: three letters or
// more, ASCII letters alone.
func shortenable(w string) bool {
	if len(w) < 3 {
		return false
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return true
}

// shortens reports w as a clipping of v (one of its clipStems opens v, two letters or more left
// out) or, a word of three to five letters without a vowel, as a contraction of v.
func shortens(w, v string) bool {
	if w == "" || v == "" || w[0] != v[0] {
		return false
	}
	var buf [16]string
	for _, s := range clipStems(w, &buf) {
		if len(v) >= len(s)+2 && strings.HasPrefix(v, s) {
			return true
		}
	}
	return len(w) <= 5 && len(v) >= len(w)+2 && !strings.ContainsAny(w, "aeiou") && contracts(w, v)
}

// clipStems are the beginnings of a word that w may keep, written into buf: w itself, without a
// plural -s, without a pet-form ending (-ie, -y: "ciggie", "ciggy") and its doubled consonant
// ("cigg"), and with a closing "x" read as the "c" or "k" of a clipping's plural ("vax" for
// "vacs"). Each has three letters or more and a vowel.
func clipStems(w string, buf *[16]string) []string {
	stems := buf[:0]
	add := func(s string) {
		if len(s) >= 3 && strings.ContainsAny(s, "aeiou") && !slices.Contains(stems, s) {
			stems = append(stems, s)
		}
	}
	forms := [2]string{w, ""}
	if strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		forms[1] = w[:len(w)-1]
	}
	for _, f := range forms {
		if f == "" {
			continue
		}
		add(f)
		for _, end := range [2]string{"ie", "y"} {
			if s, ok := strings.CutSuffix(f, end); ok {
				add(s)
				if n := len(s); n >= 2 && s[n-1] == s[n-2] && !strings.ContainsRune("aeiou", rune(s[n-1])) {
					add(s[:n-1])
				}
			}
		}
		if s, ok := strings.CutSuffix(f, "x"); ok {
			add(s + "c")
			add(s + "k")
		}
	}
	return stems
}

// contracts reports w, a word without vowels, as v's consonants kept in order: the same first
// letter, each of w's letters found in v after the one before ("btc" in "bitcoin").
func contracts(w, v string) bool {
	if w[0] != v[0] {
		return false
	}
	k := 1
	for i := 1; i < len(v) && k < len(w); i++ {
		if v[i] == w[k] {
			k++
		}
	}
	return k == len(w)
}

// clipsIndexed reports an English word of a post that clips or contracts word v of a review's
// claim (see above), for the retrieval similarity (similarity.go align): "vit" covers "vitamin"
// as a misspelling would, so the review is ranked and decided at all. A word the lexicon knows
// is never a clipping.
func (ix *Index) clipsIndexed(w, v, lang string) bool {
	if lang != "en" || ix.lex == nil || !shortens(w, v) || !shortenable(w) {
		return false
	}
	return len(ix.lex.Lemmas("en", w)) == 0
}
