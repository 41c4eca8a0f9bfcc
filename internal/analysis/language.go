package analysis

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// stopwords holds stopword lists (the stopwords-iso collection's 58 languages when installed, else
// the built-in Turkish and English function words) and, per word, which languages list it.
type stopwords struct {
	codes []string         // language codes, sorted
	index map[string]int   // code → position in codes
	langs map[string][]int // word → languages listing it
	// byScr lists, per script, the languages whose stopwords are mostly written in it; only those
	// compete in a vote on a claim in that script.
	byScr map[*unicode.RangeTable][]int
	// raw are the lists as given, for merging.
	raw map[string][]string
	// name says in the basis which lists voted.
	name string
	// shared marks words other languages use too, when their lists are not loaded.
	shared map[string]bool
}

// scripts are the writing systems told apart; the order matters only for ties.
var scripts = []*unicode.RangeTable{
	unicode.Latin, unicode.Cyrillic, unicode.Greek, unicode.Arabic, unicode.Hebrew, unicode.Devanagari,
	unicode.Bengali, unicode.Gujarati, unicode.Thai, unicode.Hangul, unicode.Hiragana, unicode.Katakana,
	unicode.Han, unicode.Armenian, unicode.Georgian, unicode.Tamil, unicode.Sinhala, unicode.Gurmukhi,
	unicode.Ethiopic, unicode.Khmer, unicode.Lao, unicode.Myanmar,
}

// scriptName names a script in the language basis.
var scriptName = map[*unicode.RangeTable]string{
	unicode.Latin: "Latin", unicode.Cyrillic: "Cyrillic", unicode.Greek: "Greek", unicode.Arabic: "Arabic",
	unicode.Hebrew: "Hebrew", unicode.Devanagari: "Devanagari", unicode.Bengali: "Bengali",
	unicode.Gujarati: "Gujarati", unicode.Thai: "Thai", unicode.Hangul: "Hangul", unicode.Hiragana: "Hiragana",
	unicode.Katakana: "Katakana", unicode.Han: "Han", unicode.Armenian: "Armenian", unicode.Georgian: "Georgian",
	unicode.Tamil: "Tamil", unicode.Sinhala: "Sinhala", unicode.Gurmukhi: "Gurmukhi", unicode.Ethiopic: "Ethiopic",
	unicode.Khmer: "Khmer", unicode.Lao: "Lao", unicode.Myanmar: "Myanmar",
}

// scriptLanguage maps a script that (among the languages people plausibly paste here) belongs to
// one language, so even a two-word claim in it is identified.
var scriptLanguage = map[*unicode.RangeTable]string{
	unicode.Greek: "el", unicode.Hebrew: "he", unicode.Bengali: "bn", unicode.Gujarati: "gu", unicode.Thai: "th",
	unicode.Hangul: "ko", unicode.Hiragana: "ja", unicode.Katakana: "ja", unicode.Han: "zh",
	unicode.Armenian: "hy", unicode.Georgian: "ka", unicode.Tamil: "ta", unicode.Sinhala: "si",
	unicode.Gurmukhi: "pa", unicode.Khmer: "km", unicode.Lao: "lo", unicode.Myanmar: "my",
}

// parseStopwords reads stopwords-iso.json.
func parseStopwords(data []byte) (*stopwords, error) {
	var raw map[string][]string
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("stopwords-iso.json: %w", err)
	}
	if len(raw) == 0 {
		return nil, fmt.Errorf("stopwords-iso.json: no languages")
	}
	return newStopwords(raw), nil
}

