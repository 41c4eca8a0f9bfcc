package account_test

import (
	"net/http"

	"github.com/PuerkitoBio/goquery"
	"net/url"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/billing"
	"github.com/claimcheck/claimcheck/internal/testdb"
)

func TestPricingRendersPlansFromDB(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAccountEnv(t, db, billing.Config{})
		if err := db.Gorm.Exec(`UPDATE plans SET features = '["Made up feature"]' WHERE slug = 'starter'`).Error; err != nil {
			t.Fatal(err)
		}
		p := e.as(t, "", http.MethodGet, "/pricing", nil)
		cards := p.Doc.Find("[data-testid=plan-card]")
		if p.Status != http.StatusOK || cards.Length() != 3 {
			t.Fatalf("status %d, %d plan cards; want Starter, the free beta plan and Enterprise", p.Status, cards.Length())
		}
		// The free beta plan is shown with its quota and the way in (the waiting list).
		betaCard := p.Find(t, "[data-plan=beta-free]")
		if got := betaCard.Find("[data-testid=plan-quota]").Text(); got != "1,000 requests / month" {
			t.Errorf("beta plan quota = %q", got)
		}
		if h, _ := betaCard.Find("[data-testid=plan-action]").Attr("href"); h != "/beta" {
			t.Errorf("beta plan action = %q, want /beta", h)
		}
		// "Unlimited requests" appears once on the page: the quota line, not again as a feature.
		if n := strings.Count(p.Doc.Find("[data-testid=plan-grid]").Text(), "Unlimited requests"); n != 1 {
			t.Errorf("\"Unlimited requests\" appears %d times", n)
		}
		// Every Enterprise inclusion is linked to where it is delivered.
		links := map[string]string{}
		p.Find(t, "[data-plan=enterprise]").Find("[data-testid=plan-feature-link]").Each(func(_ int, s *goquery.Selection) {
			links[s.Text()], _ = s.Attr("href")
		})
		for feature, want := range map[string]string{"Custom model: your own or fine-tuned model for your analyses": "/docs/custom-model", "On-premise option": "/docs/self-hosting",
			"Custom SLA": "#contact", "Dedicated support": "#contact"} {
			if links[feature] != want {
				t.Errorf("Enterprise %q links to %q, want %q (all links: %v)", feature, links[feature], want, links)
			}
		}
		for _, guide := range []string{"/docs/custom-model", "/docs/self-hosting"} {
			if g := e.as(t, "", http.MethodGet, guide, nil); g.Status != http.StatusOK {
				t.Errorf("%s: %d", guide, g.Status)
			}
		}
		// The cards share one grid of equal columns.
		if p.Doc.Find("[data-testid=plan-grid] > [data-testid=plan-card].plan-card").Length() != 3 {
			t.Error("the cards are not all plan-card children of the pricing grid")
		}
		starter := p.Find(t, "[data-plan=starter]")
		if got := starter.Find("[data-testid=plan-features]").Text(); got != "Made up feature" {
			t.Fatalf("starter features = %q", got)
		}
		if h, _ := starter.Find("[data-testid=plan-action]").Attr("href"); h != "/signup" {
			t.Fatalf("starter action = %q", h)
		}
		ent := p.Find(t, "[data-plan=enterprise]")
		if !strings.Contains(ent.Find("[data-testid=plan-quota]").Text(), "Unlimited") ||
			!strings.Contains(ent.Find("[data-testid=plan-features]").Text(), "Custom SLA") {
			t.Fatalf("enterprise card = %q", ent.Text())
		}
		if h, _ := ent.Find("[data-testid=plan-action]").Attr("href"); h != "#contact" || p.Doc.Find("[data-testid=contact-form]").Length() != 1 {
			t.Fatal("without Stripe the enterprise button must lead to the contact form")
		}
		alice := e.user(t, "Alice")
		if got := e.as(t, alice, http.MethodGet, "/pricing", nil).Find(t, "[data-plan=starter] [data-testid=plan-action]").Text(); got != "Your current plan" {
			t.Fatalf("logged-in starter action = %q", got)
		}
	})
}

func TestPricingContactForm(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAccountEnv(t, db, billing.Config{})
		bad := e.as(t, "", http.MethodPost, "/pricing/contact", url.Values{"name": {"Ada"}, "email": {"not-an-email"}, "message": {"hi"}})
		if bad.Status != http.StatusUnprocessableEntity || bad.Doc.Find("[data-testid=email-error]").Length() != 1 {
			t.Fatalf("invalid email: status %d", bad.Status)
		}
		if v, _ := bad.Find(t, "#contact-name").Attr("value"); v != "Ada" {
			t.Fatalf("name not kept: %q", v)
		}
		var n int64
		db.Gorm.Table("contact_leads").Count(&n)
		if n != 0 {
			t.Fatalf("invalid lead stored")
		}
		ok := e.as(t, "", http.MethodPost, "/pricing/contact", url.Values{"name": {"Ada"}, "email": {"ada@example.org"}, "company": {"Acme"}, "message": {"Unlimited please"}})
		if ok.Status != http.StatusSeeOther || ok.Header.Get("Location") != "/pricing/thanks" {
			t.Fatalf("valid lead: %d %s", ok.Status, ok.Header.Get("Location"))
		}
		db.Gorm.Table("contact_leads").Where("email = ? AND company = ?", "ada@example.org", "Acme").Count(&n)
		if n != 1 {
			t.Fatalf("lead rows = %d", n)
		}
		if p := e.as(t, "", http.MethodGet, "/pricing/thanks", nil); p.Doc.Find("[data-testid=contact-thanks]").Length() != 1 {
			t.Fatal("no thank-you page")
		}
	})
}
