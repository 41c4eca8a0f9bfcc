package matching

import (
	"strings"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/thesaurus"
	"github.com/claimcheck/claimcheck/internal/turkish"
)

// Negation judged on meaning (decideWhole's polarity): a word may hold a negation of another
// ("blind" is "görmez", does not see; "same" is "farksız", without difference), a negation may
// belong to a question the post answers or to a clause about something else ("Ever seen the
// curve? Me neither."), and "no one … before S" says that S was the first.

// denialTranslations is how many of a word's first translations are read for a negation inside
// the word: a dictionary glosses a word that denies something with the negative form of what it
// denies ("blind" → "görmez" is the fifth of its Turkish translations).
const denialTranslations = 5

// denialPivot is how many translations of the other word may name what a word denies: its main
// senses only ("difference" → "fark", "see" → "görmek"; not "look" → …, "görmek").
const denialPivot = 2

// deniedRoots returns the words a word denies, in the other language (to), read from its first
// translations that are negative forms: a Turkish negative verb ("blind" → "görmez" → görmek), a
// Turkish privative ("same" → "farksız" → fark) or an English privative ("kör" → "sightless" →
// sight). Phrases are not read: a gloss of several words ("görme engelli") says more than the
// word.
func (ix *decision) deniedRoots(lang string, forms []string) (to string, roots []string) {
	if ix.lex == nil || lang != "en" && lang != "tr" {
		return "", nil
	}
	to = "tr"
	if lang == "tr" {
		to = "en"
	}
	k := denialKey{lang, strings.Join(forms, "\x00")}
	if roots, ok := ix.denials.get(k); ok {
		return to, roots
	}
	roots = ix.readDeniedRoots(lang, to, forms)
	ix.denials.put(denialKey{strings.Clone(lang), k.forms}, roots, maxDenialCache)
	return to, roots
}

// denialKey keys the cache of deniedRoots (Index.denials): a word's language and its forms.
// Reading the translations of each word again for every candidate of every post (the Turkish
// morphology's positive stems of each translation) was a sixth of an analysis's CPU.
type denialKey struct{ lang, forms string }

// maxDenialCache bounds the cached answers of deniedRoots.
const maxDenialCache = 50_000

// readDeniedRoots is deniedRoots uncached.
func (ix *decision) readDeniedRoots(lang, to string, forms []string) (roots []string) {
	for _, f := range forms {
		for _, t := range firstN(ix.relations.translate(ix.lex, lang, to, f), denialTranslations) {
			if strings.ContainsRune(t, ' ') {
				continue
			}
			if to == "en" {
				if rs, ok := ix.englishPrivative(strings.ToLower(t)); ok {
					roots = append(roots, rs...)
				}
				continue
			}
			t = turkish.Fold(t)
			if root, _, ok := privativeRoot(t); ok && ix.knownTR(root) {
				roots = append(roots, root)
				continue
			}
			for _, s := range ix.morph.Positive(t) {
				for _, inf := range []string{s + "mak", s + "mek"} {
					if ix.knownTR(inf) {
						roots = append(roots, inf)
					}
				}
			}
		}
	}
	return dedupe(roots)
}

// denies reports a word (lang, its lexicon forms) whose meaning holds a negation of part v: a
// word it denies (deniedRoots) is v itself, or one of v's main translations, or translates to v.
// "blind" denies "see" (görmez), "same" denies "difference" (farksız → fark).
func (ix *decision) denies(lang string, forms []string, v *part) bool {
	if lang == "tr" && v.lang == "tr" && ix.lex != nil && v.ent == nil {
		// "aynı" is "farksız" (without difference) in KeNet: it denies "fark" ("hiçbir fark
		// yok").
		for _, f := range v.lexForms() {
			priv := privativeOf(turkish.Fold(f))
			for _, w := range forms {
				if r := ix.relations.relate(ix.lex, "tr", priv, w); priv != "" && (r == thesaurus.Same || r == thesaurus.Synonym) {
					return true
				}
			}
		}
	}
	to, roots := ix.deniedRoots(lang, forms)
	if len(roots) == 0 || v.lang != "en" && v.lang != "tr" {
		return false
	}
	fold := func(lang, w string) string {
		if lang == "tr" {
			return turkish.Fold(w)
		}
		return strings.ToLower(w)
	}
	vf := v.lexForms()
	if v.lang == to {
		for _, f := range vf {
			if contains(roots, fold(to, f)) {
				return true
			}
		}
		return false
	}
	for _, f := range vf {
		for _, t := range firstN(ix.relations.translate(ix.lex, v.lang, to, f), denialPivot) {
			if contains(roots, fold(to, t)) {
				return true
			}
		}
	}
	for _, r := range roots {
		for _, t := range firstN(ix.relations.translate(ix.lex, to, v.lang, r), denialPivot) {
			if contains(vf, fold(v.lang, t)) {
				return true
			}
		}
	}
	return false
}

