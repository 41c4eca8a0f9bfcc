package turkish

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// Case is the grammatical case a noun's last case suffix marks. It tells a claim's core parts
// (subject, object, complement) from its adjuncts (where, when, from where, with what).
type Case int

// The cases, as the outermost suffix shows them. Nominative is a bare word (or one whose ending
// is not a case); Accusative and Dative are objects and complements; Locative, Ablative and
// Instrumental mark adjuncts.
const (
	Nominative Case = iota
	Accusative
	Dative
	Locative
	Ablative
	Genitive
	Instrumental
)

// suffix is one spelled-out suffix (folded) with what it marks.
type suffix struct {
	s    string
	slot int
	cas  Case
	verb bool // only verbs take it (tense, mood, person, infinitive)
}

// Suffix slots, innermost first. Turkish stacks suffixes in a fixed order (stem, causative,
// passive, ability, tense or a nominalising suffix, plural, possessive, case, copula and person), so a
// suffix stripped from the end must come from a slot inside the one stripped before it: this
// keeps "kanser" from losing "-r" and then "-se" and ending as "kan" (blood).
const (
	slotStem = iota
	slotDerive
	slotCausative
	slotPassive
	slotAbility
	slotTense
	slotNominal
	slotPlural
	slotPossessive
	slotCase
	slotCopula
	slotNone = 99
)

