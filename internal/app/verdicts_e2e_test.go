package app_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/testdb"
)

// TestBrowserLookalikeClaimHasNotEnoughEvidence checks look-alikes of fact-checked claims through
// the home form in a real browser: the result says there is not enough evidence, shows no
// headline score or bar, and lists the close fact-check as related, about a different claim, with
// the reason it does not decide. "Güneş kremi kansere neden olur" borrows the words of the
// starter's "Sigara kansere neden olur" with another subject; "Sigara kansere neden olmaz" negates it.
func TestBrowserLookalikeClaimHasNotEnoughEvidence(t *testing.T) {
	for _, d := range testdb.Dialects() {
		for _, claim := range []string{"Güneş kremi kansere neden olur", "Sigara kansere neden olmaz"} {
			t.Run(string(d)+"/"+claim, func(t *testing.T) { lookalikeFlow(t, d, claim) })
		}
	}
}

// lookalikeFlow checks one look-alike claim on dialect d.
func lookalikeFlow(t *testing.T, d database.Dialect, claim string) {
	ctx := browser(t)
	s := startServer(t, testdb.Open(t, d), nil)
	err := chromedp.Do(ctx,
		chromedp.Navigate(s.base+"/"),
		chromedp.WaitVisible(`[data-testid="claim-form"]`),
		chromedp.SendKeys(`textarea[name="claim"]`, claim),
		chromedp.Submit(`[data-testid="claim-form"]`),
		chromedp.WaitVisible(`[data-testid="result-title"]`),
	)
	if err != nil {
		t.Fatalf("submit the form: %v", err)
	}
	title := text(t, ctx, chromedp.Text(`[data-testid="result-title"]`))
	summary := text(t, ctx, chromedp.Text(`[data-testid="summary"]`))
	count := func(sel string) int {
		t.Helper()
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('`+sel+`').length`))
		if err != nil {
			t.Fatalf("count %s: %v", sel, err)
		}
		return n
	}
	scores, bars := count(`[data-testid="score"]`), count(`[data-testid="result"] [role="meter"]`)
	related, reasons := count(`[data-testid="related-matches"]`), count(`[data-testid="related-matches"] [data-testid="related-reason"]`)
	different := count(`[data-testid="related-matches"] [data-testid="related-reason"][data-different="true"]`)
	if title != "Not enough evidence" {
		t.Errorf("result title %q, want Not enough evidence", title)
	}
	if scores != 0 || bars != 0 {
		t.Errorf("a claim with not enough evidence shows %d scores and %d bars", scores, bars)
	}
	if !strings.HasPrefix(summary, "No fact-check we know of states this claim") {
		t.Errorf("summary %q", summary)
	}
	if related != 1 || reasons == 0 || different == 0 {
		t.Fatalf("related section %d, reasons %d, about a different claim %d: the close fact-check must be listed as related, "+
			"about a different claim, with its reason", related, reasons, different)
	}
	first := text(t, ctx, chromedp.Text(`[data-testid="related-matches"] [data-testid="related-reason"][data-different="true"]`))
	if label, reason, ok := strings.Cut(first, ":"); !ok || !strings.EqualFold(label, "Related, about a different claim") || strings.TrimSpace(reason) == "" {
		t.Errorf("related reason %q does not say why the fact-check does not decide", first)
	}
	t.Logf("related: %q", first)
}