// deniesEither reports two parts of one language, otherwise unrelated, of which one holds a
// negation of the other ("Bats are blind" for "Bats can't see"): lexRelate links them as
// opposites, so the negation the other claim states restores the claim. Only a predicate or a
// verb: a word in a subject's place that denies another names another thing.
func (ix *decision) deniesEither(p, o *part) bool {
	pred := func(x *part) bool { return x.verb || x.verbLike || x.role == rolePredicate }
	if p.num != "" || o.num != "" || p.ent != nil || o.ent != nil || !pred(p) && !pred(o) {
		return false
	}
	return ix.denies(p.lang, p.lexForms(), o) || ix.denies(o.lang, o.lexForms(), p) || ix.pivotDeniesEither(p, o) // pivotdenial.go
}

// clauseToken is one token of a claim's text (its frameText) with its clause and the part read
// from it.
type clauseToken struct {
	text, folded string
	clause       int
	// part is the index of the part read from the token, or -1 for a word read as grammar.
	part int
}

// clauseTokens reads c's text again as parseSegment does, token by token, with each token's
// clause and part, and, for each clause, whether it ends with a question mark. It returns nil
// when the tokens do not line up with the clauses.
func (ix *decision) clauseTokens(c *claimParts) (toks []clauseToken, asks []bool) {
	// Remembered for the search: the polarity check reads the post's tokens again for every
	// candidate, and a claim is never changed once read.
	if t, ok := ix.tokens[c]; ok {
		return t.toks, t.asks
	}
	toks, asks = ix.readClauseTokens(c)
	if ix.tokens == nil {
		ix.tokens = map[*claimParts]clauseTokenRead{}
	}
	ix.tokens[c] = clauseTokenRead{toks, asks}
	return toks, asks
}

// clauseTokenRead is what clauseTokens read of a claim.
type clauseTokenRead struct {
	toks []clauseToken
	asks []bool
}

// readClauseTokens is clauseTokens unremembered.
func (ix *decision) readClauseTokens(c *claimParts) (toks []clauseToken, asks []bool) {
	text := c.frameText
	if text == "" {
		return nil, nil
	}
	scanned, ids := ix.scanClauses(text, lexicalLang(c.lang))
	if ids == nil {
		return nil, nil
	}
	asks = clauseQuestions(text)
	var main []int
	for i := range c.parts {
		if !c.parts[i].aside {
			main = append(main, i)
		}
	}
	k := 0
	same := func(k int, t string) bool {
		return k < len(main) && turkish.Fold(c.parts[main[k]].text) == turkish.Fold(t)
	}
	for i, s := range scanned {
		t := clauseToken{text: s.text, folded: turkish.Fold(s.text), clause: ids[i], part: -1}
		switch {
		case same(k, s.text):
			t.part = main[k]
			k++
		case same(k+1, s.text):
			t.part = main[k+1]
			k += 2
		}
		toks = append(toks, t)
	}
	return toks, asks
}

// clauseQuestions tells, for each clause clauseIDs numbers in text, whether it ends with a
// question mark.
func clauseQuestions(text string) []bool {
	var asks []bool
	rs := []rune(text)
	eachClause(rs, func(start, end int) {
		if len(analysis.Tokenize(string(rs[start:end]))) > 0 {
			asks = append(asks, end < len(rs) && rs[end] == '?')
		}
	})
	return asks
}

