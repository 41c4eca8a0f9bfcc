package matching

import (
	"strings"
	"unicode"

	"github.com/claimcheck/claimcheck/internal/thesaurus"
	"github.com/claimcheck/claimcheck/internal/turkish"
)

// A post often puts beside its claim a clause of its own that is no part of it: how the poster
// feels about it ("…, sad but true"), what it does to the poster or the poster's own ("…,
// ciğerlerimiz yanıyor 🔥", "…, biz her gün açıyoruz"), who of the poster's circle told it
// ("Tarih hocamız anlatmıştı, …"). decideWhole sets a clause sharing nothing with the
// fact-check aside only when every part of the fact-check is stated (a clause may be where the
// post says something else) or when it is advice; a post leaving one part of the fact-check
// unstated for another reason then fails on the comment's word ("the claim also says sad"). A
// comment clause is told by closed grammatical cues only: a first or second person pronoun or
// possessive (English words, Turkish pronouns and first-person possessive endings), a Turkish
// verb in the first person, or an English clause of adjectives and adverbs alone (no noun, no
// verb: an evaluation of what was said). A clause that may add or change a fact is never one:
// one with a number, a name, a negation, or a word of contrast, restriction, reason or addition
// ("but only", "except", "ama sadece", "that's why", "too", "biz de"), one whose parts cannot
// be found in its own text, and one with a word the lexicon relates to a word of the fact-check
// ("…, happened to my beard" beside "hair"): a kind or a part of what the claim is about is a
// claim about it. Only within one language. A denial after the claim ("…, totally false") is
// read by deniedAfter (holes.go) whatever is set aside here.

// commentBlockers are the function words that make a clause add to or restrict the claim, by
// language-neutral folded spelling: contrast, restriction, exception, reason, consequence,
// comparison, addition and negation.
var commentBlockers = map[string]bool{
	"only": true, "just": true, "except": true, "unless": true, "because": true, "since": true,
	"so": true, "why": true, "too": true, "also": true, "even": true, "either": true, "than": true, "not": true,
	"no": true, "never": true, "nor": true, "if": true, "when": true, "which": true, "who": true, "where": true,
	"more": true, "less": true, "most": true, "least": true, "all": true, "every": true, "every1": true,
	"sadece": true, "yalnizca": true, "yalniz": true, "ancak": true, "haric": true, "disinda": true,
	"cunku": true, "yuzden": true, "icin": true, "de": true, "da": true, "bile": true, "degil": true,
	"yok": true, "hic": true, "asla": true, "daha": true, "en": true, "eger": true, "ise": true, "gibi": true,
	"kadar": true, "ile": true, "hep": true, "herkes": true,
}

// commentOpeners open a clause that goes on with the claim: a conjunction of addition or contrast
// first in the clause ("…, but rarely", "…, and in dogs", "…, ama köpeklerde"); between two
// evaluations ("sad but true") it joins them.
var commentOpeners = map[string]bool{"and": true, "but": true, "or": true, "ve": true, "ama": true, "fakat": true, "veya": true, "ya": true}

// commentPersons are the first and second person pronouns and possessives, folded.
var commentPersons = map[string]bool{
	"i": true, "me": true, "my": true, "mine": true, "we": true, "us": true, "our": true, "ours": true,
	"you": true, "your": true, "yours": true, "u": true, "ur": true, "im": true, "i'm": true,
	"ben": true, "beni": true, "bana": true, "benim": true, "biz": true, "bizi": true, "bize": true, "bizim": true,
	"sen": true, "seni": true, "sana": true, "senin": true, "siz": true, "sizi": true, "size": true, "sizin": true,
}

// trFirstPersonVerb matches the first-person endings of a finite Turkish verb ("açıyoruz",
// "gördüm", "biliyorum"), folded.
var trFirstPersonVerb = []string{"iyoruz", "uyoruz", "iyorum", "uyorum", "dik", "duk", "tik", "tuk", "dim", "dum", "tim", "tum", "ecegiz", "acagiz"}

