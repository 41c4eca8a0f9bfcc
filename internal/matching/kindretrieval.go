package matching

import (
	"strings"

	"github.com/claimcheck/claimcheck/internal/turkish"
)

// broaderLexicon is a Lexicon that also names the classes a word names a kind of
// (thesaurus.Thesaurus.BroaderKinds): the decision links a post's word to a fact-check's word it
// names a kind of (kindof.go kindOfLink), but retrieval needs the class word in hand to find
// that fact-check at all.
type broaderLexicon interface {
	BroaderKinds(lang, narrow string) []string
}

// verbFormLexicon is a Lexicon that knows which English words are verbs
// (thesaurus.Thesaurus.IsVerb).
type verbFormLexicon interface{ IsVerb(word string) bool }

const (
	// kindWeight is the share of its own weight a class word gets in BM25 when it stands in for
	// a post's word that names a kind of it: a post about vodka is less surely about alcohol than
	// a post that says alcohol.
	kindWeight = 0.7
	// kindCover is the similarity credit of a post's word that names a kind of a fact-check's
	// word, and of that fact-check's word: below a word spelt the same (1) and a shared concept
	// (conceptCover), so that the class stands in for the kind without outranking the fact-check
	// that names the kind itself; enough that "Bacon and ham raise your chances of getting colon
	// cancer" reaches the decision floor for "Eating processed meat increases the risk of bowel
	// cancer".
	kindCover = 0.85
)

// kindKeysKey keys Index.kindKeys, which remembers each word's class keys (kindKeysOf), so a
// search costs a map look-up per word and per class.
type kindKeysKey struct{ lang, text, folded string }

// kindView is a post's class words resolved against the index (kindClasses).
type kindView struct {
	// words are, for each unit of the post, the word features of the classes it names a kind of.
	words [][]uint32
	// all is every unit's classes together, for the fact-check's side.
	all map[uint32]bool
}

// kindClasses resolves, for each content word of a post that no fact-check says, the classes it
// names a kind of ("vodka" → "alcohol", "bacon" → "meat", "rakı" → "alkol") among the words the
// index holds, so that a post's cost stays a few map look-ups per word; nil when there are none.
// Only in the post's language: across languages a class met through its English concept brought
// in a fact-check about another kind of the class ("knee" → joint → "eklemlerde", of knuckles)
// and no rewording on the tuning files (lock held).
func (ix *Index) kindClasses(q *textInfo) *kindView {
	bl, ok := ix.lex.(broaderLexicon)
	if !ok || q.lang != "en" && q.lang != "tr" {
		return nil
	}
	var kv *kindView
	for i := range q.units {
		u := &q.units[i]
		if u.stop || u.num != "" || u.folded == "" || hasEntity(q.ents, u.folded) || ix.holds(u) || ix.verbForm(q.lang, u.folded) {
			continue
		}
		var words []uint32
		for _, k := range ix.kindKeysOf(bl, q.lang, u) {
			if f, ok := ix.ids[k]; ok && ix.df[f] > 0 {
				words = append(words, f)
			}
		}
		if len(words) == 0 {
			continue
		}
		if kv == nil {
			kv = &kindView{words: make([][]uint32, len(q.units)), all: map[uint32]bool{}}
		}
		kv.words[i] = words
		for _, f := range words {
			kv.all[f] = true
		}
	}
	return kv
}

// holds reports a unit of a post that the index holds as a word or through one of its concepts:
// it meets the fact-checks that say it as itself, and its classes would only bring in
// fact-checks about other kinds of them ("vitamin" is a nutriment, "kış" a season). A word no
// fact-check says ("vodka", "bacon", "rakı") would otherwise only count against each of them
// (lock held).
func (ix *Index) holds(u *unit) bool {
	if f, ok := ix.ids[string(chWord)+u.stem]; ok && ix.df[f] > 0 {
		return true
	}
	for _, c := range u.concepts {
		if f, ok := ix.ids[string(chConcept)+c]; ok && ix.df[f] > 0 {
			return true
		}
	}
	return false
}

