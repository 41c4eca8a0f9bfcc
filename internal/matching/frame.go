package matching

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/internal/thesaurus"
	"github.com/claimcheck/claimcheck/internal/turkish"
)

// A post often wraps its claim in a frame: who says it ("my sister in law swears …", "…, my mate
// says …"), the poster's own story or advice around it ("Put a coat on or you'll catch a cold,
// …", "love my vindaloo but …"), a tag question or an aside after it ("… or is that just a
// Facebook thing?"). The comma clauses of claimParts cut some of these off; the rest sit inside a
// clause, where the reading by position takes a word of the frame for the claim's subject
// ("reminder", "sister"). A post is therefore also read in pieces cut where a frame ends: at a
// conjunction that opens a clause, after a reporting frame and after a word and "that" opening
// the post (framePieces). A run of pieces is one more reading of the post, and the post states
// the fact-check when one reading states it whole (statedByReading): the frame is set aside as
// chatter only when what it frames states the fact-check, so a frame word standing in the place
// of a fact-check part is still a different claim (the reading that leaves it out misses that
// part). A reading opened by a pronoun ("…, it keeps colds away") is read with the story before
// it, where its subject is named; a negated piece outside a reading keeps it from stating the
// fact-check unless that piece only tells the poster's story (storyNegations).

// reading is a run of pieces of a post read as a claim of its own.
type reading struct {
	parts *claimParts
	// negatedElsewhere are the pieces of the post outside the reading that negate something
	// other than a warning ("…, but I don't believe it"): such a piece may deny the reading.
	negatedElsewhere []*claimParts
	// antecedent is the post before a reading opened by a subject pronoun ("…, it makes babies
	// smarter"): what the pronoun stands for is said there.
	antecedent *claimParts
}

// maxPieces bounds the pieces a post is read in (runs grow with their square).
const maxPieces = 8

// frameWords scans a post's words, numbers (with their inner points and commas) and clause
// punctuation.
var frameWords = regexp.MustCompile(`\d+(?:[.,:]\d+)*|[\pL\pN]+(?:['’\-][\pL\pN]+)*|[,;.!?…:\n]`)

// clauseConjunctions open a clause of their own after the word before them: a contrast, a
// reason, a consequence ("… but my mate says …", "… çünkü lastikler …").
var clauseConjunctions = map[string]bool{"but": true, "because": true, "bc": true, "cuz": true, "coz": true,
	"ama": true, "fakat": true, "ancak": true, "cunku": true, "halbuki": true, "oysa": true, "oysaki": true}

// clauseOpeners are the pronouns and auxiliaries that show "or", "so" and "and" open a clause
// ("or you'll catch a cold", "or is that just …", "so I'm skipping …", "and nobody will admit
// it", "so who cares") rather than join two words ("vaccines or antibiotics", "so hot", "bacon and ham").
var clauseOpeners = map[string]bool{"i": true, "i'm": true, "im": true, "you": true, "you'll": true, "you're": true,
	"we": true, "we're": true, "they": true, "they're": true, "he": true, "she": true, "it": true, "it's": true,
	"that": true, "that's": true, "this": true, "there": true, "is": true, "are": true, "was": true, "were": true,
	"nobody": true, "everybody": true, "everyone": true, "someone": true, "somebody": true, "who": true}

// subjectDeterminers open a noun phrase that may be a clause's subject ("every lap", "a
// million", "the jab"): after "so" they show it opens a clause.
var subjectDeterminers = map[string]bool{"a": true, "an": true, "the": true, "every": true, "each": true, "all": true,
	"my": true, "your": true, "our": true, "his": true, "her": true, "their": true, "these": true, "those": true}

// speakerWords open the speaker of a reporting frame: a possessive, a pronoun or a word for anyone
// ("my mate says", "she read that", "people swear that"). A speaker named by a name is left
// alone: "Marie Antoinette said …" is a claim about her.
var speakerWords = map[string]bool{"my": true, "our": true, "your": true, "his": true, "her": true, "their": true,
	"a": true, "an": true, "the": true, "some": true, "i": true, "we": true, "you": true, "he": true, "she": true,
	"they": true, "people": true, "everyone": true, "everybody": true, "someone": true, "somebody": true}

// reportVerbRoots are the verbs whose kinds report what someone says or thinks (WordNet: "swear"
// and "insist" are kinds of saying, "reckon" of thinking, "claim" and "warn" of communicating).
var reportVerbRoots = []string{"say", "tell", "think", "communicate", "know", "hear"}