// newStopwords indexes word lists keyed by language code. It keeps one index, word → languages,
// whose lists share one backing array: a set per language beside it would hold every word twice.
func newStopwords(raw map[string][]string) *stopwords {
	sw := &stopwords{index: map[string]int{}, byScr: map[*unicode.RangeTable][]int{}, raw: raw}
	for code := range raw {
		sw.codes = append(sw.codes, code)
	}
	sort.Strings(sw.codes)
	langs := map[string][]int{}
	for i, code := range sw.codes {
		sw.index[code] = i
		counts := map[*unicode.RangeTable]int{}
		for _, w := range raw[code] {
			w = lowerFor(code, strings.TrimSpace(w))
			// Languages are indexed in order, so a word this list already gave ends with i.
			if l := langs[w]; w == "" || len(l) > 0 && l[len(l)-1] == i {
				continue
			}
			langs[w] = append(langs[w], i)
			if s := dominantScript(w); s != nil {
				counts[s]++
			}
		}
		var best *unicode.RangeTable
		for _, s := range scripts {
			if best == nil || counts[s] > counts[best] {
				best = s
			}
		}
		sw.byScr[best] = append(sw.byScr[best], i)
	}
	n := 0
	for _, l := range langs {
		n += len(l)
	}
	backing := make([]int, 0, n)
	sw.langs = make(map[string][]int, len(langs))
	for w, l := range langs {
		from := len(backing)
		backing = append(backing, l...)
		sw.langs[w] = backing[from:len(backing):len(backing)]
	}
	return sw
}

// words returns the words lang lists, sorted.
func (sw *stopwords) words(lang string) []string {
	i, ok := sw.index[lang]
	if !ok {
		return nil
	}
	var out []string
	for w, l := range sw.langs {
		if slices.Contains(l, i) {
			out = append(out, w)
		}
	}
	sort.Strings(out)
	return out
}

// withFunctionWords adds the built-in lists to the installed ones, so a claim that the built-in
// words identify is identified with the data set too.
func (sw *stopwords) withFunctionWords(fw *stopwords) *stopwords {
	raw := make(map[string][]string, len(sw.raw))
	for code, words := range sw.raw {
		raw[code] = words
	}
	for code, words := range fw.raw {
		raw[code] = append(append([]string(nil), raw[code]...), words...)
	}
	out := newStopwords(raw)
	out.name = fmt.Sprintf("the stopwords-iso lists (%d languages) and Claimcheck's Turkish and English function words", len(sw.raw))
	return out
}

// turkishFunctionWords are Turkish words that carry no claim content by themselves: conjunctions,
// postpositions, pronouns, question particles, copulas, number words (the query builder reads
// numbers before it drops stopwords) and fillers. Written for this project; negations (değil, yok,
// hiç) are here for language detection and are kept by the query builder, which handles them
// before it drops stopwords.
const turkishFunctionWords = `ve veya ile ya yahut ki de da mi mı mu mü bu şu o bir her hiç hiçbir çok daha en gibi için kadar ama fakat
ancak lakin çünkü ise eğer ne neden niçin nasıl nerede nereye kim kimin hangi bazı tüm bütün birçok diye göre
karşı sonra önce artık hem bile sadece yalnız zaten hep şey şeyi olan olarak oldu olur olmuş olduğu olduğunu
olması olmak değil değildir yok yoktur var vardır ben sen biz siz onlar bunu bunun buna bunda bundan şunu onu
onun ona onda ondan bunlar bunları onları onların kendi kendisi ayrıca yani işte üzere dolayı rağmen beri
tarafından arasında içinde üzerinde hakkında aslında gerçekten sanki iken dahi kez kere önceden az yalnızca çoğu
oluyor olmaz gerek etti eder ediyor ediliyor yaptı yapmak tek birlikte tamamen tam seni beni bizi sizi herkes
kimse itibaren yoluyla nedeniyle vardı yoktu iki üç dört beş altı yedi sekiz dokuz on yirmi otuz kırk elli
altmış yetmiş seksen doksan yüz bin milyon milyar`

// englishFunctionWords are English words that carry no claim content by themselves: articles,
// pronouns, auxiliaries, prepositions, conjunctions and fillers. Written for this project; the query
// builder keeps negations, numbers and the meaning-bearing words of englishKeep before it drops these.
const englishFunctionWords = `a an the this that these those it its itself they them their theirs themselves i me my mine myself we us our
ours ourselves you your yours yourself yourselves he him his himself she her hers herself who whom whose which
what when where why how is are was were be been being am do does did doing have has had having will would
shall should can could may might must of in on at by for with about against between into through during before
after above below to from up down out off over under again further then once here there all any both each few
more most other some such only own same so than too very just also not no nor never because as until while if
or and but yet although though whether either neither ever every anyone anything everyone everything someone
something nobody nothing none isn't aren't wasn't weren't don't doesn't didn't can't won't it's that's there's
said say says saying told tell tells want wants wanted make makes making give gives giving back see get gets
getting use really keep keeps go goes going take takes taking help helps become becomes became come comes came
took thing things ones means need needs much often otherwise somewhere elsewhere together exactly mainly due
right inside outside different`

