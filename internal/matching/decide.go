package matching

import (
	"cmp"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/thesaurus"
	"github.com/claimcheck/claimcheck/internal/turkish"
)

// Lexicon is the lexical knowledge the decision uses beyond spelling and morphology: sense
// relations within a language, translations between Turkish and English, and English base forms.
// internal/thesaurus provides it; a nil Lexicon leaves the decision to spelling, lemmas and
// names (so only same-language claims worded alike can be decided). The decision never uses the
// retrieval glossary (data/glossary.txt): a hand list grown from failures must not decide.
type Lexicon interface {
	Relate(lang, a, b string) thesaurus.Relation
	Translate(from, to, word string) []string
	Lemmas(lang, word string) []string
	// Spellings are the Turkish dictionary lemmas a folded word may be written as.
	Spellings(word string) []string
}

// link is how a part of one claim is stated by the other claim.
type link uint8

const (
	unlinked link = iota
	linked        // same word, lemma, synonym, safe hypernym, translation or spelling variant
	opposite      // an antonym: the meaning flips
	chatter       // in a clause of the post that says nothing about the fact-check's claim
)

// sideAlign is how the parts of one claim are stated by the other.
type sideAlign struct {
	links []link
	// with is, for each linked part, the index of the other claim's part it links to.
	with []int
}

// decision is one search's same-claim decisions of a post against its candidates. The rules ask
// for the same alignment again and again (decideClauses aligns the post, then each run of its
// clauses twice; statedByReading, holes and decide's last check align the post once more) and
// parse the same pieces of the post for every candidate (holes.go): a decision remembers both.
// Claims and pieces are never changed once read (a rule that changes one copies it, see
// complemented and factCheckNouns; the readings frame.go keeps with a post are no part an
// alignment reads), so an alignment is remembered by the two claims' addresses.
// It lives for one search, so it holds no more than that search's own claims.
type decision struct {
	*Index
	aligned     map[[2]*claimParts][2]sideAlign
	pieces      map[[2]string]*claimParts
	compoundsOf map[*claimParts][]compound
	clauses     map[clauseRun]*claimParts
	translated  map[transOf][]string
	// tokens are the claims' tokens by clause (clauseTokens), read once per claim.
	tokens map[*claimParts]clauseTokenRead
	// mocks are a post's verbs of laughing at what is said (mocked.go), found once per post.
	mocks map[*claimParts][]mockVerb
	// judged are the refusals the verb judges made (predshadow.go's verbJudged).
	judged map[string]bool
	// units are a claim's words and pairs as compound units (crosscompound.go), read once per
	// claim and language: they depend on the claim alone, not on the claim it is aligned with.
	units map[unitsOf][]crossUnit
	// pairs are an English claim's adjacent pairs read as WordNet lemmas (encompound.go), once
	// per claim for the same reason.
	pairs map[*claimParts][][]string
	// unknown are a post's words no lexicon knows that may shorten a word (clipping.go), found
	// once per post.
	unknown map[*claimParts][]int
}

// unitsOf keys a claim's compound units by the language they are read in.
type unitsOf struct {
	c    *claimParts
	lang string
}

// clauseRun is a run of clauses of a post (clausesOnly's arguments).
type clauseRun struct {
	q        *claimParts
	from, to int
}

// newDecision starts the decisions of one search.
func (ix *Index) newDecision() *decision {
	return &decision{Index: ix, aligned: map[[2]*claimParts][2]sideAlign{}, pieces: map[[2]string]*claimParts{},
		compoundsOf: map[*claimParts][]compound{}, clauses: map[clauseRun]*claimParts{},
		translated: map[transOf][]string{}}
}

// alignParts is alignAnew, remembered: each call gets its own copy, which the rules change
// (genericAside, dateAside, …).
func (ix *decision) alignParts(q, r *claimParts) (qa, ra sideAlign) {
	k := [2]*claimParts{q, r}
	al, ok := ix.aligned[k]
	if !ok {
		al[0], al[1] = ix.alignAnew(q, r)
		ix.aligned[k] = al
	}
	// Copies of both sides in one allocation per slice type (capacity cut, so no append runs
	// into the other side).
	nq, nr := len(al[0].links), len(al[1].links)
	links := append(append(make([]link, 0, nq+nr), al[0].links...), al[1].links...)
	with := append(append(make([]int, 0, nq+nr), al[0].with...), al[1].with...)
	return sideAlign{links: links[:nq:nq], with: with[:nq:nq]}, sideAlign{links: links[nq:], with: with[nq:]}
}

// clausesOnly is clausesOnly, remembered: decideClauses tries the same runs of the post's
// clauses against every candidate, and a run read once keeps its remembered compounds.
func (ix *decision) clausesOnly(q *claimParts, from, to int) *claimParts {
	k := clauseRun{q, from, to}
	sub, ok := ix.clauses[k]
	if !ok {
		sub = clausesOnly(q, from, to)
		ix.clauses[k] = sub
	}
	return sub
}

// parsePiece is Index.parsePiece, remembered (the pieces are read only).
func (ix *decision) parsePiece(text, lang string) *claimParts {
	k := [2]string{text, lang}
	cp, ok := ix.pieces[k]
	if !ok {
		cp = ix.Index.parsePiece(text, lang)
		ix.pieces[k] = cp
	}
	return cp
}

// decide reports whether review r states the same claim as q, and when it does not, the part
// that differs ("different subject: tea ≠ smoking"). Similarity plays no part: every core part
// (subject, predicate, object, entity) of each claim must be stated by the other, numbers for the
// same slot must agree as quantities, and the polarities must agree on meaning (a negated verb and
// its antonym state the same thing).
func (ix *decision) decide(q, r *claimParts) (bool, string) {
	same, why := ix.decideWritten(q, r)
	if !same { // a word the post shortens, spelled out (clipping.go)
		if s := ix.spelledOut(q, r); s != nil {
			if ok, _ := ix.decideWritten(s, r); ok {
				return true, ""
			}
		}
	}
	return same, why
}

// decideWritten is decide on the post's words as written.
func (ix *decision) decideWritten(q, r *claimParts) (bool, string) {
	if why := ix.trPredicateApart(q, r); why != "" { // trverbs.go
		return false, why
	}
	same, why := ix.decideClauses(q, r)
	byReading := !same && ix.statedByReading(q, r) // a frame around the claim (frame.go)
	if !same && !byReading {
		return false, why
	}
	// A post stating the claim may still leave a part to a pronoun or deny it (holes.go).
	if why := ix.holes(q, r); why != "" {
		return false, why
	}
	if byReading {
		return true, ""
	}
	// Whatever the clauses agree on, a post that states only what the fact-check is about
	// ("5G", "aşılar", "Smoking kills", "Devekuşları uçabilir") says nothing the fact-check
	// rated: a verb is never compared by its spelling (see decideWhole), so it is the rest of
	// the fact-check's claim that the post must state somewhere.
	// What the fact-check says of it may stand where predicateSide does not read it (a gloss,
	// an earlier clause, a quotation: saidof.go).
	if qa, ra := ix.alignParts(q, r); subjectOnly(q, r, ra) && !ix.saidElsewhere(q, r, qa, ra) {
		return false, fmt.Sprintf("different claim: the claim does not say what the fact-check says of %s", say(r, ra, max(subjectEnd(r), 0)))
	}
	return true, ""
}

// subjectOnly reports a fact-check r none of whose predicate side (predicateSide) q states (ra:
// r aligned with all of q): the post names what the fact-check is about and says something else
// of it, or nothing.
//
// A predicate side that is a verb alone ("can kill you") may be said with another verb ("ölürsün"),
// as verbs are compared on meaning only: there a verb of q's own is enough.
func subjectOnly(q, r *claimParts, ra sideAlign) bool {
	side := predicateSide(r)
	verbsOnly := true
	for _, j := range side {
		o := &r.parts[j]
		verbal := o.verb || o.verbLike || verbalNoun(o) // "yemek zehirler": the verb said as a noun
		// Across languages a verb links through loose translations ("katmayın" → add → raise),
		// so there only the other parts of the predicate side count.
		if (ra.links[j] == linked || ra.links[j] == opposite) && !(verbal && q.lang != r.lang) || o.num != "" && numberStated(o, q) {
			return false
		}
		// A generic person ("insanı zehirler") names anyone at all: stated or not, it is no
		// content of its own.
		verbsOnly = verbsOnly && (verbal || genericPerson(o))
	}
	if verbsOnly {
		for i := range q.parts {
			if p := &q.parts[i]; (p.verb || p.verbLike) && !p.aside {
				return false
			}
		}
	}
	return len(side) > 0
}

// predicateSide is what a claim says of its subject, by the positions claimParts reads: in
// English the predicate and all that follows it ("causes lung cancer", "is visible from space");
// in Turkish, verb-final, the closing predicate with the word before it, its object, complement
// or adjunct ("otizme neden olur", "tansiyonu yükseltir", "maymunlardan evrimleşti", "kördür").
// Asides never count.
func predicateSide(c *claimParts) []int {
	var side []int
	if c.lang == "en" {
		for j := range c.parts {
			if c.parts[j].role == rolePredicate || len(side) > 0 {
				if !c.parts[j].aside {
					side = append(side, j)
				}
			}
		}
		return side
	}
	k := len(c.parts) - 1
	for k >= 0 && (c.parts[k].aside || c.parts[k].role != rolePredicate) {
		k--
	}
	for ; k >= 0 && c.parts[k].role == rolePredicate && !c.parts[k].aside; k-- {
		side = append(side, k)
	}
	if k >= 0 && !c.parts[k].first && !c.parts[k].aside {
		// Not the modifiers before it: the reading by position often takes the subject phrase
		// for them ("Fazla tuz tüketmek tansiyonu …").
		side = append(side, k)
	}
	return side
}

// decideClauses is decide on the claim as a whole, then on each clause or run of clauses of a
// longer post.
func (ix *decision) decideClauses(q, r *claimParts) (bool, string) {
	same, why := ix.decideWhole(q, r)
	if same || q.clauses < 2 {
		return same, why
	}
	// A post that tells a story around the claim ("Doc told my dad to go easy on the salt,
	// eating lots of salt raises your blood pressure") states it in one clause: that clause alone
	// may state the fact-check. Only a clause that states the fact-check's subjects, objects,
	// names and numbers (statesWhole), and only while no other clause negates anything but a
	// warning ("don't …"), so that a clause denying or doubting the claim ("…? Yok bence") is
	// never set aside, nor a topic split off by a comma ("World Wide Web, Bill Gates tarafından
	// icat edildi").
	negatedElsewhere := func(from, to int) bool {
		for _, g := range q.negs {
			if (g.clause < from || g.clause > to) && !g.prohibition {
				return true
			}
		}
		return false
	}
	// Single clauses first, then runs of neighbouring ones (a list cut by its commas: "Eating
	// bacon, ham and sausages raises …").
	wholeQA, wholeRA := ix.alignParts(q, r)
	for n := 1; n < q.clauses; n++ {
		for c := 0; c+n <= q.clauses; c++ {
			if negatedElsewhere(c, c+n-1) {
				continue
			}
			if sub := ix.clausesOnly(q, c, c+n-1); sub != nil && ix.statesWhole(sub, r, wholeRA) && !substitutedElsewhere(q, wholeQA, r, wholeRA, c, c+n-1) {
				if ok, _ := ix.decideWhole(sub, r); ok {
					return true, ""
				}
			}
		}
	}
	return same, why
}

// statesWhole reports a claim q that states the subject and objects, every name and every
// number of the fact-check r: a clause that leaves out a part of the fact-check may have it
// said otherwise by the rest of the post ("it keeps you warm in the cold" after "you need hot
// chocolate"), and a generic person ("kişi" for "insan") states no subject of its own. A part
// another clause of the post states is stated (whole: r aligned with all of the post), and one
// object or complement no clause states may be left out, as a whole claim may leave it out
// ("depremler ne zaman nerede olacak … tahmin edilebiliyor" for "… olacağı …"); names never
// may, and the subject phrase must be stated by the clause itself: a subject only another
// clause states ("Fun fact for the Olympics: the games …") may be what that clause talks about,
// not the claim (a wrong verdict is worse than none).
func (ix *decision) statesWhole(q, r *claimParts, whole sideAlign) bool {
	_, ra := ix.alignParts(q, r)
	left, subj := 0, subjectEnd(r)
	for j := range r.parts {
		o := &r.parts[j]
		if o.aside {
			continue
		}
		if o.num != "" && !numberStated(o, q) {
			return false
		}
		if o.num == "" && !o.verb && (o.ent != nil || o.role == roleCore) && ra.links[j] != linked {
			switch {
			case j <= subj:
				return false
			case whole.links[j] == linked:
				// Stated by another clause of the post ("Hamileyken de doğumdan sonra da Mozart
				// açtım, bebekleri daha akıllı yapıyormuş").
			case o.ent != nil:
				return false
			default:
				left++
			}
		}
		// A generic person ("kişi" for "insan") states no subject of its own: the clause must
		// state it as the fact-check's own word, not through a generic person of another form.
		if o.first && genericPerson(o) && !(ra.links[j] == linked && sameGeneric(q, ra.with[j], o)) {
			return false
		}
	}
	return left <= 1
}

// substitutedElsewhere reports a clause of q outside clauses from to to that states the
// fact-check r with one noun of its own in the place of one of r's ("Different parts of the nose
// detect different smells, like sweet at the tip" for "… of the tongue … tastes"): the post is
// about another thing, and the clause that matches only repeats an example. A noun counts only
// between two parts of its own clause that r states (a = the whole post aligned with r).
func substitutedElsewhere(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, from, to int) bool {
	if q.lang != r.lang {
		return false
	}
	linkedIn := func(i, step int) bool {
		for k := i + step; k >= 0 && k < len(q.parts) && q.parts[k].clause == q.parts[i].clause; k += step {
			if qa.links[k] == linked {
				return true
			}
		}
		return false
	}
	for i := range q.parts {
		p := &q.parts[i]
		if p.clause >= from && p.clause <= to || qa.links[i] != unlinked || !isNoun(p) && !(p.role == roleModifier && p.num == "" && !p.aside) && !caseAdjunct(p) {
			continue
		}
		if !linkedIn(i, -1) || !linkedIn(i, 1) {
			continue
		}
		if counterpart(q, qa, r, ra, i, false, func(o *part) bool {
			return isNoun(o) || o.role == roleModifier && o.num == "" && !o.aside || caseAdjunct(p) && caseAdjunct(o)
		}) >= 0 {
			return true
		}
	}
	return false
}

// sameGeneric reports part i of q as the same generic-person word as o ("people" for "People",
// "insanlar" for "İnsanlar"), by its lemmas.
func sameGeneric(q *claimParts, i int, o *part) bool {
	return i >= 0 && i < len(q.parts) && genericPerson(&q.parts[i]) && shareLemma(q.parts[i].lemmas, o.lemmas)
}

// subjectEnd is the index of the last part of c's subject phrase: its first core part, with
// the modifiers before it ("Drinking alcohol", "akciğer kanseri"), or -1.
func subjectEnd(c *claimParts) int { return subjectPhraseEnd(c, false) }

