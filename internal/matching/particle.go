package matching

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/claimcheck/claimcheck/internal/thesaurus"
)

// particleLexicon is a Lexicon that reads an English phrasal verb's particle against a one-word
// verb (thesaurus.Thesaurus.ParticleAgrees).
type particleLexicon interface {
	verbSenseLexicon
	ParticleAgrees(phrasal, verb string) (particle, agree, opposed bool)
}

// particleApart judges, within English, a verb of the claim with a particle after it ("soak
// up", "bring on", "push down") against the fact-check's verb, as the one verb they make.
// Particles are stopwords, so the parts hold the bare verb only: verbsApart (verbsense.go)
// leaves a WordNet phrasal verb unjudged, and phrasalApart (advexp.go) judges one only beside a
// complement of its own, for fear of senses WordNet misses. A particle is no such risk when it
// turns the verb's direction: the phrasal verb is an antonym of the fact-check's verb ("take in"
// for "emit"), or its particle is the antonym of the particle of a phrasal synonym of that verb
// ("push down", "keep down" against raise's "bring up"), which is the opposite claim; so read,
// the particle need make no WordNet lemma with the verb ("pump in"). A WordNet phrasal verb is
// also judged by VerbsApart ("soak up" ≠ "emit", "bring on" ≠ "cure", "set off" ≠ "prevent"),
// unless its particle is the one a phrasal synonym of the fact-check's verb ends in ("put out",
// "send out" for emit's "give out"): then the particle says the verb's own direction, and the
// phrasal verb is taken for a rewording in a sense WordNet misses. A verb the alignment linked
// to the fact-check's ("brings" to "raises", through "bring up") is judged on its direction
// only. It returns the reason, "" when there is none.
func (ix *decision) particleApart(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, cross bool) string {
	d, ok := ix.lex.(particleLexicon)
	if !ok || cross || q.lang != "en" || r.lang != "en" {
		return ""
	}
	for i := range q.parts {
		p := &q.parts[i]
		if qa.links[i] != unlinked && qa.links[i] != linked || !p.verb || p.aside || p.ent != nil || p.num != "" {
			continue
		}
		forms := verbForms(d, p)
		if len(forms) == 0 {
			continue
		}
		ph := phrasalForm(d, q.read, p.text, forms)
		turns := particleReadings(q, i, forms)
		if ph == "" && len(turns) == 0 {
			continue
		}
		for k := range r.parts {
			o := &r.parts[k]
			joined := qa.links[i] == linked && qa.with[i] == k
			if !joined && (qa.links[i] != unlinked || ra.links[k] != unlinked) || !o.verb || o.aside || o.ent != nil || o.num != "" {
				continue
			}
			bs := verbForms(d, o)
			for _, b := range bs {
				for _, t := range turns {
					if particle, _, opposed := d.ParticleAgrees(t, b); opposed || particle && ix.lex.Relate("en", t, b) == thesaurus.Antonym {
						return ix.verbJudged(fmt.Sprintf("opposite meaning: %s ≠ %s", t, o.text)) // predshadow.go
					}
				}
			}
			if ph == "" || joined || len(bs) == 0 {
				continue
			}
			apart := true
			for _, b := range bs {
				particle, agree, _ := d.ParticleAgrees(ph, b)
				// A preposition only takes the verb's object ("escapes from your head"):
				// phrasalApart's reading.
				apart = apart && particle && !agree && ix.verbPairApart(d, ph, b)
			}
			if apart {
				return ix.verbJudged(fmt.Sprintf("different predicate: %s ≠ %s", ph, o.text))
			}
		}
	}
	return ""
}

// particleReadings are the verb of the claim at i read with the word right after it, for its
// direction, whether or not WordNet has the two as one lemma ("pump in"); ParticleAgrees
// reads the word as a particle only when it is an adverb.
func particleReadings(q *claimParts, i int, forms []string) []string {
	var out []string
	for _, w := range []string{wordAfter(q.read, q.parts[i].text), separatedParticle(q.read, q.parts[i].text)} {
		if w == "" {
			continue
		}
		for _, f := range forms {
			out = append(out, f+" "+w)
		}
	}
	return out
}

// enParticles are the English adverb particles that may follow a phrasal verb's object ("brings
// your blood pressure down", "keeps colds away"): a closed class of the grammar.
var enParticles = map[string]bool{"up": true, "down": true, "off": true, "on": true, "out": true, "in": true, "away": true, "back": true}

// separatedParticle is a particle closing the clause of verb (the first whole-word occurrence of
// it in text) one to four words after it, past its object ("Salt brings your blood pressure
// down"), or "".
func separatedParticle(text, verb string) string {
	found := ""
	eachWordAt(text, verb, func(_, after string) bool {
		clause := after
		if n := strings.IndexAny(clause, ",.;:!?"); n >= 0 {
			clause = clause[:n]
		}
		words := strings.Fields(strings.ToLower(clause))
		if n := len(words); n >= 2 && n <= 5 && enParticles[words[n-1]] {
			found = words[n-1]
		}
		return true
	})
	return found
}

// wordAfter is the word right after the first whole-word occurrence of word in text (lower
// case), "" when punctuation or the end comes first.
func wordAfter(text, word string) string {
	next := ""
	eachWordAt(text, word, func(_, after string) bool {
		w := strings.TrimLeft(after, " ")
		if len(w) == len(after) {
			return false
		}
		if n := strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }); n >= 0 {
			w = w[:n]
		}
		next = w
		return w != ""
	})
	return next
}

// particleAgrees reports a verb of the claim (p) followed by a particle that a phrasal synonym
// of the fact-check's verb (o) ends in ("pump out" for "emit", whose synonyms are "give out",
// "give off"): the particle says o's own direction, so the pair is no other predicate even where
// WordNet has no such phrasal verb and keeps the bare verbs apart ("pump" and "emit").
// verbsApart (verbsense.go) asks it only of a pair it would call apart.
func (ix *decision) particleAgrees(q *claimParts, p, o *part) bool {
	d, ok := ix.lex.(particleLexicon)
	if !ok {
		return false
	}
	next := wordAfter(q.read, p.text)
	if next == "" {
		return false
	}
	for _, b := range verbForms(d, o) {
		if _, agree, _ := d.ParticleAgrees(p.folded+" "+next, b); agree {
			return true
		}
	}
	return false
}
