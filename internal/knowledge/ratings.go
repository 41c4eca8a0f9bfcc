// Package knowledge keeps Claimcheck's knowledge base of earlier fact-checks (schema.org
// ClaimReview): it maps the fact-checkers' ratings onto the four verdicts, parses the document
// shapes reviews arrive in (ClaimReview JSON-LD, the DataCommons feed, Google Fact Check Tools
// responses) and imports them idempotently by review URL (docs/DECISIONS.md §3).
package knowledge

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/datasets"
)

// The seven X-FACT classes, spelled as in master_mapping.tsv.
const (
	classTrue        = "true"
	classMostlyTrue  = "mostly true"
	classPartly      = "partly true/misleading"
	classComplicated = "complicated/hard to categorise"
	classOther       = "other"
	classMostlyFalse = "mostly false"
	classFalse       = "false"
)

// classVerdict maps the X-FACT classes onto our verdicts. "mostly" ratings go to the side they lean
// to, because fact-checkers use them for claims whose substance holds (or fails) with small errors;
// "other" (satire, flip-flops, promise trackers, explainers) is no statement about truth at all,
// so it has no verdict and such reviews are skipped rather than stored as belirsiz.
var classVerdict = map[string]analysis.Verdict{
	classTrue:        analysis.VerdictTrue,
	classMostlyTrue:  analysis.VerdictTrue,
	classPartly:      analysis.VerdictPartly,
	classComplicated: analysis.VerdictUnclear,
	classMostlyFalse: analysis.VerdictFalse,
	classFalse:       analysis.VerdictFalse,
}

// ownVocabulary is Claimcheck's own rating vocabulary (Turkish and English fact-checkers' usual
// words, and the page labels of our own verdicts), keyed by class. It takes precedence over the
// X-FACT maps: it fixes the few X-FACT entries that are wrong for a claim-level verdict
// (factcrescendo's "explainer"→false, chequeado's promise ratings, "incomplete" sitting in two
// classes, pagellapolitica's bare "5"→other) and adds words the 35 sites never used.
var ownVocabulary = map[string][]string{
	classTrue: {
		// Turkish
		"doğru", "doğrudur", "gerçek", "gerçeği yansıtıyor", "teyit edildi", "doğrulandı",
		// English
		"true", "correct", "accurate", "verified", "correct attribution", "geppetto checkmark",
	},
	classMostlyTrue: {
		"çoğunlukla doğru", "büyük ölçüde doğru", "büyük oranda doğru", "genel olarak doğru",
		"mostly true", "mostly correct", "mostly accurate", "largely true", "largely accurate",
	},
	classPartly: {
		"kısmen doğru", "kısmen yanlış", "kısmen", "yarı doğru", "yarı yanlış", "karma", "karışık",
		"yanıltıcı", "yanıltıcı içerik", "eksik bağlam", "bağlam eksik", "bağlamından koparılmış",
		"bağlamından kopuk", "bağlam dışı", "abartılı", "abartı", "çarpıtılmış", "çarpıtma",
		"manipülatif", "manipülasyon",
		"half true", "half-true", "partly true", "partly false", "partially true", "partially false",
		"mixture", "mixed", "mix", "misleading", "missing context", "needs context", "lacks context",
		"out of context", "false context", "exaggerated", "exaggeration", "miscaptioned", "outdated",
		"cherry picked",
		"true but misleading", "incomplete", "one pinocchio", "1 pinocchio", "two pinocchios", "2 pinocchios",
	},
	classComplicated: {
		"sonuçlandırılamadı", "belirsiz", "doğrulanamadı", "kanıtlanamadı", "teyit edilemedi",
		"kanıt yok", "kanıt bulunamadı", "kanıtlanmamış", "tartışmalı", "henüz erken", "doğrulanamaz",
		"unproven", "unverified", "unverifiable", "undetermined", "inconclusive", "no evidence",
		"insufficient evidence", "not proven", "disputed", "research in progress", "unsupported",
	},
	classMostlyFalse: {
		"çoğunlukla yanlış", "büyük ölçüde yanlış", "büyük oranda yanlış",
		"mostly false", "mostly incorrect", "largely false", "largely inaccurate",
		"three pinocchios", "3 pinocchios",
	},
	classFalse: {
		"yanlış", "yanlıştır", "doğru değil", "gerçek değil", "gerçeği yansıtmıyor", "gerçek dışı",
		"asılsız", "sahte", "uydurma", "yalan", "düzmece", "tamamen yanlış",
		"false", "not true", "untrue", "incorrect", "wrong", "fake", "hoax", "fabricated", "scam",
		"pants on fire", "pants on fire!", "four pinocchios", "4 pinocchios", "bottomless pinocchio",
		"altered", "altered photo", "altered image", "altered video", "doctored", "misattributed",
		"completely false", "totally false",
	},
	classOther: {
		"hiciv", "mizah", "satir", "açıklayıcı", "açıklayıcı içerik", "açıklama", "analiz", "görüş",
		"satire", "labeled satire", "explainer", "explanation", "analysis", "opinion",
		"clarification", "legend", "flip flop", "full flop", "half flip", "no flip", "upside down pinocchio",
		// chequeado.com's promise tracker: X-FACT files "Incumplida" (not kept) under incomplete,
		// i.e. partly true, but a broken promise says nothing about a claim's truth.
		"incumplida", "incumplida con avances",
	},
}

