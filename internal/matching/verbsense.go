package matching

import (
	"strings"
	"unicode"
)

// verbSenseLexicon is a Lexicon that knows English verbs' senses well enough to call two of them
// different predicates (thesaurus.Thesaurus.VerbsApart).
type verbSenseLexicon interface {
	VerbSenses(w string) int
	VerbsApart(a, b string) bool
}

// verbsApart reports a verb of the claim (p) in the place of the fact-check's verb (o) that says
// another predicate: "Most plastic gets burned" is not "Most plastic gets recycled", "Volcanoes
// absorb CO2" not "Volcanoes emit CO2". Verbs are otherwise compared on meaning only (an
// antonym, an opposition), as people reword predicates freely ("gives you", "leads to",
// "causes"); here the lexicon itself must know both verbs well and keep them apart in every
// reading of both words (VerbsApart: few senses, no shared or nearby synset, no derivational
// kin, different lexicographer files), so light and loosely used verbs ("give", "make", "keep",
// "come up with") are never called different. English only: KeNet, the Turkish wordnet, has no
// lexicographer files, and across languages verbs translate too loosely. A word the clause
// reading did not take for the verb counts only as a participle in -ed ("ends up burned"): one
// in -s is most often a plural noun ("towers", "eggs"). A verb whose next word in the post makes
// a WordNet phrasal verb with it ("knock out", "escape from", "end up") is that phrasal verb,
// which the parts do not hold, so it is not judged; nor is a verb in another voice than the
// fact-check's: a passive says what befalls its subject, and an active verb without an object
// may say the same of it ("most body heat escapes through your head" for "is lost through your
// head"), which WordNet's senses do not relate.
func (ix *decision) verbsApart(q, r *claimParts, p, o *part) bool {
	d, ok := ix.lex.(verbSenseLexicon)
	if !ok || p.lang != "en" || o.lang != "en" || !o.verb || p.ent != nil || o.ent != nil || p.num != "" || o.num != "" {
		return false
	}
	if !p.verb && !(p.verbLike && strings.HasSuffix(strings.ToLower(p.text), "ed")) {
		return false
	}
	as, bs := verbForms(d, p), verbForms(d, o)
	if len(as) == 0 || len(bs) == 0 {
		return false
	}
	for _, a := range as {
		for _, b := range bs {
			if !ix.verbPairApart(d, a, b) {
				return false
			}
		}
	}
	// Read the text around the verbs only for a pair the lexicon keeps apart (rare).
	return !phrasalVerb(d, q.read, p.text, as) && passiveVerb(q.read, p.text) == passiveVerb(r.read, o.text) && !ix.particleAgrees(q, p, o) // particle.go
}

// verbForms are a part's dictionary forms that are English verb lemmas ("fell" is "fell" and
// "fall"; "caus", a stem of the light stemmer, is none).
func verbForms(d verbSenseLexicon, p *part) []string {
	var out []string
	for _, f := range p.lexForms() {
		if d.VerbSenses(f) > 0 {
			out = append(out, f)
		}
	}
	return out
}

// verbPairApart is d.VerbsApart(a, b), cached across searches (Index.verbsApart).
func (ix *decision) verbPairApart(d verbSenseLexicon, a, b string) bool {
	if r, ok := ix.verbApart.get([2]string{a, b}); ok {
		return r
	}
	r := d.VerbsApart(a, b)
	ix.verbApart.put([2]string{strings.Clone(a), strings.Clone(b)}, r, maxLexCache)
	return r
}

// passiveVerb reports a word of text (a verb as written) that follows a form of "be" or "get"
// ("is lost", "gets recycled", "was founded"): the verb is in the passive.
func passiveVerb(text, word string) bool {
	found := false
	eachWordAt(text, word, func(before, _ string) bool {
		fields := strings.Fields(before)
		if len(fields) > 0 {
			switch strings.Trim(fields[len(fields)-1], ",.;:!?\"'") {
			case "am", "is", "are", "was", "were", "be", "been", "being", "get", "gets", "got", "gotten", "getting":
				found = true
			}
		}
		return found
	})
	return found
}

// eachWordAt calls fn with the text before and after each whole-word occurrence of word in text
// (lower-cased), until fn returns true; broader.go's followedBy reads phrases with it too.
func eachWordAt(text, word string, fn func(before, after string) bool) {
	low, w := strings.ToLower(text), strings.ToLower(word)
	for from := 0; w != ""; {
		k := strings.Index(low[from:], w)
		if k < 0 {
			return
		}
		start, end := from+k, from+k+len(w)
		from = end
		if wordRune(low[:start], false) || wordRune(low[end:], true) {
			continue // inside a longer word
		}
		if fn(low[:start], low[end:]) {
			return
		}
	}
}

// phrasalVerb reports a word of text (the verb as written) followed, somewhere in text, by a
// word that makes a WordNet verb lemma with one of its forms ("knock" "out" → "knock out").
func phrasalVerb(d verbSenseLexicon, text, word string, forms []string) bool {
	found := false
	eachWordAt(text, word, func(_, after string) bool {
		next := strings.TrimLeft(after, " ")
		if len(next) == len(after) {
			return false // no space before the next word
		}
		if n := strings.IndexFunc(next, func(r rune) bool { return !unicode.IsLetter(r) }); n >= 0 {
			next = next[:n]
		}
		for _, f := range forms {
			if next != "" && d.VerbSenses(f+" "+next) > 0 {
				found = true
			}
		}
		return found
	})
	return found
}