// suffixTemplates are Turkish inflection suffixes in harmony templates (A = a/e, I = i/u after
// folding, D = d/t, C = c, G = g/k), with their slot and the case they mark. Derivations that
// change meaning are left out on purpose: the privative -sIz ("şekersiz" is not "şeker"), and a
// bare final -mA (the noun "elma" is not "el" + -mA; a negative verb is read by IsNegativeVerb).
var suffixTemplates = []struct {
	t    string
	slot int
	cas  Case
	verb bool
}{
	// copula, person, relative
	{"DIr", slotCopula, Nominative, false}, {"DIrlAr", slotCopula, Nominative, false}, {"lArDIr", slotCopula, Nominative, false},
	{"ki", slotCopula, Nominative, false}, {"DAki", slotCopula, Locative, false}, {"nDAki", slotCopula, Locative, false},
	{"Iz", slotCopula, Nominative, true}, {"yIz", slotCopula, Nominative, true}, {"sIn", slotCopula, Nominative, true},
	{"sInIz", slotCopula, Nominative, true}, {"sInlAr", slotCopula, Nominative, true}, {"ydI", slotCopula, Nominative, true},
	{"ymIs", slotCopula, Nominative, true}, {"mIs", slotCopula, Nominative, true}, {"mIstIr", slotCopula, Nominative, true}, {"m", slotCopula, Nominative, true},
	{"k", slotCopula, Nominative, true},
	// the past copula after a tense ending in a consonant ("sanıyordu", "inanıyordu",
	// "gelecekti"): the vowel-final "ydI" is listed above
	{"DI", slotCopula, Nominative, true},
	// "while" (-(y)ken) follows a case or a tense as the copula does ("arabadayken", "giderken")
	{"ken", slotCopula, Nominative, true}, {"yken", slotCopula, Nominative, true},
	// conditional, with its person ("yenirse", "uyursan", "gelirsek"): after the tense it follows
	{"sA", slotCopula, Nominative, true}, {"ysA", slotCopula, Nominative, true}, {"sAn", slotCopula, Nominative, true},
	{"sAm", slotCopula, Nominative, true}, {"sAk", slotCopula, Nominative, true}, {"sAnIz", slotCopula, Nominative, true},
	// the past, evidential and conditional copula with its person, after a tense or a noun
	// ("biliyordum", "korkardım", "kullanıyormuşuz", "oluyormuşsun", "yaratıcıymışım",
	// "içindeysen"); the second person singular past "-DIn" is left out, as "altın" is no "al"
	{"DIm", slotCopula, Nominative, true}, {"DInIz", slotCopula, Nominative, true}, {"ydIm", slotCopula, Nominative, true},
	{"ydIk", slotCopula, Nominative, true}, {"ydInIz", slotCopula, Nominative, true},
	{"mIsIm", slotCopula, Nominative, true}, {"mIssIn", slotCopula, Nominative, true}, {"mIsIz", slotCopula, Nominative, true},
	{"mIssInIz", slotCopula, Nominative, true}, {"ymIsIm", slotCopula, Nominative, true}, {"ymIssIn", slotCopula, Nominative, true},
	{"ymIsIz", slotCopula, Nominative, true}, {"ymIssInIz", slotCopula, Nominative, true},
	{"ysAm", slotCopula, Nominative, true}, {"ysAn", slotCopula, Nominative, true}, {"ysAk", slotCopula, Nominative, true},
	// case
	{"I", slotCase, Accusative, false}, {"yI", slotCase, Accusative, false}, {"nI", slotCase, Accusative, false},
	{"A", slotCase, Dative, false}, {"yA", slotCase, Dative, false}, {"nA", slotCase, Dative, false},
	{"DA", slotCase, Locative, false}, {"nDA", slotCase, Locative, false},
	{"DAn", slotCase, Ablative, false}, {"nDAn", slotCase, Ablative, false},
	{"In", slotCase, Genitive, false}, {"nIn", slotCase, Genitive, false},
	{"ylA", slotCase, Instrumental, false}, {"lA", slotCase, Instrumental, false}, {"CA", slotCase, Nominative, false},
	// possessive
	{"Im", slotPossessive, Nominative, false}, {"sI", slotPossessive, Nominative, false}, {"I", slotPossessive, Nominative, false},
	{"ImIz", slotPossessive, Nominative, false}, {"InIz", slotPossessive, Nominative, false}, {"lArI", slotPossessive, Nominative, false},
	{"mIz", slotPossessive, Nominative, false}, {"nIz", slotPossessive, Nominative, false},
	// plural (also the third person plural of a verb)
	{"lAr", slotPlural, Nominative, false},
	// nominalising: infinitive, participles, derivations that keep the topic
	{"mAk", slotNominal, Nominative, true}, {"mA", slotNominal, Nominative, true}, {"DIk", slotNominal, Nominative, true},
	{"DIG", slotNominal, Nominative, true}, {"yAn", slotNominal, Nominative, true}, {"An", slotNominal, Nominative, true},
	{"AcAk", slotNominal, Nominative, true}, {"yAcAk", slotNominal, Nominative, true}, {"AcAG", slotNominal, Nominative, true},
	{"yAcAG", slotNominal, Nominative, true},
	{"ArAk", slotNominal, Nominative, true}, {"yArAk", slotNominal, Nominative, true}, {"yIp", slotNominal, Nominative, true},
	{"Ip", slotNominal, Nominative, true}, {"mAktA", slotNominal, Nominative, true}, {"IS", slotNominal, Nominative, true},
	{"lIk", slotNominal, Nominative, false}, {"lIG", slotNominal, Nominative, false}, {"lI", slotNominal, Nominative, false},
	{"CI", slotNominal, Nominative, false}, {"sAl", slotNominal, Nominative, false},
	// tense, aspect, evidential, mood
	{"DI", slotTense, Nominative, true}, {"mIs", slotTense, Nominative, true}, {"Iyor", slotTense, Nominative, true},
	{"yor", slotTense, Nominative, true}, {"Ar", slotTense, Nominative, true}, {"Ir", slotTense, Nominative, true},
	// the progressive as people type it, without its r ("yapıyo", "önlüyo")
	{"Iyo", slotTense, Nominative, true}, {"yo", slotTense, Nominative, true},
	{"r", slotTense, Nominative, true}, {"mAlI", slotTense, Nominative, true}, {"sA", slotTense, Nominative, true},
	// negative tenses ("yenmez", "kapmıyor", "gitmedi", "olmamış"): the negation is read apart
	// (IsNegativeVerb); the lemma is the verb's
	{"mAz", slotTense, Nominative, true}, {"mIyor", slotTense, Nominative, true}, {"mIyo", slotTense, Nominative, true}, {"mAdI", slotTense, Nominative, true},
	{"mAmIs", slotTense, Nominative, true}, {"mAyAcAk", slotTense, Nominative, true},
	{"ysA", slotTense, Nominative, true}, {"AcAk", slotTense, Nominative, true}, {"yAcAk", slotTense, Nominative, true},
	// ability, passive, causative: each its own slot, as they stack in that order
	// ("bil-in-ebil-ir", "gör-ül-ebil-en", "yap-tır-ıl-ır")
	{"AbIl", slotAbility, Nominative, true}, {"yAbIl", slotAbility, Nominative, true}, {"Il", slotPassive, Nominative, true},
	{"In", slotPassive, Nominative, true}, {"n", slotPassive, Nominative, true}, {"t", slotCausative, Nominative, true},
	{"DIr", slotCausative, Nominative, true},
	// verbs made of nouns and adjectives, and a vowel stem's first-person possessive before a
	// case: read by acceptClass (classes.go)
	{"lA", slotDerive, Nominative, true}, {"lAs", slotDerive, Nominative, true}, {"m", slotPossessive, Nominative, false},
}

