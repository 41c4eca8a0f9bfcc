// Package thesaurus answers how two words relate in meaning (same lemma, synonym, broader,
// narrower, antonym) in English and Turkish, and translates between them. Its tables are derived
// from English WordNet 3.0, the FreeDict Turkish–English dictionaries and the Turkish WordNet
// KeNet by ./gen; README.md describes each table, its source and licence.
package thesaurus

//go:generate go run ./gen -out data
//go:generate go run ./genimage -out data/tables.img

import (
	_ "embed" // the table image
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"
)

// image is data/tables.img, the tables as Open uses them (image.go). A string, so that the
// linker puts it in read-only data: its pages are shared with the executable file and become
// resident only when a look-up reads them.
//
//go:embed data/tables.img
var image string

// Relation is how two lemmas relate in meaning.
type Relation int

// Relations, from none to opposite; see Relate for when each holds.
const (
	Unrelated Relation = iota
	Same               // same lemma after normalisation
	Synonym            // share a sense (WordNet or KeNet synset; for Turkish also a safe translation pivot)
	Broader            // b is a (safe, shallow) hypernym of a: a IS-A b ("tea" → "beverage")
	Narrower           // a is a hypernym of b
	Antonym            // opposite meaning (alive/dead, permanent/temporary, kalıcı/geçici)
)

// String names the relation for logs and rejection reasons.
func (r Relation) String() string {
	switch r {
	case Same:
		return "same"
	case Synonym:
		return "synonym"
	case Broader:
		return "broader"
	case Narrower:
		return "narrower"
	case Antonym:
		return "antonym"
	}
	return "unrelated"
}

// Parts of speech, in the order synset ids are assigned by the generator.
const (
	noun = iota
	verb
	adj
	adv
	numPOS
)

// limits keep relations on a word's common meanings; WordNet lists senses most frequent first.
type limits struct {
	synonym int // both words' sense ranks for sharing a synset
	hyper   int // both words' sense ranks for a hypernym link
	antonym int // both words' sense ranks for an antonym pair
}

var (
	// englishLimits: synonyms only through each word's first three senses, so that rare senses
	// ("dog" as a verb of following) do not join words; antonymy is recorded between specific
	// senses, so it gets a little more room.
	englishLimits = limits{synonym: 3, hyper: 3, antonym: 4}
	// pivotLimits apply to the English translations of Turkish words: a dictionary gloss is
	// already one sense away, so only the translation's main senses count ("ölmek" → "expire"
	// must not reach "breathe" through expire's sense "exhale").
	pivotLimits = limits{synonym: 1, hyper: 1, antonym: 2}
	// firstPivotSynonym is the synonym rank for the two words' first translations, which carry
	// their main senses: "hatırlamak" → "remember" and "hafıza" → "memory" meet in memory's
	// second sense, the one "remember" is derived from.
	firstPivotSynonym = 2
	// kenetLimits apply to KeNet's Turkish senses, numbered in the order of the Turkish Language
	// Association's dictionary (main sense first, not by corpus frequency): synonymy and
	// hypernymy only through the first two senses of each word, so that a third sense shared by
	// a short word and a common one ("in" (den) and "insan" in the sense "mankind") joins nothing.
	kenetLimits = limits{synonym: 2, hyper: 2, antonym: 3}
)

const (
	// hypernymDepth: a IS-A b through at most this many hypernym links.
	hypernymDepth = 3
	// pivotTranslations: Turkish words relate through their first few English translations only.
	pivotTranslations = 4
	// pivotAntonymTranslations: antonymy is recorded between specific senses, so it may look
	// further down the translation lists ("geçici" → … "transient" ↔ "permanent").
	pivotAntonymTranslations = 8
	// pivotSenses: a shared English translation makes two Turkish words synonyms only when it has
	// at most this many WordNet senses (a specific word, not "go" or "take").
	pivotSenses = 3
)

// sense is one meaning of a lemma: a synset id and its rank (1 = most frequent) within its part of speech.
// Packed in 32 bits (synset id << 8 | rank) since the tables hold about 300,000 of them.
type sense uint32

