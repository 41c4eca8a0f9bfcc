package thesaurus

import "strings"

// phrasalRank bounds the senses of the plain verb a phrasal verb may state: its common ones
// only, as Relate's limits do, so a rare sense of "transmit" is never what "pass on" says.
const phrasalRank = 2

// PhrasalStates reports an English phrasal verb (a WordNet verb lemma of two or more words,
// "pass on") one of whose senses is one of the first senses of the one-word verb b, or lies
// one hypernym link below it ("pass on" under "transmit", "communicate a disease"). Relate does
// not see this: WordNet ranks a phrasal verb's senses by few or no corpus counts, so the sense
// that names the act is often past Relate's rank limits. Any sense of the phrasal verb counts,
// as its particle already narrows its reading; b's rare senses never do.
func (t *Thesaurus) PhrasalStates(phrasal, b string) bool {
	if !strings.Contains(phrasal, " ") || strings.Contains(b, " ") {
		return false
	}
	targets := map[int32]bool{}
	for _, s := range t.sensesOf(b, verbPOS) {
		if int(s.rank()) <= phrasalRank && !t.en.isGeneral(s.syn()) {
			targets[s.syn()] = true
		}
	}
	if len(targets) == 0 {
		return false
	}
	g := &t.en
	for _, s := range t.sensesOf(phrasal, verbPOS) {
		x := s.syn()
		if targets[x] {
			return true
		}
		if int(x)+1 < len(g.hyperAt) {
			for _, h := range g.hyperTo[g.hyperAt[x]:g.hyperAt[x+1]] {
				if targets[h] {
					return true
				}
			}
		}
	}
	return false
}
