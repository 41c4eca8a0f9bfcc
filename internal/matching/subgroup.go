package matching

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/turkish"
)

// A post may restrict a fact-check's claim to a group of people the fact-check does not name:
// "Hamile kadınlar her gün en az 8 bardak su içmelidir" for "Herkes her gün …", "Bebekler vücut
// ısılarının çoğunu başlarından kaybeder" for "Vücut ısımızın çoğunu …", "Most of a baby's body
// heat …" for "Most of your body heat …", "Baby bats are born blind" for "Bats are blind",
// "Vitamin C prevents colds in marathon runners" for "Vitamin C prevents colds". The review
// checked the claim of everyone; whether it holds of babies, of pregnant women or of marathon
// runners is another question, and a mixed review often answers it otherwise (the vitamin C
// review finds the risk halved in marathon runners alone). subgroupRestricted refuses such a
// post when a word naming a kind of person (WordNet's person, through PersonKind; a Turkish agent
// noun in -CI of a noun, "maratoncu") stands where it restricts:
//
//   - directly before a noun both claims state, as its modifier or possessor ("Baby bats",
//     "a baby's body", "Bebekler vücut …");
//   - as the group an adjunct puts the claim in: English "in"/"among" before it ("in marathon
//     runners"), a Turkish locative ("Maratoncularda", "çocuklarda");
//
// or when any noun of the post's own is its subject where the fact-check's is a generic person
// ("herkes", "everyone") the post leaves unstated: it names some of everyone, or something else
// ("Hamile kadınlar" for "Herkes").
//
// Rewordings that name the people a claim is usually told of must keep matching: "KKK aşısı
// çocuklarda otizm yapıyormuş" (the autism review discusses millions of children), "Çocukken
// yuttuğun sakız …" (the gum review discusses small children). So a group the review's body
// names (bodyMentions) is a detail the review covered, unless the review is rated partly true:
// there the body names a group to say where the claim holds and where not, and the post's claim
// of that group is not the claim rated. Across languages the body is not compared (bodyMentions
// reads one language), so there only a review rated partly true is guarded. A person word before a word the fact-check does not state
// ("Annemin mahallesine", "Kız çocuklarına yapılan HPV aşısı"), or before a verb ("If your kid
// swallows gum"), restricts nothing the review checked and is left to the other rules.

// translator is a lexicon that translates words (thesaurus.Thesaurus.Translate).
type translator interface {
	Translate(from, to, word string) []string
}

// subgroupRestricted returns the reason for refusing a post that restricts the fact-check's claim
// to a group of people the fact-check does not name (see above), or "".
func (ix *decision) subgroupRestricted(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, cross bool) string {
	if cross && r.rated != analysis.VerdictPartly {
		return "" // across languages the body cannot say which groups the review covered
	}
	kl, ok := ix.lex.(personKindLexicon)
	if !ok {
		return ""
	}
	for i := range q.parts {
		p := &q.parts[i]
		if qa.links[i] != unlinked && qa.links[i] != chatter || p.aside || p.num != "" || p.verb || p.neg || genericPerson(p) {
			continue
		}
		if generic := inPlaceOfGeneric(q, i, r, ra); generic {
			// In the place of everyone, any noun of the post's own names some of them, or
			// something else: "Hamile kadınlar" for "Herkes".
			if nouns, ok := ix.lex.(nounLexicon); !ok || p.verbLike || ix.adjective(nouns, p) {
				continue
			}
		} else if !beforeStatedNoun(q, qa, i) && !groupAdjunct(q, i) || !ix.personWord(kl, p) {
			continue
		}
		if r.rated != analysis.VerdictPartly && r.body != nil && ix.bodyMentions(r, p) {
			continue // a group the review discusses, for a verdict that holds of it
		}
		return fmt.Sprintf("different subject: the claim says it of %s, the fact-check does not", say(q, qa, i))
	}
	return ""
}

// beforeStatedNoun reports part i written directly before a noun of its clause that the
// fact-check states: its modifier or possessor ("Baby bats", "a baby's body").
func beforeStatedNoun(q *claimParts, qa sideAlign, i int) bool {
	n := i + 1
	if n >= len(q.parts) {
		return false
	}
	p, h := &q.parts[i], &q.parts[n]
	if h.clause != p.clause || qa.links[n] != linked || h.verb || h.num != "" || h.ent != nil || h.aside || h.role == rolePredicate {
		return false // not before a verb, a number, a name ("kraliçe Marie Antoinette") or what is said of the subject
	}
	if p.lang == "en" && !strings.HasSuffix(p.text, "'s") && !strings.HasSuffix(p.text, "’s") && (!p.first && !h.first || inflectedEN(p)) {
		// Short of a possessive ("a baby's body"), an English noun restricts the subject in its
		// base form, as or before the subject ("Baby bats"); "give kids autism" is two objects,
		// "Napoleon was super short" an adverb on what is said.
		return false
	}
	return adjacent(q.frameText, p.text, h.text)
}

// inflectedEN reports an English word written in an inflected form: a plural ("kids") has a
// shorter lemma it begins with.
func inflectedEN(p *part) bool {
	for _, l := range p.lemmas {
		if len(l) < len(p.folded) && strings.HasPrefix(p.folded, l) {
			return true
		}
	}
	return false
}

