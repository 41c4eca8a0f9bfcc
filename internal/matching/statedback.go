package matching

// A rewording in the words people post, or in the other language, shares few words with its
// fact-check ("Lemming denen hayvanlar topluca kayalıklardan atlayıp kendilerini öldürürmüş"
// for "Lemmings commit mass suicide by jumping off cliffs"), so its similarity stays under the
// retrieval floors (DefaultThreshold, decideFloor) although the alignment, which knows synonyms
// and translations, accepts it. Similarity only retrieves; but under the floor the alignment
// alone is not enough either: a post sharing a word or two with a stranger is accepted through
// the parts it leaves out or a loose translation ("Dünyada her saniye yaklaşık 100 yıldırım
// düşer" for "The Earth is flat", "Dolunayda deprem olur" for "Scientists can predict exactly
// when and where an earthquake will strike"). So there the two claims must state each other:
// the alignment also accepts the fact-check, read as the post, for the post's claim, which a
// post saying more than the fact-check or other than it does not pass. Such a candidate
// decides only when none above the floor does (chooseStatedBack).

// markStatedBack settles a decided candidate under the retrieval threshold whose similarity is
// the whole post's (a clause's is held by pieceStates instead): one the alignment accepted
// whose fact-check states the post's claim back may decide (Candidate.statedBack). One under
// decideFloor that does not reads as it did before it was decided, "not about the same claim":
// it is no listed match, and a part-level reason for a candidate sharing so little would name
// a coincidence, not a difference.
func (ix *decision) markStatedBack(c *Candidate, q, r *claimParts) {
	if c.piece != "" || c.Similarity >= DefaultThreshold {
		return
	}
	accepted := c.Rejected == "" || c.Similarity < decideFloor && c.Rejected == "not about the same claim"
	if accepted && ix.statesBack(q, r) {
		c.Rejected, c.statedBack = "", true
	} else if c.Similarity < decideFloor {
		c.Rejected, c.verbJudged = "not about the same claim", false
	}
}

// statesBack reports that the fact-check r, read as the post, states the post's claim q.
func (ix *decision) statesBack(q, r *claimParts) bool {
	same, _ := ix.decide(r, q)
	return same
}

// lowFloor is the similarity down to which a candidate under decideFloor may still be decided:
// under it a candidate shares hardly a word.
const lowFloor = 0.1

// belowFloorDepth is how many candidates under decideFloor one search decides at most.
const belowFloorDepth = 3

// decideBelowFloor reports that the last of cands, under decideFloor, is worth deciding all the
// same (n counts those decided): only where it could decide, with no candidate before it taken
// and none refused clearly closer (chooseStatedBack), and only once the post is read (parsed)
// for a candidate above decideFloor. Reading a post that retrieves nothing but strangers cost
// the analyzer about a quarter more time on the load test's claims for a single rewording of
// the tuning files.
func decideBelowFloor(cands []Candidate, parsed bool, n *int) bool {
	c := cands[len(cands)-1]
	if c.Similarity >= decideFloor || c.Similarity < lowFloor || !parsed || *n >= belowFloorDepth {
		return false
	}
	for _, o := range cands[:len(cands)-1] {
		if o.Rejected == "" && o.retrievalSimilarity() >= DefaultThreshold || o.Rejected != "" && o.Similarity > c.Similarity+refusedMargin {
			return false
		}
	}
	*n++
	return true
}

// chooseStatedBack is chooseConfident's choice among the candidates under the retrieval floor
// whose fact-check states the post's claim back, or -1. It is asked only when none above the
// floor decides, so a fact-check retrieved by its words always comes first, and it holds them
// to chooseConfident's margin to a refused look-alike and its verb judges.
func chooseStatedBack(cands []Candidate, lang string) int {
	refused := 0.0
	for _, c := range cands {
		if c.Rejected != "" {
			refused = max(refused, c.Similarity)
		}
	}
	predicate := predicateRefusedAbove(cands, lang) // predshadow.go
	pick := -1
	for i, c := range cands {
		if !c.statedBack || c.Rejected != "" || c.Similarity < refused-refusedMargin || shadowedByPredicate(c, lang, predicate) {
			continue
		}
		if ownLanguage(lang, c) {
			return i
		}
		if pick < 0 {
			pick = i
		}
	}
	return pick
}
