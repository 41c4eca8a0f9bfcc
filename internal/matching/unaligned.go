package matching

import (
	"fmt"
	"strings"

	"github.com/claimcheck/claimcheck/internal/thesaurus"
	"github.com/claimcheck/claimcheck/internal/turkish"
)

// Rules of the colloq3 round (eval/colloq3.jsonl): each finds a salient part of one claim that
// the alignment left unstated, or stated only loosely, while the other claim has a word of its
// own in its place, so that a look-alike ("Eating red meat …", "Einstein was expelled from
// school", "e-postayı Tim Berners-Lee CERN'de icat etmiş", "öğle yemeği günün en önemli
// öğünü") does not take the fact-check's verdict.

// unalignedPart runs the rules of this file on an alignment decideWhole has finished setting
// aside (chatter, generic persons, dates) and returns the reason of the first that finds a
// difference, "" when none does.
func (ix *decision) unalignedPart(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) string {
	if i, j := ix.verbReadModifiers(q, qa, r, ra); i >= 0 {
		return fmt.Sprintf("different detail: %s ≠ %s", q.parts[i].text, r.parts[j].text)
	}
	if i, j := ix.nameByLooseWord(q, qa, r, ra); i >= 0 {
		return fmt.Sprintf("different entity: %s ≠ %s", q.parts[i].text, r.parts[j].text)
	}
	if i, v, n := ix.objectDropped(q, qa, r, ra); i >= 0 {
		return ix.verbJudged(fmt.Sprintf("different predicate: %s ≠ %s %s", q.parts[i].text, r.parts[v].text, r.parts[n].text)) // predshadow.go
	}
	if i := modifierOnPhraseNoun(q, qa, r); i >= 0 {
		return fmt.Sprintf("different claim: the claim also says %s, the fact-check does not", q.parts[i].text)
	}
	if i, j := modifierForRestriction(q, qa, r, ra); i >= 0 {
		return fmt.Sprintf("different subject: %s %s ≠ %s … %s", q.parts[i].text, q.parts[i+1].text, r.parts[j-1].text, r.parts[j].text)
	}
	if i, j := ix.claimCompound(q, qa, r, ra); i >= 0 {
		return fmt.Sprintf("different detail: %s %s ≠ %s", q.parts[i].text, q.parts[i+1].text, r.parts[j].text)
	}
	if i, j := ix.hyphenFirstOnly(q, qa, r, ra); i >= 0 {
		return fmt.Sprintf("different detail: %s ≠ %s %s", q.parts[i].text, r.parts[j-1].text, r.parts[j].text)
	}
	if i, j := ix.locativeForPlace(q, qa, r, ra); i >= 0 {
		return fmt.Sprintf("different detail: %s ≠ %s", q.parts[i].text, r.parts[j].text)
	}
	if i, j := ix.siblingByModifier(q, qa, r, ra); i >= 0 {
		return fmt.Sprintf("different %s: %s %s ≠ %s", roleName(&r.parts[j]), q.parts[i].text, q.parts[i+1].text, r.parts[j].text)
	}
	if i, j := laterClauseOnly(q, qa, r, ra); i >= 0 {
		return fmt.Sprintf("different %s: %s ≠ %s", roleName(&r.parts[j]), q.parts[i].text, r.parts[j].text)
	}
	if i, j := modifierIntoHead(q, qa, r, ra); i >= 0 {
		return fmt.Sprintf("different detail: %s ≠ %s", q.parts[i].text, r.parts[j].text)
	}
	if i := onlyRestriction(q, qa); i >= 0 {
		return fmt.Sprintf("different claim: the claim says only %s, the fact-check does not", q.parts[i].text)
	}
	if i, j := ix.crossedLink(q, qa, r, ra); i >= 0 { // crossed.go
		return fmt.Sprintf("different %s: %s ≠ %s", roleName(&r.parts[j]), q.parts[i].text, r.parts[j].text)
	}
	if i, _ := rolesReversed(q, qa, r, ra); i >= 0 { // crossed.go
		return fmt.Sprintf("different subject: %s ≠ %s", q.parts[i].text, r.parts[firstPart(r)].text)
	}
	if i, j := placeForDate(q, qa, r, ra); i >= 0 {
		return fmt.Sprintf("different detail: the claim says %s, the fact-check says %s", q.parts[i].text, r.parts[j].text)
	}
	return ""
}