// sharedFunctionWords are built-in function words that other languages written in Latin script
// also use often ("en" and "de" are Spanish and German, "in" and "was" Dutch and German, "var"
// Swedish). Without the stopwords-iso lists nothing would split their vote with those languages,
// so language detection counts each as if one other language shared it (1/√2) and never gives the
// audience prior for it: "A marathon is 42 km long" is English, "La vacuna causa autismo en los
// niños" is not Turkish.
const sharedFunctionWords = `en de da o ne mi mu ya ve var her hem bile ki
a i in on do so be me we he us am an as at by to no or is it was will die have had has may must over under most same also`

// builtinFunctionWords indexes the built-in lists, for the query builder.
func builtinFunctionWords() *stopwords {
	sw := newStopwords(map[string][]string{
		"tr": strings.Fields(turkishFunctionWords),
		"en": strings.Fields(englishFunctionWords),
	})
	sw.name = builtinListsName
	return sw
}

// detectionWords is the built-in lists with sharedFunctionWords marked, for language detection.
func (sw *stopwords) detectionWords() *stopwords {
	out := newStopwords(sw.raw)
	out.name = sw.name
	out.shared = map[string]bool{}
	for _, w := range strings.Fields(sharedFunctionWords) {
		out.shared[w] = true
	}
	return out
}

// lowerFor lower-cases the way the language does, so Turkish "IŞIK" meets the listed "ışık".
func lowerFor(code, s string) string {
	if code == "tr" {
		return turkishLower(s)
	}
	return strings.ToLower(s)
}

// has reports whether lang lists w (w already lower-cased for that language).
func (sw *stopwords) has(lang, w string) bool {
	i, ok := sw.index[lang]
	return ok && slices.Contains(sw.langs[w], i)
}

// isStopword reports whether the lower-cased word is on the list of lang.
func (sw *stopwords) isStopword(lang, word string) bool {
	return sw.has(lang, lowerFor(lang, word))
}

// dominantScript returns the script most letters of s are written in, or nil for no letters.
func dominantScript(s string) *unicode.RangeTable {
	counts := map[*unicode.RangeTable]int{}
	for _, r := range s {
		if !unicode.IsLetter(r) {
			continue
		}
		for _, sc := range scripts {
			if unicode.Is(sc, r) {
				counts[sc]++
				break
			}
		}
	}
	var best *unicode.RangeTable
	for _, sc := range scripts {
		if counts[sc] > 0 && (best == nil || counts[sc] > counts[best]) {
			best = sc
		}
	}
	return best
}

// languageGuess is a detected language with the evidence for the basis.
type languageGuess struct {
	Code     string
	Assessed bool
	Evidence string
}

// Thresholds of the stopword vote. A claim is short, so the rules are conservative: below them
// the answer is "und" rather than a guess.
const (
	// minWordsForVote is the fewest words a stopword vote is trusted on.
	minWordsForVote = 3
	// minVote is the least weighted evidence the winner needs (one language-specific word).
	minVote = 1.0
	// voteMargin is how many times the runner-up's evidence the winner needs.
	voteMargin = 1.5
)

