package analysis

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"unicode"
)

// maxQueryTerms caps the English query: search engines weigh the first terms most, and a claim's
// core (subject, predicate, object, numbers, negation) fits comfortably.
const maxQueryTerms = 12

// englishNegations are English words that negate; the stopword list holds them all, but dropping
// them would turn "vaccines do not cause autism" into the opposite query.
var englishNegations = map[string]bool{
	"not": true, "no": true, "never": true, "none": true, "nothing": true, "nobody": true, "neither": true,
	"nor": true, "without": true, "cannot": true, "nowhere": true, "noone": true, "no-one": true,
}

// englishKeep are stopword-list entries that carry a claim's meaning: numbers, quantities,
// comparisons, causation and a few nouns the aggressive English list happens to include.
var englishKeep = map[string]bool{
	"zero": true, "two": true, "three": true, "four": true, "five": true, "six": true, "seven": true, "eight": true,
	"nine": true, "ten": true, "eleven": true, "twelve": true, "fifteen": true, "twenty": true, "thirty": true,
	"forty": true, "fifty": true, "sixty": true, "seventy": true, "eighty": true, "ninety": true, "hundred": true,
	"thousand": true, "million": true, "billion": true, "trillion": true, "half": true, "twice": true,
	"first": true, "third": true, "fifth": true, "more": true, "less": true, "fewer": true, "most": true,
	"least": true, "higher": true, "highest": true, "lower": true, "lowest": true, "greater": true,
	"greatest": true, "larger": true, "largest": true, "smaller": true, "smallest": true, "increase": true,
	"cause": true, "causes": true, "effect": true, "affects": true, "affected": true, "computer": true,
	"microsoft": true, "research": true, "world": true, "year": true, "years": true, "fire": true, "men": true,
	"man": true, "young": true, "old": true, "older": true, "oldest": true, "bill": true, "state": true,
	"states": true, "system": true, "information": true, "free": true, "home": true, "tv": true, "test": true,
	"water": true, "new": true, "high": true, "low": true, "early": true, "ago": true, "only": true,
	"all": true, "every": true, "always": true, "dead": true, "die": true, "kill": true, "kills": true,
	"found": true, "made": true, "government": true, "public": true, "group": true,
}

// properTranslations are common nouns that mean something else as proper nouns: "ay" is a month
// but "Ay'a" is to the Moon.
var properTranslations = map[string]string{"ay": "Moon", "gunes": "Sun", "dunya": "Earth"}

// turkishNegationWords map negating words to the English term they become.
var turkishNegationWords = map[string]string{
	"degil": "not", "degildir": "not", "degiller": "not", "degilmis": "not", "degildi": "not", "degiliz": "not",
	"yok": "not", "yoktur": "not", "yoktu": "not", "yokmus": "not",
	"hic": "not", "hicbir": "no", "asla": "never", "kimse": "nobody", "hicbiri": "none",
}

// turkishNegativeVerb matches the negative forms of a Turkish verb after its stem (folded): -maz,
// -madı, -mıyor, -mayacak, -mayan, -mamış, -mamalı, -madan, -madığ…, -mamak. "-ma" alone is left
// out: "olma" is also the verbal noun, and a wrong "not" is worse than a missing one.
var turkishNegativeVerb = regexp.MustCompile(`^(?:[iu]?[ln])?(?:l[ae]n?|l[ae]s|l[ae]st[iu]r)?m(?:[ae]z|[ae]d[iu]|[iu]yor|[ae]y[ae]c[ae][kg]|[ae]y[ae]n|[ae]m[iu]s|[ae]m[ae]l[iu]|[ae]d[ae]n|[ae]d[iu][kg]|[ae]m[ae]k|[ae]m[ae]s)`)

// turkishNegativeTail spots a negated verb that is not in the glossary, so its negation survives
// even though the verb itself is dropped. The stem before it must be three letters or more, or a
// known two-letter verb, which keeps nouns such as "komedi" and "namaz" out.
var turkishNegativeTail = regexp.MustCompile(`^(\p{L}+?)(?:m[ae]z(?:l[ae]r)?|m[ae]d[iu]|m[iu]yor|m[ae]y[ae]c[ae]k|m[ae]y[ae]n|m[ae]m[iu]s|m[ae]m[ae]l[iu]|m[ae]d[iu][kg][iu]?|m[ae]d[ae]n)(?:[\p{L}]*)$`)

