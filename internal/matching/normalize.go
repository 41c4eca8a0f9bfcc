package matching

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/turkish"
)

// Feature channels. A text becomes a bag of features in four channels, so one index serves
// same-language matching (words), paraphrase and cross-language matching (English concepts from
// the analyzer's glossary), numbers and polarity.
const (
	// chWord is a content word of the text's own language: Turkish-folded, stopwords removed,
	// light-stemmed ("Aşıların" → "asi").
	chWord byte = 'w'
	// chConcept is an English concept from analysis.EnglishTerms, stemmed: the glossary maps
	// "aşı", "asi" and "vaccine" to one feature, and "neden olur" / "yol açar" / "causes" to another.
	chConcept byte = 'e'
	// chNumber is a number, normalised so "3,5", "3.5" and "%3,5" meet.
	chNumber byte = 'n'
	// chPolarity marks a negated text. It only steers ranking; the same-claim decision compares polarity.
	chPolarity byte = 'p'
	// chFolded interns a review word's folded spelling for misspelling checks; it has no postings
	// and never scores.
	chFolded byte = 'f'
)

// channelWeight is how much one feature of each channel counts in BM25 and in the similarity.
// Concepts count less than words: the glossary conflates ("fazla", "çok" → "more") where the
// words themselves do not, so a shared word is stronger evidence than a shared concept.
var channelWeight = [256]float64{chWord: 1, chConcept: 0.7, chNumber: 1, chPolarity: 0.5}

// unit is one meaningful token of a text: a content word, a number, or a function word that the
// glossary translates (Turkish "neden" in "neden olur" carries "cause"). Similarity aligns units
// one to one, so each token counts once whichever channel matches it.
type unit struct {
	// text is the token as written, for refusal reasons.
	text string
	// stem is the folded, light-stemmed word ("" for a number); folded is the word folded.
	stem, folded string
	// stop marks a stopword kept only for its concepts; it is not a word feature.
	stop bool
	// concepts are the token's English concepts, alone or in a phrase with its neighbour.
	concepts []string
	// num is the number key of a number token.
	num string
}

// textInfo is what matching needs to know about one text (a claim or a review's claim).
type textInfo struct {
	lang string
	// units are the meaningful tokens in text order.
	units []unit
	// words and concepts are the stemmed word and concept features, deduplicated, in text order.
	words, concepts []string
	// nums are number keys (each number's alternative readings joined by "|").
	nums []string
	// softNums are readings of ambiguous number words ("altı" is six or "under"): they may
	// confirm a number but never contradict one.
	softNums []string
	// negated says whether the text is negated (değil, -maz, not, never, without…).
	negated bool
	// ents are the key entities named in the text.
	ents []entity
	// stems are every word's folded form and stem, stopwords included, for "is this name
	// mentioned at all" checks.
	stems map[string]bool
	// opp are the words that place the text on one side of an opposition (higher/lower…).
	opp []oppHit
}

// features lists the text's features for the index.
func (t *textInfo) features() []string {
	out := make([]string, 0, len(t.words)+len(t.concepts)+len(t.nums)+1)
	for _, w := range t.words {
		out = append(out, string(chWord)+w)
	}
	for _, c := range t.concepts {
		out = append(out, string(chConcept)+c)
	}
	for _, n := range t.nums {
		out = append(out, string(chNumber)+n)
	}
	if t.negated {
		out = append(out, string(chPolarity)+"not")
	}
	return dedupe(out)
}

