package matching

import (
	"fmt"
	"strings"

	"github.com/claimcheck/claimcheck/internal/thesaurus"
	"github.com/claimcheck/claimcheck/internal/turkish"
)

// A post often tells a story and gives the claim as the reason for it, as what happened in it or
// beside it: "doctor told my dad to cut the salt because too much salt raises your blood
// pressure", "Babam anlatır, 1989'da Berlin Duvarı yıkılınca herkes sokaklara dökülmüş", "Eat
// your carrots and you'll see better in the dark, my gran's rule". framePieces cuts such a post
// where the claim starts ("because", "çünkü", "diye", a reporting frame, a comma); the readings
// of frame.go and the comma clauses of decideClauses then ask the piece to state every subject
// and object of the fact-check by the stricter statesWhole, which a claim said the way a post
// alone says it ("too much salt raises …" for "Eating too much salt raises …") does not pass.
// Here a run of pieces that the decision takes alone, as a post of its own, and that states
// every part of the fact-check itself (statedInFull) states it for the whole post when every
// other piece only tells the story: no number, name or topic, no word of truth, denial or
// mockery, no part of the fact-check the run leaves unstated, and, when negated, nothing of the
// claim at all (storyPiece). One cut more than framePieces makes: after a Turkish converb of
// time in -(y)IncA, whose main clause tells what happened when the claim's event did. And one
// check more on every post taken (holes): a piece that laughs at what is said takes the claim
// back ("my doctor laughed because I said vaccines cause autism": mockedClaim).

// storyStated reports a post q that states fact-check r in a run of its pieces decided alone
// (statedAlone) while every other piece is story (storyPiece).
func (ix *decision) storyStated(q, r *claimParts) bool {
	if ix.lex == nil || q.frameText == "" {
		return false
	}
	text := q.frameText
	pieces := ix.converbCuts(ix.framePieces(text, q.lang), text, q.lang)
	if len(pieces) < 2 || len(pieces) > maxPieces {
		return false
	}
	parsed := make([]*claimParts, len(pieces))
	for i, p := range pieces {
		parsed[i] = ix.parsePiece(strings.TrimSpace(strings.Trim(text[p.from:p.to], pieceEnd)), q.lang)
	}
	for a := range pieces {
		for b := a; b < len(pieces); b++ {
			if a == 0 && b == len(pieces)-1 {
				continue // the whole post, which decide decided
			}
			var run strings.Builder
			for i := a; i <= b; i++ {
				if i > a && pieces[i].byFrame {
					run.WriteString(", ")
				}
				run.WriteString(text[pieces[i].from:pieces[i].to])
			}
			rd := ix.storyReading(strings.TrimSpace(run.String()), q.lang)
			if len(rd.parts) == numbers(rd) {
				continue
			}
			story := true
			for i := range pieces {
				if (i < a || i > b) && !ix.storyPiece(parsed[i], rd, r) {
					story = false
					break
				}
			}
			if story && ix.statedAlone(rd, r) {
				return true
			}
		}
	}
	return false
}

// statedAlone reports a reading rd of a post that the decision takes for fact-check r as it
// would take a post saying only rd (decide, but for its readings in pieces, which a piece of a
// post does not have), and that states the claim itself rather than report it: no word of it
// outside what r states is one of saying or believing ("because I said vaccines cause autism",
// "çünkü annem … sanıyor"), after which the story may laugh at what is said.
func (ix *decision) statedAlone(rd, r *claimParts) bool {
	if ix.trPredicateApart(rd, r) != "" {
		return false
	}
	if ok, _ := ix.decideClauses(rd, r); !ok || !ix.statedInFull(rd, r) {
		return false
	}
	qa, ra := ix.alignParts(rd, r)
	for i := range rd.parts {
		if qa.links[i] == unlinked && ix.truthOrBelief(&rd.parts[i]) {
			return false
		}
	}
	if subjectOnly(rd, r, ra) && !ix.saidElsewhere(rd, r, qa, ra) {
		return false
	}
	return ix.holes(rd, r) == ""
}

// statedInFull reports a reading rd that states every part of fact-check r itself: every number,
// and every name, subject, object or complement but a verb. Decided alone, a post may leave a
// part of the fact-check unsaid ("Dünya'nın Güneş'e yaklaşıp uzaklaşmasından kaynaklanır");
// after a story, the story may say that part otherwise ("Gece ve gündüz, …"). Only an act the
// fact-check names by a verbal noun ("Eating" of "Eating too much salt", "yemek" of "… yoğurt
// yemek") may be left to its object, stated beside it: what is done with the object adds no
// subject of its own.
func (ix *decision) statedInFull(rd, r *claimParts) bool {
	_, ra := ix.alignParts(rd, r)
	content := func(j int) bool { return j >= 0 && j < len(r.parts) && !r.parts[j].aside && r.parts[j].num == "" }
	for j := range r.parts {
		o := &r.parts[j]
		if o.aside {
			continue
		}
		if o.num != "" {
			if !numberStated(o, rd) {
				return false
			}
			continue
		}
		if o.verb || o.ent == nil && o.role != roleCore || ra.links[j] == linked {
			continue
		}
		if verbalNoun(o) && o.ent == nil {
			// Its object: the next word in English, the one before in Turkish (verb-final).
			k := j + 1
			if o.lang == "tr" {
				k = j - 1
			}
			if content(k) && ra.links[k] == linked {
				continue
			}
		}
		return false
	}
	return true
}