// expand spells out a template's harmony variants, folded.
func expand(t string) []string {
	out := []string{""}
	for _, r := range t {
		var alts []string
		switch r {
		case 'A':
			alts = []string{"a", "e"}
		case 'I':
			alts = []string{"i", "u"}
		case 'D':
			alts = []string{"d", "t"}
		case 'C':
			alts = []string{"c"}
		case 'G':
			alts = []string{"g", "k"}
		case 'S':
			alts = []string{"s"}
		default:
			alts = []string{string(r)}
		}
		next := make([]string, 0, len(out)*len(alts))
		for _, o := range out {
			for _, a := range alts {
				next = append(next, o+a)
			}
		}
		out = next
	}
	return out
}

// Morphology holds the spelled-out suffixes, indexed by their last letter so a word is checked
// only against suffixes it can end with. Its suffixes are immutable and its memo is
// synchronized, so it is safe for concurrent use.
type Morphology struct {
	byLast [256][]suffix
	// stems memoizes Stem (string → string): matching asks for the same few words' stems again
	// for every candidate it aligns, and stemming was an eighth of an analysis's CPU.
	stems sync.Map
	// memoized counts the entries of stems, which stop growing at maxStemMemo.
	memoized atomic.Int64
}

// maxStemMemo bounds the memoized stems (a few dozen bytes each): words seen first, the reviews'
// vocabulary among them, stay; later ones are stemmed each time.
const maxStemMemo = 50_000

// NewMorphology spells out the suffix templates.
func NewMorphology() *Morphology {
	m := &Morphology{}
	seen := map[string]bool{}
	for _, t := range append(suffixTemplates, moreTemplates...) {
		for _, s := range expand(t.t) {
			key := fmt.Sprint(s, t.slot, t.cas)
			if seen[key] {
				continue
			}
			seen[key] = true
			m.byLast[s[len(s)-1]] = append(m.byLast[s[len(s)-1]], suffix{s: s, slot: t.slot, cas: t.cas, verb: t.verb})
		}
	}
	for i := range m.byLast {
		l := m.byLast[i]
		sort.SliceStable(l, func(a, b int) bool { return len(l[a].s) > len(l[b].s) })
	}
	return m
}

// minLemma is the shortest lemma candidate: two letters keep "su" (water) and "et" (meat) while
// stripping further would leave noise.
const minLemma = 2

// maxCandidates bounds a word's lemma candidates.
const maxCandidates = 16

