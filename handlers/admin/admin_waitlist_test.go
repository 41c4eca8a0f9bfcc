package admin_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/handlers/admin"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/beta"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	betapages "github.com/claimcheck/claimcheck/views/pages/beta"
)

// betaEnv is the wired service with the beta waiting list.
type betaEnv struct {
	*apptest.Browser
	db   *database.DB
	beta *beta.Service
}

func newBetaEnv(t *testing.T, db *database.DB) *betaEnv {
	t.Helper()
	b := apptest.Open(t, db, apptest.Options{})
	return &betaEnv{Browser: b, db: db, beta: b.App.Beta}
}

// account signs up a verified account with role and returns its session cookie.
func (e *betaEnv) account(t *testing.T, email string, role models.Role) string {
	t.Helper()
	_, cookie := e.Member(t, email, "Someone", role)
	return cookie
}

// joinForm is a join submission.
func joinForm(email string) url.Values {
	return url.Values{"email": {email}, "name": {"Ada"}, "organisation": {"Acme"}, "intended_use": {"fact checks"}}
}

// joinAndConfirm puts people on the list through the pages and confirms them from their mails.
func (e *betaEnv) joinAndConfirm(t *testing.T, forms ...url.Values) {
	t.Helper()
	for _, f := range forms {
		e.Post(t, "/beta", f, "").WantStatus(t, http.StatusOK)
	}
	for _, l := range e.MailLinks(t, "beta-confirm:", "/beta/confirm/") {
		e.Get(t, l, "").WantStatus(t, http.StatusOK)
	}
}

// invitations counts invitation mails per recipient.
func (e *betaEnv) invitations(t *testing.T) map[string]int {
	t.Helper()
	var ms []models.OutboxMail
	e.db.Gorm.Where("dedupe_key LIKE 'beta-invite:%'").Find(&ms)
	out := map[string]int{}
	for _, m := range ms {
		out[m.ToAddr]++
	}
	return out
}

func TestAdminOpenTheBetaTwiceAndConcurrentlyInvitesOnce(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newBetaEnv(t, db)
		adm := e.account(t, "admin@example.org", models.RoleAdmin)
		admin2 := e.account(t, "admin2@example.org", models.RoleAdmin)
		var forms []url.Values
		for i := range 6 {
			forms = append(forms, joinForm(fmt.Sprintf("p%d@example.org", i)))
		}
		e.joinAndConfirm(t, forms...)
		e.Post(t, "/beta", joinForm("waiting@example.org"), "") // never confirmed: never invited
		confirmStep := e.Get(t, "/admin/waitlist/open", adm)
		if confirmStep.Text(t, "[data-testid=open-count]") != "6" {
			t.Fatalf("confirmation step: %s", confirmStep.Text(t, "main"))
		}
		var wg sync.WaitGroup
		for _, cookie := range []string{adm, admin2, adm, admin2} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if p := e.Post(t, "/admin/waitlist/open", url.Values{}, cookie); p.Status != http.StatusSeeOther {
					t.Errorf("open: %d %s", p.Status, p.Body)
				}
			}()
		}
		wg.Wait()
		again := e.Post(t, "/admin/waitlist/open", url.Values{}, adm)
		if again.Location != "/admin/waitlist?invited=0" {
			t.Fatalf("second press: %q", again.Location)
		}
		inv := e.invitations(t)
		if len(inv) != 6 || inv["waiting@example.org"] != 0 {
			t.Fatalf("invitations: %v", inv)
		}
		for to, n := range inv {
			if n != 1 {
				t.Errorf("%s got %d invitations", to, n)
			}
		}
		list := e.Get(t, "/admin/waitlist?state=invited", adm)
		if list.Doc.Find("[data-testid=waitlist-row]").Length() != 6 || list.Doc.Find("[data-testid=count-invited]").AttrOr("data-count", "") != "6" {
			t.Fatalf("invited list: %s", list.Text(t, "main"))
		}
		logged, _ := models.NewAuditStore(db).List(t.Context(), models.AuditFilter{Action: "waitlist."})
		if len(logged) != 5 {
			t.Fatalf("audit entries %d, want 5 presses", len(logged))
		}
	})
}