// verbForm reports a word inflected as a verb: a Turkish verb form ("içersen", "üşümezsin"), or
// an English verb's -s, -ed or -ing form ("buys", "causes", "running"). kindOfLink links no verb,
// and a verb's noun reading names a class the post does not mean ("buy", a bargain, is a
// purchase).
func (ix *Index) verbForm(lang, folded string) bool {
	if lang == "tr" {
		return turkish.IsVerbForm(folded)
	}
	vl, ok := ix.lex.(verbFormLexicon)
	return ok && (strings.HasSuffix(folded, "s") || strings.HasSuffix(folded, "ed") || strings.HasSuffix(folded, "ing")) && vl.IsVerb(folded)
}

// kindKeysOf is the word feature keys of the classes unit u of a post in lang names a kind of
// (Index.kindKeys): the classes of its dictionary forms, as dictForms reads a Turkish word and
// enLemmas an English one, named in the post's language (BroaderKinds checks each with KindOf,
// as kindOfLink does) and stemmed as the index stems words.
func (ix *Index) kindKeysOf(bl broaderLexicon, lang string, u *unit) []string {
	if k, ok := ix.kindKeys.get(kindKeysKey{lang, u.text, u.folded}); ok {
		return k
	}
	var forms []string
	if lang == "tr" {
		dict, spelled := ix.dictForms("tr", ix.morph.Lemmas(u.folded), writtenWord(u.text))
		forms = dict
		if len(spelled) == len(dict) && spelled != nil {
			forms = spelled
		}
	} else {
		forms = firstN(ix.enLemmas(u.folded), maxDict)
	}
	var keys []string
	for _, f := range forms {
		for _, w := range bl.BroaderKinds(lang, f) {
			if k := string(chWord) + stemFor(lang, turkish.Fold(w)); !contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	ix.kindKeys.put(kindKeysKey{lang, strings.Clone(u.text), strings.Clone(u.folded)}, keys, maxLexCache)
	return keys
}

// withKinds adds to a post's BM25 features the classes its words name a kind of (qv.kinds), at
// kindWeight of their own weight, so that the fact-check naming the class is among the
// candidates (lock held).
func (ix *Index) withKinds(qf []queryFeature, qv *queryView, n int) []queryFeature {
	if qv.kinds == nil {
		return qf
	}
	have := make(map[uint32]bool, len(qf))
	for _, f := range qf {
		if f.known {
			have[f.id] = true
		}
	}
	for _, ids := range qv.kinds.words {
		for _, f := range ids {
			if !have[f] {
				have[f] = true
				qf = append(qf, queryFeature{id: f, known: true, ch: chWord, weight: kindWeight * channelWeight[chWord] * idf(n, ix.df[f])})
			}
		}
	}
	return qf
}

// kindCredit credits at kindCover each unit of the post that align left unmatched and that names
// a kind of a word of fact-check d, and each unit of d left unmatched that a word of the post
// names a kind of; it returns the credit added to align's sum. Only for a fact-check in the
// post's language (kindClasses) (lock held).
func (ix *Index) kindCredit(qv *queryView, d *ReviewDoc, n int, al *alignment) float64 {
	kv := qv.kinds
	if kv == nil || !sameLanguage(qv.info.lang, d.Lang) {
		return 0
	}
	add := 0.0
	for i := range qv.units {
		if al.qCover[i] != 0 || len(kv.words[i]) == 0 {
			continue
		}
		for _, du := range d.units {
			if du.word >= 0 && containsID(kv.words[i], uint32(du.word)) {
				al.qCover[i] = kindCover
				add += kindCover * qv.units[i].weight
				break
			}
		}
	}
	for j, du := range d.units {
		if al.dCover[j] == 0 && du.word >= 0 && kv.all[uint32(du.word)] {
			al.dCover[j] = kindCover
			add += kindCover * idf(n, ix.df[du.word])
		}
	}
	return add
}

// containsID reports whether x is in ids.
func containsID(ids []uint32, x uint32) bool {
	for _, y := range ids {
		if y == x {
			return true
		}
	}
	return false
}
