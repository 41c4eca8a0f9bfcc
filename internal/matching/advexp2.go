package matching

// advexp2.go reads look-alikes of adversarial2.jsonl that keep every word of the fact-check but
// say it of another thing: a noun the claim's name possesses ("Napoleon's horse"), a man-made
// thing named after the fact-check's subject ("the basketball shoe").

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/claimcheck/claimcheck/internal/thesaurus"
)

// otherOwner reads otherPossessor (advexp.go), then possessedByName and artifactHead: each finds
// the claim saying the fact-check's words of another one than it names.
func (ix *decision) otherOwner(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) string {
	return cmp.Or(ix.otherPossessor(q, qa, r, ra), possessedByName(q, qa, r), ix.artifactHead(q, qa, r))
}

// possessedByName finds, within English, a name of the claim written with a possessive "'s"
// directly before a noun of its own the fact-check does not state ("Napoleon's horse was very
// short" for "Napoleon was very short"), where the fact-check's name is the subject of its
// clause with no noun after it: a possessive makes the noun after it the head of the phrase, so
// the claim says its predicate of that noun, not of the name. It returns the reason, "" when
// there is none.
func possessedByName(q *claimParts, qa sideAlign, r *claimParts) string {
	if q.lang != "en" || r.lang != "en" {
		return ""
	}
	for i := 0; i+1 < len(q.parts); i++ {
		p, n := &q.parts[i], &q.parts[i+1]
		if p.ent == nil || p.aside || qa.links[i] != linked || qa.with[i] < 0 || !possessiveS(p.text) {
			continue
		}
		if qa.links[i+1] != unlinked || n.ent != nil || n.num != "" || n.verb || n.aside || n.role != roleCore || n.clause != p.clause {
			continue
		}
		if !statedAfter(q, qa, i+1) {
			continue // "now that pluto's gone": a "'s" that is "is", with nothing said after it
		}
		j := qa.with[i]
		o := &r.parts[j]
		if possessiveS(o.text) || !o.first || o.verb || o.num != "" {
			continue
		}
		if k := j + 1; k < len(r.parts) && r.parts[k].clause == o.clause && isNoun(&r.parts[k]) && adjacent(r.frameText, o.text, r.parts[k].text) {
			continue // the fact-check's name too is followed by a noun it may say which one of
		}
		return fmt.Sprintf("different subject: %s %s ≠ %s", p.text, n.text, o.text)
	}
	return ""
}

// artifactHead finds, within English, a noun of the claim written directly after a word it
// shares with the fact-check, where the fact-check states that word alone as its subject and
// the claim's noun is a man-made thing the lexicon does not relate to it ("the basketball shoe
// was invented by James Naismith" for "Basketball was invented by James Naismith"): the noun
// after is the head of the phrase, and an artifact named after the thing is another thing,
// while a word that only narrows or rewords the fact-check's ("a bolt of lightning", "covid
// vaccines") names no artifact apart from it. It returns the reason, "" when there is none.
func (ix *decision) artifactHead(q *claimParts, qa sideAlign, r *claimParts) string {
	kl, ok := ix.lex.(kindLexicon)
	if !ok || q.lang != "en" || r.lang != "en" {
		return ""
	}
	for i := 0; i+1 < len(q.parts); i++ {
		p, n := &q.parts[i], &q.parts[i+1]
		if p.ent != nil || p.num != "" || p.verb || p.aside || qa.links[i] != linked || qa.with[i] < 0 {
			continue
		}
		if qa.links[i+1] != unlinked || n.ent != nil || n.num != "" || n.verb || n.verbLike || n.aside || n.role != roleCore || n.clause != p.clause ||
			!adjacent(q.frameText, p.text, n.text) || !statedAfter(q, qa, i+1) {
			continue
		}
		j := qa.with[i]
		o := &r.parts[j]
		if !o.first || o.verb || o.num != "" || o.ent != nil {
			continue
		}
		if k := j + 1; k < len(r.parts) && r.parts[k].clause == o.clause && isNoun(&r.parts[k]) && adjacent(r.frameText, o.text, r.parts[k].text) {
			continue
		}
		if !ix.unrelatedArtifact(kl, p, n) {
			continue
		}
		return fmt.Sprintf("different subject: %s %s ≠ %s", p.text, n.text, o.text)
	}
	return ""
}

// unrelatedArtifact reports a noun n with a form the lexicon knows as a kind of one of
// artifactClasses, and no form it relates to one of p's.
func (ix *decision) unrelatedArtifact(kl kindLexicon, p, n *part) bool {
	artifact := false
	for _, f := range n.lexForms() {
		for _, g := range p.lexForms() {
			if f == g || ix.lex.Relate("en", f, g) != thesaurus.Unrelated {
				return false
			}
		}
		artifact = artifact || slices.ContainsFunc(artifactClasses, func(c string) bool { return ix.isKindOf(kl, "en", f, c) })
	}
	return artifact
}

// artifactClasses are the WordNet classes of man-made things unrelatedArtifact reads: KindOf
// (kindof.go) never reaches "artifact" itself, a top level, so the classes under it that name
// things one makes and uses.
var artifactClasses = []string{"covering", "device", "structure", "container", "equipment"}

// statedAfter reports a part after q's part i in its clause that the fact-check states: the
// possessed noun is then the subject of what the clause goes on to say of it.
func statedAfter(q *claimParts, qa sideAlign, i int) bool {
	for k := i + 1; k < len(q.parts) && q.parts[k].clause == q.parts[i].clause; k++ {
		if qa.links[k] == linked {
			return true
		}
	}
	return false
}

// possessiveS reports an English word written with a possessive "'s" or a bare apostrophe after
// its -s ("Napoleon's", "the Beatles'").
func possessiveS(text string) bool {
	t := strings.ReplaceAll(text, "’", "'")
	return strings.HasSuffix(t, "'s") || strings.HasSuffix(t, "s'")
}
