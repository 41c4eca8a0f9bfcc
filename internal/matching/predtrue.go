package matching

import (
	"fmt"
	"slices"
	"strings"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/thesaurus"
	"github.com/claimcheck/claimcheck/internal/turkish"
)

// predicateTranslations and crossTranslations are how many of a Turkish verb's first
// translations are read to find it related to the other verb: a looser reading finds more
// relations, so it refuses less. Across languages verbs translate more loosely still ("kazandı"
// for "lifted the cup" meets "lift" only through "clear", its sixth translation), so more are
// read there; within Turkish the main translations say what the verb is ("örmek" is weave, knit).
const (
	predicateTranslations = 4
	crossTranslations     = 6
)

// ownCousinSteps and translatedCousinSteps bound how far apart, through a shared hypernym, two
// English verb senses may be and still count as kin (thesaurus.Thesaurus.VerbsKin): for two
// English verbs of the claims as far as VerbsApart reads (three links), for a translation of a
// Turkish verb, already one step of ambiguity away, siblings only (two links).
const (
	ownCousinSteps        = 3
	translatedCousinSteps = 2
)

// otherPredicate refuses a claim that says its predicate with a content verb of its own where a
// fact-check rated true has a content verb, both left over by the alignment, when the lexicon
// relates the two verbs in no way. decideWhole lets a verb of the claim left over stand for the
// fact-check's predicate reworded, as people reword predicates with verbs the lexicon does not
// link ("gives you", "leads to"), and verbsApart (verbsense.go) refuses only English verbs
// WordNet keeps far apart; so "berlin wall was erected in 1989" took "The Berlin Wall fell in
// 1989." and its verdict of true. A verdict of true on another predicate is the worst error;
// under other verdicts the same rule refused too many of the loose rewordings myths are told in
// ("lemon water kills cancer" for "cures", "ostriches stick their heads in the sand" for
// "bury"), so it holds for true alone. The two verbs are read in every way the lexicon offers
// (verbsRelate): English verbs through all their senses, Turkish ones through KeNet, their
// translations and the active verb of a passive, so that only a pair nothing relates is
// refused ("örüldü" for "yıkıldı", "kurulmuş" for "fethedildi", "ölçer" for "azaltır",
// "founded" for "fethedildi"). A light verb on either side ("came down", "alındı", "ilan
// edildi") carries its predicate in another word, a negated verb is left to the polarity rules,
// and a converb says when, so none of them is judged (contentVerb).
func (ix *decision) otherPredicate(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) string {
	if ix.lex == nil || r.rated != analysis.VerdictTrue {
		return ""
	}
	verbs := func(c *claimParts, a sideAlign) []int {
		var out []int
		for i := range c.parts {
			p := &c.parts[i]
			if a.links[i] != unlinked || !p.verb || p.aside {
				continue
			}
			if p.lang == "tr" && (p.role == roleAdjunct || timeConverb(p)) {
				continue // a converb ("ısırınca", "içindeyken") says when or how, in no verb's place
			}
			out = append(out, i)
		}
		return out
	}
	// One predicate said for another, all else stated: a claim with more verbs of its own, or with
	// a verb that states one of the fact-check's, says its predicate in a clause of them
	// ("inflation means your money buys less", "buys" for "satın alma"), and one that
	// leaves a subject or object of the fact-check unstated says something else of it, which
	// other rules judge ("Smoking kills").
	qv, rv := verbs(q, qa), verbs(r, ra)
	if len(qv) == 0 || len(rv) == 0 || len(qv) > len(rv) {
		return ""
	}
	if firstUnlinked(r, ra, func(o *part) bool { return isContent(o) && !o.verb && (o.ent != nil || o.role >= roleCore) }) >= 0 {
		return ""
	}
	for i := range q.parts {
		if p := &q.parts[i]; (p.verb || p.verbLike && p.ent == nil && !p.first) && !p.aside && qa.links[i] == linked {
			return "" // a verb of the claim states one of the fact-check's: the other only frames it
		}
	}
	for _, i := range qv {
		p := &q.parts[i]
		if !ix.contentVerb(q, p) || p.neg {
			return ""
		}
	}
	for _, j := range rv {
		o := &r.parts[j]
		if linkedTo(qa, j) {
			return "" // a word of the claim already states it
		}
		if !ix.contentVerb(r, o) || o.neg {
			return ""
		}
	}
	for _, i := range qv {
		for _, j := range rv {
			if ix.verbsRelate(&q.parts[i], &r.parts[j]) {
				return ""
			}
		}
	}
	return fmt.Sprintf("different predicate: %s ≠ %s", say(q, qa, qv[0]), say(r, ra, rv[0]))
}

