package custommodel

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/llm"
	"github.com/claimcheck/claimcheck/internal/validation"
	"github.com/claimcheck/claimcheck/internal/webhooks"
	"github.com/claimcheck/claimcheck/models"
)

// Store keeps the accounts' endpoints (models.AccountModelStore).
type Store interface {
	// Get returns the account's endpoint or models.ErrNotFound.
	Get(ctx context.Context, userID string) (*models.AccountModel, error)
	// ForKey returns the endpoint of the API key's account or models.ErrNotFound.
	ForKey(ctx context.Context, keyID string) (*models.AccountModel, error)
	// Put stores the account's endpoint, replacing any.
	Put(ctx context.Context, m *models.AccountModel) error
	// Delete removes it; false when there was none.
	Delete(ctx context.Context, userID string) (bool, error)
}

// Config is what the service is built from.
type Config struct {
	// Store keeps the endpoints.
	Store Store
	// Secret is the installation secret (DEVICE_KEY) the sealing key is derived from; without it
	// custom models cannot be configured (Available is false) and none is used.
	Secret string
	// Offline is the pipeline every model is given as context and falls back to.
	Offline analysis.Analyzer
	// Aligner checks that a fact-check a model names states the claim (the matching index).
	Aligner llm.ClaimAligner
	// Timeout, MaxRetries and StructuredOutput are the deployment's LLM settings, used for
	// accounts' endpoints too (zero values are internal/llm's defaults).
	Timeout          time.Duration
	MaxRetries       int
	StructuredOutput string
	// AllowPrivate lets endpoints be on private, loopback and link-local addresses
	// (CUSTOM_MODEL_ALLOW_PRIVATE: self-hosted installations and tests).
	AllowPrivate bool
	// Resolver looks host names up for the address check; nil is the system resolver.
	Resolver webhooks.Resolver
	// CacheTTL bounds how long a process keeps using an endpoint another process changed;
	// zero is 5 s. Changes made through this Service apply at once in this process.
	CacheTTL time.Duration
	// Now is the clock; nil is time.Now.
	Now func() time.Time
	// Log receives endpoints that could not be used; nil is slog.Default().
	Log *slog.Logger
	// Audit records an admin's change to another account's endpoint in the admin audit log;
	// nil records nothing.
	Audit Auditor
}

// Auditor writes the admin audit log; *models.AuditStore implements it.
type Auditor interface {
	Add(ctx context.Context, tx models.Tx, actorID, action, subject string, detail any) error
}

// Service configures accounts' models and makes analyses with them.
type Service struct {
	c      Config
	sealer *Sealer

	mu        sync.Mutex
	byKey     map[string]keyEntry
	analyzers map[string]*llm.Analyzer
}

// keyEntry caches which endpoint (nil: none) a key's analyses use.
type keyEntry struct {
	m       *models.AccountModel
	expires time.Time
}

// maxCached bounds both caches; past it they start over.
const maxCached = 10_000

// New builds the service.
func New(c Config) *Service {
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	if c.CacheTTL <= 0 {
		c.CacheTTL = 5 * time.Second
	}
	if c.Timeout <= 0 {
		c.Timeout = llm.DefaultTimeout
	}
	s := &Service{c: c, byKey: map[string]keyEntry{}, analyzers: map[string]*llm.Analyzer{}}
	if sealer, err := NewSealer(c.Secret); err == nil {
		s.sealer = sealer
	}
	return s
}

// Available reports whether custom models can be configured here: the server has a DEVICE_KEY to
// seal endpoint keys with.
func (s *Service) Available() bool { return s.sealer != nil }

// View is an account's endpoint as the page shows it: never the key, only its last characters.
type View struct {
	// Configured is false when the account has no endpoint; the other fields are then empty.
	Configured bool
	// BaseURL and Model are as saved.
	BaseURL, Model string
	// HasKey is true when a key is stored; KeyLast4 is its last four characters ("" for a key too
	// short to show any of it safely).
	HasKey   bool
	KeyLast4 string
	// UpdatedAt is when it was last saved.
	UpdatedAt time.Time
}

// Get returns the account's endpoint.
func (s *Service) Get(ctx context.Context, userID string) (View, error) {
	m, err := s.c.Store.Get(ctx, userID)
	if errors.Is(err, models.ErrNotFound) {
		return View{}, nil
	}
	if err != nil {
		return View{}, err
	}
	return View{Configured: true, BaseURL: m.BaseURL, Model: m.Model, HasKey: m.APIKeySealed != "", KeyLast4: m.APIKeyLast4, UpdatedAt: m.UpdatedAt}, nil
}

