package compat

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/claimcheck/claimcheck/handlers/apikey"
	"github.com/claimcheck/claimcheck/internal/checking"
	"github.com/claimcheck/claimcheck/internal/quota"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
)

// ClaimChecker runs one check, charging the key's quota when a charge is given.
type ClaimChecker interface {
	Check(ctx context.Context, in checking.Input, charge *models.Charge) (*models.Claim, models.Admission, error)
}

// Functions serves the Supabase-style edge function `quick-responder`.
type Functions struct {
	auth    apikey.KeyAuthenticator
	usage   apikey.UsageReader
	checker ClaimChecker
	log     *slog.Logger
	now     func() time.Time
}

// NewFunctions builds the edge-function handlers.
func NewFunctions(auth apikey.KeyAuthenticator, usage apikey.UsageReader, checker ClaimChecker, log *slog.Logger, now func() time.Time) *Functions {
	return &Functions{auth: auth, usage: usage, checker: checker, log: log, now: now}
}

// Routes mounts the functions under r (the /functions/v1 group).
func (h *Functions) Routes(r fiber.Router) {
	r.Post("/quick-responder", h.quickResponder)
	r.All("/quick-responder", func(c *fiber.Ctx) error {
		c.Set(fiber.HeaderAllow, "POST, OPTIONS")
		return functionError(c, fiber.StatusMethodNotAllowed, "Method not allowed: use POST.")
	})
	r.All("/*", func(c *fiber.Ctx) error {
		return functionError(c, fiber.StatusNotFound, fmt.Sprintf("Function %q not found.", c.Params("*")))
	})
}

// verificationResult is the analyse response: exactly the ten fields of SPEC.md §2.1, in order.
type verificationResult struct {
	ID            string `json:"id"`
	Score         int    `json:"score"`
	Verdict       string `json:"verdict"`
	Summary       string `json:"summary"`
	SourceScore   int    `json:"source_score"`
	ScienceScore  int    `json:"science_score"`
	AcademicScore int    `json:"academic_score"`
	PublicScore   int    `json:"public_score"`
	Category      string `json:"category"`
	EnQuery       string `json:"en_query"`
}

// functionError answers in the edge function's error shape.
func functionError(c *fiber.Ctx, status int, msg string) error {
	return c.Status(status).JSON(fiber.Map{"error": msg})
}

func (h *Functions) quickResponder(c *fiber.Ctx) error {
	now := h.now()
	key, err := h.auth.Authenticate(c.UserContext(), apikey.FromRequest(c))
	if err != nil {
		switch missing, bad := apikey.AuthError(err); {
		case missing:
			return functionError(c, fiber.StatusUnauthorized, "Missing API key: send it in the apikey header or as Authorization: Bearer <key>.")
		case bad:
			return functionError(c, fiber.StatusUnauthorized, "Invalid API key: the key is unknown or has been revoked.")
		}
		h.log.Error("authenticate", "err", err)
		return functionError(c, fiber.StatusServiceUnavailable, "The key store is unavailable; retry shortly.")
	}
	limit := key.EffectiveQuota()
	period := quota.Period(now)

	in, msg := decodeCheckRequest(c)
	if msg != "" {
		h.rateHeadersFromStore(c, key.Key.ID, period, limit, now)
		return functionError(c, fiber.StatusBadRequest, msg)
	}
	// A cheap read first spares the analyzer for keys that are already over quota; the
	// atomic charge below is what actually decides.
	if limit != nil {
		used, err := h.usage.Current(c.UserContext(), key.Key.ID, period)
		if err != nil {
			h.log.Error("read usage", "err", err)
			return functionError(c, fiber.StatusServiceUnavailable, "Usage could not be read; retry shortly.")
		}
		if used >= *limit {
			return h.overQuota(c, limit, now)
		}
	}
	claim, adm, err := h.checker.Check(c.UserContext(), in, &models.Charge{KeyID: key.Key.ID, Period: period, Limit: limit})
	var verr *checking.ValidationError
	switch {
	case err == nil:
	case errors.As(err, &verr):
		h.rateHeadersFromStore(c, key.Key.ID, period, limit, now)
		return functionError(c, fiber.StatusBadRequest, verr.Error())
	case errors.Is(err, checking.ErrOverQuota):
		return h.overQuota(c, limit, now)
	case errors.Is(err, checking.ErrAnalyzer):
		h.log.Error("analyze", "err", err)
		h.rateHeadersFromStore(c, key.Key.ID, period, limit, now)
		return functionError(c, fiber.StatusBadGateway, "The analyzer failed; nothing was stored or counted. Retry shortly.")
	default:
		h.log.Error("check claim", "err", err)
		return functionError(c, fiber.StatusServiceUnavailable, "The claim could not be stored; nothing was counted. Retry shortly.")
	}
	apikey.SetRateHeaders(c, limit, adm.Count, now)
	return c.Status(fiber.StatusOK).JSON(verificationResult{
		ID: claim.ID, Score: claim.AIScore, Verdict: claim.AIVerdict, Summary: claim.AISummary,
		SourceScore: claim.SourceScore, ScienceScore: claim.ScienceScore, AcademicScore: claim.AcademicScore,
		PublicScore: claim.PublicScore, Category: claim.Category, EnQuery: claim.EnQuery,
	})
}

