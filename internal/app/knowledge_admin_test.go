package app_test

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/app"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

// vaccineClaim matches the starter knowledge base's fact-check rated false.
const vaccineClaim = "Aşılar otizme neden olur"

// matchedEntry returns the knowledge-base entry a's index matches claim with.
func matchedEntry(t *testing.T, a *app.App, claim string) *models.Review {
	t.Helper()
	cs := a.Knowledge.Index.Search(claim, "tr", 1)
	if len(cs) == 0 {
		t.Fatalf("the index matches nothing for %q", claim)
	}
	r, err := a.Stores.Reviews.ByURL(context.Background(), cs[0].Review.URL)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// indexedVerdict is the verdict a's index holds for the review at url ("" when it is not indexed).
func indexedVerdict(a *app.App, claim, url string) string {
	for _, c := range a.Knowledge.Index.Search(claim, "tr", 20) {
		if c.Review.URL == url {
			return string(c.Review.Verdict)
		}
	}
	return ""
}

// checkVerdict checks claim through b's public form and returns the verdict slug of the record.
func checkVerdict(t *testing.T, b *apptest.Browser, claim string) string {
	t.Helper()
	p := b.Post(t, "/", url.Values{"claim": {claim}})
	if p.Status != 303 {
		t.Fatalf("check %q: status %d: %.300s", claim, p.Status, p.Body)
	}
	loc := p.Location
	id := loc[strings.LastIndex(loc, "/")+1:]
	c, err := b.App.Stores.Claims.Get(context.Background(), id)
	if err != nil {
		t.Fatalf("claim %s after the check: %v", loc, err)
	}
	return c.AIVerdict
}

// TestKnowledgeEditReachesEveryProcess edits a fact-check's verdict through one process's console and
// watches a second process over the same database take it up by polling, then retires the entry
// and watches it leave the second process's matching.
func TestKnowledgeEditReachesEveryProcess(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		a := apptest.Open(t, db, apptest.Options{})
		b := apptest.Open(t, db, apptest.Options{})
		_, session := a.Member(t, "admin@example.com", "Admin", models.RoleAdmin)
		entry := matchedEntry(t, a.App, vaccineClaim)
		if entry.Verdict != "yanlis" {
			t.Fatalf("starter entry verdict %q, want yanlis", entry.Verdict)
		}
		if got := checkVerdict(t, b, vaccineClaim); got != "yanlis" {
			t.Fatalf("before the edit the second process checks %q", got)
		}
		form := url.Values{"claim": {entry.ClaimReviewed}, "verdict": {"dogru"}, "language": {entry.Language},
			"publisher": {entry.Publisher}, "body": {entry.ReviewBody}}
		if entry.TextualRating != nil {
			form.Set("rating", *entry.TextualRating)
		}
		if p := a.Post(t, "/admin/knowledge/"+entry.ID, form, session); p.Status != 303 {
			t.Fatalf("edit: status %d: %.400s", p.Status, p.Body)
		}
		if got := checkVerdict(t, a, vaccineClaim); got != "dogru" {
			t.Errorf("the editing process checks %q right after the edit, want dogru", got)
		}
		if got := indexedVerdict(b.App, vaccineClaim, entry.URL); got != "yanlis" {
			t.Fatalf("the second process changed before it polled: %q", got)
		}
		fctx, stop := context.WithCancel(ctx)
		defer stop()
		go b.App.Knowledge.Follow(fctx, b.App.Stores.Reviews, 20*time.Millisecond)
		waitFor(t, func() bool { return indexedVerdict(b.App, vaccineClaim, entry.URL) == "dogru" })
		if got := checkVerdict(t, b, vaccineClaim); got != "dogru" {
			t.Errorf("the second process checks %q after polling, want dogru", got)
		}

		if p := a.Post(t, "/admin/knowledge/"+entry.ID+"/retire", url.Values{"reason": {"wrong rating"}}, session); p.Status != 303 {
			t.Fatalf("retire: status %d", p.Status)
		}
		waitFor(t, func() bool { return indexedVerdict(b.App, vaccineClaim, entry.URL) == "" })
		if got := indexedVerdict(a.App, vaccineClaim, entry.URL); got != "" {
			t.Errorf("the retiring process still matches the entry (%q)", got)
		}
		if p := a.Post(t, "/admin/knowledge/"+entry.ID+"/restore", url.Values{}, session); p.Status != 303 {
			t.Fatalf("restore: status %d", p.Status)
		}
		waitFor(t, func() bool { return indexedVerdict(b.App, vaccineClaim, entry.URL) == "dogru" })

		// A process started after the changes builds its index with them, and the starter load it
		// runs leaves the admin's edit in place.
		c := apptest.Open(t, db, apptest.Options{})
		if got := indexedVerdict(c.App, vaccineClaim, entry.URL); got != "dogru" {
			t.Errorf("a new process indexes the entry as %q, want the edited dogru", got)
		}
		stored, err := c.App.Stores.Reviews.ByURL(ctx, entry.URL)
		if err != nil || stored.Verdict != "dogru" || stored.EditedAt == nil {
			t.Errorf("after a restart the stored entry is %+v (%v)", stored, err)
		}
	})
}