// clauseHasPart reports a clause of toks from which a part was read.
func clauseHasPart(toks []clauseToken, c int) (has bool, n int) {
	for _, t := range toks {
		if t.clause == c {
			n++
			has = has || t.part >= 0
		}
	}
	return has, n
}

// ellipticAnswer reports a clause of toks that is an English elliptical answer: a pronoun and an
// auxiliary ("It can", "they do", "yes it does"), which says the question's claim again with
// its own polarity.
func ellipticAnswer(toks []clauseToken, c int) bool {
	var words []string
	for _, t := range toks {
		if t.clause == c {
			words = append(words, t.folded)
		}
	}
	if len(words) > 0 && (words[0] == "yes" || words[0] == "yeah" || words[0] == "yep") {
		words = words[1:]
	}
	if len(words) == 3 && words[2] == "not" {
		words = words[:2] // "it does not"
	}
	if len(words) != 2 {
		return false
	}
	pronoun := map[string]bool{"it": true, "they": true, "he": true, "she": true, "we": true, "you": true, "i": true}
	aux := map[string]bool{"can": true, "could": true, "do": true, "does": true, "did": true, "is": true, "are": true,
		"was": true, "were": true, "will": true, "would": true, "has": true, "have": true}
	a := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(words[1], "n't"), "n’t"), "not")
	if words[1] == "can't" || words[1] == "cant" || words[1] == "cannot" {
		a = "can"
	}
	return pronoun[words[0]] && aux[a]
}

// answeredNegation reports a negation in clause g of q that the post's own question and answer
// take out of its claim:
//   - a negated question answered by an elliptical answer ("Why can't a country just print
//     money and become rich? It can"): the question asserts nothing, the answer asserts the
//     claim with the answer's polarity, whose own negation ("It can't") still counts;
//   - a bare answer ("Me neither", "No") to a question about something else ("Ever seen the
//     curve? Me neither."): every content part of the question is one the fact-check does not
//     state, so the answer's negation is about that, not the claim. An answer to a question that
//     states part of the fact-check ("Is the Earth flat? No.") still denies it.
func answeredNegation(toks []clauseToken, asks []bool, q *claimParts, qa sideAlign, c int) bool {
	if toks == nil || c < 0 || c >= len(asks) {
		return false
	}
	if asks[c] && c+1 < len(asks) && q.lang == "en" {
		if has, _ := clauseHasPart(toks, c+1); !has && ellipticAnswer(toks, c+1) {
			return true
		}
	}
	if has, n := clauseHasPart(toks, c); has || n == 0 || n > 3 || c == 0 || !asks[c-1] {
		return false
	}
	content := false
	for i := range q.parts {
		p := &q.parts[i]
		if p.clause != c-1 || !isContent(p) {
			continue
		}
		if qa.links[i] == linked || qa.links[i] == opposite {
			return false
		}
		content = true
	}
	return content
}

// firstWords name the first of a kind ("the first Europeans", "ilk Avrupalılar"), and
// beforeWords order something before another ("before Columbus", "Kolomb'dan önce"): "no one …
// before S" says that S was the first, "someone … before S" that S was not.
var (
	firstWords  = map[string]bool{"first": true, "ilk": true}
	beforeWords = map[string]bool{"before": true, "once": true}
)

