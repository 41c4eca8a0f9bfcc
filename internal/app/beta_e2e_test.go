package app_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

var (
	betaConfirmLink = regexp.MustCompile(`https?://[^\s"<>]+/beta/confirm/[A-Za-z0-9_-]+`)
	anyVerifyLink   = regexp.MustCompile(`https?://[^\s"<>]+/verify/[A-Za-z0-9_-]+`)
)

// mailTo returns the newest outbox mail to addr whose subject contains subject.
func mailTo(t *testing.T, s *server, addr, subject string) *models.OutboxMail {
	t.Helper()
	ms, err := s.app.Stores.Outbox.List(context.Background(), 100)
	if err != nil {
		t.Fatal(err)
	}
	for i := range ms {
		if strings.Contains(ms[i].ToAddr, addr) && strings.Contains(ms[i].Subject, subject) {
			return &ms[i]
		}
	}
	t.Fatalf("no mail to %s about %q in the outbox", addr, subject)
	return nil
}

// TestBrowserBetaInvitationToAccess: join the list, confirm, an admin opens the beta, the
// invitation arrives, the person signs up, verifies, and the dashboard shows beta access.
func TestBrowserBetaInvitationToAccess(t *testing.T) {
	for _, d := range testdb.Dialects() {
		t.Run(string(d), func(t *testing.T) {
			s := startServer(t, testdb.Open(t, d), nil)
			ctx := browser(t)
			person := "reporter-" + string(d) + "@newsroom.example"
			err := chromedp.Do(ctx,
				chromedp.Navigate(s.base+"/beta"),
				chromedp.WaitVisible(`[data-testid="beta-join-form"]`),
				chromedp.SendKeys(`[data-testid="beta-join-form"] input[name="email"]`, person),
				chromedp.SendKeys(`[data-testid="beta-join-form"] input[name="name"]`, "Deniz Kaya"),
				chromedp.SendKeys(`[data-testid="beta-join-form"] input[name="organisation"]`, "Haber Masası"),
				chromedp.Submit(`[data-testid="beta-join-form"]`),
				chromedp.WaitVisible(`[data-testid="beta-check-inbox"]`),
			)
			if err != nil {
				t.Fatalf("join: %v", err)
			}
			confirm := betaConfirmLink.FindString(mailTo(t, s, person, "").TextBody)
			if confirm == "" {
				t.Fatal("the confirmation mail has no confirm link")
			}
			if err := chromedp.Do(ctx, chromedp.Navigate(confirm), chromedp.WaitVisible(`[data-testid="beta-confirmed"]`)); err != nil {
				t.Fatalf("confirm: %v", err)
			}
			if page := text(t, ctx, chromedp.Text(`[data-testid="beta-confirmed"]`)); !strings.Contains(page, "place in the queue: 1") {
				t.Errorf("confirmation page does not show the place in the queue: %q", page)
			}

			if _, err := s.app.Accounts.CreateAdmin(context.Background(), "admin-"+string(d)+"@claimcheck.example", "Admin", "yonetici-Parola-2026"); err != nil {
				t.Fatal(err)
			}
			admin := browser(t)
			err = chromedp.Do(admin,
				chromedp.Navigate(s.base+"/login"),
				chromedp.WaitVisible(`input[name="email"]`),
				chromedp.SendKeys(`input[name="email"]`, "admin-"+string(d)+"@claimcheck.example"),
				chromedp.SendKeys(`input[name="password"]`, "yonetici-Parola-2026"),
				chromedp.Click(`[data-testid="submit"]`),
				chromedp.WaitVisible(`[data-testid="account"]`),
				chromedp.Navigate(s.base+"/admin/waitlist/open"),
				chromedp.WaitVisible(`[data-testid="open-confirm"]`),
				chromedp.Click(`[data-testid="open-confirm"] [data-testid="submit"]`),
				chromedp.WaitVisible(`[data-testid="waitlist-table"]`),
			)
			if err != nil {
				t.Fatalf("admin opens the beta: %v", err)
			}
			invite := mailTo(t, s, person, "invited")
			if !strings.Contains(invite.TextBody, "/signup") {
				t.Fatalf("the invitation does not lead to sign-up:\n%s", invite.TextBody)
			}

			err = chromedp.Do(ctx,
				chromedp.Navigate(s.base+"/signup"),
				chromedp.WaitVisible(`input[name="email"]`),
				chromedp.SendKeys(`input[name="name"]`, "Deniz Kaya"),
				chromedp.SendKeys(`input[name="email"]`, person),
				chromedp.SendKeys(`input[name="password"]`, "mavi-Kalem-Yazar-88"),
				chromedp.Click(`[data-testid="submit"]`),
				chromedp.WaitVisible(`[data-testid="account"]`),
			)
			if err != nil {
				t.Fatalf("sign up: %v", err)
			}
			verify := anyVerifyLink.FindString(mailTo(t, s, person, "").TextBody)
			if verify == "" {
				verify = anyVerifyLink.FindString(mailTo(t, s, person, "onfirm").TextBody)
			}
			if verify == "" {
				t.Fatal("no verification link for the new account")
			}
			err = chromedp.Do(ctx, chromedp.Navigate(verify), chromedp.WaitVisible(`[data-testid="verify-ok"]`),
				chromedp.Navigate(s.base+"/account"), chromedp.WaitVisible(`[data-testid="beta-access"]`))
			if err != nil {
				t.Fatalf("verify and open the dashboard: %v", err)
			}
			if access := text(t, ctx, chromedp.Text(`[data-testid="beta-access"]`)); !strings.Contains(access, "yes") {
				t.Errorf("dashboard beta access: %q", access)
			}
		})
	}
}
