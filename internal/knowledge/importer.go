package knowledge

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/handlers/web/paths"
	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// starterJSON is the starter knowledge base the project writes itself (a JSON array of
// ClaimReviews); it ships in the binary so a fresh install can check well-known myths offline.
//
//go:embed starter/starter.json
var starterJSON []byte

// Sources of reviews the package itself names; files are "file:<base name>".
const (
	// SourceStarter marks reviews from the embedded starter knowledge base.
	SourceStarter = "starter"
	// SourceExpert marks claims that Claimcheck's experts verified.
	SourceExpert = "expert"
	// SourceGoogle marks reviews found through Google Fact Check Tools.
	SourceGoogle = "google-factcheck"
	// ExpertPublisher is the publisher shown for expert-verified claims.
	ExpertPublisher = "Claimcheck experts"
)

// Upserter is satisfied by *models.ReviewStore.
type Upserter interface {
	// Upsert stores r by its URL and says whether it was added, updated or unchanged.
	Upsert(ctx context.Context, r *models.Review) (models.UpsertResult, error)
}

// Importer writes parsed reviews to the knowledge base and tells the matching index about each
// change, so a server that imports while serving matches against the new reviews at once.
type Importer struct {
	store    Upserter
	onChange func(*models.Review)
	now      func() time.Time
	// DetectLanguage, when set, fills the language of reviews whose document does not say
	// (stored as "und" otherwise). It is a hook rather than a built-in so this package does not
	// depend on which analyzer the process runs; it must be deterministic, or re-imports would
	// count as updates.
	DetectLanguage func(claim string) string
	// Ratings maps the reviews' ratings to verdicts; nil means BuiltinRatings (no X-Fact maps).
	Ratings *Ratings
}

// NewImporter builds an importer over store. onChange is called after each added or updated
// review (the matching index subscribes) and may be nil; now stamps the rows (time.Now if nil).
func NewImporter(store Upserter, onChange func(*models.Review), now func() time.Time) *Importer {
	if now == nil {
		now = time.Now
	}
	return &Importer{store: store, onChange: onChange, now: now}
}

// Summary says what one import did.
type Summary struct {
	// Added counts reviews whose URL was new.
	Added int
	// Updated counts known reviews whose content changed.
	Updated int
	// Unchanged counts known reviews imported again as they were.
	Unchanged int
	// Kept counts known reviews an admin edited or retired, which imports leave as they are.
	Kept int
	// Skipped lists the reviews not imported, each with its reason.
	Skipped []Skip
}

// String reads like "added 12, updated 3, unchanged 140, skipped 2 (rating 'Satire' maps to no
// verdict …)": the distinct reasons with counts, most frequent first, at most three of them.
func (s Summary) String() string {
	out := fmt.Sprintf("added %d, updated %d, unchanged %d, skipped %d", s.Added, s.Updated, s.Unchanged, len(s.Skipped))
	if s.Kept > 0 {
		out = fmt.Sprintf("added %d, updated %d, unchanged %d, kept %d as an admin curated them, skipped %d",
			s.Added, s.Updated, s.Unchanged, s.Kept, len(s.Skipped))
	}
	top, more := s.TopReasons(3)
	if len(top) == 0 {
		return out
	}
	parts := make([]string, 0, len(top)+1)
	for _, r := range top {
		if r.Count > 1 {
			parts = append(parts, fmt.Sprintf("%d× %s", r.Count, r.Reason))
		} else {
			parts = append(parts, r.Reason)
		}
	}
	if more > 0 {
		parts = append(parts, fmt.Sprintf("%d more %s", more, map[bool]string{true: "reason", false: "reasons"}[more == 1]))
	}
	return out + " (" + strings.Join(parts, "; ") + ")"
}

// SkipReason is one distinct reason reviews were skipped for, with how many were.
type SkipReason struct {
	// Skip is the first review skipped for it (its Reason, Key and Data say the reason).
	Skip
	// Count is how many reviews were skipped for it.
	Count int
}

// TopReasons is the distinct skip reasons, most frequent first (ties in document order), at most
// n of them, and how many distinct reasons were left out.
func (s Summary) TopReasons(n int) (top []SkipReason, more int) {
	index := map[string]int{}
	var all []SkipReason
	for _, sk := range s.Skipped {
		if i, ok := index[sk.Reason]; ok {
			all[i].Count++
			continue
		}
		index[sk.Reason] = len(all)
		all = append(all, SkipReason{Skip: sk, Count: 1})
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].Count > all[j].Count })
	if len(all) > n {
		return all[:n], len(all) - n
	}
	return all, 0
}

// add folds one upsert result into the summary.
func (s *Summary) add(res models.UpsertResult) {
	switch res {
	case models.Added:
		s.Added++
	case models.Updated:
		s.Updated++
	case models.Unchanged:
		s.Unchanged++
	case models.Pinned:
		s.Kept++
	}
}

// Import parses data (see ParseDocument) and upserts every usable review with the given source
// ("file:feed.json", "google-factcheck"). Re-importing the same document changes nothing. A
// document that cannot be read is an error and writes nothing; a store error stops the import,
// and the summary then says what was written before it.
func (im *Importer) Import(ctx context.Context, source string, data []byte) (Summary, error) {
	reviews, skips, err := ParseDocumentWith(data, im.Ratings)
	if err != nil {
		return Summary{}, fmt.Errorf("import %s: %w", source, err)
	}
	sum := Summary{Skipped: skips}
	for i := range reviews {
		r := &reviews[i]
		r.Source = source
		if r.Language == "und" && im.DetectLanguage != nil {
			if l := languageCode(im.DetectLanguage(r.ClaimReviewed)); l != "" {
				r.Language = l
			}
		}
		if err := im.upsert(ctx, r, &sum); err != nil {
			return sum, fmt.Errorf("import %s: %w", source, err)
		}
	}
	return sum, nil
}

