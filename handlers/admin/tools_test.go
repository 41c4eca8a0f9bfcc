package admin_test

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// rowIDs lists the attribute attr of the elements matching sel, in page order.
func rowIDs(doc *goquery.Document, sel, attr string) []string {
	var out []string
	doc.Find(sel).Each(func(_ int, s *goquery.Selection) { out = append(out, s.AttrOr(attr, "")) })
	return out
}

// TestAdminClaimModerationList: every claim is listed newest first, found by the product's search
// (Turkish folding included) and narrowed by verdict, state and channel; a row hides its claim
// behind a confirmation that carries the reason, and the change returns to the filtered list.
func TestAdminClaimModerationList(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAdminEnv(t, db)
		ctx := context.Background()
		_, tok := e.user(t, "mod@example.com", models.RoleAdmin)
		u, _ := e.user(t, "dev@example.com", models.RoleUser)
		now := time.Now().UTC()
		flat := adminSeedClaim(t, e.stores, "Dünya düzdür", "yanlis", "science", now.Add(-3*time.Minute))
		water := adminSeedClaim(t, e.stores, "Water boils at 100 degrees at sea level", "dogru", "science", now.Add(-2*time.Minute))
		vacc := adminSeedClaim(t, e.stores, "Vaccines cause autism", "yanlis", "health", now.Add(-time.Minute))
		k, _, err := issueKey("api", now)
		if err != nil {
			t.Fatal(err)
		}
		if err := e.stores.Keys.CreateOwned(ctx, u.ID, k); err != nil {
			t.Fatal(err)
		}
		if err := db.Gorm.Exec(`UPDATE claims SET api_key_id = ? WHERE id = ?`, k.ID, water.ID).Error; err != nil {
			t.Fatal(err)
		}
		if err := e.admin.HideClaim(ctx, flat.ID, "Spam", now); err != nil {
			t.Fatal(err)
		}
		cases := []struct {
			name, query string
			want        []string
		}{
			{"everything newest first", "", []string{vacc.ID, water.ID, flat.ID}},
			{"search", "q=vaccines", []string{vacc.ID}},
			{"search folds Turkish letters", "q=duzdur", []string{flat.ID}},
			{"verdict", "verdict=yanlis", []string{vacc.ID, flat.ID}},
			{"hidden only", "state=hidden", []string{flat.ID}},
			{"public only", "state=public", []string{vacc.ID, water.ID}},
			{"through the API", "via=api", []string{water.ID}},
			{"through the website", "via=web", []string{vacc.ID, flat.ID}},
			{"analyzer", "analyzer=seed", []string{vacc.ID, water.ID, flat.ID}},
			{"search and verdict", "q=water&verdict=yanlis", nil},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				r := e.do(t, "GET", "/admin/claims?"+tc.query, nil, tok)
				if r.status != 200 {
					t.Fatalf("status %d", r.status)
				}
				got := rowIDs(r.doc, `[data-testid="claim-row"]`, "data-claim-id")
				if strings.Join(got, ",") != strings.Join(tc.want, ",") {
					t.Errorf("rows %v, want %v", got, tc.want)
				}
				if len(tc.want) == 0 && r.doc.Find(`[data-testid="no-claims"]`).Length() != 1 {
					t.Error("an empty list does not say so")
				}
			})
		}
		list := e.do(t, "GET", "/admin/claims?verdict=yanlis", nil, tok)
		row := list.doc.Find(`[data-testid="claim-row"][data-claim-id="` + vacc.ID + `"]`)
		if href := row.Find(`[data-testid="claim-link"]`).AttrOr("href", ""); href != "/claims/"+vacc.ID {
			t.Errorf("row links %q, want the claim page", href)
		}
		if v := strings.TrimSpace(row.Find(`[data-testid="claim-verdict"]`).Text()); v != "False (Yanlış)" {
			t.Errorf("verdict shown as %q", v)
		}
		// Hiding takes two steps in the page: the disclosure, then its own submit with the reason.
		confirm := row.Find(`details[data-testid="hide"] form`)
		if confirm.Length() != 1 || confirm.Find(`input[name="reason"][required]`).Length() != 1 ||
			confirm.Find(`[data-testid="hide-confirm"]`).Length() != 1 || confirm.Find(`input[name="back"]`).AttrOr("value", "") != "/admin/claims?verdict=yanlis" {
			t.Fatalf("the hide confirmation is incomplete: %s", html(confirm))
		}
		if row.Find(`details[data-testid="hide"]`).AttrOr("open", "none") != "none" {
			t.Error("the confirmation starts open")
		}
		hidden := list.doc.Find(`[data-testid="claim-row"][data-claim-id="` + flat.ID + `"]`)
		if hidden.AttrOr("data-hidden", "") != "true" || strings.TrimSpace(hidden.Find(`[data-testid="hidden-reason"]`).Text()) != "Spam" ||
			hidden.Find(`[data-testid="unhide"]`).Length() != 1 {
			t.Error("the hidden claim's row lacks its reason or the show-again button")
		}
		r := e.do(t, "POST", "/admin/claims/hide", url.Values{"claim": {vacc.ID}, "reason": {"Duplicate"}, "back": {"/admin/claims?verdict=yanlis"}}, tok)
		if r.status != 303 || r.location != "/admin/claims?verdict=yanlis&done=hidden" {
			t.Fatalf("hide from the row: %d %q", r.status, r.location)
		}
		if c, err := e.admin.ClaimByID(ctx, vacc.ID); err != nil || c.HiddenAt == nil || c.HiddenReason == nil || *c.HiddenReason != "Duplicate" {
			t.Errorf("the claim is not hidden with its reason: %+v %v", c, err)
		}
		// The return address must be the list's own.
		for _, back := range []string{"https://evil.example/admin/claims", "//evil.example", "/admin/claimsX", "/admin/users"} {
			r := e.do(t, "POST", "/admin/claims/"+vacc.ID+"/unhide", url.Values{"back": {back}}, tok)
			if r.status != 303 || r.location != "/admin/claims?done=unhidden" {
				t.Errorf("back %q: %d %q", back, r.status, r.location)
			}
		}
		if got := strings.Join(e.auditActions(t), ","); got != "claim.hide,claim.unhide,claim.unhide,claim.unhide,claim.unhide" {
			t.Errorf("audit: %s", got)
		}
	})
}