// beforeFirst reports a claim q that orders something before a part the fact-check r calls the
// first ("Europeans reached the Americas before Columbus" for "Columbus … were the first
// Europeans to reach the Americas"): the order flips the claim as an antonym does, so that "No
// European reached the Americas before Columbus" states it and "Europeans reached … before
// Columbus" denies it. The part ordered after must not be the kind r's "first" names ("before
// other Europeans"). It returns the words for the reason, or "".
func beforeFirst(m *turkish.Morphology, toks []clauseToken, q *claimParts, qa sideAlign, r *claimParts) (string, string) {
	first, kind := -1, -1
	for j := range r.parts {
		if o := &r.parts[j]; firstWords[o.folded] && !o.aside {
			first = j
			if j+1 < len(r.parts) && r.parts[j+1].clause == o.clause {
				kind = j + 1
			}
			break
		}
	}
	if first < 0 {
		return "", ""
	}
	for i := range q.parts {
		if firstWords[q.parts[i].folded] {
			return "", "" // the claim names the first itself
		}
	}
	for k, t := range toks {
		if !beforeWords[t.folded] || t.part >= 0 {
			continue
		}
		var governed []int
		if t.folded == "before" {
			for m := k + 1; m < len(toks) && toks[m].clause == t.clause; m++ {
				if p := toks[m].part; p >= 0 {
					if q.parts[p].verb {
						break
					}
					governed = append(governed, p)
				} else if toks[m].folded != "and" && !englishFunction(toks[m].folded) || enAdjunctPreps[toks[m].folded] {
					break
				}
			}
		} else {
			// Turkish: the ablative phrase before "önce" ("Kolomb ve tayfasından önce").
			if k == 0 || toks[k-1].part < 0 || !ablative(m, toks[k-1].folded) {
				continue
			}
			for m := k - 1; m >= 0 && toks[m].clause == t.clause; m-- {
				if p := toks[m].part; p >= 0 {
					governed = append(governed, p)
				} else if toks[m].folded != "ve" && toks[m].folded != "ile" {
					break
				}
			}
		}
		for _, p := range governed {
			if qa.links[p] == linked && qa.with[p] != kind && qa.with[p] != first {
				if t.folded == "once" {
					return q.parts[p].text + " " + t.text, r.parts[first].text
				}
				return t.text + " " + q.parts[p].text, r.parts[first].text
			}
		}
	}
	return "", ""
}

// functionDenial reports a word of r read as grammar ("the same thing", "aynı şey") that holds a
// negation of a part of q the fact-check does not otherwise state ("no difference"): as with an
// antonym link, the pair flips the claim once. It returns q's word and r's, for the reason.
func (ix *decision) functionDenial(rToks []clauseToken, r *claimParts, q *claimParts, qa sideAlign) (string, string) {
	lang := lexicalLang(r.lang)
	for _, t := range rToks {
		if t.part >= 0 || utf8.RuneCountInString(t.folded) < 3 || negationWords[t.folded] || turkish.IsNegator(t.folded) || turkish.IsConcord(t.folded) {
			continue
		}
		for i := range q.parts {
			p := &q.parts[i]
			if qa.links[i] != unlinked || !isContent(p) || p.ent != nil {
				continue
			}
			if ix.denies(lang, []string{t.folded}, p) {
				return say(q, qa, i), t.text
			}
		}
	}
	return "", ""
}

// modifierNegation reports a clause c of claim x whose every negation is a negative participle
// modifying a noun that the other claim y does not state ("ekmek bulamayan halk", the people who
// cannot find bread): the negation says which of the noun's kind, as a privative does, and
// counts only where y states that word, or negates the participle's object in its own words
// ("Ekmek yok diyen halka").
func modifierNegation(x *claimParts, xa sideAlign, y *claimParts, c int) bool {
	negs := 0
	for _, g := range x.negs {
		if g.clause == c {
			if g.concord || g.privative >= 0 {
				return false
			}
			negs++
		}
	}
	parts := 0
	for i := range x.parts {
		p := &x.parts[i]
		if p.clause != c || !p.neg {
			continue
		}
		if p.role != roleModifier || xa.links[i] != unlinked || !turkish.IsNegativeParticiple(p.folded) ||
			i+1 >= len(x.parts) || x.parts[i+1].clause != c || x.parts[i+1].verb {
			return false
		}
		if k := i - 1; k >= 0 && x.parts[k].clause == c && xa.links[k] == linked {
			for _, g := range y.negs {
				if g.clause == y.parts[xa.with[k]].clause {
					return false
				}
			}
		}
		parts++
	}
	return negs > 0 && parts == negs
}

