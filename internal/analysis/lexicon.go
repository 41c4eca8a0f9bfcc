package analysis

import (
	"bufio"
	"bytes"
	_ "embed"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/internal/turkish"
)

//go:embed data/lexicon/lexicon.txt
var lexiconTxt []byte

// lexEntry is one line of the lexicon: a topic keyword, a glossary word, or both.
type lexEntry struct {
	Line     int
	Category string // "" for a glossary-only word
	Weight   int
	// Forms are the Turkish forms as written; the first names the entry in explanations.
	Forms []string
	// ENKeys are the English keywords as written.
	ENKeys []string
	Verb   bool
	// EN is the English translation; "" means recognised but not worth a query term.
	EN string
	// KeepAsWritten marks names and loanwords ("Pfizer", "Galatasaray") that stay as written.
	KeepAsWritten bool
}

// Label is how the entry is named in a basis: its first Turkish form, else its first English keyword.
func (e *lexEntry) Label() string {
	if len(e.Forms) > 0 {
		return e.Forms[0]
	}
	if len(e.ENKeys) > 0 {
		return e.ENKeys[0]
	}
	return e.EN
}

// matchRule says how one normalised key matches a word.
type matchRule struct {
	entry *lexEntry
	// form is the lexicon form as written, shown in explanations.
	form string
	// exact: only the whole word; prefix: any continuation; otherwise the key plus valid suffixes.
	exact, prefix bool
	// vowelSuffix marks a spelling variant that exists only before a vowel-initial suffix: the
	// softened "kitab-" (kitabı) and the English "vaccin-" (vaccinated) or "bann-" (banned).
	vowelSuffix bool
}

// stemIndex finds the entry whose key is the longest prefix of a word with a valid suffix chain
// after it. One index per spelling: Turkish as written, Turkish folded (for text typed without
// Turkish letters), and English.
type stemIndex struct {
	keys     map[string][]matchRule
	suffixes map[string]bool
	maxSuf   int
	// maxUnits bounds how many suffixes may follow a key: English words rarely stack more than one
	// (the list holds the common stacks, "-ations"), and longer chains make false matches
	// ("gen" + "er" + "al" = "general").
	maxUnits int
	// vowelR lets a verb stem ending in a vowel take the aorist "-r" ("önle" → "önler"), which as a
	// general suffix would let "aşı" match "aşır".
	vowelR bool
}

// newStemIndex builds an index over the given suffix set.
func newStemIndex(suffixes []string, maxUnits int, vowelR bool) *stemIndex {
	ix := &stemIndex{keys: map[string][]matchRule{}, suffixes: map[string]bool{}, maxUnits: maxUnits, vowelR: vowelR}
	for _, s := range suffixes {
		ix.suffixes[s] = true
		if len(s) > ix.maxSuf {
			ix.maxSuf = len(s)
		}
	}
	return ix
}

// add registers a key; the first rule added for a key wins ties, so file order decides.
func (ix *stemIndex) add(key string, r matchRule) {
	for _, old := range ix.keys[key] {
		if old.entry == r.entry && old.exact == r.exact && old.prefix == r.prefix && old.vowelSuffix == r.vowelSuffix {
			return
		}
	}
	ix.keys[key] = append(ix.keys[key], r)
}

// lookup returns the rule matching the normalised word and the suffix text after the key.
func (ix *stemIndex) lookup(w string) (matchRule, string, bool) {
	for i := len(w); i > 0; i-- {
		if i < len(w) && !utf8.RuneStart(w[i]) {
			continue
		}
		rules, ok := ix.keys[w[:i]]
		if !ok {
			continue
		}
		rest := w[i:]
		for _, r := range rules {
			if r.vowelSuffix && !startsWithVowel(rest) {
				continue
			}
			switch {
			case r.exact:
				if rest == "" {
					return r, rest, true
				}
			case r.prefix:
				return r, rest, true
			case ix.validChain(rest):
				return r, rest, true
			case ix.vowelR && r.entry.Verb && strings.HasPrefix(rest, "r") && endsWithVowel(w[:i]) && ix.validChain(rest[1:]):
				return r, rest, true
			}
		}
	}
	return matchRule{}, "", false
}

