package account_test

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/billing"
	"github.com/claimcheck/claimcheck/internal/metering"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// TestUnverifiedAccountSeesNoticeAndGetsNoKey: the dashboard of an unconfirmed address shows the
// notice with a resend button (a CSRF form), and the server refuses to create or rotate keys.
func TestUnverifiedAccountSeesNoticeAndGetsNoKey(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAccountEnv(t, db, billing.Config{})
		ada := e.unverifiedUser(t, "Ada")
		dash := e.as(t, ada, http.MethodGet, "/account", nil)
		banner := dash.Find(t, "[data-testid=verify-banner]")
		if !strings.Contains(banner.Text(), "ada@example.org") {
			t.Errorf("the notice does not name the address: %q", banner.Text())
		}
		form := banner.Find("form")
		if a, _ := form.Attr("action"); a != "/verify/resend" || form.Find("input[name=_csrf]").Length() != 1 ||
			form.Find("[data-testid=resend-verification]").Length() != 1 {
			t.Fatalf("resend form: action %q, %d csrf inputs", a, form.Find("input[name=_csrf]").Length())
		}
		if dash.Doc.Find("[data-testid=create-key-form]").Length() != 0 || dash.Doc.Find("[data-testid=keys-need-verification]").Length() != 1 {
			t.Error("an unverified account is offered the create-key form")
		}
		// The server refuses, whatever the page offered, with a message that says what to do.
		p := e.as(t, ada, http.MethodPost, "/account/keys", url.Values{"name": {"sneaky"}})
		if p.Status != http.StatusForbidden || !strings.Contains(p.Find(t, "[data-testid=error]").Text(), "Confirm your email address") {
			t.Fatalf("create while unverified: %d %q", p.Status, p.Doc.Find("[data-testid=error]").Text())
		}
		if n, err := e.stores.Keys.CountActive(context.Background(), ada); err != nil || n != 0 {
			t.Fatalf("keys after a refused create: %d %v", n, err)
		}
		// A key the account holds from before (an admin made it) cannot be rotated either.
		k := &models.APIKey{ID: uuid.NewString(), Name: "old", Prefix: "Abcdefgh", Hash: uuid.NewString(), CreatedAt: e.clock}
		if err := e.stores.Keys.CreateOwned(context.Background(), ada, k); err != nil {
			t.Fatal(err)
		}
		if r := e.as(t, ada, http.MethodPost, "/account/keys/"+k.ID+"/rotate", url.Values{}); r.Status != http.StatusForbidden {
			t.Errorf("rotate while unverified: %d", r.Status)
		}
		// Resending mails a new link; once verified the notice is gone and keys can be made.
		if r := e.as(t, ada, http.MethodPost, "/verify/resend", url.Values{}); r.Status != http.StatusOK || r.Doc.Find("[data-testid=verify-sent]").Length() != 1 {
			t.Fatalf("resend: %d", r.Status)
		}
		if err := e.stores.Accounts.MarkEmailVerified(context.Background(), ada, e.clock); err != nil {
			t.Fatal(err)
		}
		after := e.as(t, ada, http.MethodGet, "/account", nil)
		if after.Doc.Find("[data-testid=verify-banner]").Length() != 0 {
			t.Error("the notice stays after verification")
		}
		if r := e.as(t, ada, http.MethodPost, "/account/keys/"+k.ID+"/revoke", url.Values{}); r.Status != http.StatusSeeOther {
			t.Fatalf("revoke the old key: %d", r.Status)
		}
		e.createKey(t, ada, "laptop")
	})
}

