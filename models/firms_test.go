package models_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

func TestNormalizeDomain(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		bad      string // part of the error message; "" = valid
	}{
		{in: "example.com", want: "example.com"},
		{in: "  Example.COM  ", want: "example.com"},
		{in: "www.example.com", want: "example.com"},
		{in: "WWW.Example.com.", want: "example.com"},
		{in: "https://www.example.com:8443/news?x=1#top", want: "example.com"},
		{in: "http://user@news.example.co.uk/path", want: "news.example.co.uk"},
		{in: "example.com/politics", want: "example.com"},
		{in: "bbc.co.uk", want: "bbc.co.uk"},
		{in: "Türkiye.com.tr", want: "xn--trkiye-3ya.com.tr"},
		{in: "https://例え.jp/", want: "xn--r8jz45g.jp"},
		{in: "xn--trkiye-3ya.com.tr", want: "xn--trkiye-3ya.com.tr"},
		{in: "a-b.example.org", want: "a-b.example.org"},
		{in: "", bad: "empty"},
		{in: "   ", bad: "empty"},
		{in: "localhost", bad: "needs a dot"},
		{in: "www.com", bad: "needs a dot"},
		{in: "co.uk", bad: "public suffix"},
		{in: "github.io", bad: "public suffix"},
		{in: "192.0.2.10", bad: "IP address"},
		{in: "http://[2001:db8::1]/", bad: "IP address"},
		{in: "exa mple.com", bad: "not a domain name"},
		{in: "under_score.com", bad: "not a valid domain name"},
		{in: "-bad.example.com", bad: "not a valid domain name"},
		{in: "a..b.com", bad: "not a valid domain name"},
		{in: strings.Repeat("a", 64) + ".com", bad: "not a valid domain name"},
		{in: strings.Repeat("abcdefghi.", 26) + "com", bad: "longer than the 253"},
		{in: strings.Repeat("x", 600), bad: "too long"},
	} {
		got, err := models.NormalizeDomain(tc.in)
		switch {
		case tc.bad == "" && err != nil:
			t.Errorf("NormalizeDomain(%q): %v", tc.in, err)
		case tc.bad == "" && got != tc.want:
			t.Errorf("NormalizeDomain(%q) = %q, want %q", tc.in, got, tc.want)
		case tc.bad != "" && err == nil:
			t.Errorf("NormalizeDomain(%q) = %q, want an error about %q", tc.in, got, tc.bad)
		case tc.bad != "" && !strings.Contains(err.Error(), tc.bad):
			t.Errorf("NormalizeDomain(%q) error %q, want it to mention %q", tc.in, err, tc.bad)
		}
	}
}

func TestNormalizeDomainsDedupesAndCaps(t *testing.T) {
	got, err := models.NormalizeDomains([]string{"example.com", "", "WWW.EXAMPLE.COM", " news.example.com ", "https://example.com/x"})
	if err != nil || strings.Join(got, ",") != "example.com,news.example.com" {
		t.Fatalf("got %v, %v", got, err)
	}
	many := make([]string, models.MaxFirmDomains+1)
	for i := range many {
		many[i] = "d" + strings.Repeat("x", i%5) + uuid.NewString()[:8] + ".com"
	}
	if _, err := models.NormalizeDomains(many); err == nil || !strings.Contains(err.Error(), "at most") {
		t.Fatalf("%d domains: %v, want the cap refused", len(many), err)
	}
}