// denialRoots are the verbs whose kinds report a claim to deny or doubt it ("deny",
// "reject", "question", "pretend"): what such a frame frames is not what the post says.
var denialRoots = []string{"deny", "doubt", "disagree", "challenge", "pretend"}

// piece is a span of a post's text (byte offsets) that a frame or punctuation bounds.
type piece struct {
	from, to int
	// byFrame marks a piece whose start was cut by a conjunction or a frame, not by
	// punctuation.
	byFrame bool
}

// framePieces cuts text (the post with its question and report frames dropped, as parseClaim
// reads it) at its clause punctuation, before a conjunction that opens a clause, around Turkish
// "diye", after a word and "that" opening a piece and after a reporting frame (reportFrameEnd).
func (ix *Index) framePieces(text, lang string) []piece {
	words := frameWords.FindAllStringIndex(text, -1)
	var pieces []piece
	start, byFrame := 0, false
	cut := func(at int, frame bool) {
		if strings.TrimSpace(strings.Trim(text[start:at], ",;.!?…:\n ")) != "" {
			pieces = append(pieces, piece{start, at, byFrame})
		}
		start, byFrame = at, frame
	}
	lex := lexicalLang(lang)
	pieceStart := true // the next word opens a piece
	for k := 0; k < len(words); k++ {
		w := text[words[k][0]:words[k][1]]
		f := turkish.Fold(w)
		if punctuation(w) {
			cut(words[k][1], false)
			pieceStart = true
			continue
		}
		next := ""
		if k+1 < len(words) {
			next = turkish.Fold(text[words[k+1][0]:words[k+1][1]])
		}
		switch {
		case k > 0 && !pieceStart && (clauseConjunctions[f] && next != "of" || (f == "or" || f == "so" || f == "and") && clauseOpeners[next]):
			// Not "because of", a preposition ("… is healing because of the Montreal Protocol").
			// The conjunction opens the next piece; a frame may follow it ("but my mate says").
			cut(words[k][0], true)
			pieceStart = true
			continue
		case k > 0 && !pieceStart && lex == "en" && f == "so" && (ix.lex != nil && ix.bareVerb(next) && imperativeOpens(text, words, k+1) || subjectDeterminers[next]):
			// "most plastic gets recycled so relax": after "so" a verb with no subject before it
			// is an imperative addressed to the reader, advice that states no fact. Only "so": a
			// verb after "and" or "or" may be the claim's second predicate ("… and kills").
			// "… so every lap of the bowl is new": "so" before a determiner is no degree adverb
			// ("so hot") but opens a clause with a subject of its own, a consequence the poster
			// draws, as a pronoun after it does (clauseOpeners).
			cut(words[k][0], true)
			pieceStart = true
			continue
		case k > 0 && !pieceStart && lex == "en" && ix.lex != nil && imperativeParticles[next] && ix.bareVerb(f) && afterStatement(text, words, k) && !ix.compoundHeadAt(text, words, k):
			// "the earth is flat wake up sheeple": a bare verb and its particle after a word
			// that closes a statement, with no comma between, open an imperative addressed to
			// the reader, which states no fact.
			cut(words[k][0], true)
			pieceStart = true
			continue
		case lex == "tr" && f == "diye" && k > 0:
			// "balıkla yoğurt zehirler diye": the complement closes before "diye".
			cut(words[k][0], true)
			cut(words[k][1], true)
			pieceStart = true
			continue
		}
		if pieceStart && lex == "en" && next == "that" && k+3 < len(words) && !englishFunction(f) && !punctuation(text[words[k+2][0]:words[k+2][1]]) {
			// "reminder that ciggies cause lung cancer", "crazy that humans only use 10% …": a
			// word on the claim, then the claim.
			k++
			cut(words[k][1], true)
			pieceStart = true
			continue
		}
		if pieceStart && lex == "en" {
			if end := ix.reportFrameEnd(text, words, k); end >= k {
				k = end
				cut(words[k][1], true)
				pieceStart = true
				continue
			}
		}
		pieceStart = false
	}
	cut(len(text), false)
	return pieces
}

// imperativeParticles are the particles of English phrasal verbs an imperative addressed to the
// reader is said with ("wake up", "look it up", "back off").
var imperativeParticles = map[string]bool{"up": true, "out": true, "down": true, "away": true, "off": true}

