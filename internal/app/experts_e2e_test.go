package app_test

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/claimcheck/claimcheck/internal/checking"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

// TestBrowserExpertVotes: an expert logs in, opens the review queue, opens a claim, votes, sees the
// new community score in the confirmation and the vote on the page, and the /v1 score follows.
func TestBrowserExpertVotes(t *testing.T) {
	for _, d := range testdb.Dialects() {
		t.Run(string(d), func(t *testing.T) {
			s := startServer(t, testdb.Open(t, d), nil)
			bg := context.Background()
			claim, err := s.app.Checker.Check(bg, checking.Input{Claim: "Napoleon Bonaparte was unusually short"}, nil)
			if err != nil {
				t.Fatal(err)
			}
			email, password := "expert-"+string(d)+"@university.example", "tarih-Uzmani-1769-Korsika"
			u, _, err := s.app.Accounts.SignUp(bg, email, password, "Elif Demir")
			if err != nil {
				t.Fatal(err)
			}
			if err := s.app.Stores.Accounts.MarkEmailVerified(bg, u.ID, u.CreatedAt); err != nil {
				t.Fatal(err)
			}
			if err := s.app.Accounts.SetRole(bg, u.ID, models.RoleExpert); err != nil {
				t.Fatal(err)
			}

			ctx := browser(t)
			err = chromedp.Do(ctx,
				chromedp.Navigate(s.base+"/login"),
				chromedp.WaitVisible(`input[name="email"]`),
				chromedp.SendKeys(`input[name="email"]`, email),
				chromedp.SendKeys(`input[name="password"]`, password),
				chromedp.Click(`[data-testid="submit"]`),
				chromedp.WaitVisible(`[data-testid="account"]`),
				chromedp.Navigate(s.base+"/review"),
				chromedp.WaitVisible(`[data-testid="queue-item"]`),
			)
			if err != nil {
				t.Fatalf("log in and open the queue: %v", err)
			}
			if item := text(t, ctx, chromedp.Text(`[data-testid="queue-claim"]`)); !strings.Contains(item, "Napoleon") {
				t.Fatalf("the queue shows %q", item)
			}
			err = chromedp.Do(ctx,
				chromedp.Click(`[data-testid="queue-review"]`),
				chromedp.WaitVisible(`[data-testid="vote-form"]`),
				chromedp.Click(`#verdict-yanlis`),
				chromedp.Click(`#confidence-high`),
				chromedp.SendKeys(`textarea[name="note"]`, "He was about 1.69 m, average for his time; the myth comes from French inches."),
				chromedp.SendKeys(`textarea[name="sources"]`, "https://www.britannica.com/biography/Napoleon-I"),
				chromedp.Click(`[data-testid="vote-form"] [data-testid="submit"]`),
				chromedp.WaitVisible(`[data-testid="vote-saved"]`),
			)
			if err != nil {
				t.Fatalf("vote: %v", err)
			}
			if loc := text(t, ctx, chromedp.Location()); !strings.HasSuffix(loc, "/review/"+claim.ID+"?saved=1") {
				t.Errorf("after voting the browser is at %s", loc)
			}
			flash := text(t, ctx, chromedp.Text(`[data-testid="vote-saved"]`))
			if !strings.Contains(flash, "The community score is now 0 / 100") || !strings.Contains(flash, "from 1 expert, confidence 0.45") {
				t.Errorf("flash %q", flash)
			}
			if v := text(t, ctx, chromedp.Text(`[data-testid="vote"]`)); !strings.Contains(v, "Your vote") || !strings.Contains(v, "French inches") {
				t.Errorf("the vote shows as %q", v)
			}
			if h := text(t, ctx, chromedp.Text(`#vote-title`)); !strings.Contains(h, "Change your vote") {
				t.Errorf("form heading %q", h)
			}
			checked, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector('#verdict-yanlis').checked`))
			if err != nil || !checked {
				t.Errorf("the current verdict is not preselected (%v)", err)
			}
			if conf := text(t, ctx, chromedp.Value(`input[name="confidence"]:checked`)); conf != "high" {
				t.Errorf("confidence level %q, want high", conf)
			}

			stored, err := s.app.Stores.Claims.Get(bg, claim.ID)
			if err != nil {
				t.Fatal(err)
			}
			if sv := stored.EffectiveScore(); sv != (models.ScoreView{Score: 0, Verdict: "refuted", Experts: 1, Confidence: 0.45}) {
				t.Errorf("stored score %+v", sv)
			}
			key, _ := issueKey(t, s.app.Stores, "beta-free", nil)
			st, _, body := do(t, "GET", s.base+"/v1/claims/"+claim.ID+"/score", map[string]string{"Authorization": "Bearer " + key}, nil)
			if st != 200 {
				t.Fatalf("GET /v1/claims/{id}/score: %d %s", st, body)
			}
			var score models.ScoreView
			mustJSON(t, body, &score)
			if score != (models.ScoreView{Score: 0, Verdict: "refuted", Experts: 1, Confidence: 0.45}) {
				t.Errorf("/v1 score %s", body)
			}
		})
	}
}