// placeForDate finds a where of the claim's own (a place adjunct it states and the fact-check
// does not) while the fact-check's when, a year, is left out: the claim tells another detail of
// the event than the one the fact-check rated ("Basketball was invented by James Naismith in
// Canada" for "… in 1891"). A place added beside the fact-check's year ("… in 1891 in
// Springfield") still only makes the claim more specific. It returns the claim's place and the
// fact-check's year; -1, -1 when there is none.
func placeForDate(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int) {
	year := -1
	for j := range r.parts {
		if o := &r.parts[j]; o.slot == "year" && !o.aside && ra.links[j] == unlinked && !numberStated(o, q) {
			year = j
			break
		}
	}
	if year < 0 {
		return -1, -1
	}
	for i := range q.parts {
		// A number in words ("in eighteen ninety-one") is the year said otherwise.
		if p := &q.parts[i]; p.place && qa.links[i] == unlinked && isContent(p) && !p.verb && !isYearWord(p) {
			return i, year
		}
	}
	return -1, -1
}

// laterClauseOnly finds a fact-check word the post states only in a clause after the one that
// states the fact-check's predicate, while that clause has a word of its own left unstated in
// its place: the post makes its claim of something else and names the fact-check's word in a
// comment after it ("gümüşün fiyatı hiçbir zaman düşmez, altından daha garanti", "Kalahari
// dünyanın en büyük çölüdür, Sahra ikinci", "julius caesar was very short, shorter than
// napoleon even", "the official ultramarathon distance is 42.195 km, same as a marathon"). A
// word stated in a clause before is a topic the post opens with ("Aşılar? otizm yapıyor"), so
// only a later clause counts; and the clause is the one of the fact-check's last predicate
// word, so that a post that spreads the claim over clauses is read as a whole. The claim's word
// must open its clause (the subject) or stand right before a word linked to the one after the
// fact-check's. It returns the claim's word and the fact-check's; -1, -1 when there is none.
func laterClauseOnly(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int) {
	if q.clauses < 2 || q.lang != r.lang || len(r.parts) == 0 {
		return -1, -1 // across languages a part links through loose translations
	}
	// c is the clause of the post that states the fact-check's predicate: its last stated verb
	// or predicate word, or for a claim read without one ("Napoleon was very short") its last
	// stated word. first[j] is the first clause stating word j of the fact-check.
	pred := -1
	for j := len(r.parts) - 1; j >= 0; j-- {
		if o := &r.parts[j]; ra.links[j] == linked && !o.aside && (o.verb || o.role == rolePredicate) {
			pred = j
			break
		}
	}
	// Without a predicate word the clause is less sure ("Going to Turkey next summer, starting
	// in the capital, Istanbul"): only a modifier of a head both claims state, in the place of the
	// fact-check's modifier of it, counts.
	fallback := pred < 0
	if fallback {
		for j := len(r.parts) - 1; j >= 0 && pred < 0; j-- {
			if ra.links[j] == linked && !r.parts[j].aside {
				pred = j
			}
		}
	}
	if pred < 0 {
		return -1, -1
	}
	first := make([]int, len(r.parts))
	for j := range first {
		first[j] = -1
	}
	c := q.parts[ra.with[pred]].clause
	for i := range q.parts {
		if qa.links[i] != linked {
			continue
		}
		if j, cl := qa.with[i], q.parts[i].clause; first[j] < 0 || cl < first[j] {
			first[j] = cl
		}
		if qa.with[i] == pred {
			c = min(c, q.parts[i].clause)
		}
	}
	for j := range r.parts {
		o := &r.parts[j]
		if j == pred || first[j] <= c || o.aside || o.verb || o.num != "" || genericPerson(o) || o.role != roleModifier && o.role != roleCore {
			continue
		}
		for i := range q.parts {
			p := &q.parts[i]
			if p.clause != c || qa.links[i] != unlinked || !isContent(p) || p.verb || converb(p) || p.place || p.role != roleModifier && p.role != roleCore {
				continue
			}
			if fallback && (p.role != roleModifier || o.role != roleModifier) {
				continue
			}
			if p.first && !fallback || i+1 < len(q.parts) && q.parts[i+1].clause == c && qa.links[i+1] == linked && qa.with[i+1] == j+1 {
				return i, j
			}
		}
	}
	return -1, -1
}

