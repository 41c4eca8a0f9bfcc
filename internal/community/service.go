package community

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/knowledge"
	"github.com/claimcheck/claimcheck/internal/validation"
	"github.com/claimcheck/claimcheck/models"
)

// Input limits of a vote.
const (
	// MaxNoteRunes caps a vote's note, in characters.
	MaxNoteRunes = 2000
	// MaxSources caps how many source URLs a vote cites.
	MaxSources = 5
	// MaxSourceChars caps one source URL.
	MaxSourceChars = 2048
)

// ErrNotExpert is returned when the voter is not an active account with the expert role.
var ErrNotExpert = models.ErrNotExpert

// ErrClaimNotFound is returned when the claim does not exist or is hidden.
var ErrClaimNotFound = errors.New("claim not found")

// FieldError is one invalid field of a vote (verdict, confidence, note or sources).
type FieldError = validation.FieldError

// ValidationError lists every invalid field of a vote.
type ValidationError = validation.Errors

// VoteInput is one expert's vote on one claim.
type VoteInput struct {
	ClaimID, ExpertID string
	// Verdict is a compatible slug: dogru, kismen, yanlis or belirsiz.
	Verdict string
	// Confidence is between 0 and 1 (NaN reads as "not a number" and is refused).
	Confidence float64
	// Note explains the vote (at most MaxNoteRunes characters).
	Note string
	// Sources are up to MaxSources absolute http(s) URLs.
	Sources []string
}

// Outcome is what a vote did.
type Outcome struct {
	// Score is the claim's score after the vote; Previous before it.
	Score, Previous models.ScoreView
	// Changed is true when the vote moved the score, verdict, expert count or confidence.
	Changed bool
	// Settled is true when the claim is settled after the vote (and so fed the knowledge base).
	Settled bool
	// Tally is the rule's full result, agreement included.
	Tally Tally
}

// Store records votes; *models.ExpertStore implements it.
type Store interface {
	// ApplyVote upserts the vote and recomputes the claim's community score in one transaction.
	ApplyVote(ctx context.Context, v models.ClaimVote, tally models.TallyFunc, now time.Time) (*models.VoteResult, error)
}

// KnowledgeBase receives settled claims; *knowledge.Importer implements it.
type KnowledgeBase interface {
	// AddVerified adds or updates the review of an expert-verified claim.
	AddVerified(ctx context.Context, v knowledge.Verified) (knowledge.Summary, error)
}

// Config is what the service needs.
type Config struct {
	// Store records votes.
	Store Store
	// KB receives settled claims; nil disables the feed.
	KB KnowledgeBase
	// BaseURL is the public address the knowledge-base review links back to.
	BaseURL string
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Log receives knowledge-base failures, which never fail a vote; nil means slog.Default().
	Log *slog.Logger
}

// Service records expert votes and keeps community scores.
type Service struct {
	cfg Config
}

// New builds the vote service.
func New(cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	return &Service{cfg: cfg}
}

// Validate checks a vote's fields and returns the cleaned input (trimmed note, sources without
// blank lines) or a *ValidationError listing every bad field.
func Validate(in VoteInput) (VoteInput, error) {
	var fields []FieldError
	bad := func(f, msg, key string, data map[string]any) {
		fields = append(fields, FieldError{Field: f, Message: msg, Key: "review.invalid." + key, Data: data})
	}
	in.Verdict = strings.TrimSpace(in.Verdict)
	if !analysis.ValidVerdict(in.Verdict) {
		msg, data := verdictChoiceMessage()
		bad("verdict", msg, "verdict", data)
	}
	if math.IsNaN(in.Confidence) || math.IsInf(in.Confidence, 0) || in.Confidence < 0 || in.Confidence > 1 {
		bad("confidence", "Enter a confidence between 0 (a guess) and 1 (certain), for example 0.8.", "confidence", nil)
	}
	in.Note = strings.TrimSpace(in.Note)
	switch n := utf8.RuneCountInString(in.Note); {
	case !utf8.ValidString(in.Note):
		bad("note", "The note must be valid text (UTF-8).", "note_utf8", nil)
	case n > MaxNoteRunes:
		bad("note", fmt.Sprintf("The note is %d characters long; the limit is %d.", n, MaxNoteRunes), "note_long",
			map[string]any{"N": n, "Max": MaxNoteRunes})
	}
	var sources []string
	for _, s := range in.Sources {
		if s = strings.TrimSpace(s); s != "" {
			sources = append(sources, s)
		}
	}
	in.Sources = sources
	if in.Sources == nil {
		in.Sources = []string{}
	}
	if msg, key, data := sourcesProblem(sources); msg != "" {
		bad("sources", msg, key, data)
	}
	if len(fields) > 0 {
		return in, &ValidationError{What: "vote", Fields: fields}
	}
	return in, nil
}