// subjectHead is subjectEnd past a Turkish possessor ("lastikleri" of "Arabanın lastikleri",
// as "tyres" of "your car's tyres"): the word the subject phrase is about.
func subjectHead(c *claimParts) int { return subjectPhraseEnd(c, true) }

// subjectPhraseEnd is subjectEnd, or subjectHead with heads set.
func subjectPhraseEnd(c *claimParts, heads bool) int {
	for i := range c.parts {
		if !c.parts[i].first {
			continue
		}
		for j := i; j < len(c.parts) && c.parts[j].clause == c.parts[i].clause; j++ {
			if c.parts[j].role == roleCore && !(heads && c.parts[j].possessor) {
				return j
			}
			if c.parts[j].possessor {
				continue
			}
			if c.parts[j].role != roleModifier {
				break
			}
		}
		return i
	}
	return -1
}

// clausesOnly is clauses from to to of q as a claim of its own, or nil when they have fewer
// than two parts that are not numbers (too little to state a claim).
func clausesOnly(q *claimParts, from, to int) *claimParts {
	sub := &claimParts{lang: q.lang, opp: q.opp, clauses: to - from + 1, passive: q.passive, question: q.question, read: q.read}
	words := 0
	at := map[int]int{}
	for i := range q.parts {
		if q.parts[i].clause < from || q.parts[i].clause > to {
			continue
		}
		p := q.parts[i]
		p.clause -= from
		if p.num == "" && !p.aside {
			words++
		}
		at[i] = len(sub.parts)
		sub.parts = append(sub.parts, p)
	}
	for _, g := range q.negs {
		if g.clause < from || g.clause > to {
			continue
		}
		g.clause -= from
		if g.privative >= 0 {
			g.privative = at[g.privative]
		}
		sub.negs = append(sub.negs, g)
	}
	if words < 2 {
		return nil
	}
	return sub
}