// premodifier reports part i of c, left unstated, directly before a noun of its clause that the
// other claim states: an adjective or a participle ("red", "processed" of "Eating processed meat
// increases …"), which the English reading by position may have taken for the verb when a
// gerund subject comes first. In English it counts only when a later word of the clause is a
// stated verb (the clause's real predicate); otherwise it must have been read as a modifier.
func premodifier(c *claimParts, a sideAlign, i int) bool {
	if i+1 >= len(c.parts) || a.links[i] != unlinked || a.links[i+1] != linked {
		return false
	}
	p, h := &c.parts[i], &c.parts[i+1]
	if p.num != "" || p.aside || p.ent != nil || h.clause != p.clause || h.num != "" || h.verb || h.ent != nil {
		return false
	}
	if p.role == roleModifier && !p.verb {
		return true
	}
	if p.lang != "en" || !(p.verb || p.verbLike) || h.verbLike || i == 0 || a.links[i-1] != linked || c.parts[i-1].clause != p.clause {
		return false
	}
	for k := i + 2; k < len(c.parts) && c.parts[k].clause == p.clause; k++ {
		if a.links[k] == linked && (c.parts[k].verb || c.parts[k].verbLike) {
			return true
		}
	}
	return false
}

// modifierWord reports an English word that can modify a noun: one the lexicon does not know as
// a verb ("red"), or a past participle ("processed").
func (ix *decision) modifierWord(p *part) bool {
	if p.lang != "en" {
		return false
	}
	if !(p.verb || p.verbLike) {
		return true
	}
	if strings.HasSuffix(p.folded, "ed") {
		return true
	}
	return ix.lex != nil && len(ix.lex.Lemmas("en", p.folded)) > 0 && !ix.englishVerb(p.folded)
}

// verbReadModifiers finds two different words before one head that both claims state, at least
// one of them read as a verb by its position: "Eating red meat increases …" for "Eating
// processed meat increases …". A verb is compared on meaning only (see decideWhole), so
// otherModifier, which compares modifiers, passed these by; but a word between a gerund and
// its noun, with the clause's verb after the noun, modifies that noun. It returns the claim's
// word and the fact-check's; -1, -1 when there is none.
func (ix *decision) verbReadModifiers(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int) {
	if q.lang != "en" || r.lang != "en" {
		return -1, -1 // across languages modifiers translate too loosely to compare
	}
	for i := 0; i+1 < len(q.parts); i++ {
		if !premodifier(q, qa, i) {
			continue
		}
		h := qa.with[i+1]
		if h < 1 || !premodifier(r, ra, h-1) {
			continue
		}
		p, o := &q.parts[i], &r.parts[h-1]
		if !(p.verb || p.verbLike || o.verb || o.verbLike) {
			continue // two plain modifiers: otherModifier's case
		}
		if !ix.modifierWord(p) || !ix.modifierWord(o) {
			continue // a verb after all ("can tell exactly when …", "gives you stomach ulcers")
		}
		if ix.relateWords(p, o) || ix.lexRelate(p, o, true) != unlinked || ix.lexRelate(o, p, false) != unlinked {
			continue
		}
		return i, h - 1
	}
	return -1, -1
}

// nameByLooseWord finds a name of the fact-check of several words ("World Wide Web") that the
// claim states only in part, and only through common words of its own linked by meaning or
// translation, never as written: "e-postayı" (e-mail) took "World" through a translation of a
// translation, and "Wide Web" is left over. A name the claim says in short ("the web") keeps the
// word as written; one it translates ("Dünya Kupası") states every word. It returns the claim's
// word and the fact-check's word left over; -1, -1 when there is none.
func (ix *decision) nameByLooseWord(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int) {
	for s := 0; s < len(r.parts); {
		e := s
		for e < len(r.parts) && r.parts[e].ent != nil && !r.parts[e].aside && r.parts[e].clause == r.parts[s].clause {
			e++
		}
		if e-s < 2 {
			s = max(e, s+1)
			continue
		}
		loose, left := -1, -1
		written := false
		for k := s; k < e; k++ {
			switch ra.links[k] {
			case unlinked:
				if left < 0 {
					left = k
				}
			case linked, opposite:
				p, o := &q.parts[ra.with[k]], &r.parts[k]
				if p.ent != nil || ix.relateWords(p, o) || ix.translatesAsWritten(p, o) || ix.translatesAsWritten(o, p) {
					written = true
				} else if loose < 0 {
					loose = ra.with[k]
				}
			}
		}
		if !written && loose >= 0 && left >= 0 {
			return loose, left
		}
		s = e
	}
	return -1, -1
}

