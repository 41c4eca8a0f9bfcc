package checking

import (
	"context"
	"errors"
	"fmt"
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
		{"question marks", Input{Claim: "???"}, "claim", "no words", ""},
		{"slashes", Input{Claim: "//"}, "claim", "no words", ""},
		{"one emoji", Input{Claim: "🙂"}, "claim", "no words", ""},
		{"5000 emoji", Input{Claim: strings.Repeat("🙂", MaxClaimChars)}, "claim", "no words", ""},
		{"zero-width spaces", Input{Claim: "\u200b\u200b"}, "claim", "no words", ""},
		{"NUL alone", Input{Claim: "\x00"}, "claim", "control character (U+0000)", ""},
		{"NUL inside", Input{Claim: "Dünya\x00düzdür"}, "claim", "control character (U+0000)", ""},
		{"escape sequence", Input{Claim: "Dünya düzdür\x1b[2J"}, "claim", "control character (U+001B)", ""},
		{"C1 control", Input{Claim: "Dünya\u009bdüzdür"}, "claim", "control character (U+009B)", ""},
		{"controls only", Input{Claim: "\x01\x02"}, "claim", "control character (U+0001)", ""},
		{"ok tab and newlines kept inside", Input{Claim: "Dünya\tdüz\r\ndür"}, "", "", "Dünya\tdüz\r\ndür"},
		{"ok digits only", Input{Claim: "1923"}, "", "", "1923"},
		{"ok word among emoji", Input{Claim: "🙂 aşı 🙂"}, "", "", "🙂 aşı 🙂"},
		{"NUL in source", Input{Claim: "x", SourceURL: "https://example.com/\x00"}, "source_url", "control characters", ""},
		{"C1 in source", Input{Claim: "x", SourceURL: "https://example.com/a\u0085b"}, "source_url", "control characters", ""},
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

// inputErrorAnalyzer fails the way the analyzer's own input check does.
type inputErrorAnalyzer struct{ err error }

func (a inputErrorAnalyzer) Analyze(context.Context, analysis.Input) (analysis.Result, error) {
	return analysis.Result{}, a.err
}
func (inputErrorAnalyzer) Name() string { return "input-error" }

// When the analyzer refuses an input Validate let through, the sender gets a field error (400,
// never retried by the submission queue), not ErrAnalyzer (502, retried), and nothing is stored.
func TestAnalyzerInputErrorIsAValidationError(t *testing.T) {
	for _, cause := range []error{analysis.ErrEmptyClaim, analysis.ErrInvalidUTF8, fmt.Errorf("wrapped: %w", analysis.ErrClaimTooLong)} {
		w := &recordingWriter{}
		_, err := NewService(inputErrorAnalyzer{cause}, w, nil).Check(context.Background(), Input{Claim: "Dünya düzdür"}, admitAll{})
		var verr *ValidationError
		if !errors.As(err, &verr) || verr.Message("claim") == "" || errors.Is(err, ErrAnalyzer) {
			t.Errorf("%v: err = %v, want a claim field error", cause, err)
		}
		if w.created != 0 {
			t.Errorf("%v: stored %d claims", cause, w.created)
		}
	}
}

// Everything Validate accepts, however odd, the offline analyzer can analyse: the rule in Validate
// is at least as strict as the analyzer's.
func TestValidatedOddInputsAnalyse(t *testing.T) {
	an, err := analysis.NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	s := NewService(an, &recordingWriter{}, nil)
	for _, claim := range []string{"x", "1", "٣", "🙂a", "a\u0301", "?!1", "#1", "Dünya\tdüz\r\ndür", "\u200ba\u200b",
		strings.Repeat("🙂", MaxClaimChars-1) + "a", strings.Repeat("a ", MaxClaimChars/2)} {
		if _, _, err := s.Analyze(context.Background(), Input{Claim: claim}); err != nil {
			t.Errorf("Analyze(%.40q) = %v", claim, err)
		}
	}
}

func (failingAnalyzer) Analyze(context.Context, analysis.Input) (analysis.Result, error) {
	return analysis.Result{}, errors.New("model timed out")
}
func (failingAnalyzer) Name() string { return "failing" }

// recordingWriter counts stored claims and logs the steps of a paid check in order (into calls,
// which a recordingCharge shares).
type recordingWriter struct {
	created   int
	calls     *[]string
	insertErr error
}

func (w *recordingWriter) log(step string) {
	if w.calls != nil {
		*w.calls = append(*w.calls, step)
	}
}
func (w *recordingWriter) Create(context.Context, *models.Claim) error { w.created++; return nil }
func (w *recordingWriter) InTx(ctx context.Context, fn func(models.Tx) error) error {
	w.log("begin")
	err := fn(models.Tx{})
	w.log("end")
	return err
}
func (w *recordingWriter) InsertTx(context.Context, models.Tx, *models.Claim) error {
	w.log("insert")
	if w.insertErr != nil {
		return w.insertErr
	}
	w.created++
	return nil
}
func (w *recordingWriter) LinkFirm(context.Context, *models.Claim) error {
	w.log("link firm")
	return nil
}

// recordingCharge logs when it counts and answers ok.
type recordingCharge struct {
	calls *[]string
	ok    bool
}

func (c recordingCharge) KeyID() string { return "k" }
func (c recordingCharge) Tx(context.Context, models.Tx) (bool, error) {
	*c.calls = append(*c.calls, "charge")
	return c.ok, nil
}

// A paid check reads before its transaction and charges last inside it, after the insert, so the
// key's counter row is locked only for the commit; a refused charge rolls the insert back, and an
// insert that fails never reaches the charge.
func TestCheckChargesLastInItsTransaction(t *testing.T) {
	an, err := analysis.NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name      string
		insertErr error
		chargeOK  bool
		wantErr   error
		want      []string
	}{
		{"admitted", nil, true, nil, []string{"link firm", "begin", "insert", "charge", "end"}},
		{"over quota", nil, false, ErrOverQuota, []string{"link firm", "begin", "insert", "charge", "end"}},
		{"insert fails", errors.New("disk full"), true, nil, []string{"link firm", "begin", "insert", "end"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var calls []string
			w := &recordingWriter{calls: &calls, insertErr: tc.insertErr}
			_, err := NewService(an, w, nil).Check(context.Background(), Input{Claim: "Vaccines cause autism"}, recordingCharge{calls: &calls, ok: tc.chargeOK})
			switch {
			case tc.wantErr != nil && !errors.Is(err, tc.wantErr):
				t.Errorf("err = %v, want %v", err, tc.wantErr)
			case tc.insertErr != nil && !errors.Is(err, tc.insertErr):
				t.Errorf("err = %v, want the insert's", err)
			case tc.wantErr == nil && tc.insertErr == nil && err != nil:
				t.Errorf("err = %v", err)
			}
			if strings.Join(calls, ", ") != strings.Join(tc.want, ", ") {
				t.Errorf("steps %q, want %q", calls, tc.want)
			}
		})
	}
}

// admitAll is a charge that admits every check.
type admitAll struct{}

func (admitAll) KeyID() string                               { return "k" }
func (admitAll) Tx(context.Context, models.Tx) (bool, error) { return true, nil }

// An analyzer failure must surface as ErrAnalyzer and store nothing — never a made-up result.
func TestAnalyzerFailureStoresNothing(t *testing.T) {
	w := &recordingWriter{}
	s := NewService(failingAnalyzer{}, w, nil)
	_, err := s.Check(context.Background(), Input{Claim: "Dünya düzdür"}, admitAll{})
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
	c, err := NewService(an, w, nil).Check(context.Background(), Input{Claim: "Vaccines cause autism", SourceURL: "https://www.cdc.gov/vaccines"}, nil)
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