// maxSynsets bounds the synset ids a sense can hold.
const maxSynsets = 1 << 24

// newSense packs a synset id below maxSynsets and a rank up to 255.
func newSense(syn int32, rank int) sense { return sense(uint32(syn)<<8 | uint32(rank)) }

// syn is the sense's synset id.
func (s sense) syn() int32 { return int32(s >> 8) }

// rank is the sense's rank within its part of speech.
func (s sense) rank() uint8 { return uint8(s) }

// graph is one wordnet's synset relations.
type graph struct {
	// hyper is a compressed adjacency list: synset i's hypernyms are hyperTo[hyperAt[i]:hyperAt[i+1]].
	hyperAt []int32
	hyperTo []int32
	// ant holds every recorded antonym pair.
	ant pairSet
	// near holds synset pairs WordNet links as close in meaning (near) and derivationally
	// related forms of one word (derived); empty for KeNet.
	near, derived pairSet
	// kind is each synset's part of speech, plus generalBit when it is too abstract to count as
	// a broader term.
	kind []uint8
}

// graph.kind packs, per synset: the part of speech (posBits), WordNet's lexicographer file of a
// verb (verbFileBits: 0 for none, else the file number less firstVerbFile plus one), lightBit
// and generalBit.
const (
	posBits      = 0x03
	verbFileBits = 0x3c
	verbFileStep = 0x04
	// firstVerbFile is WordNet's number of verb.body, the first of its 15 verb files (29–43).
	firstVerbFile = 29
	// lightBit marks a verb synset that is one of the main senses of a light verb (verbs.go).
	lightBit = 0x40
	// generalBit marks a synset of a wordnet's abstract top levels.
	generalBit = 0x80
)

// pos is synset s's part of speech.
func (g *graph) pos(s int32) uint8 { return g.kind[s] & posBits }

// verbFile is the lexicographer file of verb synset s, numbered from 1 for verb.body
// (WordNet's 29) to 15 for verb.weather; 0 when the table has none (a noun, KeNet).
func (g *graph) verbFile(s int32) uint8 { return (g.kind[s] & verbFileBits) / verbFileStep }

// isGeneral reports whether synset s is too abstract to count as a broader term.
func (g *graph) isGeneral(s int32) bool { return g.kind[s]&generalBit != 0 }

// Thesaurus holds the tables, arrays in the embedded image (image.go); it is read-only and safe
// for concurrent use.
type Thesaurus struct {
	senses senseTable        // English lemma → senses, nouns first, each part of speech in rank order
	en     graph             // WordNet 3.0
	exc    [numPOS]listTable // morphy's irregular forms per part of speech: form → base forms
	enTr   dict              // English → "t1|t2|…" (FreeDict), split on use to keep Open cheap
	trEn   dict              // Turkish → "e1|e2|…" (FreeDict), best first
	trFold foldTable         // ASCII-folded Turkish → real lemmas of any Turkish table
	// KeNet, the Turkish WordNet: lemma → senses in sense order, its synset relations and the
	// translations its interlingual links give.
	trSenses senseTable
	tr       graph
	kEnTr    dict
	kTrEn    dict
	// classes is the reverse of the English sense table that BroaderKinds reads (kindclass.go),
	// which the image does not hold: built on first use.
	classes struct {
		once    sync.Once
		members *kindMembers
	}
	// verbLinks are KeNet's verb synsets' interlingual links to WordNet (iliverbs.go), which the
	// image does not hold either: parsed on first use.
	verbLinks struct {
		once  sync.Once
		table *verbLinkTable
	}
	particles particleTable // phrasal verbs' particles per synset (particle.go), built on first use
}

// Open returns the embedded tables. It points the Thesaurus at the table image in the binary's
// read-only data and checks the image's header, so it is cheap and keeps almost nothing on the
// heap; sharing one Thesaurus still saves repeating the checks.
func Open() (*Thesaurus, error) {
	t, err := decodeImage(image)
	if err != nil {
		return nil, fmt.Errorf("open thesaurus: %w", err)
	}
	return t, nil
}