// verdictChoiceMessage asks for a verdict by the names the vote form shows ("Doğru", "Kısmen
// doğru", …), not by the slugs the form posts, which an expert never sees; data holds the names
// as A, B, C and D for the message pages write.
func verdictChoiceMessage() (string, map[string]any) {
	labels := make([]string, len(analysis.Verdicts))
	data := map[string]any{}
	for i, v := range analysis.Verdicts {
		label, _ := analysis.VerdictInfo(v)
		labels[i] = "“" + label + "”"
		data[string(rune('A'+i))] = label
	}
	return "Choose a verdict: " + strings.Join(labels[:len(labels)-1], ", ") + " or " + labels[len(labels)-1] + ".", data
}

// sourcesProblem says what is wrong with the source list, or "": every bad source is named, so
// one submit is enough to fix them all. key (under review.invalid) and data are the same for
// pages: the line numbers of each kind as First (all but the last, joined by commas) and Last,
// so each language joins them with its own "and".
func sourcesProblem(sources []string) (msg, key string, data map[string]any) {
	if len(sources) > MaxSources {
		return fmt.Sprintf("You gave %d sources; cite at most %d, one per line.", len(sources), MaxSources), "sources_many",
			map[string]any{"N": len(sources), "Max": MaxSources}
	}
	var long, notWeb []string
	for i, s := range sources {
		n := strconv.Itoa(i + 1)
		switch {
		case len(s) > MaxSourceChars:
			long = append(long, n)
		case !validation.WebURL(s, 0):
			notWeb = append(notWeb, n)
		}
	}
	var msgs []string
	data = map[string]any{"Max": MaxSourceChars}
	if len(long) > 0 {
		msgs = append(msgs, sourceList(long)+" longer than "+strconv.Itoa(MaxSourceChars)+" characters.")
		data["LongFirst"], data["LongLast"] = strings.Join(long[:len(long)-1], ", "), long[len(long)-1]
	}
	if len(notWeb) > 0 {
		msgs = append(msgs, sourceList(notWeb)+" not a web address. Give full addresses starting with https:// or http://, one per line.")
		data["WebFirst"], data["WebLast"] = strings.Join(notWeb[:len(notWeb)-1], ", "), notWeb[len(notWeb)-1]
	}
	if len(msgs) == 0 {
		return "", "", nil
	}
	return strings.Join(msgs, " "), "sources", data
}

// sourceList names sources by their line: "Source 2 is", "Sources 1 and 3 are", "Sources 1, 2 and 4 are".
func sourceList(ns []string) string {
	if len(ns) == 1 {
		return "Source " + ns[0] + " is"
	}
	return "Sources " + strings.Join(ns[:len(ns)-1], ", ") + " and " + ns[len(ns)-1] + " are"
}