// objectDropped finds a fact-check predicate of a verb and its object, both left unstated, where
// the claim has a verb of its own and no word in the object's place: "Einstein was expelled
// from school" for "Einstein failed maths at school". decideWhole reads a claim's verb left over
// as the fact-check's predicate reworded (verbs are compared on meaning only); with the object
// of that predicate gone as well, the claim says another thing of the same subject. It returns
// the claim's verb and the fact-check's verb and object; -1, -1, -1 when there is none.
func (ix *decision) objectDropped(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int, int) {
	// In English the noun after the verb is its object; in Turkish the noun before the verb may
	// be its subject ("Ay'a iniş hiç gerçekleşmedi").
	if q.lang != "en" || r.lang != "en" {
		return -1, -1, -1
	}
	i := firstUnlinked(q, qa, func(p *part) bool { return p.verb && !p.aside && p.num == "" })
	if i < 0 || firstUnlinked(q, qa, func(p *part) bool { return isContent(p) && !p.verb && !p.verbLike }) >= 0 {
		return -1, -1, -1
	}
	for v := range r.parts {
		o := &r.parts[v]
		if ra.links[v] != unlinked || !o.verb || o.aside || o.role != rolePredicate {
			continue
		}
		j := v + 1
		if j >= len(r.parts) || ra.links[j] != unlinked {
			continue
		}
		if n := &r.parts[j]; n.clause == o.clause && n.role == roleCore && !n.verb && !n.first && !n.place && !n.aside && n.num == "" && n.ent == nil && !genericPerson(n) &&
			ix.lexRelate(&q.parts[i], o, true) == unlinked {
			return i, v, j
		}
	}
	return -1, -1, -1
}

// siblingByModifier finds, within one language, a modifier and its head in the claim, both linked
// to one word of the fact-check, where the head is a hypernym of that word and the modifier alone
// is unrelated to it: "öğle yemeği" (lunch: "yemek", a meal, narrowed by "öğle", noon) for
// "Kahvaltı" (breakfast), which a loose link of the phrase took as stated. A head narrowed by
// its modifier to another kind of the same thing names a sibling of the fact-check's word, not
// that word. It returns the claim's modifier (the head follows it) and the fact-check's word; -1,
// -1 when there is none.
func (ix *decision) siblingByModifier(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int) {
	if q.lang != r.lang || ix.lex == nil {
		return -1, -1
	}
	rel := func(p, o *part) thesaurus.Relation {
		best := thesaurus.Unrelated
		for _, a := range p.dict {
			for _, b := range o.dict {
				if x := ix.relations.relate(ix.lex, p.lang, a, b); x != thesaurus.Unrelated && (best == thesaurus.Unrelated || x < best) {
					best = x
				}
			}
		}
		return best
	}
	for i := 0; i+1 < len(q.parts); i++ {
		m, h := &q.parts[i], &q.parts[i+1]
		if qa.links[i] != linked || qa.links[i+1] != linked || qa.with[i] != qa.with[i+1] || m.clause != h.clause || m.ent != nil || h.ent != nil || m.num != "" || h.num != "" {
			continue
		}
		o := &r.parts[qa.with[i]]
		if ix.relateWords(h, o) || ix.relateWords(m, o) || ix.compoundStates(q, i, o) { // multiword.go
			continue
		}
		if rel(h, o) == thesaurus.Narrower && rel(m, o) == thesaurus.Unrelated {
			return i, qa.with[i]
		}
	}
	return -1, -1
}

// clippedForm reports two English words one of which is the start of the other, four letters or
// more ("temp" for "temperature"): a post may clip a word even where the lexicon knows the
// clipping as a word of its own ("temp", a temporary worker), so two such words of a where/when
// detail are not two different details (decideWhole).
func clippedForm(p, o *part) bool {
	if p.lang != "en" || o.lang != "en" {
		return false
	}
	a, b := p.folded, o.folded
	if len(a) > len(b) {
		a, b = b, a
	}
	return len(a) >= 4 && len(b) >= len(a)+3 && strings.HasPrefix(b, a)
}

