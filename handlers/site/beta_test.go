package site_test

import (
	"github.com/PuerkitoBio/goquery"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/beta"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

// betaEnv mounts the account, beta and admin waiting-list pages the way the wiring does (minus
// csrf), with the real session middleware guarding /admin.
type betaEnv struct {
	*apptest.Browser
	db   *database.DB
	beta *beta.Service
}

func newBetaEnv(t *testing.T, db *database.DB) *betaEnv {
	t.Helper()
	e := apptest.Open(t, db, apptest.Options{})
	return &betaEnv{Browser: e, db: db, beta: e.App.Beta}
}

// joinForm is a join submission.
func joinForm(email string) url.Values {
	return url.Values{"email": {email}, "name": {"Ada"}, "organisation": {"Acme"}, "intended_use": {"fact checks"}}
}

func TestBetaPageOffersV1AndRefusesBadInputNextToFields(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newBetaEnv(t, db)
		p := e.Get(t, "/beta", "")
		p.WantStatus(t, http.StatusOK)
		offer := p.Text(t, "[data-testid=beta-offer]")
		for _, want := range []string{"Claim score lookup", "Claim detail", "search", "Firm profiles", "trust score", "Experts", "Live feed", "Webhooks", "1,000 requests a month"} {
			if !strings.Contains(offer, want) {
				t.Errorf("offer lacks %q", want)
			}
		}
		// /v1 is live: the page says so in the present tense and links its reference.
		if p.Doc.Find(`main a[href="/docs"]`).Length() == 0 || strings.Contains(p.Body, "will offer") || strings.Contains(p.Body, "announced") {
			t.Error("/beta still describes /v1 as coming, or does not link /docs")
		}
		if score := p.Doc.Find("[data-testid=beta-feature]").First().Text(); strings.Contains(score, "with its verdict and sub-scores") {
			t.Errorf("score lookup promises sub-scores it does not return: %q", score)
		}
		bad := e.Post(t, "/beta", url.Values{"email": {"nope"}, "name": {strings.Repeat("x", 101)}}, "")
		bad.WantStatus(t, http.StatusUnprocessableEntity)
		if bad.Doc.Find("[data-testid=email-error]").Length() != 1 || bad.Doc.Find("[data-testid=name-error]").Length() != 1 {
			t.Fatalf("errors not next to fields: %s", bad.Body)
		}
		if v, _ := bad.Doc.Find("#beta-email").Attr("value"); v != "nope" {
			t.Fatalf("email not kept: %q", v)
		}
	})
}

func TestBetaJoinNeverRevealsMembershipAndConfirmLeaveWork(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newBetaEnv(t, db)
		first := e.Post(t, "/beta", joinForm("ada@example.org"), "")
		first.WantStatus(t, http.StatusOK)
		if first.Doc.Find("[data-testid=beta-check-inbox]").Length() != 1 {
			t.Fatalf("join page: %s", first.Body)
		}
		answers := []string{first.Body}
		answers = append(answers, e.Post(t, "/beta", joinForm("ADA@example.org"), "").Body) // waiting
		confirm := e.MailLinks(t, "beta-confirm:", "/beta/confirm/")
		if len(confirm) != 1 {
			t.Fatalf("confirmation mails with a link in both parts: %d", len(confirm))
		}
		c := e.Get(t, confirm[0], "")
		c.WantStatus(t, http.StatusOK)
		if !strings.Contains(c.Text(t, "[data-testid=message]"), "Your place in the queue: 1.") {
			t.Fatalf("confirm page: %s", c.Text(t, "main"))
		}
		// The confirmation leads on: sign-up now, the reference, the plans; and names the free plan.
		if !strings.Contains(c.Text(t, "[data-testid=message]"), "1,000 requests a month") {
			t.Errorf("confirm page does not name the free beta plan: %s", c.Text(t, "[data-testid=message]"))
		}
		var steps []string
		c.Doc.Find("[data-testid=next-steps] a").Each(func(_ int, s *goquery.Selection) {
			h, _ := s.Attr("href")
			steps = append(steps, h)
		})
		if strings.Join(steps, " ") != "/signup /docs /pricing" {
			t.Errorf("next steps = %v", steps)
		}
		answers = append(answers, e.Post(t, "/beta", joinForm("ada@example.org"), "").Body) // confirmed
		if _, err := e.beta.OpenBeta(t.Context(), ""); err != nil {
			t.Fatal(err)
		}
		answers = append(answers, e.Post(t, "/beta", joinForm("ada@example.org"), "").Body) // invited (or confirmed)
		for i, a := range answers {
			if a != answers[0] {
				t.Fatalf("answer %d differs from the first", i)
			}
		}
		var n int64
		db.Gorm.Model(&models.WaitlistEntry{}).Count(&n)
		if n != 1 || len(e.MailLinks(t, "beta-confirm:", "/beta/confirm/")) != 1 {
			t.Fatalf("entries %d; want 1 and one confirmation mail", n)
		}
		leave := e.MailLinks(t, "beta-confirm:", "/beta/leave/")
		g := e.Get(t, leave[0], "")
		g.WantStatus(t, http.StatusOK)
		if g.Doc.Find("[data-testid=beta-leave-form] form").Length() != 1 {
			t.Fatal("leave link GET shows no confirmation form")
		}
		var still models.WaitlistEntry
		db.Gorm.Take(&still)
		if still.State == models.WaitlistLeft {
			t.Fatal("GET of the leave link changed the state")
		}
		l := e.Post(t, leave[0], url.Values{"List-Unsubscribe": {"One-Click"}}, "")
		l.WantStatus(t, http.StatusOK)
		db.Gorm.Take(&still)
		if still.State != models.WaitlistLeft || l.Doc.Find("[data-testid=beta-left]").Length() != 1 {
			t.Fatalf("after one-click leave: %s", still.State)
		}
		e.Get(t, "/beta/leave/forged", "").WantStatus(t, http.StatusBadRequest)
		e.Get(t, "/beta/confirm/forged", "").WantStatus(t, http.StatusBadRequest)
	})
}
