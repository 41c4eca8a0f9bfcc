package compat

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/claimcheck/claimcheck/handlers/apikey"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/checking"
	"github.com/claimcheck/claimcheck/internal/metering"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
)

// ClaimChecker runs one check, charging the key's quota in the claim's transaction when a charge is given.
type ClaimChecker interface {
	Check(ctx context.Context, in checking.Input, charge checking.Charge) (*models.Claim, error)
}

// Functions serves the Supabase-style edge function `quick-responder`.
type Functions struct {
	meter   *metering.Meter
	checker ClaimChecker
	log     *slog.Logger
}

// NewFunctions builds the edge-function handlers.
func NewFunctions(meter *metering.Meter, checker ClaimChecker, log *slog.Logger) *Functions {
	if log == nil {
		log = slog.Default()
	}
	return &Functions{meter: meter, checker: checker, log: log}
}

// Routes mounts the functions under r (the /functions/v1 group).
func (h *Functions) Routes(r fiber.Router) {
	// A check writes: the middleware refuses a key already at its quota, and the claim's
	// transaction counts it (metering.Check).
	r.Post("/quick-responder", access(h.meter, metering.Check, functionRefusals, h.log), h.quickResponder)
	r.All("/quick-responder", func(c *fiber.Ctx) error {
		c.Set(fiber.HeaderAllow, "POST, OPTIONS")
		return functionError(c, fiber.StatusMethodNotAllowed, "Method not allowed: use POST.")
	})
	r.All("/*", func(c *fiber.Ctx) error {
		return functionError(c, fiber.StatusNotFound, fmt.Sprintf("Function %q not found.", c.Params("*")))
	})
}

// verificationResult is the analyse response: exactly the ten fields of docs/DECISIONS.md §3, in order.
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
	key := apikey.Key(c)
	in, msg := decodeCheckRequest(c)
	if msg != "" {
		return h.badRequest(c, key, msg)
	}
	charge := h.meter.Charge(key)
	claim, err := h.checker.Check(c.UserContext(), in, charge)
	var verr *checking.ValidationError
	switch {
	case err == nil:
	case errors.As(err, &verr):
		return h.badRequest(c, key, verr.Error())
	case errors.Is(err, checking.ErrOverQuota):
		a := charge.Admission()
		apikey.SetHeaders(c, a)
		return functionRefusals.overQuota(c, a)
	case errors.Is(err, checking.ErrAnalyzer):
		h.log.Error("analyze", "err", err)
		a, _ := h.meter.Peek(c.UserContext(), key)
		apikey.SetHeaders(c, a)
		return functionError(c, fiber.StatusBadGateway, "The analyzer failed; nothing was stored or counted. Retry shortly.")
	default:
		h.log.Error("check claim", "err", err)
		return functionError(c, fiber.StatusServiceUnavailable, "The claim could not be stored; nothing was counted. Retry shortly.")
	}
	apikey.SetHeaders(c, charge.Admission())
	return c.Status(fiber.StatusOK).JSON(verificationResult{
		ID: claim.ID, Score: claim.AIScore, Verdict: claim.AIVerdict, Summary: claim.AISummary,
		SourceScore: claim.SourceScore, ScienceScore: claim.ScienceScore, AcademicScore: claim.AcademicScore,
		PublicScore: claim.PublicScore, Category: claim.Category, EnQuery: claim.EnQuery,
	})
}

// badRequest answers 400 to an authenticated key and counts it (metering's rule: every
// authenticated request counts, including ones answered 400); when that count finds the quota used
// up the answer is the 429 instead. Should the counter fail, the 400 still goes out, uncounted.
func (h *Functions) badRequest(c *fiber.Ctx, key *models.KeyWithPlan, msg string) error {
	a, err := h.meter.Admit(c.UserContext(), key, metering.Read)
	if err != nil {
		h.log.Error("count bad request", "err", err)
		a, _ = h.meter.Peek(c.UserContext(), key)
	}
	apikey.SetHeaders(c, a)
	if !a.Allowed {
		return functionRefusals.overQuota(c, a)
	}
	return functionError(c, fiber.StatusBadRequest, msg)
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
		return checking.Input{}, "The request body is not a JSON object: " + web.JSONProblem(err) + "."
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
