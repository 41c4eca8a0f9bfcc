package site_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/community"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// TestClaimPageFirmAndExpertReview checks that the claim page names the firm its source domain
// links it to, counts the view, and shows the community score, the votes and the score history
// once an expert has voted.
func TestClaimPageFirmAndExpertReview(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		env := newPagesEnv(t, db, 100, nil)
		firm := &models.Firm{Slug: "ornek-haber", Name: "Örnek Haber", Website: "https://ornekhaber.com"}
		if err := models.NewFirmStore(db, storerules.Default()).Create(ctx, firm, []string{"ornekhaber.com"}); err != nil {
			t.Fatal(err)
		}
		res := env.post(t, "Mikrodalga fırın yemeklerin besin değerini tamamen yok eder.", "https://www.ornekhaber.com/saglik/1")
		if res.Status != 303 {
			t.Fatalf("check: status %d", res.Status)
		}
		id := strings.TrimPrefix(res.Header.Get("Location"), "/claims/")

		before := env.Get(t, "/claims/"+id)
		link := before.Find(t, "[data-testid=claim-firm-link]")
		if href, _ := link.Attr("href"); href != "/firms/ornek-haber" || link.Text() != "Örnek Haber" {
			t.Fatalf("firm link %q %q", href, link.Text())
		}
		if got := strings.Join(strings.Fields(before.Find(t, "[data-testid=claim-firm-attribution]").Text()), " "); !strings.HasPrefix(got, "Attributed by the submitter") {
			t.Errorf("firm attribution %q, want it marked as the submitter's", got)
		}
		if before.Doc.Find("[data-testid=community]").Length() != 0 || before.Doc.Find("[data-testid=current-score]").Length() != 0 {
			t.Fatal("expert review shown before any vote")
		}
		// No model ran and no fact-check states the claim: the card is not titled "AI analysis".
		if got := before.Find(t, "[data-testid=result-title]").Text(); got != "Not enough evidence" {
			t.Errorf("result title %q, want Not enough evidence", got)
		}

		now := time.Now().UTC()
		expert := &models.User{ID: uuid.NewString(), Email: "uzman@example.com", Name: "Dr. Elif Kaya", PasswordHash: "x",
			Role: models.RoleExpert, EmailVerifiedAt: &now, CreatedAt: now, UpdatedAt: now}
		if err := db.Gorm.Create(expert).Error; err != nil {
			t.Fatal(err)
		}
		svc := community.New(community.Config{Store: models.NewExpertStore(db, storerules.Default())})
		if _, err := svc.Vote(ctx, community.VoteInput{ClaimID: id, ExpertID: expert.ID, Verdict: "yanlis", Confidence: 0.9,
			Note: "Mikrodalga pişirme vitamin kaybı en az yöntemlerdendir.", Sources: []string{"https://example.org/study"}}); err != nil {
			t.Fatal(err)
		}

		after := env.Get(t, "/claims/"+id)
		if got := after.Find(t, "[data-testid=community-score]").Text(); got != "0" {
			t.Errorf("community score %q, want 0 (one refuting vote)", got)
		}
		if got := after.Find(t, "[data-testid=community-experts]").Text(); got != "1" {
			t.Errorf("experts %q", got)
		}
		// The page says, above the AI score, which score is current, as /v1 and the firm pages use it.
		current := after.Find(t, "[data-testid=current-score]")
		if got := current.Find("[data-testid=current-score-value]").Text(); got != "0" || !strings.Contains(current.Text(), "Yanlış") ||
			!strings.Contains(current.Text(), "1 expert ") {
			t.Errorf("current score note %q, want 0 / 100, Yanlış, from 1 expert", strings.Join(strings.Fields(current.Text()), " "))
		}
		vote := after.Find(t, "[data-testid=vote]")
		if !strings.Contains(vote.Text(), "Dr. Elif Kaya") || !strings.Contains(vote.Text(), "vitamin kaybı") ||
			strings.Contains(vote.Text(), "@") || vote.Find(".verdict--yanlis").Length() != 1 {
			t.Errorf("vote %q should name the expert, quote the note and carry a yanlis verdict tag", vote.Text())
		}
		if rows := after.Doc.Find("[data-testid=score-history] tbody tr").Length(); rows != 2 {
			t.Errorf("score history rows %d, want 2 (analysis, vote)", rows)
		}
		if err := env.App.Views.Flush(ctx); err != nil {
			t.Fatal(err)
		}
		c, err := env.stores.Claims.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if c.ViewCount != 2 {
			t.Errorf("view count %d, want 2", c.ViewCount)
		}
	})
}