// TestAdminClaimListPages: the list pages by cursor, newest first, without repeating a claim.
func TestAdminClaimListPages(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAdminEnv(t, db)
		_, tok := e.user(t, "mod@example.com", models.RoleAdmin)
		now := time.Now().UTC()
		const n = 53 // more than one page of 50
		for i := range n {
			adminSeedClaim(t, e.stores, "Claim number "+strings.Repeat("x", i%3)+uuid.NewString()[:8], "belirsiz", "science", now.Add(time.Duration(i-n)*time.Second))
		}
		first := e.do(t, "GET", "/admin/claims?verdict=belirsiz", nil, tok)
		ids := rowIDs(first.doc, `[data-testid="claim-row"]`, "data-claim-id")
		next := first.doc.Find(`[data-testid="next-page"]`).AttrOr("href", "")
		if len(ids) != 50 || !strings.Contains(next, "verdict=belirsiz") || !strings.Contains(next, "cursor=") {
			t.Fatalf("first page: %d rows, next %q", len(ids), next)
		}
		second := e.do(t, "GET", next, nil, tok)
		more := rowIDs(second.doc, `[data-testid="claim-row"]`, "data-claim-id")
		if len(more) != n-50 || second.doc.Find(`[data-testid="next-page"]`).Length() != 0 || second.doc.Find(`[data-testid="first-page"]`).Length() != 1 {
			t.Fatalf("second page: %d rows", len(more))
		}
		seen := map[string]bool{}
		for _, id := range append(ids, more...) {
			if seen[id] {
				t.Errorf("claim %s listed twice", id)
			}
			seen[id] = true
		}
		if bad := e.do(t, "GET", "/admin/claims?cursor=garbage", nil, tok); bad.status != 200 || bad.doc.Find(`[data-testid="search-error"]`).Length() != 1 {
			t.Errorf("a bad cursor: %d", bad.status)
		}
	})
}

