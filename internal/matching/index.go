// Package matching finds the earlier fact-check (a ClaimReview in the knowledge base) that states
// the same claim as a new one, reworded, misspelt, typed without Turkish letters or written in the
// other language. Retrieval is BM25 over words, English concepts and numbers (Search); the
// decision that a fact-check states the same claim aligns the two claims' parts both ways
// (decide.go, claimparts.go) and refuses look-alikes whose subject, object, entity, number or
// meaning differs.
//
// # How the index is built and kept current while serving
//
// The Index lives in each serve process's memory; the database stays the only shared state.
//
//  1. At start, Load reads every review from the ReviewStore (models.ReviewStore.Each, oldest
//     update first, in batches) and Upserts it. It returns the newest updated_at it saw.
//  2. Reviews imported by this process (claimcheck kb import through the admin upload, the Google
//     Fact Check provider, expert verdicts) reach the index at once: the importer's onChange
//     callback is ix.Upsert (knowledge.NewImporter(store, ix.Upsert, now)).
//  3. Reviews imported by other processes (another serve replica, the CLI) reach it within one
//     poll: Follow asks the store for reviews updated since the newest seen and Upserts them.
//
// Upsert replaces a review by URL: the old document is tombstoned (its postings are skipped and
// its statistics removed) and the new one appended, so an update never rewrites posting lists;
// when tombstones pass a quarter of the index the postings are compacted. Searches hold a read
// lock and updates a write lock for microseconds (the text is analysed before the lock is taken),
// so imports while serving do not stall analyses.
package matching

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/thesaurus"
	"github.com/claimcheck/claimcheck/internal/turkish"
	"github.com/claimcheck/claimcheck/models"
)

// BM25 parameters: the usual values; claims are short and of similar length, so length
// normalisation matters little either way.
const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

// ReviewDoc is one indexed fact-check: what a match shows and what the verdict is taken from.
// It is immutable once indexed (an update indexes a new ReviewDoc), so callers may keep it.
type ReviewDoc struct {
	// URL identifies the review (its ClaimReview url).
	URL string
	// Claim is the claim as the review states it.
	Claim string
	// Lang is the review's language ("tr", "en", … or "und").
	Lang string
	// Verdict is the review's rating mapped onto the four verdicts.
	Verdict analysis.Verdict
	// RatingText is the review's own rating words ("Yanlış", "Mostly false").
	RatingText string
	// RatingValue, BestRating and WorstRating are the numeric rating when HasRating.
	RatingValue, BestRating, WorstRating float64
	// HasRating says whether the review gave a usable numeric rating.
	HasRating bool
	// Publisher names who wrote the review.
	Publisher string
	// Body is the review's explanation.
	Body string
	// Category is the review's topic slug, when known.
	Category string
	// UpdatedAt is when the knowledge base last changed the review.
	UpdatedAt time.Time
	// Sources are the web addresses the review cites, so a match can be checked at its source.
	Sources []string

	id       uint32
	feats    []uint32
	units    []docUnit
	concepts []uint32 // the units' concept feature ids, sliced by docUnit.c0:c1
	negated  bool
	nums     []string
	softNums []string
	// pending holds the analysis between newDoc (outside the lock) and add (inside), where
	// feature keys become ids.
	pending *textInfo
	// parts is the claim read into parts, filled the first time the review is a candidate.
	parts atomic.Pointer[claimParts]
	// compoundUnits are parts' compound units (crosscompound.go), read the first time a search
	// asks: they depend on the claim alone, so every search shares them.
	compoundUnits atomic.Pointer[[]crossUnit]
}

// docUnit is a unit of a review's claim with its features resolved to ids. It is kept small
// (about 32 bytes; strings live once in the feature table) because every indexed claim has
// several: at 100,000 reviews a string per unit would be most of the index's memory.
type docUnit struct {
	word   int32  // word feature id, or -1 for a stopword or number unit
	folded int32  // id of the folded spelling (channel 'f', no postings), or -1
	c0, c1 uint16 // concepts are ReviewDoc.concepts[c0:c1]
	num    string // number key of a number unit
}

