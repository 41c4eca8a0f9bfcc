package matching

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/internal/thesaurus"

	"github.com/claimcheck/claimcheck/models"
)

// starterPath and devsetPath are the project's knowledge base and development set, written by the
// knowledge package; the tests read them as files so this package does not import that one.
var (
	starterPath = filepath.Join("..", "knowledge", "starter", "starter.json")
	devsetPath  = filepath.Join("..", "knowledge", "testdata", "devset.jsonl")
)

// claimReviewJSON is the part of a schema.org ClaimReview the tests need.
type claimReviewJSON struct {
	URL           string `json:"url"`
	ClaimReviewed string `json:"claimReviewed"`
	InLanguage    string `json:"inLanguage"`
	ReviewBody    string `json:"reviewBody"`
	Keywords      string `json:"keywords"`
	Author        struct {
		Name string `json:"name"`
	} `json:"author"`
	ReviewRating struct {
		AlternateName string   `json:"alternateName"`
		RatingValue   *float64 `json:"ratingValue"`
		BestRating    *float64 `json:"bestRating"`
		WorstRating   *float64 `json:"worstRating"`
	} `json:"reviewRating"`
}

// testVerdict maps the starter's rating words the way the knowledge package does for these
// values (the starter uses only these).
func testVerdict(rating string, value *float64) string {
	switch strings.ToLower(rating) {
	case "yanlış", "false":
		return "yanlis"
	case "doğru", "true":
		return "dogru"
	case "kısmen doğru", "half true", "yanıltıcı", "misleading":
		return "kismen"
	case "kanıtlanamadı", "unproven":
		return "belirsiz"
	}
	if value != nil {
		switch {
		case *value <= 2:
			return "yanlis"
		case *value >= 4:
			return "dogru"
		}
		return "kismen"
	}
	return ""
}

// readReviews parses a ClaimReview array into reviews.
func readReviews(t testing.TB, path string) []*models.Review {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	var raw []claimReviewJSON
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatalf("parse %s: %v", path, err)
	}
	now := time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)
	out := make([]*models.Review, 0, len(raw))
	for i, r := range raw {
		rating := r.ReviewRating.AlternateName
		cat := r.Keywords
		out = append(out, &models.Review{
			URL: r.URL, ClaimReviewed: r.ClaimReviewed, Language: r.InLanguage, TextualRating: &rating,
			RatingValue: r.ReviewRating.RatingValue, BestRating: r.ReviewRating.BestRating, WorstRating: r.ReviewRating.WorstRating,
			Verdict: testVerdict(rating, r.ReviewRating.RatingValue), ReviewBody: r.ReviewBody, Publisher: r.Author.Name,
			Category: &cat, UpdatedAt: now.Add(time.Duration(i) * time.Second), Source: "starter",
		})
	}
	return out
}

// openThesaurus decodes the thesaurus once for the package's tests (it takes a noticeable
// fraction of a second).
var openThesaurus = sync.OnceValues(thesaurus.Open)

// testLexicon is the thesaurus the service wires into the index.
func testLexicon(t testing.TB) *thesaurus.Thesaurus {
	t.Helper()
	th, err := openThesaurus()
	if err != nil {
		t.Fatal(err)
	}
	return th
}

// lexIndex indexes reviews with the thesaurus as the service wires it.
func lexIndex(t testing.TB, reviews ...*models.Review) *Index {
	t.Helper()
	ix := NewIndex(WithLexicon(testLexicon(t)))
	for _, r := range reviews {
		ix.Upsert(r)
	}
	return ix
}

// starterIndex indexes the starter knowledge base, with the thesaurus as the service wires it.
func starterIndex(t testing.TB) *Index {
	t.Helper()
	return lexIndex(t, readReviews(t, starterPath)...)
}

// fmtCands prints candidates for failure messages.
func fmtCands(cs []Candidate) string {
	var b strings.Builder
	for _, c := range cs {
		fmt.Fprintf(&b, "\n  %.3f %6.2f %s %q %s", c.Similarity, c.Score, c.Review.URL, c.Review.Claim, c.Rejected)
	}
	return b.String()
}

// takenCase is a post and the fact-check the stage should take for it: want is the URL stem
// taken, "" when none may be.
type takenCase struct {
	post, lang, want string
}

// checkTaken runs each post through the search and the stage's choice (chooseConfident) on the
// starter index and fails on a post that takes another fact-check than want.
func checkTaken(t *testing.T, cases []takenCase) {
	t.Helper()
	ix := starterIndex(t)
	for _, c := range cases {
		cands := ix.Search(c.post, c.lang, searchDepth)
		got := ""
		if i := chooseConfident(cands, c.lang, DefaultThreshold); i >= 0 {
			got = cands[i].Review.URL
		}
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%q: took %q, want %q", c.post, got, c.want)
		}
	}
}
