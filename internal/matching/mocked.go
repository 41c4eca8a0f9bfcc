package matching

import (
	"fmt"
	"strings"

	"github.com/claimcheck/claimcheck/internal/thesaurus"
)

// A post may state a fact-check's claim only to tell of someone laughing at it: "my doctor
// laughed at me, vaccines cause autism" does not assert that vaccines cause autism, though a
// comma clause of it states the fact-check whole. holes runs mockedClaim on every post the
// decision would take.

// mockedClaim is why a post that states fact-check r does not assert it: a piece of the post
// (framePieces) tells of someone laughing at or mocking what is said ("my doctor laughed because
// I said vaccines cause autism", "my doctor laughed at me, vaccines cause autism"); "" when no
// piece does. Only a verb: "ridiculous" may say the claim is plain.
func (ix *decision) mockedClaim(q, r *claimParts) string {
	if ix.lex == nil || q.frameText == "" {
		return ""
	}
	for _, p := range ix.framePieces(q.frameText, q.lang) {
		c := ix.parsePiece(strings.TrimSpace(strings.Trim(q.frameText[p.from:p.to], pieceEnd)), q.lang)
		ca, _ := ix.alignParts(c, r)
		for i := range c.parts {
			if w := &c.parts[i]; (w.verb || w.verbLike) && ca.links[i] == unlinked && ix.relatesTo(w, mockRoots, func(_ string, rel thesaurus.Relation) bool {
				return rel == thesaurus.Same
			}) {
				return fmt.Sprintf("different claim: the claim also says %s, the fact-check does not", w.text)
			}
		}
	}
	return ""
}

// mockRoots are the verbs of laughing at what is said, a closed class. mockedClaim takes the
// roots themselves only: their kinds and synonyms in WordNet reach "kid", "knock" and "kill".
var mockRoots = map[string][]string{"en": {"laugh", "mock", "ridicule"}, "tr": {"gülmek", "alay etmek"}}