// storyPiece reports a piece c of a post outside reading rd that only tells the story around
// the claim rd states: no number and no name (which the fact-check could contradict or the story
// narrow it to), no word of truth or falsehood ("my nan was right", "yalan"), of refutation,
// denial or mockery ("denies", "laughed at"), nor one the fact-check has the opposite of; a word
// it shares with fact-check r only where rd states that same part of r, so the story supplies no
// part the reading leaves out ("Fun fact for the Olympics: …"); and, when negated but for a
// warning ("don't …"), no word shared at all, no word of saying or believing and no pronoun (a
// negated piece may deny the claim: storyNegations, ownClause).
func (ix *decision) storyPiece(c, rd, r *claimParts) bool {
	if numbers(c) > 0 {
		return false
	}
	negated := false
	for _, g := range c.negs {
		negated = negated || !g.prohibition
	}
	for _, w := range frameWords.FindAllString(c.read, -1) {
		if topicWords[turkish.Fold(w)] {
			return false
		}
	}
	ca, _ := ix.alignParts(c, r)
	_, ra := ix.alignParts(rd, r)
	words := 0
	for i := range c.parts {
		p := &c.parts[i]
		if p.ent != nil || ca.links[i] == opposite || ix.relatesTo(p, truthOrFalse, func(_ string, rel thesaurus.Relation) bool { return rel != thesaurus.Unrelated }) ||
			ix.relatesTo(p, storyDenialRoots, func(_ string, rel thesaurus.Relation) bool {
				return rel == thesaurus.Same || rel == thesaurus.Synonym || rel == thesaurus.Broader
			}) {
			return false
		}
		if negated && ix.truthOrBelief(p) {
			return false // "I don't believe it", "sanmıyorum"
		}
		if ca.links[i] == linked {
			if negated {
				return false
			}
			if j := ca.with[i]; j < 0 || j >= len(ra.links) || ra.links[j] != linked {
				return false
			}
		}
		if !p.aside {
			words++
		}
	}
	if negated {
		// "…, but it doesn't cause autism": a pronoun may stand for the claim.
		for _, w := range frameWords.FindAllString(c.read, -1) {
			if pronouns[turkish.Lower(w)] {
				return false
			}
		}
	}
	return words > 0 || !negated // "No." alone says no to the claim
}

// storyReading is a run of pieces read as a post of its own, whose text holes reads; remembered
// apart from the pieces parsePiece reads, which have no text of a post.
func (ix *decision) storyReading(text, lang string) *claimParts {
	k := [2]string{text, lang + " story"}
	cp, ok := ix.pieces[k]
	if !ok {
		c := *ix.Index.parsePiece(text, lang)
		c.frameText = text
		cp = &c
		ix.pieces[k] = cp
	}
	return cp
}

// topicWords open the topic a story is told of ("told me about dogs", "köpekler hakkında"): the
// claim after it may be said of that topic only. A closed class of prepositions.
var topicWords = map[string]bool{"about": true, "regarding": true, "concerning": true, "hakkinda": true, "konusunda": true}

// mockedClaim is why a post that states fact-check r does not assert it: a piece of the post
// (framePieces) that shares no word with r tells of someone laughing at, mocking or denying what
// is said ("my doctor laughed because I said vaccines cause autism", "my doctor laughed at me,
// vaccines cause autism"); "" when no piece does. Only a verb: "ridiculous" may say the claim
// is plain.
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

// mockRoots are the verbs of laughing at what is said; storyDenialRoots add those whose kinds
// deny or refute it (refutationRoots): a story told with one may be told against the claim ("my
// doctor laughed at me, vaccines cause autism"). mockedClaim takes the roots themselves only:
// their kinds and synonyms in WordNet reach "kid", "knock" and "kill".
var (
	mockRoots        = map[string][]string{"en": {"laugh", "mock", "ridicule"}, "tr": {"gülmek", "alay etmek"}}
	storyDenialRoots = map[string][]string{"en": append(append([]string(nil), mockRoots["en"]...), refutationRoots["en"]...),
		"tr": append(append([]string(nil), mockRoots["tr"]...), refutationRoots["tr"]...)}
)

// converbCuts cuts the pieces of a Turkish post further after a converb of time in -(y)IncA
// ("yıkılınca", "görünce") followed by more words: what the main clause after it says happened
// then is the story around the event the converb's clause states.
func (ix *decision) converbCuts(pieces []piece, text, lang string) []piece {
	if lang != "tr" {
		return pieces
	}
	var out []piece
	for _, p := range pieces {
		words := frameWords.FindAllStringIndex(text[p.from:p.to], -1)
		from := p.from
		for k := 1; k+1 < len(words); k++ {
			w := text[p.from+words[k][0] : p.from+words[k][1]]
			f := turkish.Fold(w)
			if !strings.HasSuffix(f, "ince") && !strings.HasSuffix(f, "inca") && !strings.HasSuffix(f, "unce") && !strings.HasSuffix(f, "unca") {
				continue
			}
			if cp := ix.parsePiece(w, lang); len(cp.parts) != 1 || !converb(&cp.parts[0]) {
				continue
			}
			end := p.from + words[k][1]
			out = append(out, piece{from, end, from == p.from && p.byFrame || from != p.from})
			from = end
		}
		out = append(out, piece{from, p.to, from == p.from && p.byFrame || from != p.from})
	}
	return out
}