// TestLoginSaysWhy: a page that needs a login sends the visitor to a login form that names it.
func TestLoginSaysWhy(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAccountEnv(t, db, billing.Config{})
		for _, c := range []struct{ path, want string }{
			{"/account", "Log in to continue to your account."},
			{"/account/webhooks", "Log in to continue to your webhooks."},
			{"/account/security", "Log in to continue to your sign-in and security settings."},
			{"/admin/users?q=x", "Log in to continue to the admin console."},
		} {
			r := e.as(t, "", http.MethodGet, c.path, nil)
			if r.Status != http.StatusSeeOther || !strings.HasPrefix(r.Location, "/login?next=") {
				t.Errorf("%s: %d %q", c.path, r.Status, r.Location)
				continue
			}
			login := e.as(t, "", http.MethodGet, r.Location, nil)
			if got := login.Text(t, "[data-testid=login-reason]"); got != c.want {
				t.Errorf("%s: the login page says %q, want %q", c.path, got, c.want)
			}
		}
		if plain := e.as(t, "", http.MethodGet, "/login", nil); plain.Doc.Find("[data-testid=login-reason]").Length() != 0 {
			t.Error("a login without a next page gives a reason")
		}
		// The secondary links are a list styled as links, not bullets.
		if e.as(t, "", http.MethodGet, "/login", nil).Doc.Find("ul.form-links[role=list] a").Length() != 2 {
			t.Error("login's secondary links are not the form-links list")
		}
	})
}

// TestSignupBetaContext: /signup?beta=1 says what the invitation gives; plain /signup does not.
func TestSignupBetaContext(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAccountEnv(t, db, billing.Config{})
		p := e.as(t, "", http.MethodGet, "/signup?beta=1", nil)
		ctx := p.Text(t, "[data-testid=signup-beta]")
		for _, want := range []string{"/v1 beta", "1,000 requests a month", "confirm"} {
			if !strings.Contains(ctx, want) {
				t.Errorf("beta context %q lacks %q", ctx, want)
			}
		}
		if a, _ := p.Find(t, "[data-testid=signup-form]").Attr("action"); a != "/signup?beta=1" {
			t.Errorf("form action %q loses the beta context on an error", a)
		}
		if e.as(t, "", http.MethodGet, "/signup", nil).Doc.Find("[data-testid=signup-beta]").Length() != 0 {
			t.Error("plain sign-up shows the beta context")
		}
	})
}

// TestKeyConfirmationsAndRotatedNames: Revoke and Rotate are links to a confirmation page with a
// plain form (no JavaScript needed, CSRF token included); the GET changes nothing; a rotated key is
// renamed so the list never has two rows of one name; the limit warning offers the upgrade paths.
func TestKeyConfirmationsAndRotatedNames(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAccountEnv(t, db, billing.Config{})
		alice, mallory := e.user(t, "Alice"), e.user(t, "Mallory")
		secret := e.createKey(t, alice, "ci")
		id := e.keyIDs(t, alice)[0]
		dash := e.as(t, alice, http.MethodGet, "/account", nil)
		for _, c := range []struct{ testid, action string }{{"revoke-link", "revoke"}, {"rotate-link", "rotate"}} {
			if h, _ := dash.Find(t, "[data-testid="+c.testid+"]").Attr("href"); h != "/account/keys/"+id+"/"+c.action {
				t.Errorf("%s href = %q", c.testid, h)
			}
			conf := e.as(t, alice, http.MethodGet, "/account/keys/"+id+"/"+c.action, nil)
			page := conf.Find(t, "[data-testid=key-confirm]")
			if a, _ := page.Attr("data-action"); a != c.action || conf.Status != http.StatusOK {
				t.Fatalf("%s confirmation: %d %q", c.action, conf.Status, a)
			}
			form := page.Find("form[method=post]")
			if act, _ := form.Attr("action"); act != "/account/keys/"+id+"/"+c.action || form.Find("input[name=_csrf]").Length() != 1 ||
				form.Find("button[type=submit][data-testid=confirm]").Length() != 1 || page.Find("a[href='/account'][data-testid=cancel]").Length() != 1 {
				t.Errorf("%s confirmation form: action %q", c.action, act)
			}
			if !strings.Contains(page.Text(), "“ci”") {
				t.Errorf("%s confirmation does not name the key: %q", c.action, page.Text())
			}
			if other := e.as(t, mallory, http.MethodGet, "/account/keys/"+id+"/"+c.action, nil); other.Status != http.StatusNotFound {
				t.Errorf("another account's %s confirmation: %d", c.action, other.Status)
			}
		}
		if _, err := e.auth.Authenticate(context.Background(), secret); err != nil {
			t.Fatalf("opening the confirmation pages changed the key: %v", err)
		}

		// Rotate: the old row is renamed with the date and shown as replaced.
		rot := e.as(t, alice, http.MethodPost, "/account/keys/"+id+"/rotate", url.Values{})
		if rot.Status != http.StatusOK || !strings.Contains(rot.Text(t, "[data-testid=grace]"), "“ci (rotated 15 Mar 2026)”") {
			t.Fatalf("rotate: %d %q", rot.Status, rot.Doc.Find("[data-testid=grace]").Text())
		}
		names := map[string]string{}
		e.as(t, alice, http.MethodGet, "/account", nil).Doc.Find("[data-testid=key-row]").Each(func(_ int, s *goquery.Selection) {
			st, _ := s.Attr("data-state")
			names[st] = s.Find("[data-testid=key-name]").Text() + " | " + s.Find("[data-testid=key-state]").Text()
		})
		if len(names) != 2 || names["active"] != "ci | Active" || !strings.HasPrefix(names["rotating"], "ci (rotated 15 Mar 2026) | Replaced: works until 16 Mar 2026 12:00 UTC") {
			t.Fatalf("rows after rotation: %v", names)
		}
		// Confirming a revoke after a rotation of the same key is refused as a changed key.
		if r := e.as(t, alice, http.MethodGet, "/account/keys/"+id+"/rotate", nil); r.Status != http.StatusConflict {
			t.Errorf("rotate confirmation of a rotated key: %d", r.Status)
		}
		// Starter allows one key: the warning offers the plans and sales.
		full := e.as(t, alice, http.MethodGet, "/account", nil)
		var hrefs []string
		full.Find(t, "[data-testid=key-limit]").Find("[data-testid=upgrade-link]").Each(func(_ int, s *goquery.Selection) {
			h, _ := s.Attr("href")
			hrefs = append(hrefs, h)
		})
		if strings.Join(hrefs, " ") != "/pricing /pricing#contact" {
			t.Errorf("upgrade links = %v", hrefs)
		}
		e.clock = e.clock.Add(time.Second)
		if r := e.as(t, alice, http.MethodPost, "/account/keys/"+id+"/revoke", url.Values{}); r.Status != http.StatusSeeOther {
			t.Fatalf("confirmed revoke: %d", r.Status)
		}
		if _, err := e.auth.Authenticate(context.Background(), secret); !errors.Is(err, metering.ErrBadKey) {
			t.Fatalf("revoked key still works: %v", err)
		}
	})
}

