package app_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/claimcheck/claimcheck/internal/testdb"
)

// TestBrowserLiveFeedUpdates opens /live, creates claims through the API while the page stays
// open, and waits for them to appear at the top of the list without a reload.
func TestBrowserLiveFeedUpdates(t *testing.T) {
	for _, d := range testdb.Dialects() {
		t.Run(string(d), func(t *testing.T) {
			s := startServer(t, testdb.Open(t, d), feedEnv)
			t.Cleanup(s.app.StartBackground(context.Background()))
			key, _ := issueKey(t, s.app.Stores, "starter", nil)
			old := checkClaim(t, s, key, "Boğaz köprüsü 1973'te açıldı")

			ctx := browser(t)
			err := chromedp.Do(ctx,
				chromedp.Navigate(s.base+"/live"),
				chromedp.WaitVisible(`[data-testid="live-list"] [data-testid="live-item"]`),
				// The status line turns live once the stream is open.
				chromedp.WaitVisible(`[data-testid="live-status"][data-state="live"]`),
			)
			if err != nil {
				t.Fatalf("open /live: %v", err)
			}
			if n := count(t, ctx); n != 1 {
				t.Fatalf("%d items before, want the old check once", n)
			}
			// A page that reloads loses this marker.
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.liveMarker = true`)); err != nil {
				t.Fatal(err)
			}

			text := `Aşılar otizme neden olur <img src=x onerror="window.pwned=1">`
			answer := checkClaimAnswer(t, s, key, text)
			id := answer.ID
			first := `[data-testid="live-list"] [data-testid="live-item"]:first-child`
			err = chromedp.Do(ctx, chromedp.WaitVisible(first+` a[href="/claims/`+id+`"]`))
			if err != nil {
				t.Fatalf("the new claim did not appear: %v", err)
			}
			if n := count(t, ctx); n != 2 {
				t.Errorf("%d items after, want 2 (each check once)", n)
			}
			state, err := chromedp.Run(ctx, chromedp.Evaluate[[]any](`[
				window.liveMarker === true,
				window.pwned === undefined,
				document.querySelector('`+first+`').dataset.eventType,
				document.querySelector('`+first+` [data-testid="live-item-type"]').textContent,
				document.querySelector('`+first+` [data-testid="live-item-link"]').textContent,
				document.querySelector('`+first+` [data-testid="item-verdict"]').dataset.verdict,
				document.querySelector('`+first+` [data-slot="score-wrap"]').textContent.replace(/\s+/g, ' ').trim(),
				document.querySelectorAll('[data-testid="live-list"] img').length,
				document.querySelector('[data-testid="live-list"] [data-testid="live-item"]:last-child a').getAttribute('href')
			]`))
			if err != nil {
				t.Fatal(err)
			}
			// A claim nothing decided shows "Not enough evidence" in place of its score.
			stored, err := s.app.Stores.Claims.Get(context.Background(), id)
			if err != nil {
				t.Fatal(err)
			}
			score := "Score " + strconv.Itoa(answer.Score) + "/100"
			if !stored.AnalysisDecided() {
				score = "Not enough evidence"
			}
			want := []any{true, true, "claim.analysed", "Analysed", text, answer.Verdict, score, float64(0), "/claims/" + old}
			if len(state) != len(want) {
				t.Fatalf("page state %v", state)
			}
			for i := range want {
				if state[i] != want[i] {
					t.Errorf("page state %d = %#v, want %#v", i, state[i], want[i])
				}
			}
			if status := strings.TrimSpace(runText(t, ctx, `[data-testid="live-status"]`)); !strings.HasPrefix(status, "Live") {
				t.Errorf("status %q", status)
			}
		})
	}
}

// count is the number of items in the live list.
func count(t *testing.T, ctx context.Context) int {
	t.Helper()
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="live-list"] [data-testid="live-item"]').length`))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// runText is the text of the element matching sel.
func runText(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	return text(t, ctx, chromedp.Text(sel))
}
