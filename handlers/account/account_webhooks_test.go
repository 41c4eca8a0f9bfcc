package account_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// whPages is the wired service with users signed in through real sessions; webhook hosts
// resolve from a table.
type whPages struct {
	*apptest.Browser
	db    *database.DB
	users map[string]string
	store *models.WebhookStore
}

func newWhPages(t *testing.T, db *database.DB) *whPages {
	t.Helper()
	b := apptest.Open(t, db, apptest.Options{WebhookResolver: apptest.Resolver{"hooks.example.com": "93.184.216.34"}})
	return &whPages{Browser: b, db: db, users: map[string]string{}, store: models.NewWebhookStore(db)}
}

// user signs up and logs in an account, with /v1 beta access when beta is true, and returns its id.
func (e *whPages) user(t *testing.T, beta bool) string {
	t.Helper()
	u, cookie := e.Member(t, uuid.NewString()+"@example.org", "Dev", models.RoleUser)
	if beta {
		if err := e.db.Gorm.Model(&models.User{}).Where("id = ?", u.ID).Update("beta_access_at", time.Now().UTC()).Error; err != nil {
			t.Fatal(err)
		}
	}
	e.users[u.ID] = cookie
	return u.ID
}

// as sends a request as user (anonymously when user is ""), with the CSRF token on forms.
func (e *whPages) as(t *testing.T, user, method, path string, form url.Values) apptest.Page {
	t.Helper()
	if form == nil && method == http.MethodPost {
		form = url.Values{}
	}
	return e.Send(t, method, path, form, e.users[user])
}

// wantRedirect checks a 303 to target.
func wantRedirect(t *testing.T, p apptest.Page, target string) {
	t.Helper()
	if p.Status != http.StatusSeeOther || p.Header.Get("Location") != target {
		t.Fatalf("status %d to %q, want 303 to %q", p.Status, p.Header.Get("Location"), target)
	}
}

// wantCSRF checks every POST form of the page carries the token.
func wantCSRF(t *testing.T, p apptest.Page, token string) {
	t.Helper()
	p.Doc.Find("form[method=post]").Each(func(_ int, f *goquery.Selection) {
		if v, _ := f.Find("input[name=_csrf]").Attr("value"); v != token {
			action, _ := f.Attr("action")
			t.Errorf("form %s has no _csrf field", action)
		}
	})
}

func TestAccountWebhooksNeedBetaAccess(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newWhPages(t, db)
		// Anonymous visitors log in first.
		p := e.as(t, "", http.MethodGet, "/account/webhooks", nil)
		if p.Status != http.StatusSeeOther || !strings.HasPrefix(p.Header.Get("Location"), "/login") {
			t.Fatalf("anonymous: %d %s", p.Status, p.Header.Get("Location"))
		}
		u := e.user(t, false)
		for _, tc := range []struct {
			method, path string
			form         url.Values
		}{
			{http.MethodGet, "/account/webhooks", nil},
			{http.MethodPost, "/account/webhooks", url.Values{"url": {"https://hooks.example.com/"}, "event_types": {"claim.created"}}},
			{http.MethodGet, "/account/webhooks/" + uuid.NewString(), nil},
		} {
			p := e.as(t, u, tc.method, tc.path, tc.form)
			p.WantStatus(t, http.StatusForbidden)
			if href, _ := p.Find(t, "[data-testid=webhooks-no-access] a").Attr("href"); href != "/beta" {
				t.Fatalf("%s %s: no link to /beta", tc.method, tc.path)
			}
			if p.Doc.Find("[data-testid=create-endpoint-form]").Length() != 0 {
				t.Fatal("the form is shown without access")
			}
		}
		if eps, _ := e.store.ListEndpoints(context.Background(), models.WebhookOwner{UserID: u}); len(eps) != 0 {
			t.Fatalf("an account without access created %d endpoints", len(eps))
		}
	})
}

func TestAccountWebhooksCreateValidation(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newWhPages(t, db)
		u := e.user(t, true)
		first := e.as(t, u, http.MethodGet, "/account/webhooks", nil)
		first.WantStatus(t, http.StatusOK)
		first.Find(t, "[data-testid=no-endpoints]")
		if n := first.Doc.Find("[data-testid=event-choice]").Length(); n != len(models.EventTypes) {
			t.Fatalf("%d event checkboxes", n)
		}
		if first.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("cache-control %q", first.Header.Get("Cache-Control"))
		}
		wantCSRF(t, first, e.CSRF)
		bad := e.as(t, u, http.MethodPost, "/account/webhooks", url.Values{"url": {"http://169.254.169.254/latest"},
			"event_types": {"claim.analysed"}, "description": {strings.Repeat("x", 201)}})
		bad.WantStatus(t, http.StatusUnprocessableEntity)
		if !strings.Contains(bad.Text(t, "[data-testid=url-error]"), "private, loopback or link-local") ||
			!strings.Contains(bad.Text(t, "[data-testid=description-error]"), "200") {
			t.Fatalf("field errors: %s", bad.Text(t, "[data-testid=form-errors]"))
		}
		if n := bad.Doc.Find("[data-testid=form-errors] li a").Length(); n != 2 {
			t.Fatalf("error summary has %d entries", n)
		}
		if v, _ := bad.Find(t, "#endpoint-url").Attr("value"); v != "http://169.254.169.254/latest" {
			t.Fatalf("url not kept: %q", v)
		}
		if _, checked := bad.Find(t, "input[value='claim.analysed']").Attr("checked"); !checked {
			t.Fatal("chosen event not kept")
		}
		none := e.as(t, u, http.MethodPost, "/account/webhooks", url.Values{"url": {"https://hooks.example.com/"}})
		none.WantStatus(t, http.StatusUnprocessableEntity)
		if !strings.Contains(none.Text(t, "[data-testid=event_types-error]"), "at least one") {
			t.Fatal("no error for missing event types")
		}
		if eps, _ := e.store.ListEndpoints(context.Background(), models.WebhookOwner{UserID: u}); len(eps) != 0 {
			t.Fatalf("invalid forms created %d endpoints", len(eps))
		}
	})
}