// upsert stores one review, stamping it and notifying the subscriber.
func (im *Importer) upsert(ctx context.Context, r *models.Review, sum *Summary) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	now := im.now().UTC()
	r.ID, r.CreatedAt, r.UpdatedAt = uuid.NewString(), now, now
	res, err := im.store.Upsert(ctx, r)
	if err != nil {
		return err
	}
	sum.add(res)
	if im.onChange != nil && (res == models.Added || res == models.Updated) {
		stored := *r
		im.onChange(&stored)
	}
	return nil
}

// ImportFile imports one file with source "file:<base name>", refusing files over
// MaxDocumentBytes before reading them.
func (im *Importer) ImportFile(ctx context.Context, path string) (Summary, error) {
	source := "file:" + filepath.Base(path)
	f, err := os.Open(path)
	if err != nil {
		return Summary{}, fmt.Errorf("import %s: %w", source, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return Summary{}, fmt.Errorf("import %s: %w", source, err)
	}
	if st.IsDir() {
		return Summary{}, fmt.Errorf("import %s: %s is a directory", source, path)
	}
	if st.Size() > MaxDocumentBytes {
		return Summary{}, fmt.Errorf("import %s: the file is %d MiB, over the %d MiB limit; split it", source, st.Size()>>20, MaxDocumentBytes>>20)
	}
	// Read through a limit as well: the file may grow between Stat and Read.
	data, err := io.ReadAll(io.LimitReader(f, MaxDocumentBytes+1))
	if err != nil {
		return Summary{}, fmt.Errorf("import %s: %w", source, err)
	}
	if len(data) > MaxDocumentBytes {
		return Summary{}, fmt.Errorf("import %s: the file is over the %d MiB limit; split it", source, MaxDocumentBytes>>20)
	}
	return im.Import(ctx, source, data)
}

// StarterJSON returns the embedded starter knowledge base document.
func StarterJSON() []byte { return starterJSON }

// LoadStarter imports the embedded starter knowledge base with source "starter". It is
// idempotent: on every start after the first it reports all reviews unchanged.
func (im *Importer) LoadStarter(ctx context.Context) (Summary, error) {
	return im.Import(ctx, SourceStarter, starterJSON)
}

// Verified is a claim whose verdict Claimcheck's experts decided; it enters the knowledge base
// like any fact-check, so later rewordings of the claim match it.
type Verified struct {
	// ClaimID is the id of the claim record the experts verified.
	ClaimID string
	// ClaimText is the claim as verified.
	ClaimText string
	// Language is the claim's language code ("" or "und" when unknown).
	Language string
	// Verdict is the experts' verdict.
	Verdict analysis.Verdict
	// Note is the experts' explanation, shown when the review is matched.
	Note string
	// ExpertName is who verified it, credited in the explanation.
	ExpertName string
	// BaseURL is the public base URL of this Claimcheck, so the review links to the claim page.
	BaseURL string
	// At is when the verdict was given.
	At time.Time
}

// ErrInvalidVerified is wrapped by AddVerified's validation errors.
var ErrInvalidVerified = errors.New("invalid expert verdict")

// AddVerified adds or updates the review for an expert-verified claim: url BaseURL/claims/<id>,
// publisher "Claimcheck experts", source "expert", textual rating the verdict's Turkish label (so
// MapRating reads it back to the same verdict).
func (im *Importer) AddVerified(ctx context.Context, v Verified) (Summary, error) {
	base := strings.TrimRight(strings.TrimSpace(v.BaseURL), "/")
	id := strings.TrimSpace(v.ClaimID)
	claim := strings.TrimSpace(v.ClaimText)
	bad := func(why string) (Summary, error) {
		return Summary{}, fmt.Errorf("add verified claim %s: %w: %s", id, ErrInvalidVerified, why)
	}
	switch {
	case id == "" || strings.ContainsAny(id, "/?# "):
		return bad("claim id is empty or not a path segment")
	case !httpURL(base):
		return bad(fmt.Sprintf("base URL %q is not an absolute http(s) URL", v.BaseURL))
	case claim == "":
		return bad("claim text is empty")
	case utf8.RuneCountInString(claim) > MaxClaimRunes:
		return bad(fmt.Sprintf("claim text is over %d characters", MaxClaimRunes))
	case !analysis.ValidVerdict(string(v.Verdict)):
		return bad(fmt.Sprintf("verdict %q is not one of dogru, kismen, yanlis, belirsiz", v.Verdict))
	}
	lang := languageCode(v.Language)
	if lang == "" {
		lang = "und"
	}
	label, _ := analysis.VerdictInfo(v.Verdict)
	body := strings.TrimSpace(v.Note)
	if n := strings.TrimSpace(v.ExpertName); n != "" {
		if body != "" {
			body += " "
		}
		body += "(Verified by " + n + ".)"
	}
	var at *time.Time
	if !v.At.IsZero() {
		t := v.At.UTC().Truncate(time.Microsecond)
		at = &t
	}
	r := &models.Review{
		URL:            base + paths.Claim(id),
		ClaimReviewed:  claim,
		Language:       lang,
		TextualRating:  &label,
		Verdict:        string(v.Verdict),
		ReviewBody:     clip(body, maxBodyRunes),
		Publisher:      ExpertPublisher,
		PublisherURL:   &base,
		DatePublished:  at,
		AppearanceURLs: "[]",
		Citations:      "[]",
		Source:         SourceExpert,
	}
	var sum Summary
	if err := im.upsert(ctx, r, &sum); err != nil {
		return sum, fmt.Errorf("add verified claim %s: %w", id, err)
	}
	return sum, nil
}
