package site_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// undecidedBasis is the stored verdict basis of a claim no fact-check decided.
const undecidedBasis = `{"verdict":{"assessed":false,"method":"rule","detail":"No earlier fact-check matched (closest: \"Sigara içmek kansere neden olur\", similarity 0.71, close but refused: different subject: çay ≠ sigara) among 120 fact-checks in the knowledge base, so the verdict is belirsiz: the offline analyzer never invents one."}}`

// lookalikeMatches are the matches of a look-alike claim: one refused fact-check about a different
// claim, one too far to count.
const lookalikeMatches = `[{"url":"https://factcheck.example/smoking","claim_reviewed":"Sigara içmek kansere neden olur","similarity":0.71,"verdict":"dogru","confident":false,"publisher":"Example Check","rejected":"different subject: çay ≠ sigara"},
{"url":"https://factcheck.example/coffee","claim_reviewed":"Kahve kalbe iyi gelir","similarity":0.22,"verdict":"kismen","confident":false}]`

// setAnalysis overwrites a seeded claim's stored analysis.
func setAnalysis(t *testing.T, db *database.DB, id, verdict string, score int, basis, matches, meta, analyzer string) {
	t.Helper()
	// ai_decided NULL: the score facts kept at insert no longer hold; reads derive them from the texts.
	if err := db.Gorm.Exec("UPDATE claims SET ai_verdict = ?, ai_score = ?, basis = ?, matches = ?, analysis_meta = ?, analyzer = ?, ai_decided = NULL WHERE id = ?",
		verdict, score, basis, matches, meta, analyzer, id).Error; err != nil {
		t.Fatal(err)
	}
}

// TestClaimPageSaysNotEnoughEvidence checks the claim page of a look-alike claim: no score, the
// related fact-check with the part that differs, a plain summary; and that a fact-check rating a
// claim unproven is a decided verdict whose score is shown.
func TestClaimPageSaysNotEnoughEvidence(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newPagesEnv(t, db, 10, nil)
		st := storerules.Stores(db)
		c := apptest.SeedClaim(t, st, "Çay içmek kansere neden olur", "belirsiz", "health", time.Now())
		setAnalysis(t, db, c.ID, "belirsiz", 50, undecidedBasis, lookalikeMatches, "{}", "offline")

		p := e.Get(t, "/claims/"+c.ID)
		p.WantStatus(t, 200)
		if got := p.Text(t, `[data-testid="result-title"]`); got != "Not enough evidence" {
			t.Errorf("title %q", got)
		}
		if p.Doc.Find(`[data-testid="score"]`).Length() != 0 || p.Doc.Find(`[data-testid="not-enough-evidence"]`).Length() != 1 {
			t.Error("a claim with not enough evidence shows a headline score")
		}
		if p.Doc.Find(`[data-testid="match-source"]`).Length() != 0 {
			t.Error("a fact-check is shown as the verdict's source though none decided it")
		}
		reasons := p.Doc.Find(`[data-testid="related-matches"] [data-testid="related-reason"]`)
		if reasons.Length() != 2 || reasons.First().AttrOr("data-different", "") != "true" ||
			!strings.Contains(reasons.First().Text(), "Related, about a different claim: different subject: çay ≠ sigara") {
			t.Errorf("related reasons %q", reasons.Text())
		}
		want := "No fact-check we know of states this claim, so there is not enough evidence to call it true or false. " +
			"The closest one, “Sigara içmek kansere neden olur” (Example Check), is about a different claim (different subject: çay ≠ sigara)."
		if got := p.Text(t, `[data-testid="summary"]`); got != want {
			t.Errorf("summary %q, want %q", got, want)
		}
		if title := p.Doc.Find("title").Text(); !strings.Contains(title, "not enough evidence") {
			t.Errorf("page title %q", title)
		}

		// A fact-check that rates the claim unproven decided it: its score is shown.
		u := apptest.SeedClaim(t, st, "Bigfoot lives in Oregon", "belirsiz", "other", time.Now())
		setAnalysis(t, db, u.ID, "belirsiz", 50, `{"verdict":{"assessed":true,"method":"knowledge-base-match","detail":"Matched."}}`,
			`[{"url":"https://factcheck.example/bigfoot","claim_reviewed":"Bigfoot lives in Oregon","similarity":0.95,"verdict":"belirsiz","confident":true,"publisher":"Example Check"}]`,
			"{}", "offline")
		p = e.Get(t, "/claims/"+u.ID)
		if got := p.Text(t, `[data-testid="result-title"]`); got != "Knowledge-base match" {
			t.Errorf("unproven title %q", got)
		}
		if p.Text(t, `[data-testid="score"] .gauge__number`) != "50" || p.Doc.Find(`[data-testid="match-source"] [data-testid="match-used"]`).Length() != 1 {
			t.Error("a decided unproven verdict lost its score or its source")
		}
	})
}