// contentVerb reports a verb part of c the lexicon knows, read as a verb, that is no light verb
// and names nothing else (no name, no number): an English verb not followed by a word that makes
// a WordNet phrasal verb with it in a post ("torn down", "knocked off": the phrasal verb is
// another verb, which the parts do not hold; a fact-check's verb is read as the verb it is, "fell
// in 1989"), a Turkish verb with its infinitive among its dictionary forms and not the noun of a
// light-verb phrase ("ilan edildi", "elde etti", "yardımcı olur").
func (ix *decision) contentVerb(c *claimParts, p *part) bool {
	if p.ent != nil || p.num != "" || len(p.dict) == 0 {
		return false
	}
	switch p.lang {
	case "en":
		d, ok := ix.lex.(verbSenseLexicon)
		if !ok {
			return false
		}
		forms := verbForms(d, p)
		if len(forms) == 0 || c.rated == "" && phrasalVerb(d, c.read, p.text, forms) {
			return false
		}
		for _, f := range forms {
			if slices.Contains(enLightVerbs, f) {
				return false
			}
		}
	case "tr":
		if !slices.ContainsFunc(p.dict, trInfinitive) {
			return false
		}
		for _, f := range append(slices.Clone(p.dict), ix.activeVerbs(p)...) {
			if trInfinitive(f) && lightVerbs[turkish.Fold(f[:len(f)-3])] {
				return false // a light verb, or its passive ("alındı")
			}
		}
		light := false
		eachWordAt(c.read, p.text, func(_, after string) bool {
			if next := textWords(after); len(next) > 0 && ix.isLightVerb(strings.ToLower(turkish.Fold(next[0]))) {
				light = true
			}
			return light
		})
		if light {
			return false
		}
	default:
		return false
	}
	return true
}

// trInfinitive reports a Turkish dictionary form with the infinitive ending.
func trInfinitive(f string) bool {
	n := len(f)
	return n > 3 && (f[n-3:] == "mak" || f[n-3:] == "mek")
}

// verbKinLexicon relates two English verbs through any of their senses (thesaurus.Thesaurus.VerbsKin).
type verbKinLexicon interface {
	verbSenseLexicon
	VerbsKin(a, b string, cousinSteps int) bool
}

// verbsRelate reports two verbs the lexicon relates in any way: the alignment's own links
// (lexRelate, an antonym included), KeNet or the translations of two Turkish verbs
// (TranslationsAgree), or, read in English (an English verb's base forms, a Turkish verb's first
// predicateTranslations translations that are verbs), a sense relation of any sense, a kind, a
// derived form or alike derived forms (enRelated).
func (ix *decision) verbsRelate(p, o *part) bool {
	if ix.relateWords(p, o) || ix.lexRelate(p, o, true) != unlinked || ix.lexRelate(o, p, false) != unlinked {
		return true
	}
	d, ok := ix.lex.(verbKinLexicon)
	if !ok {
		return true
	}
	if p.lang == "tr" && o.lang == "tr" {
		for _, a := range p.lexForms() {
			for _, b := range o.lexForms() {
				if ix.lex.Relate("tr", a, b) != thesaurus.Unrelated {
					return true
				}
				if al, ok := ix.lex.(agreeLexicon); ok && al.TranslationsAgree(a, b) {
					return true
				}
			}
		}
	}
	n := predicateTranslations
	if p.lang != o.lang {
		n = crossTranslations
	}
	en := func(w *part) []string {
		if w.lang == "en" {
			return verbForms(d, w)
		}
		var out []string
		for _, f := range append(slices.Clone(w.lexForms()), ix.activeVerbs(w)...) {
			if !trInfinitive(f) || lightVerbs[turkish.Fold(f[:len(f)-3])] {
				continue // another reading of the word ("sal", raft, in "salar"), or a light verb
			}
			for _, t := range firstN(ix.relations.translate(ix.lex, w.lang, "en", f), n) {
				if d.VerbSenses(t) > 0 && !slices.Contains(enLightVerbs, t) {
					out = append(out, t)
				}
			}
		}
		return out
	}
	as, bs := en(p), en(o)
	if len(as) == 0 || len(bs) == 0 {
		return true // a verb the lexicon cannot read in English is not known to be apart
	}
	for _, a := range as {
		for _, b := range bs {
			cousins := ownCousinSteps
			if p.lang != "en" || o.lang != "en" {
				cousins = translatedCousinSteps
			}
			if ix.enRelated(d, a, b, cousins) {
				return true
			}
		}
	}
	return false
}

// enRelated reports two English verbs that are one word or that WordNet relates in any way but
// as antonyms (an antonym is another predicate): a sense relation, kin senses (VerbsKin), a
// derived form, alike derived forms, or one a kind of the other.
func (ix *decision) enRelated(d verbKinLexicon, a, b string, cousins int) bool {
	if a == b || d.VerbsKin(a, b, cousins) {
		return true
	}
	if r := ix.lex.Relate("en", a, b); r != thesaurus.Unrelated && r != thesaurus.Antonym {
		return true
	}
	if l, ok := ix.lex.(derivedLexicon); ok && (l.RelateDerived("en", a, b) != thesaurus.Unrelated || l.RelateDerived("en", b, a) != thesaurus.Unrelated) {
		return true
	}
	if l, ok := ix.lex.(alikeLexicon); ok && l.DerivedAlike(a, b) {
		return true
	}
	if k, ok := ix.lex.(kindLexicon); ok && (k.KindOf("en", a, b) || k.KindOf("en", b, a)) {
		return true
	}
	return false
}

// activeVerbs are the infinitives of the active verb of a Turkish passive verb part: a lemma
// candidate that its infinitive's stem continues with the passive ending -(I)l or -(I)n ("atıl"
// → "at", so "atıldı" reads as "atmak", throw, and not only as "atılmak", leap), when the
// dictionaries translate it (trStemVerbs, trverbs.go).
func (ix *decision) activeVerbs(p *part) []string {
	var out []string
	for _, f := range p.dict {
		if !trInfinitive(f) {
			continue
		}
		stem := f[:len(f)-3]
		for _, inf := range ix.trStemVerbs(p) {
			switch strings.TrimPrefix(stem, inf[:len(inf)-3]) {
			case "il", "ul", "l", "in", "un", "n":
				out = append(out, inf)
			}
		}
	}
	return out
}