// Relate says how b relates to a in language lang ("en" or "tr"; anything else is treated as
// English). Words are lemmas, lower-case; English inflections are reduced with Lemmas and
// Turkish may be ASCII-folded ("asi" for "aşı"). Antonym wins over Synonym when both hold
// through different senses, because calling opposite claims the same is the worse mistake.
func (t *Thesaurus) Relate(lang, a, b string) Relation {
	if lang == "tr" {
		return t.relateTR(a, b)
	}
	return t.relateEN(strings.ToLower(strings.TrimSpace(a)), strings.ToLower(strings.TrimSpace(b)), englishLimits, anyPOS, anyPOS)
}

// Translate returns the translations of word from language from into to ("tr"→"en" or "en"→"tr"),
// best first; nil when the dictionaries have none. Words may be phrases ("akciğer kanseri" →
// "lung cancer"). KeNet's interlingual links and FreeDict are merged by rank, KeNet first, so
// that each source's best translations lead the list whichever source knows the word better.
func (t *Thesaurus) Translate(from, to, word string) []string {
	switch {
	case from == "tr" && to == "en":
		var out []string
		for _, w := range t.trForms(word) {
			out = appendNew(out, interleave(splitList(t.kTrEn.get(w)), splitList(t.trEn.get(w)))...)
		}
		return out
	case from == "en" && to == "tr":
		w := strings.Join(strings.Fields(strings.ToLower(word)), " ")
		if out := interleave(splitList(t.kEnTr.get(w)), splitList(t.enTr.get(w))); len(out) > 0 {
			return out
		}
		var out []string
		for _, l := range t.Lemmas("en", w) {
			out = appendNew(out, interleave(splitList(t.kEnTr.get(l)), splitList(t.enTr.get(l)))...)
		}
		return out
	}
	return nil
}

// Lemmas returns the English base forms of word that WordNet knows, as WordNet's morphy finds
// them (irregular-form lists, then suffix rules), nouns first; the word itself comes first when
// it is a lemma. Collocations inflect on their first or last word ("passed away" → "pass away").
// Turkish and other languages return nil: stemming Turkish is the caller's job.
func (t *Thesaurus) Lemmas(lang, word string) []string {
	if lang != "en" {
		return nil
	}
	w := strings.ToLower(strings.TrimSpace(word))
	if w == "" {
		return nil
	}
	var out []string
	if t.senses.has(w) {
		out = append(out, w)
	}
	if first, rest, ok := strings.Cut(w, " "); ok {
		// Collocations inflect on one word: "passed away" → "pass away", "lyme diseases" →
		// "lyme disease" (first word for verb phrases, last word for noun phrases).
		for _, b := range t.inflectionBases(first) {
			if t.senses.has(b + " " + rest) {
				out = appendNew(out, b+" "+rest)
			}
		}
		i := strings.LastIndexByte(w, ' ')
		for _, b := range t.inflectionBases(w[i+1:]) {
			if t.senses.has(w[:i+1] + b) {
				out = appendNew(out, w[:i+1]+b)
			}
		}
		return out
	}
	for p := noun; p < numPOS; p++ {
		lo, hi := t.exc[p].span(w)
		for j := lo; j < hi; j++ {
			if base := t.exc[p].items.at(j); t.hasPOS(base, p) {
				out = appendNew(out, base)
			}
		}
		for _, r := range detachRules[p] {
			if strings.HasSuffix(w, r.suffix) && len(w) > len(r.suffix) {
				base := w[:len(w)-len(r.suffix)] + r.ending
				if t.hasPOS(base, p) {
					out = appendNew(out, base)
				}
			}
		}
	}
	return out
}

