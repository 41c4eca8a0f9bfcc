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
// piece does. Only a verb, and one the fact-check does not state: "ridiculous" may say the claim
// is plain.
func (ix *decision) mockedClaim(q, r *claimParts) string {
	for _, m := range ix.mockVerbs(q) {
		if ca, _ := ix.alignParts(m.piece, r); ca.links[m.at] == unlinked {
			return fmt.Sprintf("different claim: the claim also says %s, the fact-check does not", m.piece.parts[m.at].text)
		}
	}
	return ""
}

// mockVerb is a verb of laughing at what is said: part at of a piece of a post.
type mockVerb struct {
	piece *claimParts
	at    int
}

// mockVerbs are post q's verbs of laughing at what is said, found once per post: most posts
// have none, and then no piece is aligned with any fact-check.
func (ix *decision) mockVerbs(q *claimParts) []mockVerb {
	if ix.lex == nil || q.frameText == "" {
		return nil
	}
	if ms, ok := ix.mocks[q]; ok {
		return ms
	}
	if ix.mocks == nil {
		ix.mocks = map[*claimParts][]mockVerb{}
	}
	// The pieces are read only when a verb of the whole post is such a verb.
	said := false
	for i := range q.parts {
		if w := &q.parts[i]; (w.verb || w.verbLike) && ix.relatesTo(w, mockRoots, sameRelation) {
			said = true
			break
		}
	}
	if !said {
		ix.mocks[q] = nil
		return nil
	}
	var ms []mockVerb
	for _, p := range ix.framePieces(q.frameText, q.lang) {
		c := ix.parsePiece(strings.TrimSpace(strings.Trim(q.frameText[p.from:p.to], pieceEnd)), q.lang)
		for i := range c.parts {
			if w := &c.parts[i]; (w.verb || w.verbLike) && ix.relatesTo(w, mockRoots, sameRelation) {
				ms = append(ms, mockVerb{c, i})
			}
		}
	}
	ix.mocks[q] = ms
	return ms
}

// sameRelation accepts a word that is the root itself or its synonym (relatesTo).
func sameRelation(_ string, rel thesaurus.Relation) bool { return rel == thesaurus.Same }

// mockRoots are the verbs of laughing at what is said, a closed class. mockedClaim takes the
// roots themselves only: their kinds and synonyms in WordNet reach "kid", "knock" and "kill".
var mockRoots = map[string][]string{"en": {"laugh", "mock", "ridicule"}, "tr": {"gülmek", "alay etmek"}}
