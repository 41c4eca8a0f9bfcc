package matching

import (
	"strings"

	"github.com/claimcheck/claimcheck/internal/thesaurus"
)

// lyAdverbsAlike links two English adverbs of manner or degree made from adjectives with "-ly"
// whose adjectives WordNet puts in one synset: "fully" for "completely" (full / complete),
// "totally" for "entirely". WordNet files adverbs as synsets of their own, with the adjective
// each comes from as a pertainym pointer the thesaurus tables do not keep; "-ly" is that
// derivation, undone here the way English spells it. Only a shared synset counts, never a
// broader term or a mere "similar to" link, and words Relate finds opposite never get here
// (lexRelate asks this only of pairs it left unlinked): "partly" stays the opposite of
// "completely", and "partially" (partial) is no "fully" (full). Over the tuning data this joined
// one pair (fully/completely, one more rewording taken) and no look-alike; "mostly"/"mainly",
// "poor"/"dim" and Turkish "az"/"düşük" have no such link in WordNet or KeNet and stay refused.
func (ix *decision) lyAdverbsAlike(p, o *part) bool {
	if p.lang != "en" || o.lang != "en" || p.ent != nil || o.ent != nil || p.num != "" || o.num != "" || p.verb || o.verb {
		return false
	}
	for _, a := range p.lexForms() {
		for _, b := range o.lexForms() {
			for _, x := range lyBases(a) {
				for _, y := range lyBases(b) {
					if x != y && ix.relations.relate(ix.lex, "en", x, y) == thesaurus.Synonym {
						return true
					}
				}
			}
		}
	}
	return false
}

// lyBases are the adjectives an English "-ly" adverb may be spelled from: "completely" →
// complete, "fully" → full, "happily" → happy, "simply" → simple, "basically" → basic. Bases
// shorter than four letters are left out: "only", "early" and "daily" are no adjective with "-ly".
func lyBases(w string) []string {
	if !strings.HasSuffix(w, "ly") || len(w) < 5 {
		return nil
	}
	stem := w[:len(w)-2]
	out := []string{stem}
	switch {
	case strings.HasSuffix(w, "ically"):
		out = append(out, w[:len(w)-4]) // basic
	case strings.HasSuffix(w, "lly"):
		out = append(out, w[:len(w)-1]) // full
	case strings.HasSuffix(w, "ily"):
		out = append(out, w[:len(w)-3]+"y") // happy
	case strings.HasSuffix(stem, "b") || strings.HasSuffix(stem, "p") || strings.HasSuffix(stem, "t") || strings.HasSuffix(stem, "d") || strings.HasSuffix(stem, "g") || strings.HasSuffix(stem, "k"):
		out = append(out, w[:len(w)-1]+"e") // simple, gentle, probable
	}
	kept := out[:0]
	for _, b := range out {
		if len(b) >= 4 {
			kept = append(kept, b)
		}
	}
	return kept
}
