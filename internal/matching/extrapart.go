package matching

import (
	"slices"
	"strings"
	"unicode"
)

// Exemptions from decideWhole's "the claim also says X" refusal (decide.go): a word of the claim
// that no part of the fact-check states and that still adds nothing the fact-check did not rate,
// because the grammar of the claim makes it a carrier of what the fact-check says, not a claim
// of its own. Each is a grammatical class, never a list of the words that were missed.

// carriedAside sets aside the words of q that the fact-check r does not state but that only
// carry what r says (lightGerund, necessityWord, misreadVerb, contraryProForm), as genericAside
// sets aside a generic person: decideWhole's rules after it then read the claim without them.
// Across languages only the grammar of necessity carries (a mood or a modal says the same in
// either language); any other word there may translate loosely, so it is not set aside.
func (ix *decision) carriedAside(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, cross bool) {
	for i := range q.parts {
		if qa.links[i] != unlinked || q.parts[i].num != "" || q.parts[i].aside {
			continue
		}
		if necessityWord(q, qa, r, i) || !cross && (lightGerund(q, qa, r, ra, i) || ix.misreadVerb(q, qa, r, ra, i) || contraryProForm(q, qa, r, ra, i) || ix.causalNoun(q, qa, r, ra, i) || unitRestated(q, qa, r, i) || continuedAct(q, qa, i)) {
			qa.links[i] = chatter
		}
	}
}

// enLightVerbs are the English light verbs: their own meaning is thin, so a gerund of one
// ("going out in the cold", "getting the jab", "taking vitamin C") names the act of its
// complement, which carries the content. A closed class of the grammar, as the auxiliaries are.
var enLightVerbs = []string{"be", "come", "do", "get", "give", "go", "have", "keep", "make", "put", "take"}

// lightGerund reports an English gerund of a light verb opening its clause ("Going out in the
// cold gives you a cold") whose phrase, up to the clause's verb, states a part of the
// fact-check's subject phrase ("Cold weather causes the common cold"): the gerund names being
// in what the fact-check's subject names, not another subject. Not when the fact-check's
// subject names an act of its own left unstated ("Sleeping in a closed room …"): a gerund in
// its place is another act.
func lightGerund(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, i int) bool {
	p := &q.parts[i]
	if p.lang != "en" || !verbalNoun(p) || !slices.ContainsFunc(p.lemmas, func(l string) bool { return slices.Contains(enLightVerbs, l) }) {
		return false
	}
	if i > 0 && q.parts[i-1].clause == p.clause {
		return false // not the head of its clause's subject
	}
	rEnd := subjectVerb(r, 0)
	if rEnd < 0 {
		return false
	}
	for j := 0; j < rEnd; j++ {
		if ra.links[j] == unlinked && verbalNoun(&r.parts[j]) {
			return false
		}
	}
	for k := i + 1; k < len(q.parts) && q.parts[k].clause == p.clause && !q.parts[k].verb; k++ {
		if qa.links[k] != linked {
			continue
		}
		if qa.with[k] >= rEnd {
			break // the claim's predicate side, which a verb it has no part for may open
		}
		return !separatedBy(q.frameText, p.text, q.parts[k].text)
	}
	return false
}

// enSeparation are the English prepositions and particles of source or separation: after one,
// a light verb's complement is what the act leaves or lacks ("Coming in from the cold",
// "Keeping out of the cold", "Getting rid of …"), not what it is in. A closed class.
var enSeparation = []string{"from", "of", "off", "away", "without", "rid"}

// separatedBy reports whether, in text, a word of enSeparation stands between the word verb and
// the next occurrence of the word comp after it.
func separatedBy(text, verb, comp string) bool {
	sep := false
	eachWordAt(text, verb, func(_, after string) bool {
		for _, w := range strings.FieldsFunc(after, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' }) {
			if w == strings.ToLower(comp) {
				break
			}
			if slices.Contains(enSeparation, w) {
				sep = true
				break
			}
		}
		return true
	})
	return sep
}

// subjectVerb is the index of the first verb of clause c of claim x, the end of its subject
// phrase; -1 when the clause has none.
func subjectVerb(x *claimParts, c int) int {
	for j := range x.parts {
		if x.parts[j].clause == c && x.parts[j].verb && !x.parts[j].aside {
			return j
		}
	}
	return -1
}

// necessityWords are the Turkish predicates of necessity ("şart", "gerek", "lazım", …) in
// ASCII-folded form: "su içmesi şart" says what the necessitative mood says in "su
// içmelidir". A closed class of the grammar, as the mood suffix -mAlI is.
var necessityWords = []string{"sart", "gerek", "gerekli", "lazim", "zorunlu", "mecburi", "elzem"}

// necessityWord reports a Turkish predicate of necessity closing its clause right after a verb
// or verbal noun of the claim that states a verb of the fact-check in the necessitative mood
// ("günde 8 bardak su içmek şart" for "Herkes her gün en az 8 bardak su içmelidir", "… 7 saat
// uyuması gerek" for "Adults should sleep at least seven hours …"): the word says the mood.
// Where the fact-check's verb is not necessitative, the necessity is the claim's own.
func necessityWord(q *claimParts, qa sideAlign, r *claimParts, i int) bool {
	p := &q.parts[i]
	if p.lang != "tr" || p.role < roleCore || i == 0 || !slices.ContainsFunc(p.lemmas, func(l string) bool { return slices.Contains(necessityWords, l) }) {
		return false
	}
	if i+1 < len(q.parts) && q.parts[i+1].clause == p.clause {
		return false // not the clause's predicate
	}
	v := &q.parts[i-1]
	if v.clause != p.clause || qa.links[i-1] != linked || !v.verb && !verbalNoun(v) && trInfinitiveStem(v, "ma", "me") == "" {
		return false
	}
	return necessitative(r, &r.parts[qa.with[i-1]])
}