func TestAccountWebhooksLifecycle(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newWhPages(t, db)
		u, other := e.user(t, true), e.user(t, true)
		owner := models.WebhookOwner{UserID: u}

		created := e.as(t, u, http.MethodPost, "/account/webhooks", url.Values{"url": {" https://hooks.example.com/cc "},
			"event_types": {"claim.analysed", "claim.created"}, "description": {"Production CMS"}})
		created.WantStatus(t, http.StatusOK)
		secret := created.Text(t, "[data-testid=new-secret]")
		eps, _ := e.store.ListEndpoints(context.Background(), owner)
		if len(eps) != 1 || eps[0].Secret != secret || !strings.HasPrefix(secret, "whsec_") || created.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("created: %q %+v", secret, eps)
		}
		id := eps[0].ID
		if href, _ := created.Find(t, "[data-testid=to-endpoint]").Attr("href"); href != "/account/webhooks/"+id {
			t.Fatalf("link to the endpoint: %q", href)
		}
		list := e.as(t, u, http.MethodGet, "/account/webhooks", nil)
		row := list.Find(t, "[data-testid=endpoint-row]")
		if st, _ := row.Attr("data-state"); st != "active" || !strings.Contains(row.Text(), "https://hooks.example.com/cc") ||
			!strings.Contains(row.Text(), "Production CMS") || strings.Contains(list.Body, secret) {
			t.Fatalf("row: %s", row.Text())
		}
		detail := e.as(t, u, http.MethodGet, "/account/webhooks/"+id, nil)
		detail.WantStatus(t, http.StatusOK)
		detail.Find(t, "[data-testid=no-deliveries]")
		if strings.Contains(detail.Body, secret) || detail.Text(t, "[data-testid=endpoint-events]") != "claim.created, claim.analysed" {
			t.Fatalf("detail: %s", detail.Text(t, "[data-testid=endpoint-events]"))
		}
		wantCSRF(t, detail, e.CSRF)

		// Send a test event: back to the page with a notice and the queued delivery.
		wantRedirect(t, e.as(t, u, http.MethodPost, "/account/webhooks/"+id+"/test", url.Values{}), "/account/webhooks/"+id+"?done=test")
		detail = e.as(t, u, http.MethodGet, "/account/webhooks/"+id+"?done=test", nil)
		detail.Find(t, "[data-testid=notice]")
		drow := detail.Find(t, "[data-testid=delivery-row]")
		if st, _ := drow.Attr("data-state"); st != "pending" || !strings.Contains(drow.Text(), "webhook.test") {
			t.Fatalf("delivery row: %s", drow.Text())
		}

		// Rotate: the new secret once, the old one's grace stated on both pages.
		rot := e.as(t, u, http.MethodPost, "/account/webhooks/"+id+"/rotate", url.Values{})
		rot.WantStatus(t, http.StatusOK)
		newSecret := rot.Text(t, "[data-testid=new-secret]")
		if newSecret == secret || !strings.HasPrefix(newSecret, "whsec_") || !strings.Contains(rot.Text(t, "[data-testid=grace]"), "both the new and the old") {
			t.Fatalf("rotation page: %q", newSecret)
		}
		during := e.as(t, u, http.MethodGet, "/account/webhooks/"+id, nil)
		during.Find(t, "[data-testid=rotating]")
		if during.Doc.Find("[data-testid=rotate-secret]").Length() != 0 {
			t.Fatal("the page offers a second rotation while the old secret still signs")
		}
		// Reloading the result page posts again: refused, and the secret shown before still holds.
		again := e.as(t, u, http.MethodPost, "/account/webhooks/"+id+"/rotate", url.Values{})
		again.WantStatus(t, http.StatusConflict)
		if !strings.Contains(again.Text(t, "[data-testid=error]"), "rotated less than 24 hours ago") {
			t.Fatalf("second rotation: %q", again.Text(t, "[data-testid=error]"))
		}
		if stored, _ := e.store.Endpoint(context.Background(), models.WebhookOwner{UserID: u}, id); stored.Secret != newSecret {
			t.Fatal("a refused rotation changed the secret")
		}

		// Disable cancels the waiting test; enable brings the endpoint back.
		wantRedirect(t, e.as(t, u, http.MethodPost, "/account/webhooks/"+id+"/disable", url.Values{}), "/account/webhooks/"+id+"?done=disabled")
		detail = e.as(t, u, http.MethodGet, "/account/webhooks/"+id, nil)
		if st, _ := detail.Find(t, "[data-testid=webhook-detail]").Attr("data-state"); st != "disabled" {
			t.Fatalf("state after disable: %s", st)
		}
		if st, _ := detail.Find(t, "[data-testid=delivery-row]").Attr("data-state"); st != "cancelled" {
			t.Fatalf("waiting delivery after disable: %s", st)
		}
		detail.Find(t, "[data-testid=enable]")
		if detail.Doc.Find("[data-testid=send-test]").Length() != 0 {
			t.Fatal("a disabled endpoint offers a test event")
		}
		if p := e.as(t, u, http.MethodPost, "/account/webhooks/"+id+"/test", url.Values{}); p.Status != http.StatusConflict {
			t.Fatalf("test to a disabled endpoint: %d", p.Status)
		}
		wantRedirect(t, e.as(t, u, http.MethodPost, "/account/webhooks/"+id+"/enable", url.Values{}), "/account/webhooks/"+id+"?done=enabled")

		// Someone else's endpoint does not exist for them.
		for _, tc := range []struct{ method, path string }{
			{http.MethodGet, "/account/webhooks/" + id},
			{http.MethodPost, "/account/webhooks/" + id + "/test"},
			{http.MethodPost, "/account/webhooks/" + id + "/rotate"},
			{http.MethodPost, "/account/webhooks/" + id + "/disable"},
			{http.MethodGet, "/account/webhooks/" + id + "/delete"},
			{http.MethodPost, "/account/webhooks/" + id + "/delete"},
			{http.MethodGet, "/account/webhooks/not-an-id"},
		} {
			var form url.Values
			if tc.method == http.MethodPost {
				form = url.Values{}
			}
			e.as(t, other, tc.method, tc.path, form).WantStatus(t, http.StatusNotFound)
		}

		// Delete asks first, then deletes.
		confirm := e.as(t, u, http.MethodGet, "/account/webhooks/"+id+"/delete", nil)
		confirm.WantStatus(t, http.StatusOK)
		wantCSRF(t, confirm, e.CSRF)
		if action, _ := confirm.Find(t, "main form[method=post]").Attr("action"); action != "/account/webhooks/"+id+"/delete" {
			t.Fatalf("confirm form posts to %q", action)
		}
		if eps, _ := e.store.ListEndpoints(context.Background(), owner); len(eps) != 1 {
			t.Fatal("the confirmation page deleted the endpoint")
		}
		wantRedirect(t, e.as(t, u, http.MethodPost, "/account/webhooks/"+id+"/delete", url.Values{}), "/account/webhooks?done=deleted")
		after := e.as(t, u, http.MethodGet, "/account/webhooks?done=deleted", nil)
		after.Find(t, "[data-testid=notice]")
		after.Find(t, "[data-testid=no-endpoints]")
	})
}