// warnedCondition reports a Turkish clause c of q that denies what the fact-check r states as
// its condition ("karpuzla yumurta beraber yenmez, zehirliyor" for "Karpuz ile yumurta birlikte
// yenirse insanı zehirler"): a negative aorist of the condition's verb, beside a clause, not
// negated, that states what r says follows, warns against the condition as the English
// prohibition does ("Don't eat …, it poisons you"); it does not deny the claim.
func warnedCondition(q *claimParts, qa sideAlign, r *claimParts, c int) bool {
	if q.lang != "tr" || r.lang != "tr" || q.clauses < 2 {
		return false
	}
	cond := -1
	for i := range q.parts {
		p := &q.parts[i]
		if p.clause != c || !p.neg || !p.verb || qa.links[i] != linked {
			continue
		}
		if o := &r.parts[qa.with[i]]; conditional(o.folded) {
			cond = qa.with[i]
		}
	}
	if cond < 0 {
		return false
	}
	negated := map[int]bool{}
	for _, g := range q.negs {
		negated[g.clause] = true
	}
	for i := range q.parts {
		if p := &q.parts[i]; p.clause != c && !negated[p.clause] && qa.links[i] == linked && qa.with[i] > cond && !p.aside {
			return true
		}
	}
	return false
}

// conditional reports a folded Turkish verb in the aorist conditional ("yenirse", "içersen"):
// the condition of what the clause says follows.
func conditional(folded string) bool {
	for _, e := range []string{"rse", "rsa", "rsen", "rsan", "rseniz", "rsaniz"} {
		if strings.HasSuffix(folded, e) && len(folded) > len(e)+1 {
			return true
		}
	}
	return false
}

// restatingFact reports a negated clause c of the fact-check r that says its claim again in a
// verb of its own ("Ay'a iniş hiç gerçekleşmedi" before "stüdyoda çekilmiş bir düzmeceydi"), as
// restatingClause finds in a post: the post must state every other content part of that clause
// ("aya inis yalan"), so that a post that shares a word of the other clause only ("Ay düzdür")
// still meets the negation.
func restatingFact(r *claimParts, ra sideAlign, c int) bool {
	if !restatingClause(r, ra, c) {
		return false
	}
	stated := false
	for j := range r.parts {
		o := &r.parts[j]
		if o.clause != c || !isContent(o) {
			continue
		}
		if ra.links[j] == unlinked && !o.verb {
			return false
		}
		stated = stated || ra.links[j] == linked
	}
	return stated
}

// restrictWords restrict what they stand before to itself ("only on Earth", "yalnızca Dünya'da"),
// and elsewhereWords say it holds beyond that too ("life elsewhere", "Dünya dışında da"): one
// against the other flips the claim, so "not only on Earth" states "elsewhere too" and "only on
// Earth" denies it.
var (
	restrictWords  = map[string]bool{"only": true, "yalnizca": true, "sadece": true, "yalniz": true}
	elsewhereWords = map[string]bool{"elsewhere": true, "disinda": true}
)

// onlyElsewhere reports a claim whose text restricts to one thing (restrictWords, read as grammar)
// where the other's says beyond it (elsewhereWords), with the words for the reason.
func onlyElsewhere(aToks, bToks []clauseToken) (string, string) {
	for _, t := range aToks {
		if !restrictWords[t.folded] || t.part >= 0 {
			continue
		}
		for _, u := range bToks {
			if elsewhereWords[u.folded] {
				for _, v := range aToks {
					if elsewhereWords[v.folded] {
						return "", "" // both say it
					}
				}
				return t.text, u.text
			}
		}
	}
	return "", ""
}