// ratingEntry is one known rating word: its X-FACT class and where the mapping came from.
type ratingEntry struct {
	class  string
	origin string // originOwn, originMaster or originSitePrefix + the site

}

// Origins of vocabulary entries, as reasons name them.
const (
	originOwn        = "Claimcheck's vocabulary"
	originMaster     = "the X-FACT master list"
	originSitePrefix = "the X-FACT map of "
)

// ratingVocab is the merged vocabulary keyed by ratingKey.
type ratingVocab struct {
	words map[string]ratingEntry
	// conflicts lists X-FACT site words whose files disagree on the class; the first file in
	// name order wins, and tests print the list so a reviewer can see what was decided.
	conflicts []string
}

// Ratings is the rating vocabulary imports map verdicts with: Claimcheck's own Turkish and English
// words, plus the X-Fact label maps (MIT, Gupta & Srikumar 2021) when they are installed under
// DATASETS_DIR. It is read once at start-up and safe for concurrent use.
type Ratings struct {
	vocab *ratingVocab
	// missing is where the X-Fact maps were looked for when they are not installed.
	missing string
}

// builtinVocab is the vocabulary of Claimcheck's own words, built once: it is code, not data.
var builtinVocab = sync.OnceValues(func() (*ratingVocab, error) { return buildVocab(nil) })

// BuiltinRatings is Claimcheck's own vocabulary alone, what imports use when no data-set folder
// is configured (tests, tools).
func BuiltinRatings() *Ratings {
	v, err := builtinVocab()
	if err != nil {
		// ownVocabulary is a literal in this file; a conflict in it is caught by the tests.
		panic(err)
	}
	return &Ratings{vocab: v}
}

// LoadRatings reads the X-Fact label maps from the data-set folder dir (DATASETS_DIR). When they
// are not installed it returns the built-in vocabulary, which says so in every skip it causes; maps
// that are there but unreadable are an error.
func LoadRatings(dir string) (*Ratings, error) {
	root := filepath.Join(dir, datasets.XFactLabelMaps)
	if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(datasets.XFactMasterFile))); err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("x-fact label maps: %w", err)
		}
		r := BuiltinRatings()
		r.missing = root
		return r, nil
	}
	v, err := buildVocab(os.DirFS(root))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", root, err)
	}
	return &Ratings{vocab: v}, nil
}

// Missing says, for the start-up log, what is lost without the X-Fact maps ("" when installed).
func (r *Ratings) Missing() string {
	if r.missing == "" {
		return ""
	}
	return fmt.Sprintf("the X-Fact label maps are not installed (%s): imported ratings in other fact-checkers' own words are skipped", r.missing)
}

