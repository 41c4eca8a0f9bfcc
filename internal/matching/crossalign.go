package matching

import (
	"strings"

	"github.com/claimcheck/claimcheck/internal/thesaurus"
	"github.com/claimcheck/claimcheck/internal/turkish"
)

// crossNarrowing sets aside, across languages, a noun of the claim that only narrows the noun of
// its own phrase beside it while the fact-check is stated in full (rFull) and one for one
// (statedOneForOne): a word before a stated noun modifies it ("aç karnına sıcak limonlu su" for
// "hot lemon water"), a word after it names a broader kind of what it states ("Viking
// savaşçıları" for "Vikings"; strongNeighbour). Within one language decideWhole lets a word beside
// a stated noun pass (besideLinkedNoun); across languages it refused it, as a loose translation of
// the neighbour could have stated the fact-check's part instead. Here the neighbour must state its
// part as strongly as a translation can (the same word or name, or one of its first two
// translations either way), and the word must be a subject or object, not a verb form the reading
// took for one ("düşerse", "cut").
func (ix *decision) crossNarrowing(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, rFull bool) {
	if !rFull || q.lang == r.lang || q.lang == "und" || r.lang == "und" || ix.lex == nil || !statedOneForOne(r, ra, qa) {
		return
	}
	for i := range q.parts {
		p := &q.parts[i]
		if qa.links[i] != unlinked || !isNoun(p) || p.role != roleCore || p.ent != nil || p.verbLike || p.relative || verbalNoun(p) ||
			p.lang == "tr" && turkish.IsVerbForm(p.folded) && !contains(p.dict, p.folded) {
			continue
		}
		if ix.strongNeighbour(q, qa, r, i) {
			qa.links[i] = chatter
		}
	}
}

// strongNeighbour reports a part next to part i of q, in its clause, that is a noun or modifier
// (not a verb nor a verb used as a noun: "Drinking coffee" is another habit) and states its part
// of r as the same word or a first translation.
func (ix *decision) strongNeighbour(q *claimParts, qa sideAlign, r *claimParts, i int) bool {
	for _, k := range []int{i - 1, i + 1} {
		if k < 0 || k >= len(q.parts) || qa.links[k] != linked {
			continue
		}
		m := &q.parts[k]
		if m.clause != q.parts[i].clause || m.aside || m.num != "" || m.verb || m.verbLike || verbalNoun(m) {
			continue
		}
		j := qa.with[k]
		if j < 0 || j >= len(r.parts) {
			continue
		}
		o := &r.parts[j]
		if o.verb || !(ix.relateWords(m, o) || ix.topTranslation(m, o) || ix.topTranslation(o, m)) {
			continue
		}
		// Before its neighbour the word modifies it: the same thing, said more narrowly ("baking
		// soda"). After it the word is the head of the phrase and names the thing itself
		// ("basketball court", "Galatasaray stadium", "lastik paspaslar"): only a broader name
		// of what the neighbour states ("basketbol oyunu", the game of basketball) says the same.
		if k == i+1 || ix.classifierOf(&q.parts[i], o) {
			return true
		}
	}
	return false
}

// classifierOf reports a word p whose main translation (or p itself, in o's language) names a
// kind the fact-check's part o is one of: "oyun" (game) for "basketball".
func (ix *decision) classifierOf(p, o *part) bool {
	for _, t := range ix.mainForms(p, o.lang) {
		for _, b := range o.lexForms() {
			if ix.relations.relate(ix.lex, o.lang, b, t) == thesaurus.Broader {
				return true
			}
		}
	}
	return false
}

// statedOneForOne reports a fact-check every word of which but its verbs is stated, each by a
// part of the claim of its own: rFull counts only subjects, objects and names, and a claim part
// may state two of them ("Grip" for both "flu"s of "The flu vaccine gives you the flu"), so a
// word of the claim left over may still stand in the place of a part stated twice, or of a
// modifier the reading took a noun for ("kabuklu yumurta").
func statedOneForOne(r *claimParts, ra, qa sideAlign) bool {
	for j := range r.parts {
		o := &r.parts[j]
		if o.aside || o.num != "" || o.verb && ra.links[j] == unlinked {
			continue
		}
		if ra.links[j] == unlinked {
			return false
		}
		if ra.links[j] == linked && (ra.with[j] < 0 || ra.with[j] >= len(qa.with) || qa.links[ra.with[j]] != linked || qa.with[ra.with[j]] != j) {
			return false
		}
	}
	return true
}

// crossPhrases links, across languages, a part of one claim to the words of the other that
// say one of its phrase translations word for word, each word inflected as the sentence needs:
// "suicide" is "kendini öldürme", which "kendilerini öldürürmüş" says. linkPhrases
// (decide.go) takes a phrase's words as the dictionary spells them, so an inflected word of
// the phrase is missed; here every word of the phrase must be said, by consecutive words of
// one clause, each sharing a lemma with it (sameLemma), so one loose word is never enough.
func (ix *decision) crossPhrases(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) {
	if q.lang == r.lang || q.lang == "und" || r.lang == "und" || ix.lex == nil {
		return
	}
	ix.phraseForms(q, qa, r, ra)
	ix.phraseForms(r, ra, q, qa)
}

