package site_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/internal/beta"
	"github.com/claimcheck/claimcheck/internal/database"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

// betaEnv mounts the account, beta and admin waiting-list pages the way the wiring does (minus
// csrf), with the real session middleware guarding /admin.
type betaEnv struct {
	*authEnv
	db   *database.DB
	beta *beta.Service
}

func newBetaEnv(t *testing.T, db *database.DB) *betaEnv {
	t.Helper()
	e := newAuthEnv(t, db)
	return &betaEnv{authEnv: e, db: db, beta: e.wired.Beta}
}

// account signs up a verified account with role and returns its session cookie.
func (e *betaEnv) account(t *testing.T, email string, role models.Role) string {
	t.Helper()
	u, _, err := e.svc.SignUp(t.Context(), email, testPassword, "Someone")
	if err != nil {
		t.Fatal(err)
	}
	if err := e.store.MarkEmailVerified(t.Context(), u.ID, u.CreatedAt); err != nil {
		t.Fatal(err)
	}
	if role != models.RoleUser {
		if err := e.svc.SetRole(t.Context(), u.ID, role); err != nil {
			t.Fatal(err)
		}
	}
	return e.login(t, email, testPassword, "")
}

// mailLinks returns the links under path in the text of the mails whose dedupe key starts with prefix.
func (e *betaEnv) mailLinks(t *testing.T, prefix, path string) []string {
	t.Helper()
	var ms []models.OutboxMail
	if err := e.db.Gorm.Where("dedupe_key LIKE ?", prefix+"%").Order("created_at").Find(&ms).Error; err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(regexp.QuoteMeta(testBaseURL+path) + `[A-Za-z0-9_\-]+`)
	var out []string
	for _, m := range ms {
		if l := re.FindString(m.TextBody); l != "" && strings.Contains(m.HTMLBody, l) {
			out = append(out, strings.TrimPrefix(l, testBaseURL))
		}
	}
	return out
}

// joinForm is a join submission.
func joinForm(email string) url.Values {
	return url.Values{"email": {email}, "name": {"Ada"}, "organisation": {"Acme"}, "intended_use": {"fact checks"}}
}

func TestBetaPageOffersV1AndRefusesBadInputNextToFields(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newBetaEnv(t, db)
		p := e.get(t, "/beta", "")
		p.wantStatus(t, http.StatusOK)
		offer := p.text(t, "[data-testid=beta-offer]")
		for _, want := range []string{"Claim score lookup", "Claim detail", "search", "Firm profiles", "trust score", "Experts", "Live feed", "Webhooks", "1,000 requests a month"} {
			if !strings.Contains(offer, want) {
				t.Errorf("offer lacks %q", want)
			}
		}
		// /v1 is live: the page says so in the present tense and links its reference.
		if p.doc.Find(`main a[href="/docs"]`).Length() == 0 || strings.Contains(p.body, "will offer") || strings.Contains(p.body, "announced") {
			t.Error("/beta still describes /v1 as coming, or does not link /docs")
		}
		if score := p.doc.Find("[data-testid=beta-feature]").First().Text(); strings.Contains(score, "with its verdict and sub-scores") {
			t.Errorf("score lookup promises sub-scores it does not return: %q", score)
		}
		bad := e.post(t, "/beta", url.Values{"email": {"nope"}, "name": {strings.Repeat("x", 101)}}, "")
		bad.wantStatus(t, http.StatusUnprocessableEntity)
		if bad.doc.Find("[data-testid=email-error]").Length() != 1 || bad.doc.Find("[data-testid=name-error]").Length() != 1 {
			t.Fatalf("errors not next to fields: %s", bad.body)
		}
		if v, _ := bad.doc.Find("#beta-email").Attr("value"); v != "nope" {
			t.Fatalf("email not kept: %q", v)
		}
	})
}

func TestBetaJoinNeverRevealsMembershipAndConfirmLeaveWork(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newBetaEnv(t, db)
		first := e.post(t, "/beta", joinForm("ada@example.org"), "")
		first.wantStatus(t, http.StatusOK)
		if first.doc.Find("[data-testid=beta-check-inbox]").Length() != 1 {
			t.Fatalf("join page: %s", first.body)
		}
		answers := []string{first.body}
		answers = append(answers, e.post(t, "/beta", joinForm("ADA@example.org"), "").body) // waiting
		confirm := e.mailLinks(t, "beta-confirm:", "/beta/confirm/")
		if len(confirm) != 1 {
			t.Fatalf("confirmation mails with a link in both parts: %d", len(confirm))
		}
		c := e.get(t, confirm[0], "")
		c.wantStatus(t, http.StatusOK)
		if !strings.Contains(c.text(t, "[data-testid=message]"), "Your place in the queue: 1.") {
			t.Fatalf("confirm page: %s", c.text(t, "main"))
		}
		answers = append(answers, e.post(t, "/beta", joinForm("ada@example.org"), "").body) // confirmed
		if _, err := e.beta.OpenBeta(t.Context(), ""); err != nil {
			t.Fatal(err)
		}
		answers = append(answers, e.post(t, "/beta", joinForm("ada@example.org"), "").body) // invited (or confirmed)
		for i, a := range answers {
			if a != answers[0] {
				t.Fatalf("answer %d differs from the first", i)
			}
		}
		var n int64
		db.Gorm.Model(&models.WaitlistEntry{}).Count(&n)
		if n != 1 || len(e.mailLinks(t, "beta-confirm:", "/beta/confirm/")) != 1 {
			t.Fatalf("entries %d; want 1 and one confirmation mail", n)
		}
		leave := e.mailLinks(t, "beta-confirm:", "/beta/leave/")
		g := e.get(t, leave[0], "")
		g.wantStatus(t, http.StatusOK)
		if g.doc.Find("[data-testid=beta-leave-form] form").Length() != 1 {
			t.Fatal("leave link GET shows no confirmation form")
		}
		var still models.WaitlistEntry
		db.Gorm.Take(&still)
		if still.State == models.WaitlistLeft {
			t.Fatal("GET of the leave link changed the state")
		}
		l := e.post(t, leave[0], url.Values{"List-Unsubscribe": {"One-Click"}}, "")
		l.wantStatus(t, http.StatusOK)
		db.Gorm.Take(&still)
		if still.State != models.WaitlistLeft || l.doc.Find("[data-testid=beta-left]").Length() != 1 {
			t.Fatalf("after one-click leave: %s", still.State)
		}
		e.get(t, "/beta/leave/forged", "").wantStatus(t, http.StatusBadRequest)
		e.get(t, "/beta/confirm/forged", "").wantStatus(t, http.StatusBadRequest)
	})
}
