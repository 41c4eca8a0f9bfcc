package matching

import (
	"strings"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/thesaurus"
	"github.com/claimcheck/claimcheck/internal/turkish"
)

// broader.go refuses a broader claim only where the post says nothing of its own, because a
// rewording leaves a fact-check's words out far more often than a look-alike does. What a
// broader claim costs depends on the fact-check's verdict, though. Leaving out a qualifier
// that restricts a claim rated true makes a claim the fact-check does not establish ("Eating
// meat …" for "Eating processed meat …", "The HPV vaccine prevents cancer" for "… cervical
// cancer"), and a post rarely leaves such a word out while meaning the same claim, so against
// a true claim an adjective (a participle included) of a stated noun is refused wherever the
// post states the noun itself, whatever else the post says. Against a false claim the broader
// claim may be true ("Vikings wore helmets" for "… horned helmets"), but a rewording more
// often states the phrase's kind otherwise there ("Kahverengi yumurta" for "Kahverengi
// kabuklu yumurta"), so the adjective must open its phrase and the post must put no word of
// its own beside the noun. And for any verdict, a condition of an act ("sabunla yıkamak",
// "loş ışıkta kitap okumak") left out while the post states the act with nothing of its own
// beside it says the act has the effect in general.

// broaderByVerdict reports the fact-check's qualifier the post leaves out (see above) as
// broaderWhy's reason, or "" when there is none.
func (ix *decision) broaderByVerdict(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) string {
	if r.rated == analysis.VerdictTrue || r.rated == analysis.VerdictFalse {
		if j, h := ix.adjectiveLeftOut(q, qa, r, ra); j >= 0 {
			return broaderWhy(r, q, j, h, ra.with[h])
		}
	}
	if why := ix.izafetLeftOut(q, qa, r, ra); why != "" {
		return why // broadmulti.go
	}
	if from, to, h := ix.actConditionLeftOut(q, qa, r, ra); from >= 0 {
		return broaderWhy(r, q, min(from, h), max(to, h), ra.with[h])
	}
	return ""
}

// leftOut reports part j of r stated by no part of q, and a word that can restrict: no
// number, name, aside, generic person or filler.
func leftOut(qa sideAlign, r *claimParts, ra sideAlign, j int) bool {
	o := &r.parts[j]
	return ra.links[j] == unlinked && !linkedTo(qa, j) && o.num == "" && !o.aside && o.ent == nil && !genericPerson(o) && !fillerQualifiers[o.folded]
}

// adjectiveLeftOut finds an adjective of the fact-check left out directly before a noun the
// post states by the same word, a synonym or a translation (a narrower word, "bacon" for
// "meat", already restricts it). Against a claim not rated true, a stated word of the
// adjective's own phrase before it, or a word of the post's own beside the noun, may state the
// phrase's kind otherwise. It returns the adjective and its noun; -1, -1 when there is none.
func (ix *decision) adjectiveLeftOut(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int) {
	isTrue := r.rated == analysis.VerdictTrue
	for j := 0; j+1 < len(r.parts); j++ {
		o, h := &r.parts[j], &r.parts[j+1]
		if !leftOut(qa, r, ra, j) || o.relative || o.possessor || o.place || verbalNoun(o) {
			continue
		}
		// A participle the clause reading took for the verb ("processed meat") is read as an
		// adjective only against a claim rated true ("failed maths": the verb).
		if o.role != roleModifier && !(isTrue && o.role == rolePredicate && o.verbLike && strings.HasSuffix(o.folded, "ed")) {
			continue
		}
		if h.clause != o.clause || h.aside || h.verb || h.num != "" || h.role == rolePredicate || !stated(ra, j+1) || !adjacent(r.frameText, o.text, h.text) {
			continue
		}
		if !ix.restrictsKind(o, isTrue) || glossStated(r, ra, j) || !ix.sameWord(&q.parts[ra.with[j+1]], h) {
			continue
		}
		if !isTrue && (j > 0 && ix.phraseGoesOn(r, ra, j) || ownNeighbour(q, qa, ra.with[j+1])) {
			continue
		}
		return j, j + 1
	}
	return -1, -1
}

// restrictsKind reports a modifier that is an adjective: an English word the lexicon knows as
// no noun or, against a claim rated true, a participle in -ed (against a false claim "failed
// maths" is the verb), a Turkish -lI word of a dictionary noun ("boynuzlu", not
// "milletvekili") or a participle in -mIş ("işlenmiş").
func (ix *decision) restrictsKind(o *part, participles bool) bool {
	switch o.lang {
	case "tr":
		f := o.folded
		if withSuffix(f) {
			return ix.withNounSuffix(f)
		}
		return strings.HasSuffix(f, "mis") || strings.HasSuffix(f, "mus") || strings.HasSuffix(f, "mış") || strings.HasSuffix(f, "muş")
	case "en":
		if participles && strings.HasSuffix(o.folded, "ed") {
			return true
		}
		nouns, _ := ix.lex.(nounLexicon)
		return ix.adjective(nouns, o)
	}
	return false
}

// sameWord reports the claim's word p as the fact-check's word h itself, a synonym or a
// translation: only then does the claim state h bare.
func (ix *decision) sameWord(p, h *part) bool {
	if ix.lex == nil {
		return false
	}
	if p.lang != h.lang {
		for _, t := range ix.translations(h, p.lang) {
			if contains(p.lexForms(), t) {
				return true
			}
		}
		return false
	}
	for _, a := range p.lexForms() {
		for _, b := range h.lexForms() {
			if rel := ix.lex.Relate(p.lang, a, b); a == b || rel == thesaurus.Same || rel == thesaurus.Synonym {
				return true
			}
		}
	}
	return false
}

