package matching

import (
	"slices"
	"strings"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/thesaurus"
	"github.com/claimcheck/claimcheck/internal/turkish"
)

// A post may state a fact-check's claim whole and then assert something more in a clause of its
// own: "sodium bicarbonate wipes out cancer and oncologists hide it", "Amazonlar oksijenin
// %20'sini üretiyormuş, ciğerlerimiz yanıyor", "the earth is flat and NASA lies". Such a post
// asserts the fact-check's claim AND another one. When the fact-check rates its claim false, the
// post's conjunction is false as well, so the verdict holds for the post; a claim rated true or
// mixed holds only for its own part, and the added clause is unchecked (the post abstains, as
// before). A word that narrows the claim inside its own clause ("… cures cancer in dogs", "plain
// baking soda …") is no clause of its own: it changes the claim, whatever the rating, and stays
// refused by decideWhole.
//
// The post is read in the pieces framePieces cuts (punctuation, "but", "because", "so …",
// "çünkü", report frames …), with one cut more: before "and" / "ve" when both sides read as a
// clause with a subject and a predicate of its own (conjunctCuts). A run of pieces must state
// the fact-check as statedByReading's readings do (readingStates); every other piece must be a
// clause of its own that says nothing of the fact-check (ownClause).

// conjunctStated reports a post q that states fact-check r, rated false, in a run of its pieces
// while each of its other pieces is a clause of its own adding another assertion (ownClause).
func (ix *decision) conjunctStated(q, r *claimParts) bool {
	if r.rated != analysis.VerdictFalse || q.frameText == "" || ix.lex == nil {
		return false
	}
	text := q.frameText
	pieces := ix.conjunctCuts(ix.framePieces(text, q.lang), text, q.lang)
	if len(pieces) < 2 || len(pieces) > maxPieces {
		return false
	}
	own := make([]bool, len(pieces))
	for i, p := range pieces {
		own[i] = ix.ownClause(ix.parsePiece(strings.TrimSpace(strings.Trim(text[p.from:p.to], pieceEnd)), q.lang), r)
	}
	for a := range pieces {
		for b := a; b < len(pieces); b++ {
			if a == 0 && b == len(pieces)-1 {
				continue // the whole post, which decideClauses decided
			}
			if slices.ContainsFunc(own[:a], func(o bool) bool { return !o }) || slices.ContainsFunc(own[b+1:], func(o bool) bool { return !o }) {
				continue
			}
			// Pieces cut by a frame or a conjunction stay clauses of their own, as in
			// frameReadings.
			var run strings.Builder
			for i := a; i <= b; i++ {
				if i > a && pieces[i].byFrame {
					run.WriteString(", ")
				}
				run.WriteString(text[pieces[i].from:pieces[i].to])
			}
			if ix.readingStates(ix.parsePiece(run.String(), q.lang), r) {
				return true
			}
		}
	}
	return false
}

// readingStates reports a reading rd of a post that states fact-check r whole, the test
// statedByReading (frame.go) and conjunctStated share: rd states r's subject, names, numbers and
// all but one object itself, decideWhole finds no part differing, and rd says what r says of its
// subject.
func (ix *decision) readingStates(rd, r *claimParts) bool {
	_, ra := ix.alignParts(rd, r)
	if !ix.statesWhole(rd, r, ra) && !ix.statesActObject(rd, r) { // an act stated by its object (advicerepeat.go)
		return false
	}
	if ok, _ := ix.decideWhole(rd, r); !ok {
		return false
	}
	_, ra = ix.alignParts(rd, r)
	return !subjectOnly(rd, r, ra)
}

