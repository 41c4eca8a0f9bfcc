package turkish

import (
	"strings"
	"unicode/utf8"
)

// suffixTemplate is one Turkish suffix in archiphoneme notation with what uses it.
type suffixTemplate struct {
	t string
	// stem marks a nominal inflection that Stem removes: plural, case, third-person possessive and
	// the relative -ki. Stem keeps to these because it yields one stem for prefix search, where
	// a wrong cut costs precision on every query with the word.
	stem bool
}

// chainTemplates are the Turkish inflection and common derivation suffixes a dictionary stem may
// carry (A = a/e, I = ı/i/u/ü, D = d/t, C = c/ç; see ExpandTemplate). They let one stem match its
// inflected forms ("aşı" → "aşıların") while rejecting unrelated words that merely share a prefix
// ("kanser" is not "kan" + suffixes). Unlike the lemma templates in morph.go they keep the
// privative -sIz and the derivations -lAş, -lAn: a word matched against a dictionary stem is
// told apart by what follows the stem ("şekersiz" is read as "without sugar").
var chainTemplates = []suffixTemplate{
	// plural, cases, possessives
	{"lAr", true}, {"I", true}, {"yI", true}, {"nI", false}, {"A", true}, {"yA", true}, {"nA", false}, {"DA", true},
	{"nDA", false}, {"DAn", true}, {"nDAn", false}, {"In", true}, {"nIn", true}, {"lA", false}, {"ylA", false},
	{"ki", true}, {"CA", false}, {"ncA", false},
	{"Im", false}, {"ImIz", false}, {"InIz", false}, {"mIz", false}, {"nIz", false}, {"sI", true},
	// predicate, tense, mood, participles and verbal nouns
	{"DIr", false}, {"DI", false}, {"mIş", false}, {"ydI", false}, {"ymIş", false}, {"sA", false}, {"ysA", false},
	{"DIk", false}, {"DIğ", false}, {"yor", false}, {"Iyor", false}, {"mIyor", false}, {"AcAk", false},
	{"yAcAk", false}, {"AcAğ", false}, {"yAcAğ", false}, {"Ar", false}, {"Ir", false}, {"mAk", false}, {"mA", false},
	{"mAz", false}, {"yAn", false}, {"An", false}, {"yIp", false}, {"Ip", false}, {"ArAk", false}, {"yArAk", false},
	{"mAktA", false}, {"ken", false}, {"yken", false}, {"sIn", false}, {"Iz", false}, {"yIz", false}, {"yIm", false},
	{"mAlI", false}, {"AbIl", false}, {"yAbIl", false}, {"Il", false},
	// derivation that keeps the topic: -lık, -lı, -sız, -cı, -sal, -laş, -lan, -laştır
	{"lIk", false}, {"lIğ", false}, {"lI", false}, {"sIz", false}, {"CI", false}, {"sAl", false}, {"lAş", false},
	{"lAn", false}, {"lAştIr", false}, {"CIk", false}, {"CIğ", false},
}

