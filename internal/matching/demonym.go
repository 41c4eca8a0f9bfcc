package matching

import (
	"strings"

	"github.com/claimcheck/claimcheck/internal/turkish"
)

// A post often says who a name of the fact-check is by the nation it belongs to: "İngiliz
// bilgisayar bilimci Tim Berners-Lee", "Kanadalı-Amerikalı James Naismith", "İsviçre'deki
// CERN", "galatasaray are the only turkish club …". The nationality (a gazetteer country or
// continent, by its name or its demonym: entity.go reads "Kanadalı" and "turkish" as the
// country) describes the stated name, in no part's place; when the review's own explanation
// gives that name the same nationality, the checker saw the detail and the post is the checked
// claim. A nationality the body does not give ("Fransız bilgisayar bilimci Tim Berners-Lee")
// may be wrong, and one standing where the fact-check has a name, place or number of its own
// ("Japanese women" for "Türkiye'de kadınlar", "Amerikalı … Vint Cerf") replaces it: both stay
// refused.

// nationAside sets aside, as chatter, the nationalities of post q that describe a name both
// claims state (describedByNation) and that the review's body gives too, while r has no name,
// place or number left unstated.
func (ix *decision) nationAside(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) {
	if r.body == nil {
		return
	}
	checked := false
	for i := range q.parts {
		if qa.links[i] != unlinked || !nationality(&q.parts[i]) || i > 0 && nationality(&q.parts[i-1]) && qa.links[i-1] == unlinked {
			continue // the run is taken from its first nationality
		}
		e := i
		for e+1 < len(q.parts) && nationality(&q.parts[e+1]) && qa.links[e+1] == unlinked && q.parts[e+1].clause == q.parts[i].clause &&
			wordsAdjacent(q.read, q.parts[e].text, q.parts[e+1].text) {
			e++
		}
		ok, nominal := ix.describedByNation(q, qa, r, i, e)
		if !ok {
			continue
		}
		if !checked {
			if !factCheckAllStated(q, r, ra) {
				return
			}
			checked = true
		}
		// The nominal after a stated subject is set aside with the nationality, when the body
		// names it too ("bir Türk kulübünün" for "turkish club").
		last := max(e, nominal)
		all := true
		for k := i; k <= last && all; k++ {
			if k <= e {
				all = ix.bodyGivesNation(r, &q.parts[k])
			} else {
				all = ix.bodyGivesWord(r, &q.parts[k])
			}
		}
		if all {
			for k := i; k <= last; k++ {
				qa.links[k] = chatter
			}
		}
	}
}

// nationality reports a part naming a country or continent (by name or demonym) that says
// which one the next word is: not a place adjunct ("in Japan") nor an aside.
func nationality(p *part) bool {
	return p.ent != nil && p.ent.gaz && (p.ent.kind == "country" || p.ent.kind == "continent") && !p.place && !p.aside && p.num == ""
}

// describedByNation reports nationalities i..e of q that describe a name both claims state:
// up to two common words after them, written together ("bilgisayar bilimci"), then that name
// ("Tim Berners-Lee", "James Naismith", "CERN'de"); or, with at least one common word, after
// the stated subject naming it, as its apposition or predicate nominal ("galatasaray are the
// only turkish club"). A nationality with an ending of its own other than a possessor's
// ("Japonya'da") is a phrase of its own.
//
// In the second shape it also returns the last of the common words (the nominal, "club"),
// which say what the name is; else -1.
func (ix *decision) describedByNation(q *claimParts, qa sideAlign, r *claimParts, i, e int) (bool, int) {
	cl := q.parts[i].clause
	if _, suf := splitApostrophe(q.parts[e].text); suf != "" && !ix.possessorSuffix(&q.parts[e], suf) {
		return false, -1
	}
	k, words := e+1, 0
	for ; k < len(q.parts) && q.parts[k].clause == cl; k++ {
		o := &q.parts[k]
		adjacent := wordsAdjacent(q.read, q.parts[k-1].text, o.text)
		if qa.links[k] == linked {
			if adjacent && o.ent != nil && statedNoun(o) {
				return true, -1
			}
			break
		}
		if !adjacent {
			break
		}
		if words == 2 || o.ent != nil || o.verb || o.verbLike || o.num != "" || o.place || o.aside || o.role == roleAdjunct {
			return false, -1
		}
		if _, suf := splitApostrophe(o.text); suf != "" {
			return false, -1
		}
		words++
	}
	b := i - 1
	if words == 0 || b < 0 || q.parts[b].clause != cl || qa.links[b] != linked || !q.parts[b].first || q.parts[b].verb {
		return false, -1
	}
	// The subject the fact-check states is a name: read as one, or capitalised and no word of
	// the lexicon ("Galatasaray" opening the sentence, before a year).
	j := qa.with[b]
	if j < 0 || j >= len(r.parts) {
		return false, -1
	}
	o := &r.parts[j]
	return o.ent != nil || writtenAsName(o.text) && !ix.knownWord(o), e + words
}