// dedupe removes repeats, keeping order.
func dedupe(xs []string) []string {
	if len(xs) < 2 {
		return xs
	}
	seen := make(map[string]bool, len(xs))
	out := xs[:0]
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// lexicalLang is the language whose stemmer and stopwords apply. Undetermined text is treated as
// Turkish because the Turkish stemmer only strips Turkish suffixes, and short claims typed without
// Turkish letters are the usual reason detection gives up; English stopwords are removed too.
func lexicalLang(lang string) string {
	switch lang {
	case "en":
		return "en"
	case "tr", "az", "und", "":
		return "tr"
	}
	return lang
}

// maxMatchRunes bounds the text matching analyses: a claim is a sentence or two, and a longer
// text (a pasted article, an imported review with a paragraph for a claim) is matched on its
// start, which keeps the work per analysis and the per-review index entry bounded.
const maxMatchRunes = 1000

// analyzeText turns a text in lang into units, features, polarity, numbers and entities.
func analyzeText(text, lang string) textInfo {
	if lang == "" {
		lang = "und"
	}
	if utf8.RuneCountInString(text) > maxMatchRunes {
		text = string([]rune(text)[:maxMatchRunes])
	}
	info := textInfo{lang: lang, stems: map[string]bool{}}
	lex := lexicalLang(lang)
	toks := scanText(text)
	shout := shouting(toks)
	// unitOf maps a token to its unit, for phrase concepts.
	unitOf := make([]int, len(toks))
	foldedAt := func(j int) string { return turkish.Fold(nameBase(toks[j].text)) }
	skip := 0
	for i, t := range toks {
		unitOf[i] = -1
		if skip > 0 {
			skip--
			continue
		}
		if !t.number {
			// A number in words of several ("two hundred and six", "kırk iki") is one number, as
			// claimParts reads it: word by word, none of its values is the number.
			if v, n := numberWords2(toks, foldedAt, i); n >= 2 {
				key := numberKey(v, lang)
				info.nums = append(info.nums, key)
				unitOf[i] = len(info.units)
				info.units = append(info.units, unit{text: t.text, folded: foldedAt(i), num: key})
				skip = n - 1
				continue
			}
		}
		if t.number {
			n := numberKey(t.text, lang)
			info.nums = append(info.nums, n)
			unitOf[i] = len(info.units)
			info.units = append(info.units, unit{text: t.text, num: n})
			continue
		}
		base := nameBase(t.text)
		folded := turkish.Fold(base)
		if folded == "" {
			continue
		}
		stem := stemFor(lex, folded)
		info.stems[stem] = true
		info.stems[folded] = true
		if n, ok := numberWord(folded); ok {
			info.nums = append(info.nums, n)
			unitOf[i] = len(info.units)
			info.units = append(info.units, unit{text: t.text, folded: folded, num: n})
			continue
		}
		if n, ok := softNumberWords[folded]; ok {
			info.softNums = append(info.softNums, n)
		}
		concepts := conceptsOf(t.text, lang)
		switch lex {
		case "tr":
			concepts = dedupe(append(concepts, loadGlossary().lookup(folded)...))
		case "en":
			concepts = dedupe(append(concepts, loadGlossary().pivots(enStem(folded))...))
		}
		if e, ok := entityAt(toks, i, shout); ok {
			info.ents = append(info.ents, e)
			if e.gaz {
				// "Avustralya" and "Australia" are one concept, whatever the glossary knows.
				concepts = append(concepts, e.key)
			}
		}
		info.opp = append(info.opp, oppositionsOf(folded, stem)...)
		stop := isStop(lang, folded) || negationWords[folded] || utf8.RuneCountInString(folded) < 2 && !hasDigit(folded)
		unitOf[i] = len(info.units)
		info.units = append(info.units, unit{text: t.text, stem: stem, folded: folded, stop: stop, concepts: concepts})
	}
	// Phrase concepts ("yol açar", "neden olur" → cause) belong to both words of the phrase.
	if lex == "tr" {
		for i := 0; i+1 < len(toks); i++ {
			a, b := unitOf[i], unitOf[i+1]
			if a < 0 || b < 0 || info.units[a].num != "" || info.units[b].num != "" {
				continue
			}
			pc := conceptsOf(toks[i].text+" "+toks[i+1].text, lang)
			pc = append(pc, loadGlossary().phrase(info.units[a].folded, info.units[b].folded)...)
			for _, c := range pc {
				if !contains(info.units[a].concepts, c) && !contains(info.units[b].concepts, c) {
					info.units[a].concepts = append(info.units[a].concepts, c)
					info.units[b].concepts = append(info.units[b].concepts, c)
				}
			}
		}
	}
	kept := info.units[:0]
	for _, u := range info.units {
		switch {
		case u.num != "":
		case !u.stop:
			info.words = append(info.words, u.stem)
		case len(u.concepts) == 0:
			continue
		}
		info.concepts = append(info.concepts, u.concepts...)
		kept = append(kept, u)
	}
	info.units = kept
	info.words = dedupe(info.words)
	info.nums = dedupe(info.nums)
	terms, _ := analysis.EnglishTerms(text, lang)
	for _, term := range terms {
		lower := strings.ToLower(term)
		if analysis.IsNegationTerm(lower) {
			info.negated = true
			continue
		}
		info.concepts = append(info.concepts, conceptTerms(lower)...)
		// A name the analyzer recognised (from the lexicon: "Fenerbahçe", or by position) that
		// is spelt in the text itself is a key entity even at the start of a sentence.
		if analysis.IsCapitalised(term) && !strings.Contains(term, " ") {
			key := turkish.Fold(term)
			if info.stems[key] && !hasEntity(info.ents, key) {
				if h, ok := lookupGaz(key); ok {
					if !hasEntity(info.ents, "@"+h.e.key) {
						info.ents = append(info.ents, entity{key: "@" + h.e.key, kind: h.e.kind, gaz: true, text: term})
					}
				} else {
					info.ents = append(info.ents, entity{key: key, text: term})
				}
			}
		}
	}
	info.concepts = dedupe(info.concepts)
	if !info.negated {
		// The glossary translates what it knows; a negation it missed (an English "doesn't" in
		// a Turkish-detected text, "cant" typed without its apostrophe) is caught on the words.
		for _, t := range toks {
			f := turkish.Fold(t.text)
			if negationWords[f] || strings.HasSuffix(f, "n't") {
				info.negated = true
				break
			}
		}
	}
	return info
}

// hasEntity reports whether es has key.
func hasEntity(es []entity, key string) bool {
	for _, e := range es {
		if e.key == key {
			return true
		}
	}
	return false
}

// contains reports whether xs has x.
func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// conceptsOf is the English concepts of a word or a two-word phrase.
func conceptsOf(s, lang string) []string {
	terms, _ := analysis.EnglishTerms(s, lang)
	var out []string
	for _, term := range terms {
		lower := strings.ToLower(term)
		if analysis.IsNegationTerm(lower) {
			continue
		}
		out = append(out, conceptTerms(lower)...)
	}
	return dedupe(out)
}

// conceptTerms splits an English query term into stemmed concept words, dropping numbers and
// stopwords ("blood pressure" → "blood", "pressur").
func conceptTerms(lower string) []string {
	var out []string
	for _, w := range strings.Fields(lower) {
		if isNumberText(w) {
			continue
		}
		w = turkish.Fold(w)
		if isStop("en", w) && !conceptKeep[w] {
			continue
		}
		out = append(out, enStem(w))
	}
	return out
}

// nameBase is the meaning-carrying part of a token: before an apostrophe ("Mars'tan" → "Mars")
// and before a hyphenated number ("COVID-19" → "COVID"), as the analyzer reads it.
func nameBase(tok string) string {
	base, _ := splitApostrophe(tok)
	if i := strings.IndexByte(base, '-'); i > 0 && hasDigit(base[i:]) {
		base = base[:i]
	}
	return base
}

// conceptKeep are English stopword-list entries the analyzer deliberately keeps as meaningful.
var conceptKeep = map[string]bool{
	"cause": true, "causes": true, "more": true, "less": true, "most": true, "least": true, "water": true,
	"world": true, "year": true, "years": true, "only": true, "all": true, "first": true, "new": true, "old": true,
	"high": true, "higher": true, "low": true, "lower": true, "largest": true, "smallest": true, "greatest": true,
	"half": true, "twice": true, "dead": true, "die": true, "kill": true, "kills": true, "men": true, "man": true,
	"young": true, "free": true, "home": true, "fire": true, "state": true, "system": true, "computer": true,
}

// negationWords are negating words in Turkish (folded) and English. They never count as content
// words: polarity is compared by the same-claim decision, so "olur" and "olmaz" claims stay close but refused.
var negationWords = map[string]bool{
	"degil": true, "degildir": true, "degiller": true, "degilmis": true, "degildi": true, "yok": true, "yoktur": true,
	"yoktu": true, "hic": true, "hicbir": true, "asla": true, "kimse": true, "hicbiri": true,
	"not": true, "no": true, "never": true, "none": true, "nothing": true, "nobody": true, "neither": true,
	"nor": true, "cannot": true, "nowhere": true, "without": true,
	// English contractions typed without the apostrophe.
	"cant": true, "dont": true, "doesnt": true, "isnt": true, "arent": true, "wont": true, "didnt": true,
	"wasnt": true, "werent": true, "havent": true, "hasnt": true, "shouldnt": true, "couldnt": true, "wouldnt": true,
}

// stopSets are the folded function-word sets matching uses, minus negations (kept through
// polarity): Turkish from internal/turkish, English from englishFunctionWords.
var stopSets = sync.OnceValue(func() map[string]map[string]bool {
	out := map[string]map[string]bool{}
	tr := map[string]bool{}
	for _, w := range turkish.FunctionWords() {
		if !negationWords[w] {
			tr[w] = true
		}
	}
	out["tr"] = tr
	en := map[string]bool{}
	for _, w := range strings.Fields(englishFunctionWords) {
		if !negationWords[w] {
			en[w] = true
		}
	}
	out["en"] = en
	return out
})

// englishFunctionWords are English words that carry no claim content: articles, pronouns,
// auxiliaries, prepositions, conjunctions, quantifiers, discourse fillers of posts ("lol", "PSA",
// "literally", "anyway") and the empty nouns "thing", "stuff". Negations are not here. The last line holds
// function words of the list above as people type them in posts ("u" for "you", "ur" for
// "your", "bc" for "because", "thats", "gotta" for "have got to"): the same words, so no content.
const englishFunctionWords = `a an the this that these those it its it's itself they them their theirs themselves
i me my mine myself we us our ours ourselves you your yours yourself yourselves he him his himself she her hers
herself one ones someone something anyone anything everyone everything who whom whose which what whatever
is are was were be been being am do does did doing done have has had having will would shall should can could
may might must ought get gets got getting
of in on at by for with about against between into through during before after above below to from up down
out off over under again further then once here there when where why how all any both each few other some such
only own same so than too very just also as until while because if or and but nor either whether though although
yet still even ever really quite rather almost already always often sometimes usually now today s t ll ve re d m
like per via upon onto within without among amongst across along around behind beside besides beyond toward towards
let lets says said say according actually basically simply truly certainly indeed
there's that's what's here's who's let's i'm you're we're they're i've you've we've they've i'd you'd he'd she'd
we'd they'd i'll you'll he'll she'll we'll they'll
lol lmao lmfao rofl omg wow psa fyi btw imo imho tbh smh ngl guys folks pls plz please literally seriously
honestly totally anyway anyways thing things stuff
u ur ya r bc cuz coz w thats im ive youre theyre gonna gotta tho thru`

// isStop reports a folded stopword of the text's language; undetermined text checks both lists.
func isStop(lang, folded string) bool {
	for _, set := range stopSetsFor(lang) {
		if set[folded] {
			return true
		}
	}
	return false
}

// stopSetsFor returns the stopword sets a word of the text's language is looked up in: its
// language's, and for undetermined text both.
func stopSetsFor(lang string) []map[string]bool {
	sets := stopSets()
	switch lexicalLang(lang) {
	case "en":
		return []map[string]bool{sets["en"]}
	case "tr":
		if lang == "und" || lang == "" {
			return []map[string]bool{sets["tr"], sets["en"]}
		}
		return []map[string]bool{sets["tr"]}
	}
	return nil
}

// stemFor applies the language's light stemmer to a folded word.
func stemFor(lex, folded string) string {
	switch lex {
	case "tr":
		return trStem(folded)
	case "en":
		return enStem(folded)
	}
	return folded
}

// scanned is one token with what the entity rules need.
type scanned struct {
	text          string
	number        bool
	sentenceStart bool
	// afterHyphen marks the second word of an English hyphenated compound the lexicon does not
	// know whole ("soled" of "rubber-soled"): a modifier's part, never a verb.
	afterHyphen bool
	// clauseStart marks a token opening a clause after a comma (markClauseStarts, numread.go).
	clauseStart bool
}

// scanText tokenizes with analysis.Tokenize (so numbers, apostrophes and hyphens are read the same
// way as everywhere else) and marks sentence starts, which decide whether a capital marks a name.
func scanText(text string) []scanned {
	var out []scanned
	for _, sentence := range splitSentences(text) {
		if strings.Contains(sentence, ". ") { // ordinaldot.go; most sentences have no ordinal
			sentence = ordinalDotted.ReplaceAllString(sentence, "${1}${2}nci ${3}")
		}
		for i, t := range analysis.Tokenize(numberSuffixes(sentence)) {
			out = append(out, scanned{text: t, number: isNumberToken(t), sentenceStart: i == 0})
		}
	}
	return out
}

// Turkish case and possessive endings that a post writes after a number without the apostrophe:
// straight after a percentage ("%10unu", "%20sini"), which the tokenizer cuts off as a word of
// its own, or after a space ("1923 te"). Only the locative and ablative in t-, which no Turkish
// or English word is, count after a space ("89 da" may be the conjunction "da").
var (
	percentSuffix = regexp.MustCompile(`(%\d+(?:[.,]\d+)*)(\p{Ll}{2,})`)
	spacedSuffix  = regexp.MustCompile(`(\d) (te|ta|ten|tan|teki|taki)([\s,.!?;:]|$)`)
)

// numberSuffixes writes those endings after an apostrophe, where the
// tokenizer reads them as the number's ending ("%10'unu", "1923'te").
func numberSuffixes(s string) string {
	if !strings.ContainsFunc(s, unicode.IsDigit) {
		return s
	}
	s = percentSuffix.ReplaceAllString(s, "$1'$2")
	return spacedSuffix.ReplaceAllString(s, "$1'$2$3")
}

// splitSentences cuts text after sentence-ending punctuation (not inside numbers like "3.5").
func splitSentences(text string) []string {
	var out []string
	start := 0
	rs := []rune(text)
	for i, r := range rs {
		if !strings.ContainsRune(".!?…;:\n\"“”«»()", r) {
			continue
		}
		if inNumber(rs, i) {
			continue
		}
		out = append(out, string(rs[start:i]))
		start = i + 1
	}
	return append(out, string(rs[start:]))
}

// isNumberToken reports a Tokenize token that is a number ("100", "%10", "3,5", "1.000").
func isNumberToken(t string) bool {
	t = strings.Trim(numberPart(t), "%")
	if t == "" {
		return false
	}
	for _, r := range t {
		if !unicode.IsDigit(r) && r != '.' && r != ',' {
			return false
		}
	}
	return true
}

// numberPart strips a Turkish suffix written straight after digits without the apostrophe
// ("10unu", "2005te", "1990larda" → "10", "2005", "1990"). Only a suffix of two letters or more
// with a vowel counts, so "5G", "4K" and "10th" stay words.
func numberPart(t string) string {
	i := strings.IndexFunc(t, func(r rune) bool { return !unicode.IsDigit(r) && r != '.' && r != ',' && r != '%' })
	if i <= 0 {
		return t
	}
	rest := t[i:]
	if utf8.RuneCountInString(rest) < 2 || !strings.ContainsAny(turkish.Fold(rest), "aeiou") {
		return t
	}
	for _, r := range rest {
		if !unicode.IsLower(r) {
			return t
		}
	}
	return t[:i]
}

// isNumberText reports an English query term that is a number ("10%", "4.5", "50,000").
func isNumberText(t string) bool { return isNumberToken(t) }

// hasDigit reports whether s contains a digit.
func hasDigit(s string) bool { return strings.ContainsFunc(s, unicode.IsDigit) }

// shouting reports a text mostly in capitals, where capitals say nothing about names.
func shouting(toks []scanned) bool {
	words, caps := 0, 0
	for _, t := range toks {
		if t.number {
			continue
		}
		words++
		if analysis.IsAllCaps(t.text) {
			caps++
		}
	}
	return words >= 3 && caps*2 > words
}

// splitApostrophe returns a word's part before its apostrophe ("Mars'tan" → "Mars", "tan").
func splitApostrophe(s string) (string, string) {
	if i := strings.IndexByte(s, '\''); i > 0 {
		return s[:i], s[i+1:]
	}
	return s, ""
}

// numberKey normalises a number token to a key; a reading that depends on the writer's
// convention ("42,195" is a decimal in Turkish but may be a thousands group in English) keeps both
// readings, joined by "|", and numbers match when they share one.
func numberKey(tok, lang string) string {
	tok, _ = splitApostrophe(numberPart(tok))
	s := strings.Trim(tok, "%")
	var readings []string
	add := func(v string) {
		if f, err := strconv.ParseFloat(v, 64); err == nil {
			k := strconv.FormatFloat(f, 'f', -1, 64)
			for _, r := range readings {
				if r == k {
					return
				}
			}
			readings = append(readings, k)
		}
	}
	dot, comma := strings.Count(s, "."), strings.Count(s, ",")
	switch {
	case dot == 0 && comma == 0:
		add(s)
	case dot > 0 && comma > 0:
		// Both separators: the last one is the decimal mark.
		if strings.LastIndexByte(s, ',') > strings.LastIndexByte(s, '.') {
			add(strings.ReplaceAll(strings.ReplaceAll(s, ".", ""), ",", "."))
		} else {
			add(strings.ReplaceAll(s, ",", ""))
		}
	default:
		sep := "."
		if comma > 0 {
			sep = ","
		}
		groups := strings.Split(s, sep)
		thousands := len(groups) > 1
		for _, g := range groups[1:] {
			if len(g) != 3 {
				thousands = false
			}
		}
		decimal := len(groups) == 2
		// Turkish writes decimals with a comma and thousands with a dot; English the other way.
		turkishDecimal := sep == ","
		if lexicalLang(lang) == "en" {
			turkishDecimal = sep == "."
		}
		switch {
		case thousands && decimal && turkishDecimal:
			add(strings.Replace(s, sep, ".", 1))
			add(strings.ReplaceAll(s, sep, ""))
		case thousands && decimal:
			add(strings.ReplaceAll(s, sep, ""))
			add(strings.Replace(s, sep, ".", 1))
		case thousands:
			add(strings.ReplaceAll(s, sep, ""))
		case decimal:
			add(strings.Replace(s, sep, ".", 1))
		}
	}
	if len(readings) == 0 {
		return tok
	}
	return strings.Join(readings, "|")
}

// numbersMeet reports whether two number keys share a reading. An ordinal meets its number
// ("9th" = the "9." of Turkish, "3rd" = "üçüncü"): what it counts is compared by slot.
func numbersMeet(a, b string) bool {
	if a == b {
		return true
	}
	for _, x := range strings.Split(a, "|") {
		for _, y := range strings.Split(b, "|") {
			if x == y || ordinalBase(x) == ordinalBase(y) {
				return true
			}
		}
	}
	return false
}

// ordinalBase is the number of an ordinal key ("9th" → "9"), or the key itself.
func ordinalBase(k string) string {
	for _, suf := range []string{"st", "nd", "rd", "th"} {
		if b, ok := strings.CutSuffix(k, suf); ok && b != "" && !strings.ContainsFunc(b, func(r rune) bool { return r < '0' || r > '9' }) {
			return b
		}
	}
	return k
}

// numberWords are number words that cannot mean anything else. Turkish "bir" (a/one), "altı"
// (six/under), "yedi" (seven/ate), "on" (ten/front), "yüz" (hundred/face) and "bin" (thousand/
// ride) are left out: reading "kapının altı" as 6 would refuse good matches.
var numberWords = map[string]string{
	"two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9",
	"ten": "10", "eleven": "11", "twelve": "12", "twenty": "20", "thirty": "30", "forty": "40", "fifty": "50",
	"sixty": "60", "seventy": "70", "eighty": "80", "ninety": "90", "hundred": "100", "twice": "2",
	"iki": "2", "uc": "3", "dort": "4", "bes": "5", "sekiz": "8", "dokuz": "9", "yirmi": "20", "otuz": "30",
	"kirk": "40", "elli": "50", "altmis": "60", "yetmis": "70", "seksen": "80", "doksan": "90",
	// Ordinals are numbers too: "the ninth planet" is not "the largest".
	"third": "3rd", "fourth": "4th", "fifth": "5th", "sixth": "6th", "seventh": "7th", "eighth": "8th", "ninth": "9th",
	"tenth": "10th", "ikinci": "2nd", "ucuncu": "3rd", "dorduncu": "4th", "besinci": "5th", "altinci": "6th",
	"yedinci": "7th", "sekizinci": "8th", "dokuzuncu": "9th", "onuncu": "10th",
}

// softNumberWords are the ambiguous Turkish number words and the ordinals' bases: a review
// saying "altı sıfır" confirms a claim's "6", but a claim's "altı" (perhaps "under") refutes nothing.
var softNumberWords = map[string]string{"bir": "1", "alti": "6", "yedi": "7", "on": "10", "yuz": "100", "bin": "1000"}

// numberWord reads an unambiguous number word.
func numberWord(folded string) (string, bool) {
	n, ok := numberWords[folded]
	return n, ok
}

// minStem is the shortest stem the Turkish stemmer leaves: shorter roots ("su", "et", "ol")
// collide with too many other words once suffixes are gone.
const minStem = 3

// trMorph is the Turkish analyser the index's features are stemmed with (internal/turkish); it is
// immutable data, shared by every index.
var trMorph = turkish.NewMorphology()

// trStem is the index stem of a folded Turkish word (turkish.Morphology.Stem).
func trStem(w string) string {
	if hasDigit(w) {
		return w
	}
	return trMorph.Stem(w)
}

// enStem is a light English stemmer (plural, -ed, -ing, -ly, final e), enough for a claim's
// "causes"/"caused"/"cause" and "vaccines"/"vaccine" to meet.
func enStem(w string) string {
	if hasDigit(w) || len(w) <= 3 {
		return w
	}
	w = strings.TrimSuffix(w, "'s")
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		w = w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "sses"):
		w = w[:len(w)-2]
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is") && len(w) > 3:
		w = w[:len(w)-1]
	}
	for _, suf := range []string{"ing", "ed", "ly"} {
		if strings.HasSuffix(w, suf) && len(w)-len(suf) >= 3 && strings.ContainsAny(w[:len(w)-len(suf)], "aeiouy") {
			w = w[:len(w)-len(suf)]
			if n := len(w); n >= 2 && w[n-1] == w[n-2] && !strings.ContainsRune("aeiouls", rune(w[n-1])) {
				w = w[:n-1]
			}
			break
		}
	}
	if strings.HasSuffix(w, "ous") && len(w) > 6 {
		w = w[:len(w)-3]
	}
	if strings.HasSuffix(w, "e") && len(w) > 3 {
		w = w[:len(w)-1]
	}
	return w
}