// inflectionBases returns every form morphy's exception lists and suffix rules make of a single
// word, whether or not WordNet has it alone ("passed" → "pass", "passe", "passed").
func (t *Thesaurus) inflectionBases(word string) []string {
	var out []string
	for p := noun; p < numPOS; p++ {
		lo, hi := t.exc[p].span(word)
		for j := lo; j < hi; j++ {
			out = appendNew(out, t.exc[p].items.at(j))
		}
		for _, r := range detachRules[p] {
			if strings.HasSuffix(word, r.suffix) && len(word) > len(r.suffix) {
				out = appendNew(out, word[:len(word)-len(r.suffix)]+r.ending)
			}
		}
	}
	return out
}

// detachRules are WordNet morphy's suffix substitutions per part of speech.
var detachRules = [numPOS][]struct{ suffix, ending string }{
	noun: {{"s", ""}, {"ses", "s"}, {"xes", "x"}, {"zes", "z"}, {"ches", "ch"}, {"shes", "sh"}, {"men", "man"}, {"ies", "y"}},
	verb: {{"s", ""}, {"ies", "y"}, {"es", "e"}, {"es", ""}, {"ed", "e"}, {"ed", ""}, {"ing", "e"}, {"ing", ""}},
	adj:  {{"er", ""}, {"est", ""}, {"er", "e"}, {"est", "e"}},
}

// IsVerb reports whether an English word is a form of a WordNet verb ("cure", "gives"): the
// matcher reads the verb of a question opened by an auxiliary by it.
func (t *Thesaurus) IsVerb(word string) bool {
	for _, l := range t.candidates(strings.ToLower(word)) {
		if t.hasPOS(l, verb) {
			return true
		}
	}
	return false
}

// IsNoun reports whether an English word is a form of a WordNet noun ("viruses", "tyres"): the
// matcher reads a plural the position took for a verb as the noun it is by it.
func (t *Thesaurus) IsNoun(word string) bool {
	for _, l := range t.candidates(strings.ToLower(word)) {
		if t.hasPOS(l, noun) {
			return true
		}
	}
	return false
}

// hasPOS reports whether lemma has a sense in part of speech p.
func (t *Thesaurus) hasPOS(lemma string, p int) bool {
	for _, s := range t.senses.get(lemma) {
		if int(t.en.pos(s.syn())) == p {
			return true
		}
	}
	return false
}

// candidates returns the WordNet lemmas an English word may stand for.
func (t *Thesaurus) candidates(w string) []string {
	if t.senses.has(w) {
		return appendNew([]string{w}, t.Lemmas("en", w)...)
	}
	return t.Lemmas("en", w)
}

// relateEN relates two lower-case English words.
func (t *Thesaurus) relateEN(a, b string, lim limits, maskA, maskB posMask) Relation {
	ra, rb := enReading{word: a, mask: maskA}, enReading{word: b, mask: maskB}
	return t.relateReadings(&ra, &rb, lim)
}

// enReading is an English word with its WordNet lemma candidates and their senses in a set of
// parts of speech, each read when first needed: relateTR relates every English translation of
// one word to every one of the other's, and reading a word's candidates again for each pair
// (exception lists and suffix rules, each a binary search) was most of a Turkish relation's cost.
type enReading struct {
	word string
	mask posMask
	// headword marks a dictionary's translation: a dictionary gives its translations as lemmas,
	// so the senses of one WordNet has as a lemma are that lemma's only, not also those of the
	// lemma it would be an inflected form of ("bellows", akciğer's translation, is the device and
	// never the verb "bellow" that "bağırmak", to shout, translates to). Its other base forms
	// still count as the same word, which relateTR then weighs by part of speech.
	headword bool
	cands    []string
	read     bool
	senses   [][]sense
}

// candidates are the reading's lemma candidates (Thesaurus.candidates).
func (r *enReading) candidates(t *Thesaurus) []string {
	if !r.read {
		r.cands, r.read = t.candidates(r.word), true
	}
	return r.cands
}

// senseCandidates are the candidates whose senses the reading has: only the word itself when it
// is a headword WordNet has as a lemma (candidates puts it first).
func (r *enReading) senseCandidates(t *Thesaurus) []string {
	c := r.candidates(t)
	if r.headword && len(c) > 1 && c[0] == r.word && t.senses.has(r.word) {
		return c[:1]
	}
	return c
}

