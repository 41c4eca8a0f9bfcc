package site_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/keys"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// order returns which of the selectors comes first in the document, by their position in it.
func order(doc *goquery.Document, sels ...string) []string {
	pos := map[string]int{}
	i := 0
	doc.Find("*").Each(func(_ int, s *goquery.Selection) {
		i++
		for _, sel := range sels {
			if _, seen := pos[sel]; !seen && s.Is(sel) {
				pos[sel] = i
			}
		}
	})
	out := append([]string(nil), sels...)
	for a := range out {
		for b := a + 1; b < len(out); b++ {
			if pos[out[b]] < pos[out[a]] {
				out[a], out[b] = out[b], out[a]
			}
		}
	}
	return out
}

// TestDocsOrderAndQuickStartFollowTheReader: a visitor and a Starter account read the quick start,
// then the compatible API their key can call, then /v1; a beta account reads /v1 first. A
// logged-in reader's quick start names their key's start and plan; the contents fit one screen.
func TestDocsOrderAndQuickStartFollowTheReader(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		b := apptest.Open(t, db, apptest.Options{})
		ctx := context.Background()
		starter, starterTok := b.Member(t, "starter@example.org", "Sam", models.RoleUser)
		issued, err := keys.Generate()
		if err != nil {
			t.Fatal(err)
		}
		k := &models.APIKey{ID: uuid.NewString(), Name: "newsroom", Prefix: issued.Prefix, Hash: issued.Hash}
		if err := b.App.Stores.Keys.CreateOwned(ctx, starter.ID, k); err != nil {
			t.Fatal(err)
		}
		betaUser, betaTok := b.Member(t, "beta@example.org", "Bea", models.RoleUser)
		if err := b.App.Stores.Waitlist.GrantUser(ctx, models.Tx{}, betaUser.ID, k.CreatedAt); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			name, session string
			first         string
			plan, key     string
		}{
			{"visitor", "", "[data-testid=docs-compat]", "What a free Starter key can call", "cc_live_…"},
			{"starter", starterTok, "[data-testid=docs-compat]", "What your Starter plan can call", keys.Display(issued.Prefix)},
			{"beta", betaTok, "[data-testid=docs-overview]", "can call", "cc_live_…"},
		} {
			p := b.Get(t, "/docs", c.session)
			p.WantStatus(t, http.StatusOK)
			got := order(p.Doc, "[data-testid=quickstart]", "[data-testid=docs-compat]", "[data-testid=docs-overview]")
			want := []string{"[data-testid=quickstart]", c.first}
			if got[0] != want[0] || got[1] != want[1] {
				t.Errorf("%s: sections in order %v, want %v first", c.name, got, want)
			}
			qs := p.Find(t, "[data-testid=quickstart]")
			if !strings.Contains(qs.Text(), c.plan) {
				t.Errorf("%s: quick start does not say %q", c.name, c.plan)
			}
			curl := qs.Find("[data-testid=quickstart-curl]").Text()
			if !strings.Contains(curl, c.key) || !strings.Contains(curl, apptest.BaseURL+"/functions/v1/quick-responder") || strings.Contains(curl, issued.Secret) {
				t.Errorf("%s: curl example\n%s\nwant the key start %q and the deployment's address, never a secret", c.name, curl, c.key)
			}
			cannot := qs.Find("[data-testid=quickstart-cannot]").Length()
			if (c.name == "beta") != (cannot == 0) {
				t.Errorf("%s: %d \"cannot call\" lists", c.name, cannot)
			}
			// The contents: a dozen top entries, the rest folded into <details>.
			tops := p.Doc.Find("[data-testid=docs-toc] [data-testid=docs-toc-top]")
			if tops.Length() > 14 || tops.First().Find("a").First().AttrOr("href", "") != "#quickstart" {
				t.Errorf("%s: %d top contents entries, first %q", c.name, tops.Length(), tops.First().Text())
			}
			if hidden := p.Doc.Find("[data-testid=docs-toc] details a").Length(); hidden < 20 {
				t.Errorf("%s: only %d entries folded away", c.name, hidden)
			}
			if c.session != "" && p.Header.Get("Cache-Control") != "private, no-store" {
				t.Errorf("%s: a personal page is cacheable: %q", c.name, p.Header.Get("Cache-Control"))
			}
		}
		// The guides the Enterprise plan links to are pages.
		for path, want := range map[string]string{"/docs/self-hosting": "PostgreSQL", "/docs/custom-model": "OpenAI-compatible"} {
			g := b.Get(t, path, "")
			g.WantStatus(t, http.StatusOK)
			if !strings.Contains(g.Doc.Find("main").Text(), want) || g.Doc.Find("a[href='/pricing#contact']").Length() == 0 {
				t.Errorf("%s lacks %q or the contact-sales link", path, want)
			}
		}
		b.Get(t, "/docs/no-such-guide", "").WantStatus(t, http.StatusNotFound)
	})
}