// phraseForms links the parts of a that say a phrase translation of an unlinked part of b.
func (ix *decision) phraseForms(a *claimParts, aa sideAlign, b *claimParts, ba sideAlign) {
	for j := range b.parts {
		o := &b.parts[j]
		if ba.links[j] != unlinked || o.num != "" || o.aside {
			continue
		}
		for _, d := range o.lexForms() {
			for _, t := range firstN(ix.relations.translate(ix.lex, o.lang, a.lang, d), 6) {
				words := strings.Fields(t)
				if len(words) < 2 {
					continue
				}
				if start := ix.saidAt(a, aa, words); start >= 0 {
					for k := range words {
						aa.links[start+k], aa.with[start+k] = linked, j
					}
					ba.links[j], ba.with[j] = linked, start
					break
				}
			}
			if ba.links[j] != unlinked {
				break
			}
		}
	}
}

// saidAt is the first of len(words) consecutive unlinked parts of c, in one clause, each an
// inflected form of the word of the phrase in its place; -1 when none.
func (ix *decision) saidAt(c *claimParts, ca sideAlign, words []string) int {
	forms := make([]*part, len(words))
	for k, w := range words {
		forms[k] = ix.phraseWord(c.lang, w)
	}
	for s := 0; s+len(words) <= len(c.parts); s++ {
		ok := true
		for k := range words {
			p := &c.parts[s+k]
			if ca.links[s+k] != unlinked || p.num != "" || p.aside || p.clause != c.parts[s].clause ||
				!(p.folded == forms[k].folded || sameLemma(p, forms[k])) {
				ok = false
				break
			}
		}
		if ok {
			return s
		}
	}
	return -1
}

// phraseWord reads a word of a phrase translation as a part of language lang (its lemma
// candidates, as the claim's words are read).
func (ix *decision) phraseWord(lang, w string) *part {
	p := &part{lang: lang}
	switch lang {
	case "tr":
		p.folded = turkish.Fold(w)
		p.lemmas = ix.morph.Lemmas(p.folded)
		// A dictionary writes an act as the verbal noun in -mA ("kendini öldürme"), which the
		// light stemmer keeps whole: its verb stem is a lemma too, when the lexicon knows the
		// verb ("öldürmek").
		if stem, ok := verbalNounStem(p.folded); ok && ix.knownVerb(stem) {
			p.lemmas = append(p.lemmas, stem)
		}
	default:
		p.folded = strings.ToLower(w)
		p.lemmas = ix.enLemmas(p.folded)
	}
	return p
}

// verbalNounStem is the verb stem of a Turkish verbal noun in -mA ("öldürme" → "öldür"), as
// folded; false for a word not ending so or too short to be one.
func verbalNounStem(folded string) (string, bool) {
	for _, suf := range []string{"ma", "me"} {
		if stem, ok := strings.CutSuffix(folded, suf); ok && len(stem) >= 2 {
			return stem, true
		}
	}
	return "", false
}

// knownVerb reports a folded Turkish verb stem whose infinitive the lexicon translates.
func (ix *decision) knownVerb(stem string) bool {
	for _, inf := range []string{"mak", "mek"} {
		if len(ix.relations.translate(ix.lex, "tr", "en", stem+inf)) > 0 {
			return true
		}
	}
	return false
}

// mainForms are p's forms in lang: its own dictionary forms in that language, else the main
// translations of its dictionary forms and first lemma candidates ("savaşçıları": warrior).
func (ix *decision) mainForms(p *part, lang string) []string {
	if p.lang == lang {
		return p.lexForms()
	}
	var out []string
	for _, a := range append(append([]string(nil), p.lexForms()...), firstN(p.lemmas, 3)...) {
		for _, t := range firstN(ix.relations.translate(ix.lex, p.lang, lang, a), mainTranslations) {
			if !contains(out, t) {
				out = append(out, t)
			}
		}
	}
	return out
}

// crossGlosses links, across languages, a word a claim glosses in a parenthesised aside
// ("Karbonat (sodyum bikarbonat)") to what states its gloss: a post that says "sodium
// bicarbonate" says the word the gloss says again, though the dictionaries give the two words
// apart ("karbonat" is first "carbonate"). Only a gloss every word of which is stated, and a
// glossed word nothing else states.
func (ix *decision) crossGlosses(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) {
	if q.lang == r.lang || q.lang == "und" || r.lang == "und" {
		return
	}
	glossed(r, ra, qa)
	glossed(q, qa, ra)
}

// glossed links each glossed word of c still unlinked to the part its gloss's last word is
// linked to, when every word of the gloss is linked; the other claim's words that state the
// gloss (oa) then state the glossed word, in its place (the subject, not an aside).
func glossed(c *claimParts, ca, oa sideAlign) {
	for _, g := range c.glosses {
		if g.of < 0 || g.of >= len(c.parts) || ca.links[g.of] != unlinked || g.from >= g.to || g.to > len(c.parts) {
			continue
		}
		all := true
		for k := g.from; k < g.to; k++ {
			if ca.links[k] != linked && c.parts[k].num == "" {
				all = false
				break
			}
		}
		if !all || ca.links[g.to-1] != linked {
			continue
		}
		ca.links[g.of], ca.with[g.of] = linked, ca.with[g.to-1]
		for i := range oa.links {
			if oa.links[i] == linked && oa.with[i] >= g.from && oa.with[i] < g.to {
				oa.with[i] = g.of
			}
		}
	}
}