// Candidate is one review considered for a claim.
type Candidate struct {
	// Review is the fact-check.
	Review *ReviewDoc
	// Score is its BM25 score for the claim (unbounded; for ranking and debugging).
	Score float64
	// Similarity is 0–1: the IDF-weighted share of the two claims' features they have in common.
	Similarity float64
	// Rejected names the part that differs when the review states a different claim
	// ("different subject: tea ≠ smoking"), or is "".
	Rejected string

	// lexical is the share of the claim matched in its own words (see alignment.lexical).
	lexical float64
	// piece is the post's clause (pieceViews) more similar to the review than the whole post, as
	// posted, or ""; pieceSim is that clause's similarity, and pieceStates reports that the clause
	// alone states the review (decide), so that its similarity counts against the retrieval floor
	// (retrievalSimilarity).
	piece       string
	pieceSim    float64
	pieceStates bool
	// verbJudged reports a refusal the verb judges made (predshadow.go).
	verbJudged bool
}

// retrievalSimilarity is the similarity a candidate is held to the retrieval floor with: the
// whole post's, or a clause's that states the fact-check by itself (a story or advice around
// the claim dilutes the whole post's). Ranking and the margin to a refused look-alike
// (chooseConfident) keep the whole post's.
func (c Candidate) retrievalSimilarity() float64 {
	if c.pieceStates {
		return max(c.Similarity, c.pieceSim)
	}
	return c.Similarity
}

// Index is an in-memory inverted index over reviews' claims, safe for concurrent Search while
// Upsert runs (see the package documentation for how it is kept current).
type Index struct {
	mu     sync.RWMutex
	ids    map[string]uint32 // feature key (channel byte + term) → feature id
	keys   []string          // feature id → key
	chans  []byte            // feature id → channel
	post   [][]uint32        // feature id → live and tombstoned doc ids, ascending
	df     []int32           // feature id → live docs containing it
	docs   []*ReviewDoc      // doc id → doc; nil once replaced
	docLen []uint16          // doc id → number of features
	byURL  map[string]uint32
	live   int
	dead   int
	sumLen float64
	accs   sync.Pool

	// lex and morph are what the same-claim decision reads words with (see decide.go).
	lex       Lexicon
	morph     *turkish.Morphology
	relations lexCache
	// denials caches the words each word denies (decision.deniedRoots).
	denials memo[denialKey, []string]
	// derived caches the derived-and-broader relations of English words (related.go).
	derived memo[[2]string, thesaurus.Relation]
	// verbApart caches which English verb pairs the lexicon keeps apart (verbsense.go).
	verbApart memo[[2]string, bool]
	// kindOfs caches which nouns name a kind of which (kindof.go isKindOf): lexRelate asks it of
	// every pair it finds unrelated.
	kindOfs memo[[3]string, bool]
	// kindKeys caches the class keys of a post's words (kindretrieval.go kindKeysOf).
	kindKeys memo[kindKeysKey, []string]
	// agree caches which Turkish word pairs' translations agree (trlex.go translationsAgree).
	agree memo[[2]string, bool]
	// further caches which English word pairs are alike through a derived form (enlex.go).
	further memo[[2]string, bool]
	// sensesAgreed caches which English word pairs a later sense joins (senseagree.go).
	sensesAgreed memo[[2]string, bool]
	// joined caches the dictionary forms of two Turkish words written as one (kindname.go
	// splitCompound): every search reads its candidates' compounds again.
	joined memo[string, []string]
}

// Option configures an Index.
type Option func(*Index)

// WithLexicon gives the index the lexical knowledge (internal/thesaurus) the same-claim decision
// uses for synonyms, safe hypernyms, antonyms and translations. Without it the decision knows
// only spelling, morphology and the analyzer's English terms.
func WithLexicon(lx Lexicon) Option {
	return func(ix *Index) { ix.lex = lx }
}

// NewIndex returns an empty index.
func NewIndex(opts ...Option) *Index {
	ix := &Index{ids: map[string]uint32{}, byURL: map[string]uint32{}, morph: turkish.NewMorphology()}
	for _, o := range opts {
		o(ix)
	}
	return ix
}

// Len returns how many reviews are indexed.
func (ix *Index) Len() int {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	return ix.live
}

// Upsert adds r, or replaces the review with the same URL. A review without a claim or without
// a verdict slug cannot be matched or decide anything, so it is left out (and an older version of
// it removed). Safe to call while searches run; imports call it through the importer's onChange.
func (ix *Index) Upsert(r *models.Review) {
	if r == nil || r.URL == "" {
		return
	}
	d := newDoc(r)
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if old, ok := ix.byURL[r.URL]; ok {
		if prev := ix.docs[old]; d != nil && prev != nil && sameDoc(prev, d) {
			return
		}
		ix.remove(old)
	}
	if d == nil {
		return
	}
	ix.add(d)
	if ix.dead > 1024 && ix.dead*4 > ix.live {
		ix.compact()
	}
}