// decideWhole is decide on the claim as a whole.
func (ix *decision) decideWhole(q, r *claimParts) (bool, string) {
	// Word order is compared only within one known language: text of undetermined language may
	// be Turkish (verb-final) or English.
	cross := q.lang != r.lang
	q, comp, compWhy := complemented(q, r)
	qa, ra := ix.alignParts(q, r)
	r = ix.factCheckNouns(r, ra)
	// "Humans", "people", "insanlar" where the other claim says "we" or no one at all: a
	// generic person is the implied subject of both, not a claim of its own. Only when the other
	// claim has nothing left in its place ("dolphins" for "humans" is another subject).
	genericAside(q, qa, r, ra, true, ix.isPersonKind)
	genericAside(r, ra, q, qa, false, ix.isPersonKind)
	participantAside(q, qa, r, ra, cross)
	// A name of the fact-check that only says which one its next name is ("Emperor Nero",
	// "James Naismith") may be left out: the claim names the same one ("Neron", "Naismith").
	// Not before an acronym ("Sivrisinekler HIV …": a capitalised subject before a name of a
	// thing).
	for j := range r.parts {
		if ra.links[j] == unlinked && r.parts[j].ent != nil && j+1 < len(r.parts) && strings.ToUpper(r.parts[j+1].text) != r.parts[j+1].text &&
			ix.nameModifier(r, ra, q, j) {
			ra.links[j] = chatter
		}
	}
	ix.entityAlias(q, qa, r, ra)        // a name said by another form of it (entalias.go)
	initialisms(q, qa, r, ra)           // an acronym of the other claim's words (initialism.go)
	ix.translatedInitials(q, qa, r, ra) // an English acronym of a Turkish name's English name (initialism.go)
	// A phrasal verb WordNet has under the fact-check's verb (converse.go).
	ix.phrasalStates(q, qa, r, ra, cross)
	resultStates(q, qa, r, ra, cross)
	supportAside(q, qa) // "going to" + verb: a tense, not a verb of its own (support.go)
	// A fact-check stated in full by one clause of the post leaves the post's other clauses as
	// chatter ("arkadaşlar dikkat!!", "bunu herkes bilsin", "doctors won't tell you this"): a
	// clause sharing no part with the fact-check is set aside, unless the fact-check has a part
	// the post does not state (then that clause may be where the post says something else).
	// A clause of advice ("alın kenara koyun", "kışın bol portakal yiyin") states no fact, so it
	// is set aside when it shares nothing with the fact-check, whatever the fact-check has left.
	rFull := firstUnlinked(r, ra, func(o *part) bool { return !o.aside && o.num == "" && !o.verb && (o.ent != nil || o.role >= roleCore) }) < 0
	if q.clauses > 1 {
		shared := make([]bool, q.clauses)
		advice := make([]bool, q.clauses)
		anyShared := false
		for i := range q.parts {
			// A generic person set aside above is no part shared with the fact-check ("Wake up
			// people").
			// A year counts where the fact-check has one, stated or not ("…, 1903'te"): the
			// clause says when, which numbersDiffer compares.
			if qa.links[i] != unlinked && qa.links[i] != chatter || q.parts[i].num != "" && (numberStated(&q.parts[i], r) || yearBeside(&q.parts[i], r)) {
				shared[q.parts[i].clause] = true
				anyShared = true
			}
			if q.parts[i].advice {
				advice[q.parts[i].clause] = true
			}
		}
		adviceRepeats(q, qa, r, shared, advice) // advice that only repeats the claim's words (advicerepeat.go)
		// A last clause asking for agreement with a word of truth alone ("…, right?", "…,
		// true?") is a question tag, as "isn't it?" is: it asks the claim, it adds nothing.
		last := q.clauses - 1
		tag := strings.HasSuffix(strings.TrimRight(q.frameText, " \t\r\n!"), "?") && !shared[last] && anyShared
		for i := range q.parts {
			if p := &q.parts[i]; p.clause == last && (p.num != "" || p.ent != nil || !ix.truthOrBelief(p)) {
				tag = false
			}
		}
		for i := range q.parts {
			if c := q.parts[i].clause; !shared[c] && (rFull || advice[c] && anyShared || tag && c == last || anyShared && ix.commentClause(q, r, c)) { // commentclause.go
				qa.links[i] = chatter
			}
		}
	}

	ix.dateAside(q, qa, r)
	namedSubject(q, qa, r, ra)
	nameHeadAgain(q, qa, r)
	// Another one than the fact-check names: by possessor, fraction or name part (advexp.go).
	if why := ix.otherOwner(q, qa, r, ra); why != "" { // and possessedByName, artifactHead (advexp2.go)
		return false, why
	}
	ix.bodyAside(q, qa, r, ra, rFull, cross) // a detail the review's explanation covers (bodyword.go)
	ix.nationAside(q, qa, r, ra)             // a nationality of a stated name the body gives (demonym.go)
	ix.nameHeadIsLemma(q, qa, r)             // "Ottoman Turks" for "Ottomans" (demonym.go)
	// A group of people the fact-check does not name ("Baby bats", "in marathon runners"; subgroup.go).
	if why := ix.subgroupRestricted(q, qa, r, ra, cross); why != "" {
		return false, why
	}
	// A name the claim states that the fact-check does not is a different claim.
	for i := range q.parts {
		if qa.links[i] != unlinked || q.parts[i].ent == nil {
			continue
		}
		if cross && ix.nameModifier(q, qa, r, i) {
			// Across languages any part of the fact-check left over is a counterpart; a name
			// that only says which one the next, stated name is ("FIFA World Cup") is in no
			// part's place.
			continue
		}
		if j := counterpart(q, qa, r, ra, i, cross, isContent); j >= 0 {
			return false, fmt.Sprintf("different entity: %s ≠ %s", say(q, qa, i), say(r, ra, j))
		}
		if ix.narrowingName(q, qa, r, i) || ix.nameNarrows(q, qa, r, ra, i) {
			continue
		}
		return false, fmt.Sprintf("different entity: the claim names %s, the fact-check does not", say(q, qa, i))
	}
	if i, k := nameHeadLeftOut(q, qa, r, ra); i >= 0 {
		return false, fmt.Sprintf("different entity: %s ≠ %s %s", say(q, qa, i), r.parts[k-1].text, r.parts[k].text)
	}
	if why := numbersDiffer(q, qa, r); why != "" {
		return false, why
	}
	// A number of the claim where the fact-check has words ("Su 50 derecede kaynar" for "… daha
	// düşük sıcaklıkta kaynar") says something else; a number the fact-check leaves unsaid with
	// nothing in its place only makes the claim more specific.
	for i := range q.parts {
		p := &q.parts[i]
		if p.num == "" || qa.links[i] == chatter || numberStated(p, r) || p.detail { // a detail: numread.go
			continue
		}
		if p.bounded == '<' && ix.saysLower(r) {
			// "boils below 100°C" where the fact-check says "at a lower temperature": the
			// bound says "lower", with the number it is lower than.
			continue
		}
		if p.ident && i > 0 && !q.parts[i-1].aside && !ix.identInNarrowingName(q, qa, r, ra, i) {
			// "tip 1 diyabet" is one kind of what the fact-check says, not it made more specific.
			return false, fmt.Sprintf("different number: the claim says %s %s, the fact-check does not", q.parts[i-1].text, p.text)
		}
		if j := counterpart(q, qa, r, ra, i, cross, func(o *part) bool { return isContent(o) && !o.verb }); j >= 0 {
			return false, fmt.Sprintf("different number: %s ≠ %s", ordinalShown(p.text), say(r, ra, j))
		}
		// A number of its own while the fact-check has a subject, object or predicate the claim
		// does not state is not the claim made more specific but another claim ("İnsanlar
		// DNA'larının yüzde 2'sini kullanır" for "mRNA aşıları insan DNA'sını değiştirir").
		if j := firstUnlinked(r, ra, isNoun); j >= 0 {
			return false, fmt.Sprintf("different number: %s ≠ %s", ordinalShown(p.text), say(r, ra, j))
		}
	}
	// A part of the claim in the place of a different part of the fact-check (the same gap
	// between the parts both state) is a substitution: "tea" where the fact-check has "smoking".
	// Two verbs may differ in wording only ("gives you", "causes", "yol açar"): no lexicon at hand
	// knows enough of their senses to call two of them different, so they are compared on
	// meaning below (an antonym, an opposition), never by spelling.
	for i := range q.parts {
		p := &q.parts[i]
		if qa.links[i] != unlinked || p.num != "" {
			continue
		}
		if cross && !isNoun(p) {
			continue // across languages verbs, modifiers and adjuncts translate too loosely to compare
		}
		if p.relative {
			continue // a relative clause says which one its noun is, in no part's place
		}
		if p.verb && p.role == roleAdjunct && p.lang == "tr" {
			// A converb ("kırmızı görünce", "yiyince") opens a clause of when or how: a detail
			// the claim adds, in no part's place.
			continue
		}
		if (verbalNoun(p) || p.verb && !cross) && counterpart(q, qa, r, ra, i, cross, func(o *part) bool { return isContent(o) && verbalNoun(o) }) >= 0 {
			// A verb used as a noun for another ("tuz yemek" for "tuz tüketmek"), or the act
			// said by a verb of the claim ("yoğurt beraber yenmez" for "yoğurt yemek").
			continue
		}
		if p.verb || p.verbLike {
			// A verb of the claim where the fact-check has a verb is the predicate reworded.
			if k := counterpart(q, qa, r, ra, i, cross, func(o *part) bool { return isContent(o) && (o.verb || p.verb && o.verbLike) }); k >= 0 {
				// Unless the lexicon knows both verbs well and keeps them apart (verbsense.go), or a
				// Turkish verb's stem reads as the antonym of the fact-check's (trverbs.go).
				if !cross && (ix.verbsApart(q, r, p, &r.parts[k]) || ix.trVerbsApart(p, &r.parts[k]) || ix.trVerbsLinkedApart(p, &r.parts[k]) || ix.trVerbsGlossedApart(p, &r.parts[k])) {
					return false, ix.verbJudged(fmt.Sprintf("different predicate: %s ≠ %s", say(q, qa, i), say(r, ra, k))) // predshadow.go
				}
				// Or both are a noun and a verb read as one, with another noun (phraseverb.go).
				if a, b := ix.phraseNounsDiffer(p, &r.parts[k]); a != "" {
					return false, fmt.Sprintf("different object: %s ≠ %s", a, b)
				}
				continue
			}
		}
		j := counterpart(q, qa, r, ra, i, cross, func(o *part) bool {
			if verbalNoun(o) && !isVerbal(p) && !verbalNoun(p) && actPartner(q, qa, r, ra, i, o, cross) {
				return false // the act is the partner of a verb of the claim, not of this word
			}
			return isContent(o) && !(p.verb && o.verb) && !(o.verb && p.verbLike) && (!cross || isNoun(o)) ||
				o.num != "" && !o.aside && !numberStated(o, q) && !p.verb && !p.place && p.role != roleAdjunct
		})
		if j < 0 {
			continue
		}
		if o := &r.parts[j]; o.num != "" {
			// A word where the fact-check has a number: "excellent long-term memory" for a
			// "three-second memory", "the largest planet" for "the ninth".
			return false, fmt.Sprintf("different number: %s ≠ %s", say(q, qa, i), ordinalShown(o.text))
		}
		o := &r.parts[j]
		// A where/when detail may be told in other words ("geçmişte" for "bir zamanlar"), but two
		// of them the lexicon knows and does not relate are two different times or places ("in
		// winter" for "on cloudy days"): a wrong verdict is worse than none.
		if (p.place || o.place) && !(p.place && o.place && !p.verb && !o.verb && ix.knownWord(p) && ix.knownWord(o) && !clippedForm(p, o)) {
			continue
		}
		return false, fmt.Sprintf("different %s: %s ≠ %s", roleName(o), say(q, qa, i), say(r, ra, j))
	}
	if why := ix.caseDirectionFlip(q, qa, r, ra, cross); why != "" { // the noun's case turns the predicate (casedirection.go)
		return false, ix.verbJudged(why)
	}
	if i, k := ix.antonymBeside(q, qa, r, ra, cross); i >= 0 { // antonymbeside.go
		return false, fmt.Sprintf("different detail: %s ≠ %s", say(q, qa, i), r.parts[k].text)
	}
	ix.carriedAside(q, qa, r, ra, cross) // words that only carry what the fact-check says (extrapart.go)
	// A phrasal verb judged as the one verb it is (advexp.go).
	if why := cmp.Or(ix.phrasalApart(q, qa, r, ra, cross), ix.particleApart(q, qa, r, ra, cross)); why != "" { // particle.go
		return false, why
	}
	// The claim may add adjuncts, modifiers and fillers (it is more specific) and may leave out
	// what the fact-check adds, but a subject, object or predicate of its own is another claim.
	// Within one language, a word beside a stated noun while the whole fact-check is stated
	// narrows or rewords that noun ("canlı türleri", "mRNA covid vaccines", "a bolt of
	// lightning"); across languages a loose translation ("drinking" = "içmek", as for smoking)
	// could have stated the fact-check's part, so there it stays another claim.
	ix.crossNarrowing(q, qa, r, ra, rFull) // crossalign.go
	// Across languages, an object the claim's act has and the fact-check's lacks (actobject.go).
	if i := ix.actObjectUnstated(q, qa, cross); i >= 0 {
		return false, fmt.Sprintf("different claim: the claim also says %s, the fact-check does not", say(q, qa, i))
	}
	// The fact-check's act or word made into another thing by a word beside it (advexp.go).
	if why := ix.expandedPart(q, qa, r, cross); why != "" {
		return false, why
	}
	if i := ix.deniedVerbObject(q, qa, r); i >= 0 { // pivotdenial.go
		return false, fmt.Sprintf("different claim: the claim also says %s, the fact-check does not", say(q, qa, i))
	}
	for i := range q.parts {
		p := &q.parts[i]
		if qa.links[i] == unlinked && p.num == "" && !p.verb && (p.role == roleCore || p.role == rolePredicate) && (!cross || isNoun(p)) && !(rFull && (!cross && besideLinkedNoun(q, qa, i) && !locatedHead(q, qa, r, i) || cross && ix.headOfStatedPhrase(q, qa, r, ra, i))) &&
			!(p.ent != nil && (ix.nameModifier(q, qa, r, i) || ix.nameNarrows(q, qa, r, ra, i))) &&
			// Across languages a verb used as a noun ("…, removing six zeros") where the
			// fact-check has a verb left over ("atıldı") is its predicate reworded, as verbs are.
			!(cross && verbalNoun(p) && firstUnlinked(r, ra, func(o *part) bool { return o.verb && !o.aside }) >= 0) {
			return false, fmt.Sprintf("different claim: the claim also says %s, the fact-check does not", say(q, qa, i))
		}
	}
	// When the claim leaves a core part of the fact-check out, everything else it says must be
	// stated by the fact-check: a verb of its own in that place says something else.
	// A verb of the claim left over is the fact-check's predicate reworded, only while the
	// fact-check has as many verbs left over: "kilo aldırır" (two verb parts) is not "raises"
	// nor "yükseltir".
	unlinkedVerbs := func(c *claimParts, a sideAlign) int {
		n := 0
		for i := range c.parts {
			if a.links[i] == unlinked && c.parts[i].verb && !c.parts[i].aside {
				n++
			}
		}
		return n
	}
	rVerb := unlinkedVerbs(r, ra) > 0
	rVerbSame := rVerb && unlinkedVerbs(q, qa) <= unlinkedVerbs(r, ra)
	if j := firstUnlinked(r, ra, func(o *part) bool {
		return !o.aside && o.num == "" && !o.verb && (o.ent != nil || o.role >= roleCore) && !(verbalNoun(o) && actPartner(q, qa, r, ra, -1, o, cross))
	}); j >= 0 {
		// A verb of the claim stands for the fact-check's predicate reworded only when the
		// rest of the fact-check is stated: with an object of it left out as well and a word of
		// the claim's own in its place, the claim says another thing of the same subject ("Dogs
		// evolved from foxes" for "Dogs see the world in black and white").
		if i := firstUnlinked(q, qa, func(p *part) bool { return p.verb && !p.aside }); i >= 0 && rVerb && r.parts[j].role == roleCore && !cross &&
			firstUnlinked(q, qa, func(p *part) bool { return isContent(p) && !p.verb && !p.place && p.ent == nil }) >= 0 {
			return false, fmt.Sprintf("different predicate: %s ≠ %s", say(q, qa, i), say(r, ra, j))
		}
		// Across languages a verb of the claim counts too (verbs translate too loosely to be
		// set aside as the same predicate in other words), and so does a noun in an adjunct. A
		// Turkish adjunct counts as well: a case ending may be misread ("diyabete", a dative,
		// read as a locative), so a core part of the fact-check left out with a Turkish adjunct
		// of the claim in its place is the claim saying something else there; but not a
		// converb ("kırmızı görünce" where the fact-check says "kırmızı renge"), which no case
		// ending makes.
		if i := firstUnlinked(q, qa, func(p *part) bool {
			if verbalNoun(p) && verbalNoun(&r.parts[j]) && p.lang == r.parts[j].lang {
				return false // the act named by another verb ("et yemek" for "et tüketimi"), as verbs are
			}
			if cross {
				return p.num == "" && !p.place && !(p.verb && rVerbSame)
			}
			return p.num == "" && (p.role >= roleModifier || p.lang == "tr" && !p.aside && p.ent == nil && !(p.verb && p.role == roleAdjunct)) && !(p.verb && rVerbSame)
		}); i >= 0 {
			return false, fmt.Sprintf("different %s: %s ≠ %s", roleName(&r.parts[j]), say(q, qa, i), say(r, ra, j))
		}
	}
	// A modifier of the claim whose head the fact-check does not state either is not the claim
	// made more specific but a phrase of its own ("tatlandırıcı kullanmak" where the fact-check
	// says "şeker yemek", "alkollü dezenfektanla" where it says "with soap"): with a word of the
	// fact-check left over, it says something else in its place.
	{
		if i, j := strayModifier(q, qa, r, ra); i >= 0 {
			return false, fmt.Sprintf("different %s: %s ≠ %s", roleName(&r.parts[j]), say(q, qa, i), say(r, ra, j))
		}
	}
	// Both subjects left unstated are two subjects, however the clause reading took them ("çay
	// içmek", read as a phrasal verb, where the fact-check says "smoking").
	if i, j := firstPart(q), firstPart(r); i >= 0 && j >= 0 && qa.links[i] == unlinked && ra.links[j] == unlinked &&
		isContent(&q.parts[i]) && isContent(&r.parts[j]) && !q.parts[i].place && !r.parts[j].place {
		return false, fmt.Sprintf("different subject: %s ≠ %s", say(q, qa, i), say(r, ra, j))
	}
	if i, j := ix.placeForCore(q, qa, r, ra); i >= 0 {
		return false, fmt.Sprintf("different %s: %s ≠ %s", roleName(&r.parts[j]), say(q, qa, i), say(r, ra, j))
	}
	if i, j := subjectAsStandard(q, qa, r, ra); i >= 0 {
		return false, fmt.Sprintf("different subject: %s ≠ %s", say(q, qa, i), say(r, ra, j))
	}
	if i, j := ix.kindForHead(q, qa, r, ra); i >= 0 {
		return false, fmt.Sprintf("different detail: %s ≠ %s %s", say(q, qa, i), r.parts[j].text, r.parts[j+1].text)
	}
	if v, j := predicateLeftOut(q, qa, r, ra); v >= 0 {
		return false, fmt.Sprintf("different predicate: the claim does not say %s %s", r.parts[v].text, r.parts[j].text)
	}
	if i, j := ix.movedModifier(q, qa, r, ra); i >= 0 {
		return false, fmt.Sprintf("different detail: %s ≠ %s", say(q, qa, i), say(r, ra, j))
	}
	if i, j := otherMeans(q, qa, r, ra); i >= 0 {
		return false, fmt.Sprintf("different detail: %s ≠ %s %s", say(q, qa, i), r.parts[j].text, r.parts[j+1].text)
	}
	if i, j := ix.oneWayStand(q, qa, r, ra); i >= 0 {
		return false, fmt.Sprintf("different %s: %s ≠ %s", roleName(&r.parts[j]), say(q, qa, i), say(r, ra, j))
	}
	if why := ix.unalignedPart(q, qa, r, ra); why != "" {
		return false, why // unaligned.go
	}
	if why := ix.swappedPiece(q, qa, r, ra); why != "" {
		return false, why // another first piece of a hyphenated compound (swapmod.go)
	}
	// Two different modifiers of one head ("throat cancer" where the fact-check says "akciğer
	// kanseri", "mide kanseri" for "lung cancer") are two different things, in any languages.
	if i, j := otherModifier(q, qa, r, ra); i >= 0 {
		return false, fmt.Sprintf("different detail: %s ≠ %s", q.parts[i].text, r.parts[j].text)
	}
	// A claim word tied to the head of a fact-check compound only through meaning, not as the
	// same word, must state the whole compound: "kükürtdioksit" (sulphur dioxide) is a dioxide,
	// but not the fact-check's "carbon dioxide".
	if i, d := ix.compoundHeadOnly(q, qa, r, ra); i >= 0 {
		return false, fmt.Sprintf("different %s: %s ≠ %s", roleName(&r.parts[d+1]), say(q, qa, i), r.parts[d].text+" "+r.parts[d+1].text)
	}
	// Subject and object swapped ("humans emit more than volcanoes" for "volcanoes emit more than
	// humans"): the claim's subject is linked to a part of the fact-check that is not its subject.
	// Across languages, whose word orders differ, only a subject that the other claim states as a
	// complement of comparison or another adjunct counts ("humans emit more than volcanoes" for
	// "volcanoes emit more than humans", "Volkanlar insanlardan daha fazla … salar"): an active
	// claim may have a passive translation.
	// One claim in the passive with its agent, the other active: their subjects are swapped by
	// grammar, so a swap is the same claim and its absence a different one.
	if why := swapped(q, qa, r, ra, cross); why != "" && q.passive == r.passive && !inverted(q, qa, r, ra) {
		return false, why
	} else if why == "" && q.passive != r.passive && !cross && sameSubject(q, qa, r, ra) {
		return false, "different subject: the subject of one claim is the agent of the other"
	}
	// Polarity on meaning: each antonym link flips it once more. A negated clause that restates
	// the claim in words of its own is not the claim's polarity (restatingClause).
	// Only against a fact-check with no negation of its own: a negated fact-check is matched
	// by the post's negations.
	// A privative word's negation counts only where the other claim states that word: a claim
	// that leaves out "and untraceable" does not deny what it leaves out.
	// A Turkish privative stated by one word of the other language ("sonsuz", "infinite")
	// carries its negation inside that word: it negates nothing the other claim must.
	whole := func(c *claimParts, a sideAlign, other *claimParts, g negation) bool {
		return g.privative >= 0 && a.links[g.privative] != unlinked && a.with[g.privative] >= 0 &&
			ix.wholeRelate(&c.parts[g.privative], &other.parts[a.with[g.privative]], true) != unlinked
	}
	// A fact-check may restate its claim in a negated clause of its own words, as a post may
	// ("Ay'a iniş hiç gerçekleşmedi, stüdyoda çekilmiş bir düzmeceydi"), a negative participle
	// says which of a noun's kind ("ekmek bulamayan halk") and "yok etmek" is one verb: none is
	// the claim's polarity. Negations cancel out within one clause only (negmeaning.go).
	qToks, qAsks := ix.clauseTokens(q)
	rToks, _ := ix.clauseTokens(r)
	qLexical, rLexical := skipLexical(ix.lexicalNegations(qToks, q.lang)), skipLexical(ix.lexicalNegations(rToks, r.lang))
	rNeg := negatedInAnyClause(r, func(g negation) bool {
		return g.privative >= 0 && ra.links[g.privative] == unlinked || whole(r, ra, q, g) || restatingFact(r, ra, g.clause) ||
			modifierNegation(r, ra, q, g.clause) || rLexical(g)
	})
	restating := func(c int) bool { return !rNeg && restatingClause(q, qa, c) }
	flips, antonyms := comp, 0
	var antA, antB string
	for i, l := range qa.links {
		// An antonym in the place of the fact-check's subject or object ("milk" where it has
		// "su", through "water") names another thing, not the claim's polarity flipped: only
		// predicates and their verbs flip it (alive/dead, kalıcı/geçici).
		if p, o := &q.parts[i], &r.parts[qa.with[i]]; l == opposite && (p.first || o.first) && !isVerbal(p) && !isVerbal(o) {
			return false, fmt.Sprintf("different %s: %s ≠ %s", roleName(o), say(q, qa, i), say(r, ra, qa.with[i]))
		}
		// An antonym in a place or time ("sıcak havada" where the fact-check has "soğukta"), or
		// in a when or where on both sides ("soğuk olduğunda" for "sıcak … olduğunda", "in the
		// heat" for "in the cold"; unaligned.go), moves the claim to other circumstances: it does
		// not deny it, and a second antonym elsewhere does not restore it ("Alkol sıcak havada
		// vücudu serinletir").
		if p, o := &q.parts[i], &r.parts[qa.with[i]]; l == opposite && (p.place || o.place || inCircumstance(q, i) && inCircumstance(r, qa.with[i])) {
			return false, fmt.Sprintf("different detail: %s ≠ %s", say(q, qa, i), say(r, ra, qa.with[i]))
		}
		if l == opposite && !restating(q.parts[i].clause) {
			flips++
			antonyms++
			antA, antB = say(q, qa, i), say(r, ra, qa.with[i])
		}
	}
	// Each antonym turns its own part around: "thinner and lighter" for "thicker and darker"
	// says the opposite twice, not the claim twice denied. Parity cancels a negation against an
	// antonym of the word it negates ("not permanent" = "temporary"), never two antonyms.
	if antonyms > 1 {
		return false, fmt.Sprintf("opposite meaning: %s ≠ %s", antA, antB)
	}
	// Negation on meaning (negmeaning.go): a word of one claim read as grammar that denies a
	// part of the other ("the same thing" for "no difference"), "before S" against "S was the
	// first" and "only" against "elsewhere" flip the claim as an antonym link does.
	// Each is looked for in both directions and counts once; the reason names the post's word
	// first.
	flip := func(post, fact string) bool {
		if post == "" {
			return false
		}
		flips++
		antA, antB = post, fact
		return true
	}
	if post, fact := ix.functionDenial(rToks, r, q, qa); !flip(post, fact) {
		fact, post := ix.functionDenial(qToks, q, r, ra)
		flip(post, fact)
	}
	if post, fact := beforeFirst(ix.morph, qToks, q, qa, r); !flip(post, fact) {
		fact, post := beforeFirst(ix.morph, rToks, r, ra, q)
		flip(post, fact)
	}
	if post, fact := onlyElsewhere(qToks, rToks); !flip(post, fact) {
		if fact, post := onlyElsewhere(rToks, qToks); !flip(post, fact) {
			if post, fact := ix.exceptOnly(q, r); !flip(post, fact) { // "no X except Y" for "only Y" (exceptonly.go)
				fact, post := ix.exceptOnly(r, q)
				flip(post, fact)
			}
		}
	}
	// "Don't have yogurt after fish, you'll get food poisoning": a prohibition beside a clause
	// that states part of the fact-check warns against what the claim says will happen; it
	// does not deny it.
	prohibition := func(g negation) bool {
		if !g.prohibition {
			return false
		}
		if orConsequence(qToks, qa, g.clause) {
			return true // "never eat watermelon after eggs or you'll get poisoned" (negmeaning.go)
		}
		for i := range q.parts {
			if q.parts[i].clause != g.clause && qa.links[i] == linked {
				return true
			}
		}
		return false
	}
	// Nor is the negation of a question the post answers, of a bare answer to a question about
	// something else, of a warning against the fact-check's condition or of a consequence the
	// post draws in words of its own (negmeaning.go).
	qNeg := negatedInAnyClause(q, func(g negation) bool {
		return chatterClause(q, qa, g.clause) || restating(g.clause) || g.privative >= 0 && qa.links[g.privative] == unlinked || prohibition(g) || whole(q, qa, r, g) ||
			!rNeg && comparedTo(q, qa, r, g.clause) || answeredNegation(qToks, qAsks, q, qa, g.clause) ||
			modifierNegation(q, qa, r, g.clause) || !rNeg && warnedCondition(q, qa, r, g.clause) || qLexical(g) ||
			!rNeg && sideConsequence(qToks, q, qa, g.clause)
	})
	// A question asserts neither polarity: "Do Macs get viruses?" asks what "Macs can't get
	// viruses" answers. Only a negation: an antonym still says another thing.
	if qNeg != rNeg && flips == 0 && q.question {
		qNeg = rNeg
	}
	// A denial in one word ("faked") against a negation of what it denies ("Nobody ever landed
	// on the Moon"): negmeaning.go deniedAsUnreal.
	if qNeg != rNeg && flips == 0 {
		switch {
		case qNeg && ix.deniedAsUnreal(qToks, q, qa, r, ra):
			rNeg = true
		case rNeg && ix.deniedAsUnreal(rToks, r, ra, q, qa):
			qNeg = true
		}
	}
	if (qNeg != rNeg) != (flips%2 == 1) {
		switch {
		case flips%2 == 1 && antA == "":
			return false, "different number: " + compWhy
		case flips%2 == 1:
			return false, fmt.Sprintf("opposite meaning: %s ≠ %s", antA, antB)
		case qNeg:
			return false, "negation differs: the claim is negated, the fact-checked claim is not"
		default:
			return false, "negation differs: the fact-checked claim is negated, this claim is not"
		}
	}
	if flips == 0 {
		if why, ok := opposed(q.opp, r.opp); ok {
			return false, "opposite meaning (" + why + ")"
		}
		if why := droppedPreventer(q, qa, r, ra); why != "" { // preventer.go
			return false, why
		}
	}
	// A qualifier of the fact-check's subject or object the claim leaves out (broader.go).
	if why := ix.broaderClaim(q, qa, r, ra); why != "" {
		return false, why
	}
	if why := ix.broaderByVerdict(q, qa, r, ra); why != "" {
		return false, why // broadtrue.go
	}
	if why := ix.otherPredicate(q, qa, r, ra); why != "" { // a content verb of another predicate (predtrue.go)
		return false, why
	}
	return true, ""
}