// TestNewKeyPageQuickStart: the page that shows a secret once fills it into copy-ready examples
// of the compatible API and says what the plan can and cannot call.
func TestNewKeyPageQuickStart(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAccountEnv(t, db, billing.Config{})
		alice := e.user(t, "Alice")
		p := e.as(t, alice, http.MethodPost, "/account/keys", url.Values{"name": {"laptop"}})
		secret := strings.TrimSpace(p.Find(t, "[data-testid=new-key]").Text())
		qs := p.Find(t, "[data-testid=quickstart]")
		if k, _ := qs.Attr("data-key"); k != secret {
			t.Errorf("quick start key %q, want the new secret", k)
		}
		url := "https://claimcheck.test/functions/v1/quick-responder"
		for testid, want := range map[string][]string{
			"quickstart-curl":     {`curl -sS -X POST "` + url + `"`, `-H "apikey: ` + secret + `"`, `-H "Content-Type: application/json"`, `-d '{"claim": `},
			"quickstart-fetch":    {"fetch('" + url + "'", "apikey: '" + secret + "'"},
			"quickstart-supabase": {"createClient('https://claimcheck.test', '" + secret + "')", "functions.invoke('quick-responder'"},
		} {
			got := qs.Find("[data-testid=" + testid + "]").Text()
			for _, w := range want {
				if !strings.Contains(got, w) {
					t.Errorf("%s:\n%s\nlacks %q", testid, got, w)
				}
			}
		}
		if !strings.Contains(qs.Find("[data-testid=quickstart-can]").Text(), "/functions/v1/quick-responder") ||
			!strings.Contains(qs.Find("[data-testid=quickstart-cannot]").Text(), "/v1 (beta)") {
			t.Errorf("what Starter can and cannot call: %q / %q", qs.Find("[data-testid=quickstart-can]").Text(), qs.Find("[data-testid=quickstart-cannot]").Text())
		}
		if qs.Find("[data-testid=copy-curl]").Length() != 1 {
			t.Error("no copy button for the curl example")
		}
		// The dashboard never repeats the secret.
		if strings.Contains(e.as(t, alice, http.MethodGet, "/account", nil).Body, secret) {
			t.Error("the dashboard shows the secret")
		}
	})
}

