package app_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/claimcheck/claimcheck/internal/testdb"
)

var verifyLink = regexp.MustCompile(`https?://[^\s"<>]+/verify/[A-Za-z0-9_-]+`)

// TestBrowserSignupToWorkingKey is the developer's first day in a real browser: sign up, verify the
// email through the link in the outbox, create a key, use it on the API, and see the usage.
func TestBrowserSignupToWorkingKey(t *testing.T) {
	for _, d := range testdb.Dialects() {
		t.Run(string(d), func(t *testing.T) {
			ctx := browser(t)
			s := startServer(t, testdb.Open(t, d), nil)
			email := "dev-" + string(d) + "@newsroom.example"
			err := chromedp.Do(ctx,
				chromedp.Navigate(s.base+"/signup"),
				chromedp.WaitVisible(`input[name="email"]`),
				chromedp.SendKeys(`input[name="name"]`, "Ayşe Yılmaz"),
				chromedp.SendKeys(`input[name="email"]`, email),
				chromedp.SendKeys(`input[name="password"]`, "kirmizi-Balon-42-uçuyor"),
				chromedp.Click(`[data-testid="submit"]`),
				chromedp.WaitVisible(`[data-testid="account"]`),
			)
			if err != nil {
				t.Fatalf("sign up: %v", err)
			}

			mails, err := s.app.Stores.Outbox.List(context.Background(), 10)
			if err != nil || len(mails) == 0 {
				t.Fatalf("no verification mail in the outbox (%v)", err)
			}
			link := verifyLink.FindString(mails[0].TextBody)
			if mails[0].ToAddr != email || link == "" {
				t.Fatalf("verification mail to %q has no link:\n%s", mails[0].ToAddr, mails[0].TextBody)
			}
			if err := chromedp.Do(ctx, chromedp.Navigate(link), chromedp.WaitVisible(`[data-testid="message"]`)); err != nil {
				t.Fatalf("verify: %v", err)
			}
			if u, err := s.app.Stores.Accounts.UserByEmail(context.Background(), email); err != nil || u.EmailVerifiedAt == nil {
				t.Errorf("after following the link the address is not verified (%v); the page says %q", err,
					text(t, ctx, chromedp.Text(`[data-testid="message"]`)))
			}

			err = chromedp.Do(ctx,
				chromedp.Navigate(s.base+"/account"),
				chromedp.WaitVisible(`[data-testid="create-key-form"]`),
				chromedp.SendKeys(`[data-testid="create-key-form"] input[name="name"]`, "newsroom bot"),
				chromedp.Submit(`[data-testid="create-key-form"]`),
				chromedp.WaitVisible(`[data-testid="new-key"]`),
			)
			if err != nil {
				t.Fatalf("create key: %v", err)
			}
			secret := strings.TrimSpace(text(t, ctx, chromedp.Text(`[data-testid="new-key"]`)))
			if !strings.HasPrefix(secret, "cc_live_") {
				t.Fatalf("the page shows %q, not a key", secret)
			}
			for i := 0; i < 3; i++ {
				st, _, b := do(t, "POST", s.base+"/functions/v1/quick-responder",
					map[string]string{"apikey": secret, "Content-Type": "application/json"}, []byte(`{"claim":"The Great Wall of China is visible from space"}`))
				if st != 200 {
					t.Fatalf("the new key on the API: %d %s", st, b)
				}
			}
			time.Sleep(10 * time.Millisecond)
			if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/account"), chromedp.WaitVisible(`[data-testid="usage-text"]`)); err != nil {
				t.Fatalf("dashboard: %v", err)
			}
			usage := text(t, ctx, chromedp.Text(`[data-testid="usage-text"]`))
			if !strings.Contains(usage, "3") || !strings.Contains(usage, "100") {
				t.Errorf("dashboard usage %q, want 3 of 100", usage)
			}
			if used := text(t, ctx, chromedp.Text(`[data-testid="key-used"]`)); !strings.Contains(used, "3") {
				t.Errorf("key row usage %q, want 3", used)
			}
		})
	}
}
