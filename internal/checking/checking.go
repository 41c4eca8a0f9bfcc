// Package checking is the one path every claim check takes, from the web form, the compatible API
// and the CLI: validate, analyse, store (charging the key's quota in the same transaction).
package checking

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/claimcheck/claimcheck/internal/validation"
	"net"
	"net/url"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/turkish"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// Limits on input, from docs/DECISIONS.md §8.
const (
	// MaxClaimChars is the longest claim accepted, in characters after trimming.
	MaxClaimChars = 5000
	// MaxSourceURLChars is the longest source URL accepted.
	MaxSourceURLChars = 2048
)

// ErrOverQuota means the key has used its monthly quota; nothing was stored or counted.
var ErrOverQuota = errors.New("monthly quota exhausted")

// ErrAnalyzer wraps analyzer failures, which callers report as 502 rather than inventing a result.
var ErrAnalyzer = errors.New("analyzer failed")

// Input is a claim as submitted.
type Input struct {
	Claim     string
	SourceURL string
}

// FieldError says what is wrong with one input field ("claim" or "source_url").
type FieldError = validation.FieldError

// ValidationError lists every problem with an input; its Error is the messages alone, as the
// compatible API's {"error"} answer shows them.
type ValidationError = validation.Errors

// Validate trims and checks an input; the returned Input is what gets analysed and stored.
//
// A claim must be valid UTF-8, at most MaxClaimChars characters, free of control characters and
// contain at least one letter or digit: text with no word in it ("???", "//", emoji alone, a
// zero-width space) cannot be analysed, so it is refused here, before any surface charges a quota
// or queues a job, rather than failing in the analyzer. Control characters (C0 and C1, and DEL)
// other than tab, line feed and carriage return are refused, not stripped: PostgreSQL cannot store
// NUL in text while SQLite can, and refusing keeps both databases (and what the sender sees) the
// same. The source URL is held to the same control-character rule.
func Validate(in Input) (Input, *ValidationError) {
	var errs []FieldError
	claim := strings.TrimSpace(in.Claim)
	switch n := utf8.RuneCountInString(claim); {
	case !utf8.ValidString(claim):
		errs = append(errs, FieldError{Field: "claim", Key: "check.claim.utf8", Message: "The claim must be valid UTF-8 text."})
	case n == 0:
		errs = append(errs, FieldError{Field: "claim", Key: "check.claim.empty", Message: "Enter the claim to check."})
	case n > MaxClaimChars:
		errs = append(errs, FieldError{Field: "claim", Key: "check.claim.too_long", Data: map[string]any{"Length": n, "Limit": MaxClaimChars},
			Message: fmt.Sprintf("The claim is %d characters long; the limit is %d.", n, MaxClaimChars)})
	case validation.ControlChar(claim) >= 0:
		errs = append(errs, FieldError{Field: "claim", Key: "check.claim.control", Data: map[string]any{"Char": fmt.Sprintf("U+%04X", validation.ControlChar(claim))}, Message: fmt.Sprintf(
			"The claim contains an invisible control character (U+%04X); remove it and send plain text.", validation.ControlChar(claim))})
	case !validation.HasWord(claim):
		errs = append(errs, FieldError{Field: "claim", Key: "check.claim.no_words", Message: "The claim has no words: enter a statement with at least one letter or number, not only punctuation, symbols or emoji."})
	}
	src := strings.TrimSpace(in.SourceURL)
	if src != "" {
		if key, msg := checkSourceURL(src); msg != "" {
			errs = append(errs, FieldError{Field: "source_url", Key: key, Data: map[string]any{"Limit": MaxSourceURLChars}, Message: msg})
		}
	}
	if len(errs) > 0 {
		return Input{Claim: claim, SourceURL: src}, &ValidationError{Fields: errs}
	}
	return Input{Claim: claim, SourceURL: src}, nil
}