// letterHints are letters (lower case) that only a few of the languages detected here write, with
// those languages. Short claims often hold no stopword at all but do hold such a letter: "ulaştı"
// is Turkish by its ı alone. Like a stopword, a letter's evidence is split among its languages.
var letterHints = map[rune][]string{
	'ı': {"tr"}, 'ğ': {"tr"}, 'ş': {"tr", "ro"}, 'ç': {"tr", "fr", "pt", "ca"}, 'ö': {"tr", "de", "hu", "fi", "sv", "et"},
	'ü': {"tr", "de", "hu", "et"}, 'ß': {"de"}, 'ä': {"de", "fi", "sv", "et", "sk"}, 'ñ': {"es", "gl"},
	'ã': {"pt"}, 'õ': {"pt", "et"}, 'ą': {"pl", "lt"}, 'ę': {"pl", "lt"}, 'ł': {"pl"}, 'ś': {"pl"}, 'ź': {"pl"},
	'ż': {"pl"}, 'ć': {"pl", "hr"}, 'ń': {"pl"}, 'ř': {"cs"}, 'ů': {"cs"}, 'ě': {"cs"}, 'ő': {"hu"}, 'ű': {"hu"},
	'å': {"sv", "no", "da"}, 'æ': {"da", "no"}, 'ø': {"da", "no"}, 'ă': {"ro", "vi"}, 'ț': {"ro"}, 'ș': {"ro"},
	'đ': {"hr", "vi"}, 'ė': {"lt"}, 'ų': {"lt"}, 'į': {"lt"}, 'ā': {"lv"}, 'ē': {"lv"}, 'ī': {"lv"}, 'ņ': {"lv"},
	'ļ': {"lv"}, 'ķ': {"lv"}, 'ģ': {"lv"}, 'ơ': {"vi"}, 'ư': {"vi"}, 'ạ': {"vi"}, 'ả': {"vi"}, 'ệ': {"vi"},
	'і': {"uk"}, 'ї': {"uk"}, 'є': {"uk"}, 'ґ': {"uk"}, 'ы': {"ru"}, 'э': {"ru"}, 'ё': {"ru"}, 'ъ': {"ru", "bg"},
	'پ': {"fa", "ur"}, 'چ': {"fa", "ur"}, 'ژ': {"fa"}, 'گ': {"fa", "ur"}, 'ٹ': {"ur"}, 'ڈ': {"ur"}, 'ں': {"ur"}, 'ے': {"ur"},
}

// turkishEnding matches Turkish suffixes that few other languages end words with, with the vowel
// before them (group 1) so vowel harmony can be checked: the copula -dır, the plurals -ları/-lerin
// and their case forms, the progressive -ıyor, the evidential -mış, the future -acak and the
// negations short claims so often end on: -maz ("görmez"), -madı ("gidilmedi") and -mayacak.
var turkishEnding = regexp.MustCompile(`([aeıioöuü])[^aeıioöuü]*((?:[dt][ıiuü]r|l[ae]r(?:[ıi]|[ıi]n|d[ae]|d[ae]n)|[ıiuü]yor(?:du|lar|um|sun)?|m[ıiuü]ş(?:tır|tir|tur|tür)?|[ae]c[ae]k(?:tır|tir)?|m[ae]z(?:l[ae]r)?|m[ae]d[ıi](?:l[ae]r)?|m[ae]y[ae]c[ae]k))$`)

// harmonises reports whether suffix vowel v may follow stem vowel prev under Turkish vowel harmony
// (front/back for a and e; front/back and rounding for ı, i, u, ü).
func harmonises(prev, v rune) bool {
	back := strings.ContainsRune("aıou", prev)
	round := strings.ContainsRune("oöuü", prev)
	switch v {
	case 'a':
		return back
	case 'e':
		return !back
	case 'ı':
		return back && !round
	case 'i':
		return !back && !round
	case 'u':
		return back && round
	case 'ü':
		return !back && round
	}
	return false
}

// endingHints returns the languages a word's spelling points to: Turkish for a harmonised Turkish
// suffix on a word of five letters or more ("düzdür", "aşıları", "yayılıyor"), English for "th" or "sh" at
// either end, "ck", and the endings -ing and -ed ("math", "short", "failed"). lower is the word in lower case,
// trLower in Turkish lower case.
func endingHints(lower, trLower string) []string {
	var out []string
	if m := turkishEnding.FindStringSubmatchIndex(trLower); m != nil && utf8.RuneCountInString(trLower) >= 5 {
		prev, _ := utf8.DecodeRuneInString(trLower[m[2]:])
		ok := false
		for _, r := range trLower[m[4]:] {
			if strings.ContainsRune("aeıiuü", r) {
				ok = harmonises(prev, r)
				break
			}
		}
		if ok {
			out = append(out, "tr")
		}
	}
	out = asciiHint(out, lower) // asciiending.go
	// "th" only at the edges of a word: Turkish writes it inside loanwords ("fethetti", "methetmek").
	// Turkish writes "sh" only across a morpheme boundary inside a word ("ishal") and never "ck", so
	// "short", "wash" and "knuckles" speak for English.
	if isASCII(lower) && (strings.HasPrefix(lower, "th") || strings.HasSuffix(strings.TrimSuffix(lower, "s"), "th") ||
		strings.HasPrefix(lower, "sh") || strings.HasSuffix(strings.TrimSuffix(strings.TrimSuffix(lower, "s"), "e"), "sh") ||
		len(lower) >= 4 && strings.Contains(lower, "ck") ||
		len(lower) >= 5 && (strings.HasSuffix(lower, "ing") || strings.HasSuffix(lower, "ed") && !strings.ContainsRune("aeiou", rune(lower[len(lower)-3])))) {
		out = append(out, "en")
	}
	return out
}