func TestAccountWebhooksLimit(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newWhPages(t, db)
		u := e.user(t, true)
		for i := range models.MaxWebhookEndpoints {
			p := e.as(t, u, http.MethodPost, "/account/webhooks", url.Values{"url": {fmt.Sprintf("https://hooks.example.com/%d", i)}, "event_types": {"claim.created"}})
			p.WantStatus(t, http.StatusOK)
			if i == 0 {
				// The same URL again would get every event twice: refused on its field.
				dup := e.as(t, u, http.MethodPost, "/account/webhooks", url.Values{"url": {"https://hooks.example.com/0"}, "event_types": {"claim.analysed"}})
				dup.WantStatus(t, http.StatusUnprocessableEntity)
				if !strings.Contains(dup.Text(t, "[data-testid=url-error]"), "already have an endpoint with this URL") {
					t.Fatalf("duplicate URL error: %q", dup.Text(t, "[data-testid=url-error]"))
				}
			}
		}
		full := e.as(t, u, http.MethodGet, "/account/webhooks", nil)
		full.Find(t, "[data-testid=endpoint-limit]")
		if full.Doc.Find("[data-testid=create-endpoint-form]").Length() != 0 || full.Doc.Find("[data-testid=endpoint-row]").Length() != models.MaxWebhookEndpoints {
			t.Fatal("a full account still gets the form")
		}
		p := e.as(t, u, http.MethodPost, "/account/webhooks", url.Values{"url": {"https://hooks.example.com/"}, "event_types": {"claim.created"}})
		p.WantStatus(t, http.StatusConflict)
		p.Find(t, "[data-testid=error]")
	})
}
