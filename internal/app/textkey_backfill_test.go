package app_test

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/app"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/checking"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

// TestOldClaimsGetTextKeys: claims stored before repeat checks (no text key) are keyed in batches
// with the normalisation new claims get, so "Dünya düzdür" and "DÜNYA DÜZDÜR!" link as one claim
// checked twice, on the claim page and as a badge in the history; a second run keys nothing.
func TestOldClaimsGetTextKeys(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		b := apptest.Open(t, db, apptest.Options{})
		ctx := context.Background()
		now := time.Now().UTC()
		texts := []string{"Dünya düzdür", "DÜNYA DÜZDÜR!", "Bats are blind", "Einstein failed math", "Ay'a hiç gidilmedi"}
		var seeded []*models.Claim
		for i, text := range texts {
			seeded = append(seeded, apptest.SeedClaim(t, b.App.Stores, text, "yanlis", "science", now.Add(-time.Duration(i)*time.Hour)))
		}
		if err := db.Gorm.Exec("UPDATE claims SET text_key = NULL").Error; err != nil {
			t.Fatal(err)
		}
		if p := b.Get(t, "/claims"); p.Doc.Find(`[data-testid="item-repeats"]`).Length() != 0 {
			t.Fatal("the history badges claims that have no text key")
		}
		// Batches of two: 2, 2, 1, then nothing left.
		for i, want := range []int{2, 2, 1, 0} {
			n, err := b.App.Stores.Claims.BackfillTextKeys(ctx, 2, checking.TextKey)
			if err != nil || n != want {
				t.Fatalf("batch %d keyed %d (%v), want %d", i, n, err, want)
			}
		}
		for _, c := range seeded {
			got, err := b.App.Stores.Claims.Get(ctx, c.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.TextKey == nil || *got.TextKey != checking.TextKey(c.Content) {
				t.Errorf("%q keyed %v, want checking.TextKey", c.Content, got.TextKey)
			}
		}
		// The startup backfill finds nothing more to do.
		if n := app.BackfillTextKeys(ctx, b.App.Stores.Claims, slog.New(slog.NewTextHandler(io.Discard, nil))); n != 0 {
			t.Errorf("second backfill keyed %d claims, want 0", n)
		}

		p := b.Get(t, "/claims")
		badges := map[string]string{}
		p.Doc.Find(`[data-testid="history-item"]`).Each(func(_ int, s *goquery.Selection) {
			badges[strings.TrimSpace(s.Find(".claim-item__text").Text())] = s.Find(`[data-testid="item-repeats"]`).Text()
		})
		for text, want := range map[string]string{"Dünya düzdür": "Checked 2 times", "DÜNYA DÜZDÜR!": "Checked 2 times", "Bats are blind": ""} {
			if badges[text] != want {
				t.Errorf("history badge of %q = %q, want %q (all: %v)", text, badges[text], want, badges)
			}
		}
		show := b.Get(t, "/claims/"+seeded[0].ID)
		if got := show.Text(t, `[data-testid="repeat-count"]`); got != "Checked 2 times" {
			t.Errorf("claim page repeat count %q", got)
		}
	})
}

// TestBackfillRunsAtStart: a serving process keys old claims and gives them their score facts by
// itself, in the background.
func TestBackfillRunsAtStart(t *testing.T) {
	db := testdb.Open(t, database.SQLite)
	b := apptest.Open(t, db, apptest.Options{})
	c := apptest.SeedClaim(t, b.App.Stores, "Old claim from before repeat checks", "yanlis", "science", time.Now())
	if err := db.Gorm.Exec("UPDATE claims SET text_key = NULL, ai_decided = NULL, ai_confidence = NULL, ai_method = NULL").Error; err != nil {
		t.Fatal(err)
	}
	stop := b.App.StartBackground(context.Background())
	defer stop()
	deadline := time.Now().Add(5 * time.Second)
	for {
		got, err := b.App.Stores.Claims.Get(context.Background(), c.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.TextKey != nil && *got.TextKey == checking.TextKey(c.Content) && got.Facts.Complete() &&
			*got.Facts.Decided == got.AnalysisDecided() && *got.Facts.Method == *got.DeriveScoreFacts().Method {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the background backfill did not key the old claim and give it its score facts within 5 s (key %v, facts complete %v)",
				got.TextKey != nil, got.Facts.Complete())
		}
		time.Sleep(20 * time.Millisecond)
	}
}