func TestAdminInviteSelectedSearchAndCSV(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newBetaEnv(t, db)
		adm := e.account(t, "admin@example.org", models.RoleAdmin)
		evil := url.Values{"email": {"eve@example.org"}, "name": {"=HYPERLINK(\"http://x\",\"a\")"},
			"organisation": {"Acme, \"Inc\""}, "intended_use": {"@SUM(1)\nline two"}}
		e.joinAndConfirm(t, joinForm("ada@example.org"), evil, joinForm("bob@example.org"))
		search := e.Get(t, "/admin/waitlist?q=EVE", adm)
		rows := search.Doc.Find("[data-testid=waitlist-row]")
		if rows.Length() != 1 {
			t.Fatalf("search rows %d", rows.Length())
		}
		id, _ := rows.Attr("data-id")
		p := e.Post(t, "/admin/waitlist/invite", url.Values{"id": {id}}, adm)
		if p.Location != "/admin/waitlist?invited=1" {
			t.Fatalf("invite selected: %d %q", p.Status, p.Location)
		}
		if inv := e.invitations(t); len(inv) != 1 || inv["eve@example.org"] != 1 {
			t.Fatalf("invitations: %v", inv)
		}
		if got := e.Get(t, p.Location, adm).Text(t, "[data-testid=notice]"); !strings.Contains(got, "1 invitation queued for sending") {
			t.Fatalf("notice after inviting: %q", got)
		}
		c := e.Get(t, "/admin/waitlist.csv", adm)
		c.WantStatus(t, http.StatusOK)
		if !strings.HasPrefix(c.Header.Get("Content-Type"), "text/csv") || !strings.Contains(c.Header.Get("Content-Disposition"), "attachment") {
			t.Fatalf("headers: %v", c.Header)
		}
		recs, err := csv.NewReader(bytes.NewReader([]byte(c.Body))).ReadAll()
		if err != nil || len(recs) != 4 {
			t.Fatalf("csv: %v %d\n%s", err, len(recs), c.Body)
		}
		var eve []string
		for _, r := range recs {
			if r[1] == "eve@example.org" {
				eve = r
			}
		}
		if eve == nil || eve[2] != "'=HYPERLINK(\"http://x\",\"a\")" || eve[3] != "Acme, \"Inc\"" || eve[4] != "'@SUM(1)\nline two" || eve[5] != "invited" {
			t.Fatalf("eve's row: %q", eve)
		}
		filtered := e.Get(t, "/admin/waitlist.csv?state=confirmed", adm)
		if strings.Contains(filtered.Body, "eve@") || !strings.Contains(filtered.Body, "bob@") {
			t.Fatalf("filtered csv:\n%s", filtered.Body)
		}
		for in, want := range map[string]string{"-1": "'-1", "+x": "'+x", "a=b": "a=b", "": ""} {
			if got := admin.CSVCell(in); got != want {
				t.Errorf("CSVCell(%q) = %q, want %q", in, got, want)
			}
		}
	})
}

