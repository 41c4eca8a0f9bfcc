package v1api_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/handlers/v1api"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

func TestV1Firm(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newV1tEnv(t, db, 0)
		key := e.betaKey(t)
		planet := e.seedFirm(t, "daily-planet", "Daily Planet", "https://dailyplanet.example", "dailyplanet.example", "planet.example")
		e.seedFirm(t, "quiet-firm", "Quiet Firm", "", "quiet.example")
		// The store keeps what a writer gives it; the console refuses this, and the API does not
		// publish it either.
		e.seedFirm(t, "odd-firm", "Odd Firm", "javascript:alert(1)", "odd.example")
		var ids []string
		for i, v := range []string{"dogru", "yanlis", "belirsiz"} {
			ids = append(ids, e.seedClaim(t, "Planet claim "+v, v, "science", "en", "https://news.dailyplanet.example/"+v, time.Duration(i)*time.Minute).ID)
		}
		apptest.ConfirmFirmClaims(t, db, planet.ID)
		r := e.do(t, "GET", "/v1/firms/daily-planet", key, nil, "")
		if r.status != 200 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		var f struct {
			Slug, Name, Description string
			Website                 *string
			Domains                 []string
			TrustScore              *float64 `json:"trust_score"`
			ClaimCount              int      `json:"claim_count"`
			TrustRule               string   `json:"trust_rule"`
			History                 []struct {
				TrustScore *float64 `json:"trust_score"`
				ClaimCount int      `json:"claim_count"`
				At         time.Time
			}
			RecentClaims []struct {
				ID    string
				Score models.ScoreView
				Firm  *struct{ Slug, URL string }
			} `json:"recent_claims"`
			Links struct{ Self, Page string }
		}
		if err := json.Unmarshal(r.body, &f); err != nil {
			t.Fatal(err)
		}
		// Bayesian average of the two decided claims (90 and 10) with 5 prior claims at 50: 50.
		if f.Slug != "daily-planet" || f.Name != "Daily Planet" || f.Description == "" || f.Website == nil || *f.Website != "https://dailyplanet.example" ||
			strings.Join(f.Domains, ",") != "dailyplanet.example,planet.example" || f.TrustScore == nil || *f.TrustScore != 50 || f.ClaimCount != 3 {
			t.Errorf("firm = %+v", f)
		}
		if !strings.Contains(f.TrustRule, "Bayesian") || !strings.Contains(f.TrustRule, "(5 × 50 + sum of scores)") ||
			!strings.Contains(f.TrustRule, "attributed by the submitter and does not move the score") {
			t.Errorf("trust rule = %q", f.TrustRule)
		}
		if len(f.History) == 0 || f.History[0].ClaimCount != 3 || f.History[0].TrustScore == nil {
			t.Errorf("history (newest first) = %+v", f.History)
		}
		if len(f.RecentClaims) != 3 || f.RecentClaims[0].ID != ids[2] || f.RecentClaims[0].Firm == nil || f.RecentClaims[0].Firm.URL != "/v1/firms/daily-planet" {
			t.Errorf("recent claims = %+v", f.RecentClaims)
		}
		if f.Links.Self != "/v1/firms/daily-planet" || f.Links.Page != v1tBase+"/firms/daily-planet" {
			t.Errorf("links = %+v", f.Links)
		}

		m := e.do(t, "GET", "/v1/firms/quiet-firm", key, nil, "").json(t)
		if m["trust_score"] != nil || m["website"] != nil || m["claim_count"] != 0.0 {
			t.Errorf("firm without claims: trust %v website %v count %v", m["trust_score"], m["website"], m["claim_count"])
		}
		if rc, _ := m["recent_claims"].([]any); rc == nil || len(rc) != 0 {
			t.Errorf("recent_claims = %v, want []", m["recent_claims"])
		}
		if odd := e.do(t, "GET", "/v1/firms/odd-firm", key, nil, "").json(t); odd["slug"] != "odd-firm" || odd["website"] != nil {
			t.Errorf("firm with a non-web website: slug %v website %v", odd["slug"], odd["website"])
		}

		for _, slug := range []string{"no-such-firm", "Daily-Planet", "bad%20slug", strings.Repeat("a", 120)} {
			e.do(t, "GET", "/v1/firms/"+slug, key, nil, "").problem(t, 404, v1api.ProblemNotFound)
		}
		e.do(t, "POST", "/v1/firms/daily-planet", key, nil, "").problem(t, 405, v1api.ProblemMethodNotAllowed)
	})
}