// audiencePrior is added to Turkish and English once a listed word or an ending speaks for them.
const audiencePrior = 0.5

// vocabWeight is the vote of a word the topic lexicon knows in only one of Turkish and English
// ("deprem", "towers"): half a stopword, because the lexicon is small and written for topics, not
// for telling languages apart, but it rescues claims that have no stopwords at all.
const vocabWeight = 0.5

// detect guesses the language of a tokenised claim from its script and then from a vote of its
// words: a word on the stopword lists of k languages (or with a letter only k languages write)
// gives each of them 1/√k, so "the" (English only) counts 1 while "a" (21 lists) counts 0.2.
// The square root rather than 1/k because claims are short and shared function words ("die" is
// German, Dutch and Afrikaans) are still real evidence.
func (sw *stopwords) detect(toks []token, vocab func(t token) string) languageGuess {
	var words []string
	var wordToks []token
	var starts []bool
	letters := map[*unicode.RangeTable]int{}
	total := 0
	for _, t := range toks {
		if t.Kind != kindWord {
			continue
		}
		has := false
		for _, r := range t.Text {
			if !unicode.IsLetter(r) {
				continue
			}
			has = true
			total++
			for _, sc := range scripts {
				if unicode.Is(sc, r) {
					letters[sc]++
					break
				}
			}
		}
		if has {
			words = append(words, t.Text)
			wordToks = append(wordToks, t)
			starts = append(starts, t.SentenceStart)
		}
	}
	if total == 0 {
		return languageGuess{Code: "und", Evidence: "No letters to go on (only numbers or symbols)."}
	}
	if kana := letters[unicode.Hiragana] + letters[unicode.Katakana]; kana > 0 {
		// Japanese writes one sentence in three scripts; with any kana, count them as one.
		letters[unicode.Hiragana] = kana + letters[unicode.Han]
		letters[unicode.Katakana], letters[unicode.Han] = 0, 0
	}
	var script *unicode.RangeTable
	for _, sc := range scripts {
		if letters[sc] > 0 && (script == nil || letters[sc] > letters[script]) {
			script = sc
		}
	}
	if script == nil {
		return languageGuess{Code: "und", Evidence: "Written in a script this detector does not know."}
	}
	share := float64(letters[script]) / float64(total)
	if share < 0.6 {
		return languageGuess{Code: "und", Evidence: fmt.Sprintf("Mixed scripts: the most common, %s, has only %.0f%% of the letters.", scriptName[script], share*100)}
	}
	if code, ok := scriptLanguage[script]; ok {
		name := scriptName[script]
		if code == "ja" {
			name = "Japanese (kana with kanji)"
		}
		return languageGuess{Code: code, Assessed: true, Evidence: fmt.Sprintf(
			"%s: %.0f%% of the letters are %s script, which among the languages detected here only %s uses.",
			languageName(code), share*100, name, languageName(code))}
	}
	short := ""
	if len(words) < minWordsForVote {
		// A short claim is still voted on, because its words often say enough ("Dünya düzdür" has a
		// Turkish copula), but it wins on the same evidence and margin as a long one or not at all.
		short = fmt.Sprintf("Too short to tell: %d word(s) in %s script, and their evidence is not enough. ", len(words), scriptName[script])
	}
	candidates := sw.byScr[script]
	if len(candidates) == 0 {
		return languageGuess{Code: "und", Evidence: fmt.Sprintf("No stopword list here for a language in %s script.", scriptName[script])}
	}
	inScript := make(map[int]bool, len(candidates))
	for _, c := range candidates {
		inScript[c] = true
	}
	score := make(map[int]float64)
	hits := make(map[int][]string)
	// worded marks languages a listed word or an ending speaks for, not only a letter or the lexicon.
	worded := make(map[int]bool)
	shout := shouting(toks)
	for i, w := range words {
		// A capitalised word inside a sentence is usually a name ("China" is on the Malay list),
		// which says nothing about the language around it.
		if !shout && !starts[i] && IsCapitalised(w) {
			continue
		}
		lower := strings.ToLower(w)
		listed := sw.langs[lower]
		if tl := turkishLower(w); tl != lower {
			listed = unionLangs(listed, sw.langs[tl])
		}
		weights := make(map[int]float64, len(listed)+2)
		var in []int
		for _, l := range listed {
			if inScript[l] {
				in = append(in, l)
			}
		}
		shared := sw.shared[lower]
		for _, l := range in {
			weights[l] = 1 / math.Sqrt(float64(len(in)))
			if shared {
				weights[l] = math.Min(weights[l], 1/math.Sqrt2)
			} else {
				worded[l] = true
			}
		}
		for _, r := range lower {
			codes := letterHints[r]
			for _, c := range codes {
				l, ok := sw.index[c]
				if !ok || !inScript[l] {
					continue
				}
				if v := 1 / math.Sqrt(float64(len(codes))); v > weights[l] {
					weights[l] = v
				}
			}
		}
		for _, c := range endingHints(lower, turkishLower(w)) {
			if l, ok := sw.index[c]; ok && inScript[l] {
				weights[l], worded[l] = 1, true
			}
		}
		if vocab != nil {
			if c := vocab(wordToks[i]); c != "" {
				if l, ok := sw.index[c]; ok && inScript[l] && vocabWeight > weights[l] {
					weights[l] = vocabWeight
				}
			}
		}
		for l, v := range weights {
			score[l] += v
			hits[l] = append(hits[l], lower)
		}
	}
	// Claimcheck is written for Turkish and English claims, so each of the two gets a prior once a
	// listed word or an ending speaks for it: "Bats are blind" is English although Romanian also
	// lists "are". A letter or a lexicon word alone does not earn it ("vaccin" is French too).
	for _, c := range []string{"tr", "en"} {
		if l, ok := sw.index[c]; ok && worded[l] {
			score[l] += audiencePrior
		}
	}
	ranked := make([]int, 0, len(score))
	for l := range score {
		ranked = append(ranked, l)
	}
	sort.Slice(ranked, func(i, j int) bool {
		if score[ranked[i]] != score[ranked[j]] {
			return score[ranked[i]] > score[ranked[j]]
		}
		return sw.codes[ranked[i]] < sw.codes[ranked[j]]
	})
	if len(ranked) == 0 {
		return languageGuess{Code: "und", Evidence: short + fmt.Sprintf("None of the %d words is a stopword of, or has a letter or ending distinctive of, any language detected here.", len(words))}
	}
	best := ranked[0]
	runnerUp, runnerScore := "", 0.0
	if len(ranked) > 1 {
		runnerUp, runnerScore = sw.codes[ranked[1]], score[ranked[1]]
	}
	code := sw.codes[best]
	evidence := fmt.Sprintf("%s evidence %.1f from %d of %d words (%s)", languageName(code), score[best], len(hits[best]), len(words), exampleList(hits[best], 6))
	if runnerUp != "" {
		evidence += fmt.Sprintf("; runner-up %s %.1f", languageName(runnerUp), runnerScore)
	}
	switch {
	case score[best] < minVote:
		return languageGuess{Code: "und", Evidence: short + "Not enough evidence: " + evidence + fmt.Sprintf("; at least %.0f is needed.", minVote)}
	case runnerScore > 0 && score[best] < voteMargin*runnerScore:
		return languageGuess{Code: "und", Evidence: short + "Too close to call: " + evidence + fmt.Sprintf("; the winner needs %.1f× the runner-up.", voteMargin)}
	}
	return languageGuess{Code: code, Assessed: true, Evidence: evidence + ". " + votesRule + " Lists: " + sw.name + "."}
}