// Lemmas returns lemma candidates of a folded word, the word itself first, then the stems left by
// stripping inflection suffixes (every path, up to maxCandidates), each also with consonant
// softening undone ("kitabi" → "kitab" → "kitap", "ekmegi" → "ekmek", "rengi" → "renk", "agaci"
// → "agac"; "yiyen" → "yi" → "ye"). A stem must keep a vowel. Candidates over-generate on purpose; two words are the
// same lemma when their candidate sets meet (see SameLemma).
func (m *Morphology) Lemmas(w string) []string {
	return m.strip(w, stripRules{
		keepWord: true, raiseYe: true, restoreVowel: true,
		// A bare final -mA is a noun ("elma") or a negative imperative, unless a verb-making
		// suffix shows its stem is a verb (verbalNoun, classes.go).
		accept: func(s suffix, stem string, after int) bool {
			return !((s.s == "ma" || s.s == "me") && after == slotNone) || verbalNoun(stem)
		},
	})
}

// stripRules say how strip walks a word's suffixes for Lemmas and NounStems.
type stripRules struct {
	// keepWord lists the word itself first.
	keepWord bool
	// raiseYe adds "ye"/"de" for the stems "yi"/"di" of "yemek" and "demek", which raise their
	// vowel before a y-suffix ("yiyen", "diyor").
	raiseYe bool
	// restoreVowel adds a vowel dropped before a vowel suffix ("beyni" → "beyin").
	restoreVowel bool
	// accept reports a suffix s that may be stripped, leaving stem, after a suffix of slot after.
	accept func(s suffix, stem string, after int) bool
}

// strip returns the stems left by stripping inflection suffixes from folded word w, outermost
// slot first, every path up to maxCandidates, each also with consonant softening undone
// ("kitabi" → "kitab" → "kitap"); a stem must keep a vowel.
func (m *Morphology) strip(w string, r stripRules) []string {
	w, _ = SplitApostrophe(w)
	if w == "" {
		return nil
	}
	type state struct {
		w    string
		slot int // the slot of the suffix stripped last; only inner slots may follow
	}
	var out []string
	if r.keepWord {
		out = append(out, w)
	}
	seen := map[string]bool{w: true}
	queue := []state{{w, slotNone}}
	push := func(s string, slot int, soft bool) {
		if len(s) < minLemma || !hasVowel(s) || len(out) >= maxCandidates {
			return
		}
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
		if !soft {
			queue = append(queue, state{s, slot})
		}
		if r.raiseYe && (s == "yi" || s == "di") && !seen[s[:1]+"e"] && len(out) < maxCandidates {
			seen[s[:1]+"e"] = true
			out = append(out, s[:1]+"e")
		}
	}
	for len(queue) > 0 && len(out) < maxCandidates {
		cur := queue[0]
		queue = queue[1:]
		for _, s := range m.byLast[cur.w[len(cur.w)-1]] {
			if s.slot >= cur.slot || !strings.HasSuffix(cur.w, s.s) || len(cur.w)-len(s.s) < minLemma {
				continue
			}
			stem := cur.w[:len(cur.w)-len(s.s)]
			// A suffix opened by a buffer consonant (the possessive -sI, every -y… suffix)
			// follows a vowel only: after a consonant the letters belong to the word ("tütsü",
			// incense, is no "tüt" + -sü).
			if bufferedSuffix(s.s, s.slot) && !isVowel(stem[len(stem)-1]) || !acceptClass(s, stem, cur.slot) || !r.accept(s, stem, cur.slot) {
				continue
			}
			// A buffer y left before a vowel suffix ("suyu" → "suy") belongs to no stem.
			if len(stem) > minLemma && stem[len(stem)-1] == 'y' && isVowel(stem[len(stem)-2]) && isVowel(s.s[0]) {
				push(stem[:len(stem)-1], s.slot, false)
			}
			push(stem, s.slot, false)
			// A verb in -lA drops its vowel before the progressive ("engelle" → "engelliyor",
			// "hazırla" → "hazırlıyor", typed "önlüyo"); the vowel comes back by the stem's last
			// vowel, both ways where folding hid whether it was front or back. Other stems stay
			// as they are: restoring after any consonant cost a rewording on the tuning files
			// and reads "koruyor" as "Kore".
			if r.restoreVowel && (strings.HasPrefix(s.s, "iyo") || strings.HasPrefix(s.s, "uyo")) && stem[len(stem)-1] == 'l' {
				for _, v := range droppedVerbVowels(stem) {
					push(stem+v, s.slot, true)
				}
			}
			if isVowel(s.s[0]) {
				if soft := softened(stem); soft != stem {
					push(soft, s.slot, true)
				}
				// A verb stem of two letters softens too ("et" → "ediyor", "eder", "edil"); only
				// before a verb suffix, as "adı" is no "at".
				if n := len(stem); s.verb && n == 2 && isVowel(stem[0]) && stem[1] == 'd' {
					push(stem[:1]+"t", s.slot, true)
				}
				// A stem's doubled last consonant is single when nothing follows it ("hakkı" →
				// "hak", "hissi" → "his", "reddi" → "ret", "tıbbı" → "tıp").
				if n := len(stem); n >= 3 && !isVowel(stem[n-1]) && stem[n-1] == stem[n-2] {
					single := stem[:n-1]
					push(single, s.slot, true)
					if soft := softened(single); soft != single {
						push(soft, s.slot, true)
					}
				}
				// A vowel dropped before a vowel suffix ("beyni" → "beyin", "burnu" → "burun",
				// "resmi" → "resim") comes back between the last two consonants.
				if n := len(stem); r.restoreVowel && n >= 3 && !isVowel(stem[n-1]) && !isVowel(stem[n-2]) && stem[n-1] != stem[n-2] {
					for _, v := range []string{"i", "u"} {
						full := stem[:n-1] + v + stem[n-1:]
						push(full, s.slot, true)
						// and softens as well ("kaybı" → "kayıp"); not a d, which before a vowel
						// is mostly the past's or the locative's and whose guesses would crowd
						// out the candidates under it ("ezberletmişlerdi")
						if soft := softened(full); soft != full && stem[n-1] != 'd' {
							push(soft, s.slot, true)
						}
					}
				}
			}
		}
	}
	return out
}