// TestUsageChartStates: no usage is an empty state, not an empty box; three requests sit on a
// round axis that leaves room above them; the numbers are also a table.
func TestUsageChartStates(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAccountEnv(t, db, billing.Config{})
		alice := e.user(t, "Alice")
		empty := e.as(t, alice, http.MethodGet, "/account", nil)
		if got := empty.Text(t, "[data-testid=usage-chart] [data-testid=chart-empty]"); !strings.HasPrefix(got, "No requests yet this month") {
			t.Errorf("empty chart says %q", got)
		}
		if empty.Doc.Find("[data-testid=usage-chart] svg").Length() != 0 {
			t.Error("an empty chart still draws the SVG")
		}
		e.createKey(t, alice, "a")
		id := e.keyIDs(t, alice)[0]
		if err := db.Gorm.Exec("INSERT INTO usage_counters (key_id, period, count) VALUES (?, '2026-03', 3)", id).Error; err != nil {
			t.Fatal(err)
		}
		p := e.as(t, alice, http.MethodGet, "/account", nil)
		chart := p.Find(t, "[data-testid=usage-chart] [data-testid=chart]")
		if m, _ := chart.Attr("data-max"); m != "10" {
			t.Errorf("axis max for 3 requests = %s, want 10", m)
		}
		var ticks []string
		chart.Find("[data-testid=chart-tick]").Each(func(_ int, s *goquery.Selection) { ticks = append(ticks, s.Text()) })
		if strings.Join(ticks, ",") != "0,2,4,6,8,10" {
			t.Errorf("axis values = %v", ticks)
		}
		last := chart.Find("[data-testid=chart-bar]").Last()
		if h, _ := last.Attr("data-height"); h == "" || h == "0" || len(h) > 2 {
			t.Errorf("bar height for 3 of 10 = %q", h)
		}
		svg := chart.Find("svg[role=img]")
		if lb, _ := svg.Attr("aria-labelledby"); lb == "" || svg.Find("title").Length() == 0 || svg.Find("desc").Length() != 1 {
			t.Error("the SVG has no accessible name and description")
		}
		if rows := chart.Find("details [data-testid=chart-table] tbody tr"); rows.Length() != 6 || !strings.Contains(rows.Last().Text(), "March 2026") {
			t.Errorf("table alternative has %d rows", rows.Length())
		}
	})
}

// TestDashboardBetaStates: the beta card tells an invited person who has not confirmed the
// address to confirm it, not to join the waiting list; a person still on the list is told so.
func TestDashboardBetaStates(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAccountEnv(t, db, billing.Config{})
		invited, listed, stranger := e.unverifiedUser(t, "Ivy"), e.user(t, "Lee"), e.user(t, "Sam")
		now := e.clock
		for _, w := range []struct {
			email string
			state models.WaitlistState
		}{{"ivy@example.org", models.WaitlistInvited}, {"lee@example.org", models.WaitlistConfirmed}} {
			entry := &models.WaitlistEntry{ID: uuid.NewString(), Email: w.email, State: w.state, ConfirmTokenHash: uuid.NewString(),
				LeaveTokenHash: uuid.NewString(), CreatedAt: now, UpdatedAt: now, ConfirmedAt: &now, InvitedAt: &now}
			if _, err := e.stores.Waitlist.CreateIfNew(context.Background(), models.Tx{}, entry); err != nil {
				t.Fatal(err)
			}
		}
		for user, want := range map[string]string{invited: "invited-unverified", listed: "listed", stranger: "none"} {
			card := e.as(t, user, http.MethodGet, "/account", nil).Find(t, "[data-testid=beta-access]")
			if st, _ := card.Attr("data-state"); st != want {
				t.Errorf("beta card state %q, want %q (%s)", st, want, card.Text())
			}
			if want == "invited-unverified" && (strings.Contains(card.Text(), "Join the waiting list") || !strings.Contains(card.Text(), "1,000")) {
				t.Errorf("invited card says %q", card.Text())
			}
		}
	})
}