// comparedTo reports a negated comparison in clause c of q whose standard is the subject of r,
// a superlative or a comparison the other way round: "No desert on Earth is bigger than the
// Sahara" states "The Sahara is the largest desert", "Güneş'in yüzeyi bile yıldırım kadar
// sıcak değildir" states "Yıldırım Güneş'ten daha sıcaktır", when every word of the clause is
// the fact-check's or its antonym. The negation belongs to the comparison, not to the claim:
// "No desert is smaller than the Sahara" says the opposite of "… the largest desert". ("The Sahara isn't bigger than the Gobi", with the Sahara as
// its subject, still denies it.)
func comparedTo(q *claimParts, qa sideAlign, r *claimParts, c int) bool {
	subj := subjectEnd(r)
	// Every word of the comparison must be the fact-check's or its antonym ("No desert is
	// smaller than the Sahara" then says the opposite).
	for i := range q.parts {
		if p := &q.parts[i]; p.clause == c && isContent(p) && qa.links[i] == unlinked {
			return false
		}
	}
	for i := range q.parts {
		p := &q.parts[i]
		if !p.standard || p.clause != c {
			continue
		}
		// The standard's phrase, its modifiers included ("brown eggs", "kahverengi yumurta"),
		// must state r's subject.
		from := i
		for from > 0 && q.parts[from-1].clause == c && q.parts[from-1].role == roleModifier {
			from--
		}
		isSubject := false
		for k := from; k <= i; k++ {
			if qa.links[k] == linked && qa.with[k] <= subj {
				isSubject = true
			}
		}
		if !isSubject {
			continue
		}
		if r.superlative {
			return true
		}
		// The other way round: r's standard is what q compares, before q's standard.
		for k := 0; k < from; k++ {
			if qa.links[k] == linked && q.parts[k].clause == c && inStandard(r, qa.with[k]) {
				return true
			}
		}
	}
	return false
}

// inStandard reports part j of c as the standard of a comparison or a modifier of it ("beyaz"
// of "beyaz kabuklu yumurtadan").
func inStandard(c *claimParts, j int) bool {
	for ; j < len(c.parts); j++ {
		if c.parts[j].standard {
			return true
		}
		if c.parts[j].role != roleModifier || j+1 >= len(c.parts) || c.parts[j+1].clause != c.parts[j].clause {
			return false
		}
	}
	return false
}

// inverted reports a claim that compares the other way round from r ("The Sun is not as hot as
// lightning" for "Lightning is hotter than the Sun"): its subjects are swapped by the
// comparison, which is no different claim while its negation is the comparison's (comparedTo).
func inverted(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) bool {
	if r.superlative {
		return false
	}
	for _, g := range q.negs {
		if comparedTo(q, qa, r, g.clause) {
			return true
		}
	}
	return false
}

// restatingClause reports a clause of a post of several clauses whose negation belongs to a
// word the fact-check does not state ("isn't round" before "it's flat", "alkol alan üşümez"
// before "içki vücudu ısıtır"), while another clause, not negated, states part of the
// fact-check: the post says the claim there, and this clause says it again in other words.
func restatingClause(q *claimParts, qa sideAlign, c int) bool {
	if q.clauses < 2 {
		return false
	}
	negated := func(k int) bool {
		for _, g := range q.negs {
			if g.clause == k {
				return true
			}
		}
		return false
	}
	if !negated(c) {
		return false
	}
	own, other := false, false
	for i := range q.parts {
		p := &q.parts[i]
		if p.aside || !isContent(p) {
			continue
		}
		switch {
		case p.clause == c && qa.links[i] == unlinked:
			own = true
		case p.clause != c && (qa.links[i] == linked) && !negated(p.clause):
			other = true
		}
	}
	return own && other
}

// besideLinkedNoun reports a part next to a part of the same clause that is not a verb and is
// stated by the other claim.
func besideLinkedNoun(q *claimParts, qa sideAlign, i int) bool {
	for _, j := range []int{i - 1, i + 1} {
		if j < 0 || j >= len(q.parts) || q.parts[j].clause != q.parts[i].clause || q.parts[j].verb || q.parts[j].num != "" {
			continue
		}
		if qa.links[j] == linked {
			return true
		}
	}
	return false
}

// headOfStatedPhrase reports, across languages, a noun of q right after a modifier, name or
// core word of its phrase that states a word of r which is itself followed by a word of r the claim states
// ("lastik tekerlekleri" for "rubber tyres", "Sidney şehridir" for "Sydney is the capital"): the
// two words of the phrase say together what r's two words say, where one translation is loose
// ("tekerlek" is a wheel), when the modifier or name is the same word or a first translation.
// Not after a verb or a verb used as a noun ("Drinking coffee" is
// another habit), nor where r's word is followed by a word the claim leaves out ("Brown bread"
// for "Kahverengi kabuklu yumurta").
func (ix *Index) headOfStatedPhrase(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, i int) bool {
	k := i - 1
	if k < 0 || q.parts[k].clause != q.parts[i].clause || qa.links[k] != linked || q.parts[i].verbLike {
		return false
	}
	m := &q.parts[k]
	if m.verb || m.verbLike || verbalNoun(m) || m.num != "" || m.aside || m.role != roleModifier && m.role != roleCore && m.ent == nil {
		return false
	}
	j := qa.with[k]
	if j < 0 || j+1 >= len(r.parts) || r.parts[j+1].clause != r.parts[j].clause {
		return false
	}
	if o := &r.parts[j]; !ix.relateWords(m, o) && !ix.topTranslation(m, o) && !ix.topTranslation(o, m) {
		return false // stated only loosely ("colour" for "kırmızı", a kind of colour)
	}
	n := &r.parts[j+1]
	// An English plural may have been read as the verb ("The rubber tyres on a car protect …");
	// a participle ("Basketball was invented by …") is the verb, and the noun after "Basketbol"
	// ("sahasını", the court) another thing the claim names.
	return ra.links[j+1] == linked && (!n.verb || n.verbLike && strings.HasSuffix(n.folded, "s")) && !verbalNoun(n) && n.num == ""
}

// dateAside sets aside a month the claim names right before a year the fact-check states, and
// a day of the month before it ("on 1 January 2005", "in November '89", "1 Ocak 2005'te" for
// "in 2005", "in 1989"): the date said more exactly. A month is a word the lexicon has as a kind
// of month (for Turkish, through its translations); only before a year ("Mars is the ninth
// planet" is no date, whatever the lexicon says of "Mars").
func (ix *Index) dateAside(q *claimParts, qa sideAlign, r *claimParts) {
	if ix.lex == nil {
		return
	}
	// A fact-check that names a month of its own states the date as exactly: a month of the
	// claim left unlinked is another month ("29 Kasım 1923" for "29 Ekim 1923").
	for j := range r.parts {
		if o := &r.parts[j]; o.ent != nil && o.num == "" && ix.isMonth(o) {
			return
		}
	}
	for i := 0; i+1 < len(q.parts); i++ {
		p, y := &q.parts[i], &q.parts[i+1]
		if qa.links[i] != unlinked || p.ent == nil || p.num != "" || y.num == "" || y.slot != "year" || y.clause != p.clause || !numberStated(y, r) || !ix.isMonth(p) {
			continue
		}
		qa.links[i] = chatter
		if d := i - 1; d >= 0 && q.parts[d].num != "" && q.parts[d].clause == p.clause && !numberStated(&q.parts[d], r) {
			if n, err := strconv.Atoi(q.parts[d].num); err == nil && n >= 1 && n <= 31 {
				qa.links[d] = chatter
			}
		}
	}
}

// isMonth reports a word the lexicon has as a kind of month ("January"; "Ocak" through
// "january").
func (ix *Index) isMonth(p *part) bool {
	words := p.dict
	if p.lang == "tr" {
		words = nil
		for _, d := range p.dict {
			words = append(words, ix.relations.translate(ix.lex, "tr", "en", d)...)
		}
	} else if p.lang != "en" {
		return false
	}
	for _, w := range words {
		if ix.relations.relate(ix.lex, "en", w, "month") == thesaurus.Broader {
			return true
		}
	}
	return false
}

// namedSubject sets aside the rest of the fact-check's subject phrase when it opens with a name
// the claim states as its own subject and goes on in common words the claim leaves out ("Türkiye
// milli futbol takımı" for "Turkey"): the claim names the subject by the name in it. Only a name
// without a case ending, followed by lower-case words up to the head of the phrase, and only when
// the claim states all the rest of the fact-check.
func namedSubject(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) {
	s := firstPart(r)
	if s < 0 || r.parts[s].ent == nil || ra.links[s] != linked || !r.parts[s].first {
		return
	}
	if _, suf := splitApostrophe(r.parts[s].text); suf != "" {
		return
	}
	if i := ra.with[s]; i < 0 || i >= len(q.parts) || !q.parts[i].first || qa.links[i] != linked || qa.with[i] != s {
		return
	}
	end := -1
	for j := s + 1; j < len(r.parts) && r.parts[j].clause == r.parts[s].clause; j++ {
		o := &r.parts[j]
		if ra.links[j] != unlinked || o.ent != nil || o.num != "" || o.verb || o.aside || strings.ToLower(o.text) != o.text {
			return
		}
		if o.role == roleCore {
			end = j
			break
		}
		if o.role != roleModifier {
			return
		}
	}
	if end < 0 {
		return
	}
	// Only when the claim states all the rest of the fact-check: with a part left over ("üçüncü"
	// for "şampiyon oldu") the phrase is what keeps the two claims apart.
	for j := end + 1; j < len(r.parts); j++ {
		if o := &r.parts[j]; ra.links[j] == unlinked && !o.aside && !(o.num != "" && numberStated(o, q)) {
			return
		}
	}
	for j := s + 1; j <= end; j++ {
		ra.links[j] = chatter
	}
}

// nameHeadAgain sets aside a capitalised word of a name, right after a stated name, whose word
// the fact-check states apart from the name ("Sahra Çölü" where the fact-check says "Sahra …
// en büyük çölüdür", "the Sahara Desert" for "the Sahara … desert"): the name's head said again.
func nameHeadAgain(q *claimParts, qa sideAlign, r *claimParts) {
	for i := 1; i < len(q.parts); i++ {
		p := &q.parts[i]
		if qa.links[i] != unlinked || p.ent == nil || q.parts[i-1].ent == nil || qa.links[i-1] == unlinked || q.parts[i-1].clause != p.clause {
			continue
		}
		for j := range r.parts {
			if o := &r.parts[j]; o.ent == nil && o.num == "" && shareLemma(p.lemmas, o.lemmas) {
				qa.links[i] = chatter
				break
			}
		}
	}
}

