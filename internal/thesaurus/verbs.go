package thesaurus

import "strings"

// Limits of VerbsApart, read on the tuning data of internal/knowledge/testdata/eval (see
// internal/matching/verbsense.go for what they refused and kept).
const (
	// knownVerbSenses: a verb with more senses than this is a light or loosely used verb
	// ("give", "make", "get", "take", "keep", "come", "go", "hold": 19–49 senses) that people use
	// for many predicates ("gives you cancer", "keeps colds away"); WordNet cannot say which
	// sense a post means, so it never separates such a verb from another.
	knownVerbSenses = 16
	// lightVerbRanks: a verb whose main sense WordNet also gives as one of the first
	// lightVerbRanks senses of a light verb is said with that light verb and is as loose
	// ("cause" is make's fifth sense, "descend" fall's second, "evolve" develop's second, "lead"
	// take's third, "become" get's second).
	lightVerbRanks = 5
	// verbFileSenses: the senses of each verb whose lexicographer files must all differ. WordNet
	// lists senses most frequent first; the main ones say what a verb is about.
	verbFileSenses = 3
	// verbHyperSteps: two senses related through at most this many hypernym links, either way,
	// are one predicate said more or less specifically ("damage" is a kind of "alter").
	verbHyperSteps = 2
	// verbCousinSteps: two senses below one hypernym, at most this many links from both together,
	// are kin ("heal" and "cure" below "better"): a rewording may use either.
	verbCousinSteps = 3
)

// VerbSenses is the number of WordNet verb senses of the English lemma w (base form, lower
// case): 0 for a word that is no verb lemma ("burned", a stem such as "caus").
func (t *Thesaurus) VerbSenses(w string) int { return len(t.sensesOf(w, 1<<verb)) }

// VerbsApart reports two English verbs (base forms, lower case) that WordNet knows well and
// keeps apart, so that one said where a claim has the other states another predicate ("burn"
// where a claim says "recycle", "absorb" for "emit", "found" for "conquer"): both are WordNet
// verbs of at most knownVerbSenses senses whose main sense is no main sense of a lighter verb
// (lightVerb); no sense of one shares a synset with a sense of the
// other, reaches it through verbHyperSteps hypernym links, shares a hypernym with it within
// verbCousinSteps links, is linked to it as near in meaning (a verb group, "also see") or
// shares a derivationally related word with it; and their first verbFileSenses senses lie in
// different lexicographer files (verb.change, verb.contact, verb.creation, …). Antonyms are
// apart too. Turkish verbs are judged through KeNet's links to WordNet (iliverbs.go).
func (t *Thesaurus) VerbsApart(a, b string) bool {
	a, b = strings.ToLower(strings.TrimSpace(a)), strings.ToLower(strings.TrimSpace(b))
	if a == b {
		return false
	}
	sa, sb := t.sensesOf(a, 1<<verb), t.sensesOf(b, 1<<verb)
	g := &t.en
	if g.lightVerb(sa) || g.lightVerb(sb) {
		return false
	}
	for _, x := range sa {
		ux := g.verbAncestors(x.syn())
		for _, y := range sb {
			if g.antonyms(x.syn(), y.syn()) {
				return true
			}
			uy := g.verbAncestors(y.syn())
			if kin(ux, uy) || g.near.holds(x.syn(), y.syn()) || g.derived.holds(x.syn(), y.syn()) || sharesPartner(g.derived, x.syn(), y.syn()) {
				return false
			}
		}
	}
	var files uint16
	for i, x := range sa {
		if i < verbFileSenses {
			files |= 1 << g.verbFile(x.syn())
		}
	}
	for i, y := range sb {
		if i < verbFileSenses && files&(1<<g.verbFile(y.syn())) != 0 {
			return false
		}
	}
	return true
}

// lightVerb reports a verb (its verb senses) that is light or loose: no sense at all, more than
// knownVerbSenses, or a main sense that is a main sense of a light verb (lightBit).
func (g *graph) lightVerb(senses []sense) bool {
	return len(senses) == 0 || len(senses) > knownVerbSenses || g.kind[senses[0].syn()]&lightBit != 0
}

// ancestor is a synset and its distance in hypernym links from the synset walked up from.
type ancestor struct {
	syn   int32
	steps int8
}

// verbAncestors is s with its hypernyms up to verbHyperSteps links above it.
func (g *graph) verbAncestors(s int32) []ancestor {
	out := []ancestor{{s, 0}}
	for i := 0; i < len(out); i++ {
		if out[i].steps == verbHyperSteps || int(out[i].syn)+1 >= len(g.hyperAt) {
			continue
		}
		for _, h := range g.hyperTo[g.hyperAt[out[i].syn]:g.hyperAt[out[i].syn+1]] {
			out = append(out, ancestor{h, out[i].steps + 1})
		}
	}
	return out
}

// kin reports two synsets (given with their ancestors) one of which is the other's hypernym
// within verbHyperSteps links, or that share a hypernym within verbCousinSteps links of both.
func kin(ux, uy []ancestor) bool {
	for _, p := range ux {
		for _, q := range uy {
			if p.syn == q.syn && (p.steps == 0 || q.steps == 0 || p.steps+q.steps <= verbCousinSteps) {
				return true
			}
		}
	}
	return false
}

// sharesPartner reports two synsets with a partner in common in p (a word derivationally
// related to both: "modify" and "alter" share "alteration").
func sharesPartner(p pairSet, x, y int32) bool {
	px := p.partners(x)
	if len(px) == 0 {
		return false
	}
	for _, b := range p.partners(y) {
		for _, a := range px {
			if a == b {
				return true
			}
		}
	}
	return false
}