// groupAdjunct reports part i as the head of the group an adjunct puts the claim in: an English
// noun phrase after "in" or "among" ("in marathon runners") whose last word it is, or a Turkish
// locative ("maratoncularda").
func groupAdjunct(q *claimParts, i int) bool {
	p := &q.parts[i]
	switch p.lang {
	case "tr":
		// The locative outside the dictionary form: "ileride" is a word of its own, an adverb.
		for _, l := range trStems(p) {
			rest, ok := strings.CutPrefix(p.folded, l)
			if !ok {
				continue
			}
			rest = strings.TrimPrefix(strings.TrimPrefix(rest, "cu"), "ci") // past an agent ending ("maratoncularda")
			if rest == "da" || rest == "de" || rest == "ta" || rest == "te" || rest == "larda" || rest == "lerde" {
				return true
			}
		}
	case "en":
		if n := i + 1; n < len(q.parts) && q.parts[n].clause == p.clause && adjacent(q.frameText, p.text, q.parts[n].text) {
			return false // a modifier of the phrase's head, not its head
		}
		s := i
		for s > 0 && q.parts[s-1].clause == p.clause && adjacent(q.frameText, q.parts[s-1].text, q.parts[s].text) {
			s--
		}
		for _, prep := range []string{"in", "among"} {
			if followedBy(q.frameText, prep, q.parts[s].text, "") {
				return true
			}
			for _, det := range []string{"a", "an", "the"} {
				if followedBy(q.frameText, prep, q.parts[s].text, det) {
					return true
				}
			}
		}
	}
	return false
}

// inPlaceOfGeneric reports part i as the post's subject where the fact-check's subject is a
// generic person ("herkes", "everyone", "people") the post does not state.
func inPlaceOfGeneric(q *claimParts, i int, r *claimParts, ra sideAlign) bool {
	if q.parts[i].role != roleCore {
		return false
	}
	// The subject's head: the first core part, or the noun its first part is written before
	// ("Hamile kadınlar").
	s := i
	for s > 0 && q.parts[s-1].clause == q.parts[i].clause && adjacent(q.frameText, q.parts[s-1].text, q.parts[s].text) {
		s--
	}
	if !q.parts[s].first {
		return false
	}
	for j := range r.parts {
		if o := &r.parts[j]; o.first && genericPerson(o) && ra.links[j] != linked {
			return true
		}
	}
	// A generic pronoun is often read as no part at all ("Herkes her gün …"): the words the
	// fact-check writes before its first part.
	f := firstPart(r)
	if f < 0 {
		return false
	}
	for _, w := range strings.Fields(r.frameText) {
		w = turkish.Fold(strings.TrimFunc(w, func(c rune) bool { return !unicode.IsLetter(c) }))
		if w == turkish.Fold(r.parts[f].text) {
			break
		}
		if genericPersons[w] {
			return true
		}
	}
	return false
}

// personWord reports a word naming a kind of person: PersonKind of one of its forms; for Turkish
// (a noun, not an adjective, written bare, plural, genitive or locative — not "kızıma",
// "kızımın", one person of the speaker's), also an agent noun in -CI of a noun the lexicon
// translates ("maratoncu").
func (ix *decision) personWord(kl personKindLexicon, p *part) bool {
	if p.lang == "en" {
		return ix.namesPersonKind(kl, p)
	}
	if p.lang != "tr" || !groupForm(p) {
		return false
	}
	if nouns, ok := ix.lex.(nounLexicon); ok && ix.adjective(nouns, p) {
		return false
	}
	if ix.namesPersonKind(kl, p) {
		return true
	}
	tl, ok := ix.lex.(translator)
	if !ok {
		return false
	}
	for _, l := range p.lemmas {
		// The agent-noun ending -CI as lemmas are folded (turkish.Fold: -cı, -ci, -çu …).
		for _, s := range [...]string{"ci", "cu"} {
			if stem, ok := strings.CutSuffix(l, s); ok && len(stem) >= 3 && len(tl.Translate("tr", "en", stem)) > 0 {
				return true
			}
		}
	}
	return false
}

// trStems are the dictionary forms of a Turkish word, folded as the word is (turkish.Fold), or
// its lemma candidates when the lexicon knows none.
func trStems(p *part) []string {
	forms := p.lexForms()
	if len(forms) == 0 {
		return p.lemmas
	}
	stems := make([]string, 0, len(forms))
	for _, f := range forms {
		stems = append(stems, turkish.Fold(f))
	}
	return stems
}

// groupForm reports a Turkish word written as a group is named: bare or plural, genitive or
// locative ("bebekler", "kadınların", "maratoncularda"); a possessive ("kızım", "annemin") names
// one person of the speaker's, a dative or accusative one the act reaches.
func groupForm(p *part) bool {
	// Read from its dictionary form ("kız" in "kızımın"; a lemma candidate "kızım" would hide
	// the possessive), or its lemma candidates when the lexicon knows none, and past an agent
	// ending ("maraton" + "cularda").
	for _, l := range trStems(p) {
		rest, ok := strings.CutPrefix(p.folded, l)
		if !ok {
			continue
		}
		for _, a := range [...]string{"", "ci", "cu"} {
			switch strings.TrimPrefix(rest, a) {
			case "", "ler", "lar", "in", "nin", "un", "nun", "lerin", "larin", "da", "de", "ta", "te", "larda", "lerde":
				if strings.HasPrefix(rest, a) {
					return true
				}
			}
		}
	}
	return false
}