// checkSourceURL accepts absolute http(s) URLs with a real host name.
func checkSourceURL(s string) (key, msg string) {
	if len(s) > MaxSourceURLChars {
		return "check.source.too_long", fmt.Sprintf("The source URL is longer than %d characters.", MaxSourceURLChars)
	}
	if !utf8.ValidString(s) || validation.ControlChar(s) >= 0 || strings.ContainsAny(s, "\t\r\n") {
		return "check.source.one_line", "The source URL must be one line of plain text, without control characters."
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "check.source.scheme", "The source URL must be a full web address starting with http:// or https://."
	}
	host := u.Hostname()
	if host == "" || strings.ContainsAny(host, " _") {
		return "check.source.host", "The source URL has no valid host name."
	}
	if ip := net.ParseIP(host); ip == nil && !strings.Contains(host, ".") && host != "localhost" {
		return "check.source.domain", "The source URL's host must be a domain name such as example.com."
	}
	if u.User != nil {
		return "check.source.userinfo", "The source URL must not contain a user name or password."
	}
	return "", ""
}

// ClaimWriter stores claims (models.ClaimStore).
type ClaimWriter interface {
	// Create stores a claim no key pays for.
	Create(ctx context.Context, c *models.Claim) error
	// InTx runs fn in one transaction.
	InTx(ctx context.Context, fn func(tx models.Tx) error) error
	// InsertTx stores a claim inside tx.
	InsertTx(ctx context.Context, tx models.Tx, c *models.Claim) error
	// LinkFirm sets the claim's firm from its source domain; it reads, so it runs before the
	// transaction.
	LinkFirm(ctx context.Context, c *models.Claim) error
}

// Charge counts a check against the key that pays for it, inside the transaction that stores the
// claim (internal/metering's Charge); false refuses the check.
type Charge interface {
	// KeyID is the paying key, recorded on the claim.
	KeyID() string
	// Tx counts the check in tx.
	Tx(ctx context.Context, tx models.Tx) (bool, error)
}

// Service runs checks.
type Service struct {
	analyzer analysis.Analyzer
	claims   ClaimWriter
	now      func() time.Time
}

// NewService builds the check service.
func NewService(a analysis.Analyzer, claims ClaimWriter, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{analyzer: a, claims: claims, now: now}
}

// Analyze validates and analyses without storing (the CLI's `analyze`).
func (s *Service) Analyze(ctx context.Context, in Input) (Input, analysis.Result, error) {
	v, verr := Validate(in)
	if verr != nil {
		return v, analysis.Result{}, verr
	}
	res, err := s.analyzer.Analyze(ctx, analysis.Input{Claim: v.Claim, SourceURL: v.SourceURL})
	if errors.Is(err, analysis.ErrEmptyClaim) || errors.Is(err, analysis.ErrInvalidUTF8) || errors.Is(err, analysis.ErrClaimTooLong) {
		// The analyzer's own input check disagrees with Validate: the input can never be analysed,
		// so it is the sender's error (400, no retry), not an analyzer failure (502).
		return v, analysis.Result{}, &ValidationError{Fields: []FieldError{{Field: "claim", Key: "check.claim.unanalysable",
			Message: "The claim cannot be analysed: enter a statement with at least one letter or number."}}}
	}
	if err != nil {
		return v, analysis.Result{}, fmt.Errorf("%w: %v", ErrAnalyzer, err)
	}
	return v, res, nil
}

// Check validates, analyses and stores one claim. With a charge, the key's quota is counted in the
// same transaction as the insert; over quota it returns ErrOverQuota and stores nothing.
//
// Everything that only reads (the analysis, the firm lookup) happens before the transaction, and
// inside it the inserts come first and the charge last: the charge's counter row is the one lock
// every check of a key contends on, so it is taken just before the commit and held for the
// shortest time. A charge that refuses rolls the inserts back; an insert that fails charges
// nothing.
func (s *Service) Check(ctx context.Context, in Input, charge Charge) (*models.Claim, error) {
	if charge != nil {
		// The paying key's account may have its own model (internal/custommodel).
		ctx = analysis.WithPaidBy(ctx, charge.KeyID())
	}
	v, res, err := s.Analyze(ctx, in)
	if err != nil {
		return nil, err
	}
	id, err := uuid.NewV7()
	if err != nil {
		return nil, fmt.Errorf("claim id: %w", err)
	}
	c, err := s.record(id.String(), v, res)
	if err != nil {
		return nil, err
	}
	if charge == nil {
		if err := s.claims.Create(ctx, c); err != nil {
			return nil, err
		}
		return c, nil
	}
	keyID := charge.KeyID()
	c.APIKeyID = &keyID
	if err := s.claims.LinkFirm(ctx, c); err != nil {
		return nil, fmt.Errorf("store checked claim: %w", err)
	}
	err = s.claims.InTx(ctx, func(tx models.Tx) error {
		if err := s.claims.InsertTx(ctx, tx, c); err != nil {
			return err
		}
		ok, err := charge.Tx(ctx, tx)
		if err != nil {
			return err
		}
		if !ok {
			return ErrOverQuota
		}
		return nil
	})
	if errors.Is(err, ErrOverQuota) {
		return nil, ErrOverQuota
	}
	if err != nil {
		return nil, fmt.Errorf("store checked claim: %w", err)
	}
	return c, nil
}

