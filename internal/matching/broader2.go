package matching

import "strings"

// The rules of this file find two qualifiers more that restrict what a fact-check's claim is
// about, each narrow enough that a rewording, which leaves a fact-check's words out far more
// often than a look-alike does (evalset_test.go, the qualifiers row), is not taken for one: a
// modifier that with its noun is a dictionary name for one kind of the noun ("lung cancer",
// "akciğer kanseri"), and a kind of person the claim puts a generic person in place of
// ("children" where the claim says "people").

// broaderKind is broaderClaim's reason for a compound kind or a kind of person the claim leaves
// out (compoundQualifier, personKind), or "".
func (ix *decision) broaderKind(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) string {
	if j, h := ix.compoundQualifier(q, qa, r, ra); j >= 0 {
		return broaderWhy(r, q, j, h, ra.with[h])
	}
	if j, i := ix.personKind(q, qa, r, ra); j >= 0 {
		return broaderWhy(r, q, j, j, i)
	}
	return ""
}

// compoundLexicon is a lexicon that knows the names a modifier and a noun make together
// (thesaurus.Thesaurus.CompoundKind).
type compoundLexicon interface {
	CompoundKind(lang, modifier, head string) bool
}

// personKindLexicon says when a noun names a kind of person (thesaurus.Thesaurus.PersonKind).
type personKindLexicon interface {
	PersonKind(lang, word string) bool
}

// compoundQualifier finds a word of the fact-check left out directly before a word the claim
// states bare, when the two make a name the dictionary has for one kind of the stated word
// ("lung cancer", "akciğer kanseri" for "kansere"): the claim names the whole class where the
// fact-check names one kind. It returns the modifier and its head; -1, -1 when there is none.
func (ix *decision) compoundQualifier(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int) {
	cl, ok := ix.lex.(compoundLexicon)
	if !ok || r.lang != "en" && r.lang != "tr" {
		return -1, -1
	}
	for j := 0; j+1 < len(r.parts); j++ {
		o, h := &r.parts[j], &r.parts[j+1]
		if ra.links[j] != unlinked || linkedTo(qa, j) || o.num != "" || o.ent != nil || o.verb || o.aside || o.relative || genericPerson(o) || !subjectStatedBut(r, ra, j) {
			continue
		}
		if h.clause != o.clause || h.aside || h.verb || h.num != "" || h.ent != nil || !stated(ra, j+1) || !adjacent(r.frameText, o.text, h.text) {
			continue
		}
		mods := []string{strings.ToLower(o.text)}
		if r.lang == "tr" {
			mods = o.lexForms()
		}
		for _, m := range mods {
			for _, w := range h.lexForms() {
				if cl.CompoundKind(r.lang, m, w) {
					return j, j + 1
				}
			}
		}
	}
	return -1, -1
}

// personKind finds a kind of person the fact-check names (children, babies, an adult) that the
// claim leaves out: where the claim states it by a generic person ("Şeker insanı …" for "Şeker
// çocukları …") or has a generic person the fact-check does not state ("Sugar makes people
// hyperactive" for "… children …"), or where it qualifies a person the claim states ("The human
// skeleton" for "An adult human skeleton"). The claim then says of anyone what the fact-check
// says of one kind of person. A person-kind word before any other stated word is left alone: it
// often only says whose the word is ("milletvekili seçme … hakkını", "national elections"). It
// returns the word left out and the claim's part in its place; -1, -1 when there is none.
func (ix *decision) personKind(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int) {
	kl, ok := ix.lex.(personKindLexicon)
	if !ok {
		return -1, -1
	}
	generic := -1
	for i := range q.parts {
		if p := &q.parts[i]; genericPerson(p) && (qa.links[i] == unlinked || qa.links[i] == chatter) && !p.aside {
			generic = i
			break
		}
	}
	for j := range r.parts {
		o := &r.parts[j]
		if o.num != "" || o.ent != nil || o.verb || o.aside || genericPerson(o) || !subjectStatedBut(r, ra, j) || !ix.namesPersonKind(kl, o) {
			continue
		}
		if stated(ra, j) && genericPerson(&q.parts[ra.with[j]]) {
			return j, ra.with[j] // "insanı" for "çocukları"
		}
		if ra.links[j] != unlinked || linkedTo(qa, j) {
			continue
		}
		if generic >= 0 {
			return j, generic
		}
		if d := j + 1; d < len(r.parts) && r.parts[d].clause == o.clause && stated(ra, d) && adjacent(r.frameText, o.text, r.parts[d].text) &&
			(genericPerson(&r.parts[d]) || ix.namesPersonKind(kl, &r.parts[d])) {
			return j, ra.with[d]
		}
	}
	return -1, -1
}

// namesPersonKind reports a word whose main noun sense is a kind of person.
func (ix *decision) namesPersonKind(kl personKindLexicon, o *part) bool {
	for _, w := range o.lexForms() {
		if kl.PersonKind(o.lang, w) {
			return true
		}
	}
	return false
}

// subjectStatedBut reports the fact-check's subject stated by the claim unless it is part j, the
// word left out: a claim that does not state what the fact-check is about ("Does it cause
// cancer?" for "Smoking causes lung cancer") differs in its subject, not only in a qualifier.
func subjectStatedBut(r *claimParts, ra sideAlign, j int) bool {
	s := subjectHead(r)
	return s < 0 || s == j || stated(ra, s)
}
