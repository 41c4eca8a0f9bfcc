package custommodel

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/internal/validation"
	"github.com/claimcheck/claimcheck/internal/webhooks"
	"github.com/claimcheck/claimcheck/models"
)

// Limits on what the form accepts.
const (
	// MaxBaseURL caps the endpoint address, in bytes.
	MaxBaseURL = 500
	// MaxModel caps the model (or Azure deployment) name, in characters.
	MaxModel = 200
	// MaxAPIKey caps the endpoint's API key, in bytes.
	MaxAPIKey = 500
)

// EnterprisePlanSlug is the plan whose accounts may configure their own model.
const EnterprisePlanSlug = "enterprise"

// MayConfigure is the rule of who may set an account's model: the account itself when it is on
// the Enterprise plan, and admins for any account.
func MayConfigure(actor *models.User, targetPlan *models.Plan) bool {
	if actor != nil && actor.Role == models.RoleAdmin {
		return true
	}
	return targetPlan != nil && targetPlan.Slug == EnterprisePlanSlug
}

// Input is what the form sends.
type Input struct {
	// BaseURL is the endpoint's API base, e.g. https://models.example.com/v1.
	BaseURL string
	// Model is the model or deployment name.
	Model string
	// APIKey is a new key for the endpoint; "" keeps the stored one (unless NoKey).
	APIKey string
	// NoKey removes the stored key: the endpoint takes none (a local vLLM, say).
	NoKey bool
}

// validate trims and checks in; the address check is left to checkAddress.
func validate(in Input) (Input, *validation.Errors) {
	in.BaseURL, in.Model, in.APIKey = strings.TrimSpace(in.BaseURL), strings.TrimSpace(in.Model), strings.TrimSpace(in.APIKey)
	var errs []validation.FieldError
	if msg := checkURLForm(in.BaseURL); msg != "" {
		errs = append(errs, validation.FieldError{Field: "base_url", Message: msg})
	}
	switch n := utf8.RuneCountInString(in.Model); {
	case !utf8.ValidString(in.Model):
		errs = append(errs, validation.FieldError{Field: "model", Message: "The model name must be valid UTF-8 text."})
	case n == 0:
		errs = append(errs, validation.FieldError{Field: "model", Message: "Enter the model's name, e.g. gpt-4o-mini or your fine-tuned model's id."})
	case n > MaxModel:
		errs = append(errs, validation.FieldError{Field: "model", Message: fmt.Sprintf("The model name is %d characters long; the limit is %d.", n, MaxModel)})
	case strings.IndexFunc(in.Model, func(r rune) bool { return unicode.IsControl(r) }) >= 0:
		errs = append(errs, validation.FieldError{Field: "model", Message: "The model name must be one line of plain text."})
	}
	switch {
	case len(in.APIKey) > MaxAPIKey:
		errs = append(errs, validation.FieldError{Field: "api_key", Message: fmt.Sprintf("The API key is longer than %d characters.", MaxAPIKey)})
	case strings.IndexFunc(in.APIKey, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0 || !utf8.ValidString(in.APIKey):
		errs = append(errs, validation.FieldError{Field: "api_key", Message: "The API key must be one word, without spaces or control characters."})
	case in.APIKey != "" && in.NoKey:
		errs = append(errs, validation.FieldError{Field: "api_key", Message: "Either enter a key or tick “The endpoint takes no key”, not both."})
	}
	if len(errs) > 0 {
		return in, &validation.Errors{What: "custom model", Fields: errs}
	}
	return in, nil
}

// checkURLForm says what is wrong with the endpoint address's form; "" means nothing.
func checkURLForm(raw string) string {
	if raw == "" {
		return "Enter the endpoint's API base address, e.g. https://models.example.com/v1."
	}
	if len(raw) > MaxBaseURL {
		return fmt.Sprintf("Use an address of at most %d characters.", MaxBaseURL)
	}
	if !utf8.ValidString(raw) || strings.IndexFunc(raw, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0 {
		return "The address must be one line without spaces."
	}
	u, err := url.Parse(raw)
	if err != nil || !u.IsAbs() || u.Opaque != "" || (u.Scheme != "https" && u.Scheme != "http") || u.Hostname() == "" {
		return "Enter a full address starting with https:// (or http://), e.g. https://models.example.com/v1."
	}
	if u.User != nil {
		return "Leave the user name and password out of the address; put the endpoint's key in the API key field."
	}
	if u.Fragment != "" || strings.HasSuffix(raw, "#") {
		return "Leave out the #fragment: it is never sent to the endpoint."
	}
	return ""
}

// checkAddress refuses an endpoint whose host is, or resolves to, a private, loopback or
// link-local address unless allowPrivate: the server calls this address with every analysis, so
// it must not be a way into the server's own network. The client checks again on every
// connection (webhooks.NewClient), so a later DNS change cannot get around it.
func checkAddress(ctx context.Context, raw string, allowPrivate bool, res webhooks.Resolver) string {
	if allowPrivate {
		return ""
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "Enter a full address starting with https://."
	}
	host := u.Hostname()
	switch bad, _, err := webhooks.NonPublicAddress(ctx, res, host); {
	case errors.Is(err, webhooks.ErrHostNotFound):
		return fmt.Sprintf("The host %s could not be found. Check the address.", host)
	case bad != "":
		return fmt.Sprintf("The address points to a private, loopback or link-local address (%s), which this server does not call for accounts. Use an address on the public internet.", bad)
	}
	return ""
}

// last4 is what the page shows of a key.
func last4(key string) string {
	if len(key) <= 4 {
		return key
	}
	return key[len(key)-4:]
}

// hostOf is the lower-cased host and port of an address, what a stored key is bound to.
func hostOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	return strings.ToLower(u.Host)
}