// Save checks in and stores it as the account's endpoint; actorID is who saved it (the account
// or an admin). It returns the cleaned input and a *validation.Errors for input to correct. An
// empty APIKey keeps the stored key unless NoKey. The change applies to this process's next
// analysis at once.
func (s *Service) Save(ctx context.Context, userID, actorID string, in Input) (Input, error) {
	if s.sealer == nil {
		return in, ErrNoSecret
	}
	in, verr := validate(in)
	if verr != nil {
		return in, verr
	}
	if msg := checkAddress(ctx, in.BaseURL, s.c.AllowPrivate, s.c.Resolver); msg != "" {
		return in, &validation.Errors{What: "custom model", Fields: []validation.FieldError{{Field: "base_url", Message: msg}}}
	}
	now := s.c.Now().UTC()
	m := &models.AccountModel{UserID: userID, BaseURL: in.BaseURL, Model: in.Model, CreatedAt: now, UpdatedAt: now, UpdatedBy: &actorID}
	switch {
	case in.APIKey != "":
		sealed, err := s.sealer.Seal(userID, in.APIKey)
		if err != nil {
			return in, err
		}
		m.APIKeySealed = sealed
		if len(in.APIKey) >= 8 {
			m.APIKeyLast4 = last4(in.APIKey)
		}
	case !in.NoKey:
		old, err := s.c.Store.Get(ctx, userID)
		if err != nil && !errors.Is(err, models.ErrNotFound) {
			return in, err
		}
		if old != nil && old.APIKeySealed != "" {
			// The stored key goes only to the host it was entered for: pointing the endpoint
			// elsewhere must not send it there (nor let whoever holds the session learn it).
			if hostOf(old.BaseURL) != hostOf(in.BaseURL) {
				return in, &validation.Errors{What: "custom model", Fields: []validation.FieldError{{Field: "api_key",
					Message: "The endpoint's host changed: enter its API key again, or tick “The endpoint takes no key”. The stored key is only sent to the host it was saved for."}}}
			}
			m.APIKeySealed, m.APIKeyLast4 = old.APIKeySealed, old.APIKeyLast4
		}
	}
	if err := s.c.Store.Put(ctx, m); err != nil {
		return in, err
	}
	if err := s.audit(ctx, userID, actorID, "account_model.save", map[string]any{"base_url": m.BaseURL, "model": m.Model,
		"key_changed": in.APIKey != "", "no_key": in.NoKey}); err != nil {
		return in, err
	}
	s.Forget()
	in.APIKey = "" // never echoed back into the form
	return in, nil
}

// Clear removes the account's endpoint, actorID acting: its analyses go back to the service's own
// analyzer.
func (s *Service) Clear(ctx context.Context, userID, actorID string) (bool, error) {
	ok, err := s.c.Store.Delete(ctx, userID)
	if err != nil {
		return ok, err
	}
	s.Forget()
	if ok {
		if err := s.audit(ctx, userID, actorID, "account_model.clear", nil); err != nil {
			return ok, err
		}
	}
	return ok, nil
}

// audit records a change an admin made to another account's endpoint (an account's own changes
// are its business, not the admin log's).
func (s *Service) audit(ctx context.Context, userID, actorID, action string, detail any) error {
	if s.c.Audit == nil || actorID == "" || actorID == userID {
		return nil
	}
	if err := s.c.Audit.Add(ctx, models.Tx{}, actorID, action, "user:"+userID, detail); err != nil {
		return fmt.Errorf("custom model of %s: %w", userID, err)
	}
	return nil
}

// Forget drops the cached endpoints, so a change applies to the next analysis in this process.
func (s *Service) Forget() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.byKey)
}

// TestClaim is what the test prompt asks the model to analyse: a settled fact every model knows.
const TestClaim = "Water boils at 100 degrees Celsius at sea level."

// TestResult is the outcome of a test prompt.
type TestResult struct {
	// OK is true when the model gave a valid analysis.
	OK bool
	// Model is the model asked; LatencyMS how long the analysis took.
	Model     string
	LatencyMS int64
	// Verdict is the model's verdict of TestClaim when OK.
	Verdict string
	// Problem says why the model's answer could not be used when not OK (never the key).
	Problem string
}

// testTimeout bounds a test prompt, so the page answers while the person waits.
const testTimeout = 20 * time.Second