// droppedVerbVowels are the vowels a verb stem may have lost before the progressive -Iyor, read
// off the stem's last vowel: "a" after a, "e" after e, either after a folded i, o or u.
func droppedVerbVowels(stem string) []string {
	for i := len(stem) - 1; i >= 0; i-- {
		switch stem[i] {
		case 'a':
			return []string{"a"}
		case 'e':
			return []string{"e"}
		case 'i', 'o', 'u':
			return []string{"e", "a"}
		}
	}
	return nil
}

// bufferedSuffix reports a suffix whose first letter is a buffer consonant, written only after a
// vowel: the third-person possessive -sI and the suffixes opened by y.
func bufferedSuffix(suf string, slot int) bool {
	return suf[0] == 'y' || slot == slotPossessive && (suf == "si" || suf == "su")
}

// softened undoes consonant softening at the end of a stem: b→p, d→t, g→k (folded ğ is g; after
// n, g is also k: "rengi" → "renk"); c (ç) is unchanged by folding. It returns stem when nothing
// applies.
func softened(stem string) string {
	n := len(stem)
	if n < 3 || !isVowel(stem[n-2]) && stem[n-2] != 'n' {
		return stem
	}
	switch stem[n-1] {
	case 'b':
		return stem[:n-1] + "p"
	case 'd':
		return stem[:n-1] + "t"
	case 'g':
		return stem[:n-1] + "k"
	}
	return stem
}

// SameLemma reports whether two folded words may be one lemma: their candidate sets share a
// member of three letters or more, or one word is a candidate of the other ("su" of "suyu").
func (m *Morphology) SameLemma(a, b string) bool {
	if a == b {
		return true
	}
	la, lb := m.Lemmas(a), m.Lemmas(b)
	return Meet(la, lb)
}