// linkAcronyms links a name written as its initials ("NZ", "DSÖ'ye", "ABD") to the run of
// capitalised parts of the other claim it abbreviates ("New Zealand", "Dünya Sağlık Örgütü",
// "Amerika Birleşik Devletleri"), both ways.
func linkAcronyms(a *claimParts, aa sideAlign, b *claimParts, ba sideAlign) {
	for i := range a.parts {
		if aa.links[i] != unlinked || a.parts[i].num != "" {
			continue
		}
		word, _ := splitApostrophe(a.parts[i].text)
		letters := []rune(word)
		if len(letters) < 2 || len(letters) > 5 || !analysis.IsAllCaps(word) {
			continue
		}
		for j := 0; j+len(letters) <= len(b.parts); j++ {
			ok := true
			for k, l := range letters {
				o := &b.parts[j+k]
				first := []rune(o.text)
				if o.num != "" || o.clause != b.parts[j].clause || len(first) < 2 || !unicode.IsUpper(first[0]) ||
					analysis.IsAllCaps(o.text) || !strings.EqualFold(string(first[0]), string(l)) {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			aa.links[i], aa.with[i] = linked, j
			for k := range letters {
				if ba.links[j+k] == unlinked {
					ba.links[j+k], ba.with[j+k] = linked, i
				}
			}
			break
		}
	}
}

// beforeNoun reports a part directly before a noun of its clause: a modifier of it ("DNA
// vaccines", "Grip aşısı"), a name's first word included.
func beforeNoun(a *claimParts, i int) bool {
	if i+1 >= len(a.parts) {
		return false
	}
	n := &a.parts[i+1]
	return n.clause == a.parts[i].clause && !n.verb && n.num == "" && !n.aside && (n.role == roleCore || n.role == roleModifier)
}

// genericAside sets aside the generic-person parts of a that b does not state ("humans" for the
// "we" of "We only use 10 percent of our brains"), when every content part of b is stated by a.
// The claim's (fromClaim) generic person is set aside when only details of b (modifiers,
// adjuncts) are left, as none of those stands in a subject's or object's place ("insanı
// öldürebilir" for "… with an electric fan running can kill you"); the fact-check's is not, as a
// claim's word left over may be its subject said otherwise ("flowering plants" for "Humans").
func genericAside(a *claimParts, aa sideAlign, b *claimParts, ba sideAlign, fromClaim bool, personKind func(*part) bool) {
	if firstUnlinked(b, ba, func(o *part) bool {
		return isContent(o) && !o.verb && !genericPerson(o) && (o.role >= roleCore || !fromClaim)
	}) >= 0 {
		return
	}
	for i := range a.parts {
		if aa.links[i] == unlinked && genericPerson(&a.parts[i]) && !(fromClaim && substitutedDetail(a, aa, b, ba, i, personKind)) {
			aa.links[i] = chatter
		}
	}
}

// substitutedDetail reports, within one language, a detail of b left unstated right where a's
// part i stands (counterpart): "aynı insana" where the fact-check says "aynı yere" puts a person
// in the place's slot, another claim, not a person added. A kind of person there ("children"
// for "people") is a broader or narrower claim, which broader2.go names.
func substitutedDetail(a *claimParts, aa sideAlign, b *claimParts, ba sideAlign, i int, personKind func(*part) bool) bool {
	if lexicalLang(a.lang) != lexicalLang(b.lang) {
		return false
	}
	return counterpart(a, aa, b, ba, i, false, func(o *part) bool {
		return isContent(o) && !o.verb && !genericPerson(o) && o.role < roleCore && !personKind(o)
	}) >= 0
}

// isPersonKind reports a part naming a kind of person, by the lexicon (broader2.go
// namesPersonKind); false without one.
func (ix *decision) isPersonKind(o *part) bool {
	kl, ok := ix.lex.(personKindLexicon)
	return ok && ix.namesPersonKind(kl, o)
}

// participantAside sets aside a Turkish subject participle of the claim ("aşı yaptıran", "aşısı
// olanların": those who get the shot) in the place of the fact-check's generic person ("insanı",
// "insan"): both name the people the claim is about, the participle by what they do.
func participantAside(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, cross bool) {
	if cross {
		return
	}
	for i := range q.parts {
		p := &q.parts[i]
		if qa.links[i] != unlinked || p.lang != "tr" || !subjectParticiple(p) {
			continue
		}
		if j := counterpart(q, qa, r, ra, i, false, func(o *part) bool { return isContent(o) && genericPerson(o) }); j >= 0 {
			qa.links[i], ra.links[j] = chatter, chatter
		}
	}
}

// subjectParticiple reports a Turkish subject participle ("yaptıran", "olanların") of a verb the
// lexicon knows.
func subjectParticiple(p *part) bool {
	for _, d := range p.dict {
		if k := strings.LastIndexByte(d, ' '); k >= 0 {
			d = d[k+1:] // the verb of a phrase ("aşı yapmak")
		}
		stem, ok := strings.CutSuffix(d, "mak")
		if !ok {
			stem, ok = strings.CutSuffix(d, "mek")
		}
		if ok && len(stem) >= 2 && strings.HasPrefix(p.folded, stem) && participleEnding.MatchString(p.folded[len(stem):]) {
			return true
		}
	}
	return false
}

// participleEnding is a Turkish subject participle's ending, after a causative ("yap-tır-an"), with
// its plural and case, folded.
var participleEnding = regexp.MustCompile(`^([dt][iu]r|t)?y?[ae]n(l[ae]r)?(i|u|in|un|nin|[ae]|d[ae]|d[ae]n|l[ae]rin)?$`)

// genericPersons are the words for anyone at all (folded, Turkish as stems).
var genericPersons = map[string]bool{"human": true, "humans": true, "people": true, "person": true,
	"everyone": true, "everybody": true, "insan": true, "herkes": true, "kisi": true}

// genericPerson reports a part naming anyone at all: "humans", "people", "insanın", "herkes".
func genericPerson(p *part) bool {
	if p.num != "" || p.ent != nil || p.verb {
		return false
	}
	if genericPersons[p.folded] {
		return true
	}
	if p.lang != "tr" {
		return false
	}
	if genericPersons[trStem(p.folded)] {
		return true
	}
	// An inflected form the light stemmer cuts too far ("insanı" → "insa"): its lemmas.
	for _, l := range p.lemmas {
		if genericPersons[l] && len(l) >= 4 {
			return true
		}
	}
	return false
}

// say is how a reason names part i of claim c: the word as the claim writes it, lower-case
// unless it is a name, and for a modifier or gerund whose head directly after it is also
// unstated by the other claim, that head ("tea" of "drinking tea", not "drinking").
func say(c *claimParts, a sideAlign, i int) string {
	p := &c.parts[i]
	if n := i + 1; n < len(c.parts) && p.ent == nil && p.num == "" && a.links[n] == unlinked && c.parts[n].clause == p.clause &&
		c.parts[n].num == "" && !c.parts[n].verb && (c.parts[n].role == roleCore || c.parts[n].role == rolePredicate) &&
		(p.role == roleModifier || strings.HasSuffix(p.folded, "ing") && c.lang != "tr") {
		p = &c.parts[n]
	}
	if p.ent != nil || p.num != "" || analysis.IsAllCaps(p.text) && len(p.text) > 1 {
		return ordinalShown(p.text) // ordinaldot.go
	}
	if p.lang == "tr" {
		return turkish.Lower(p.text)
	}
	return strings.ToLower(p.text)
}

// narrowingName reports a name that only makes the claim more specific, with nothing of the
// fact-check in its place: a place or time adjunct ("over Antarctica") or a name modifier
// (nameModifier).
func (ix *Index) narrowingName(q *claimParts, qa sideAlign, r *claimParts, i int) bool {
	return q.parts[i].place || ix.nameModifier(q, qa, r, i)
}

// nameModifier reports a name directly before a part both claims state that only says which one
// it is: a Turkish possessor ("Apple'ın Mac bilgisayarları"), or the first word of a name said
// more fully ("Albert Einstein" where the fact-check says "Einstein" alone; not "UEFA Super Cup"
// for "UEFA Cup", where the word sits inside the fact-check's name).
func (ix *Index) nameModifier(q *claimParts, qa sideAlign, r *claimParts, i int) bool {
	p := &q.parts[i]
	if i+1 >= len(q.parts) || qa.links[i+1] != linked || q.parts[i+1].clause != p.clause {
		return false
	}
	if _, suffix := splitApostrophe(p.text); suffix != "" && p.lang == "tr" {
		// A Turkish name with its own case ending is a phrase of its own ("Mars'tan Çin Seddi"),
		// unless the ending is the possessor's genitive.
		return ix.morph.CaseOf("xx"+turkish.Fold(suffix)) == turkish.Genitive
	}
	if n := &q.parts[i+1]; p.ent != nil && n.ent != nil && !p.aside && !n.aside && (!p.place || n.place) && (i == 0 || q.parts[i-1].ent == nil || q.parts[i-1].clause != p.clause) {
		j := qa.with[i+1]
		return j >= 0 && j < len(r.parts) && (j == 0 || r.parts[j-1].ent == nil || r.parts[j-1].clause != r.parts[j].clause)
	}
	if p.lang != "tr" {
		return false
	}
	_, suffix := splitApostrophe(p.text)
	return suffix != "" && ix.morph.CaseOf("xx"+turkish.Fold(suffix)) == turkish.Genitive
}

// isNoun selects a subject, object or nominal predicate (not a verb, modifier or adjunct).
func isNoun(p *part) bool {
	return p.num == "" && !p.aside && !p.verb && (p.ent != nil || p.role == roleCore || p.role == rolePredicate)
}

// chatterClause reports a clause of q whose parts were all set aside as chatter.
func chatterClause(q *claimParts, qa sideAlign, c int) bool {
	seen := false
	for i := range q.parts {
		if q.parts[i].clause != c {
			continue
		}
		if qa.links[i] != chatter {
			return false
		}
		seen = true
	}
	return seen
}

// hasVerb reports a claim with a verb (not only a copula).
func hasVerb(c *claimParts) bool {
	for i := range c.parts {
		if c.parts[i].verb {
			return true
		}
	}
	return false
}

// verbalNoun reports a verb used as a noun: a Turkish infinitive ("yemek", "tüketmek") or an
// English gerund ("eating"). Two of them in one place are the claim's verb in other words ("Çok
// tuz yemek" for "Fazla tuz tüketmek"), compared on meaning only, as verbs are.
func verbalNoun(p *part) bool {
	switch p.lang {
	case "tr":
		return (strings.HasSuffix(p.folded, "mak") || strings.HasSuffix(p.folded, "mek")) && contains(p.dict, p.folded) || deverbalNoun(p)
	case "en":
		return strings.HasSuffix(p.folded, "ing") && shorterLemma(p.lemmas, p.folded)
	}
	return false
}

// deverbalNoun reports a Turkish noun made from a verb by -(I)m or -(I)ş whose dictionary forms
// hold that verb too ("tüketimi": tüketim, tüketmek; "inişi": iniş, inmek): it names the act,
// as the verbal noun in -mAk does ("et tüketimi" is "et tüketmek").
func deverbalNoun(p *part) bool {
	for _, d := range p.dict {
		for _, suf := range []string{"im", "um", "is", "us"} {
			stem, ok := strings.CutSuffix(d, suf)
			if !ok || len(stem) < 2 {
				continue
			}
			if contains(p.dict, stem+"mak") || contains(p.dict, stem+"mek") {
				return true
			}
		}
	}
	return false
}

// otherModifier finds an unlinked modifier of the claim directly before a part linked to a part
// of the fact-check that has an unlinked modifier of its own directly before it; -1, -1 when none.
func otherModifier(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int) {
	modifier := func(c *claimParts, a sideAlign, i int) bool {
		p := &c.parts[i]
		return a.links[i] == unlinked && p.role == roleModifier && p.num == "" && !p.aside && !p.verb && p.ent == nil &&
			c.parts[i+1].clause == p.clause
	}
	for i := 0; i+1 < len(q.parts); i++ {
		if !modifier(q, qa, i) || qa.links[i+1] != linked {
			continue
		}
		if h := qa.with[i+1]; h > 0 && modifier(r, ra, h-1) && !(verbalNoun(&q.parts[i]) && verbalNoun(&r.parts[h-1])) {
			return i, h - 1
		}
	}
	return -1, -1
}

// strayModifier finds an unlinked modifier of the claim whose next part in its clause is
// unlinked too, and a word of the fact-check left unstated (not a number, an aside or a detail
// of place or time); -1, -1 when there is none. A next part that is a verb stating the
// fact-check's act (actOf: "beraber yenmezmiş" for "yoğurt yemek") is the head stated in
// other words, so its modifier is no phrase of its own.
func strayModifier(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int) {
	j := -1
	for k := range r.parts {
		o := &r.parts[k]
		if ra.links[k] == unlinked && o.num == "" && !o.aside && !o.place {
			j = k
			break
		}
	}
	if j < 0 {
		return -1, -1
	}
	for i := 0; i+1 < len(q.parts); i++ {
		p, n := &q.parts[i], &q.parts[i+1]
		if qa.links[i] == unlinked && qa.links[i+1] == unlinked && p.role == roleModifier && p.num == "" && !p.aside && !p.relative &&
			n.num == "" && n.clause == p.clause && !actOf(q, qa, r, ra, i+1) {
			return i, j
		}
	}
	return -1, -1
}

// isContent selects the unlinked parts that can stand in for another: words, not numbers, not
// asides.
func isContent(p *part) bool { return p.num == "" && !p.aside }

// swapped reports a subject and an object that changed places: the claim's subject links to a
// part of the fact-check after the fact-check's subject, which links back to a part of the claim
// after the claim's subject.
func swapped(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, cross bool) string {
	// The subject is the head of the subject phrase: "tyres" of "your car's rubber tyres" (a
	// possessor and modifiers before it), "alcohol" of "drinking alcohol".
	qs, rs := subjectHead(q), subjectHead(r)
	if qs < 0 || rs < 0 || qa.links[qs] != linked || ra.links[rs] != linked || !hasVerb(q) || !hasVerb(r) {
		return "" // "X is Y" says the same as "Y is X"
	}
	if cross && !(r.parts[qa.with[qs]].role == roleAdjunct && q.parts[qs].role != roleModifier ||
		q.parts[ra.with[rs]].role == roleAdjunct && r.parts[rs].role != roleModifier) {
		return ""
	}
	if qa.with[qs] > rs && ra.with[rs] > qs && r.parts[qa.with[qs]].role != roleModifier && q.parts[ra.with[rs]].role != roleModifier {
		return fmt.Sprintf("different subject: %s ≠ %s", say(q, qa, qs), say(r, ra, rs))
	}
	return ""
}

// firstPart is the index of the claim's subject (its first core part or modifier), or -1.
func firstPart(c *claimParts) int {
	for i := range c.parts {
		if c.parts[i].first {
			return i
		}
	}
	return -1
}

// sameSubject reports that the two claims' subjects state each other.
func sameSubject(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) bool {
	for i := range q.parts {
		if q.parts[i].first {
			j := qa.with[i]
			return qa.links[i] == linked && r.parts[j].first && ra.links[j] == linked && ra.with[j] == i && hasVerb(q) && hasVerb(r)
		}
	}
	return false
}

// counterpart finds the unlinked part of r (selected by sel) standing where q's unlinked part i
// stands: between the r-parts that q's nearest linked neighbours link to. Across languages, whose
// word orders differ, any unlinked part of r is its counterpart.
func counterpart(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, i int, cross bool, sel func(*part) bool) int {
	lo, hi := -1, len(r.parts)
	if !cross {
		// A neighbour set aside as chatter links to no part of r (its with is 0): it bounds
		// nothing ("you dont need sunscreen in winter, the sun's too weak anyway").
		for k := i - 1; k >= 0; k-- {
			if qa.links[k] != unlinked && qa.links[k] != chatter {
				lo = qa.with[k]
				break
			}
		}
		for k := i + 1; k < len(q.parts); k++ {
			if qa.links[k] != unlinked && qa.links[k] != chatter {
				hi = qa.with[k]
				break
			}
		}
		if lo > hi {
			lo, hi = hi, lo
		}
	}
	for j := lo + 1; j < hi; j++ {
		if j >= 0 && j < len(r.parts) && ra.links[j] == unlinked && sel(&r.parts[j]) {
			return j
		}
	}
	return -1
}

// actPartner reports a verb of the fact-check said as a noun (o: "tüketimi", "yemek") that has
// its partner in another word of the claim than part i: a verb or a verb said as a noun, left
// over in the same gap ("yemek" of "Sucuk, salam gibi işlenmiş etleri yemek", "yenirse" of
// "Balık üstüne yoğurt yenirse"). Verbs are compared on meaning only (decideWhole), so that
// verb states the act; pairing a noun or modifier of the claim with it ("sucuk ≠ tüketimi")
// pairs two words that were never meant to correspond. Only an act whose object both claims
// state ("et tüketimi", "yoğurt yemek"): an act alone ("Smoking causes lung cancer") has its
// object in itself, so a noun of the claim beside a verb of its own ("drinking tea") may stand
// in its place.
func actPartner(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, i int, o *part, cross bool) bool {
	if !actObjectStated(r, ra, o) {
		return false
	}
	for k := range q.parts {
		if k != i && statesAct(q, qa, r, ra, k, o, cross) {
			return true
		}
	}
	return false
}

// actObjectStated reports a part o of r whose neighbour in its clause, a noun or modifier both
// claims state, is the object of the act it names ("et" of "et tüketimi", "carrots" of "Eating
// carrots").
func actObjectStated(r *claimParts, ra sideAlign, o *part) bool {
	for j := range r.parts {
		if &r.parts[j] != o {
			continue
		}
		for _, n := range []int{j - 1, j + 1} {
			if n >= 0 && n < len(r.parts) && ra.links[n] == linked && r.parts[n].clause == o.clause && isContent(&r.parts[n]) && !isVerbal(&r.parts[n]) && !verbalNoun(&r.parts[n]) {
				return true
			}
		}
	}
	return false
}

// statesAct reports part k of q, a verb or a verb said as a noun left over, in whose gap stands
// the act o of r.
func statesAct(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, k int, o *part, cross bool) bool {
	w := &q.parts[k]
	if qa.links[k] != unlinked || w.aside || w.num != "" || !(w.verb || verbalNoun(w)) {
		return false
	}
	return counterpart(q, qa, r, ra, k, cross, func(x *part) bool { return x == o }) >= 0
}

// actOf reports part k of q stating an act of r whose object both claims state: a verb of the
// claim for the fact-check's verb said as a noun ("yenmezmiş" for "yoğurt yemek").
func actOf(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, k int) bool {
	for j := range r.parts {
		if o := &r.parts[j]; ra.links[j] == unlinked && verbalNoun(o) && !o.aside && actObjectStated(r, ra, o) && statesAct(q, qa, r, ra, k, o, q.lang != r.lang) {
			return true
		}
	}
	return false
}

// firstUnlinked is the first part selected by sel that the other claim does not state, or -1.
func firstUnlinked(c *claimParts, a sideAlign, sel func(*part) bool) int {
	for i := range c.parts {
		if a.links[i] == unlinked && sel(&c.parts[i]) {
			return i
		}
	}
	return -1
}

// roleName names a part's role for a reason.
func roleName(p *part) string {
	switch {
	case p.ent != nil:
		return "entity"
	case p.role == rolePredicate:
		return "predicate"
	case p.first:
		return "subject"
	case p.role == roleCore:
		return "object"
	}
	return "detail"
}

// alignAnew links the parts of the claim q and the fact-check r both ways (alignParts remembers
// what it finds). Words link first by spelling, morphology and the analyzer's terms; the lexicon
// (synonyms, safe hypernyms, translations, antonyms) then links only parts both of which are
// still unlinked, one to one, so "lunch" cannot lean on "meal" (already linked to "meal") to pass
// for "breakfast".
func (ix *decision) alignAnew(q, r *claimParts) (qa, ra sideAlign) {
	qa = sideAlign{links: make([]link, len(q.parts)), with: make([]int, len(q.parts))}
	ra = sideAlign{links: make([]link, len(r.parts)), with: make([]int, len(r.parts))}
	cheap := func(a, b *claimParts, s sideAlign) {
		// A word said twice on both sides pairs in order (the first "grip" with the first):
		// each word goes to the first match no earlier word took, else to the first match.
		taken := make([]bool, len(b.parts))
		for i := range a.parts {
			p := &a.parts[i]
			if p.num != "" {
				continue // numbers are compared as quantities (numbersDiffer)
			}
			first := -1
			for j := range b.parts {
				if o := &b.parts[j]; o.num == "" && ix.relateWords(p, o) {
					if first < 0 {
						first = j
					}
					if !taken[j] {
						first = j
						break
					}
				}
			}
			if first >= 0 {
				s.links[i], s.with[i] = linked, first
				taken[first] = true
			}
		}
	}
	cheap(q, r, qa)
	cheap(r, q, ra)
	linkAcronyms(q, qa, r, ra)
	linkAcronyms(r, ra, q, qa)
	if ix.lex == nil {
		return qa, ra
	}
	if q.lang != r.lang {
		ix.linkPhrases(q, qa, r, ra)
		ix.linkPhrases(r, ra, q, qa)
	}
	ix.crossPhrases(q, qa, r, ra) // crossalign.go
	ix.linkCompounds(q, qa, r, ra, true)
	ix.linkCompounds(r, ra, q, qa, false)
	ix.linkEnglishForms(q, qa, r, ra)   // encompound.go
	ix.linkCrossCompounds(q, qa, r, ra) // crosscompound.go
	if q.lang != r.lang {
		// Across languages a word first takes a part that is one of its first translations
		// ("ülke" → country), so a looser translation of another word ("ulusal" → national, …,
		// country) does not take that part from it.
		for i := range q.parts {
			p := &q.parts[i]
			if p.num != "" || qa.links[i] != unlinked {
				continue
			}
			for j := range r.parts {
				o := &r.parts[j]
				if o.num != "" || ra.links[j] != unlinked {
					continue
				}
				if ix.topTranslation(p, o) || ix.topTranslation(o, p) {
					qa.links[i], qa.with[i] = linked, j
					ra.links[j], ra.with[j] = linked, i
					break
				}
			}
		}
	}
	for i := range q.parts {
		p := &q.parts[i]
		if p.num != "" || qa.links[i] != unlinked {
			continue
		}
		for j := range r.parts {
			o := &r.parts[j]
			// A fact-check part already found to state this very part (by spelling one way
			// round, or as a word of a phrase translation) may still be what states it.
			if o.num != "" || ra.links[j] != unlinked && (ra.links[j] != linked || ra.with[j] != i) {
				continue
			}
			l := ix.lexRelate(p, o, true)
			if l == unlinked {
				l = ix.lexRelate(o, p, false)
			}
			if l == opposite && (isVerbal(p) != isVerbal(o) && !ix.deniesEither(p, o) || linkedTo(qa, j)) {
				// An antonym flips the claim only in the place of the word it opposes: a verb
				// for a verb, a noun for a noun, a part the claim has not already stated
				// otherwise (a loose translation is not an opposition: "neden" and "vaccines").
				// A word that denies a verb is that verb's place ("blind", "can't see";
				// negmeaning.go).
				continue
			}
			if l != unlinked {
				qa.links[i], qa.with[i] = l, j
				ra.links[j], ra.with[j] = l, i
				break
			}
		}
	}
	ix.linkModifiedHeads(q, qa, r, ra)
	ix.linkModifiedKinds(q, qa, r, ra) // kindof.go
	ix.linkPersonKinds(q, qa, r, ra)   // kindname.go
	ix.linkForeignKinds(q, qa, r, ra)  // kindname.go
	// A part linked one way only (a word of a phrase translation: "intihar" in "intihar etmek"
	// for "suicide") is linked back when the lexicon relates the two on their own.
	back := func(a *claimParts, aa sideAlign, b *claimParts, ba sideAlign, fromClaim bool) {
		for i, l := range aa.links {
			if l != linked {
				continue
			}
			j := aa.with[i]
			if ba.links[j] != unlinked || b.parts[j].num != "" {
				continue
			}
			p, o := &a.parts[i], &b.parts[j]
			if ix.relateWords(p, o) || ix.lexRelate(p, o, fromClaim) == linked || ix.lexRelate(o, p, !fromClaim) == linked {
				ba.links[j], ba.with[j] = linked, i
			}
		}
	}
	back(q, qa, r, ra, true)
	back(r, ra, q, qa, false)
	ix.crossGlosses(q, qa, r, ra) // crossalign.go
	if q.lang != r.lang {
		ix.saidAgain(r, ra)
		coordinatedPair(q, qa, r, ra)
	}
	if q.lang == r.lang {
		oneForOne(q, qa, r, ra)
		oneForOne(r, ra, q, qa)
	}
	ix.linkListedKinds(q, qa, r, ra) // kindof.go
	ix.restatedKinds(q, qa, r, ra)   // crosscompound.go
	ix.trRestatedKinds(q, qa, r, ra) // trkind.go
	return qa, ra
}

// saidAgain links a word a claim says again in another clause ("deprem olur; 'deprem havası' …")
// where the other claim, in another language, states it once: the second mention is stated by
// the part that states the first. Within one language oneForOne keeps the two apart instead (a word said as a
// modifier and again on its own may be two things there: "DNA vaccines alter your DNA").
func (ix *Index) saidAgain(a *claimParts, aa sideAlign) {
	for i := range a.parts {
		p := &a.parts[i]
		if aa.links[i] != unlinked || p.num != "" || p.aside || p.role < roleCore {
			continue
		}
		for k := range a.parts {
			if k != i && aa.links[k] == linked && a.parts[k].num == "" && ix.relateWords(p, &a.parts[k]) {
				aa.links[i], aa.with[i] = linked, aa.with[k]
				break
			}
		}
	}
}

// coordinatedPair links, across languages, the second of two coordinated words ("hot and muggy")
// to the second of the other claim's ("sıcak ve bunaltıcı") when the first words state each
// other and neither second word is stated otherwise: the pair is said in the same slot, where a
// loose translation or a gap of the lexicon (muggy, bunaltıcı) leaves them apart. Not for
// names, numbers, verbs or verbs used as nouns ("Smoking and drinking").
func coordinatedPair(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) {
	plain := func(p *part) bool {
		return p.num == "" && p.ent == nil && !p.verb && !p.verbLike && !verbalNoun(p) && !p.aside
	}
	for i := 1; i < len(q.parts); i++ {
		p, prev := &q.parts[i], &q.parts[i-1]
		if !p.afterAnd || qa.links[i] != unlinked || qa.links[i-1] != linked || prev.clause != p.clause || !plain(p) || !plain(prev) {
			continue
		}
		j := qa.with[i-1] + 1
		if j <= 0 || j >= len(r.parts) || ra.links[j] != unlinked || ra.links[j-1] != linked || ra.with[j-1] != i-1 {
			continue
		}
		if o := &r.parts[j]; o.afterAnd && o.clause == r.parts[j-1].clause && plain(o) && plain(&r.parts[j-1]) {
			qa.links[i], qa.with[i] = linked, j
			ra.links[j], ra.with[j] = linked, i
		}
	}
}

// oneForOne keeps a word of b from stating two words of a that stand apart, within one language:
// when a says a word twice, once as a modifier and once on its own ("DNA vaccines alter your
// DNA", "Grip aşısı … gribe yakalandırır"), and b once, b's word states the one it is linked back
// to, and the other is left for a word of b's own. Words side by side may share one.
func oneForOne(a *claimParts, aa sideAlign, b *claimParts, ba sideAlign) {
	for i := range a.parts {
		if aa.links[i] != linked {
			continue
		}
		j := aa.with[i]
		if ba.links[j] != linked || ba.with[j] == i || ba.with[j] < 0 || ba.with[j] >= len(a.parts) {
			continue
		}
		k := ba.with[j] // the word of a that b's word is linked back to
		if d := k - i; d > 1 || d < -1 {
			p, o := &a.parts[i], &a.parts[k]
			// Only a word said once as a modifier and once as a part of its own ("DNA
			// vaccines … your DNA"); the same word twice in one role may be a pronoun's work
			// on the other side ("white eggs" for "white ones").
			if aa.links[k] == linked && aa.with[k] == j && !p.verb && !o.verb && beforeNoun(a, i) != beforeNoun(a, k) {
				aa.links[i] = unlinked
			}
			// The same word twice before two different nouns ("Şeker yemek şeker hastalığına
			// …"), b's once before the noun of one of them: b's word states that one only.
			if aa.links[k] == linked && aa.with[k] == j && !p.verb && !o.verb && beforeNoun(a, i) && beforeNoun(a, k) && beforeNoun(b, j) {
				headOf := func(x int) bool { return aa.links[x+1] == linked && aa.with[x+1] == j+1 }
				// Only where b has a word of its own before the other noun ("Beyaz ekmek yemek"
				// for "Şeker yemek"); a word b simply does not repeat stays stated.
				ownWordBefore := func(x int) bool {
					if aa.links[x+1] != linked {
						return false
					}
					h := aa.with[x+1] - 1
					return h >= 0 && h < len(b.parts) && ba.links[h] == unlinked && isContent(&b.parts[h]) && !b.parts[h].verb
				}
				switch {
				case headOf(k) && !headOf(i) && ownWordBefore(i):
					aa.links[i] = unlinked
				case headOf(i) && !headOf(k) && ownWordBefore(k):
					aa.links[k] = unlinked
					ba.with[j] = i
				}
			}
		}
	}
}

// isVerbal reports a verb or a word that may be one.
func isVerbal(p *part) bool { return p.verb || p.verbLike }

// linkedTo reports a part of the other claim that some part of this one already links to.
func linkedTo(a sideAlign, j int) bool {
	for i, l := range a.links {
		if l == linked && a.with[i] == j {
			return true
		}
	}
	return false
}

// relateWords says whether part p is stated by part o as the same word: spelling, lemma,
// misspelling, cognate name, gazetteer entity, or a shared English term of the analyzer.
func (ix *Index) relateWords(p, o *part) bool {
	if p.ent != nil && o.ent != nil && p.ent.gaz && o.ent.gaz {
		return p.ent.key == o.ent.key
	}
	if p.folded == o.folded {
		return true
	}
	if genericPerson(p) && genericPerson(o) {
		// "people" and "humans", "insanlar" and "people": both name anyone at all.
		return true
	}
	if p.lang == o.lang && (sameLemma(p, o) || ix.misspelt(p, o)) {
		return true
	}
	if p, o := asLang(p, o.lang), asLang(o, p.lang); p.lang == o.lang && p.lang != "und" {
		if sameLemma(p, o) || ix.misspelt(p, o) {
			return true
		}
	}
	for _, a := range firstN(p.lemmas, 3) {
		for _, b := range firstN(o.lemmas, 3) {
			if cognate(a, b) {
				return true // "Basketbolun" (basketbol) and "Basketball"
			}
		}
	}
	if (p.ent != nil || o.ent != nil) && sameNameStem(p.folded, o.folded) {
		return true
	}
	if loanPair(p, o) || loanPair(o, p) {
		return true
	}
	if ix.clipped(p, o) || ix.clipped(o, p) || ix.clippedCompound(p, o) || ix.clippedCompound(o, p) {
		return true
	}
	return cognate(p.folded, o.folded)
}

// sameLemma reports two words of one language with a lemma candidate in common that is a
// plausible reading of both (see plausibleLemma); it replaces turkish.Meet here, which takes
// any shared candidate of three letters.
func sameLemma(p, o *part) bool {
	for _, x := range p.lemmas {
		// A two-letter candidate only when it is one of the words as written ("su").
		short := len(x) < 3 && x != p.lemmas[0] && x != o.lemmas[0]
		if x != "" && !short && contains(o.lemmas, x) && plausibleLemma(p, x) && plausibleLemma(o, x) {
			return true
		}
	}
	return false
}

// plausibleLemma reports a lemma candidate x of w that may be its lemma. The light stemmer
// also undoes consonant softening on every cut of a Turkish word's end, so a short candidate is
// often a cut no reading supports: "sigara" gives "sik" (from "sig"), the stem of "sık";
// "ciğerleri" gives "cik" (from "ciğ"), the stem of "çıkmak"; two unrelated words would meet
// on it. A candidate of three letters or fewer that is not the start of the word as written
// counts only when the lexicon knows it as a form of the word ("dibi" → "dip").
func plausibleLemma(w *part, x string) bool {
	return w.lang != "tr" || len(x) >= 4 || len(w.lemmas) == 0 || strings.HasPrefix(w.lemmas[0], x) || contains(w.dict, x)
}

// clipped reports an English word p that is o cut short the way people shorten words in posts
// ("hyper" for "hyperactive", "dinos" for "dinosaurs"): four letters or more, the start of a
// word the lexicon knows, and no word of the lexicon itself ("earth" is not "earthquake").
func (ix *Index) clipped(p, o *part) bool {
	if p.lang != "en" || o.lang != "en" || p.ent != nil || o.ent != nil || ix.lex == nil {
		return false
	}
	short := strings.TrimSuffix(p.folded, "s")
	if len(short) < 4 || len(o.folded) < len(short)+3 || !strings.HasPrefix(o.folded, short) {
		return false
	}
	return !ix.knownWord(p) && ix.knownWord(o)
}

// loanPair reports an English part e and a Turkish part t that is its loanword, through their
// first lemma candidates ("autism" and "otizme").
func loanPair(e, t *part) bool {
	ens := e.lemmas
	switch {
	case e.lang == "und":
		ens = e.enLemmas
	case e.lang != "en":
		return false
	}
	if t.lang != "tr" && t.lang != "und" {
		return false
	}
	for _, a := range firstN(ens, 2) {
		if len(a) < 5 {
			continue
		}
		spelt := ""
		for _, b := range firstN(t.lemmas, 4) {
			if len(b) < 5 {
				continue
			}
			if spelt == "" {
				spelt = turkishSpelling(a) // once per English lemma, only when a Turkish one may be its loanword
			}
			if spelledAs(spelt, b) {
				return true
			}
		}
	}
	return false
}

// sameNameStem reports one name in two spellings: one a prefix of the other, at most two
// letters longer ("Neron" for "Nero", "Napolyon" for "Napoleon" does not qualify), or one edit
// apart ("Sidney" for "Sydney").
func sameNameStem(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(a) >= 4 && strings.HasPrefix(b, a) && len(b)-len(a) <= 2 {
		return true
	}
	return len(a) >= 4 && edit1(a, b)
}

// asLang reads a part of undetermined language in lang: in English with its English readings,
// in Turkish (or left undetermined) as it is.
func asLang(p *part, lang string) *part {
	if p.lang != "und" {
		return p
	}
	c := *p
	switch lang {
	case "en":
		c.lang, c.lemmas, c.dict, c.spelled = "en", p.enLemmas, p.enDict, nil
	case "tr":
		c.lang = "tr"
	}
	return &c
}

// linkPhrases links the words of a phrase translation: Turkish "karbonat" is English "baking
// soda", so both "baking" and "soda" are stated by it (and "karbonat" by them).
func (ix *Index) linkPhrases(a *claimParts, aa sideAlign, b *claimParts, ba sideAlign) {
	for j := range b.parts {
		o := &b.parts[j]
		if o.num != "" || o.lang == "und" {
			continue
		}
		var words []string
		for _, d := range o.dict {
			for _, t := range firstN(ix.relations.translate(ix.lex, o.lang, a.lang, d), 6) {
				if strings.Contains(t, " ") {
					words = append(words, strings.Fields(turkish.Fold(t))...)
				}
			}
		}
		if len(words) == 0 {
			continue
		}
		n := 0
		for i := range a.parts {
			p := &a.parts[i]
			if p.num != "" || aa.links[i] != unlinked {
				continue
			}
			for _, w := range words {
				if contains(p.dict, w) || contains(p.lemmas, w) {
					aa.links[i], aa.with[i] = linked, j
					n++
					break
				}
			}
		}
		if n >= 2 && ba.links[j] == unlinked {
			for i := range a.parts {
				if aa.links[i] == linked && aa.with[i] == j {
					ba.links[j], ba.with[j] = linked, i
					break
				}
			}
		}
	}
}

// undReadings are the readings of a part: a word of undetermined language as Turkish and as
// English, any other as it is.
func undReadings(p *part) []*part {
	if p.lang != "und" {
		return []*part{p}
	}
	return []*part{asLang(p, "tr"), asLang(p, "en")}
}

// misspelt reports a word that is a misspelling of the other: one edit apart (typo), and not
// both words of the dictionary ("rabies" and "babies" are two words, not a typo).
func (ix *Index) misspelt(p, o *part) bool {
	return typo(p, o) && !(ix.knownWord(p) && ix.knownWord(o)) && !ix.knownApart(p, o)
}

// knownApart reports two Turkish words each read by the lexicon through dictionary forms of its
// own (dict), no form shared: "develer" (deve) is no misspelling of "devekuşları" (devekuşu), however
// close their letters.
func (ix *Index) knownApart(p, o *part) bool {
	if p.lang != "tr" || o.lang != "tr" || ix.lex == nil {
		return false
	}
	if len(p.dict) == 0 || len(o.dict) == 0 {
		return false
	}
	for _, a := range p.dict {
		if slices.Contains(o.dict, a) {
			return false
		}
	}
	return true
}

// knownWord reports a word the lexicon knows as written (for Turkish, uninflected).
func (ix *Index) knownWord(p *part) bool {
	if ix.lex == nil {
		return false
	}
	if p.lang == "en" {
		return len(ix.lex.Lemmas("en", p.folded)) > 0
	}
	return ix.knownTR(p.folded)
}

// typo reports two words of one language one edit apart (a misspelling), compared as written
// and through their lemma candidates ("kalınlaştrır" for "kalınlaştırır").
func typo(p, o *part) bool {
	if len(p.folded) >= 5 && len(o.folded) >= 5 && edit1(p.folded, o.folded) || droppedVowel(p.folded, o.folded) {
		return true
	}
	for _, a := range firstN(p.lemmas, 4) {
		for _, b := range firstN(o.lemmas, 4) {
			if len(a) >= 5 && len(b) >= 5 && edit1(a, b) {
				return true
			}
		}
	}
	return false
}

// droppedVowel reports a word typed without one of its vowels ("tras" for "tıraş", "kitp"):
// four letters or more, the same word but for one vowel.
func droppedVowel(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(a) < 4 || len(b) != len(a)+1 {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	return strings.IndexByte("aeiou", b[i]) >= 0 && a[i:] == b[i+1:]
}

// lexRelate asks the lexicon how two parts relate: within a language through their dictionary
// forms, across languages through the translations of p's.
func (ix *decision) lexRelate(p, o *part, fromClaim bool) link {
	if p.lang == "und" || o.lang == "und" {
		// A word of undetermined language is tried as Turkish, then as English.
		out := unlinked
		for _, pl := range undReadings(p) {
			for _, ol := range undReadings(o) {
				switch l := ix.lexRelate(pl, ol, fromClaim); l {
				case linked:
					return linked
				case opposite:
					out = opposite
				}
			}
		}
		return out
	}
	if len(p.dict) == 0 || len(o.dict) == 0 {
		return unlinked
	}
	// A name is related by what it names, never as a kind of something: "Caligula" is an
	// instance of "emperor" in WordNet, but in the place of "Emperor Nero" it names another man.
	hyperOK := p.ent == nil && o.ent == nil
	rel := func(lang string, as, bs []string, hyper bool) link {
		hyper = hyper && hyperOK
		out := unlinked
		for _, a := range as {
			for _, b := range bs {
				switch ix.relations.relate(ix.lex, lang, a, b) {
				case thesaurus.Same, thesaurus.Synonym:
					return linked
				case thesaurus.Broader:
					if fromClaim && hyper {
						return linked
					}
				case thesaurus.Narrower:
					if !fromClaim && hyper {
						return linked
					}
				case thesaurus.Antonym:
					switch ix.foldedRelation(p, o, a, b, fromClaim) { // asciireading.go
					case opposite:
						out = opposite
					case linked:
						return linked
					}
				}
			}
		}
		return out
	}
	if p.lang == o.lang {
		l := rel(p.lang, p.lexForms(), o.lexForms(), true)
		if l == unlinked && (ix.sharedTranslation(p, o) || ix.translationsAgree(p, o)) { // trlex.go
			return linked
		}
		if l == unlinked && ix.derivedLink(p, o, fromClaim) {
			return linked // related.go
		}
		if l == unlinked && (ix.derivedAlike(p, o) || ix.sensesAgree(p, o)) {
			return linked // enlex.go, senseagree.go
		}
		if l == unlinked && ix.lyAdverbsAlike(p, o) {
			return linked // lyadverb.go
		}
		l = ix.kindOfLink(p, o, fromClaim, l) // kindof.go
		if l == unlinked && ix.deniesEither(p, o) {
			return opposite // "blind" for "can't see" (negmeaning.go)
		}
		return l
	}
	trans := ix.translations(p, o.lang)
	for _, t := range trans {
		if contains(o.dict, t) {
			return linked
		}
	}
	// A word of o the lexicon does not know may be a misspelling of one of p's translations
	// ("nutritous" for "besleyici" → nutritious): one edit apart, five letters or more.
	if !ix.knownWord(o) {
		for _, t := range firstN(trans, 4) {
			if len(t) >= 5 && len(o.folded) >= 5 && edit1(t, o.folded) {
				return linked
			}
		}
	}
	if len(trans) == 0 {
		return unlinked
	}
	if ix.mutualTranslation(p, o) {
		return linked
	}
	if l := ix.wholeRelate(p, o, fromClaim); l != unlinked {
		return l
	}
	// A translation is already one step of ambiguity away ("eating" → "yemek", which is also
	// "food", a hypernym of "limon"): across languages only its synonyms count.
	l := rel(o.lang, firstN(trans, 6), o.lexForms(), false)
	l = ix.kindOfLink(p, o, fromClaim, l) // kindof.go
	if l != opposite {
		return l
	}
	// A dictionary lists a word's senses one after another ("stuffy": havasız, kapalı, …, soğuk
	// as in aloof), so an antonym reached through a later translation is the opposite of another
	// sense: only the main translations of p's forms may flip the claim ("finite" → "sonlu",
	// against "sonsuz").
	var main []string
	for _, a := range p.lexForms() {
		for _, t := range firstN(ix.relations.translate(ix.lex, p.lang, o.lang, a), mainTranslations) {
			if o.lang == "tr" {
				t = turkish.Fold(t)
			}
			main = append(main, t)
		}
	}
	if rel(o.lang, main, o.lexForms(), false) == opposite {
		return opposite
	}
	return unlinked
}

// linkModifiedHeads links a word of the claim to a modifier and its noun in the fact-check when
// the lexicon has the word with that modifier as one of its own names: "exercise" is "physical
// exercise" in WordNet, so it states "physical activity"; "egzersiz" translates to "physical
// exercise", and "fiziksel" to "physical". Only the modifier is matched: the noun after it
// ("activity") is what the phrase says with it, which the word names more narrowly.
func (ix *decision) linkModifiedHeads(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) {
	for i := range q.parts {
		p := &q.parts[i]
		if qa.links[i] != unlinked || p.num != "" || p.ent != nil || p.verb || len(p.dict) == 0 {
			continue
		}
		for j := 0; j+1 < len(r.parts); j++ {
			m, h := &r.parts[j], &r.parts[j+1]
			if ra.links[j] != unlinked || ra.links[j+1] != unlinked || m.role != roleModifier || m.clause != h.clause ||
				m.num != "" || h.num != "" || m.ent != nil || h.ent != nil || h.verb || m.lang != p.lang || h.lang != p.lang {
				continue
			}
			if ix.namedWithModifier(p, m) {
				qa.links[i], qa.with[i] = linked, j+1
				ra.links[j], ra.with[j] = linked, i
				ra.links[j+1], ra.with[j+1] = linked, i
				break
			}
		}
	}
}

// namedWithModifier reports a word p the lexicon also names with modifier m before it: an
// English lemma "m p" that is p's synonym ("physical exercise"), or for Turkish a two-word
// English translation of p whose first word is a main translation of m.
func (ix *decision) namedWithModifier(p, m *part) bool {
	if p.lang == "en" {
		for _, w := range p.dict {
			for _, a := range m.dict {
				if r := ix.relations.relate(ix.lex, "en", a+" "+w, w); r == thesaurus.Same || r == thesaurus.Synonym {
					return true
				}
			}
		}
		return false
	}
	var mods []string
	for _, a := range m.dict {
		mods = append(mods, firstN(ix.relations.translate(ix.lex, "tr", "en", a), pivotTranslations)...)
	}
	for _, w := range p.dict {
		for _, t := range firstN(ix.relations.translate(ix.lex, "tr", "en", w), 6) {
			if first, _, ok := strings.Cut(t, " "); ok && contains(mods, first) {
				return true
			}
		}
	}
	return false
}

// saysLower reports a fact-check with a word for "low" or "lower" ("lower", "düşük": low in its
// main translations) and no number.
func (ix *decision) saysLower(r *claimParts) bool {
	if ix.lex == nil {
		return false
	}
	for j := range r.parts {
		o := &r.parts[j]
		if o.num != "" {
			return false
		}
		switch o.lang {
		case "en":
			if slices.Contains(ix.lex.Lemmas("en", o.folded), "low") {
				return true
			}
		case "tr":
			for _, d := range o.dict {
				if slices.Contains(firstN(ix.relations.translate(ix.lex, "tr", "en", d), mainTranslations), "low") {
					return true
				}
			}
		}
	}
	return false
}

// pivotTranslations is how many of each word's first translations sharedTranslation compares.
const pivotTranslations = 3

// sharedTranslation reports two Turkish words that English gives one main translation for
// ("pırlanta" and "elmas": diamond; "damar" and "toplardamar": vein): a dictionary's first translations carry a word's main sense, so sharing one says the
// two mean the same where KeNet keeps them apart, as it keeps many near words. Where KeNet makes
// one a kind of the other, only when the narrower word's first translation is a main one of the
// broader word ("damar" is mostly said for "toplardamar", vein; "şehir" is not "başkent", whose
// first translation, capital, no main translation of "şehir" is). English words are left to
// WordNet, which has their senses; the Turkish side of its dictionaries links too loosely
// ("earth" and "universe" both to "evren").
func (ix *decision) sharedTranslation(p, o *part) bool {
	if p.lang != "tr" || o.lang != "tr" {
		return false
	}
	main := func(c *part) [][]string {
		var out [][]string
		for _, a := range c.lexForms() {
			out = append(out, firstN(ix.relations.translate(ix.lex, "tr", "en", a), pivotTranslations))
		}
		return out
	}
	pt, ot := main(p), main(o)
	shared := false
	for _, x := range pt {
		for _, y := range ot {
			for _, t := range x {
				shared = shared || contains(y, t)
			}
		}
	}
	if !shared {
		return false
	}
	for i, a := range p.lexForms() {
		for j, b := range o.lexForms() {
			switch ix.relations.relate(ix.lex, "tr", a, b) {
			case thesaurus.Narrower: // b is a kind of a
				return len(ot[j]) > 0 && contains(pt[i], ot[j][0])
			case thesaurus.Broader: // a is a kind of b
				return len(pt[i]) > 0 && contains(ot[j], pt[i][0])
			case thesaurus.Antonym:
				return false
			}
		}
	}
	return true
}

// wholeRelate relates, across languages, a Turkish privative by its own dictionary forms
// ("sonsuz") to a word of the other claim ("infinite", "finite"), as lexRelate relates words.
func (ix *decision) wholeRelate(p, o *part, fromClaim bool) link {
	if p.lang == o.lang || p.lang == "und" || o.lang == "und" || len(p.whole) == 0 && len(o.whole) == 0 {
		return unlinked
	}
	pw, ow := *p, *o
	if len(p.whole) > 0 {
		pw.dict, pw.spelled, pw.whole = p.whole, nil, nil
	}
	if len(o.whole) > 0 {
		ow.dict, ow.spelled, ow.whole = o.whole, nil, nil
	}
	return ix.lexRelate(&pw, &ow, fromClaim)
}

// mutualTranslation reports a word of p and a word of o that each dictionary gives as the
// other's translation, however far down its list: the Turkish-English and English-Turkish
// dictionaries were written apart, so a pair both list is one sense the words share, even when
// it is not their first ("spread" lists "bulaştırmak", which lists "spread"; "shot" lists "aşı",
// which lists "shot").
func (ix *decision) mutualTranslation(p, o *part) bool {
	oForms := o.lexForms()
	for _, a := range p.lexForms() {
		for _, t := range ix.relations.translate(ix.lex, p.lang, o.lang, a) {
			if o.lang == "tr" {
				t = turkish.Fold(t)
			}
			k := slices.Index(o.dict, t)
			if k < 0 {
				continue
			}
			// The way back starts from that very word of o, as the lexicon spells it.
			for _, back := range ix.relations.translate(ix.lex, o.lang, p.lang, oForms[k]) {
				if p.lang == "tr" {
					back = turkish.Fold(back)
				}
				if back == a || p.lang == "tr" && back == turkish.Fold(a) {
					return true
				}
			}
		}
	}
	return false
}

// translations are the first translations of p's dictionary forms into lang (folded for
// Turkish), each once. A decision remembers them by the part's dictionary forms, which every
// copy of a part shares (clausesOnly, asLang): alignAnew tries each word of a claim against every
// word of the other, and across languages each try needs p's translations.
func (ix *decision) translations(p *part, lang string) []string {
	if len(p.dict) == 0 {
		return nil
	}
	k := transOf{&p.dict[0], len(p.dict), p.lang, lang}
	if trans, ok := ix.translated[k]; ok {
		return trans
	}
	var trans []string
	for _, a := range p.lexForms() {
		for _, t := range firstN(ix.relations.translate(ix.lex, p.lang, lang, a), 6) {
			if lang == "tr" {
				t = turkish.Fold(t)
			}
			if !contains(trans, t) {
				trans = append(trans, t)
			}
		}
	}
	ix.translated[k] = trans
	return trans
}

// transOf keys a decision's remembered translations: a part's dictionary forms (by where they
// are held: a part's forms are never changed once read), its language and the language wanted.
type transOf struct {
	dict     *string
	n        int
	from, to string
}

// mainTranslations is how many of a word's first translations carry its main sense, the only
// ones an antonym across languages is taken through.
const mainTranslations = 2

// topTranslation reports a part o that a dictionary form of p translates to first (or second):
// the strongest cross-language link, taken before looser ones.
func (ix *Index) topTranslation(p, o *part) bool {
	if p.lang == "und" || o.lang == "und" || p.lang == o.lang || len(p.dict) == 0 || len(o.dict) == 0 {
		return false
	}
	for _, a := range p.dict {
		for _, t := range firstN(ix.relations.translate(ix.lex, p.lang, o.lang, a), 2) {
			if o.lang == "tr" {
				t = turkish.Fold(t)
			}
			if contains(o.dict, t) {
				return true
			}
		}
	}
	return false
}

// firstN is the first n of xs.
func firstN(xs []string, n int) []string {
	if len(xs) > n {
		return xs[:n]
	}
	return xs
}

// shareLemma reports a lemma candidate of three letters or more in both lists.
func shareLemma(a, b []string) bool {
	for _, x := range a {
		if len(x) >= 3 && contains(b, x) {
			return true
		}
	}
	return false
}

// complemented reads a percentage of q whose complement r states ("we do not use 90% of the
// brain" for "we use only 10% of it") as r's percentage, and counts such readings: each flips the
// claim's polarity once, so the claim is the same only if exactly one of the two is negated.
// Percentages r states as they are, or that r does not state at all, are left alone.
func complemented(q, r *claimParts) (*claimParts, int, string) {
	var out *claimParts
	n, why := 0, ""
	for i := range q.parts {
		p := &q.parts[i]
		if p.slot != "percent" || numberStated(p, r) {
			continue
		}
		for j := range r.parts {
			o := &r.parts[j]
			if o.slot != "percent" || numberStated(o, q) || !complements(p.num, o.num) {
				continue
			}
			if out == nil {
				c := *q
				c.parts = append([]part(nil), q.parts...)
				out = &c
			}
			out.parts[i].num = o.num
			n++
			why = p.text + " ≠ " + o.text
			break
		}
	}
	if out == nil {
		return q, 0, ""
	}
	return out, n, why
}

// complements reports two percentages that add up to 100 (readings of fractions as well).
func complements(a, b string) bool {
	for _, x := range strings.Split(a, "|") {
		for _, y := range strings.Split(b, "|") {
			for _, xs := range []string{x, percentOf(x)} {
				for _, ys := range []string{y, percentOf(y)} {
					var fx, fy float64
					if _, err := fmt.Sscanf(xs, "%g", &fx); err != nil {
						continue
					}
					if _, err := fmt.Sscanf(ys, "%g", &fy); err != nil {
						continue
					}
					if fx > 0 && fy > 0 && fx+fy > 99.999 && fx+fy < 100.001 {
						return true
					}
				}
			}
		}
	}
	return false
}

// numbersDiffer compares the claims' quantities slot by slot: a number on one side only is not a
// difference (a rewording may leave the year out), a different number for the same slot is.
func numbersDiffer(q *claimParts, qa sideAlign, r *claimParts) string {
	for i := range q.parts {
		p := &q.parts[i]
		if p.num == "" || qa.links[i] == chatter {
			continue
		}
		var other []*part
		met := false
		for j := range r.parts {
			o := &r.parts[j]
			if o.num == "" {
				continue
			}
			if quantitiesMeet(p, o) {
				met = true
				break
			}
			if sameSlot(p, o) {
				other = append(other, o)
			}
		}
		if !met && len(other) > 0 {
			return fmt.Sprintf("different number: %s ≠ %s", ordinalShown(p.text), ordinalShown(other[0].text))
		}
		if !met {
			// Counting something else with another number ("10 bin adım" for "8 bardak su"):
			// a number of each claim that the other does not state.
			for j := range r.parts {
				if o := &r.parts[j]; o.num != "" && !o.aside && !numberStated(o, q) {
					return fmt.Sprintf("different number: %s ≠ %s", ordinalShown(p.text), ordinalShown(o.text))
				}
			}
		}
		if !met {
			continue
		}
		// "More than five" is not "only five": the same number bounded from the other side.
		for j := range r.parts {
			o := &r.parts[j]
			if o.num != "" && quantitiesMeet(p, o) && (fromBelow(p.bounded) && o.bounded == '=' || p.bounded == '=' && fromBelow(o.bounded)) {
				return fmt.Sprintf("different number: %s ≠ %s", boundedText(p), boundedText(o))
			}
		}
		// The same number counting something else: "yedi gün" is not "yedi yıl".
		for j := range r.parts {
			o := &r.parts[j]
			if o.num != "" && quantitiesMeet(p, o) && p.slot != "" && o.slot != "" && !sameSlot(p, o) && p.slot != "percent" && o.slot != "percent" {
				return fmt.Sprintf("different number: %s %s ≠ %s %s", p.text, p.slot, o.text, o.slot)
			}
		}
	}
	return ""
}

// boundedText is a number as a reason writes it, with its bound ("more than 5", "only 5").
func boundedText(p *part) string {
	switch p.bounded {
	case '>':
		return "more than " + p.text
	case '=':
		return "only " + p.text
	case atLeast:
		return "at least " + p.text
	}
	return p.text
}

// numberStated reports that r states the quantity p.
func numberStated(p *part, r *claimParts) bool {
	for j := range r.parts {
		if o := &r.parts[j]; o.num != "" && quantitiesMeet(p, o) {
			return true
		}
	}
	return false
}

// sameSlot reports two numbers that count the same thing: the same unit (or one unit in two
// sizes: metres and kilometres), or both years, or both bare numbers.
func sameSlot(a, b *part) bool {
	return baseUnit(a.slot) == baseUnit(b.slot)
}

// unitSizes are the units one base unit is counted in, with their size in it.
var unitSizes = map[string]struct {
	base string
	size float64
}{"km": {"m", 1000}, "mile": {"m", 1609.344}, "minute": {"second", 60}, "hour": {"second", 3600}}

// baseUnit is the unit a slot is counted in at its smallest ("km" → "m").
func baseUnit(slot string) string {
	if u, ok := unitSizes[slot]; ok {
		return u.base
	}
	return slot
}

// inBaseUnit writes a number's readings in its slot's base unit ("42.195" km → "42195").
func inBaseUnit(p *part) string {
	u, ok := unitSizes[p.slot]
	if !ok {
		return p.num
	}
	return scaled(p.num, u.size)
}

// quantitiesMeet compares two numbers as quantities: 25 percent = a quarter = 0.25, 42.195
// kilometres = 42195 metres.
func quantitiesMeet(a, b *part) bool {
	if numbersMeet(a.num, b.num) && baseUnit(a.slot) == baseUnit(b.slot) && a.slot == b.slot {
		return true
	}
	if a.slot != b.slot && baseUnit(a.slot) == baseUnit(b.slot) {
		return numbersMeet(inBaseUnit(a), inBaseUnit(b)) || convertedMeet(inBaseUnit(a), inBaseUnit(b))
	}
	if numbersMeet(a.num, b.num) {
		return true
	}
	if shortYearOf(a, b) || shortYearOf(b, a) {
		return true
	}
	if a.slot == "percent" || b.slot == "percent" {
		for _, x := range strings.Split(a.num, "|") {
			for _, y := range strings.Split(b.num, "|") {
				if x == y || percentOf(x) == y || percentOf(y) == x {
					return true
				}
			}
		}
	}
	return roundedMeet(a, b) // numread.go
}

// shortYearOf reports a bare two-digit number that is year y cut to its last two digits, the
// way people post a year with or without its apostrophe and ending ("89da", "89 kasımında",
// "november 89"): the writer left the century out, as "'89" does.
func shortYearOf(p, y *part) bool {
	if y.slot != "year" || p.slot != "" || len(p.num) != 2 || p.num[0] < '0' || p.num[0] > '9' || p.num[1] < '0' || p.num[1] > '9' {
		return false
	}
	for _, k := range strings.Split(y.num, "|") {
		if len(k) == 4 && k[2:] == p.num {
			return true
		}
	}
	return false
}

// convertedMeet compares two quantities written in different units once both are in the base
// unit: a conversion is written rounded ("26.2 miles" for 42.195 km is 42,165 m against 42,195 m),
// so readings within half a percent of each other meet.
func convertedMeet(a, b string) bool {
	for _, x := range strings.Split(a, "|") {
		for _, y := range strings.Split(b, "|") {
			fx, err1 := strconv.ParseFloat(x, 64)
			fy, err2 := strconv.ParseFloat(y, 64)
			if err1 == nil && err2 == nil && fx > 0 && fy > 0 && math.Abs(fx-fy) <= 0.005*math.Max(fx, fy) {
				return true
			}
		}
	}
	return false
}

// percentOf writes a fraction as a percentage ("0.25" → "25").
func percentOf(x string) string {
	var f float64
	if _, err := fmt.Sscanf(x, "%g", &f); err != nil || f <= 0 || f >= 1 {
		return ""
	}
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.4f", f*100), "0"), ".")
}

// lexCache remembers the lexicon's answers: the same words meet again and again (the claim's
// against each candidate's, and every review's common words), and a Turkish relation goes through
// several translations.
type lexCache struct {
	rel   memo[relKey, thesaurus.Relation]
	trans memo[transKey, []string]
}

// relKey and transKey key the cache by their strings as they are, so a lookup that hits builds
// no key string (concatenated keys were most of a hit's cost); a missing entry stores clones, so
// a word sliced from a long post does not keep the post alive.
type (
	relKey   struct{ lang, a, b string }
	transKey struct{ from, to, w string }
)

// maxLexCache bounds the cached answers of each kind (each a few dozen bytes).
const maxLexCache = 200_000

// memo is a cache of answers that concurrent searches share, cleared when it reaches its bound,
// which bounds its memory whatever the traffic. The zero value is ready to use. Look-ups share the
// lock; a caller stores keys that own their strings (strings.Clone), since a word may be a slice
// of a long post.
type memo[K comparable, V any] struct {
	mu sync.RWMutex
	m  map[K]V
}

// get is the answer kept for k.
func (c *memo[K, V]) get(k K) (V, bool) {
	c.mu.RLock()
	v, ok := c.m[k]
	c.mu.RUnlock()
	return v, ok
}

// put keeps v for k, starting again once the cache holds bound answers.
func (c *memo[K, V]) put(k K, v V, bound int) {
	c.mu.Lock()
	if c.m == nil || len(c.m) >= bound {
		c.m = map[K]V{}
	}
	c.m[k] = v
	c.mu.Unlock()
}

// relate is lx.Relate, cached.
func (c *lexCache) relate(lx Lexicon, lang, a, b string) thesaurus.Relation {
	if a > b {
		// Relations are symmetric but for the direction of a hypernym: one entry serves both
		// orders.
		switch r := c.relate(lx, lang, b, a); r {
		case thesaurus.Broader:
			return thesaurus.Narrower
		case thesaurus.Narrower:
			return thesaurus.Broader
		default:
			return r
		}
	}
	if r, ok := c.rel.get(relKey{lang, a, b}); ok {
		return r
	}
	r := lx.Relate(lang, a, b)
	c.rel.put(relKey{strings.Clone(lang), strings.Clone(a), strings.Clone(b)}, r, maxLexCache)
	return r
}

// translate is lx.Translate, cached.
func (c *lexCache) translate(lx Lexicon, from, to, w string) []string {
	if t, ok := c.trans.get(transKey{from, to, w}); ok {
		return t
	}
	t := lx.Translate(from, to, w)
	c.trans.put(transKey{strings.Clone(from), strings.Clone(to), strings.Clone(w)}, t, maxLexCache)
	return t
}