// addedModifier reports part i of q, left unstated, a plain modifier ("elektronik", "Octopus")
// directly before a word of its clause that the fact-check states.
func addedModifier(q *claimParts, qa sideAlign, i int) bool {
	if i+1 >= len(q.parts) || qa.links[i] != unlinked || qa.links[i+1] != linked {
		return false
	}
	p := &q.parts[i]
	return p.role == roleModifier && !p.verb && !p.verbLike && p.num == "" && p.ent == nil && !p.aside && q.parts[i+1].clause == p.clause
}

// modifierOnPhraseNoun finds a modifier the claim adds to a noun that the fact-check says only
// as the noun of a verb phrase the lexicon lists ("Sigara" of "Sigara içmek"): "elektronik sigara
// … kanser yapıyormuş". With the phrase said in full ("Filtreli sigara içmek"), decideWhole
// already reads the modifier as a word of the claim's own; said without its verb, the noun is the
// act all the same, and the modifier names another thing done. Only a modifier opening the
// claim's subject, before a plain noun. It returns the modifier; -1 when there is none.
func modifierOnPhraseNoun(q *claimParts, qa sideAlign, r *claimParts) int {
	for i := 0; i+1 < len(q.parts); i++ {
		if !addedModifier(q, qa, i) || !q.parts[i].first || q.parts[i+1].verb || verbalNoun(&q.parts[i+1]) {
			continue
		}
		o := &r.parts[qa.with[i+1]]
		if o.aside || o.role == roleAdjunct {
			continue
		}
		phrase := o.verb && !o.verbLike && len(o.dict) == 1 && strings.Contains(o.dict[0], " ")
		// Across languages the act may be a gerund ("Smoking" for "sigara").
		if phrase || q.lang != r.lang && o.first && verbalNoun(o) {
			return i
		}
	}
	return -1
}

// modifierForRestriction finds, in English, a modifier the claim adds to the fact-check's
// subject where the fact-check restricts that subject by a phrase after it that the claim leaves
// out: "Octopus blood" for "Blood in your veins". The modifier says whose or which one in the
// place of the fact-check's own restriction ("Venous blood", linked to "veins", states it). It
// returns the claim's modifier and the fact-check's restricting word; -1, -1 when there is none.
func modifierForRestriction(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int) {
	if q.lang != "en" || r.lang != "en" {
		return -1, -1
	}
	for i := 0; i+1 < len(q.parts); i++ {
		if !addedModifier(q, qa, i) {
			continue
		}
		h := qa.with[i+1]
		if h+1 >= len(r.parts) || !r.parts[h].first || h > 0 && r.parts[h-1].role == roleModifier && r.parts[h-1].clause == r.parts[h].clause {
			continue
		}
		if o := &r.parts[h+1]; ra.links[h+1] == unlinked && o.clause == r.parts[h].clause && (o.place || o.role == roleAdjunct) && !o.verb && o.num == "" && o.ent == nil && !o.aside {
			return i, h + 1
		}
	}
	return -1, -1
}

// compoundOf returns the lemma of a compound the lexicon lists for word m before word h of one
// claim ("renk körü" for "renk körüdür", "red meat"),
// "" when it lists none. Turkish compounds are looked up by h's lemma candidates and by its
// dictionary forms with the compound's possessive ending.
func (ix *decision) compoundOf(m, h *part) string {
	if ix.lex == nil || m.lang != h.lang || m.num != "" || h.num != "" {
		return ""
	}
	switch m.lang {
	case "en":
		for _, d := range h.dict {
			if c := m.folded + " " + d; len(ix.lex.Lemmas("en", c)) > 0 {
				return c
			}
		}
	case "tr":
		var heads []string
		heads = append(heads, h.lemmas...)
		for _, d := range h.dict {
			if strings.HasSuffix(d, "mak") || strings.HasSuffix(d, "mek") {
				continue
			}
			stems := []string{d}
			if n := len(d); n > 1 {
				if soft, ok := map[byte]string{'k': "g", 'p': "b", 't': "d", 'c': "c"}[d[n-1]]; ok {
					stems = append(stems, d[:n-1]+soft)
				}
			}
			for _, st := range stems {
				heads = append(heads, st+"i", st+"u", st+"si", st+"su")
			}
		}
		for _, x := range heads {
			if c := m.folded + " " + x; len(x) >= 3 && ix.knownTR(c) {
				return c
			}
		}
	}
	return ""
}