func TestFirmSlugs(t *testing.T) {
	for _, tc := range []struct {
		slug string
		ok   bool
	}{
		{"acme", true}, {"acme-news-2", true}, {"a", true}, {strings.Repeat("a", 60), true},
		{"", false}, {"Acme", false}, {"-acme", false}, {"acme-", false}, {"ac--me", false},
		{"acme_news", false}, {"açme", false}, {strings.Repeat("a", 61), false},
	} {
		if got := models.ValidFirmSlug(tc.slug); got != tc.ok {
			t.Errorf("ValidFirmSlug(%q) = %v, want %v", tc.slug, got, tc.ok)
		}
	}
	for _, tc := range []struct{ name, want string }{
		{"Acme News", "acme-news"},
		{"Türkiye Gazetesi & Co.", "turkiye-gazetesi-and-co"},
		{"  İstanbul  Haber  ", "istanbul-haber"},
		{"Ça va? Ölçü! Şöyle", "ca-va-olcu-soyle"},
		{"BBC (UK) — 2024", "bbc-uk-2024"},
		{"日本", ""},
		{strings.Repeat("word ", 20), "word-word-word-word-word-word-word-word-word-word-word-word"},
	} {
		got := models.SuggestFirmSlug(tc.name)
		if got != tc.want {
			t.Errorf("SuggestFirmSlug(%q) = %q, want %q", tc.name, got, tc.want)
		}
		if got != "" && !models.ValidFirmSlug(got) {
			t.Errorf("SuggestFirmSlug(%q) = %q is not a valid slug", tc.name, got)
		}
	}
}

// firmEnv is a database with the stores the firm tests use.
type firmEnv struct {
	db *database.DB
	s  *models.Stores
	fs *models.FirmStore
	at time.Time
}

func newFirmEnv(t *testing.T, db *database.DB) *firmEnv {
	return &firmEnv{db: db, s: storerules.Stores(db), fs: models.NewFirmStore(db, storerules.Default()), at: firmTrustBase}
}

// next advances the test clock by a second.
func (e *firmEnv) next() time.Time { e.at = e.at.Add(time.Second); return e.at }

// firm creates a firm with domains, failing the test on error.
func (e *firmEnv) firm(t *testing.T, name, slug string, domains ...string) *models.Firm {
	t.Helper()
	f := &models.Firm{Name: name, Slug: slug, CreatedAt: e.next()}
	if err := e.fs.Create(context.Background(), f, domains); err != nil {
		t.Fatalf("create firm %s: %v", slug, err)
	}
	return f
}

// link reads a claim's firm link straight from the table (hidden claims too).
func (e *firmEnv) link(t *testing.T, claimID string) (firmID, source string) {
	t.Helper()
	var row struct {
		FirmID     *string
		FirmSource *string
	}
	if err := e.db.Gorm.Raw("SELECT firm_id, firm_source FROM claims WHERE id = ?", claimID).Scan(&row).Error; err != nil {
		t.Fatal(err)
	}
	if row.FirmID != nil {
		firmID = *row.FirmID
	}
	if row.FirmSource != nil {
		source = *row.FirmSource
	}
	return firmID, source
}

// wantLink fails unless the claim is linked to firmID ("" = none) by source.
func (e *firmEnv) wantLink(t *testing.T, step string, c *models.Claim, firmID, source string) {
	t.Helper()
	gotID, gotSrc := e.link(t, c.ID)
	if gotID != firmID || gotSrc != source {
		t.Fatalf("%s: claim from %s linked to %q by %q, want %q by %q", step, *c.SourceDomain, gotID, gotSrc, firmID, source)
	}
}

// wantCount fails unless the firm's stored claim count is n.
func (e *firmEnv) wantCount(t *testing.T, step, firmID string, n int) {
	t.Helper()
	if got := firmByID(t, e.fs, firmID); got.ClaimCount != n {
		t.Fatalf("%s: firm %s counts %d claims, want %d", step, got.Slug, got.ClaimCount, n)
	}
}