// trInfinitiveStem is the stem of an infinitive among p's dictionary forms ("uyumak": "uyu")
// that p's written form continues with one of the given endings ("uyuması": the verbal noun
// in -mA; "içmelidir": the necessitative -mAlI), "" when there is none.
func trInfinitiveStem(p *part, endings ...string) string {
	if p.lang != "tr" {
		return ""
	}
	for _, d := range p.dict {
		f := strings.Fields(d)
		if len(f) == 0 {
			continue
		}
		inf := f[len(f)-1]
		stem, ok := strings.CutSuffix(inf, "mek")
		if !ok {
			stem, ok = strings.CutSuffix(inf, "mak")
		}
		if !ok || stem == "" {
			continue
		}
		for _, e := range endings {
			if strings.HasPrefix(p.folded, stem+e) {
				return stem
			}
		}
	}
	return ""
}

// necessitative reports a verb of the fact-check in the necessitative mood: a Turkish verb
// whose written form is the stem of one of its infinitives followed by -mAlI ("içmelidir":
// iç-meli-dir), or an English verb after a modal of necessity in the fact-check's text ("Adults
// should sleep …", "needs to drink").
func necessitative(r *claimParts, o *part) bool {
	switch o.lang {
	case "tr":
		return trInfinitiveStem(o, "meli", "mali") != ""
	case "en":
		found := false
		eachWordAt(r.frameText, o.text, func(before, _ string) bool {
			w := strings.Fields(before)
			n := len(w)
			found = n > 0 && slices.Contains(enNecessityModals, w[n-1]) ||
				n > 1 && w[n-1] == "to" && slices.Contains(enNecessityBeforeTo, w[n-2])
			return found
		})
		return found
	}
	return false
}

// enNecessityModals are the English modals of necessity before a bare verb, and
// enNecessityBeforeTo those before "to": the closed class that says what Turkish -mAlI says.
var (
	enNecessityModals   = []string{"must", "should"}
	enNecessityBeforeTo = []string{"need", "needs", "have", "has", "ought"}
)

// misreadVerb reports an English verb the clause reading took for a noun: a word with a verb's
// ending (an irregular past, -ed) that the lexicon knows as a verb, in a clause with no verb of
// its own left unstated, while the fact-check has a verb left unstated ("we literally came from
// monkeys" for "Humans evolved from monkeys"): it is the claim's verb, the predicate reworded,
// as decideWhole takes verbs, unless the lexicon keeps the two verbs apart (verbsense.go).
//
// Not a predicate in -ing after "be" ("The ozone hole is healing" for "… is recovering"): read
// as the verb it would gain those rewordings, but the lexicon relates neither "heal" nor
// "widen" to "recover" and keeps neither apart from it, so "The ozone hole is widening …" would
// take the fact-check's verdict too.
func (ix *decision) misreadVerb(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, i int) bool {
	p := &q.parts[i]
	if p.lang != "en" || !p.verbLike || p.verb || p.ent != nil {
		return false
	}
	if d, ok := ix.lex.(verbSenseLexicon); !ok || len(verbForms(d, p)) == 0 {
		return false // no verb the lexicon knows (a plural noun's -s)
	}
	for k := range q.parts {
		if k != i && q.parts[k].clause == p.clause && qa.links[k] == unlinked && (q.parts[k].verb || q.parts[k].verbLike) && !q.parts[k].aside {
			return false // the clause has another candidate for its verb
		}
	}
	j := firstUnlinked(r, ra, func(o *part) bool { return o.verb && !o.aside && o.lang == "en" })
	if j < 0 {
		return false
	}
	asVerb := *p
	asVerb.verb = true
	return !ix.verbsApart(q, r, &asVerb, &r.parts[j])
}

// contraryProForm reports the word closing a clause of the claim where the fact-check has
// "otherwise", the pro-form of a predicate contrary to the one it states before ("… until
// Columbus proved it was round" for "… believed the Earth was flat until Columbus proved
// otherwise"), right after the verb that states the fact-check's verb before the pro-form (or,
// both left unstated, a verb in its place). The claim's word says which contrary; a predicate
// the fact-check states elsewhere ("proved it was flat") is linked, so never set aside here.
func contraryProForm(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, i int) bool {
	p := &q.parts[i]
	if p.lang != "en" || i == 0 || p.role < roleCore || i+1 < len(q.parts) && q.parts[i+1].clause == p.clause {
		return false
	}
	v := &q.parts[i-1]
	if v.clause != p.clause || !v.verb && !v.verbLike {
		return false
	}
	for o := 1; o < len(r.parts); o++ {
		if r.parts[o].folded != "otherwise" || ra.links[o] != unlinked {
			continue
		}
		if w := &r.parts[o-1]; (w.verb || w.verbLike) && (qa.links[i-1] == linked && qa.with[i-1] == o-1 || qa.links[i-1] == unlinked && ra.links[o-1] == unlinked) {
			return true
		}
	}
	return false
}
