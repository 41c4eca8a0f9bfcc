package app_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/claimcheck/claimcheck/internal/testdb"
)

var verifyLink = regexp.MustCompile(`https?://[^\s"<>]+/verify/[A-Za-z0-9_-]+`)

// curlRequest is what a quick-start curl line sends.
type curlRequest struct {
	method, url string
	headers     map[string]string
	body        string
}

var (
	curlURL    = regexp.MustCompile(`curl -sS -X (\w+) "([^"]+)"`)
	curlHeader = regexp.MustCompile(`-H "([^:"]+): ([^"]*)"`)
	curlBody   = regexp.MustCompile(`-d '([^']*)'`)
)

// parseCurl reads the method, address, headers and body a curl example sends, so the test sends
// exactly what a developer pasting it would.
func parseCurl(t *testing.T, s string) curlRequest {
	t.Helper()
	m := curlURL.FindStringSubmatch(s)
	b := curlBody.FindStringSubmatch(s)
	if m == nil || b == nil {
		t.Fatalf("not a curl request with a body:\n%s", s)
	}
	r := curlRequest{method: m[1], url: m[2], headers: map[string]string{}, body: b[1]}
	for _, h := range curlHeader.FindAllStringSubmatch(s, -1) {
		r.headers[h[1]] = h[2]
	}
	return r
}

// TestBrowserSignupToWorkingKey is the developer's first day in a real browser: sign up, see the
// verify notice, open the mailed link, create a key, find the quick start filled in with it, run
// its curl request as written, and see the call on the usage chart (read at phone width too).
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
			// Before verifying: the notice with its resend button, and no key form.
			if banner := text(t, ctx, chromedp.Text(`[data-testid="verify-banner"]`)); !strings.Contains(banner, email) {
				t.Errorf("verify notice %q does not name %s", banner, email)
			}
			if n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="create-key-form"]').length`)); err != nil || n != 0 {
				t.Errorf("an unverified account is offered the key form (%d, %v)", n, err)
			}

			mails, err := s.app.Stores.Outbox.List(context.Background(), 10)
			if err != nil || len(mails) == 0 {
				t.Fatalf("no verification mail in the outbox (%v)", err)
			}
			link := verifyLink.FindString(mails[0].TextBody)
			if mails[0].ToAddr != email || link == "" {
				t.Fatalf("verification mail to %q has no link:\n%s", mails[0].ToAddr, mails[0].TextBody)
			}
			if err := chromedp.Do(ctx, chromedp.Navigate(link), chromedp.WaitVisible(`[data-testid="verify-ok"]`)); err != nil {
				t.Fatalf("verify: %v", err)
			}
			if u, err := s.app.Stores.Accounts.UserByEmail(context.Background(), email); err != nil || u.EmailVerifiedAt == nil {
				t.Errorf("after following the link the address is not verified (%v)", err)
			}
			// Opening the link again says so instead of "invalid".
			if err := chromedp.Do(ctx, chromedp.Navigate(link), chromedp.WaitVisible(`[data-testid="verify-already"]`)); err != nil {
				t.Fatalf("re-open the verification link: %v", err)
			}

			err = chromedp.Do(ctx,
				chromedp.Navigate(s.base+"/account"),
				chromedp.WaitVisible(`[data-testid="chart-empty"]`),
				chromedp.WaitVisible(`[data-testid="create-key-form"]`),
				chromedp.SendKeys(`[data-testid="create-key-form"] input[name="name"]`, "newsroom bot"),
				chromedp.Submit(`[data-testid="create-key-form"]`),
				chromedp.WaitVisible(`[data-testid="quickstart-curl"]`),
			)
			if err != nil {
				t.Fatalf("create key: %v", err)
			}
			if n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="verify-banner"]').length`)); err != nil || n != 0 {
				t.Errorf("the verify notice stays after verification (%d, %v)", n, err)
			}
			secret := strings.TrimSpace(text(t, ctx, chromedp.Text(`[data-testid="new-key"]`)))
			if !strings.HasPrefix(secret, "cc_live_") {
				t.Fatalf("the page shows %q, not a key", secret)
			}
			curl := text(t, ctx, chromedp.Text(`[data-testid="quickstart-curl"]`))
			req := parseCurl(t, curl)
			if req.headers["apikey"] != secret || req.url != s.base+"/functions/v1/quick-responder" {
				t.Fatalf("the quick start does not call this deployment with the new key:\n%s", curl)
			}
			st, _, b := do(t, req.method, req.url, req.headers, []byte(req.body))
			if st != 200 || !strings.Contains(string(b), `"verdict"`) {
				t.Fatalf("the quick start's request: %d %s", st, b)
			}

			err = chromedp.Do(ctx,
				chromedp.EmulateViewport(375, 812),
				chromedp.Navigate(s.base+"/account"),
				chromedp.WaitVisible(`[data-testid="usage-chart"] svg`),
			)
			if err != nil {
				t.Fatalf("dashboard: %v", err)
			}
			usage := text(t, ctx, chromedp.Text(`[data-testid="usage-text"]`))
			if !strings.Contains(usage, "1 of 100") {
				t.Errorf("dashboard usage %q, want 1 of 100", usage)
			}
			chart, err := chromedp.Run(ctx, chromedp.Evaluate[[]any](`(() => {
				const bars = [...document.querySelectorAll('[data-testid="usage-chart"] [data-testid="chart-bar"]')];
				const last = bars[bars.length - 1];
				const svg = document.querySelector('[data-testid="usage-chart"] svg');
				const label = svg.querySelector('[data-testid="chart-label"]');
				const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
				return [last.getAttribute('data-count'), parseFloat(getComputedStyle(label).fontSize) * scale,
					document.documentElement.scrollWidth <= window.innerWidth];
			})()`))
			if err != nil || len(chart) != 3 {
				t.Fatalf("read the chart: %v %v", chart, err)
			}
			if chart[0] != "1" {
				t.Errorf("this month's bar shows %v requests, want 1", chart[0])
			}
			if px, _ := chart[1].(float64); px < 11 {
				t.Errorf("chart labels render at %.1f px at 375 px wide, want at least 11", px)
			}
			if fits, _ := chart[2].(bool); !fits {
				t.Error("the dashboard scrolls sideways at 375 px")
			}
		})
	}
}