// unionLangs merges two short sorted-or-not index lists without duplicates.
func unionLangs(a, b []int) []int {
	out := append([]int(nil), a...)
	for _, x := range b {
		dup := false
		for _, y := range a {
			if x == y {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, x)
		}
	}
	return out
}

// exampleList shows up to n distinct words, for basis text that stays short.
func exampleList(words []string, n int) string {
	seen := map[string]bool{}
	var out []string
	for _, w := range words {
		if seen[w] {
			continue
		}
		seen[w] = true
		out = append(out, w)
	}
	if len(out) > n {
		return strings.Join(out[:n], ", ") + ", …"
	}
	return strings.Join(out, ", ")
}

// languageNames are English names for the codes this package can return.
var languageNames = map[string]string{
	"af": "Afrikaans", "ar": "Arabic", "bg": "Bulgarian", "bn": "Bengali", "br": "Breton", "ca": "Catalan",
	"cs": "Czech", "da": "Danish", "de": "German", "el": "Greek", "en": "English", "eo": "Esperanto",
	"es": "Spanish", "et": "Estonian", "eu": "Basque", "fa": "Persian", "fi": "Finnish", "fr": "French",
	"ga": "Irish", "gl": "Galician", "gu": "Gujarati", "ha": "Hausa", "he": "Hebrew", "hi": "Hindi",
	"hr": "Croatian", "hu": "Hungarian", "hy": "Armenian", "id": "Indonesian", "it": "Italian", "ja": "Japanese",
	"ko": "Korean", "ku": "Kurdish", "la": "Latin", "lt": "Lithuanian", "lv": "Latvian", "mr": "Marathi",
	"ms": "Malay", "nl": "Dutch", "no": "Norwegian", "pl": "Polish", "pt": "Portuguese", "ro": "Romanian",
	"ru": "Russian", "sk": "Slovak", "sl": "Slovenian", "so": "Somali", "st": "Sotho", "sv": "Swedish",
	"sw": "Swahili", "th": "Thai", "tl": "Tagalog", "tr": "Turkish", "uk": "Ukrainian", "ur": "Urdu",
	"vi": "Vietnamese", "yo": "Yoruba", "zh": "Chinese", "zu": "Zulu", "ka": "Georgian", "ta": "Tamil",
	"si": "Sinhala", "pa": "Punjabi", "km": "Khmer", "lo": "Lao", "my": "Burmese", "und": "undetermined",
}