// shortVerbStems are two-letter verbs whose negated forms are common in claims.
var shortVerbStems = map[string]bool{"ol": true, "et": true, "al": true, "de": true, "ye": true, "ic": true, "ac": true}

// notNegatedWords look like negated verbs but are nouns or names.
var notNegatedWords = map[string]bool{"namaz": true, "yilmaz": true, "komedi": true, "trajikomedi": true}

// queryBuilder builds en_query.
type queryBuilder struct {
	lx *lexicon
	// fw are the built-in Turkish and English function words, dropped from tr and en queries.
	fw *stopwords
	// sw are the stopwords-iso lists for other languages; nil when not installed.
	sw *stopwords
}

// shouting reports a claim written mostly in capitals, where capitals do not mark names.
func shouting(toks []token) bool {
	words, caps := 0, 0
	for _, t := range toks {
		if t.Kind != kindWord {
			continue
		}
		words++
		if IsAllCaps(t.Text) {
			caps++
		}
	}
	return words >= 3 && caps*2 > words
}

// queryResult is the query with the counts its basis reports.
type queryResult struct {
	Query string
	// Terms are all the query terms before capTerms cuts them, for matching that wants them all.
	Terms      []string
	Translated int
	Kept       int // names, numbers and words kept as written
	Negations  int
	Dropped    []string
	Assessed   bool
	Method     string
	Detail     string
}

// terms collects query terms in claim order without repeats (negations may repeat here;
// tidyNegations keeps one when the query is written).
type terms struct {
	list []string
	seen map[string]bool
}

// add appends a term unless it is already there.
func (t *terms) add(s string) {
	s = strings.TrimSpace(s)
	if s == "" {
		return
	}
	k := strings.ToLower(s)
	if t.seen == nil {
		t.seen = map[string]bool{}
	}
	if t.seen[k] && !isNegationTerm(k) {
		return
	}
	t.seen[k] = true
	t.list = append(t.list, s)
}

// insertBeforeLast puts a term before the last one; Turkish negates after the predicate ("güvenli
// değil"), English before it ("not safe").
func (t *terms) insertBeforeLast(s string) {
	if len(t.list) == 0 {
		t.add(s)
		return
	}
	last := t.list[len(t.list)-1]
	t.list = append(t.list[:len(t.list)-1], s, last)
}

// negationStrength ranks the negations a query may keep: the most specific one says most about
// what the claim denies ("never" over the "not" of a negated verb).
var negationStrength = map[string]int{
	"never": 9, "nobody": 8, "noone": 8, "no-one": 8, "nothing": 7, "nowhere": 7, "none": 6, "neither": 5,
	"nor": 4, "no": 3, "cannot": 2, "not": 1,
}

// tidyNegations keeps one negation per query, the most specific, where the first one stood, and
// never lets it dangle at the end: a search engine reads "not Moon not" as noise, and Turkish
// double negation ("hiç … -medi", "kimse … görmedi") is one denial, not two. "without" is a
// preposition ("without vaccine"), not a clause's negation, so it stays as it is.
func tidyNegations(list []string) []string {
	first, best := -1, ""
	for i, s := range list {
		k := strings.ToLower(s)
		if negationStrength[k] == 0 {
			continue
		}
		if first < 0 {
			first = i
		}
		if negationStrength[k] > negationStrength[best] {
			best = k
		}
	}
	if first < 0 {
		return list
	}
	out := make([]string, 0, len(list))
	for i, s := range list {
		switch {
		case i == first:
			out = append(out, best)
		case negationStrength[strings.ToLower(s)] == 0:
			out = append(out, s)
		}
	}
	// English negates before the predicate: a negation left last moves before the last word.
	if n := len(out); n > 1 && negationStrength[out[n-1]] > 0 {
		out[n-1], out[n-2] = out[n-2], out[n-1]
	}
	return out
}

// isNegationTerm reports whether an emitted term is a negation.
func isNegationTerm(s string) bool {
	return s == "not" || englishNegations[s]
}

// build dispatches on the detected language.
func (q *queryBuilder) build(toks []token, lang string) queryResult {
	switch lang {
	case "en":
		return q.english(toks)
	case "tr":
		return q.turkish(toks, false)
	case "und":
		return q.turkish(toks, true)
	}
	return q.untranslated(toks, lang)
}