// buildVocab merges own words, the X-FACT master list and the per-site maps, in that precedence.
// fsys is the x-fact-label-maps folder, or nil for Claimcheck's own words alone.
func buildVocab(fsys fs.FS) (*ratingVocab, error) {
	v := &ratingVocab{words: map[string]ratingEntry{}}
	for class, words := range ownVocabulary {
		for _, w := range words {
			k := ratingKey(w)
			if old, ok := v.words[k]; ok && old.class != class {
				return nil, fmt.Errorf("rating vocabulary: %q is listed under %q and %q", w, old.class, class)
			}
			v.words[k] = ratingEntry{class: class, origin: originOwn}
		}
	}
	if fsys == nil {
		return v, nil
	}
	master, err := fs.ReadFile(fsys, datasets.XFactMasterFile)
	if err != nil {
		return nil, fmt.Errorf("x-fact master mapping: %w", err)
	}
	// english maps X-FACT's English verdict words to their class; "incomplete" is in two rows,
	// and the first row (partly true/misleading) wins, matching our own list.
	english := map[string]string{}
	for line := range strings.Lines(string(master)) {
		class, list, ok := strings.Cut(strings.TrimRight(line, "\r\n"), "\t")
		if !ok {
			continue
		}
		if _, known := classVerdict[class]; !known && class != classOther {
			return nil, fmt.Errorf("x-fact master mapping: unknown class %q", class)
		}
		for _, w := range strings.Split(list, "|") {
			k := ratingKey(w)
			if k == "" {
				continue
			}
			if _, dup := english[k]; !dup {
				english[k] = class
			}
			if _, known := v.words[k]; !known {
				v.words[k] = ratingEntry{class: english[k], origin: originMaster}
			}
		}
	}
	files, err := fs.Glob(fsys, datasets.XFactSiteGlob)
	if err != nil {
		return nil, fmt.Errorf("x-fact label maps: %w", err)
	}
	sort.Strings(files)
	siteOf := map[string]string{}
	for _, f := range files {
		data, err := fs.ReadFile(fsys, f)
		if err != nil {
			return nil, fmt.Errorf("x-fact label map %s: %w", f, err)
		}
		site := strings.TrimSuffix(path.Base(f), ".txt")
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
		for sc.Scan() {
			orig, eng, ok := strings.Cut(sc.Text(), "\t")
			if !ok {
				continue // the methodology URL some files start with
			}
			k := ratingKey(orig)
			// A bare number is a numeric rating, not vocabulary (pagellapolitica maps "5" to other).
			if k == "" || isNumber(k) {
				continue
			}
			class, ok := englishClass(english, eng)
			if !ok {
				continue
			}
			if old, ok := v.words[k]; ok {
				if strings.HasPrefix(old.origin, originSitePrefix) && old.class != class {
					v.conflicts = append(v.conflicts, fmt.Sprintf("%q: %s says %q, %s says %q (kept %q)", orig, siteOf[k], old.class, site, class, old.class))
				}
				continue
			}
			v.words[k] = ratingEntry{class: class, origin: originSitePrefix + site}
			siteOf[k] = site
		}
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("x-fact label map %s: %w", f, err)
		}
	}
	return v, nil
}

// englishClass resolves the English side of a site map. Entries like "other/myth" annotate a word
// with its class, while "other/underestimated" names a word the master list files elsewhere, so the
// word after the slash is tried first and the prefix only when the word is unknown.
func englishClass(english map[string]string, eng string) (string, bool) {
	if c, ok := english[ratingKey(eng)]; ok {
		return c, true
	}
	if pre, post, ok := strings.Cut(eng, "/"); ok {
		if c, ok := english[ratingKey(post)]; ok {
			return c, true
		}
		if c, ok := english[ratingKey(pre)]; ok {
			return c, true
		}
	}
	return "", false
}

// ratingKey folds a rating for lookup: Turkish-aware lower case with diacritics folded, and every
// run of punctuation or spacing turned into one space, so "YANLIŞ", "Yanlis", "Half-true",
// "mostly_false" and "Pants on Fire!" meet their vocabulary entries.
func ratingKey(s string) string {
	s = analysis.FoldTurkish(s)
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mc, r) || unicode.Is(unicode.Mn, r) {
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
			continue
		}
		space = true
	}
	return b.String()
}

// isNumber reports whether a folded key is a plain number.
func isNumber(k string) bool {
	_, err := strconv.ParseFloat(strings.ReplaceAll(k, " ", "."), 64)
	return err == nil
}