// languageName is the English name of a code, or the code itself.
func languageName(code string) string {
	if n, ok := languageNames[code]; ok {
		return n
	}
	return code
}

// votesRule says how the detector's votes are counted, after the evidence of a decided language.
const votesRule = "Votes: a word gives 1/√k to each of the k languages whose stopword list or distinctive letters (ı, ğ, ß, ñ …) match it, 1 to Turkish for a Turkish ending in vowel harmony (-dır, -lar, -ıyor, -mış …) and 1 to English for an English spelling (th, -ing, -ed); a word only the Turkish or only the English lexicon knows gives ½; Turkish and English, the languages Claimcheck is for, get ½ more once a listed word or an ending speaks for them."

// builtinListsName names the built-in function-word lists, when stopwords-iso is not installed.
const builtinListsName = "Claimcheck's Turkish and English function words (stopwords-iso, which would add 56 languages, is not installed)"

// languageStage sets Language.
type languageStage struct {
	sw *stopwords
	lx *lexicon
}

// Name identifies the stage in errors.
func (languageStage) Name() string { return "language" }

// Apply detects the language of the claim.
func (s languageStage) Apply(_ context.Context, in Input, r *Result) error {
	g := s.sw.detect(r.tokens(in.Claim), s.lx.vocabLanguage)
	r.Language = g.Code
	if g.Assessed {
		r.Basis[FieldLanguage] = FieldBasis{Assessed: true, Method: MethodLanguage, Detail: g.Evidence}
	} else {
		r.Basis[FieldLanguage] = FieldBasis{Assessed: false, Method: MethodLanguage, Detail: "Undetermined (und). " + g.Evidence}
	}
	return nil
}