// sensesOf are the senses of the reading's i-th candidate in its mask (Thesaurus.sensesOf).
func (r *enReading) sensesOf(t *Thesaurus, i int) []sense {
	if r.senses == nil {
		r.senses = make([][]sense, len(r.cands))
		for k, x := range r.cands {
			r.senses[k] = t.sensesOf(x, r.mask)
		}
	}
	return r.senses[i]
}

// relateReadings is relateEN of two readings.
func (t *Thesaurus) relateReadings(a, b *enReading, lim limits) Relation {
	if a.word == "" || b.word == "" {
		return Unrelated
	}
	if a.word == b.word {
		return Same
	}
	ca, cb := a.candidates(t), b.candidates(t)
	for _, x := range ca {
		for _, y := range cb {
			if x == y {
				return Same
			}
		}
	}
	best := Unrelated
	for i := range a.senseCandidates(t) {
		for j := range b.senseCandidates(t) {
			if r := t.en.relateLemmas(a.sensesOf(t, i), b.sensesOf(t, j), lim); r == Antonym {
				return Antonym
			} else if r != Unrelated && (best == Unrelated || r < best) {
				best = r
			}
		}
	}
	return best
}

// posMask selects parts of speech (bit 1<<noun etc.).
type posMask uint8

const (
	anyPOS     posMask = 1<<noun | 1<<verb | 1<<adj | 1<<adv
	verbPOS    posMask = 1 << verb
	nominalPOS posMask = 1<<noun | 1<<adj
)

// sensesOf returns the senses of lemma w in the parts of speech of mask.
func (t *Thesaurus) sensesOf(w string, mask posMask) []sense {
	all := t.senses.get(w)
	if mask == anyPOS {
		return all
	}
	out := make([]sense, 0, len(all))
	for _, s := range all {
		if mask&(1<<t.en.pos(s.syn())) != 0 {
			out = append(out, s)
		}
	}
	return out
}

// relateLemmas relates the senses of two distinct WordNet lemmas: Antonym, then Synonym,
// Broader, Narrower.
func (g *graph) relateLemmas(sx, sy []sense, lim limits) Relation {
	for _, a := range sx {
		if int(a.rank()) > lim.antonym {
			continue
		}
		for _, b := range sy {
			if int(b.rank()) <= lim.antonym && g.antonyms(a.syn(), b.syn()) {
				return Antonym
			}
		}
	}
	for _, a := range sx {
		if int(a.rank()) > lim.synonym {
			continue
		}
		for _, b := range sy {
			if int(b.rank()) <= lim.synonym && a.syn() == b.syn() {
				return Synonym
			}
		}
	}
	// Senses WordNet links as alike (a satellite adjective and its head, "also see", a verb
	// group) or as forms of one word (remember, memory) state the same thing, among the same
	// common senses as a shared synset.
	for _, a := range sx {
		if int(a.rank()) > lim.synonym {
			continue
		}
		for _, b := range sy {
			if int(b.rank()) <= lim.synonym && (g.near.holds(a.syn(), b.syn()) || g.derived.holds(a.syn(), b.syn())) {
				return Synonym
			}
		}
	}
	if g.isA(sx, sy, lim.hyper) {
		return Broader
	}
	if g.isA(sy, sx, lim.hyper) {
		return Narrower
	}
	return Unrelated
}

// antonyms reports whether synsets a and b are recorded as opposites.
func (g *graph) antonyms(a, b int32) bool { return g.ant.holds(a, b) }

// pairSet is a symmetric set of synset pairs: every pair as a<<32 | b, both ways round, sorted,
// and one bit per synset marking those in a pair, so most checks need no search.
type pairSet struct {
	pairs []uint64
	has   []uint64
}