// TestAdminUsersOwnRow: an admin's own row offers no Disable, the server refuses it anyway, and
// other rows put Disable behind a confirmation.
func TestAdminUsersOwnRow(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAdminEnv(t, db)
		me, tok := e.user(t, "me@example.com", models.RoleAdmin)
		other, _ := e.user(t, "other@example.com", models.RoleAdmin)
		page := e.do(t, "GET", "/admin/users", nil, tok)
		mine := page.doc.Find(`[data-testid="user-row"][data-user-id="` + me.ID + `"]`)
		if mine.Find(`[data-testid="disable"]`).Length() != 0 || mine.Find(`[data-testid="self"]`).Length() != 1 {
			t.Error("the admin's own row offers Disable")
		}
		theirs := page.doc.Find(`[data-testid="user-row"][data-user-id="` + other.ID + `"]`)
		if theirs.Find(`details[data-testid="disable"] form [data-testid="disable-confirm"]`).Length() != 1 {
			t.Error("another admin's row has no confirmed Disable")
		}
		r := e.do(t, "POST", "/admin/users/"+me.ID+"/disable", url.Values{}, tok)
		if r.status != 303 || r.location != "/admin/users?err=self" {
			t.Fatalf("self-disable: %d %q", r.status, r.location)
		}
		if u, err := e.stores.Accounts.UserByID(context.Background(), me.ID); err != nil || u.Disabled() {
			t.Fatalf("the admin disabled themselves (%v)", err)
		}
		if msg := e.do(t, "GET", r.location, nil, tok).doc.Find(`[data-testid="error"]`).Text(); !strings.Contains(msg, "cannot disable your own account") {
			t.Errorf("refusal message %q", msg)
		}
		if got := e.auditActions(t); len(got) != 0 {
			t.Errorf("a refused change was audited: %v", got)
		}
	})
}

// TestAdminOutboxTools: without SMTP the page says mail is not being sent and no mail reads as
// merely queued; links in bodies are clickable; state, kind and recipient filter the list.
func TestAdminOutboxTools(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAdminEnv(t, db)
		ctx := context.Background()
		_, tok := e.user(t, "admin@example.com", models.RoleAdmin)
		add := func(key, to, body string) *models.OutboxMail {
			m := &models.OutboxMail{ID: uuid.NewString(), DedupeKey: key, ToAddr: to, Subject: "About " + key, TextBody: body,
				State: models.OutboxQueued, NextAttemptAt: time.Now().UTC(), CreatedAt: time.Now().UTC()}
			if _, err := e.stores.Outbox.Enqueue(ctx, models.Tx{}, m); err != nil {
				t.Fatal(err)
			}
			return m
		}
		inv := add("beta-invite:1", "ayse@example.org", "Welcome. Open https://claimcheck.test/signup?beta=1 to start.")
		ver := add("verify:2", "bob@example.com", "Confirm: https://claimcheck.test/verify/abc.")
		if err := db.Gorm.Exec(`UPDATE email_outbox SET state = 'dead', last_error = 'smtp down' WHERE id = ?`, ver.ID).Error; err != nil {
			t.Fatal(err)
		}
		page := e.do(t, "GET", "/admin/outbox", nil, tok)
		if b := page.doc.Find(`[data-testid="no-smtp"]`).Text(); !strings.Contains(b, "Mail is not being sent: SMTP is not configured") {
			t.Errorf("no-SMTP banner %q", b)
		}
		mail := page.doc.Find(`[data-testid="mail"][data-mail-id="` + inv.ID + `"]`)
		if st := mail.Find(`[data-testid="mail-state"]`).Text(); st != "not sent: no SMTP server" {
			t.Errorf("queued mail without SMTP reads %q", st)
		}
		link := mail.Find(`[data-testid="mail-body"] a[data-testid="mail-link"]`)
		if link.Length() != 1 || link.AttrOr("href", "") != "https://claimcheck.test/signup?beta=1" {
			t.Errorf("mail link: %s", html(mail.Find(`[data-testid="mail-body"]`)))
		}
		if body := mail.Find(`[data-testid="mail-body"]`).Text(); body != inv.TextBody {
			t.Errorf("body text %q, want %q", body, inv.TextBody)
		}
		vlink := page.doc.Find(`[data-testid="mail"][data-mail-id="` + ver.ID + `"] a[data-testid="mail-link"]`)
		if vlink.AttrOr("href", "") != "https://claimcheck.test/verify/abc" {
			t.Errorf("a link's trailing full stop is part of it: %q", vlink.AttrOr("href", ""))
		}
		cases := []struct{ query, want string }{
			{"", inv.ID + "," + ver.ID},
			{"state=dead", ver.ID},
			{"state=queued", inv.ID},
			{"kind=beta-invite", inv.ID},
			{"kind=verify", ver.ID},
			{"to=AYSE", inv.ID},
			{"to=nobody", ""},
		}
		for _, tc := range cases {
			r := e.do(t, "GET", "/admin/outbox?"+tc.query, nil, tok)
			got := rowIDs(r.doc, `[data-testid="mail"]`, "data-mail-id")
			want := tc.want
			if got2 := strings.Join(got, ","); got2 != want && !(strings.Contains(want, ",") && got2 == ver.ID+","+inv.ID) {
				t.Errorf("%q: %v, want %s", tc.query, got, want)
			}
		}
		kinds := rowIDs(page.doc, `[data-testid="filter-kind"] option`, "value")
		if strings.Join(kinds, ",") != ",beta-invite,verify" {
			t.Errorf("kind options %v", kinds)
		}
	})
}