// Remove drops the review with url, if indexed.
func (ix *Index) Remove(url string) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if id, ok := ix.byURL[url]; ok {
		ix.remove(id)
	}
}

// sameDoc reports that an upsert would change nothing, so polling that re-reads the newest rows
// does not churn the index.
func sameDoc(a, b *ReviewDoc) bool {
	return a.UpdatedAt.Equal(b.UpdatedAt) && a.Claim == b.Claim && a.Verdict == b.Verdict && a.Body == b.Body &&
		a.Lang == b.Lang && a.RatingText == b.RatingText && a.Publisher == b.Publisher && a.Category == b.Category &&
		a.HasRating == b.HasRating && a.RatingValue == b.RatingValue && a.BestRating == b.BestRating && a.WorstRating == b.WorstRating
}

// newDoc analyses a review outside the lock; nil when it cannot be indexed.
func newDoc(r *models.Review) *ReviewDoc {
	if r.ClaimReviewed == "" || !analysis.ValidVerdict(r.Verdict) {
		return nil
	}
	lang := r.Language
	if lang == "" {
		lang = "und"
	}
	d := &ReviewDoc{
		URL: r.URL, Claim: r.ClaimReviewed, Lang: lang, Verdict: analysis.Verdict(r.Verdict), Body: r.ReviewBody,
		Publisher: r.Publisher, UpdatedAt: r.UpdatedAt,
	}
	if r.TextualRating != nil {
		d.RatingText = *r.TextualRating
	}
	d.Sources = citationURLs(r.Citations)
	if r.Category != nil {
		d.Category = *r.Category
	}
	if r.RatingValue != nil {
		best, worst := 5.0, 1.0 // schema.org's defaults
		if r.BestRating != nil {
			best = *r.BestRating
		}
		if r.WorstRating != nil {
			worst = *r.WorstRating
		}
		if best != worst && !math.IsNaN(*r.RatingValue) {
			d.RatingValue, d.BestRating, d.WorstRating, d.HasRating = *r.RatingValue, best, worst, true
		}
	}
	info := analyzeText(d.Claim, lang)
	d.negated, d.nums, d.softNums = info.negated, info.nums, info.softNums
	d.pending = &info
	return d
}

// add indexes d (lock held).
func (ix *Index) add(d *ReviewDoc) {
	id := uint32(len(ix.docs))
	d.id = id
	info := d.pending
	keys := info.features()
	d.feats = make([]uint32, 0, len(keys))
	for _, k := range keys {
		f := ix.featureID(k)
		ix.post[f] = append(ix.post[f], id)
		ix.df[f]++
		d.feats = append(d.feats, f)
	}
	d.units = make([]docUnit, len(info.units))
	for i, u := range info.units {
		du := docUnit{word: -1, folded: -1, num: u.num}
		if u.num == "" && !u.stop {
			du.word = int32(ix.featureID(string(chWord) + u.stem))
		}
		if u.folded != "" {
			du.folded = int32(ix.featureID(string(chFolded) + u.folded))
		}
		du.c0 = uint16(len(d.concepts))
		for _, c := range u.concepts {
			d.concepts = append(d.concepts, ix.featureID(string(chConcept)+c))
		}
		du.c1 = uint16(len(d.concepts))
		d.units[i] = du
	}
	d.pending = nil
	ix.docs = append(ix.docs, d)
	ix.docLen = append(ix.docLen, uint16(min(len(d.feats), math.MaxUint16)))
	ix.byURL[d.URL] = id
	ix.live++
	ix.sumLen += float64(len(d.feats))
}

// featureID returns the id of a feature key, registering it (lock held).
func (ix *Index) featureID(k string) uint32 {
	f, ok := ix.ids[k]
	if !ok {
		f = uint32(len(ix.chans))
		ix.ids[k] = f
		ix.keys = append(ix.keys, k)
		ix.chans = append(ix.chans, k[0])
		ix.post = append(ix.post, nil)
		ix.df = append(ix.df, 0)
	}
	return f
}