// segmentSeparators split a long textual rating ("False: the photo is from 2015",
// "Verdict: Mostly true", "prawda. według …") into parts that may be a known word. Commas are not
// separators: "True, but misleading" must not be read as "True".
var segmentSeparators = []string{":", ".", ";", "!", "?", "(", ")", "[", "]", "|", " - ", " – ", " — ", "\n"}

// lookupTextual finds the class of a textual rating: the whole text first, then its segments, and
// only when exactly one class is named (two different classes in one rating is not a decision we
// can take for the fact-checker).
func lookupTextual(v *ratingVocab, textual string) (ratingEntry, string, bool) {
	if e, ok := v.words[ratingKey(textual)]; ok {
		return e, textual, true
	}
	parts := []string{textual}
	for _, sep := range segmentSeparators {
		var next []string
		for _, p := range parts {
			next = append(next, strings.Split(p, sep)...)
		}
		parts = next
	}
	var found ratingEntry
	var word string
	n := 0
	for _, p := range parts {
		e, ok := v.words[ratingKey(p)]
		if !ok {
			continue
		}
		if n > 0 && e.class != found.class {
			return ratingEntry{}, "", false
		}
		if n == 0 {
			found, word = e, strings.TrimSpace(p)
		}
		n++
	}
	return found, word, n > 0
}

// Numeric-scale defaults, from schema.org Rating and Google's ClaimReview guidance: a rating with
// no bestRating is on a 1–5 scale, 1 = False, 2 = Mostly false, 3 = Half true, 4 = Mostly true,
// 5 = True.
const (
	// DefaultBestRating is assumed when a review gives a ratingValue but no bestRating.
	DefaultBestRating = 5.0
	// DefaultWorstRating is assumed when a review gives no worstRating (0 when the value or the best
	// rating is below 1, since such a scale cannot start at 1).
	DefaultWorstRating = 1.0
)

// Thresholds on the rating normalised to 0 (worst) … 1 (best). On the default 1–5 scale they
// reproduce Google's reading: 1 and 2 (0, 0.25) are false, 3 (0.5) is mixed, 4 and 5 (0.75, 1)
// are true; on other scales they keep the same proportions.
const (
	// FalseAtMost is the highest normalised rating that still means yanlis.
	FalseAtMost = 0.25
	// TrueAtLeast is the lowest normalised rating that means dogru.
	TrueAtLeast = 0.75
)

// MapRating turns a review's rating into a verdict with Claimcheck's own vocabulary (see Ratings.Map
// for the one with the X-Fact maps). The textual rating (the fact-checker's own
// words, schema.org reviewRating.alternateName) decides whenever it is a known rating, including
// the ones that mean "no verdict" such as Satire: numeric scales differ between publishers and CMS
// templates often fill a number in by default, while the words are what the fact-checker chose to
// publish. The number is used only when there are no words or the words are not known; a known
// word that disagrees with the number is reported in reason. ok is false when the review has no
// usable rating; reason says why, or how the verdict was reached.
func MapRating(textual string, value, best, worst *float64) (v analysis.Verdict, ok bool, reason string) {
	return BuiltinRatings().Map(textual, value, best, worst)
}

// The fixed refusals of Map that the import summary says in the reader's language (formats.go).
const (
	// noRatingReason is a review without any rating.
	noRatingReason = "no rating (neither reviewRating.alternateName nor ratingValue)"
	// unknownRatingWord follows an unknown rating word when the X-Fact maps are installed.
	unknownRatingWord = "is not a known rating word"
)