// lexicalNegations counts, for each clause of a Turkish claim, the "yok" that is the first word
// of a verb the lexicon has whole ("yok etmek", to destroy; "yok olmak", to vanish): "kanseri
// yok eder" says that it destroys cancer, it negates nothing.
func (ix *decision) lexicalNegations(toks []clauseToken, lang string) map[int]int {
	if ix.lex == nil || lang != "tr" {
		return nil
	}
	var out map[int]int
	for k := 0; k+1 < len(toks); k++ {
		if toks[k].folded != "yok" || toks[k+1].clause != toks[k].clause {
			continue
		}
		next := toks[k+1].folded
		verb := ""
		switch {
		case strings.HasPrefix(next, "et") || strings.HasPrefix(next, "ed"):
			verb = "yok etmek"
		case strings.HasPrefix(next, "ol") && !strings.HasPrefix(next, "oldug") && !strings.HasPrefix(next, "olan"):
			// Not a participle: "faydası yok olduğu" is "that it has none".
			verb = "yok olmak"
		default:
			continue
		}
		if len(ix.relations.translate(ix.lex, "tr", "en", verb)) == 0 {
			continue
		}
		if out == nil {
			out = map[int]int{}
		}
		out[toks[k].clause]++
	}
	return out
}

// skipLexical returns a skip function for negativeWithout that sets aside, in each clause, as
// many plain negations as lexicalNegations counts there.
func skipLexical(counts map[int]int) func(g negation) bool {
	left := map[int]int{}
	for c, n := range counts {
		left[c] = n
	}
	return func(g negation) bool {
		if g.concord || g.privative >= 0 || left[g.clause] == 0 {
			return false
		}
		left[g.clause]--
		return true
	}
}

// privativeOf writes the Turkish privative -sIz after a folded noun ("fark" → "farksiz"), in
// the folded spelling the lexicon accepts (ı and i, ö and o, ü and u fold alike), or "" for a
// word without a vowel or a verb's infinitive.
func privativeOf(folded string) string {
	if strings.HasSuffix(folded, "mak") || strings.HasSuffix(folded, "mek") {
		return ""
	}
	for i := len(folded) - 1; i >= 0; i-- {
		switch folded[i] {
		case 'a', 'e', 'i':
			return folded + "siz"
		case 'o', 'u':
			return folded + "suz"
		}
	}
	return ""
}

// orConsequence reports a clause c of a post that says after "or" ("otherwise", "or else") what
// follows from not heeding it, in words the fact-check states ("never eat watermelon after eggs
// or you'll get poisoned"): a prohibition opening that clause warns of the fact-check's claim,
// as one beside a clause of its own does.
func orConsequence(toks []clauseToken, qa sideAlign, c int) bool {
	after := false
	for _, t := range toks {
		if t.clause != c {
			continue
		}
		switch {
		case t.folded == "or" || t.folded == "otherwise":
			after = true
		case after && t.part >= 0 && qa.links[t.part] == linked:
			return true
		}
	}
	return false
}

// consequenceOpeners open, inside a clause, what the poster draws from the claim ("… lol thats
// why they never get bored", "… bu yüzden hiç sıkılmazlar"): the English "why" after "that's",
// "so", "therefore", and the Turkish "yüzden", "nedenle" after "bu" or "o".
var consequenceOpeners = map[string]bool{"so": true, "therefore": true, "hence": true}

// consequenceAt reports token k of toks opening a consequence (consequenceOpeners).
func consequenceAt(toks []clauseToken, k int) bool {
	t := toks[k]
	if t.part >= 0 {
		return false
	}
	if consequenceOpeners[t.folded] {
		return true
	}
	prev := ""
	if k > 0 && toks[k-1].clause == t.clause {
		prev = toks[k-1].folded
	}
	switch t.folded {
	case "why":
		return prev == "that's" || prev == "thats" || prev == "that’s" || prev == "which"
	case "yuzden", "nedenle":
		return prev == "bu" || prev == "o"
	}
	return false
}

// negationSource reports a token that negates its clause: a negating word or a negative verb
// form read as a part.
func negationSource(c *claimParts, t clauseToken) bool {
	if t.part >= 0 {
		return c.parts[t.part].neg && !c.parts[t.part].privative
	}
	f := strings.ReplaceAll(t.folded, "’", "'")
	return negationWords[f] || strings.HasSuffix(f, "n't") || turkish.IsNegator(f)
}