// remove tombstones a doc (lock held).
func (ix *Index) remove(id uint32) {
	d := ix.docs[id]
	if d == nil {
		return
	}
	for _, f := range d.feats {
		ix.df[f]--
	}
	ix.docs[id] = nil
	delete(ix.byURL, d.URL)
	ix.live--
	ix.dead++
	ix.sumLen -= float64(len(d.feats))
}

// compact drops tombstoned doc ids from the posting lists (lock held). Doc ids stay stable, so
// nothing else changes.
func (ix *Index) compact() {
	for f, p := range ix.post {
		out := p[:0]
		for _, id := range p {
			if ix.docs[id] != nil {
				out = append(out, id)
			}
		}
		ix.post[f] = out
	}
	ix.dead = 0
}

// idf is BM25's inverse document frequency (the "+1" form, never negative).
func idf(n int, df int32) float64 {
	return math.Log(1 + (float64(n)-float64(df)+0.5)/(float64(df)+0.5))
}

// accumulator holds per-search BM25 sums; pooled because a fresh 100,000-entry slice per search
// would be most of a search's cost.
type accumulator struct {
	scores  []float32
	touched []uint32
}

// queryFeature is a resolved feature of the claim with its weight in the similarity.
type queryFeature struct {
	id     uint32
	known  bool
	ch     byte
	weight float64 // channel weight × idf × fuzzy discount
	fuzzy  bool
}

// fuzzyDiscount is the credit a misspelt word gets for matching its correction: less than an
// exact match, because the correction is a guess.
const fuzzyDiscount = 0.8

// rerankDepth is how many BM25 hits get the full similarity and the same-claim decision: enough that the right
// review is among them when common words crowd the top, few enough to cost microseconds.
const rerankDepth = 40

// Search returns up to k reviews for claim (in language lang, as the analyzer detected it), best
// first. Ranking is by similarity, with same-language reviews first among near-equals; rejected
// candidates are kept (with Rejected set) so a page can show "close but refused".
func (ix *Index) Search(claim, lang string, k int) []Candidate {
	if k <= 0 {
		return nil
	}
	if lang == "" {
		lang = "und"
	}
	claim = ix.spellHashtags(claim, lang)
	q := analyzeText(claim, lang)
	keys := q.features()
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	n := ix.live
	if n == 0 {
		return nil
	}
	qf := ix.resolve(keys, &q, n)
	qv := ix.view(&q, n)
	hits := ix.bm25(ix.withKinds(qf, qv, n), n)
	pieces := ix.pieceViews(claim, lang, n)
	type scored struct {
		c  Candidate
		al alignment
	}
	cands := make([]scored, 0, len(hits))
	for _, h := range hits {
		d := ix.docs[h.doc]
		al := ix.align(qv, d, n)
		cands = append(cands, scored{Candidate{Review: d, Score: h.score, Similarity: al.sim}, al})
	}
	sort.SliceStable(cands, func(i, j int) bool {
		return rankKey(cands[i].c, lang, cands[i].al.lexical) > rankKey(cands[j].c, lang, cands[j].al.lexical)
	})
	if len(cands) > k {
		cands = cands[:k]
	}
	out := make([]Candidate, len(cands))
	var qp *claimParts
	pieceParts := make(map[string]*claimParts, len(pieces))
	dec := ix.newDecision()
	for i := range cands {
		out[i] = cands[i].c
		out[i].lexical = cands[i].al.lexical
		// A clause's similarity plays no part in the ranking, so only the candidates kept are
		// aligned with the post's clauses.
		for _, pv := range pieces {
			if pa := ix.align(pv.view, out[i].Review, n); pa.sim > max(out[i].Similarity, out[i].pieceSim) {
				out[i].piece, out[i].pieceSim = pv.text, pa.sim
			}
		}
		// A clause's similarity matters only where it reaches the retrieval floor the whole
		// post misses (retrievalSimilarity): only there is a candidate decided for it.
		if out[i].Similarity >= DefaultThreshold || out[i].pieceSim < DefaultThreshold {
			out[i].piece, out[i].pieceSim = "", 0
		}
		if out[i].Similarity >= decideFloor || out[i].piece != "" {
			if qp == nil {
				qp = ix.parseClaim(claim, lang)
			}
			rp := ix.reviewParts(out[i].Review)
			if same, why := dec.decide(qp, rp); !same {
				out[i].Rejected, out[i].verbJudged = why, dec.judged[why]
			} else if out[i].piece != "" {
				// The clause lends its similarity only when it states the fact-check itself, every
				// subject, object, predicate and name of it: a post whose clauses state it only
				// together, or a clause that leaves a part of it out ("there is life on europa"
				// for "… elsewhere in the universe"), keeps the whole post's.
				pc := pieceParts[out[i].piece]
				if pc == nil {
					pc = ix.parseClaim(out[i].piece, lang)
					pieceParts[out[i].piece] = pc
				}
				same, _ := dec.decide(pc, rp)
				qa, ra := dec.alignParts(pc, rp)
				out[i].pieceStates = same && !ix.pieceLeavesOut(pc, rp, ra) || // a fuller name aside (piecename.go)
					same && dec.objectLeftOut(pc, qa, rp, ra) && dec.restNamesNothing(qp, out[i].piece) || // one object left unsaid (pieceobject.go)
					same && dec.adviceOnlyBesides(qp, rp, out[i].piece) // the rest only advice (advicecomma.go)
			}
			if out[i].Rejected == "" && out[i].Similarity < decideFloor && !out[i].pieceStates {
				out[i].Rejected = "not about the same claim"
			}
		} else {
			out[i].Rejected = "not about the same claim"
		}
	}
	return out
}

