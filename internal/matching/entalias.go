package matching

import (
	"slices"
	"strings"

	"github.com/claimcheck/claimcheck/internal/thesaurus"
	"github.com/claimcheck/claimcheck/internal/turkish"
)

// A post may name a fact-check's entity otherwise than the fact-check spells it: by the other
// name the fact-check gives it in a parenthesised aside ("AIDS" for "HIV (AIDS virüsü)",
// "monosodyum glutamat" for "MSG (monosodyum glutamat, …)", "web" for "World Wide Web (web)"),
// by the leading words of a long name that the lexicon has as the whole name ("the Great Wall"
// for "the Great Wall of China", "Olimpiyatlar" for "Olimpiyat Oyunları"), by the class WordNet
// puts the named thing in ("our planet" for "the Earth"), or by a clipping of one of its words
// ("Vit C" for "Vitamin C"). Each such word is the fact-check's entity said again, not another
// entity: decideWhole would refuse it as "different entity". Each reading needs the lexicon or
// the fact-check itself to spell the two as one, and none lets a post name an entity the
// fact-check lacks: a name of the post's own stays unlinked and refused.

// entityAlias links the parts of fact-check r that post q names by another form (see above): the
// fact-check's name parts the post states through an aside or a lexicon name are set aside, a
// class word or clipping of the post is linked to the name it stands for.
func (ix *decision) entityAlias(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) {
	if ix.lex == nil || q.lang != r.lang {
		return
	}
	ix.glossedName(q, qa, r, ra)
	ix.leadingName(q, qa, r, ra)
	ix.nameByClass(q, qa, r, ra)
	ix.clippedName(q, qa, r, ra)
}

// glossedName sets aside the unlinked parts of a fact-check name that a parenthesised aside
// after it names again, when the post states one comma-separated group of that aside: every
// word of the group, but for a word the lexicon has as the class of the name ("virüsü" of
// "HIV (AIDS virüsü)": HIV is a virus), which only says what kind of thing the name is.
func (ix *decision) glossedName(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) {
	for _, g := range r.glosses {
		s, e := ix.nameSpan(r, g.of)
		if s < 0 || !anyUnlinked(ra, s, e) {
			continue
		}
		for from := g.from; from < g.to; {
			to := from + 1
			for to < g.to && r.parts[to].clause == r.parts[from].clause {
				to++
			}
			if ix.groupStated(q, qa, r, ra, from, to, s, e) {
				for j := s; j <= e; j++ {
					if ra.links[j] == unlinked {
						ra.links[j] = chatter
					}
				}
				break
			}
			from = to
		}
	}
}

// groupStated reports the aside parts from..to (exclusive) of r stated by q: each one linked or
// spelled by a word of q, or a class of the name s..e; at least one stated by q.
func (ix *decision) groupStated(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, from, to, s, e int) bool {
	stated := 0
	for j := from; j < to; j++ {
		o := &r.parts[j]
		switch {
		case ra.links[j] == linked || spelledIn(q, o):
			stated++
		case o.ent == nil && o.num == "" && ix.classOfName(r, s, e, o):
		default:
			return false
		}
	}
	return stated > 0
}

// spelledIn reports a word of q with o's spelling or lemma ("Web" for the aside's "web", which
// the alignment linked to the name's own "Web").
func spelledIn(q *claimParts, o *part) bool {
	for i := range q.parts {
		if p := &q.parts[i]; !p.aside && (p.folded == o.folded || shareLemma(p.dict, o.dict) && len(o.dict) > 0) {
			return true
		}
	}
	return false
}

// classOfName reports word o as a class WordNet puts the name s..e of r under ("virus" for
// "HIV"): the name is read as written, or by its gazetteer key.
func (ix *decision) classOfName(r *claimParts, s, e int, o *part) bool {
	name := nameWords(r, s, e)
	for _, w := range ix.englishOf(o) {
		if nl, ok := ix.lex.(interface{ IsNoun(string) bool }); ok && nl.IsNoun(w) && ix.lex.Relate("en", name, w) == thesaurus.Broader {
			return true
		}
	}
	return false
}

// englishOf are a word's English readings: its base forms, or a Turkish word's first
// translations.
func (ix *decision) englishOf(p *part) []string {
	if p.lang == "en" {
		return p.dict
	}
	return ix.englishReadings(p)
}