// overQuota answers 429 with when the quota resets.
func (h *Functions) overQuota(c *fiber.Ctx, limit *int, now time.Time) error {
	apikey.SetRateHeaders(c, limit, *limit, now)
	apikey.SetRetryAfter(c, now)
	return functionError(c, fiber.StatusTooManyRequests, fmt.Sprintf(
		"Monthly quota of %d requests is used up; it resets at %s.", *limit, quota.ResetAt(now).Format(time.RFC3339)))
}

// rateHeadersFromStore sets the rate-limit headers on answers that did not charge the key.
func (h *Functions) rateHeadersFromStore(c *fiber.Ctx, keyID, period string, limit *int, now time.Time) {
	used := 0
	if limit != nil {
		if n, err := h.usage.Current(c.UserContext(), keyID, period); err == nil {
			used = n
		}
	}
	apikey.SetRateHeaders(c, limit, used, now)
}

// decodeCheckRequest reads {claim, source_url?} strictly enough to give a precise message for each
// mistake a client can make, and leniently enough to ignore fields it does not know.
func decodeCheckRequest(c *fiber.Ctx) (checking.Input, string) {
	if ct := strings.ToLower(c.Get(fiber.HeaderContentType)); ct != "" && !strings.HasPrefix(ct, "application/json") {
		return checking.Input{}, fmt.Sprintf("Content-Type must be application/json, not %q.", ct)
	}
	body := bytes.TrimSpace(c.Body())
	if len(body) == 0 {
		return checking.Input{}, "The request body is empty: send a JSON object such as {\"claim\": \"...\"}."
	}
	var raw map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&raw); err != nil {
		return checking.Input{}, "The request body is not a JSON object: " + err.Error() + "."
	}
	if dec.More() {
		return checking.Input{}, "The request body has data after the JSON object."
	}
	if raw == nil {
		return checking.Input{}, "The request body must be a JSON object, not null."
	}
	var in checking.Input
	claimRaw, ok := raw["claim"]
	if !ok || string(claimRaw) == "null" {
		return in, "Missing field \"claim\": the claim text to analyse."
	}
	if err := json.Unmarshal(claimRaw, &in.Claim); err != nil {
		return in, "Field \"claim\" must be a string."
	}
	if srcRaw, ok := raw["source_url"]; ok && string(srcRaw) != "null" {
		if err := json.Unmarshal(srcRaw, &in.SourceURL); err != nil {
			return in, "Field \"source_url\" must be a string (a URL) or null."
		}
	}
	return in, ""
}