// SameClaim reports whether the review with URL reviewURL states the same claim as claim
// (language lang, "" or "und" when unknown): the alignment decision, not similarity. known is
// false when no such review is indexed; reason names the part that differs ("different subject:
// tea ≠ smoking") when same is false.
func (ix *Index) SameClaim(claim, lang, reviewURL string) (same bool, reason string, known bool) {
	ix.mu.RLock()
	var d *ReviewDoc
	if id, ok := ix.byURL[reviewURL]; ok {
		d = ix.docs[id]
	}
	ix.mu.RUnlock()
	if d == nil {
		return false, "", false
	}
	if lang == "" {
		lang = "und"
	}
	same, reason = ix.newDecision().decide(ix.parseClaim(ix.spellHashtags(claim, lang), lang), ix.reviewParts(d))
	return same, reason, true
}

// decideFloor is the similarity below which a candidate is not examined: it shares too little
// with the claim to state it, and a reason on a stranger would be noise on the page.
const decideFloor = 0.2

// reviewParts reads a review's claim into parts once, when it first becomes a candidate; the
// parts are kept with the (immutable) review so later searches reuse them (lock held for reading:
// the review is immutable and the parts are stored atomically).
func (ix *Index) reviewParts(d *ReviewDoc) *claimParts {
	if p := d.parts.Load(); p != nil {
		return p
	}
	p := ix.parseClaim(d.Claim, d.Lang)
	p.rated = d.Verdict
	p.body = newReviewBody(d.Body, d.Lang)
	p.review = d
	d.parts.Store(p)
	return p
}

// sameLanguageBonus ranks a review in the claim's language ahead of one in another language that
// is at most this much more similar: the same-language review states the claim in the user's
// words and its similarity rests on more evidence (words as well as concepts). The bonus is scaled
// by the share of the claim matched in its own words, so it also works when the claim's
// language is undetermined (a short claim typed without Turkish letters).
const sameLanguageBonus = 0.1

// rankKey orders candidates.
func rankKey(c Candidate, lang string, lexical float64) float64 {
	if sameLanguage(lang, c.Review.Lang) {
		return c.Similarity + sameLanguageBonus*lexical
	}
	return c.Similarity
}

// sameLanguage reports whether a claim and a review can be compared word for word. An
// undetermined claim is compared word for word with everything, since it may be either.
func sameLanguage(claimLang, reviewLang string) bool {
	return claimLang == reviewLang || claimLang == "und" || reviewLang == "und"
}

