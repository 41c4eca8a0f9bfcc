package matching

// An exception read against a restriction (decideWhole's polarity): "No man-made structure
// except the Great Wall can be seen from space" says what "The Great Wall is the only man-made
// structure visible from space" says. An exception word (exceptWords) in a clause that denies
// or speaks of all ("no X except Y", "nothing except Y", "Çin Seddi dışında hiçbir yapı …
// görülemez", "every X except Y") turns the clause on the one thing it sets apart: with the
// denial it is "only Y", with "every" it is "all but Y", the opposite of "only Y". Against a
// claim that restricts (restrictWords, "tek") the exception flips the claim once, as an antonym
// link does, so the negation the post states restores "only Y" and "every X except Y" is
// refused as its opposite.
//
// It never accepts what the negation alone would not: it only counts against a claim that
// says "only" and does not say the exception too, and only for an exception in a clause that
// is negated or quantified over all; "No man-made structure can be seen from space" (no
// exception) is still negated against "the only … visible". The exception's own word (Y) is
// compared as any other part: "No structure except the pyramids …" is another subject.
// negmeaning.go's onlyElsewhere already reads "dışında" against "yalnızca" as a flip; decide.go
// asks this rule only where that one did not flip, so the two never count twice.

// exceptWords set one thing apart from what the clause says of all others ("except",
// "dışında", "hariç", "başka": "X'ten başka hiçbir …"), folded.
var exceptWords = map[string]bool{"except": true, "excepting": true, "besides": true, "disinda": true, "haric": true, "baska": true}

// onlyWords restrict a claim to one thing: restrictWords, and the Turkish "tek" (the only
// one, "tek insan yapısı").
func onlyWord(folded string) bool { return restrictWords[folded] || folded == "tek" }

// allWords speak of every one of a kind ("every X except Y", "her yapı"), folded, by lexical
// language ("her" is a pronoun in English).
var allWords = map[string]map[string]bool{
	"en": {"every": true, "all": true, "everything": true, "everyone": true, "everybody": true},
	"tr": {"her": true, "butun": true, "tum": true, "herkes": true, "hepsi": true},
}

// exceptOnly reports a claim a with an exception (exceptWords) in a clause that is negated or
// speaks of all, against a claim b that restricts (onlyWord) where a does not: the pair flips
// the claim once. It returns a's exception word and b's restriction, for the reason.
func (ix *decision) exceptOnly(a, b *claimParts) (string, string) {
	words, _ := ix.clauseTokens(a)
	at := -1
	for k, t := range words {
		if exceptWords[t.folded] {
			at = k
			break
		}
	}
	if at < 0 {
		return "", ""
	}
	c := words[at].clause
	all := allWords[lexicalLang(a.lang)]
	quantified := false
	for _, g := range a.negs {
		quantified = quantified || g.clause == c
	}
	for _, t := range words {
		if t.clause != c {
			continue
		}
		if onlyWord(t.folded) {
			return "", "" // both restrict
		}
		quantified = quantified || all[t.folded]
	}
	if !quantified {
		return "", ""
	}
	bWords, _ := ix.clauseTokens(b)
	for _, t := range bWords {
		if onlyWord(t.folded) {
			return words[at].text, t.text
		}
	}
	return "", ""
}