// newPairSet keeps the pairs of a compressed adjacency list.
func newPairSet(at, to []int32) pairSet {
	n := len(at) - 1
	p := pairSet{has: make([]uint64, (n+63)/64)}
	pairs := make([]uint64, 0, len(to))
	for a := 0; a < n; a++ {
		for _, b := range to[at[a]:at[a+1]] {
			pairs = append(pairs, uint64(a)<<32|uint64(b))
			p.has[a/64] |= 1 << (a % 64)
		}
	}
	slices.Sort(pairs)
	p.pairs = slices.Clone(slices.Compact(pairs))
	return p
}

// holds reports whether synsets a and b form a pair of the set.
func (p pairSet) holds(a, b int32) bool {
	if int(a/64) >= len(p.has) || p.has[a/64]&(1<<(a%64)) == 0 {
		return false
	}
	_, ok := slices.BinarySearch(p.pairs, uint64(a)<<32|uint64(b))
	return ok
}

// isA reports whether a common sense of the first word reaches a common sense of the second
// through at most hypernymDepth hypernym links without touching WordNet's abstract top levels.
// A word whose main sense is one of those top levels ("activity", "substance") is never the
// broader term, even through a rarer concrete sense.
func (g *graph) isA(narrow, broad []sense, rank int) bool {
	var vague posMask // parts of speech in which the broad word's main sense is a top level
	for _, b := range broad {
		if b.rank() == 1 && g.isGeneral(b.syn()) {
			vague |= 1 << g.pos(b.syn())
		}
	}
	targets := map[int32]bool{}
	for _, b := range broad {
		if int(b.rank()) <= rank && !g.isGeneral(b.syn()) && vague&(1<<g.pos(b.syn())) == 0 {
			targets[b.syn()] = true
		}
	}
	if len(targets) == 0 {
		return false
	}
	var frontier []int32
	for _, a := range narrow {
		if int(a.rank()) <= rank && (g.pos(a.syn()) == noun || g.pos(a.syn()) == verb) {
			frontier = append(frontier, a.syn())
		}
	}
	return g.reachesFrom(frontier, targets, hypernymDepth, false)
}

// senseCount is the number of WordNet senses of an English lemma over all parts of speech.
func (t *Thesaurus) senseCount(w string) int {
	return len(t.senses.get(w))
}

// relateKeNet relates two Turkish words, by their dictionary forms fa and fb (trForms), through
// KeNet's own synsets: a shared synset among both words' first senses, a shallow hypernym path or
// a recorded antonym. Antonym wins.
func (t *Thesaurus) relateKeNet(fa, fb []string) Relation {
	best := Unrelated
	for _, x := range fa {
		sx := t.trSenses.get(x)
		if len(sx) == 0 {
			continue
		}
		for _, y := range fb {
			sy := t.trSenses.get(y)
			if len(sy) == 0 {
				continue
			}
			r := Same
			if x != y {
				r = t.tr.relateLemmas(sx, sy, kenetLimits)
			}
			if r == Antonym {
				return Antonym
			}
			if r != Unrelated && (best == Unrelated || r < best) {
				best = r
			}
		}
	}
	return best
}