// resolve maps the claim's feature keys to index features, correcting misspelt words (lock held).
func (ix *Index) resolve(keys []string, q *textInfo, n int) []queryFeature {
	lang := q.lang
	maxIDF := idf(n, 0)
	out := make([]queryFeature, 0, len(keys))
	seen := map[uint32]bool{}
	for _, k := range keys {
		ch := k[0]
		w := channelWeight[ch]
		if f, ok := ix.ids[k]; ok && ix.df[f] > 0 {
			if !seen[f] {
				seen[f] = true
				out = append(out, queryFeature{id: f, known: true, ch: ch, weight: w * idf(n, ix.df[f])})
			}
			continue
		}
		if ch == chWord {
			if f, ok := ix.writtenFor(q, k[1:]); ok { // a stem cut too far (wordform.go)
				if !seen[f] {
					seen[f] = true
					out = append(out, queryFeature{id: f, known: true, ch: ch, weight: w * idf(n, ix.df[f])})
				}
				continue
			}
			corr, stop := ix.correct(k[1:], lang)
			if stop {
				// A misspelt stopword ("nedn" for "neden") is still a stopword.
				continue
			}
			found := false
			for _, f := range corr {
				if !seen[f] {
					seen[f] = true
					found = true
					out = append(out, queryFeature{id: f, known: true, ch: ch, weight: fuzzyDiscount * w * idf(n, ix.df[f]), fuzzy: true})
				}
			}
			if found {
				continue
			}
		}
		// Unknown to the index: it still counts against the similarity, as the rarest feature.
		out = append(out, queryFeature{ch: ch, weight: w * maxIDF})
	}
	return out
}

// maxCorrections caps the corrections one misspelt word may expand to.
const maxCorrections = 3

// correct finds indexed words one edit (insertion, deletion, substitution or transposition of
// adjacent letters) away from an unknown word of four letters or more; stop reports that the word
// is one edit from a stopword instead. Generating the edits (about 55 per letter) and looking
// them up costs microseconds and no memory, unlike an n-gram or deletion index over 100,000
// reviews' vocabulary.
func (ix *Index) correct(w, lang string) (ids []uint32, stop bool) {
	if len(w) < 4 || hasDigit(w) {
		return nil, false
	}
	type hit struct {
		id uint32
		df int32
	}
	var hits []hit
	// The edits are looked up straight from one buffer (a map index by string(bytes) does not
	// allocate): a word of n letters has about 54n+25 of them, and building a string for each
	// made spelling correction an eighth of an analysis's CPU.
	stopSets := stopSetsFor(lang)
	key := []byte{chWord}
	try := func(v []byte) {
		for _, set := range stopSets {
			if set[string(v)] {
				stop = true
			}
		}
		key = append(key[:1], v...)
		f, ok := ix.ids[string(key)]
		if !ok || ix.df[f] <= 0 {
			return
		}
		for _, h := range hits {
			if h.id == f {
				return // two edits may spell the same word
			}
		}
		hits = append(hits, hit{f, ix.df[f]})
	}
	edits1(w, try)
	if len(hits) == 0 {
		return nil, stop
	}
	// The most common correction is the likeliest intended word.
	sort.Slice(hits, func(i, j int) bool { return hits[i].df > hits[j].df })
	for i := 0; i < len(hits) && i < maxCorrections; i++ {
		ids = append(ids, hits[i].id)
	}
	return ids, false
}

// edits1 calls fn with every string one edit away from w (ASCII letters; folded text is ASCII);
// the slice fn gets is reused for the next edit, so fn must not keep it.
func edits1(w string, fn func([]byte)) {
	const letters = "abcdefghijklmnopqrstuvwxyz"
	b := []byte(w)
	buf := make([]byte, 0, len(b)+1)
	for i := 0; i <= len(b); i++ {
		if i < len(b) {
			buf = append(append(buf[:0], b[:i]...), b[i+1:]...) // deletion
			fn(buf)
			if i+1 < len(b) { // transposition
				buf = append(buf[:0], b...)
				buf[i], buf[i+1] = buf[i+1], buf[i]
				fn(buf)
			}
		}
		for _, c := range []byte(letters) {
			if i < len(b) && b[i] != c { // substitution
				buf = append(buf[:0], b...)
				buf[i] = c
				fn(buf)
			}
			buf = append(append(append(buf[:0], b[:i]...), c), b[i:]...) // insertion
			fn(buf)
		}
	}
}

// hit is one BM25 result.
type hit struct {
	doc   uint32
	score float64
}

// bm25 scores every live document sharing a feature with the claim and returns the best
// rerankDepth (lock held).
func (ix *Index) bm25(qf []queryFeature, n int) []hit {
	acc, _ := ix.accs.Get().(*accumulator)
	if acc == nil {
		acc = &accumulator{}
	}
	if len(acc.scores) < len(ix.docs) {
		acc.scores = make([]float32, len(ix.docs)+len(ix.docs)/4)
	}
	acc.touched = acc.touched[:0]
	avg := ix.sumLen / float64(n)
	for _, f := range qf {
		if !f.known || f.ch == 0 {
			continue
		}
		w := float32(f.weight * (bm25K1 + 1))
		for _, d := range ix.post[f.id] {
			if ix.docs[d] == nil {
				continue
			}
			if acc.scores[d] == 0 {
				acc.touched = append(acc.touched, d)
			}
			norm := float32(1 + bm25K1*(1-bm25B+bm25B*float64(ix.docLen[d])/avg))
			acc.scores[d] += w / norm
		}
	}
	hits := topHits(acc, rerankDepth)
	for _, d := range acc.touched {
		acc.scores[d] = 0
	}
	ix.accs.Put(acc)
	return hits
}