// StoredMeta is the analysis_meta column: how the analysis ran plus the related reading found.
type StoredMeta struct {
	analysis.Meta
	// EvidenceItems is the related reading online providers returned.
	EvidenceItems []analysis.Evidence `json:"evidence_items,omitempty"`
}

// Prepare validates and analyses in and returns the claim row under id without storing it: the
// submission queue stores it itself, in the transaction that marks the submission analysed. A
// *ValidationError means the input can never be analysed; ErrAnalyzer wraps analyzer failures.
func (s *Service) Prepare(ctx context.Context, id string, in Input) (*models.Claim, error) {
	if _, err := uuid.Parse(id); err != nil {
		return nil, fmt.Errorf("prepare claim: id %q is not a UUID", id)
	}
	v, res, err := s.Analyze(ctx, in)
	if err != nil {
		return nil, err
	}
	return s.record(id, v, res)
}

// record turns an analysis into a claim row with the given id.
func (s *Service) record(id string, in Input, r analysis.Result) (*models.Claim, error) {
	basis, err := json.Marshal(r.Basis)
	if err != nil {
		return nil, fmt.Errorf("encode basis: %w", err)
	}
	matches := r.Matches
	if matches == nil {
		matches = []analysis.Match{}
	}
	matchesJSON, err := json.Marshal(matches)
	if err != nil {
		return nil, fmt.Errorf("encode matches: %w", err)
	}
	meta, err := json.Marshal(StoredMeta{Meta: r.Meta, EvidenceItems: r.Evidence})
	if err != nil {
		return nil, fmt.Errorf("encode analysis meta: %w", err)
	}
	c := &models.Claim{
		ID: id, Content: in.Claim, Language: r.Language, Category: r.Category, EnQuery: r.EnQuery,
		AIScore: r.Score, AIVerdict: string(r.Verdict), AISummary: r.Summary,
		SourceScore: r.SourceScore, ScienceScore: r.ScienceScore, AcademicScore: r.AcademicScore, PublicScore: r.PublicScore,
		Analyzer: r.Analyzer, AnalyzerVersion: r.Version, Basis: string(basis),
		Matches: string(matchesJSON), AnalysisMeta: string(meta),
		CreatedAt: s.now().UTC().Truncate(time.Microsecond),
	}
	// The score facts are read from the texts here, before the transaction that stores the claim.
	c.Facts = c.DeriveScoreFacts()
	key := TextKey(in.Claim)
	c.TextKey = &key
	if in.SourceURL != "" {
		src := in.SourceURL
		c.SourceURL = &src
	}
	if r.SourceDomain != "" {
		d := r.SourceDomain
		c.SourceDomain = &d
	}
	return c, nil
}

// TextKey identifies a claim's text for repeat checks: the SHA-256 (hex) of the text folded the
// Turkish way (turkish.Fold: "AŞILAR", "Aşılar" and "asilar" meet), apostrophes dropped ("Ay'a" and
// "Aya"), every other run of punctuation and white space one space, ends trimmed. Two records
// with the same key state the same words, so the claim page links them as one claim checked
// several times; a reworded claim is a different claim and is matched by the analysis instead.
func TextKey(claim string) string {
	folded := turkish.Fold(claim)
	var b strings.Builder
	b.Grow(len(folded))
	space := false
	for _, r := range folded {
		switch {
		case r == '\'' || r == '’' || r == 'ʼ' || r == '`':
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
		default:
			space = true
		}
	}
	sum := sha256.Sum256([]byte(b.String()))
	return hex.EncodeToString(sum[:])
}
