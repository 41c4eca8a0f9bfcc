package custommodel

import (
	"context"
	"errors"
	"net/netip"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/models"
)

// TestSealRoundTrip: a sealed key opens for its account under the same secret and nowhere else.
func TestSealRoundTrip(t *testing.T) {
	secret := strings.Repeat("s", 32)
	s, err := NewSealer(secret)
	if err != nil {
		t.Fatal(err)
	}
	const key = "sk-live-0123456789abcdef"
	sealed, err := s.Seal("user-a", key)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(sealed, key) || !strings.HasPrefix(sealed, "v1:") {
		t.Fatalf("sealed value %q", sealed)
	}
	again, _ := s.Seal("user-a", key)
	if again == sealed {
		t.Error("two seals of one key are equal: the nonce is not random")
	}
	if got, err := s.Open("user-a", sealed); err != nil || got != key {
		t.Fatalf("open: %q, %v", got, err)
	}
	other, _ := NewSealer(strings.Repeat("t", 32))
	tampered := sealed[:len(sealed)-2] + "AA"
	for name, open := range map[string]func() (string, error){
		"another account":   func() (string, error) { return s.Open("user-b", sealed) },
		"another secret":    func() (string, error) { return other.Open("user-a", sealed) },
		"tampered":          func() (string, error) { return s.Open("user-a", tampered) },
		"not sealed at all": func() (string, error) { return s.Open("user-a", key) },
	} {
		if got, err := open(); err == nil {
			t.Errorf("%s: opened to %q", name, got)
		}
	}
	if _, err := NewSealer(""); !errors.Is(err, ErrNoSecret) {
		t.Errorf("no secret: %v, want ErrNoSecret", err)
	}
}

// TestMayConfigure: Enterprise accounts configure their own model; admins any account's.
func TestMayConfigure(t *testing.T) {
	ent, starter := &models.Plan{Slug: "enterprise"}, &models.Plan{Slug: "starter"}
	user, admin := &models.User{Role: models.RoleUser}, &models.User{Role: models.RoleAdmin}
	for _, tc := range []struct {
		name  string
		actor *models.User
		plan  *models.Plan
		want  bool
	}{
		{"enterprise user", user, ent, true},
		{"starter user", user, starter, false},
		{"admin on a starter account", admin, starter, true},
		{"expert on a starter account", &models.User{Role: models.RoleExpert}, starter, false},
	} {
		if got := MayConfigure(tc.actor, tc.plan); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// fixedResolver answers every host with its addresses.
type fixedResolver map[string][]netip.Addr

func (r fixedResolver) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	return r[host], nil
}

// TestCheckAddress: private, loopback, link-local and metadata addresses are refused, directly or
// through DNS, unless allowed.
func TestCheckAddress(t *testing.T) {
	res := fixedResolver{
		"models.example.com":   {netip.MustParseAddr("93.184.216.34")},
		"internal.example.com": {netip.MustParseAddr("10.1.2.3")},
	}
	for _, tc := range []struct {
		url          string
		allowPrivate bool
		refused      bool
	}{
		{"https://models.example.com/v1", false, false},
		{"https://internal.example.com/v1", false, true},
		{"https://internal.example.com/v1", true, false},
		{"http://127.0.0.1:8080/v1", false, true},
		{"http://[::1]/v1", false, true},
		{"http://169.254.169.254/latest", false, true},
		{"http://localhost:11434/v1", false, true},
		{"http://localhost:11434/v1", true, false},
	} {
		msg := checkAddress(context.Background(), tc.url, tc.allowPrivate, res)
		if (msg != "") != tc.refused {
			t.Errorf("%s (allow private %v): %q, refused want %v", tc.url, tc.allowPrivate, msg, tc.refused)
		}
	}
}

// TestValidate: each field's limits, and the clean values passed on.
func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		name  string
		in    Input
		field string
	}{
		{"valid", Input{BaseURL: " https://models.example.com/v1 ", Model: " gpt-4o-mini ", APIKey: "sk-1"}, ""},
		{"http is allowed", Input{BaseURL: "http://models.example.com/v1", Model: "m"}, ""},
		{"javascript address", Input{BaseURL: "javascript:alert(1)", Model: "m"}, "base_url"},
		{"relative address", Input{BaseURL: "/v1", Model: "m"}, "base_url"},
		{"fragment", Input{BaseURL: "https://models.example.com/v1#x", Model: "m"}, "base_url"},
		{"space in address", Input{BaseURL: "https://models.example.com/v 1", Model: "m"}, "base_url"},
		{"newline in model", Input{BaseURL: "https://models.example.com/v1", Model: "a\nb"}, "model"},
		{"key and no key", Input{BaseURL: "https://models.example.com/v1", Model: "m", APIKey: "sk", NoKey: true}, "api_key"},
	} {
		out, errs := validate(tc.in)
		switch {
		case tc.field == "" && errs != nil:
			t.Errorf("%s: %v", tc.name, errs)
		case tc.field == "" && (out.BaseURL != strings.TrimSpace(tc.in.BaseURL) || out.Model != strings.TrimSpace(tc.in.Model)):
			t.Errorf("%s: not trimmed: %+v", tc.name, out)
		case tc.field != "" && (errs == nil || errs.Fields[0].Field != tc.field):
			t.Errorf("%s: errors %v, want one on %s", tc.name, errs, tc.field)
		}
	}
}