// topHits selects the best k touched documents with a small min-heap.
func topHits(acc *accumulator, k int) []hit {
	h := make([]hit, 0, k)
	less := func(a, b hit) bool { return a.score < b.score || a.score == b.score && a.doc > b.doc }
	down := func(i int) {
		for {
			l, s := 2*i+1, i
			if l < len(h) && less(h[l], h[s]) {
				s = l
			}
			if r := l + 1; r < len(h) && less(h[r], h[s]) {
				s = r
			}
			if s == i {
				return
			}
			h[i], h[s] = h[s], h[i]
			i = s
		}
	}
	for _, d := range acc.touched {
		x := hit{d, float64(acc.scores[d])}
		switch {
		case len(h) < k:
			h = append(h, x)
			for i := len(h) - 1; i > 0; {
				p := (i - 1) / 2
				if !less(h[i], h[p]) {
					break
				}
				h[i], h[p] = h[p], h[i]
				i = p
			}
		case less(h[0], x):
			h[0] = x
			down(0)
		}
	}
	sort.Slice(h, func(i, j int) bool { return less(h[j], h[i]) })
	return h
}

// ReviewSource is where reviews come from (models.ReviewStore): Each calls fn for every review
// updated at or after since (zero: all), oldest update first.
type ReviewSource interface {
	Each(ctx context.Context, since time.Time, fn func(*models.Review) error) error
}

// Load indexes every review of src and returns the newest updated_at seen, from which Follow
// continues.
func Load(ctx context.Context, src ReviewSource, ix *Index) (time.Time, error) {
	return loadSince(ctx, src, ix, time.Time{})
}

// loadSince upserts the reviews updated at or after since. Analysing a review's text is most of
// the cost of indexing it and needs no lock, so the reviews are analysed on every core while the
// source streams them.
func loadSince(ctx context.Context, src ReviewSource, ix *Index, since time.Time) (time.Time, error) {
	newest := since
	ch := make(chan *models.Review, 256)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range ch {
				ix.Upsert(r)
			}
		}()
	}
	err := src.Each(ctx, since, func(r *models.Review) error {
		// The store reuses its batch between calls, so the review is copied before it is queued.
		c := *r
		select {
		case ch <- &c:
		case <-ctx.Done():
			return ctx.Err()
		}
		if r.UpdatedAt.After(newest) {
			newest = r.UpdatedAt
		}
		return nil
	})
	close(ch)
	wg.Wait()
	if err != nil {
		return newest, fmt.Errorf("matching: load reviews: %w", err)
	}
	return newest, nil
}

// Follow polls src every interval for reviews updated since the newest seen and upserts them,
// so reviews imported by other processes reach this one's index; it returns when ctx ends. A
// failed poll is logged and retried at the next tick (the database may be briefly unreachable;
// the index keeps serving what it has).
func Follow(ctx context.Context, src ReviewSource, ix *Index, since time.Time, every time.Duration) {
	if every <= 0 {
		every = 30 * time.Second
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		newest, err := loadSince(ctx, src, ix, since)
		if err != nil {
			if !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
				slog.Warn("matching: polling the knowledge base failed; retrying at the next tick", "err", err)
			}
		}
		// Each is ordered by updated_at, so everything up to newest was applied even on error.
		since = newest
	}
}

// citationURLs reads the http(s) addresses out of a review's citations JSON; a malformed list
// yields none rather than failing the index.
func citationURLs(raw string) []string {
	var cs []struct {
		URL string `json:"url"`
	}
	if raw == "" || json.Unmarshal([]byte(raw), &cs) != nil {
		return nil
	}
	var out []string
	for _, c := range cs {
		if strings.HasPrefix(c.URL, "https://") || strings.HasPrefix(c.URL, "http://") {
			out = append(out, c.URL)
		}
	}
	return out
}