// Meet reports whether two candidate lists (from Lemmas) name one lemma: a shared candidate of
// three letters or more, or a shared two-letter candidate that is one of the words itself.
func Meet(la, lb []string) bool {
	if len(la) == 0 || len(lb) == 0 {
		return false
	}
	for _, x := range la {
		for _, y := range lb {
			if x != y {
				continue
			}
			if len(x) >= 3 || x == la[0] || x == lb[0] {
				return true
			}
		}
	}
	return false
}

// CaseOf returns the case a folded noun's outermost suffix marks, Nominative when none does. It
// reads only the last suffix, which is where Turkish puts the case.
func (m *Morphology) CaseOf(w string) Case {
	base, suf := SplitApostrophe(w)
	if suf != "" {
		w = "xx" + suf
	} else {
		w = base
	}
	if len(w) < 3 {
		return Nominative
	}
	for _, s := range m.byLast[w[len(w)-1]] {
		if s.verb || s.slot != slotCase || !strings.HasSuffix(w, s.s) || len(w)-len(s.s) < 2 {
			continue
		}
		return s.cas
	}
	return Nominative
}

// hasVowel reports a folded vowel in s.
func hasVowel(s string) bool { return strings.ContainsAny(s, "aeiou") }

// isVowel reports a folded vowel.
func isVowel(c byte) bool { return strings.IndexByte("aeiou", c) >= 0 }

// verbEndings are endings only a finite or participial verb has (folded, harmony spelt out):
// present, past, evidential, future, necessity, aorist (which nouns in -Ar/-Ir share, so it is
// read only where a verb is expected: a claim's last word), optionally followed by a person or
// plural ending.
var verbEndings = func() []string {
	var out []string
	for _, t := range []string{"Iyor", "yor", "Iyo", "DI", "mIs", "AcAk", "yAcAk", "mAlI", "mAktA", "Ar", "Ir", "r", "sA",
		"yAbIlIr", "AbIlIr", "An", "yAn", "Ip", "yIp", "ArAk", "yArAk", "mAk", "mAsI", "DIk", "mIstIr", "mAktAdIr"} {
		out = append(out, expand(t)...)
	}
	return out
}()

// verbTails may follow a verb ending: plural or person.
var verbTails = []string{"", "lar", "ler", "im", "um", "sin", "sun", "iz", "uz", "siniz", "sunuz", "k", "m", "n", "niz", "nuz",
	"mis", "mus", "di", "du", "ti", "tu", "larmis", "lermis", "sa", "se", "ken"}

// IsVerbForm reports a folded word that reads as a verb form rather than a noun with the copula:
// "yapar", "donuyor", "gelmistir", "olur", a negative verb; not "kordur", "mavidir", "kanser".
// It is meant for a claim's predicate position, where a noun ending in -Ar is rare.
func IsVerbForm(w string) bool {
	w, _ = SplitApostrophe(w)
	if IsNegativeVerb(w) {
		return true
	}
	if len(w) < 3 {
		return false
	}
	for _, e := range []string{"mistir", "mustur", "maktadir", "mektedir"} {
		if strings.HasSuffix(w, e) {
			return true
		}
	}
	for _, c := range []string{"dir", "dur", "tir", "tur"} {
		// The copula: a noun or adjective predicate ("kördür", "yanlıştır"). Its t follows a
		// voiceless consonant only; a t after a vowel, l or r is the causative before the aorist
		// ("azaltır", "yükseltir", "uzatır"), a verb.
		if strings.HasSuffix(w, c) && !(c[0] == 't' && len(w) > 4 && strings.IndexByte("aeiuolr", w[len(w)-4]) >= 0) {
			return false
		}
	}
	for _, tail := range verbTails {
		if !strings.HasSuffix(w, tail) {
			continue
		}
		head := w[:len(w)-len(tail)]
		for _, e := range verbEndings {
			if strings.HasSuffix(head, e) && len(head)-len(e) >= 2 && hasVowel(head[:len(head)-len(e)]) {
				return true
			}
		}
	}
	return false
}