// sideConsequence reports a clause c of the post whose every negation lies in a consequence it
// draws (consequenceAt) in words the fact-check does not state, after words of the fact-check
// that are not negated ("goldfish only remember stuff for 3 seconds lol thats why they never get
// bored"): the negation is the consequence's, not the claim's. A consequence that states a part
// of the fact-check ("… so vaccines never cause autism") keeps its negation.
func sideConsequence(toks []clauseToken, q *claimParts, qa sideAlign, c int) bool {
	at := -1
	for k := range toks {
		if toks[k].clause == c && consequenceAt(toks, k) {
			at = k
			break
		}
	}
	if at < 0 {
		return false
	}
	before, after, own := false, 0, false
	for k, t := range toks {
		if t.clause != c {
			continue
		}
		switch {
		case k < at && negationSource(q, t):
			return false
		case k < at && t.part >= 0 && qa.links[t.part] == linked:
			before = true
		case k > at && negationSource(q, t):
			after++
		case k > at && t.part >= 0:
			if qa.links[t.part] != unlinked {
				return false
			}
			own = own || isContent(&q.parts[t.part])
		}
	}
	n := 0
	for _, g := range q.negs {
		if g.clause == c && !g.concord {
			n++
		}
	}
	return before && own && after > 0 && n <= after
}

// realWords name what is so (real, genuine, true, gerçek): a word the lexicon holds as their
// antonym ("faked", "fabricated", "false", "düzmece", "uydurma") says that what it is said of is
// not so, a denial in one word.
var realWords = map[string][]string{"en": {"genuine", "real", "true"}, "tr": {"gercek"}}

// unreal reports a part whose word the lexicon holds as an antonym of a word of realWords.
func (ix *decision) unreal(p *part) bool {
	if ix.lex == nil || p.ent != nil || p.num != "" {
		return false
	}
	for _, a := range realWords[p.lang] {
		for _, f := range p.lexForms() {
			if ix.relations.relate(ix.lex, p.lang, f, a) == thesaurus.Antonym {
				return true
			}
		}
	}
	return false
}

// deniedAsUnreal reports a claim b, negated nowhere, that calls what it says unreal with its
// predicate ("The Moon landings were faked in a studio"), against a claim a whose negation
// governs a word b says before that predicate ("Nobody ever landed on the Moon"): both deny the
// same thing, so b counts as negated. A negation of a's that governs another word ("… were not
// filmed in a studio") is not b's denial.
func (ix *decision) deniedAsUnreal(aToks []clauseToken, a *claimParts, aa sideAlign, b *claimParts, ba sideAlign) bool {
	fake := -1
	for j := range b.parts {
		o := &b.parts[j]
		if !o.aside && ba.links[j] == unlinked && (o.verb || o.role == rolePredicate) && ix.unreal(o) {
			fake = j
			break
		}
	}
	if fake < 0 {
		return false
	}
	governs := func(i int) bool { return i >= 0 && aa.links[i] == linked && aa.with[i] < fake }
	for i := range a.parts {
		if p := &a.parts[i]; p.neg && !p.privative && p.verb && governs(i) {
			return true // a negative verb form ("Ay'a inilmedi")
		}
	}
	for k, t := range aToks {
		if t.part >= 0 || !negationSource(a, t) {
			continue
		}
		for m := k + 1; m < len(aToks) && aToks[m].clause == t.clause; m++ {
			if p := aToks[m].part; p >= 0 {
				if governs(p) {
					return true
				}
				break
			}
		}
	}
	return false
}

// negatedInAnyClause reports a claim negated in any of its clauses, by the negations skip keeps
// (each asked once, in order, as negativeWithout asks them): two negations in one clause cancel
// out ("not without"), but two clauses that each deny do not ("Is the Earth flat? No. The Earth
// is not flat.", "Ever heard of a vaccine injury? Me neither. Vaccines don't cause autism").
func negatedInAnyClause(c *claimParts, skip func(negation) bool) bool {
	kept := map[int][]negation{}
	for _, g := range c.negs {
		if !skip(g) {
			kept[g.clause] = append(kept[g.clause], g)
		}
	}
	for _, gs := range kept {
		one := claimParts{negs: gs}
		if one.negativeWithout(func(negation) bool { return false }) {
			return true
		}
	}
	return false
}