// nameWords is the name s..e of c as one lower-case English phrase: a gazetteer name by its key
// ("earth" for "Dünya").
func nameWords(c *claimParts, s, e int) string {
	if s == e && c.parts[s].ent != nil && c.parts[s].ent.gaz {
		return strings.TrimPrefix(c.parts[s].ent.key, "@")
	}
	var w []string
	for j := s; j <= e; j++ {
		w = append(w, strings.ToLower(nameBase(c.parts[j].text)))
	}
	return strings.Join(w, " ")
}

// nameSpan is the run of name parts of c's main text around part j, in one clause, written one
// after the other or with "of" between ("Great Wall of China"); -1, -1 when j is no name. A
// word the lexicon knows that opens the text is no part of the run before j: its capital is the
// sentence's ("Sivrisinekler HIV …").
func (ix *decision) nameSpan(c *claimParts, j int) (int, int) {
	in := func(k int) bool {
		return k >= 0 && k < len(c.parts) && c.parts[k].ent != nil && !c.parts[k].aside && c.parts[k].clause == c.parts[j].clause
	}
	if !in(j) {
		return -1, -1
	}
	s, e := j, j
	next := func(a, b string) bool {
		return wordsAdjacent(c.read, a, b) || c.lang == "en" && strings.Contains(c.read, a+" of "+b)
	}
	for in(s-1) && next(c.parts[s-1].text, c.parts[s].text) &&
		!(strings.HasPrefix(strings.TrimSpace(c.read), c.parts[s-1].text) && (len(c.parts[s-1].dict) > 0 || ix.knownWord(&c.parts[s-1]))) {
		s--
	}
	for in(e+1) && next(c.parts[e].text, c.parts[e+1].text) {
		e++
	}
	return s, e
}

// anyUnlinked reports a part of s..e the other claim does not state.
func anyUnlinked(a sideAlign, s, e int) bool {
	for j := s; j <= e; j++ {
		if a.links[j] == unlinked {
			return true
		}
	}
	return false
}

// leadingName sets aside the last words of a fact-check name ("of China", "Oyunları") when the
// post states its leading words and the lexicon has those as the whole name: in English as a
// WordNet synonym of the whole written name ("Great Wall", "Great Wall of China"); in Turkish
// through a translation of the leading words that holds a translation of each word left out
// ("olimpiyat" → "olympic games", "Oyunları" → game). "Great Barrier Reef" is no synonym of the
// Great Wall's name, and a name the post adds stays its own.
func (ix *decision) leadingName(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) {
	for j := 0; j < len(r.parts); j++ {
		s, e := ix.nameSpan(r, j)
		if s < 0 || s == e {
			continue
		}
		j = e
		k := s
		for k <= e && ra.links[k] == linked {
			k++
		}
		if k == s || k > e || !allUnlinked(ra, k, e) || !ix.leadNamesWhole(r, s, k, e) {
			continue
		}
		for m := k; m <= e; m++ {
			ra.links[m] = chatter
		}
	}
}

// allUnlinked reports every part of s..e left unstated.
func allUnlinked(a sideAlign, s, e int) bool {
	for j := s; j <= e; j++ {
		if a.links[j] != unlinked {
			return false
		}
	}
	return true
}

// leadNamesWhole reports the lexicon holding the leading words s..k-1 of the name s..e of r as
// the whole name (see leadingName).
func (ix *decision) leadNamesWhole(r *claimParts, s, k, e int) bool {
	lead := nameWords(r, s, k-1)
	if r.lang == "en" {
		whole := writtenSpan(r.read, r.parts[s].text, r.parts[e].text)
		if whole == "" {
			return false
		}
		rel := ix.lex.Relate("en", lead, whole)
		return rel == thesaurus.Synonym || rel == thesaurus.Same
	}
	var leadTr []string
	for m := s; m < k; m++ {
		leadTr = append(leadTr, r.parts[m].dict...)
	}
	if k-s != 1 || len(leadTr) == 0 {
		return false
	}
	for _, t := range firstN(ix.lex.Translate("tr", "en", leadTr[0]), mainReadings+1) {
		words := strings.Fields(strings.ToLower(t))
		if len(words) < 2 {
			continue
		}
		all := true
		for m := k; m <= e && all; m++ {
			all = ix.translationAmong(&r.parts[m], words)
		}
		if all {
			return true
		}
	}
	return false
}