func TestFirmCreateValidatesAndRefusesClashes(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		e := newFirmEnv(t, db)
		a := e.firm(t, "Acme", "acme", "acme.com", "https://www.Acme.co.uk/")
		got, err := e.fs.BySlug(ctx, "acme")
		if err != nil {
			t.Fatal(err)
		}
		if got.ID != a.ID || strings.Join(got.Domains, ",") != "acme.co.uk,acme.com" || got.TrustScore != nil || got.ClaimCount != 0 {
			t.Fatalf("stored firm %+v", got)
		}
		for _, tc := range []struct {
			name    string
			f       models.Firm
			domains []string
			want    error
		}{
			{"slug taken", models.Firm{Name: "Acme 2", Slug: "acme"}, nil, models.ErrSlugTaken},
			{"domain taken", models.Firm{Name: "Acme 2", Slug: "acme-2"}, []string{"other.org", "WWW.ACME.COM"}, models.ErrDomainTaken},
			{"bad slug", models.Firm{Name: "Acme 2", Slug: "Acme 2"}, nil, models.ErrInvalidFirm},
			{"no name", models.Firm{Name: "  ", Slug: "acme-2"}, nil, models.ErrInvalidFirm},
			{"long description", models.Firm{Name: "Acme 2", Slug: "acme-2", Description: strings.Repeat("é", 2001)}, nil, models.ErrInvalidFirm},
			{"long website", models.Firm{Name: "Acme 2", Slug: "acme-2", Website: "https://example.com/" + strings.Repeat("a", models.MaxFirmWebsite)}, nil, models.ErrInvalidFirm},
			{"bad domain", models.Firm{Name: "Acme 2", Slug: "acme-2"}, []string{"co.uk"}, models.ErrInvalidFirm},
		} {
			f := tc.f
			err := e.fs.Create(ctx, &f, tc.domains)
			if !errors.Is(err, tc.want) {
				t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
			}
		}
		var dt *models.DomainTakenError
		err = e.fs.Create(ctx, &models.Firm{Name: "Acme 2", Slug: "acme-2"}, []string{"acme.com"})
		if !errors.As(err, &dt) || dt.Domain != "acme.com" || dt.Firm != "Acme" {
			t.Fatalf("domain clash %v, want it to name acme.com and Acme", err)
		}
		// Nothing of the refused firms was stored.
		if _, total, err := e.fs.List(ctx, "", 100, 0); err != nil || total != 1 {
			t.Fatalf("%d firms stored, %v; want only acme", total, err)
		}
		// A description of exactly 2000 characters is fine, and the firm's own domains are not a clash.
		a.Description = strings.Repeat("é", 2000)
		if err := e.fs.Update(ctx, a, []string{"acme.com", "acme.co.uk"}); err != nil {
			t.Fatal(err)
		}
		if err := e.fs.Update(ctx, &models.Firm{ID: uuid.NewString(), Name: "X", Slug: "x"}, nil); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("update of a missing firm: %v", err)
		}
		b := e.firm(t, "Bravo", "bravo")
		b.Slug = "acme"
		if err := e.fs.Update(ctx, b, nil); !errors.Is(err, models.ErrSlugTaken) {
			t.Fatalf("update to a taken slug: %v", err)
		}
		b.Slug = "bravo"
		if err := e.fs.Update(ctx, b, []string{"acme.co.uk"}); !errors.Is(err, models.ErrDomainTaken) {
			t.Fatalf("update to a taken domain: %v", err)
		}
		for _, id := range []string{"nope", uuid.NewString()} {
			if _, err := e.fs.ByID(ctx, id); !errors.Is(err, models.ErrNotFound) {
				t.Errorf("ByID(%q): %v", id, err)
			}
		}
		if _, err := e.fs.BySlug(ctx, "Not A Slug"); !errors.Is(err, models.ErrNotFound) {
			t.Errorf("BySlug of a bad slug: %v", err)
		}
	})
}