// Vote validates and records in as the expert's vote on the claim, recomputes the claim's
// community score and, when the claim is settled, feeds it to the knowledge base. Errors: a
// *ValidationError, ErrNotExpert, ErrClaimNotFound, or a storage failure.
func (s *Service) Vote(ctx context.Context, in VoteInput) (Outcome, error) {
	in, err := Validate(in)
	if err != nil {
		return Outcome{}, err
	}
	srcJSON, err := json.Marshal(in.Sources)
	if err != nil {
		return Outcome{}, fmt.Errorf("vote on claim %s: encode sources: %w", in.ClaimID, err)
	}
	now := s.cfg.Now().UTC()
	var tally Tally
	rule := func(vs []models.ClaimVote) models.CommunityTally {
		bs := make([]Ballot, len(vs))
		for i, v := range vs {
			bs[i] = Ballot{Verdict: v.Verdict, Confidence: v.Confidence}
		}
		tally = Compute(bs)
		return models.CommunityTally{Score: tally.Score, Verdict: tally.Verdict, Confidence: tally.Confidence, Experts: tally.Experts,
			Settled: tally.Settled()}
	}
	res, err := s.cfg.Store.ApplyVote(ctx, models.ClaimVote{ClaimID: strings.ToLower(strings.TrimSpace(in.ClaimID)),
		ExpertID: in.ExpertID, Verdict: in.Verdict, Confidence: in.Confidence, Note: in.Note, Sources: string(srcJSON)}, rule, now)
	switch {
	case errors.Is(err, models.ErrNotFound):
		return Outcome{}, ErrClaimNotFound
	case errors.Is(err, models.ErrNotExpert):
		return Outcome{}, ErrNotExpert
	case err != nil:
		return Outcome{}, err
	}
	out := Outcome{Score: res.Current, Previous: res.Previous, Changed: res.Changed, Tally: tally, Settled: tally.Settled()}
	if out.Settled {
		s.feed(ctx, res, tally, now)
	}
	return out, nil
}

// feed adds a settled claim to the knowledge base. It runs after the vote committed; a failure is
// logged and never undoes or fails the vote (the next vote on the claim tries again).
func (s *Service) feed(ctx context.Context, res *models.VoteResult, t Tally, now time.Time) {
	if s.cfg.KB == nil {
		return
	}
	note, names := agreeing(res.Votes, t.Verdict)
	_, err := s.cfg.KB.AddVerified(ctx, knowledge.Verified{ClaimID: res.Claim.ID, ClaimText: res.Claim.Content,
		Language: res.Claim.Language, Verdict: analysis.Verdict(t.Verdict), Note: note, ExpertName: names,
		BaseURL: s.cfg.BaseURL, At: now})
	if err != nil {
		s.cfg.Log.Error("community: feed settled claim to the knowledge base", "claim", res.Claim.ID, "err", err)
	}
}

// agreeing joins the notes (oldest first) and public names of the experts who voted verdict;
// experts without a public profile are counted, not named.
func agreeing(votes []models.VoteListing, verdict string) (note, names string) {
	var notes, named []string
	anonymous := 0
	for i := len(votes) - 1; i >= 0; i-- {
		v := votes[i]
		if v.Verdict != verdict {
			continue
		}
		if n := strings.TrimSpace(v.Note); n != "" {
			if !strings.ContainsAny(n[len(n)-1:], ".!?") {
				n += "."
			}
			notes = append(notes, n)
		}
		if v.ExpertID != "" {
			named = append(named, v.ExpertName)
		} else {
			anonymous++
		}
	}
	switch {
	case anonymous == 1:
		named = append(named, "1 other expert")
	case anonymous > 1:
		named = append(named, strconv.Itoa(anonymous)+" other experts")
	}
	if len(named) == 1 && anonymous > 0 {
		named[0] = strings.Replace(named[0], "other ", "", 1)
		if anonymous == 1 {
			named[0] = "an expert"
		}
	}
	return strings.Join(notes, " "), joinNames(named)
}

// joinNames reads "A", "A and B", "A, B and C".
func joinNames(ns []string) string {
	switch len(ns) {
	case 0:
		return ""
	case 1:
		return ns[0]
	}
	return strings.Join(ns[:len(ns)-1], ", ") + " and " + ns[len(ns)-1]
}
