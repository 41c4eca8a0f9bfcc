package matching

import (
	"strings"

	"github.com/claimcheck/claimcheck/internal/thesaurus"
	"github.com/claimcheck/claimcheck/internal/turkish"
)

// Two rules for a post that tells a story, a report or an exhortation in one clause and states
// the fact-check's claim in another, which decideClauses (decide.go) decides on the clause that
// states the claim: a Turkish act said by its object or another word for it in that clause
// (clauseStatesAct), and a negated clause of the poster's own story before it (storyClauses).

// A post that tells a story or a report in one clause and states the fact-check's claim in
// another ("Dünya Sağlık Örgütü bile açıkladı, işlenmiş et yemek bağırsak kanseri riskini
// artırıyormuş" for "İşlenmiş et tüketimi bağırsak kanseri riskini artırır") is decided on the
// clause that states the claim (decideClauses, decide.go), and only when that clause states the
// fact-check's subject phrase itself (statesWhole). A Turkish subject phrase that names an act by
// a noun made from a verb after its object ("et tüketimi", "tuz tüketmek", "yoğurt yemek") is
// said in a post by another word for the act ("et yemek") or by the object alone ("işlenmiş et
// … artırıyor"), and the act noun is then left unlinked: statesActObject (advicerepeat.go) reads
// it so for an English act ("Eating eggs"), whose object follows it, and clauseStatesAct does the
// same for the Turkish order, where the object stands right before the act noun.
//
// It never accepts a clause that leaves out the object of the act (what is consumed is the
// subject the claim is about), one that names another act of its own ("et satmak", "et
// pişirmek": an act the lexicon does not relate to r's), one that does not state r's verb itself
// (the act said as the clause's verb, "balıktan sonra yoğurt yenmez", says nothing of what r
// says of it), nor one that leaves out anything else statesWhole asks for, measured against the
// clause's own alignment only (a word said by another clause of the post does not count).
// decideWhole then compares the clause with r as before: another object or modifier ("et
// üstüne", "kırmızı et") differs there. Only within Turkish: across languages the object alone
// links too loosely.

// clauseStatesAct reports clause run q of a post (clausesOnly) that states fact-check r whole
// (statesWhole against q's own alignment) once r's subject, a Turkish act noun ("tüketimi",
// "yemek": verbalNoun), is taken as stated by the object right before it ("et" of "işlenmiş et
// tüketimi"), which q must state itself.
func (ix *decision) clauseStatesAct(q, r *claimParts) bool {
	subj := subjectEnd(r)
	if r.lang != "tr" || q.lang != "tr" || subj < 1 || !verbalNoun(&r.parts[subj]) {
		return false
	}
	obj := subj - 1
	if o := &r.parts[obj]; o.clause != r.parts[subj].clause || o.aside || o.verb || o.num != "" || o.ent != nil {
		return false
	}
	qa, ra := ix.alignParts(q, r)
	if ra.links[subj] == linked || ra.links[obj] != linked {
		return false
	}
	// What r says of the act the clause must say in r's own verb: with the act set aside, a
	// clause whose verb is the act itself ("balıktan sonra yoğurt yenmez" for "Balıktan sonra
	// yoğurt yemek zehirlemez") would pass for r's claim, its verb compared on meaning only.
	for j := range r.parts {
		if o := &r.parts[j]; o.verb && !o.aside && ra.links[j] != linked {
			return false
		}
	}
	// An act the clause names in a word of its own must be r's act in other words ("et yemek"
	// for "et tüketimi"), never another one done to the same object ("et satmak", "et
	// pişirmek"): decideWhole compares a verb by meaning only where it stands for the verb.
	for i := range q.parts {
		if p := &q.parts[i]; qa.links[i] != linked && verbalNoun(p) && ix.lexRelate(p, &r.parts[subj], true) != linked && ix.lexRelate(p, &r.parts[subj], false) != linked {
			return false
		}
	}
	rr := *r
	rr.parts = append([]part(nil), r.parts...)
	rr.parts[subj].aside = true
	_, rra := ix.alignParts(q, &rr)
	return ix.statesWhole(q, &rr, rra)
}