// ExpandTemplate spells out every vowel- and consonant-harmony variant of a suffix template as
// written (A = a/e, I = ı/i/u/ü, D = d/t, C = c/ç); other letters stand for themselves.
func ExpandTemplate(t string) []string {
	out := []string{""}
	for _, r := range t {
		var alts []string
		switch r {
		case 'A':
			alts = []string{"a", "e"}
		case 'I':
			alts = []string{"ı", "i", "u", "ü"}
		case 'D':
			alts = []string{"d", "t"}
		case 'C':
			alts = []string{"c", "ç"}
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

// ChainSuffixes returns the suffixes a dictionary stem may carry (chainTemplates spelt out), as
// written in Turkish lower case and folded, without duplicates.
func ChainSuffixes() (written, folded []string) {
	seenW, seenF := map[string]bool{}, map[string]bool{}
	for _, t := range chainTemplates {
		for _, s := range ExpandTemplate(t.t) {
			if !seenW[s] {
				seenW[s] = true
				written = append(written, s)
			}
			if f := Fold(s); !seenF[f] {
				seenF[f] = true
				folded = append(folded, f)
			}
		}
	}
	return written, folded
}

// stemSuffixes are the suffixes Stem removes (the stem-marked chainTemplates spelt out), longest
// first so that "-ler" is tried before "-e".
var stemSuffixes = func() []string {
	var out []string
	for _, t := range chainTemplates {
		if t.stem {
			out = append(out, ExpandTemplate(t.t)...)
		}
	}
	// Stable by length: among suffixes of one length at most one ends a given word.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && utf8.RuneCountInString(out[j]) > utf8.RuneCountInString(out[j-1]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}()

// SoftForms returns the forms a stem takes before a vowel-initial suffix when its final voiceless
// stop softens: kitap → kitab (kitabı), ilaç → ilac, kanat → kanad, çocuk → çocuğ (and çocug, as
// typed without Turkish letters), renk → reng. It returns nil when the stem ends otherwise. It
// works on Turkish lower case and on folded text alike.
func SoftForms(stem string) []string {
	r, size := utf8.DecodeLastRuneInString(stem)
	base := stem[:len(stem)-size]
	switch r {
	case 'p':
		return []string{base + "b"}
	case 'ç':
		return []string{base + "c"}
	case 't':
		return []string{base + "d"}
	case 'k':
		if strings.HasSuffix(base, "n") {
			return []string{base + "g"}
		}
		return []string{base + "ğ", base + "g"}
	}
	return nil
}

// SoftBeforeVowel returns how a bare word ending in p or k begins when a vowel-initial suffix
// softens it: its SoftForms followed by the suffix's first vowel in harmony with the word (kitap →
// kitaba, kitabı; çocuk → çocuğa, çocuğu; renk → renge, rengi). A search for the bare word finds
// its softened inflections by these prefixes; requiring the vowel keeps the bare soft form
// ("kitab") from starting unrelated words. Words under four letters are left out, since most
// one-syllable words keep their stop ("top" → "topu", where "Toba" is another word). So are t,
// which mostly does not soften ("hayat" → "hayatı"; "kanat" → "kanada" would find "Kanada"), and
// ç, whose soft c both search indexes already fold it to. A word typed without Turkish letters
// gets g for ğ and ASCII vowels where the Turkish one cannot be told. It returns nil when nothing
// applies.
func SoftBeforeVowel(w string) []string {
	if utf8.RuneCountInString(w) < 4 {
		return nil
	}
	if r := lastRune(w); r != 'p' && r != 'k' {
		return nil
	}
	soft := SoftForms(w)
	var last rune
	for _, c := range w {
		if VowelKind(c) != "" {
			last = c
		}
	}
	if last == 0 {
		return nil
	}
	ascii := !HasTurkishLetter(w)
	// The suffix's A vowel is front after a front vowel, back after a back one; its I vowel is
	// also rounded after a rounded one. Typed without Turkish letters, i, o and u may stand for
	// ı, ö and ü, so both A vowels are given, and the I as i and ı or as u (which both indexes
	// fold ü to).
	var as, is []string
	switch kind := VowelKind(last); {
	case !ascii:
		as = []string{map[byte]string{'f': "e", 'b': "a"}[kind[0]]}
		is = []string{map[string]string{"fu": "i", "fr": "ü", "bu": "ı", "br": "u"}[kind]}
	case last == 'a':
		as, is = []string{"a"}, []string{"ı"}
	case last == 'e':
		as, is = []string{"e"}, []string{"i"}
	case last == 'i':
		as, is = []string{"a", "e"}, []string{"ı", "i"}
	default: // o, u
		as, is = []string{"a", "e"}, []string{"u"}
	}
	s := soft[0]
	if len(soft) == 2 && ascii {
		s = soft[1] // k softens to ğ, typed g without Turkish letters
	}
	out := make([]string, 0, len(as)+len(is))
	for _, v := range append(as, is...) {
		out = append(out, s+v)
	}
	return out
}