// validChain reports whether s splits into a sequence of known suffixes (empty counts).
func (ix *stemIndex) validChain(s string) bool {
	if s == "" {
		return true
	}
	if len(s) > 40 {
		return false
	}
	// units[p] is the fewest suffixes that spell s[p:], or 0 when none do (s[len(s):] needs none).
	var units [41]int
	const none = 1 << 20
	units[len(s)] = 0
	for p := len(s) - 1; p >= 0; p-- {
		units[p] = none
		for l := 1; l <= ix.maxSuf && p+l <= len(s); l++ {
			if units[p+l] != none && ix.suffixes[s[p:p+l]] && units[p+l]+1 < units[p] {
				units[p] = units[p+l] + 1
			}
		}
	}
	return units[0] != none && units[0] <= ix.maxUnits
}

// startsWithVowel reports whether s begins with a vowel (y excluded: "appl" + "y" is not "apple").
func startsWithVowel(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return strings.ContainsRune("aeıioöuüâîû", r)
}

// endsWithVowel reports whether a (normalised) stem ends in a vowel.
func endsWithVowel(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return strings.ContainsRune("aeıioöuüâîû", r)
}

// englishSuffixes are the inflections and common derivations an English keyword may carry
// ("vaccine" → "vaccines", "vaccinated", "vaccination" via the e-drop stem).
var englishSuffixes = []string{
	"s", "es", "ed", "d", "ing", "er", "ers", "est", "ly", "ion", "ions", "ation", "ations", "ated", "ates", "ating", "ate",
	"ism", "isms", "ist", "ists", "ity", "ities", "ic", "ics", "ical", "ally", "al", "ive", "ment", "ments", "ness", "ous",
	"ize", "ized", "izes", "izing", "ise", "ised", "ises", "ising", "ies", "ied", "y",
}

// trNorm is the Turkish spelling used for matching as written (turkish.Written).
func trNorm(s string) string { return turkish.Written(s) }

// phrase is a multi-word form ("iklim değişikliği" is translated word by word, but "kalp krizi" is
// "heart attack" only as a whole).
type phrase struct {
	// words are the normalised words; each matches a token as a stem plus suffixes.
	words  []string
	folded []string
	// soft and softFolded are each word's softened stems (kriz → kriz, ilaç → ilac), precomputed
	// because phrases are tried at every token.
	soft, softFolded [][]string
	rule             matchRule
}

// lexicon is the parsed lexicon with its three indexes.
type lexicon struct {
	entries  []*lexEntry
	trExact  *stemIndex
	trFolded *stemIndex
	en       *stemIndex
	phrases  []phrase
	// counts per category: Turkish forms and English keywords, for documentation and tests.
	trKeywords, enKeywords map[string]int
}

