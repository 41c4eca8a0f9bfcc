package matching

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/claimcheck/claimcheck/internal/thesaurus"
	"github.com/claimcheck/claimcheck/internal/turkish"
)

// trVerbsApart reports a Turkish verb of the claim (p) in the place of the fact-check's Turkish
// verb (o) that the lexicon makes its antonym in a reading the clause reading left out: "donar"
// is read as "donamak" (to adorn) and "dönmek", while the aorist of "donmak" (to freeze) is
// "donar" as well, and "donmak" is the antonym of "kaynamak" (to boil), so "su daha düşük
// sıcaklıkta donar" is not "… kaynar". Verbs are compared on meaning only (see decideWhole), and
// an antonym among the parts' own readings turns the claim into its negation; a reading only
// the verb's stem gives (the stem with the infinitive ending, a verb the dictionaries translate)
// is too unsure for that, so it only keeps the two apart: no verdict rather than a flipped one.
func (ix *decision) trVerbsApart(p, o *part) bool {
	if ix.lex == nil || p.lang != "tr" || o.lang != "tr" || !p.verb || !o.verb || p.ent != nil || o.ent != nil || p.num != "" || o.num != "" {
		return false
	}
	for _, a := range ix.trStemVerbs(p) {
		for _, b := range o.dict {
			if ix.lex.Relate("tr", a, b) == thesaurus.Antonym {
				return true
			}
		}
	}
	return false
}

// trStemVerbs are the infinitives of a Turkish verb's lemma candidates that its dictionary
// forms (dict) do not hold and the dictionaries translate ("don" → "donmak"). Lemmas are
// folded, so both infinitive endings are tried.
func (ix *decision) trStemVerbs(p *part) []string {
	var out []string
	for _, l := range p.lemmas {
		if len([]rune(l)) < 2 {
			continue
		}
		for _, inf := range []string{l + "mak", l + "mek"} {
			if contains(p.dict, inf) || contains(out, inf) {
				continue
			}
			if len(ix.lex.Translate("tr", "en", inf)) > 0 {
				out = append(out, inf)
			}
		}
	}
	return out
}

// trPredicateApart reports, for a Turkish claim q and a Turkish fact-check r, a predicate the
// parts do not show apart, read from the words around them:
//
//   - the fact-check names a cause with "sayesinde" (thanks to: it did good) and the claim with
//     "yüzünden" (because of: it did harm), or the other way round: "delik Montreal Protokolü
//     yüzünden büyüyor" is not "… sayesinde iyileşmektedir" (a rewording keeps the
//     postposition, or says the cause in other words: "Enflasyon yüzünden paranın alım gücü
//     düşer" for "Enflasyon … azaltır");
//   - the claim states the fact-check's subject only by a noun in -(y)ken, which says when
//     ("çocukken": as a child), an adjunct of time and no subject: "…, çocukken hep söylerlerdi"
//     does not state "Şeker çocukları hiperaktif yapar" (in a rewording the -ken word only adds
//     a time, "Hava bulutluyken" for "Bulutlu havalarda …", and leaves the subject to others);
//   - the claim's act is a negative verbal noun (-mAmAk, -mAmAsI) of a verb the fact-check
//     states as a positive act: "dışarı çıkmamak" (not going out) is the opposite act of "dışarı
//     çıkmak", while a negation of the verb would only deny the claim (clause reading reads the
//     noun as a word of its own, "çıkmamak" → fail).
func (ix *decision) trPredicateApart(q, r *claimParts) string {
	if q.lang != "tr" || r.lang != "tr" {
		return ""
	}
	if j := subjectEnd(r); j >= 0 && r.parts[j].role == roleCore && !r.parts[j].place && !timeConverb(&r.parts[j]) {
		if _, ra := ix.alignParts(q, r); ra.links[j] == linked && ra.with[j] >= 0 && timeConverb(&q.parts[ra.with[j]]) {
			return fmt.Sprintf("different subject: %s ≠ %s", q.parts[ra.with[j]].text, r.parts[j].text)
		}
	}
	qw, rw := foldedWords(q.read), foldedWords(r.read)
	for _, pair := range [][2]string{{"yuzunden", "sayesinde"}, {"sayesinde", "yuzunden"}} {
		if contains(qw, pair[0]) && !contains(qw, pair[1]) && contains(rw, pair[1]) && !contains(rw, pair[0]) {
			return fmt.Sprintf("different predicate: %s ≠ %s", asWritten(q.read, pair[0]), asWritten(r.read, pair[1]))
		}
	}
	for _, w := range qw {
		stem := negativeVerbalNoun(w)
		if stem == "" || contains(qw, stem+"mak") || contains(qw, stem+"mek") {
			continue // the post says the positive act too: it contrasts the two
		}
		for _, v := range rw {
			if negativeVerbalNoun(v) == stem {
				return "" // the fact-check says the same negative act
			}
		}
		for _, v := range rw {
			if v == stem+"mak" || v == stem+"mek" || v == stem+"masi" || v == stem+"mesi" {
				return fmt.Sprintf("different predicate: %s ≠ %s", asWritten(q.read, w), asWritten(r.read, v))
			}
		}
	}
	return ""
}

// timeConverb reports a Turkish word in -(y)ken after a stem of three letters or more among its
// lemmas ("çocukken", "hamileyken"; not "erken"): "while …", said of a time.
func timeConverb(p *part) bool {
	if p.lang != "tr" {
		return false
	}
	for _, l := range p.lemmas {
		if len([]rune(l)) >= 3 && (p.folded == l+"ken" || p.folded == l+"yken") {
			return true
		}
	}
	return false
}

// negativeVerbalNoun is the verb stem of a folded Turkish negative verbal noun ("cikmamak" →
// "cik", "yememesi" → "ye"), or "".
func negativeVerbalNoun(w string) string {
	for _, end := range []string{"mamak", "memek", "mamasi", "memesi"} {
		if stem, ok := strings.CutSuffix(w, end); ok && len([]rune(stem)) >= 2 {
			return stem
		}
	}
	return ""
}

// foldedWords are text's words folded as claim parts are (turkish.Fold, lower case).
func foldedWords(text string) []string {
	words := textWords(text)
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = strings.ToLower(turkish.Fold(w))
	}
	return out
}

// textWords are the words of text as written, each without an apostrophe's ending.
func textWords(text string) []string {
	fields := strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' && r != '’' })
	for i, f := range fields {
		if k := strings.IndexAny(f, "'’"); k >= 0 {
			fields[i] = f[:k]
		}
	}
	return fields
}

// asWritten is the word of text whose folded form is folded, as the text writes it ("yüzünden"
// for "yuzunden"), for a reason a reader sees; folded itself when none is.
func asWritten(text, folded string) string {
	for _, w := range textWords(text) {
		if strings.ToLower(turkish.Fold(w)) == folded {
			return turkish.Lower(w)
		}
	}
	return folded
}