func TestFirmDomainLinking(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		e := newFirmEnv(t, db)
		// Claims that exist before any firm.
		root := firmClaim(t, e.s, "example.com", "dogru", 100, e.next())
		news := firmClaim(t, e.s, "news.example.com", "yanlis", 0, e.next())
		deep := firmClaim(t, e.s, "a.news.example.com", "kismen", 60, e.next())
		lookalike := firmClaim(t, e.s, "badexample.com", "dogru", 100, e.next())
		other := firmClaim(t, e.s, "other.org", "dogru", 100, e.next())
		hidden := firmClaim(t, e.s, "example.com", "dogru", 100, e.next())
		if err := db.Gorm.Exec("UPDATE claims SET hidden_at = ? WHERE id = ?", e.next(), hidden.ID).Error; err != nil {
			t.Fatal(err)
		}

		// Creating a firm links existing claims under its domain, subdomains included.
		ex := e.firm(t, "Example", "example", "example.com")
		e.wantLink(t, "create", root, ex.ID, "domain")
		e.wantLink(t, "create", news, ex.ID, "domain")
		e.wantLink(t, "create", deep, ex.ID, "domain")
		e.wantLink(t, "create", lookalike, "", "")
		e.wantLink(t, "create", other, "", "")
		// A hidden claim is linked (so it is with its firm if shown again) but never counted.
		e.wantLink(t, "create", hidden, ex.ID, "domain")
		e.wantCount(t, "create", ex.ID, 3)
		// Linked by their submitters' addresses only, none counts toward the score yet.
		if ex.ClaimCount != 3 || ex.TrustScore != nil {
			t.Fatalf("Create did not report the count and the missing trust: %+v", ex)
		}

		// A firm owning a more specific domain takes its claims; the other firm's trust follows.
		nw := e.firm(t, "Example Newsroom", "example-newsroom", "news.example.com")
		e.wantLink(t, "more specific", news, nw.ID, "domain")
		e.wantLink(t, "more specific", deep, nw.ID, "domain")
		e.wantLink(t, "more specific", root, ex.ID, "domain")
		e.wantCount(t, "more specific", ex.ID, 1)
		e.wantCount(t, "more specific", nw.ID, 2)

		// An admin's choice survives every domain change.
		if err := e.fs.SetClaimFirm(ctx, root.ID, &nw.ID); err != nil {
			t.Fatal(err)
		}
		e.wantLink(t, "admin link", root, nw.ID, "admin")
		e.wantCount(t, "admin link", ex.ID, 0)
		e.wantCount(t, "admin link", nw.ID, 3)

		// Update: add other.org, drop example.com.
		ex.Name = "Example Group"
		if err := e.fs.Update(ctx, ex, []string{"other.org"}); err != nil {
			t.Fatal(err)
		}
		e.wantLink(t, "update", other, ex.ID, "domain")
		e.wantLink(t, "update", root, nw.ID, "admin")
		e.wantLink(t, "update", hidden, "", "")
		e.wantLink(t, "update", news, nw.ID, "domain")
		e.wantCount(t, "update", ex.ID, 1)
		if got := firmByID(t, e.fs, ex.ID); got.Name != "Example Group" || strings.Join(got.Domains, ",") != "other.org" {
			t.Fatalf("update stored %+v", got)
		}

		// Giving example.com back relinks the hidden claim and leaves the admin's claim alone.
		if err := e.fs.Update(ctx, ex, []string{"other.org", "example.com"}); err != nil {
			t.Fatal(err)
		}
		e.wantLink(t, "re-add", hidden, ex.ID, "domain")
		e.wantLink(t, "re-add", root, nw.ID, "admin")
		e.wantLink(t, "re-add", news, nw.ID, "domain")

		// Deleting the newsroom: its domain claims fall back to the parent domain's owner, the admin
		// link is cleared, and its domains can be owned again.
		if err := e.fs.Delete(ctx, nw.ID); err != nil {
			t.Fatal(err)
		}
		e.wantLink(t, "delete", news, ex.ID, "domain")
		e.wantLink(t, "delete", deep, ex.ID, "domain")
		e.wantLink(t, "delete", root, "", "")
		e.wantCount(t, "delete", ex.ID, 3)
		if _, err := e.fs.ByID(ctx, nw.ID); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("deleted firm still found: %v", err)
		}
		if hs := firmHistory(t, e.fs, nw.ID); len(hs) != 0 {
			t.Fatalf("deleted firm kept %d history rows", len(hs))
		}
		e.firm(t, "Newsroom again", "newsroom", "news.example.com")
		if err := e.fs.Delete(ctx, nw.ID); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("second delete: %v", err)
		}

		// Deleting the last owner unlinks everything it had.
		if err := e.fs.Delete(ctx, ex.ID); err != nil {
			t.Fatal(err)
		}
		for _, c := range []*models.Claim{other, hidden} {
			e.wantLink(t, "delete last", c, "", "")
		}
	})
}