// parseLexicon reads lexicon.txt. Any malformed line is an error with its line number: a silently
// skipped keyword would make the category basis lie about what was checked.
func parseLexicon(data []byte) (*lexicon, error) {
	// The Turkish suffix set is internal/turkish's, so the lexicon reads a suffix chain as search
	// and matching do.
	writtenSuf, foldedSuf := turkish.ChainSuffixes()
	lx := &lexicon{
		trExact:    newStemIndex(writtenSuf, 6, true),
		trFolded:   newStemIndex(foldedSuf, 6, true),
		en:         newStemIndex(englishSuffixes, 1, false),
		trKeywords: map[string]int{},
		enKeywords: map[string]int{},
	}
	seenForm := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.Split(text, "|")
		if len(fields) != 6 {
			return nil, fmt.Errorf("lexicon line %d: %d fields, want 6 (category | weight | turkish | pos | english | keywords)", line, len(fields))
		}
		for i := range fields {
			fields[i] = strings.TrimSpace(fields[i])
		}
		e := &lexEntry{Line: line}
		if fields[0] != "-" {
			if !ValidCategory(fields[0]) || fields[0] == CategoryOther {
				return nil, fmt.Errorf("lexicon line %d: unknown category %q", line, fields[0])
			}
			e.Category = fields[0]
			w, err := strconv.Atoi(fields[1])
			if err != nil || w < 1 || w > 2 {
				return nil, fmt.Errorf("lexicon line %d: weight %q must be 1 or 2 for a category keyword", line, fields[1])
			}
			e.Weight = w
		}
		switch fields[3] {
		case "v":
			e.Verb = true
		case "-":
		default:
			return nil, fmt.Errorf("lexicon line %d: pos %q must be v or -", line, fields[3])
		}
		switch fields[4] {
		case "-":
		case "=":
			e.KeepAsWritten = true
		default:
			e.EN = fields[4]
		}
		addTranslation := e.Category != "" && e.EN != "" && !strings.Contains(e.EN, " ")
		if fields[2] != "-" {
			for _, f := range splitList(fields[2]) {
				if prev, dup := seenForm[f]; dup {
					return nil, fmt.Errorf("lexicon line %d: Turkish form %q already on line %d", line, f, prev)
				}
				seenForm[f] = line
				if err := lx.addTurkish(e, f); err != nil {
					return nil, fmt.Errorf("lexicon line %d: %w", line, err)
				}
			}
		}
		if fields[5] != "-" {
			for _, k := range splitList(fields[5]) {
				if k == "!" {
					addTranslation = false
					continue
				}
				if err := lx.addEnglish(e, k); err != nil {
					return nil, fmt.Errorf("lexicon line %d: %w", line, err)
				}
			}
		}
		if addTranslation {
			if err := lx.addEnglish(e, strings.ToLower(e.EN)); err != nil {
				return nil, fmt.Errorf("lexicon line %d: %w", line, err)
			}
		}
		if len(e.Forms) == 0 && len(e.ENKeys) == 0 {
			return nil, fmt.Errorf("lexicon line %d: no Turkish form and no English keyword", line)
		}
		if e.Category == "" && e.EN == "" && !e.KeepAsWritten && len(e.Forms) == 0 {
			return nil, fmt.Errorf("lexicon line %d: glossary line without Turkish forms", line)
		}
		lx.entries = append(lx.entries, e)
		if e.Category != "" {
			lx.trKeywords[e.Category] += len(e.Forms)
			lx.enKeywords[e.Category] += len(e.ENKeys)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("lexicon: %w", err)
	}
	// Longer phrases first, so "dünya sağlık örgütü" wins over any two-word phrase inside it.
	sort.SliceStable(lx.phrases, func(i, j int) bool { return len(lx.phrases[i].words) > len(lx.phrases[j].words) })
	return lx, nil
}

// splitList splits a comma-separated field.
func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// parseForm strips the match markers from a form.
func parseForm(f string) (key string, exact, prefix, plus bool) {
	switch {
	case strings.HasPrefix(f, "="):
		return f[1:], true, false, false
	case strings.HasSuffix(f, "*"):
		return f[:len(f)-1], false, true, false
	case strings.HasSuffix(f, "+"):
		return f[:len(f)-1], false, false, true
	}
	return f, false, false, false
}