// afterStatement reports word k-1 of text a content word that may close a statement: not a
// function word (a subject pronoun, an auxiliary, "to": "you wake up", "will wake up", "to
// wake up"), nor a plural noun, whose bare verb after it is its predicate ("dogs wake up").
func afterStatement(text string, words [][]int, k int) bool {
	prev := turkish.Fold(text[words[k-1][0]:words[k-1][1]])
	return !punctuation(prev) && !englishFunction(prev) && !strings.HasSuffix(prev, "s") && !strings.ContainsFunc(prev, unicode.IsDigit)
}

// imperativeOpens reports the verb at word v of text opening an imperative: it ends the post or
// a clause, or its object or particle follows ("so put a coat on", "so relax").
func imperativeOpens(text string, words [][]int, v int) bool {
	if v+1 >= len(words) {
		return true
	}
	next := text[words[v+1][0]:words[v+1][1]]
	return punctuation(next) || imperativeCues[turkish.Fold(next)]
}

// frameReadings reads text in pieces (framePieces) and returns each run of pieces that one of
// its cuts by a frame bounds: runs cut only at punctuation are the comma clauses decideClauses
// already tries, and the whole post is decided as a whole.
func (ix *Index) frameReadings(text, lang string) []reading {
	pieces := ix.framePieces(text, lang)
	if len(pieces) < 2 || len(pieces) > maxPieces {
		return nil
	}
	negated := make([]*claimParts, len(pieces))
	for i, p := range pieces {
		cp := ix.parsePiece(text[p.from:p.to], lang)
		for _, g := range cp.negs {
			if !g.prohibition {
				negated[i] = cp
			}
		}
	}
	var out []reading
	for a := range pieces {
		for b := a; b < len(pieces); b++ {
			if a == 0 && b == len(pieces)-1 {
				continue // the whole post
			}
			// Pieces cut by a frame stay clauses of their own: read as one, "to stop driving but
			// humans release more …" takes "stop" for the subject.
			var b2 strings.Builder
			for i := a; i <= b; i++ {
				if i > a && pieces[i].byFrame {
					b2.WriteString(", ")
				}
				b2.WriteString(text[pieces[i].from:pieces[i].to])
			}
			run := b2.String()
			var elsewhere []*claimParts
			for i := range pieces {
				if (i < a || i > b) && negated[i] != nil {
					elsewhere = append(elsewhere, negated[i])
				}
			}
			pronoun := a > 0 && subjectPronoun(run)
			if !pieces[a].byFrame && (b+1 == len(pieces) || !pieces[b+1].byFrame) && !pronoun && elsewhere == nil {
				continue // a run of comma clauses, which decideClauses tries
			}
			cp := ix.parsePiece(run, lang)
			if len(cp.parts) == numbers(cp) {
				continue // no word to state a claim with
			}
			rd := reading{parts: cp, negatedElsewhere: elsewhere}
			if pronoun && elsewhere == nil {
				// "I play Mozart to my newborn every night because it makes babies smarter":
				// the pronoun stands for a phrase of the pieces before.
				rd.antecedent = ix.parsePiece(text[:pieces[a].from], lang)
			}
			out = append(out, rd)
		}
	}
	return out
}

// numbers counts the parts of c that are numbers.
func numbers(c *claimParts) int {
	n := 0
	for i := range c.parts {
		if c.parts[i].num != "" {
			n++
		}
	}
	return n
}

// punctuation reports a clause punctuation mark scanned by frameWords.
func punctuation(w string) bool {
	return strings.ContainsAny(w, ",;.!?…:\n") && !unicode.IsDigit(rune(w[0]))
}

// subjectPronouns stand for a phrase said before them, as the subject of their clause.
var subjectPronouns = map[string]bool{"it": true, "it's": true, "its": true, "they": true, "they're": true, "theyre": true}

// subjectPronoun reports a run of pieces opened, after its conjunction, by a subject pronoun
// (subjectPronouns) and a word after it.
func subjectPronoun(run string) bool {
	words := frameWords.FindAllString(run, 4)
	for len(words) > 0 && (clauseConjunctions[turkish.Fold(words[0])] || words[0] == "or" || words[0] == "so") {
		words = words[1:]
	}
	return len(words) > 1 && subjectPronouns[turkish.Fold(words[0])]
}

// parsePiece reads a piece of a post into parts, as parseClaim reads a post.
func (ix *Index) parsePiece(text, lang string) *claimParts {
	cp := &claimParts{lang: lang, read: text}
	ix.parseSegment(cp, text, lang, false)
	ix.markPossessors(cp)
	return cp
}