// numberTerm writes a number the way English search expects it: "%60" → "60%", and in Turkish
// text "3,5" → "3.5" and "50.000" → "50,000".
func numberTerm(s string, turkish bool) string {
	pct := strings.HasPrefix(s, "%") || strings.HasSuffix(s, "%")
	s = strings.Trim(s, "%")
	if turkish {
		if groups := strings.Split(s, "."); len(groups) > 1 && allThreeDigitGroups(groups[1:]) && !strings.Contains(s, ",") {
			s = strings.Join(groups, ",")
		} else if i := strings.LastIndexByte(s, ','); i >= 0 && len(s)-i-1 != 3 {
			s = strings.ReplaceAll(s[:i], ".", ",") + "." + s[i+1:]
		}
	}
	if pct {
		s += "%"
	}
	return s
}

// allThreeDigitGroups reports whether each group has exactly three digits (a thousands group).
func allThreeDigitGroups(gs []string) bool {
	for _, g := range gs {
		if len(g) != 3 {
			return false
		}
	}
	return true
}

// asciiName folds a name for English search ("Erdoğan" → "Erdogan") and keeps its capitals.
func asciiName(s string) string {
	base, _ := splitApostrophe(s)
	var b strings.Builder
	for _, r := range base {
		f := FoldTurkish(string(r))
		if unicode.IsUpper(r) {
			f = strings.ToUpper(f)
			if r == 'İ' || r == 'I' {
				f = "I"
			}
		}
		b.WriteString(f)
	}
	return b.String()
}

// english keeps the salient words of an English claim: everything except stopwords, but never
// negations, numbers, names (capitalised inside a sentence, or all capitals) or the meaning-bearing
// words the stopword list includes.
func (q *queryBuilder) english(toks []token) queryResult {
	var t terms
	res := queryResult{}
	shout := shouting(toks)
	for i, tok := range toks {
		if tok.Kind == kindNumber {
			t.add(numberTerm(tok.Text, false))
			res.Kept++
			continue
		}
		lower := strings.ToLower(tok.Text)
		switch {
		case strings.HasSuffix(lower, "n't") || lower == "cannot":
			t.add("not")
			res.Negations++
		case englishNegations[lower]:
			t.add(lower)
			res.Negations++
		case !shout && (IsAllCaps(tok.Text) || IsCapitalised(tok.Text) && !tok.SentenceStart):
			t.add(englishBase(tok.Text))
			res.Kept++
		case !shout && IsCapitalised(tok.Text) && (nextIsName(toks, i) && (!q.fw.isStopword("en", lower) || englishKeep[lower]) || q.lx.isName(tok)):
			// A capitalised first word is a name when a name follows ("Bill Gates") or the lexicon
			// knows it as one ("Messi").
			t.add(englishBase(tok.Text))
			res.Kept++
		case englishKeep[lower]:
			t.add(lower)
			res.Kept++
		case hasDigit(tok.Text):
			// "5G", "H1N1": written as the claim writes them.
			t.add(englishBase(tok.Text))
			res.Kept++
		case q.fw.isStopword("en", lower) || len([]rune(lower)) < 2:
		default:
			t.add(englishBase(lower))
			res.Kept++
		}
	}
	t.list = tidyNegations(t.list)
	res.Query, res.Terms = strings.Join(capTerms(t.list), " "), t.list
	res.Assessed, res.Method = true, MethodSalient
	res.Detail = fmt.Sprintf("English claim: salient words kept in order (%d), stopwords dropped; negations (%d), numbers and names kept.",
		res.Kept+res.Negations, res.Negations)
	return res
}

// englishBase drops a possessive "'s" so "Gates's" and "Gates" query alike.
func englishBase(s string) string {
	if base, suf := splitApostrophe(s); suf == "s" || suf == "" {
		return base
	}
	return s
}

// nextIsName reports whether the next token is a capitalised word inside the sentence, which makes
// a capitalised sentence-initial word part of a name ("Bill Gates").
func nextIsName(toks []token, i int) bool {
	return i+1 < len(toks) && toks[i+1].Kind == kindWord && IsCapitalised(toks[i+1].Text) && !toks[i+1].SentenceStart
}