func TestFirmListRecentClaimsAndHistory(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		e := newFirmEnv(t, db)
		zeta := e.firm(t, "zeta Haber", "zeta", "zeta.com.tr")
		e.firm(t, "Alpha News", "alpha-news", "alpha.example")
		e.firm(t, "İSTANBUL Times", "istanbul-times", "istanbultimes.com")
		for _, tc := range []struct {
			q     string
			limit int
			off   int
			want  string
			total int64
		}{
			{"", 10, 0, "Alpha News,İSTANBUL Times,zeta Haber", 3},
			{"", 2, 1, "İSTANBUL Times,zeta Haber", 3},
			{"NEWS", 10, 0, "Alpha News", 1},
			{"istanbul", 10, 0, "İSTANBUL Times", 1},
			{"haber", 10, 0, "zeta Haber", 1},
			{"zeta.com", 10, 0, "zeta Haber", 1},
			{"alpha-", 10, 0, "Alpha News", 1},
			{"%", 10, 0, "", 0},
			{"nothing", 10, 0, "", 0},
		} {
			fs, total, err := e.fs.List(ctx, tc.q, tc.limit, tc.off)
			if err != nil {
				t.Fatal(err)
			}
			names := make([]string, len(fs))
			for i, f := range fs {
				names[i] = f.Name
			}
			if got := strings.Join(names, ","); got != tc.want || total != tc.total {
				t.Errorf("List(%q, %d, %d) = %q (%d), want %q (%d)", tc.q, tc.limit, tc.off, got, total, tc.want, tc.total)
			}
		}

		old := firmClaim(t, e.s, "zeta.com.tr", "dogru", 90, e.next())
		mid := firmClaim(t, e.s, "spor.zeta.com.tr", "yanlis", 10, e.next())
		hid := firmClaim(t, e.s, "zeta.com.tr", "kismen", 50, e.next())
		if err := db.Gorm.Exec("UPDATE claims SET hidden_at = ? WHERE id = ?", e.next(), hid.ID).Error; err != nil {
			t.Fatal(err)
		}
		cs, err := e.fs.RecentClaims(ctx, zeta.ID, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(cs) != 2 || cs[0].ID != mid.ID || cs[1].ID != old.ID {
			t.Fatalf("recent claims %v, want the two visible ones newest first", cs)
		}
		if cs, _ := e.fs.RecentClaims(ctx, zeta.ID, 1); len(cs) != 1 || cs[0].ID != mid.ID {
			t.Fatalf("limit 1: %v", cs)
		}
		// Three claims were stored (hiding one later is moderation's business): three entries, newest first.
		hs := firmHistory(t, e.fs, zeta.ID)
		if len(hs) != 3 || hs[0].ClaimCount != 3 || hs[2].ClaimCount != 1 || !hs[0].CreatedAt.After(hs[1].CreatedAt) {
			t.Fatalf("history %+v, want three entries newest first", hs)
		}
		if hs, _ := e.fs.History(ctx, zeta.ID, 1); len(hs) != 1 || hs[0].ClaimCount != 3 {
			t.Fatalf("history limit 1: %+v", hs)
		}
		// n of the rule: visible claims with a decided verdict whose attribution is confirmed.
		if n, err := e.fs.RatedClaims(ctx, zeta.ID); err != nil || n != 0 {
			t.Fatalf("rated claims %d, %v; want 0 before any confirmation", n, err)
		}
		confirm(t, db, e.fs, old, zeta.ID, e.next())
		confirm(t, db, e.fs, mid, zeta.ID, e.next())
		if n, err := e.fs.RatedClaims(ctx, zeta.ID); err != nil || n != 2 {
			t.Fatalf("rated claims %d, %v; want 2", n, err)
		}
		if err := db.Gorm.Exec("UPDATE claims SET expert_count = 1, community_verdict = 'belirsiz', community_score = 50 WHERE id = ?", mid.ID).Error; err != nil {
			t.Fatal(err)
		}
		if n, _ := e.fs.RatedClaims(ctx, zeta.ID); n != 1 {
			t.Fatalf("rated claims %d after experts left one undecided; want 1", n)
		}
		doms, err := e.fs.Domains(ctx, []string{zeta.ID, uuid.NewString(), "bad"})
		if err != nil || len(doms) != 1 || strings.Join(doms[zeta.ID], ",") != "zeta.com.tr" {
			t.Fatalf("domains %v, %v", doms, err)
		}
		if hs, err := e.fs.History(ctx, "not-an-id", 10); err != nil || len(hs) != 0 {
			t.Fatalf("history of a bad id: %v %v", hs, err)
		}
	})
}