// relateTR relates two Turkish words through KeNet, else through their English translations.
func (t *Thesaurus) relateTR(a, b string) Relation {
	a, b = trLower(strings.TrimSpace(a)), trLower(strings.TrimSpace(b))
	if a == "" || b == "" {
		return Unrelated
	}
	if a == b || fold(a) == fold(b) && (isASCII(a) || isASCII(b)) {
		return Same
	}
	// Each word's dictionary forms, read once for KeNet, the pivot and the parts of speech.
	fa, fb := t.trForms(a), t.trForms(b)
	if r := t.relateKeNet(fa, fb); r != Unrelated {
		return r
	}
	ea, eb := t.pivot(fa, pivotAntonymTranslations), t.pivot(fb, pivotAntonymTranslations)
	ma, mb := trPOSOf(a, fa), trPOSOf(b, fb)
	antonymOnly := limits{antonym: pivotLimits.antonym}
	best := Unrelated
	shared := 0
	// antonym is an antonym between the words' translations: among the main ones of both, or
	// between one word's first translation and a later one of the other. A later translation is
	// a minor sense ("kapanmak" is "fall" only as in falling prostrate, "iyileşmek" "rise" only
	// as in a market rising): two that meet as opposites ("fall", "rise") do not make the words
	// opposites, as a wound that closes ("kapanmak") heals ("iyileşmek").
	antonym := false
	ra := make([]enReading, len(ea))
	for i, x := range ea {
		ra[i] = enReading{word: x, mask: ma, headword: true}
	}
	rb := make([]enReading, len(eb))
	for j, y := range eb {
		rb[j] = enReading{word: y, mask: mb, headword: true}
	}
	for i, x := range ea {
		for j, y := range eb {
			lim := pivotLimits
			switch {
			case i >= pivotTranslations || j >= pivotTranslations:
				lim = antonymOnly
			case i == 0 && j == 0:
				lim.synonym = firstPivotSynonym
			}
			r := t.relateReadings(&ra[i], &rb[j], lim)
			switch {
			case r == Antonym && lim == antonymOnly && i > 0 && j > 0:
				// Two minor senses meeting as opposites say nothing of the words' main senses.
				continue
			case r == Antonym:
				antonym = true
				continue
			case r == Same:
				// A shared translation is evidence of synonymy when it is specific (few senses),
				// when it is among both words' first two translations ("okul", "mektep" → school),
				// or when the words share more than one translation ("büyük", "iri" → big, large).
				// The translation must also be the same part of speech for both: "basmak" (to
				// press) and "basın" (the press) share "press" but are not synonyms. A translation
				// WordNet lacks (an old spelling, a misprint) is taken as specific.
				if t.senseCount(x) > 0 && len(t.sensesOf(x, ma&mb)) == 0 {
					continue
				}
				if x == y {
					shared++
				}
				if !(i < 2 && j < 2 || lim != antonymOnly && t.senseCount(x) <= pivotSenses) {
					continue
				}
				r = Synonym
			case r == Unrelated:
				continue
			}
			if best == Unrelated || r < best {
				best = r
			}
		}
	}
	switch {
	case shared >= 2:
		// Words that share two translations are not opposites, whatever a rare sense of one
		// translation says ("güzel", "hoş" → lovely, pretty; "pretty" is also ironic "bad").
		return Synonym
	case antonym:
		return Antonym
	}
	return best
}

// trPOS picks the English parts of speech a Turkish word's translations may take: infinitives
// (-mak, -mek) are verbs, everything else nouns or adjectives. This keeps "yüzük" (ring) from
// relating through the verb "ring" (to sound), and leaves out adverbs, whose translations
// ("still", "but") join unrelated words.
func trPOS(w string) posMask {
	if strings.HasSuffix(w, "mak") || strings.HasSuffix(w, "mek") {
		return verbPOS
	}
	return nominalPOS
}

// trPOSOf is trPOS of the dictionary forms a Turkish word w stands for (forms, its trForms:
// "azal" → "azalmak": verb).
func trPOSOf(w string, forms []string) posMask {
	var m posMask
	for _, f := range forms {
		m |= trPOS(f)
	}
	if m == 0 {
		return trPOS(w)
	}
	return m
}

// pivot returns the first n English translations of a Turkish word by its dictionary forms
// (trForms: any of its de-folded forms): FreeDict's, whose ranking the pivot rules were set on,
// or KeNet's for a word FreeDict lacks ("kalıcı").
func (t *Thesaurus) pivot(forms []string, n int) []string {
	var out []string
	for _, f := range forms {
		list := splitList(t.trEn.get(f))
		if len(list) == 0 {
			list = splitList(t.kTrEn.get(f))
		}
		if len(list) > n {
			list = list[:n]
		}
		out = appendNew(out, list...)
	}
	return out
}