// turkish translates a Turkish claim term by term with the glossary. With hybrid set (language
// undetermined), words the glossary does not know are handled by the English rules instead of
// being dropped, since the claim may be English.
func (q *queryBuilder) turkish(toks []token, hybrid bool) queryResult {
	var t terms
	res := queryResult{}
	shout := shouting(toks)
	percentNext := false
	lastTranslated := -1 // index of the token whose translation was emitted last
	for i := 0; i < len(toks); i++ {
		tok := toks[i]
		if tok.Kind == kindNumber {
			n := numberTerm(tok.Text, true)
			if percentNext && !strings.HasSuffix(n, "%") {
				n += "%"
			}
			percentNext = false
			t.add(n)
			res.Kept++
			continue
		}
		percentNext = false
		base, folded := tok.Base, tok.Folded
		// Phrases first: "yok et" (destroy) must not read as the negation "yok".
		if r, n, rest, ok := q.lx.matchPhrase(toks, i); ok {
			q.emitTurkish(&t, &res, r, rest, toks[i+n-1].Text)
			i += n - 1
			lastTranslated = i
			continue
		}
		if neg, ok := turkishNegationWords[folded]; ok {
			if lastTranslated == i-1 && neg == "not" {
				t.insertBeforeLast(neg)
			} else {
				t.add(neg)
			}
			res.Negations++
			continue
		}
		if en, ok := properTranslations[folded]; ok && IsCapitalised(base) && (!tok.SentenceStart || strings.Contains(tok.Text, "'")) {
			t.add(en)
			res.Translated++
			lastTranslated = i
			continue
		}
		if m, ok := q.lx.matchTurkishToken(tok); ok {
			if m.rule.entry.EN == "percent" {
				if i+1 < len(toks) && toks[i+1].Kind == kindNumber {
					percentNext = true
					continue
				}
			}
			q.emitTurkish(&t, &res, m.rule, m.rest, tok.Text)
			lastTranslated = i
			continue
		}
		switch {
		case !shout && (IsAllCaps(base) || IsCapitalised(base) && (!tok.SentenceStart || strings.Contains(tok.Text, "'") || nextIsName(toks, i) && !q.fw.isStopword("tr", base))):
			t.add(asciiName(tok.Text))
			res.Kept++
			continue
		case negatedUnknownVerb(folded):
			t.add("not")
			res.Negations++
			res.Dropped = append(res.Dropped, tok.Text)
			continue
		case q.fw.isStopword("tr", base):
			continue
		}
		if hybrid {
			lower := strings.ToLower(tok.Text)
			switch {
			case strings.HasSuffix(lower, "n't") || lower == "cannot":
				t.add("not")
				res.Negations++
			case englishNegations[lower]:
				t.add(lower)
				res.Negations++
			case englishKeep[lower]:
				t.add(lower)
				res.Kept++
			case q.fw.isStopword("en", lower) || len([]rune(lower)) < 2:
			default:
				t.add(englishBase(lower))
				res.Kept++
			}
			continue
		}
		res.Dropped = append(res.Dropped, tok.Text)
	}
	t.list = tidyNegations(t.list)
	res.Query, res.Terms = strings.Join(capTerms(t.list), " "), t.list
	res.Method = MethodGlossary
	res.Assessed = !hybrid
	if hybrid {
		res.Detail = fmt.Sprintf("Language undetermined: Turkish glossary words translated (%d), other words kept as written unless stopwords (%d); negations kept (%d).",
			res.Translated, res.Kept, res.Negations)
	} else {
		res.Detail = fmt.Sprintf("Turkish→English glossary: %d term(s) translated, %d name(s)/number(s) kept, %d negation(s) kept as English negations, %d untranslatable word(s) dropped",
			res.Translated, res.Kept, res.Negations, len(res.Dropped))
		if len(res.Dropped) > 0 {
			res.Detail += " (" + exampleList(res.Dropped, 6) + ")"
		}
		res.Detail += "."
	}
	return res
}

// emitTurkish writes the query terms for one matched glossary entry: "without" for a -sız form,
// "not" for a negated verb, then the translation (or the word as written for names).
func (q *queryBuilder) emitTurkish(t *terms, res *queryResult, r matchRule, rest, written string) {
	e := r.entry
	switch {
	case strings.HasPrefix(rest, "siz") || strings.HasPrefix(rest, "suz"):
		t.add("without")
		res.Negations++
	case turkishNegativeVerb.MatchString(rest) && (e.Verb || strings.HasPrefix(rest, "l")),
		// Exact forms ("=olmaz") leave no suffix text, so the whole word is checked.
		e.Verb && rest == "" && negatedUnknownVerb(FoldTurkish(matchBase(written))):
		if e.EN == "" && !e.KeepAsWritten {
			// A negated function verb ("zam yapılmayacak": no raise will be made) negates the
			// term before it.
			t.insertBeforeLast("not")
		} else {
			t.add("not")
		}
		res.Negations++
	}
	switch {
	case e.KeepAsWritten:
		t.add(asciiName(written))
		res.Kept++
	case e.EN != "":
		t.add(e.EN)
		res.Translated++
	}
}