// reportFrameEnd finds a reporting frame opening at word k of text: a speaker of at most four
// words opened by a possessive, a pronoun or a word for anyone (or none, after the first word of
// the text: the clause before names the speaker), then a verb of saying or thinking (by the
// lexicon's kinds of reportVerbRoots, not of denialRoots) and "that", "me" or "us" after it; it returns the index of the frame's last word, or -1. No word of the speaker
// may be a name or a negation ("nobody says", "Einstein said" are claims of their own).
func (ix *Index) reportFrameEnd(text string, words [][]int, k int) int {
	if ix.lex == nil {
		return -1
	}
	at := func(i int) string { return text[words[i][0]:words[i][1]] }
	first := k + 1
	switch {
	case speakerWords[turkish.Fold(at(k))]:
	case k > 0 && ix.reportVerb(turkish.Fold(at(k)), false):
		// The speaker said before, in the clause the comma closes ("my mum has been pushing
		// vitamin C on me, says it keeps colds away").
		first = k
	default:
		return -1
	}
	for v := first; v < len(words) && v <= k+4; v++ {
		w := at(v)
		if r, _ := utf8.DecodeRuneInString(w); !unicode.IsLower(r) || negationWords[turkish.Fold(w)] {
			return -1
		}
		// A verb without an ending of its own follows a plural speaker ("people reckon", "my
		// parents think", "I heard").
		prev := ""
		if v > k {
			prev = turkish.Fold(at(v - 1))
		}
		if !ix.reportVerb(turkish.Fold(w), speakerWords[prev] || strings.HasSuffix(prev, "s")) {
			continue
		}
		end := v
		for end+1 < len(words) && end < v+2 {
			switch turkish.Fold(at(end + 1)) {
			case "that", "me", "us":
				end++
				continue
			}
			break
		}
		if end+2 >= len(words) {
			return -1 // too little left to state a claim
		}
		return end
	}
	return -1
}

// reportVerb reports an English finite verb of saying or thinking ("swears", "reckons", "said",
// "read"), by the lexicon's kinds: a kind of one of reportVerbRoots and of none of denialRoots.
// A form without an ending counts only where plural says it is finite: alone it is as likely an
// imperative, an infinitive or a noun ("the vaccine claim").
func (ix *Index) reportVerb(folded string, plural bool) bool {
	if !plural && !strings.HasSuffix(folded, "s") && !strings.HasSuffix(folded, "ed") && !ix.irregularPast(folded) && folded != "read" {
		return false
	}
	is := func(roots []string, lemma string) bool {
		for _, root := range roots {
			switch ix.lex.Relate("en", lemma, root) {
			case thesaurus.Same, thesaurus.Synonym, thesaurus.Broader:
				return true
			}
		}
		return false
	}
	for _, l := range ix.lex.Lemmas("en", folded) {
		if is(reportVerbRoots, l) && !is(denialRoots, l) {
			return true
		}
	}
	return false
}

// statedByReading reports a reading of post q (frameReadings) that states fact-check r whole:
// it states the fact-check's subject, names, numbers and all but one of its objects itself
// (statesWhole against its own alignment, so nothing outside it counts), decideWhole finds no
// part differing, and it says what the fact-check says of its subject (subjectOnly). A reading
// is not tried while a piece outside it negates, unless that piece only tells the poster's story
// (storyNegations): the frame may deny what it frames. A reading opened by a subject pronoun is
// compared with r's subject phrase set aside when the post before it states that phrase
// (subjectSaidBefore) and the reading says no word of its own (ownWordsStated).
func (ix *decision) statedByReading(q, r *claimParts) bool {
	states := ix.readingStates // conjunct.go
	if q.readings == nil {
		// Read once per post, when a decision first needs it: a review is never read so.
		rds := ix.frameReadings(q.frameText, q.lang)
		q.readings = &rds
	}
	for _, rd := range *q.readings {
		if !ix.storyNegations(rd.negatedElsewhere, r) {
			continue
		}
		if states(rd.parts, r) {
			return true
		}
		if rd.antecedent != nil {
			if rr := ix.subjectSaidBefore(rd.antecedent, r); rr != r && ix.ownWordsStated(rd.parts, rr) && states(rd.parts, rr) && !ix.antecedentOwnWord(rd.antecedent, rd.parts, r) { // antecedent.go
				return true
			}
		}
	}
	return ix.conjunctStated(q, r) // the claim and a clause of the post's own, rated false (conjunct.go)
}

