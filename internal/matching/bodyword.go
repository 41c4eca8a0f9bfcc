package matching

import (
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/turkish"
)

// A post often states the whole fact-check and adds a detail: "Basketball was created by James
// Naismith at the Springfield YMCA in 1891", "… in Springfield, Massachusetts in 1891",
// "Türkiye Cumhuriyeti 29 Ekim 1923'te Ankara'da ilan edildi". When the fact-check's own
// explanation (its reviewBody) discusses that detail, the review covered it: the post is the
// checked claim with a detail the checker saw, not a claim of its own. Only within one language
// (the words are compared lemma to lemma, read by the analysers the claims are read with), and
// only while the fact-check is stated in full and nothing else of the post is left over. A review
// rated true checked its own details, not the post's: there only a name the body names may be
// added, since a common word ("in every smoker") may be what makes the post false.

// reviewBody is a review's explanation, read into words once, the first time a rule asks; kept
// with the review's parts (Index.reviewParts), which live as long as the review.
type reviewBody struct {
	text, lang string
	once       sync.Once
	words      []part
}

// newReviewBody keeps a review's explanation to be read when first needed; nil when it has none.
func newReviewBody(text, lang string) *reviewBody {
	if text == "" {
		return nil
	}
	return &reviewBody{text: text, lang: lang}
}

// read returns the body's words, reading them the first time: sentence by sentence, as claims
// are read (parseClaim), so each word has the lemmas a claim's word would have.
func (b *reviewBody) read(ix *Index) []part {
	b.once.Do(func() {
		for _, s := range splitSentences(b.text) {
			c := ix.parseClaim(s, b.lang)
			for i := range c.parts {
				if c.parts[i].num == "" {
					b.words = append(b.words, c.parts[i])
				}
			}
		}
	})
	return b.words
}

// bodyMentions reports a word of the review's body that is part p: the same folded word or a
// lemma both plausibly have (sameLemma), never a shared start of two words. A name must be
// written as one in the body too ("galip geldi" names no "Kupa Galipleri Kupası").
func (ix *Index) bodyMentions(r *claimParts, p *part) bool {
	words := r.body.read(ix)
	for k := range words {
		if o := &words[k]; o.lang == p.lang && (p.ent == nil || writtenAsName(o.text)) && (o.folded == p.folded || sameLemma(p, o)) {
			return true
		}
	}
	return false
}

// addable reports a part of the post that may be a detail the body covers: a name, or (for a
// review not rated true) a noun; never a number, verb, negation, quantifier or word of degree.
func (ix *decision) addable(q *claimParts, p *part, rated analysis.Verdict) bool {
	if p.num != "" || p.verb || p.verbLike && p.ent == nil || p.neg || p.privative || p.aside || p.ident || p.bounded != 0 {
		return false
	}
	if negationWords[p.folded] || onlyWords[p.folded] || fillerQualifiers[p.folded] || turkish.IsQuantifier(p.folded) || isStop(p.lang, p.folded) {
		return false
	}
	for _, g := range q.negs {
		if g.clause == p.clause {
			return false // what the claim denies ("Canberra isn't the capital, Sydney is") is no detail it adds
		}
	}
	if p.ent != nil {
		return true
	}
	if p.role == rolePredicate {
		return false // what the claim says of its subject ("the earth isn't round")
	}
	if rated == analysis.VerdictTrue {
		return false // a common word may be what makes the post false ("… in every smoker")
	}
	nouns, ok := ix.lex.(nounLexicon)
	if !ok {
		return false
	}
	switch p.lang {
	case "tr":
		return !turkish.IsVerbForm(p.folded) && !ix.adjective(nouns, p)
	case "en":
		return nouns.IsNoun(p.folded) && !verbalNoun(p)
	}
	return false
}

// bodyAside sets aside, as chatter, the parts of post q that the review's body names, when r is
// stated in full, in q's language, with nothing of r left unstated in their place and nothing
// else of q left over.
func (ix *decision) bodyAside(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, rFull, cross bool) {
	if cross || !rFull || r.body == nil || q.rated != "" {
		return
	}
	// Nothing of the fact-check left unstated, verbs included: a word of the post the body
	// names in the place of one of the fact-check's is a substitution, and the body often names
	// the true version of a false claim ("Diamonds are formed from carbon" for "… from coal").
	for j := range r.parts {
		if o := &r.parts[j]; ra.links[j] == unlinked && !o.aside && (o.num == "" || !numberStated(o, q)) {
			return
		}
	}
	var aside []int
	for i := range q.parts {
		p := &q.parts[i]
		if qa.links[i] != unlinked || p.aside || p.num != "" && numberStated(p, r) {
			continue
		}
		// Every word the post adds must be one the body covers, or none is set aside.
		if !ix.addable(q, p, r.rated) || modifiesStated(q, qa, i) || !ix.bodyMentions(r, p) {
			return
		}
		aside = append(aside, i)
	}
	for _, i := range aside {
		qa.links[i] = chatter
	}
}

// modifiesStated reports part i of q written directly before a stated noun of its clause: it
// says which one that noun is ("UEFA Süper Kupası" for "UEFA Kupası"), a thing of its own the
// body may name too, not a detail added beside the claim.
func modifiesStated(q *claimParts, qa sideAlign, i int) bool {
	n := i + 1
	if n >= len(q.parts) || q.parts[n].clause != q.parts[i].clause || qa.links[n] != linked || q.parts[n].verb || q.parts[n].num != "" {
		return false
	}
	return wordsAdjacent(q.read, q.parts[i].text, q.parts[n].text)
}

// writtenAsName reports a word written with a capital first letter.
func writtenAsName(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r)
}