// commentClause reports clause c of a post q as a comment beside its claim (see the comment at
// the top of this file). The caller has found that it shares no part with the fact-check.
func (ix *Index) commentClause(q, r *claimParts, c int) bool {
	if ix.lex == nil || q.read == "" || q.question || q.lang != r.lang {
		return false
	}
	pieces := commentPieces(q.read)
	if len(pieces) != q.clauses || c >= len(pieces) {
		return false
	}
	piece := pieces[c]
	folded := turkish.Fold(piece)
	for _, ch := range piece {
		if unicode.IsDigit(ch) {
			return false
		}
	}
	for _, g := range q.negs {
		if g.clause == c {
			return false
		}
	}
	var own []*part
	for i := range q.parts {
		p := &q.parts[i]
		if p.aside {
			return false // the clause numbering may not follow q.read
		}
		if p.clause != c {
			continue
		}
		if p.ent != nil || p.num != "" || p.neg || p.privative || !strings.Contains(folded, p.folded) {
			return false
		}
		own = append(own, p)
	}
	if len(own) == 0 {
		return false
	}
	words := frameWords.FindAllString(piece, -1)
	person := false
	for k, w := range words {
		f := turkish.Fold(w)
		if punctuation(f) {
			continue
		}
		if commentBlockers[f] || q.lang == "en" && strings.HasSuffix(f, "n't") || k == 0 && commentOpeners[f] {
			return false
		}
		if commentPersons[f] || q.lang == "tr" && ix.trFirstPerson(f) {
			person = true
		}
	}
	return (person || ix.evaluationOnly(own) || q.lang == "en" && ix.imperativeOpened(piece, c)) && !ix.relatedToAny(own, r) // an imperative: advicecomma.go
}

// relatedToAny reports a part of own the lexicon relates in any way to a word of r, in one
// language: a clause about a kind or a whole of what the fact-check names ("…, happened to my
// beard" beside "hair") speaks of the claim, though it shares no word with it.
func (ix *Index) relatedToAny(own []*part, r *claimParts) bool {
	forms := func(p *part) []string {
		if p.lang == "tr" {
			return append([]string{p.folded}, p.dict...)
		}
		return append([]string{p.folded}, p.lemmas...)
	}
	for _, p := range own {
		for j := range r.parts {
			o := &r.parts[j]
			if o.num != "" || o.lang != p.lang {
				continue
			}
			for _, a := range forms(p) {
				for _, b := range forms(o) {
					if ix.lex.Relate(p.lang, a, b) != thesaurus.Unrelated {
						return true
					}
				}
			}
		}
	}
	return false
}

// trFirstPerson reports a folded Turkish word with a first-person ending: a noun the lexicon
// knows with a first-person possessive ("ciğerlerimiz", "hocamız") or a finite verb in the first
// person ("açıyoruz").
func (ix *Index) trFirstPerson(w string) bool {
	if ix.firstPersonPossessed(w) {
		return true
	}
	for _, e := range []string{"imiz", "umuz", "im", "um", "m"} {
		if stem, ok := strings.CutSuffix(w, e); ok {
			for _, pl := range []string{"ler", "lar"} {
				if s, ok := strings.CutSuffix(stem, pl); ok && len(s) >= 2 && ix.knownTurkish(s) {
					return true
				}
			}
		}
	}
	if !turkish.IsVerbForm(w) {
		return false
	}
	for _, e := range trFirstPersonVerb {
		if strings.HasSuffix(w, e) {
			return true
		}
	}
	return false
}

// evaluationOnly reports English parts that are all adjectives or adverbs by the lexicon (no
// noun or verb reading): an evaluation of what was said ("sad but true"), never a thing or an
// act of a claim of its own.
func (ix *Index) evaluationOnly(own []*part) bool {
	nl, ok1 := ix.lex.(nounLexicon)
	vl, ok2 := ix.lex.(verbLexicon)
	if !ok1 || !ok2 {
		return false
	}
	for _, p := range own {
		// A word of truth ("true", also read as a verb "to true") passes: a denial ("…, totally
		// false") is read by deniedAfter (holes.go).
		if p.lang != "en" || p.verb || !ix.truthOrBelief(p) && (nl.IsNoun(p.folded) || vl.IsVerb(p.folded) || len(ix.lex.Lemmas("en", p.folded)) == 0) {
			return false
		}
	}
	return true
}

// commentPieces cuts a text into its clauses as clauseIDs (claimparts.go) numbers them: at commas,
// semicolons, colons and sentence ends, not inside numbers, a piece without a token being no
// clause.
func commentPieces(text string) []string {
	var out []string
	rs := []rune(text)
	eachClause(rs, func(start, end int) {
		if s := string(rs[start:end]); len(frameWords.FindAllString(s, -1)) > 0 && strings.TrimFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) != "" {
			out = append(out, s)
		}
	})
	return out
}