// storyNegations reports negated pieces of a post that only tell the poster's story around the
// claim ("Kahvaltısız güne başlamam, …", "Look at the horizon, no curve. …", "…, o çizgiler
// normal değil"), so they deny nothing a reading states: each shares no word with fact-check r
// and has a word of its own, none a word of truth ("true", "doğru") or of saying and believing
// ("I don't believe it", "sanmıyorum"). A piece that denies the claim refers to it by a pronoun
// and such words, or shares its words ("…, but it doesn't cause autism").
func (ix *decision) storyNegations(pieces []*claimParts, r *claimParts) bool {
	for _, c := range pieces {
		qa, _ := ix.alignParts(c, r)
		words := 0
		for i := range c.parts {
			p := &c.parts[i]
			if qa.links[i] == linked || qa.links[i] == opposite && !ix.deniedAgain(c, qa, r, i) || ix.truthOrBelief(p) { // pivotdenial.go
				return false
			}
			if p.num == "" {
				words++
			}
		}
		if words == 0 {
			return false // "No." alone says no to the claim
		}
	}
	return true
}

// truthOrFalse and sayOrBelieve are the roots truthOrBelief relates a word to, by language.
var (
	truthOrFalse = map[string][]string{"en": {"true", "false"}, "tr": {"doğru", "yanlış", "gerçek"}}
	sayOrBelieve = map[string][]string{"en": reportVerbRoots, "tr": {"inanmak", "sanmak", "düşünmek", "söylemek", "demek"}}
)

// truthOrBelief reports a word the lexicon relates to truth ("true", "false", "doğru",
// "yanlış") or has as a kind of saying or believing ("believe", "think", "inanmak", "sanmak").
func (ix *Index) truthOrBelief(p *part) bool {
	if ix.lex == nil {
		return true
	}
	return ix.relatesTo(p, truthOrFalse, func(_ string, r thesaurus.Relation) bool { return r != thesaurus.Unrelated }) ||
		ix.relatesTo(p, sayOrBelieve, func(_ string, r thesaurus.Relation) bool {
			return r == thesaurus.Same || r == thesaurus.Synonym || r == thesaurus.Broader
		})
}

// ownWordsStated reports a reading every subject, object and predicate word of which r states,
// but its verbs and the word right after the pronoun, where its verb stands: read after a
// pronoun, whose subject the reading by position cannot see, a word of its own ("it makes dogs
// smarter" for "… makes babies smarter") may be taken for a verb and pass as the predicate
// reworded.
func (ix *decision) ownWordsStated(rd, r *claimParts) bool {
	qa, _ := ix.alignParts(rd, r)
	for i := range rd.parts {
		// The first word after the pronoun stands where its verb does ("it keeps colds away").
		if p := &rd.parts[i]; p.num == "" && !p.aside && !p.verb && !(i == 0 && p.verbLike) && !p.place && p.role != roleAdjunct && qa.links[i] != linked {
			return false
		}
	}
	return true
}

// subjectSaidBefore is fact-check r with its subject phrase and the other words before its
// predicate side that the post before a reading opened by a subject pronoun states set aside as
// stated, when that part of the post states every word of r's subject phrase but its verbs ("I
// play Mozart to my newborn …" for "Playing Mozart to babies …"): the pronoun stands for a
// phrase said there. It is r itself when that part of the post leaves a word of the subject
// phrase out.
func (ix *decision) subjectSaidBefore(before, r *claimParts) *claimParts {
	_, ra := ix.alignParts(before, r)
	subj := subjectEnd(r)
	if subj < 0 {
		return r
	}
	for j := 0; j <= subj; j++ {
		if o := &r.parts[j]; !o.aside && !o.verb && ra.links[j] != linked {
			return r
		}
	}
	rr := *r
	rr.parts = append([]part(nil), r.parts...)
	said := make([]bool, len(r.parts))
	for j := 0; j <= subj; j++ {
		said[j] = true
	}
	// A word of the subject's side said before ("Mozart" of "Playing Mozart to babies",
	// read apart from "Playing"), never one of what the fact-check says of it.
	for j, l := range ra.links {
		said[j] = said[j] || l == linked
	}
	for _, j := range predicateSide(r) {
		said[j] = j <= subj
	}
	for j := range rr.parts {
		if said[j] {
			rr.parts[j].aside = true
		}
	}
	return &rr
}