// Stem is one stem of a folded word for indexing and search: inflection suffixes stripped
// outermost first, always the longest suffix the slot order allows, leaving three letters or
// more, with consonant softening undone ("asilarin" → "asi", "kitabi" → "kitap"). Unlike Lemmas
// it commits to one reading, as an index key must; it may over-strip a root, but does so the same
// way for every form of it.
func (m *Morphology) Stem(w string) string {
	if s, ok := m.stems.Load(w); ok {
		return s.(string)
	}
	s := m.stem(w)
	if m.memoized.Load() < maxStemMemo {
		if _, loaded := m.stems.LoadOrStore(strings.Clone(w), s); !loaded {
			m.memoized.Add(1)
		}
	}
	return s
}

// stem is Stem without the memo.
func (m *Morphology) stem(w string) string {
	w, _ = SplitApostrophe(w)
	if w == "" || strings.ContainsAny(w, "0123456789") {
		return w
	}
	if stem, ok := negativeStem(w); ok && len(stem) >= 3 {
		// The negation is compared on its own; the index keeps the verb, cut where its aorist
		// would be ("kaynamaz" and "kaynar" both "kayn").
		if n := len(stem); n >= 4 && isVowel(stem[n-1]) {
			stem = stem[:n-1]
		}
		return stem
	}
	slot := slotNone
	softenable := false
	for pass := 0; pass < 6; pass++ {
		stripped := false
		for _, s := range m.byLast[w[len(w)-1]] {
			if s.slot >= slot || !strings.HasSuffix(w, s.s) || len(w)-len(s.s) < 3 || !hasVowel(w[:len(w)-len(s.s)]) {
				continue
			}
			if len(s.s) == 1 && !isVowel(s.s[0]) || s.slot == slotDerive || lemmaOnly(s) {
				// a lone consonant ending ("-m", "-r", "-n") is as often part of the root
				// ("otizm"), and a verb's -lA of its noun ("kullan", "başla") is a stem of its own
				continue
			}
			if (s.s == "ma" || s.s == "me") && slot == slotNone {
				continue
			}
			w, slot, stripped = w[:len(w)-len(s.s)], s.slot, true
			softenable = isVowel(s.s[0])
			break
		}
		if !stripped {
			break
		}
	}
	if softenable {
		w = softened(w)
	}
	return w
}

// Unintensified undoes the emphatic reduplication of an adjective: the first syllable repeated
// closed by m, p, r or s ("dümdüz" → "düz", "masmavi" → "mavi", "kapkara" → "kara", "bembeyaz"
// → "beyaz", "tertemiz" → "temiz"), or a vowel-initial word's first vowel closed by p ("upuzun"
// → "uzun"). It reports false for a word that is not so built.
func Unintensified(w string) (string, bool) {
	if len(w) < 5 {
		return "", false
	}
	if isVowel(w[0]) {
		if w[1] == 'p' && w[2] == w[0] && len(w)-2 >= 3 {
			return w[2:], true
		}
		return "", false
	}
	if isVowel(w[1]) && strings.IndexByte("mprs", w[2]) >= 0 && w[3] == w[0] && w[4] == w[1] && len(w)-3 >= 3 {
		return w[3:], true
	}
	return "", false
}

// FrontAfter reports a folded word whose first a or e after its first n letters is e: by vowel
// harmony those letters end on a front vowel, so a folded o or u among them was ö or ü ("olebilir"
// is "ölebilir", not "olabilir"; "olmez" is "ölmez"). A suffix's I (i or u once folded) says
// nothing, so only its A is read.
func FrontAfter(w string, n int) bool {
	if n > len(w) {
		return false
	}
	for i := n; i < len(w); i++ {
		switch w[i] {
		case 'a':
			return false
		case 'e':
			return true
		}
	}
	return false
}
