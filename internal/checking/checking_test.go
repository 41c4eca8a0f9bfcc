package checking

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/models"
)

func TestValidate(t *testing.T) {
	cases := []struct {
		name      string
		in        Input
		wantField string
		wantMsg   string
		wantClaim string
	}{
		{"ok trimmed", Input{Claim: "  Su 100 derecede kaynar \n"}, "", "", "Su 100 derecede kaynar"},
		{"ok with source", Input{Claim: "x", SourceURL: " https://www.bbc.com/news/1 "}, "", "", "x"},
		{"exactly the limit", Input{Claim: strings.Repeat("ş", MaxClaimChars)}, "", "", strings.Repeat("ş", MaxClaimChars)},
		{"empty", Input{Claim: ""}, "claim", "Enter the claim", ""},
		{"blank", Input{Claim: " \t\n "}, "claim", "Enter the claim", ""},
		{"one over the limit in characters", Input{Claim: strings.Repeat("ş", MaxClaimChars+1)}, "claim", "limit is 5000", ""},
		{"invalid utf-8", Input{Claim: "abc\xff"}, "claim", "UTF-8", ""},
		{"ftp source", Input{Claim: "x", SourceURL: "ftp://example.com"}, "source_url", "http:// or https://", ""},
		{"relative source", Input{Claim: "x", SourceURL: "/news/1"}, "source_url", "http:// or https://", ""},
		{"no host", Input{Claim: "x", SourceURL: "https://"}, "source_url", "http:// or https://", ""},
		{"single-label host", Input{Claim: "x", SourceURL: "https://intranet/page"}, "source_url", "domain name", ""},
		{"credentials in source", Input{Claim: "x", SourceURL: "https://user:pw@example.com/"}, "source_url", "user name or password", ""},
		{"overlong source", Input{Claim: "x", SourceURL: "https://example.com/" + strings.Repeat("a", MaxSourceURLChars)}, "source_url", "longer than", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, verr := Validate(tc.in)
			if tc.wantField == "" {
				if verr != nil {
					t.Fatalf("unexpected error: %v", verr)
				}
				if got.Claim != tc.wantClaim {
					t.Errorf("claim = %q, want %q", got.Claim, tc.wantClaim)
				}
				return
			}
			if verr == nil {
				t.Fatalf("accepted %+v", tc.in)
			}
			if msg := verr.Message(tc.wantField); !strings.Contains(msg, tc.wantMsg) {
				t.Errorf("%s message = %q, want it to contain %q", tc.wantField, msg, tc.wantMsg)
			}
		})
	}
}

type failingAnalyzer struct{}

func (failingAnalyzer) Analyze(context.Context, analysis.Input) (analysis.Result, error) {
	return analysis.Result{}, errors.New("model timed out")
}
func (failingAnalyzer) Name() string { return "failing" }

type recordingWriter struct{ created int }

func (w *recordingWriter) Create(context.Context, *models.Claim) error { w.created++; return nil }
func (w *recordingWriter) CreateCharged(context.Context, *models.Claim, models.Charge) (models.Admission, error) {
	w.created++
	return models.Admission{Admitted: true, Count: 1}, nil
}

// An analyzer failure must surface as ErrAnalyzer and store nothing — never a made-up result.
func TestAnalyzerFailureStoresNothing(t *testing.T) {
	w := &recordingWriter{}
	s := NewService(failingAnalyzer{}, w, nil)
	_, _, err := s.Check(context.Background(), Input{Claim: "Dünya düzdür"}, &models.Charge{KeyID: "k", Period: "2026-11"})
	if !errors.Is(err, ErrAnalyzer) {
		t.Fatalf("err = %v, want ErrAnalyzer", err)
	}
	if w.created != 0 {
		t.Fatalf("stored %d claims after an analyzer failure", w.created)
	}
}

func TestCheckRecordsTheAnalysis(t *testing.T) {
	an, err := analysis.NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	w := &recordingWriter{}
	c, _, err := NewService(an, w, nil).Check(context.Background(), Input{Claim: "Vaccines cause autism", SourceURL: "https://www.cdc.gov/vaccines"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.SourceURL == nil || *c.SourceURL != "https://www.cdc.gov/vaccines" || c.SourceDomain == nil || *c.SourceDomain != "cdc.gov" {
		t.Errorf("source not recorded: %v %v", c.SourceURL, c.SourceDomain)
	}
	if c.Analyzer == "" || c.AnalyzerVersion == "" || !strings.Contains(c.Basis, `"source_score"`) || c.CreatedAt.IsZero() || c.CreatedAt.Location().String() != "UTC" {
		t.Errorf("provenance not recorded: %+v", c)
	}
	if w.created != 1 {
		t.Errorf("created %d, want 1", w.created)
	}
}