// relatesAs reports a compound c related to one of o's dictionary forms as the same word, a
// synonym or a kind of it (Broader: c IS-A o, or a deeper kind: compoundNamesKind).
func (ix *decision) relatesAs(lang, c string, o *part) bool {
	for _, d := range o.dict {
		switch ix.relations.relate(ix.lex, lang, c, d) {
		case thesaurus.Same, thesaurus.Synonym, thesaurus.Broader:
			return true
		}
	}
	return ix.compoundNamesKind(lang, c, o) // kindname.go
}

// claimCompound finds, within one language, a word of the claim left unstated before a word the
// fact-check states, the two a compound the lexicon lists that is not the fact-check's word nor a
// kind of it: "Yarasalar renk körüdür" (colour-blind) for "Yarasalar kördür". decideWhole reads a
// word beside a stated noun as narrowing it; a listed compound is a word of its own. It returns
// the claim's first word (the compound is it and the next) and the fact-check's word; -1, -1 when
// there is none.
func (ix *decision) claimCompound(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int) {
	if q.lang != r.lang {
		return -1, -1
	}
	for i := 0; i+1 < len(q.parts); i++ {
		m, h := &q.parts[i], &q.parts[i+1]
		if qa.links[i] != unlinked || qa.links[i+1] != linked || m.verb || m.verbLike || verbalNoun(m) || m.ent != nil || m.aside || h.ent != nil || h.clause != m.clause {
			continue
		}
		c := ix.compoundOf(m, h)
		if c == "" {
			continue
		}
		if o := &r.parts[qa.with[i+1]]; !ix.relatesAs(q.lang, c, o) {
			return i, qa.with[i+1]
		}
	}
	return -1, -1
}

// englishOnly reports a word of undetermined text that the lexicon knows as English while
// neither it nor a stem of it is a Turkish word: its Turkish case ending ("frostbite" read as a
// locative in -te) is only a look-alike of one, and would make a where/when detail of the claim's
// object (claimparts.go).
func (ix *Index) englishOnly(p *part) bool {
	return ix.lex != nil && len(p.folded) >= 4 && !ix.knownTR(p.folded) && !ix.inflectedKnown(p) && len(ix.lex.Lemmas("en", p.folded)) > 0
}

// hyphenFirstOnly finds an English word of the claim joined by a hyphen ("left-handed") linked to
// a fact-check word that is only its first element ("left" of "left brained"), while the
// fact-check's next word is left unstated: the second element stands where that word does and
// says another thing ("handed" for "brained"). It returns the claim's word and the fact-check's
// word left over; -1, -1 when there is none.
func (ix *decision) hyphenFirstOnly(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int) {
	for i := range q.parts {
		p := &q.parts[i]
		a, b, ok := strings.Cut(p.folded, "-")
		if qa.links[i] != linked || !ok || len(a) < 2 || len(b) < 3 || p.lang != "en" {
			continue
		}
		j := qa.with[i]
		if o := &r.parts[j]; o.folded != a || j+1 >= len(r.parts) || ra.links[j+1] != unlinked {
			continue
		}
		n := &r.parts[j+1]
		if n.clause != r.parts[j].clause || n.aside || n.num != "" || n.ent != nil || n.lang != "en" {
			continue
		}
		second := part{text: b, folded: b, lang: "en", lemmas: []string{b}, dict: []string{b}}
		if ix.lex != nil {
			if ls := ix.lex.Lemmas("en", b); len(ls) > 0 {
				second.dict = ls
			}
		}
		if ix.relateWords(&second, n) || ix.lexRelate(&second, n, true) != unlinked {
			continue
		}
		return i, j + 1
	}
	return -1, -1
}

