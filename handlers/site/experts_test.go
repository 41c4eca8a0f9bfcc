package site_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/handlers/site"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/community"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// expertUser stores an account directly (no login needed for public pages).
func (e *reviewEnv) expertUser(t *testing.T, name string, role models.Role, disabled bool) *models.User {
	t.Helper()
	now := time.Now().UTC()
	u := &models.User{ID: uuid.NewString(), Email: uuid.NewString()[:8] + "@example.org", Name: name, PasswordHash: "x", Role: role,
		EmailVerifiedAt: &now, CreatedAt: now, UpdatedAt: now}
	if disabled {
		u.DisabledAt = &now
	}
	if err := e.stores.Accounts.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return u
}

func TestExpertsListIsEmptyUntilExpertsExist(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newReviewEnv(t, db)
		e.expertUser(t, "Just A User", models.RoleUser, false)
		p := e.Get(t, "/experts", "")
		p.WantStatus(t, http.StatusOK)
		if kind, _ := p.Find(t, "[data-testid=empty-state]").Attr("data-kind"); kind != "no-experts" {
			t.Errorf("empty kind %q", kind)
		}
		if !strings.Contains(p.Text(t, "[data-testid=experts-count]"), "0 experts") {
			t.Errorf("count %q", p.Text(t, "[data-testid=experts-count]"))
		}
		e.Get(t, "/experts?page=nope", "").WantStatus(t, http.StatusBadRequest)
	})
}