// conjunctCuts cuts the pieces of text (framePieces) further after a Turkish reason clause of
// -DIK and "için", and before a coordinating "and" / "ve" that joins two clauses: the words
// before it, from the piece's start, read as a clause (clauseRead), and so do the words after
// it, with a subject of their own (not a bare verb that shares the subject before: "… and
// kills"), so "bacon and ham", "grip ve nezle", "vote and stand" are never cut. In Turkish,
// verb-final, a verb must close the clause before "ve".
func (ix *decision) conjunctCuts(pieces []piece, text, lang string) []piece {
	var out []piece
	for _, p := range pieces {
		words := frameWords.FindAllStringIndex(text[p.from:p.to], -1)
		from := p.from
		for k := 1; k+1 < len(words); k++ {
			at := p.from + words[k][0]
			f := turkish.Fold(text[at : p.from+words[k][1]])
			if f == "icin" && lang == "tr" && objectParticiple.MatchString(turkish.Fold(text[p.from+words[k-1][0]:p.from+words[k-1][1]])) {
				// "Yarasalar kör olduğu için ses dalgalarıyla yön buluyormuş": a reason clause
				// of -DIK and "için" closes before the main clause.
				end := p.from + words[k][1]
				out = append(out, piece{from, end, from == p.from && p.byFrame || from != p.from})
				from = end
				continue
			}
			if f != "and" && f != "ve" {
				continue
			}
			prev := turkish.Fold(text[p.from+words[k-1][0] : p.from+words[k-1][1]])
			next := turkish.Fold(text[p.from+words[k+1][0] : p.from+words[k+1][1]])
			if f == "and" && (englishFunction(prev) || whWords[next] || ix.bareVerb(next)) {
				// "when and where …": two question words of one clause; "… and kills": a second
				// predicate of the same subject.
				continue
			}
			before := ix.parsePiece(text[from:at], lang)
			after := ix.parsePiece(text[p.from+words[k+1][0]:p.to], lang)
			if !clauseRead(before, f == "ve") || !clauseRead(after, false) {
				continue
			}
			out = append(out, piece{from, at, from == p.from && p.byFrame || from != p.from})
			from = at
		}
		out = append(out, piece{from, p.to, from == p.from && p.byFrame || from != p.from})
	}
	return out
}

// whWords open an English clause that is a part of another ("… when and where a volcano will
// erupt", "… and how it spreads"), not a clause joined to it. A closed class.
var whWords = map[string]bool{"where": true, "when": true, "what": true, "who": true, "whom": true, "whose": true,
	"how": true, "why": true, "which": true, "whether": true, "that": true}

// clauseRead reports words read (parsePiece) as a clause: a subject part first, then a
// predicate part (when last is set, a verb closing it: a Turkish clause closes with its verb).
func clauseRead(c *claimParts, last bool) bool {
	if len(c.parts) < 2 || c.parts[0].role == rolePredicate {
		return false
	}
	if last {
		// The reading by position takes any last word for the predicate ("gribi ve …"):
		// only a verb closes a clause.
		p := &c.parts[len(c.parts)-1]
		return p.role == rolePredicate && p.verb
	}
	return slices.ContainsFunc(c.parts[1:], func(p part) bool { return p.role == rolePredicate })
}

// openConditions are the subordinators that make a clause a condition or a restriction of the
// claim ("…, if you take enough", "…, only when …", "eğer …"): such a clause narrows what the
// post asserts rather than adding to it. A closed class of the grammar.
var openConditions = map[string]bool{"if": true, "unless": true, "when": true, "whenever": true, "while": true,
	"until": true, "only": true, "except": true, "provided": true, "as": true, "eger": true, "sadece": true,
	"yalnizca": true, "yalniz": true}

// refutationRoots are the English verbs whose kinds say a claim was shown false or denied
// ("debunk", "disprove", "refute"), beside denialRoots: a clause with one comments on the claim
// rather than adding to it.
var refutationRoots = map[string][]string{"en": append([]string{"disprove", "refute", "debunk", "contradict"}, denialRoots...),
	"tr": {"yalanlamak", "çürütmek", "reddetmek", "inkâr etmek"}}

// ownClause reports a piece c of a post that is a clause of its own saying nothing of fact-check
// r: a subject and a predicate (clauseRead), no number, no part stated by or opposed to r, not
// opened as a condition (openConditions), no word of truth, saying or believing (truthOrBelief:
// "that's a lie", "I don't believe it", "big pharma knows it") or of refutation, and, when
// negated, no pronoun that could stand for the claim ("…, but studies don't support it").
func (ix *decision) ownClause(c *claimParts, r *claimParts) bool {
	if !clauseRead(c, false) || numbers(c) > 0 {
		return false
	}
	for _, w := range frameWords.FindAllString(c.read, 3) {
		f := turkish.Fold(w)
		if openConditions[f] {
			return false
		}
		if !clauseConjunctions[f] && f != "and" && f != "or" && f != "so" && f != "ve" {
			break // past the conjunction that opens the piece
		}
	}
	qa, _ := ix.alignParts(c, r)
	for i := range c.parts {
		p := &c.parts[i]
		if qa.links[i] == linked || qa.links[i] == opposite || ix.truthOrBelief(p) ||
			ix.relatesTo(p, refutationRoots, func(_ string, rel thesaurus.Relation) bool {
				return rel == thesaurus.Same || rel == thesaurus.Synonym || rel == thesaurus.Broader
			}) {
			return false
		}
	}
	if len(c.negs) > 0 {
		for _, w := range frameWords.FindAllString(c.read, -1) {
			if pronouns[turkish.Lower(w)] {
				return false
			}
		}
	}
	return true
}