// phraseGoesOn reports a stated word right before modifier j in its phrase ("Kahverengi
// kabuklu yumurta"): the claim may state the phrase's kind by that word. A Turkish plural or
// case ending closes its phrase ("Vikingler boynuzlu miğferler").
func (ix *decision) phraseGoesOn(r *claimParts, ra sideAlign, j int) bool {
	p := &r.parts[j-1]
	if p.clause != r.parts[j].clause || ra.links[j-1] == unlinked || p.verb || p.role == roleAdjunct || !adjacent(r.frameText, p.text, r.parts[j].text) {
		return false
	}
	if p.lang == "tr" {
		c := ix.morph.CaseOf(p.folded)
		// an -I may be a compound's or a colour word's own ending ("kahverengi")
		return !strings.HasSuffix(p.folded, "ler") && !strings.HasSuffix(p.folded, "lar") && (c == turkish.Nominative || c == turkish.Accusative)
	}
	return true
}

// ownNeighbour reports a word of the claim's own (no word of the fact-check states it) beside
// its word i: the claim qualifies the word in its own words ("Hava kapalıyken").
func ownNeighbour(q *claimParts, qa sideAlign, i int) bool {
	for _, k := range []int{i - 1, i + 1} {
		if k >= 0 && k < len(q.parts) && q.parts[k].clause == q.parts[i].clause && qa.links[k] == unlinked && isContent(&q.parts[k]) {
			return true
		}
	}
	return false
}

// actConditionLeftOut finds an adjunct of the fact-check (a Turkish instrumental or locative,
// a place or time, an English phrase after the act's object) left out beside a stated act or
// the act's object ("Elleri sabunla yıkamak", "Loş ışıkta kitap okumak") while the post puts
// no word of its own beside what it states there. It returns the first and last parts left
// out and the stated part beside them; -1, -1, -1 when there is none.
func (ix *decision) actConditionLeftOut(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int, int) {
	free := func(k int) bool { return leftOut(qa, r, ra, k) && !r.parts[k].verb }
	for j := range r.parts {
		o := &r.parts[j]
		if !free(j) {
			continue
		}
		cond := o.role == roleAdjunct || o.place
		if o.lang == "tr" && !cond {
			c := ix.morph.CaseOf(o.folded)
			cond = c == turkish.Instrumental || c == turkish.Locative
		}
		if !cond {
			continue
		}
		from, to := j, j
		for from > 0 && r.parts[from-1].clause == o.clause && free(from-1) {
			from--
		}
		for to+1 < len(r.parts) && r.parts[to+1].clause == o.clause && free(to+1) {
			to++
		}
		h := -1
		if r.lang == "tr" {
			if to+1 < len(r.parts) && stated(ra, to+1) && r.parts[to+1].clause == o.clause {
				h = to + 1
			}
		} else if from > 0 && stated(ra, from-1) && r.parts[from-1].clause == o.clause {
			h = from - 1
		}
		if from > 0 && stated(ra, from-1) && r.parts[from-1].role == roleModifier && r.parts[from-1].clause == o.clause && adjacent(r.frameText, r.parts[from-1].text, r.parts[from].text) {
			continue // "in the dark" for "Loş ışıkta": the claim states the condition
		}
		if h < 0 || !actNear(r, h) || ownNeighbour(q, qa, ra.with[h]) || ownCondition(q, qa) {
			continue
		}
		if r.lang == "en" && !afterPreposition(r.frameText, r.parts[from].text) {
			continue // "warming is mainly caused": an adverb of the predicate, not of the act
		}
		return from, to, h
	}
	return -1, -1, -1
}

// ownCondition reports a condition the claim states in words of its own ("in the dark"): it may
// be the fact-check's in other words.
func ownCondition(q *claimParts, qa sideAlign) bool {
	for i := range q.parts {
		if p := &q.parts[i]; qa.links[i] == unlinked && isContent(p) && !p.verb && (p.role == roleAdjunct || p.place) {
			return true
		}
	}
	return false
}

// conditionPrepositions open an English phrase that says when, where or how an act is done.
var conditionPrepositions = map[string]bool{"in": true, "with": true, "at": true, "on": true, "under": true, "during": true,
	"without": true, "after": true, "before": true, "by": true, "while": true}

// afterPreposition reports word w of text after a condition preposition, an article or
// possessive between them ("in dim light", "with soap", "in a closed room").
func afterPreposition(text, w string) bool {
	words := strings.Fields(strings.ToLower(text))
	w = strings.ToLower(w)
	for k, x := range words {
		if strings.Trim(x, ".,!?;:") != w {
			continue
		}
		for b := k - 1; b >= 0 && b >= k-3; b-- {
			if conditionPrepositions[words[b]] {
				return true
			}
			if !ofDeterminers[words[b]] && b != k-1 {
				break
			}
		}
	}
	return false
}

// actNear reports part h of r as an act, or the act's object beside it (before a Turkish act,
// after an English one).
func actNear(r *claimParts, h int) bool {
	if verbalNoun(&r.parts[h]) {
		return true
	}
	if r.lang == "tr" {
		return h+1 < len(r.parts) && verbalNoun(&r.parts[h+1])
	}
	return h > 0 && verbalNoun(&r.parts[h-1])
}