func TestExpertsListAndPublicProfiles(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newReviewEnv(t, db)
		ctx := context.Background()
		ada := e.expertUser(t, "Ada Lovelace", models.RoleExpert, false)
		longBio := strings.Repeat("Statistician and science writer. ", 12)
		if err := e.experts.SaveProfile(ctx, &models.ExpertProfile{UserID: ada.ID, Bio: longBio, Expertise: `["statistics","vaccines"]`, Public: true}, time.Now()); err != nil {
			t.Fatal(err)
		}
		bob := e.expertUser(t, "Bob Builder", models.RoleExpert, false)
		cem := e.expertUser(t, "Cem Private", models.RoleExpert, false)
		if err := e.experts.SaveProfile(ctx, &models.ExpertProfile{UserID: cem.ID, Public: false}, time.Now()); err != nil {
			t.Fatal(err)
		}
		dan := e.expertUser(t, "Dan Disabled", models.RoleExpert, true)
		eve := e.expertUser(t, "Eve User", models.RoleUser, false)

		c1 := apptest.SeedClaim(t, e.stores, "Humans use only 10% of their brains", "belirsiz", "science", time.Now().Add(-time.Hour))
		c2 := apptest.SeedClaim(t, e.stores, "Cracking knuckles causes arthritis", "belirsiz", "health", time.Now().Add(-time.Hour))
		c3 := apptest.SeedClaim(t, e.stores, "A moderated claim", "belirsiz", "health", time.Now().Add(-time.Hour))
		svc := community.New(community.Config{Store: e.experts})
		for _, v := range []community.VoteInput{
			{ClaimID: c1.ID, ExpertID: ada.ID, Verdict: "yanlis", Confidence: 0.9},
			{ClaimID: c2.ID, ExpertID: ada.ID, Verdict: "yanlis", Confidence: 0.7},
			{ClaimID: c3.ID, ExpertID: ada.ID, Verdict: "yanlis", Confidence: 0.7},
			{ClaimID: c1.ID, ExpertID: bob.ID, Verdict: "yanlis", Confidence: 1},
		} {
			if _, err := svc.Vote(ctx, v); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.Gorm.Exec("UPDATE claims SET hidden_at = ? WHERE id = ?", time.Now().UTC(), c3.ID).Error; err != nil {
			t.Fatal(err)
		}

		p := e.Get(t, "/experts", "")
		p.WantStatus(t, http.StatusOK)
		names := texts(p, "[data-testid=expert-link]")
		if strings.Join(names, "|") != "Ada Lovelace|Bob Builder" {
			t.Fatalf("listed %v, want Ada then Bob", names)
		}
		first := p.Doc.Find("[data-testid=expert]").First()
		if href, _ := first.Find("[data-testid=expert-link]").Attr("href"); href != "/experts/"+ada.ID {
			t.Errorf("profile link %q", href)
		}
		if got := strings.TrimSpace(first.Find("[data-testid=expert-reviews]").Text()); got != "2 reviews" {
			t.Errorf("Ada's reviews %q (the hidden claim must not count)", got)
		}
		if bio := first.Find(".expert-card__bio").Text(); !strings.HasSuffix(bio, "…") || len([]rune(bio)) > 201 {
			t.Errorf("bio excerpt %q", bio)
		}
		if tags := first.Find("[data-testid=expert-tags] li").Length(); tags != 2 {
			t.Errorf("%d tags", tags)
		}
		if !strings.Contains(p.Text(t, "[data-testid=experts-count]"), "2 experts") {
			t.Errorf("count %q", p.Text(t, "[data-testid=experts-count]"))
		}
		if c, _ := p.Find(t, "link[rel=canonical]").Attr("href"); c != testBaseURL+"/experts?lang=en" {
			t.Errorf("canonical %q", c)
		}

		prof := e.Get(t, "/experts/"+ada.ID, "")
		prof.WantStatus(t, http.StatusOK)
		if prof.Text(t, "[data-testid=expert-name]") != "Ada Lovelace" || prof.Text(t, "[data-testid=expert-reviews]") != "2 reviews" {
			t.Errorf("profile head %q", prof.Text(t, "[data-testid=expert-profile]"))
		}
		recent := prof.Doc.Find("[data-testid=recent-review]")
		if recent.Length() != 2 {
			t.Fatalf("%d recent reviews, want 2 (not the hidden claim)", recent.Length())
		}
		links := map[string]bool{}
		recent.Find("a[href^='/claims/']").Each(func(_ int, s *goquery.Selection) {
			h, _ := s.Attr("href")
			links[h] = true
		})
		if !links["/claims/"+c1.ID] || !links["/claims/"+c2.ID] {
			t.Errorf("recent review links %v", links)
		}
		if v, _ := recent.First().Find("[data-testid=item-verdict]").Attr("data-verdict"); v != "yanlis" {
			t.Errorf("recent review verdict %q", v)
		}
		if bobProf := e.Get(t, "/experts/"+bob.ID, ""); bobProf.Status != http.StatusOK || bobProf.Doc.Find("[data-testid=expert-tags]").Length() != 0 {
			t.Errorf("Bob (no profile row) is public without tags: %d", bobProf.Status)
		}
		for _, id := range []string{cem.ID, dan.ID, eve.ID, uuid.NewString(), "ada"} {
			e.Get(t, "/experts/"+id, "").WantStatus(t, http.StatusNotFound)
		}
	})
}

func TestExpertsListPaginates(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newReviewEnv(t, db)
		for i := 0; i < site.ExpertsPerPage+1; i++ {
			e.expertUser(t, fmt.Sprintf("Expert %02d", i), models.RoleExpert, false)
		}
		p := e.Get(t, "/experts", "")
		if n := p.Doc.Find("[data-testid=expert]").Length(); n != site.ExpertsPerPage {
			t.Fatalf("page 1 lists %d", n)
		}
		if next, _ := p.Find(t, "[data-testid=pagination-next]").Attr("href"); next != "/experts?page=2" {
			t.Errorf("next %q", next)
		}
		p2 := e.Get(t, "/experts?page=2", "")
		if names := texts(p2, "[data-testid=expert-link]"); strings.Join(names, "|") != "Expert 20" {
			t.Errorf("page 2 lists %v", names)
		}
		if p2.Doc.Find(`meta[name=robots][content=noindex]`).Length() != 1 {
			t.Error("deep pages may be indexed")
		}
		if kind, _ := e.Get(t, "/experts?page=3", "").Find(t, "[data-testid=empty-state]").Attr("data-kind"); kind != "past-end" {
			t.Errorf("past the end: %q", kind)
		}
	})
}