// addTurkish indexes one Turkish form (a word or a phrase) in both spellings.
func (lx *lexicon) addTurkish(e *lexEntry, f string) error {
	key, exact, prefix, plus := parseForm(f)
	if key == "" {
		return fmt.Errorf("empty Turkish form %q", f)
	}
	e.Forms = append(e.Forms, key)
	if strings.Contains(key, " ") {
		if exact || prefix || plus {
			return fmt.Errorf("phrase %q cannot carry a marker", f)
		}
		p := phrase{rule: matchRule{entry: e, form: key}}
		for _, w := range strings.Fields(key) {
			p.words = append(p.words, trNorm(w))
			p.folded = append(p.folded, FoldTurkish(w))
			p.soft = append(p.soft, turkish.SoftForms(trNorm(w)))
			p.softFolded = append(p.softFolded, turkish.SoftForms(FoldTurkish(w)))
		}
		lx.phrases = append(lx.phrases, p)
		return nil
	}
	written, folded := trNorm(key), FoldTurkish(key)
	n := utf8.RuneCountInString(folded)
	switch {
	case prefix && n < 5:
		return fmt.Errorf("prefix form %q is shorter than 5 letters", f)
	case n <= 3 && !exact && !plus:
		return fmt.Errorf("short form %q must be marked exact (=%s) or checked stem (%s+)", f, key, key)
	}
	r := matchRule{entry: e, form: key, exact: exact, prefix: prefix}
	lx.trExact.add(written, r)
	lx.trFolded.add(folded, r)
	if !exact && !prefix {
		// A final voiceless stop softens before a vowel: kitap → kitabı, ilaç → ilacı, çocuk → çocuğu.
		alt := r
		alt.vowelSuffix = true
		for _, k := range turkish.SoftForms(written) {
			lx.trExact.add(k, alt)
		}
		for _, k := range turkish.SoftForms(folded) {
			lx.trFolded.add(k, alt)
		}
	}
	return nil
}

// addEnglish indexes one English keyword with its spelling variants: e-drop (vaccine → vaccinated),
// y → i (study → studies) and a doubled final consonant (ban → banned).
func (lx *lexicon) addEnglish(e *lexEntry, k string) error {
	key, exact, prefix, _ := parseForm(k)
	key = FoldTurkish(key)
	if key == "" {
		return fmt.Errorf("empty English keyword %q", k)
	}
	if strings.Contains(key, " ") {
		return fmt.Errorf("keyword %q (English): phrases are not supported, list single words", k)
	}
	if prefix && len(key) < 4 {
		return fmt.Errorf("prefix keyword %q is shorter than 4 letters", k)
	}
	for _, old := range e.ENKeys {
		if old == key {
			return nil
		}
	}
	e.ENKeys = append(e.ENKeys, key)
	r := matchRule{entry: e, form: key, exact: exact, prefix: prefix}
	lx.en.add(key, r)
	if exact || prefix || len(key) < 3 {
		return nil
	}
	last := key[len(key)-1]
	alt := r
	alt.vowelSuffix = true
	switch {
	case last == 'e':
		lx.en.add(key[:len(key)-1], alt)
	case last == 'y':
		lx.en.add(key[:len(key)-1]+"i", alt)
	case !strings.ContainsRune("aeiouwxy", rune(last)) && strings.ContainsRune("aeiou", rune(key[len(key)-2])) &&
		!strings.ContainsRune("aeiou", rune(key[max(0, len(key)-3)])):
		lx.en.add(key+string(last), alt)
	}
	return nil
}

// trMatch is a Turkish word matched against the lexicon.
type trMatch struct {
	rule matchRule
	// rest is the suffix text after the stem, folded (used to spot negation and "-sız").
	rest string
}

// matchTurkish looks a Turkish word up: as written first, then folded when the word has no
// non-ASCII letters (typed without Turkish letters). A word that has Turkish letters is not
// folded, so "öldü" (died) never falls back to "oldu" (became).
func (lx *lexicon) matchTurkish(word string) (trMatch, bool) {
	return lx.matchTurkishToken(newToken(word, kindWord, false))
}

// matchTurkishToken is matchTurkish on a scanned token.
func (lx *lexicon) matchTurkishToken(t token) (trMatch, bool) {
	if t.Base == "" {
		return trMatch{}, false
	}
	if r, rest, ok := lx.trExact.lookup(t.Norm); ok {
		return trMatch{rule: r, rest: FoldTurkish(rest)}, true
	}
	if isASCII(t.Base) {
		if r, rest, ok := lx.trFolded.lookup(t.Folded); ok {
			return trMatch{rule: r, rest: rest}, true
		}
	}
	return trMatch{}, false
}

