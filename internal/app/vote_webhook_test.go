package app_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/community"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
)

// An expert's vote changes the claim's /v1 score, appends to its score history and fires a signed
// claim.score_changed webhook that carries the score before and after.
func TestVoteChangesScoreHistoryAndFiresWebhook(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		srv := startServer(t, db, map[string]string{"WEBHOOK_ALLOW_PRIVATE": "true"})
		key, _ := issueKey(t, srv.app.Stores, "beta-free", nil)
		rc := newHookReceiver(t)
		st, _, body := do(t, "POST", srv.base+"/v1/webhooks", bearer(key),
			[]byte(`{"url":"`+rc.URL+`/hook","event_types":["claim.score_changed"]}`))
		if st != http.StatusCreated {
			t.Fatalf("register: %d %s", st, body)
		}
		var ep struct{ Secret string }
		mustJSON(t, body, &ep)

		st, _, body = do(t, "POST", srv.base+"/functions/v1/quick-responder", map[string]string{"apikey": key, "Content-Type": "application/json"},
			[]byte(`{"claim":"Günde sekiz bardak su içmek şart."}`))
		if st != http.StatusOK {
			t.Fatalf("check: %d %s", st, body)
		}
		var claim struct {
			ID      string `json:"id"`
			Score   int    `json:"score"`
			Verdict string `json:"verdict"`
		}
		mustJSON(t, body, &claim)

		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		stop := srv.app.StartBackground(ctx)
		defer stop()

		now := time.Now().UTC()
		expert := &models.User{ID: uuid.NewString(), Email: "expert@example.com", Name: "Dr. Deniz Ak", PasswordHash: "x",
			Role: models.RoleExpert, EmailVerifiedAt: &now, CreatedAt: now, UpdatedAt: now}
		if err := db.Gorm.Create(expert).Error; err != nil {
			t.Fatal(err)
		}
		votes := community.New(community.Config{Store: models.NewExpertStore(db, storerules.Default())})
		out, err := votes.Vote(ctx, community.VoteInput{ClaimID: claim.ID, ExpertID: expert.ID, Verdict: "kismen", Confidence: 0.8,
			Note: "Su ihtiyacı kişiye ve iklime göre değişir."})
		if err != nil || !out.Changed {
			t.Fatalf("vote: %+v %v", out, err)
		}

		st, _, body = do(t, "GET", srv.base+"/v1/claims/"+claim.ID+"/score", bearer(key), nil)
		if st != http.StatusOK || string(body) != `{"score":50,"verdict":"partial","experts":1,"confidence":0.4,"decided":true,"basis":"experts"}` {
			t.Fatalf("score after the vote: %d %s", st, body)
		}
		st, _, body = do(t, "GET", srv.base+"/v1/claims/"+claim.ID, bearer(key), nil)
		var detail struct {
			History []struct {
				Score   float64 `json:"score"`
				Experts int     `json:"experts"`
				Cause   string  `json:"cause"`
			} `json:"history"`
		}
		mustJSON(t, body, &detail)
		if st != http.StatusOK || len(detail.History) != 2 || detail.History[0].Cause != "analysis" ||
			detail.History[1].Cause != "vote" || detail.History[1].Score != 50 || detail.History[1].Experts != 1 {
			t.Fatalf("history after the vote: %d %s", st, body)
		}

		wh, err := standardwebhooks.NewWebhook(ep.Secret)
		if err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(30 * time.Second)
		for len(rc.requests()) == 0 {
			if time.Now().After(deadline) {
				t.Fatal("no claim.score_changed delivery")
			}
			time.Sleep(50 * time.Millisecond)
		}
		r := rc.requests()[0]
		if err := wh.Verify(r.body, r.header); err != nil {
			t.Fatalf("signature: %v", err)
		}
		var p struct {
			Type string `json:"type"`
			Data struct {
				ID       string  `json:"id"`
				Score    float64 `json:"score"`
				Verdict  string  `json:"verdict"`
				Experts  int     `json:"experts"`
				Previous struct {
					Score   float64 `json:"score"`
					Verdict string  `json:"verdict"`
					Experts int     `json:"experts"`
				} `json:"previous"`
			} `json:"data"`
		}
		if err := json.Unmarshal(r.body, &p); err != nil {
			t.Fatal(err)
		}
		if p.Type != "claim.score_changed" || p.Data.ID != claim.ID || p.Data.Score != 50 || p.Data.Verdict != "partial" ||
			p.Data.Experts != 1 || p.Data.Previous.Experts != 0 || p.Data.Previous.Score != float64(claim.Score) ||
			p.Data.Previous.Verdict != models.V1Verdict(claim.Verdict) {
			t.Fatalf("payload: %s", r.body)
		}
		if n := len(rc.requests()); n != 1 {
			t.Fatalf("%d deliveries, want 1 (the endpoint only subscribed to claim.score_changed)", n)
		}
	})
}