// A post often tells the poster's own story in one clause and states the fact-check's claim in a
// later one ("I take 1000mg every morning and haven't had a cold in years. Vitamin C keeps colds
// away", "Annem balık yaptığı akşam cacık koymaz, balıkla yoğurt zehirler diye", "my dad won't
// touch eggs anymore, …"). decideClauses (decide.go) tries the clause that states the claim only
// while no other clause negates, so that a clause denying or doubting the claim is never set
// aside; a negation inside the poster's story denies nothing, though: it says what the poster or
// the poster's own do or do not do. storyClauses tells such a clause by closed grammatical cues
// only: it comes before the clauses that state the claim (a denial after the claim, "…, not
// true", stays where it is), the post is no question, it has a first person (an English
// pronoun or possessive, a Turkish pronoun, a first-person possessive ending on a noun the
// lexicon knows, or a finite Turkish verb in the first person that the lexicon does not know as a
// word of its own: "antibiyotik" is no "-tik" past), and at least two words of its own that the
// fact-check does not state (a story says something else; "I don't buy it", "I'm not sure" say
// nothing but the doubt). A clause with a word of truth, saying or believing ("I don't believe
// it", "I never said that", "sanmıyorum") or of doubt or denial (denialRoots, frame.go) is never
// one, nor is a clause of a post in another language than the fact-check's (its words are
// compared within one language only).

// storyClauses reports, for each clause of post q, a negated clause that tells the poster's own
// story (see above) beside fact-check r, or nil when q has none. decideClauses sets such a clause
// aside only when it comes before the clauses it tries.
func (ix *decision) storyClauses(q, r *claimParts) []bool {
	if len(q.negs) == 0 || q.question || q.lang != r.lang || ix.lex == nil || q.read == "" || strings.Contains(q.read, "?") {
		return nil
	}
	pieces := commentPieces(q.read)
	if len(pieces) != q.clauses {
		return nil
	}
	qa, _ := ix.alignParts(q, r)
	var story []bool
	for _, g := range q.negs {
		if g.prohibition || g.clause >= len(pieces) || story != nil && story[g.clause] {
			continue
		}
		if ix.storyClause(q, qa, pieces[g.clause], g.clause) {
			if story == nil {
				story = make([]bool, q.clauses)
			}
			story[g.clause] = true
		}
	}
	return story
}

// storyClause reports clause c of post q (its text piece; qa: q aligned with the fact-check) as
// the poster's own story: a first person, at least two words of its own, none of truth,
// saying, believing, denying or doubting.
func (ix *decision) storyClause(q *claimParts, qa sideAlign, piece string, c int) bool {
	own := 0
	for i := range q.parts {
		p := &q.parts[i]
		if p.aside {
			return false // the clause numbering may not follow q.read
		}
		if p.clause != c {
			continue
		}
		if ix.truthOrBelief(p) || ix.denialWord(p) {
			return false
		}
		if p.num == "" && qa.links[i] == unlinked {
			own++
		}
	}
	if own < 2 {
		return false
	}
	for _, w := range frameWords.FindAllString(piece, -1) {
		f := turkish.Fold(w)
		if firstPersons[f] || q.lang == "tr" && ix.trStoryPerson(f) {
			return true
		}
	}
	return false
}

// trStoryPerson reports a folded Turkish word in the first person (trFirstPerson, commentclause.go)
// that is not a word the lexicon knows whole: "antibiyotik" and "kritik" end as a first-person
// past ("-tik") does, but are nouns.
func (ix *decision) trStoryPerson(w string) bool {
	return ix.trFirstPerson(w) && !ix.knownTurkish(w)
}

// denialWord reports a part the lexicon has as a kind of denying or doubting (denialRoots,
// frame.go): "I never doubted it" speaks of the claim.
func (ix *decision) denialWord(p *part) bool {
	return ix.relatesTo(p, denialByLang, func(_ string, r thesaurus.Relation) bool {
		return r == thesaurus.Same || r == thesaurus.Synonym || r == thesaurus.Broader
	})
}

// firstPersons are the first person pronouns and possessives of commentPersons
// (commentclause.go): a second person ("you don't need sunscreen when it's cloudy") is often the
// claim itself, said to the reader.
var firstPersons = map[string]bool{
	"i": true, "me": true, "my": true, "mine": true, "we": true, "us": true, "our": true, "ours": true, "im": true, "i'm": true,
	"ben": true, "beni": true, "bana": true, "benim": true, "biz": true, "bizi": true, "bize": true, "bizim": true,
}

// denialByLang are denialRoots as relatesTo asks for them, by language (read only).
var denialByLang = map[string][]string{"en": denialRoots, "tr": {"reddetmek", "yalanlamak", "şüphelenmek"}}