// Test sends TestClaim through the account's endpoint exactly as an analysis would (the same
// prompt, schema and checks), without storing anything, and says whether a valid answer came back.
func (s *Service) Test(ctx context.Context, userID string) (TestResult, error) {
	m, err := s.c.Store.Get(ctx, userID)
	if err != nil {
		return TestResult{}, err
	}
	a, err := s.build(m, min(s.c.Timeout, testTimeout), 0)
	if err != nil {
		return TestResult{Model: m.Model, Problem: err.Error()}, nil
	}
	r, err := a.Analyze(ctx, analysis.Input{Claim: TestClaim})
	if err != nil {
		return TestResult{}, fmt.Errorf("test prompt: %w", err)
	}
	res := TestResult{Model: m.Model, LatencyMS: r.Meta.LatencyMS}
	if r.Meta.Fallback != "" {
		res.Problem = r.Meta.Fallback
		return res, nil
	}
	res.OK, res.Verdict = true, string(r.Verdict)
	return res, nil
}

// build makes an LLM analyzer for m: its key unsealed, its requests through a client that refuses
// private addresses (unless allowed).
func (s *Service) build(m *models.AccountModel, timeout time.Duration, retries int) (*llm.Analyzer, error) {
	if s.sealer == nil {
		return nil, ErrNoSecret
	}
	key := ""
	if m.APIKeySealed != "" {
		k, err := s.sealer.Open(m.UserID, m.APIKeySealed)
		if err != nil {
			return nil, err
		}
		key = k
	}
	a, err := llm.New(llm.Config{BaseURL: m.BaseURL, Model: m.Model, APIKey: key, Timeout: timeout, MaxRetries: retries,
		StructuredOutput: s.c.StructuredOutput, Aligner: s.c.Aligner,
		HTTPClient: webhooks.NewClient(timeout, s.c.AllowPrivate)}, s.c.Offline)
	if err != nil {
		return nil, fmt.Errorf("the endpoint cannot be used: %w", err)
	}
	return a, nil
}

// forKey returns the endpoint the key's analyses use (nil: none), cached for CacheTTL.
func (s *Service) forKey(ctx context.Context, keyID string) (*models.AccountModel, error) {
	now := s.c.Now()
	s.mu.Lock()
	e, ok := s.byKey[keyID]
	s.mu.Unlock()
	if ok && now.Before(e.expires) {
		return e.m, nil
	}
	m, err := s.c.Store.ForKey(ctx, keyID)
	if errors.Is(err, models.ErrNotFound) {
		m, err = nil, nil
	}
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	if len(s.byKey) >= maxCached {
		clear(s.byKey)
	}
	s.byKey[keyID] = keyEntry{m: m, expires: now.Add(s.c.CacheTTL)}
	s.mu.Unlock()
	return m, nil
}

// analyzerFor returns the (cached) analyzer of an endpoint version: a saved change makes a new one.
func (s *Service) analyzerFor(m *models.AccountModel) (*llm.Analyzer, error) {
	id := m.UserID + "@" + strconv.FormatInt(m.UpdatedAt.UnixNano(), 10)
	s.mu.Lock()
	a := s.analyzers[id]
	s.mu.Unlock()
	if a != nil {
		return a, nil
	}
	a, err := s.build(m, s.c.Timeout, s.c.MaxRetries)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	if len(s.analyzers) >= maxCached {
		clear(s.analyzers)
	}
	s.analyzers[id] = a
	s.mu.Unlock()
	return a, nil
}

// Analyzer wraps def so that an analysis paid for by a key whose account has an endpoint
// (analysis.PaidBy) is made by that endpoint; every other analysis is def's.
func (s *Service) Analyzer(def analysis.Analyzer) analysis.Analyzer { return &router{s: s, def: def} }

// router is the analyzer Analyzer returns.
type router struct {
	s   *Service
	def analysis.Analyzer
}

// Name is the default analyzer's name; each result names the analyzer that made it.
func (r *router) Name() string { return r.def.Name() }

// Analyze routes one analysis.
func (r *router) Analyze(ctx context.Context, in analysis.Input) (analysis.Result, error) {
	keyID := analysis.PaidBy(ctx)
	if keyID == "" || r.s.sealer == nil {
		return r.def.Analyze(ctx, in)
	}
	m, err := r.s.forKey(ctx, keyID)
	if err != nil {
		return analysis.Result{}, fmt.Errorf("custom model of key %s: %w", keyID, err)
	}
	if m == nil {
		return r.def.Analyze(ctx, in)
	}
	a, err := r.s.analyzerFor(m)
	if err != nil {
		// The endpoint cannot be built (its key no longer opens: DEVICE_KEY changed). The
		// analysis still happens, offline, and its record says why the account's model did not.
		r.s.c.Log.Warn("custom model unusable; analysing offline", "account", m.UserID, "err", err)
		res, oerr := r.s.c.Offline.Analyze(ctx, in)
		if oerr != nil {
			return res, oerr
		}
		res.Meta.Fallback = "the account's custom model could not be used (" + err.Error() + "); offline analyzer answered"
		return res, nil
	}
	return a.Analyze(ctx, in)
}