// waitFor polls cond for up to five seconds.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("the second process did not pick the change up within 5 s")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestBrowserAdminKnowledgeEditChangesNextCheck is the admin journey in Chromium: log in, find the
// knowledge-base entry behind a verdict, change its verdict, and check the claim again through the
// public form, which now gives the edited verdict.
func TestBrowserAdminKnowledgeEditChangesNextCheck(t *testing.T) {
	for _, d := range testdb.Dialects() {
		t.Run(string(d), func(t *testing.T) {
			ctx := browser(t)
			s := startServer(t, testdb.Open(t, d), nil)
			const email, password = "admin@newsroom.example", "kirmizi-Balon-42-uçuyor"
			if _, err := s.app.Accounts.CreateAdmin(context.Background(), email, "Ada Admin", password); err != nil {
				t.Fatal(err)
			}
			entry := matchedEntry(t, s.app, vaccineClaim)
			err := chromedp.Do(ctx,
				chromedp.Navigate(s.base+"/login"),
				chromedp.WaitVisible(`input[name="email"]`),
				chromedp.SendKeys(`input[name="email"]`, email),
				chromedp.SendKeys(`input[name="password"]`, password),
				chromedp.Click(`[data-testid="submit"]`),
				chromedp.WaitVisible(`[data-testid="nav-admin"]`),
				chromedp.Navigate(s.base+"/admin/knowledge"),
				chromedp.WaitVisible(`[data-testid="kb-search"]`),
				chromedp.SendKeys(`#kb-search-q`, "otizm"),
				chromedp.Submit(`[data-testid="kb-search"]`),
				chromedp.WaitVisible(`[data-testid="kb-row"][data-entry-id="`+entry.ID+`"]`),
				chromedp.Click(`[data-testid="kb-row"][data-entry-id="`+entry.ID+`"] [data-testid="kb-open"]`),
				chromedp.WaitVisible(`[data-testid="entry-form"]`),
				chromedp.SetValue(`#entry-verdict`, "dogru"),
				chromedp.Click(`[data-testid="entry-save"]`),
				chromedp.WaitVisible(`[data-testid="notice"]`),
			)
			if err != nil {
				t.Fatalf("edit the entry: %v", err)
			}
			edited := text(t, ctx, chromedp.Text(`[data-testid="entry-edited"]`))
			if !strings.Contains(edited, email) {
				t.Errorf("the entry page says it was edited %q, want by %s", edited, email)
			}
			if n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('.site-footer').length`)); err != nil || n != 0 {
				t.Errorf("the console shows the public footer (%d, %v)", n, err)
			}
			err = chromedp.Do(ctx,
				chromedp.Navigate(s.base+"/"),
				chromedp.WaitVisible(`[data-testid="claim-form"]`),
				chromedp.SendKeys(`textarea[name="claim"]`, vaccineClaim),
				chromedp.Submit(`[data-testid="claim-form"]`),
				chromedp.WaitVisible(`[data-testid="verdict-badge"]`),
			)
			if err != nil {
				t.Fatalf("check the claim: %v", err)
			}
			if verdict := text(t, ctx, chromedp.Text(`[data-testid="verdict-badge"]`)); !strings.Contains(verdict, "Doğru") {
				t.Errorf("verdict badge after the edit %q, want Doğru", verdict)
			}
			used := text(t, ctx, chromedp.Text(`[data-testid="match-used"]`))
			if !strings.Contains(strings.ToLower(used), "verdict taken from this") {
				t.Errorf("the edited fact-check is not shown as the verdict's basis: %q", used)
			}
		})
	}
}