// TestScoreCardTitledForItsProducer checks the score card's title and basis line for each way a
// verdict is reached.
func TestScoreCardTitledForItsProducer(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newPagesEnv(t, db, 10, nil)
		st := storerules.Stores(db)
		source := `[{"url":"https://factcheck.example/v","claim_reviewed":"Vaccines cause autism","similarity":0.93,"verdict":"yanlis","confident":true,"publisher":"Example Check"}]`
		meta := `{"model":"gpt-4o-mini"}`
		for _, tc := range []struct {
			name, method, matches, meta, analyzer string
			title, basis                          string
		}{
			{"knowledge base", "knowledge-base-match", source, "{}", "offline", "Knowledge-base match",
				"The verdict of an earlier fact-check that states this claim: “Vaccines cause autism” (Example Check)."},
			{"model on a fact-check", "llm-fact-check", source, meta, "llm", "gpt-4o-mini analysis",
				"Based on the fact-check “Vaccines cause autism” (Example Check)."},
			{"model's own judgement", "llm-judgement", "[]", meta, "llm", "gpt-4o-mini analysis",
				"The model's own judgement — no earlier fact-check states this claim."},
		} {
			c := apptest.SeedClaim(t, st, "Aşılar otizme neden olur "+tc.name, "yanlis", "health", time.Now())
			setAnalysis(t, db, c.ID, "yanlis", 10, `{"verdict":{"assessed":true,"method":"`+tc.method+`","detail":"d"}}`, tc.matches, tc.meta, tc.analyzer)
			p := e.Get(t, "/claims/"+c.ID)
			if got := p.Text(t, `[data-testid="result-title"]`); got != tc.title {
				t.Errorf("%s: title %q, want %q", tc.name, got, tc.title)
			}
			if got := p.Text(t, `[data-testid="result-basis"]`); got != tc.basis {
				t.Errorf("%s: basis %q, want %q", tc.name, got, tc.basis)
			}
			if strings.Contains(p.Body, "AI analysis") {
				t.Errorf("%s: the page still says AI analysis", tc.name)
			}
		}
	})
}

// TestHistoryLeadsWithTheExperts checks the history list: the verdict filter reads the experts'
// verdict once they voted, their verdict and score come first with the analyzer's after them, and
// a claim nothing decided shows no score.
func TestHistoryLeadsWithTheExperts(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newPagesEnv(t, db, 10, nil)
		st := storerules.Stores(db)
		ctx := context.Background()
		t0 := time.Now().Add(-time.Hour)
		reviewed := apptest.SeedClaim(t, st, "Reviewed by experts", "belirsiz", "health", t0)
		setAnalysis(t, db, reviewed.ID, "belirsiz", 50, undecidedBasis, lookalikeMatches, "{}", "offline")
		plain := apptest.SeedClaim(t, st, "Nobody reviewed this", "belirsiz", "health", t0.Add(time.Minute))
		setAnalysis(t, db, plain.ID, "belirsiz", 50, undecidedBasis, "[]", "{}", "offline")
		now := time.Now().UTC()
		expert := &models.User{ID: uuid.NewString(), Email: "expert@example.org", Name: "Ada", PasswordHash: "x", Role: models.RoleExpert,
			CreatedAt: now, UpdatedAt: now}
		if err := models.NewAccountStore(db).CreateUser(ctx, expert); err != nil {
			t.Fatal(err)
		}
		tally := func(vs []models.ClaimVote) models.CommunityTally {
			return models.CommunityTally{Score: 0, Verdict: "yanlis", Confidence: 0.45, Experts: len(vs)}
		}
		if _, err := models.NewExpertStore(db, storerules.Default()).ApplyVote(ctx, models.ClaimVote{ClaimID: reviewed.ID, ExpertID: expert.ID, Verdict: "yanlis",
			Confidence: 0.9}, tally, now); err != nil {
			t.Fatal(err)
		}
		ids := func(p apptest.Page) []string {
			var out []string
			p.Doc.Find(`[data-testid="history-item"] .claim-item__text a`).Each(func(_ int, s *goquery.Selection) {
				out = append(out, strings.TrimPrefix(s.AttrOr("href", ""), "/claims/"))
			})
			return out
		}
		for _, tc := range []struct {
			verdict string
			want    []string
		}{{"yanlis", []string{reviewed.ID}}, {"belirsiz", []string{plain.ID}}} {
			if got := ids(e.Get(t, "/claims?verdict="+tc.verdict)); strings.Join(got, ",") != strings.Join(tc.want, ",") {
				t.Errorf("verdict %s lists %v, want %v", tc.verdict, got, tc.want)
			}
		}
		p := e.Get(t, "/claims")
		items := p.Doc.Find(`[data-testid="history-item"]`)
		if items.Length() != 2 {
			t.Fatalf("%d items", items.Length())
		}
		first, second := items.Eq(0), items.Eq(1) // newest first: plain, then reviewed
		if second.Find(`[data-testid="item-by-experts"]`).Length() != 1 || second.Find(`[data-testid="item-verdict"]`).AttrOr("data-verdict", "") != "yanlis" ||
			second.Find(`[data-testid="item-score"]`).Text() != "0" {
			t.Errorf("reviewed item %q, want the experts' Yanlış 0 first", strings.Join(strings.Fields(second.Text()), " "))
		}
		if got := second.Find(`[data-testid="item-analyzer"]`).Text(); got != "Analyzer: Belirsiz, not enough evidence" {
			t.Errorf("analyzer line %q", got)
		}
		if first.Find(`[data-testid="item-not-enough"]`).Length() != 1 || first.Find(`[data-testid="item-score"]`).Length() != 0 {
			t.Errorf("undecided item %q shows a score", strings.Join(strings.Fields(first.Text()), " "))
		}
	})
}