func TestBetaAccessOnSignupOfInvitedEmail(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newBetaEnv(t, db)
		e.joinAndConfirm(t, joinForm("new@example.org"))
		if _, err := e.beta.OpenBeta(t.Context(), ""); err != nil {
			t.Fatal(err)
		}
		invite, err := models.NewOutboxStore(db).ByDedupeKey(t.Context(), "beta-invite:"+firstEntryID(t, db))
		if err != nil || !strings.Contains(invite.TextBody, apptest.BaseURL+"/signup") || !strings.Contains(invite.TextBody, "/v1") {
			t.Fatalf("invitation: %v", err)
		}
		s := e.Post(t, "/signup", url.Values{"email": {"new@example.org"}, "name": {"New"}, "password": {apptest.TestPassword}}, "")
		if s.Status != http.StatusSeeOther || s.Cookie == "" {
			t.Fatalf("signup: %d", s.Status)
		}
		u, err := e.App.Stores.Accounts.UserByEmail(t.Context(), "new@example.org")
		if err != nil {
			t.Fatal(err)
		}
		// The wiring calls GrantIfInvited after sign-up, login and verification; before the address is
		// verified it must not grant, or anyone could claim a stranger's invitation.
		if has, err := e.beta.GrantIfInvited(t.Context(), u.ID, u.Email); err != nil || has {
			t.Fatalf("before verification: %v %v", has, err)
		}
		var verify []models.OutboxMail
		db.Gorm.Where("dedupe_key LIKE 'verify:%'").Find(&verify)
		if len(verify) != 1 {
			t.Fatalf("verification mails: %d", len(verify))
		}
		i := strings.Index(verify[0].TextBody, apptest.BaseURL+"/verify/")
		e.Get(t, strings.TrimPrefix(strings.Fields(verify[0].TextBody[i:])[0], apptest.BaseURL), "").WantStatus(t, http.StatusOK)
		if has, err := e.beta.GrantIfInvited(t.Context(), u.ID, u.Email); err != nil || !has {
			t.Fatalf("after verification: %v %v", has, err)
		}
		has, err := e.beta.HasBetaAccess(t.Context(), u)
		if err != nil || !has {
			t.Fatalf("HasBetaAccess: %v %v", has, err)
		}
		var buf bytes.Buffer
		if err := betapages.Access(has).Render(context.Background(), &buf); err != nil || !strings.Contains(buf.String(), "Beta access: yes") || !strings.Contains(buf.String(), "keys work on /v1") {
			t.Fatalf("account line: %v %s", err, buf.String())
		}
		entry, _ := models.NewWaitlistStore(db).ByID(t.Context(), firstEntryID(t, db))
		if entry.State != models.WaitlistJoined {
			t.Fatalf("entry state %s", entry.State)
		}
	})
}

// firstEntryID is the id of the only (or oldest) waiting-list entry.
func firstEntryID(t *testing.T, db *database.DB) string {
	t.Helper()
	var e models.WaitlistEntry
	if err := db.Gorm.Order("created_at").Take(&e).Error; err != nil {
		t.Fatal(err)
	}
	return e.ID
}

func TestAdminWaitlistRoutesNeedAdmin(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newBetaEnv(t, db)
		user := e.account(t, "user@example.org", models.RoleUser)
		adm := e.account(t, "admin@example.org", models.RoleAdmin)
		routes := []struct{ method, path string }{
			{http.MethodGet, "/admin/waitlist"}, {http.MethodGet, "/admin/waitlist.csv"},
			{http.MethodPost, "/admin/waitlist/invite"}, {http.MethodGet, "/admin/waitlist/open"}, {http.MethodPost, "/admin/waitlist/open"},
		}
		for _, r := range routes {
			var form url.Values
			if r.method == http.MethodPost {
				form = url.Values{}
			}
			anon := e.Send(t, r.method, r.path, form, "")
			if anon.Status != http.StatusSeeOther || !strings.HasPrefix(anon.Location, "/login") {
				t.Errorf("anonymous %s %s: %d %q", r.method, r.path, anon.Status, anon.Location)
			}
			if u := e.Send(t, r.method, r.path, form, user); u.Status != http.StatusForbidden {
				t.Errorf("user %s %s: %d", r.method, r.path, u.Status)
			}
			if a := e.Send(t, r.method, r.path, form, adm); a.Status != http.StatusOK && a.Status != http.StatusSeeOther {
				t.Errorf("admin %s %s: %d", r.method, r.path, a.Status)
			}
		}
	})
}