// locativeForPlace finds, in Turkish, a word of the claim with a locative ending that the reading
// took for a plain word (the lexicon lists "elinde" as written) where the fact-check has a place
// word of its own, both left unstated: "elinde 206 kemik" for "iskeletinde 206 kemik". The same
// ending in the same slot makes both where/when details, and two the lexicon does not relate are
// two different places (as decideWhole compares them). It returns the two parts; -1, -1 when
// there is none.
func (ix *decision) locativeForPlace(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int) {
	if q.lang != "tr" || r.lang != "tr" {
		return -1, -1
	}
	for i := range q.parts {
		p := &q.parts[i]
		if qa.links[i] != unlinked || p.place || p.verb || p.ent != nil || p.num != "" || p.aside || ix.morph.CaseOf(p.folded) != turkish.Locative {
			continue
		}
		j := counterpart(q, qa, r, ra, i, false, func(o *part) bool { return o.place && !o.verb && o.ent == nil && o.num == "" && !o.aside })
		if j < 0 {
			continue
		}
		o := &r.parts[j]
		if ix.relateWords(p, o) || ix.lexRelate(p, o, true) != unlinked || ix.lexRelate(o, p, false) != unlinked {
			continue
		}
		return i, j
	}
	return -1, -1
}

// isYearWord reports a place-read word that is a number in words ("eighteen", "ninety-one"):
// "in eighteen ninety-one" is a year said otherwise, not a place.
func isYearWord(p *part) bool {
	_, ok := wordValues[strings.Split(p.folded, "-")[0]]
	return ok
}

// yearBeside reports a year p of the post where the fact-check r states a year too: a clause
// holding it says when the fact-check's event happened, in agreement or not, so it is no
// chatter.
func yearBeside(p *part, r *claimParts) bool {
	if p.slot != "year" {
		return false
	}
	for j := range r.parts {
		if o := &r.parts[j]; o.slot == "year" && !o.aside {
			return true
		}
	}
	return false
}

// modifierIntoHead finds a modifier of the claim linked to the very fact-check word its head is
// linked to ("prostat kanseri" is a kind of "kanser", so "prostat" took "kanserini" as a
// hyponym), while the fact-check says which one with a word of its own before that head, left
// unstated ("rahim ağzı kanserini"): two kinds of one thing, not the fact-check's kind said more
// specifically. Within one language only: across languages a modifier translates loosely. It
// returns the claim's modifier and the fact-check's word; -1, -1 when there is none.
func modifierIntoHead(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int) {
	if q.lang != r.lang {
		return -1, -1
	}
	for i := 0; i+1 < len(q.parts); i++ {
		p, h := &q.parts[i], &q.parts[i+1]
		if p.role != roleModifier || p.clause != h.clause || p.aside || p.num != "" || p.ent != nil ||
			qa.links[i] != linked || qa.links[i+1] != linked || qa.with[i] != qa.with[i+1] {
			continue
		}
		k := qa.with[i+1]
		if k < 1 {
			continue
		}
		if o := &r.parts[k-1]; ra.links[k-1] == unlinked && o.clause == r.parts[k].clause && isContent(o) && !o.verb && !o.place && o.ent == nil {
			return i, k - 1
		}
	}
	return -1, -1
}

// inCircumstance reports part i of c as a where or when of its clause: a place or time adjunct,
// or a modifier directly before one ("soğuk olduğunda", "sıcak ve bunaltıcı olduğunda").
func inCircumstance(c *claimParts, i int) bool {
	p := &c.parts[i]
	if p.verb || p.aside {
		return false
	}
	if p.place {
		return true
	}
	for k := i + 1; k < len(c.parts) && c.parts[k].clause == p.clause && !c.parts[k].verb; k++ {
		if n := &c.parts[k]; n.place {
			return true
		} else if n.role != roleModifier && !n.afterAnd {
			return false
		}
	}
	return false
}

// onlyRestriction finds a where or who of the claim's own after "only", "sadece", "yalnızca"
// (bounded '=' on a word that is no number), left unstated by the fact-check: "sadece erkeklerde
// sigara içmek akciğer kanserine yol açar" says the fact-check's claim holds there alone, and so
// denies it elsewhere, which the fact-check does not rate ("not just a myth" restricts nothing).
// It returns the claim's word; -1 when there is none.
func onlyRestriction(q *claimParts, qa sideAlign) int {
	for i := range q.parts {
		if p := &q.parts[i]; p.bounded == '=' && p.num == "" && qa.links[i] == unlinked && isContent(p) && !p.verb && inCircumstance(q, i) {
			return i
		}
	}
	return -1
}