// translationAmong reports one of the English readings of Turkish word o among words, as
// written or as a base form ("games" for "oyun" → game).
func (ix *decision) translationAmong(o *part, words []string) bool {
	readings := ix.englishReadings(o)
	for _, w := range words {
		for _, l := range append([]string{w}, ix.lex.Lemmas("en", w)...) {
			if slices.Contains(readings, l) {
				return true
			}
		}
	}
	return false
}

// writtenSpan is text from word a to word b, the function words between kept ("Great Wall of
// China"), lower case; "" when they are not found in order.
func writtenSpan(text, a, b string) string {
	i := strings.Index(text, a)
	if i < 0 {
		return ""
	}
	k := strings.Index(text[i:], nameBase(b))
	if k < 0 {
		return ""
	}
	return strings.ToLower(text[i : i+k+len(nameBase(b))])
}

// nameByClass links a common noun of the post, in the singular, to a gazetteer name of the
// fact-check that WordNet puts in that noun's class ("planet" for the Earth, "gezegenimiz" for
// "Dünya"), when both are left unstated and each is the only such word of its claim: the post
// speaks of the one thing of that class the fact-check names. A post naming another one
// ("Mars", "the Moon") has that name left over and is refused, and a plural ("planets") speaks
// of the whole class.
func (ix *decision) nameByClass(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) {
	j := -1
	for k := range r.parts {
		if o := &r.parts[k]; ra.links[k] == unlinked && o.ent != nil && !o.aside {
			if j >= 0 || !o.ent.gaz {
				return
			}
			j = k
		}
	}
	if j < 0 {
		return
	}
	name := strings.TrimPrefix(r.parts[j].ent.key, "@")
	i := -1
	for k := range q.parts {
		p := &q.parts[k]
		if qa.links[k] != unlinked || p.ent != nil || p.verb || p.verbLike || p.num != "" || p.aside || !singular(p) {
			continue
		}
		for _, w := range ix.englishOf(p) {
			if kl, ok := ix.lex.(kindLexicon); ok && kl.KindOf("en", name, w) {
				if i >= 0 {
					return
				}
				i = k
				break
			}
		}
	}
	if i < 0 {
		return
	}
	qa.links[i], qa.with[i] = linked, j
	ra.links[j], ra.with[j] = linked, i
}

// singular reports a noun not written in the plural: an English word that is its own first base
// form, a Turkish word without the plural -lAr after its stem.
func singular(p *part) bool {
	if len(p.dict) == 0 {
		return false
	}
	if p.lang == "en" {
		return p.folded == p.dict[0]
	}
	stem := turkish.Fold(p.dict[0])
	rest := strings.TrimPrefix(p.folded, stem)
	return rest != p.folded && !strings.HasPrefix(rest, "lar") && !strings.HasPrefix(rest, "ler")
}

// clippedName links a word of the post that the lexicon does not know to the fact-check name it
// is the first letters of ("Vit" for "Vitamin"), when the words beside both are linked to each
// other ("C"): the post writes the same name short.
func (ix *decision) clippedName(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) {
	for i := range q.parts {
		p := &q.parts[i]
		if qa.links[i] != unlinked || p.aside || len(p.folded) < 3 || p.num != "" || ix.knownWord(p) {
			continue
		}
		for j := range r.parts {
			o := &r.parts[j]
			if ra.links[j] != unlinked || o.ent == nil || o.aside || len(o.folded) < len(p.folded)+2 || !strings.HasPrefix(o.folded, p.folded) {
				continue
			}
			next := i+1 < len(q.parts) && j+1 < len(r.parts) && qa.links[i+1] == linked && qa.with[i+1] == j+1
			prev := i > 0 && j > 0 && qa.links[i-1] == linked && qa.with[i-1] == j-1
			if !next && !prev {
				continue
			}
			qa.links[i], qa.with[i] = linked, j
			ra.links[j], ra.with[j] = linked, i
			break
		}
	}
}