// TestAdminConsoleHasNoPublicFooter: the console leaves out the readers' footer the site shows.
func TestAdminConsoleHasNoPublicFooter(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAdminEnv(t, db)
		_, tok := e.user(t, "admin@example.com", models.RoleAdmin)
		for _, path := range []string{"/admin", "/admin/claims", "/admin/knowledge", "/admin/outbox", "/admin/firms", "/admin/waitlist"} {
			if r := e.do(t, "GET", path, nil, tok); r.status != 200 || r.doc.Find(".site-footer").Length() != 0 {
				t.Errorf("%s: status %d, footers %d", path, r.status, r.doc.Find(".site-footer").Length())
			}
		}
		if r := e.do(t, "GET", "/", nil, tok); r.doc.Find(".site-footer").Length() != 1 {
			t.Error("the public pages lost their footer")
		}
	})
}

// html is the outer HTML of s, for failure messages.
func html(s *goquery.Selection) string {
	h, _ := goquery.OuterHtml(s)
	return h
}

// TestAdminDestructiveActionsAskFirst: every destructive console control is a closed disclosure
// whose own form carries the confirming button, so one click sends nothing, with or without
// JavaScript.
func TestAdminDestructiveActionsAskFirst(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAdminEnv(t, db)
		ctx := context.Background()
		_, tok := e.user(t, "admin@example.com", models.RoleAdmin)
		u, _ := e.user(t, "dev@example.com", models.RoleUser)
		k, _, err := issueKey("prod", time.Now().UTC())
		if err != nil {
			t.Fatal(err)
		}
		if err := e.stores.Keys.CreateOwned(ctx, u.ID, k); err != nil {
			t.Fatal(err)
		}
		c := adminSeedClaim(t, e.stores, "Bats are blind", "yanlis", "science", time.Now())
		if r := e.do(t, "POST", "/admin/plans", url.Values{"slug": {"spare"}, "name": {"Spare"}, "monthly_quota": {"10"}, "max_active_keys": {"1"}}, tok); r.status != 303 {
			t.Fatalf("create plan: %d", r.status)
		}
		spare, err := e.stores.Plans.BySlug(ctx, "spare")
		if err != nil {
			t.Fatal(err)
		}
		entries, _, err := e.stores.Reviews.List(ctx, models.ReviewFilter{Limit: 1})
		if err != nil || len(entries) != 1 {
			t.Fatalf("no knowledge-base entry to retire (%v)", err)
		}
		cases := []struct{ page, testid, action string }{
			{"/admin/users", "disable", "/admin/users/" + u.ID + "/disable"},
			{"/admin/keys", "revoke", "/admin/keys/" + k.ID + "/revoke"},
			{"/admin/claims", "hide", "/admin/claims/hide"},
			{"/admin/plans/" + spare.ID, "delete-plan", "/admin/plans/" + spare.ID + "/delete"},
			{"/admin/knowledge/" + entries[0].ID, "retire", "/admin/knowledge/" + entries[0].ID + "/retire"},
		}
		for _, tc := range cases {
			r := e.do(t, "GET", tc.page, nil, tok)
			d := r.doc.Find(`details[data-testid="` + tc.testid + `"]`).FilterFunction(func(_ int, s *goquery.Selection) bool {
				return s.Find(`form[action="`+tc.action+`"]`).Length() == 1
			})
			if d.Length() != 1 {
				t.Errorf("%s: no confirmation for %s", tc.page, tc.action)
				continue
			}
			if _, open := d.Attr("open"); open || d.Find(`summary`).Length() != 1 ||
				d.Find(`form [data-testid="`+tc.testid+`-confirm"][type="submit"]`).Length() != 1 || d.Find(`form input[name="_csrf"]`).Length() != 1 {
				t.Errorf("%s: the confirmation is open, or lacks its summary, button or token: %s", tc.page, html(d))
			}
			if tc.testid == "hide" && d.Find(`input[name="claim"]`).AttrOr("value", "") != c.ID {
				t.Errorf("the hide confirmation names claim %q", d.Find(`input[name="claim"]`).AttrOr("value", ""))
			}
		}
	})
}