// bodyGivesNation reports the review's body naming the nation of part p: a word of the body
// with the same gazetteer entry ("İngiliz", "bir Türk kulübünün"), or a translation of p
// ("Canadian" of "Canadian-American" for "Kanadalı").
func (ix *decision) bodyGivesNation(r *claimParts, p *part) bool {
	word, _ := splitApostrophe(p.text)
	w := strings.ToLower(word)
	if p.lang == "tr" {
		w = turkish.Lower(word)
	}
	for _, o := range r.body.read(ix.Index) {
		if o.ent != nil && o.ent.key == p.ent.key {
			return true
		}
		if o.lang == p.lang || o.lang != "tr" && o.lang != "en" {
			continue
		}
		tr := ix.relations.translate(ix.lex, p.lang, o.lang, w)
		if len(tr) == 0 {
			continue
		}
		for _, seg := range strings.Split(o.folded, "-") {
			for _, t := range tr {
				if seg == t || o.lang == "tr" && seg == turkish.Fold(t) {
					return true
				}
			}
		}
	}
	return false
}

// bodyGivesWord reports a word of the review's body that states common word p: the same word,
// a synonym or a translation (compound.go statesCompound).
func (ix *decision) bodyGivesWord(r *claimParts, p *part) bool {
	if p.lang != "tr" && p.lang != "en" {
		return false
	}
	for _, o := range r.body.read(ix.Index) {
		if o.ent == nil && o.num == "" && (o.lang == "tr" || o.lang == "en") && ix.statesCompound(p.lang, p.dict, o.lang, o.dict, false) {
			return true
		}
	}
	return false
}

// nameHeadIsLemma sets aside a name right after a stated name when the two are one lemma the
// lexicon relates to what the first states ("Ottoman Turks", WordNet's "Ottoman Turk", for
// "Ottomans"): the second word is the people the first already names.
func (ix *decision) nameHeadIsLemma(q *claimParts, qa sideAlign, r *claimParts) {
	if ix.lex == nil {
		return
	}
	for i := 1; i < len(q.parts); i++ {
		p, b := &q.parts[i], &q.parts[i-1]
		if qa.links[i] != unlinked || p.ent == nil || p.ent.gaz || b.ent == nil || qa.links[i-1] != linked || b.clause != p.clause ||
			p.lang != "en" && p.lang != "tr" || !wordsAdjacent(q.read, b.text, p.text) {
			continue
		}
		j := qa.with[i-1]
		if j < 0 || j >= len(r.parts) {
			continue
		}
		o := &r.parts[j]
		var forms []string
		for _, s := range append(append([]string(nil), p.dict...), firstN(p.lemmas, 4)...) {
			forms = append(forms, b.folded+" "+s)
		}
		other := append(append([]string{o.folded}, o.dict...), firstN(o.lemmas, 4)...)
		if ix.statesCompound(p.lang, forms, o.lang, other, true) {
			qa.links[i], qa.with[i] = chatter, j
		}
	}
}