// matchEnglish looks an English word up.
func (lx *lexicon) matchEnglish(word string) (matchRule, bool) {
	return lx.matchEnglishToken(newToken(word, kindWord, false))
}

// matchEnglishToken is matchEnglish on a scanned token.
func (lx *lexicon) matchEnglishToken(t token) (matchRule, bool) {
	if t.Base == "" {
		return matchRule{}, false
	}
	r, _, ok := lx.en.lookup(t.Folded)
	return r, ok
}

// matchBase is the part of a token that carries its meaning: before an apostrophe (Turkish writes
// a proper noun's suffixes after one; English possessives too) and before a hyphenated number
// ("COVID-19" → "COVID").
func matchBase(word string) string {
	base, _ := splitApostrophe(word)
	if i := strings.IndexByte(base, '-'); i > 0 && hasDigit(base[i:]) {
		base = base[:i]
	}
	return base
}

// matchPhrase tries every phrase at toks[i:] and returns the longest match and its length.
func (lx *lexicon) matchPhrase(toks []token, i int) (matchRule, int, string, bool) {
	first := toks[i]
	if first.Kind != kindWord || first.Norm == "" {
		return matchRule{}, 0, "", false
	}
	for _, p := range lx.phrases {
		n := len(p.words)
		// Cheap first-byte test before any suffix work: phrases are tried at every token.
		// (A word of combining marks alone has a Norm and an empty Folded.)
		if i+n > len(toks) || first.Norm[0] != p.words[0][0] && (first.Folded == "" || first.Folded[0] != p.folded[0][0]) {
			continue
		}
		rest, ok := "", true
		for k := 0; k < n && ok; k++ {
			if toks[i+k].Kind != kindWord {
				ok = false
				break
			}
			tk := toks[i+k]
			var r string
			if r, ok = lx.trExact.stemMatch(tk.Norm, p.words[k], p.soft[k]); !ok && isASCII(tk.Base) {
				r, ok = lx.trFolded.stemMatch(tk.Folded, p.folded[k], p.softFolded[k])
			}
			rest = FoldTurkish(r)
		}
		if ok {
			return p.rule, n, rest, true
		}
	}
	return matchRule{}, 0, "", false
}

// stemMatch reports whether w is stem plus a valid suffix chain, returning the suffix text.
func (ix *stemIndex) stemMatch(w, stem string, soft []string) (string, bool) {
	if !strings.HasPrefix(w, stem) {
		for _, alt := range soft {
			if strings.HasPrefix(w, alt) && startsWithVowel(w[len(alt):]) && ix.validChain(w[len(alt):]) {
				return w[len(alt):], true
			}
		}
		return "", false
	}
	rest := w[len(stem):]
	if ix.validChain(rest) || (ix.vowelR && strings.HasPrefix(rest, "r") && endsWithVowel(stem) && ix.validChain(rest[1:])) {
		return rest, true
	}
	return "", false
}

// vocabLanguage says whether a word is known to the Turkish lexicon only ("tr") or the English
// keywords only ("en"); words known to both (loanwords such as "virus") or neither give "".
// Names kept as written (Pfizer, Galatasaray) say nothing about the language around them.
func (lx *lexicon) vocabLanguage(t token) string {
	tm, trOK := lx.matchTurkishToken(t)
	if trOK && tm.rule.entry.KeepAsWritten {
		return ""
	}
	_, enOK := lx.matchEnglishToken(t)
	switch {
	case trOK && !enOK:
		return "tr"
	case enOK && !trOK:
		return "en"
	}
	return ""
}

// isName reports whether the lexicon keeps the word as written (a person, club, company or party).
func (lx *lexicon) isName(t token) bool {
	if m, ok := lx.matchTurkishToken(t); ok && m.rule.entry.KeepAsWritten {
		return true
	}
	r, ok := lx.matchEnglishToken(t)
	return ok && r.entry.KeepAsWritten
}