func TestV1Experts(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newV1tEnv(t, db, 0)
		key := e.betaKey(t)
		ctx := context.Background()
		busy := e.user(t, "Busy Expert", models.RoleExpert, false)
		if err := e.experts.SaveProfile(ctx, &models.ExpertProfile{UserID: busy.ID, Bio: "Epidemiologist.", Expertise: `["health","science"]`, Public: true}, e.clock.now()); err != nil {
			t.Fatal(err)
		}
		idle := e.user(t, "Idle Expert", models.RoleExpert, false)
		private := e.user(t, "Private Expert", models.RoleExpert, false)
		if err := e.experts.SaveProfile(ctx, &models.ExpertProfile{UserID: private.ID, Public: false}, e.clock.now()); err != nil {
			t.Fatal(err)
		}
		e.user(t, "Plain User", models.RoleUser, false)
		for i := range 2 {
			c := e.seedClaim(t, "Claim to review", "belirsiz", "health", "en", "", time.Duration(i)*time.Second)
			e.vote(t, c.ID, busy.ID, "yanlis", 0.8)
		}

		r := e.do(t, "GET", "/v1/experts", key, nil, "")
		if r.status != 200 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		var l struct {
			Data []struct {
				ID, Name, Bio string
				Expertise     []string
				Reviews       int
				JoinedAt      time.Time  `json:"joined_at"`
				LastReviewAt  *time.Time `json:"last_review_at"`
				ProfileURL    string     `json:"profile_url"`
			}
			Total         int64
			Limit, Offset int
		}
		if err := json.Unmarshal(r.body, &l); err != nil {
			t.Fatal(err)
		}
		if l.Total != 2 || len(l.Data) != 2 || l.Limit != 20 || l.Offset != 0 {
			t.Fatalf("list = %+v, want the two public experts", l)
		}
		b := l.Data[0]
		if b.ID != busy.ID || b.Name != "Busy Expert" || b.Bio != "Epidemiologist." || strings.Join(b.Expertise, ",") != "health,science" ||
			b.Reviews != 2 || b.LastReviewAt == nil || b.JoinedAt.IsZero() || b.ProfileURL != v1tBase+"/experts/"+busy.ID {
			t.Errorf("busy expert = %+v", b)
		}
		if i := l.Data[1]; i.ID != idle.ID || i.Reviews != 0 || i.LastReviewAt != nil || i.Expertise == nil {
			t.Errorf("idle expert = %+v", i)
		}
		m := e.do(t, "GET", "/v1/experts?limit=1&offset=1", key, nil, "").json(t)
		if data, _ := m["data"].([]any); len(data) != 1 || m["total"] != 2.0 || m["limit"] != 1.0 || m["offset"] != 1.0 {
			t.Errorf("page 2 = %v", m)
		}
		p := e.do(t, "GET", "/v1/experts?limit=0&offset=-1", key, nil, "").problem(t, 400, v1api.ProblemInvalidRequest)
		if fs := fields(p); !strings.Contains(fs["limit"], "1 to 100") || !strings.Contains(fs["offset"], "0 to 100000") {
			t.Errorf("paging errors = %v", p.Errors)
		}
		e.do(t, "GET", "/v1/experts?limit=101", key, nil, "").problem(t, 400, v1api.ProblemInvalidRequest)
		e.do(t, "DELETE", "/v1/experts", key, nil, "").problem(t, 405, v1api.ProblemMethodNotAllowed)
	})
}