// negatedUnknownVerb reports a word outside the glossary that is a negated verb by its shape.
func negatedUnknownVerb(folded string) bool {
	if notNegatedWords[folded] {
		return false
	}
	m := turkishNegativeTail.FindStringSubmatch(folded)
	if m == nil {
		return false
	}
	stem := m[1]
	return len([]rune(stem)) >= 3 || shortVerbStems[stem]
}

// untranslated handles a language with no glossary: the words are kept as written, minus that
// language's stopwords when a negation list for it exists (so negations survive), else all words.
func (q *queryBuilder) untranslated(toks []token, lang string) queryResult {
	var t terms
	res := queryResult{}
	negs, haveNegs := foreignNegations[lang]
	listed := q.sw != nil && q.sw.index != nil
	if listed {
		_, listed = q.sw.index[lang]
	}
	for _, tok := range toks {
		if tok.Kind == kindNumber {
			t.add(numberTerm(tok.Text, false))
			res.Kept++
			continue
		}
		lower := strings.ToLower(tok.Text)
		switch {
		case haveNegs && negs[lower]:
			t.add(lower)
			res.Negations++
		case haveNegs && listed && q.sw.isStopword(lang, lower):
		default:
			t.add(tok.Text)
			res.Kept++
		}
	}
	res.Query, res.Terms = strings.Join(capTerms(t.list), " "), t.list
	res.Method = MethodSalient
	how := "stopwords kept too, because this language's negation words are not listed here"
	if !listed {
		how = "stopwords kept too, because no stopword list for it is installed (stopwords-iso)"
	} else if haveNegs {
		how = "stopwords dropped except negations"
	}
	res.Detail = fmt.Sprintf("Not translated offline: there is no %s→English glossary, so the query keeps the claim's words as written (%s).",
		languageName(lang), how)
	return res
}

// foreignNegations lists negation words of languages whose stopword lists include them, so that
// dropping stopwords does not drop the negation.
var foreignNegations = map[string]map[string]bool{
	"de": setOf("nicht", "kein", "keine", "keinen", "keiner", "keines", "nie", "niemals", "ohne", "nichts", "weder"),
	"fr": setOf("ne", "pas", "non", "jamais", "sans", "aucun", "aucune", "rien", "personne", "ni"),
	"es": setOf("no", "nunca", "sin", "ningún", "ninguna", "ninguno", "nada", "jamás", "ni", "tampoco"),
	"it": setOf("non", "mai", "senza", "nessuno", "nessuna", "niente", "nulla", "né"),
	"pt": setOf("não", "nunca", "sem", "nenhum", "nenhuma", "nada", "jamais", "nem"),
	"nl": setOf("niet", "geen", "nooit", "zonder", "niets", "niemand"),
	"ru": setOf("не", "нет", "никогда", "без", "ни", "ничего", "никто"),
	"pl": setOf("nie", "nigdy", "bez", "żaden", "żadna", "nic", "nikt"),
}

// setOf builds a string set.
func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// capTerms keeps the first maxQueryTerms terms, but never cuts a negation off from the term after
// it: a query ending in "not" is dropped back to before it.
func capTerms(list []string) []string {
	if len(list) <= maxQueryTerms {
		return list
	}
	out := list[:maxQueryTerms]
	if isNegationTerm(strings.ToLower(out[len(out)-1])) {
		out = out[:len(out)-1]
	}
	return out
}

// queryStage sets EnQuery.
type queryStage struct{ qb *queryBuilder }

// Name identifies the stage in errors.
func (queryStage) Name() string { return "en_query" }

// Apply builds the English query; it needs Language, so it runs after the language stage.
func (s queryStage) Apply(_ context.Context, in Input, r *Result) error {
	toks := r.tokens(in.Claim)
	res := s.qb.build(toks, r.Language)
	if res.Query == "" {
		// Nothing salient survived (a claim of only stopwords): the claim's own words are a more
		// useful query than an empty one, and the basis says so.
		var words []string
		for _, t := range toks {
			words = append(words, t.Text)
		}
		res.Query = strings.Join(capTerms(words), " ")
		res.Assessed = false
		res.Detail = "No salient words found, so the query is the claim's words as written. " + res.Detail
	}
	r.EnQuery = res.Query
	r.Basis[FieldEnQuery] = FieldBasis{Assessed: res.Assessed, Method: res.Method, Detail: res.Detail}
	return nil
}