func TestSetClaimFirm(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		e := newFirmEnv(t, db)
		a := e.firm(t, "A", "a", "a.example")
		b := e.firm(t, "B", "b")
		c := firmClaim(t, e.s, "a.example", "dogru", 100, e.next())
		e.wantLink(t, "by domain", c, a.ID, "domain")

		if err := e.fs.SetClaimFirm(ctx, c.ID, &b.ID); err != nil {
			t.Fatal(err)
		}
		e.wantLink(t, "moved", c, b.ID, "admin")
		e.wantCount(t, "moved", a.ID, 0)
		e.wantCount(t, "moved", b.ID, 1)
		if got := firmByID(t, e.fs, b.ID); got.TrustScore != nil {
			t.Fatalf("b trust %v before anyone confirmed the attribution", scoreText(got.TrustScore))
		}
		confirm(t, db, e.fs, c, b.ID, e.next())
		if got := firmByID(t, e.fs, b.ID); !sameScore(got.TrustScore, ptr(58.33)) {
			t.Fatalf("b trust %v", scoreText(got.TrustScore))
		}
		if got := firmByID(t, e.fs, a.ID); got.TrustScore != nil {
			t.Fatalf("a kept trust %v with no claim", *got.TrustScore)
		}

		if err := e.fs.SetClaimFirm(ctx, c.ID, nil); err != nil {
			t.Fatal(err)
		}
		e.wantLink(t, "unlinked", c, "", "")
		e.wantCount(t, "unlinked", b.ID, 0)

		missing := uuid.NewString()
		for _, tc := range []struct {
			name  string
			claim string
			firm  *string
		}{
			{"unknown claim", missing, &a.ID},
			{"malformed claim", "x", nil},
			{"unknown firm", c.ID, &missing},
		} {
			if err := e.fs.SetClaimFirm(ctx, tc.claim, tc.firm); !errors.Is(err, models.ErrNotFound) {
				t.Errorf("%s: %v, want ErrNotFound", tc.name, err)
			}
		}
		e.wantLink(t, "after refusals", c, "", "")
	})
}

// TestFirmConflictsNamesEveryClash: the console asks before saving, so one answer can name a
// taken slug and every taken domain; a firm's own slug and domains are never a clash.
func TestFirmConflictsNamesEveryClash(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		e := newFirmEnv(t, db)
		a := e.firm(t, "Acme", "acme", "acme.com", "acme.org")
		e.firm(t, "Bravo", "bravo", "bravo.com")
		for _, tc := range []struct {
			name, id, slug string
			doms           []string
			slugTaken      bool
			taken          string // "domain=firm,…"
		}{
			{"new firm, every clash", "", "acme", []string{"free.com", "bravo.com", "acme.org", "acme.com"}, true,
				"acme.com=Acme,acme.org=Acme,bravo.com=Bravo"},
			{"new firm, nothing taken", "", "fresh", []string{"free.com"}, false, ""},
			{"own slug and domains", a.ID, "acme", []string{"acme.com", "acme.org"}, false, ""},
			{"own firm taking another's", a.ID, "bravo", []string{"acme.com", "bravo.com"}, true, "bravo.com=Bravo"},
			{"nothing to check", "", "", nil, false, ""},
			{"an id that is no uuid", "nope", "acme", nil, true, ""},
		} {
			c, err := e.fs.Conflicts(ctx, tc.id, tc.slug, tc.doms)
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			var got []string
			for _, d := range c.Domains {
				got = append(got, d.Domain+"="+d.Firm)
			}
			if c.SlugTaken != tc.slugTaken || strings.Join(got, ",") != tc.taken || c.Any() != (tc.slugTaken || tc.taken != "") {
				t.Errorf("%s: slug taken %v, domains %q; want %v, %q", tc.name, c.SlugTaken, got, tc.slugTaken, tc.taken)
			}
		}
	})
}