// trForms returns the dictionary lemmas a Turkish word may be: itself, the lemmas whose ASCII
// folding it is, and, unless FreeDict has one of those, the verb whose stem it is.
func (t *Thesaurus) trForms(w string) []string {
	w = trLower(strings.TrimSpace(w))
	if w == "" {
		return nil
	}
	w = strings.Join(strings.Fields(w), " ")
	var out []string
	if t.knownTR(w) {
		out = append(out, w)
	}
	if isASCII(w) {
		out = t.trFold.appendForms(out, w)
	}
	// A word FreeDict lacks may be a verb stem even when KeNet has it as a rare noun ("öl",
	// damp, is mostly the stem of "ölmek"); the verb comes first.
	inFreeDict := false
	for _, f := range out {
		inFreeDict = inFreeDict || t.trEn.has(f)
	}
	if !inFreeDict && !strings.Contains(w, " ") {
		if inf := infinitive(w); inf != "" {
			var verbs []string
			if t.knownTR(inf) {
				verbs = append(verbs, inf)
			}
			if isASCII(inf) {
				verbs = t.trFold.appendForms(verbs, inf)
			}
			out = appendNew(verbs, out...) // the verb first, as before KeNet added rare nouns
		}
	}
	return out
}

// Spellings returns the Turkish dictionary lemmas a word may be written as: the word itself when
// a table has it, and, for a word typed without Turkish letters, every lemma that folds to it
// ("asil" → "asil", noble, and "asıl", main). A caller that knows how the word was written picks
// among them; one typed with Turkish letters is only itself.
func (t *Thesaurus) Spellings(word string) []string {
	w := trLower(strings.TrimSpace(word))
	if w == "" {
		return nil
	}
	var out []string
	if t.knownTR(w) {
		out = append(out, w)
	}
	if isASCII(w) {
		out = t.trFold.appendForms(out, w)
	}
	return out
}

// knownTR reports whether a Turkish table has the lemma.
func (t *Thesaurus) knownTR(w string) bool {
	return t.trEn.has(w) || t.trSenses.has(w) || t.kTrEn.has(w)
}

// interleave merges two ranked lists, alternating from a's first item, without duplicates.
func interleave(a, b []string) []string {
	if len(b) == 0 {
		return a
	}
	if len(a) == 0 {
		return b
	}
	out := make([]string, 0, len(a)+len(b))
	for i := 0; i < len(a) || i < len(b); i++ {
		if i < len(a) {
			out = appendNew(out, a[i])
		}
		if i < len(b) {
			out = appendNew(out, b[i])
		}
	}
	return out
}

// infinitive returns the dictionary form of a Turkish verb stem ("öl" → "ölmek", "art" →
// "artmak") by vowel harmony, so callers that strip the infinitive suffix still find verbs;
// "" when the word has no vowel.
func infinitive(stem string) string {
	r := []rune(stem)
	for i := len(r) - 1; i >= 0; i-- {
		switch r[i] {
		case 'a', 'ı', 'o', 'u':
			return stem + "mak"
		case 'e', 'i', 'ö', 'ü':
			return stem + "mek"
		}
	}
	return ""
}

// trLower lower-cases Turkish (İ→i, I→ı) and drops the circumflex as the tables do.
func trLower(s string) string {
	s = strings.ToLowerSpecial(unicode.TurkishCase, s)
	return circumflex.Replace(s)
}

var (
	circumflex = strings.NewReplacer("â", "a", "î", "i", "û", "u")
	asciiFold  = strings.NewReplacer("ç", "c", "ğ", "g", "ı", "i", "ö", "o", "ş", "s", "ü", "u")
)

// fold maps Turkish letters to the ASCII letters people type without a Turkish keyboard.
func fold(s string) string { return asciiFold.Replace(s) }

// isASCII reports whether s has no Turkish-specific letters.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// splitList splits a stored "a|b|c" translation list; "" gives nil.
func splitList(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, "|")
}

// appendNew appends the items of add not yet in list.
func appendNew(list []string, add ...string) []string {
	for _, a := range add {
		dup := false
		for _, x := range list {
			if x == a {
				dup = true
				break
			}
		}
		if !dup {
			list = append(list, a)
		}
	}
	return list
}