// Map is MapRating with this vocabulary. A textual rating it does not know says, when the X-Fact
// maps are not installed, that they might have known it.
func (r *Ratings) Map(textual string, value, best, worst *float64) (v analysis.Verdict, ok bool, reason string) {
	vocab := r.vocab
	unknown := unknownRatingWord
	if r.missing != "" {
		unknown = "is not one of Claimcheck's rating words, and the X-Fact label maps that know 35 fact-checkers' own words are not installed (" +
			r.missing + "; see README, \"Datasets\")"
	}
	textual = strings.TrimSpace(textual)
	if n, nb, nw, isNum := parseRatingNumber(textual); isNum {
		// A textual rating that is only a number ("3", "60%", "3/5") is a numeric rating.
		if value == nil {
			value = &n
			if best == nil {
				best = nb
			}
			if worst == nil {
				worst = nw
			}
		}
		textual = ""
	}
	numV, numOK, numReason := mapNumeric(value, best, worst)
	if textual != "" {
		if e, word, found := lookupTextual(vocab, textual); found {
			verdict, has := classVerdict[e.class]
			if !has {
				return "", false, fmt.Sprintf("rating '%s' maps to no verdict (class '%s' in %s)", textual, e.class, e.origin)
			}
			reason = fmt.Sprintf("textual rating '%s' is class '%s' in %s → %s", word, e.class, e.origin, verdict)
			if numOK && numV != verdict {
				reason += fmt.Sprintf("; the numeric rating says %s (%s), the words win", numV, numReason)
			}
			return verdict, true, reason
		}
		if numOK {
			return numV, true, fmt.Sprintf("textual rating '%s' %s; %s", textual, unknown, numReason)
		}
		if value != nil {
			return "", false, fmt.Sprintf("rating '%s' %s and %s", textual, unknown, numReason)
		}
		return "", false, fmt.Sprintf("rating '%s' %s", textual, unknown)
	}
	if numOK {
		return numV, true, numReason
	}
	if value == nil {
		return "", false, noRatingReason
	}
	return "", false, numReason
}

// parseRatingNumber reads a rating written as text: "3", "3.5", "3,5", "60%" (a 0–100 scale) or
// "3/5" and "6 / 10" (best rating after the slash), the forms schema.org Rating documents.
func parseRatingNumber(s string) (v float64, best, worst *float64, ok bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil, nil, false
	}
	num := func(t string) (float64, bool) {
		f, err := strconv.ParseFloat(strings.ReplaceAll(strings.TrimSpace(t), ",", "."), 64)
		return f, err == nil && !math.IsNaN(f) && !math.IsInf(f, 0)
	}
	if p, found := strings.CutSuffix(s, "%"); found {
		f, ok := num(p)
		if !ok {
			return 0, nil, nil, false
		}
		hundred, zero := 100.0, 0.0
		return f, &hundred, &zero, true
	}
	if a, b, found := strings.Cut(s, "/"); found {
		fa, okA := num(a)
		fb, okB := num(b)
		if !okA || !okB {
			return 0, nil, nil, false
		}
		return fa, &fb, nil, true
	}
	f, ok := num(s)
	return f, nil, nil, ok
}

// mapNumeric places value on its scale and applies the thresholds; the reason spells out the
// scale used, defaults included, so a surprising verdict can be traced.
func mapNumeric(value, best, worst *float64) (analysis.Verdict, bool, string) {
	if value == nil {
		return "", false, "no numeric rating"
	}
	v := *value
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "", false, "ratingValue is not a number"
	}
	b, w := DefaultBestRating, DefaultWorstRating
	defaults := ""
	if best != nil {
		b = *best
	} else {
		defaults = " (bestRating missing, 5 assumed)"
	}
	if worst != nil {
		w = *worst
	} else if v < 1 || b <= 1 {
		w = 0
	}
	if b == w {
		return "", false, fmt.Sprintf("rating scale %s–%s is empty", fnum(w), fnum(b))
	}
	lo, hi := math.Min(w, b), math.Max(w, b)
	if v < lo || v > hi {
		return "", false, fmt.Sprintf("ratingValue %s is outside the scale %s–%s%s", fnum(v), fnum(w), fnum(b), defaults)
	}
	x := (v - w) / (b - w)
	const eps = 1e-9
	var verdict analysis.Verdict
	switch {
	case x <= FalseAtMost+eps:
		verdict = analysis.VerdictFalse
	case x < TrueAtLeast-eps:
		verdict = analysis.VerdictPartly
	default:
		verdict = analysis.VerdictTrue
	}
	return verdict, true, fmt.Sprintf("numeric rating %s on the scale %s (worst) to %s (best)%s is %.2f of the way → %s", fnum(v), fnum(w), fnum(b), defaults, x, verdict)
}

// fnum prints a rating number without trailing zeros.
func fnum(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
