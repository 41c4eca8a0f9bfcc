package v1api

import (
	"testing"

	"github.com/claimcheck/claimcheck/handlers/viewmodel"
	"github.com/claimcheck/claimcheck/models"
)

// TestScoreAnswerEqualsFullOutcome checks the score read's short cut (the score facts kept at
// insert, or derived from the texts for an older claim) against the whole outcome it replaces, for
// decided and undecided analyses, each kind of basis, expert scores and corrupt stored JSON.
func TestScoreAnswerEqualsFullOutcome(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	s := func(v string) *string { return &v }
	matches := `[{"url":"https://a.example/1","claim_reviewed":"A","publisher":"A","similarity":0.42,"verdict":"yanlis"},` +
		`{"url":"https://b.example/2","claim_reviewed":"B","publisher":"B","similarity":0.934,"confident":true,"verdict":"yanlis"}]`
	basis := `{"verdict":{"assessed":true,"method":"match","detail":"An earlier fact-check states it."},` +
		`"language":{"assessed":true,"method":"stopwords","detail":"Turkish"},"source_score":{"assessed":false,"detail":"Not assessed: no source"}}`
	community := models.ClaimStanding{ExpertCount: 2, CommunityScore: f(71.456), CommunityVerdict: s("kismen"), CommunityConfidence: f(0.6666)}
	cases := []struct {
		name  string
		claim models.Claim
	}{
		{name: "empty", claim: models.Claim{AIScore: 50, AIVerdict: "belirsiz"}},
		{name: "undecided with basis", claim: models.Claim{AIScore: 50, AIVerdict: "belirsiz", Matches: "[]",
			Basis: `{"verdict":{"assessed":false,"method":"undecided","detail":"Not assessed: nothing states it"}}`}},
		{name: "fact-check decided", claim: models.Claim{AIScore: 10, AIVerdict: "yanlis", Matches: matches, Basis: basis}},
		{name: "confident match without basis", claim: models.Claim{AIScore: 50, AIVerdict: "belirsiz", Matches: matches}},
		{name: "model basis", claim: models.Claim{AIScore: 80, AIVerdict: "dogru", Matches: "[]",
			Basis: `{"verdict":{"assessed":true,"method":"llm:some-model"}}`}},
		{name: "basis without verdict", claim: models.Claim{AIScore: 80, AIVerdict: "dogru", Basis: `{"language":{"assessed":true}}`}},
		{name: "experts scored", claim: models.Claim{AIScore: 50, AIVerdict: "belirsiz", Matches: matches, Basis: basis, ClaimStanding: community}},
		{name: "experts without a verdict", claim: models.Claim{AIScore: 50, AIVerdict: "belirsiz",
			ClaimStanding: models.ClaimStanding{ExpertCount: 1, CommunityScore: f(20)}}},
		{name: "corrupt basis", claim: models.Claim{AIScore: 10, AIVerdict: "yanlis", Matches: matches, Basis: `{"verdict":`}},
		{name: "basis with a field of the wrong type", claim: models.Claim{AIScore: 50, AIVerdict: "belirsiz", Matches: matches,
			Basis: `{"verdict":{"assessed":true,"method":"match"},"language":{"detail":5}}`}},
		{name: "null details and entries", claim: models.Claim{AIScore: 10, AIVerdict: "belirsiz", Matches: matches,
			Basis: `{"verdict":{"assessed":true,"method":"match","detail":null},"language":null}`}},
		{name: "verdict entry null", claim: models.Claim{AIScore: 10, AIVerdict: "belirsiz", Matches: matches, Basis: `{"verdict":null}`}},
		{name: "verdict entry not an object", claim: models.Claim{AIScore: 10, AIVerdict: "yanlis", Basis: `{"verdict":"match"}`}},
		{name: "basis not an object", claim: models.Claim{AIScore: 10, AIVerdict: "yanlis", Basis: `[{"assessed":true}]`}},
		{name: "assessed of the wrong type", claim: models.Claim{AIScore: 10, AIVerdict: "belirsiz", Matches: matches,
			Basis: `{"verdict":{"assessed":"yes","method":"match"}}`}},
		{name: "keys in another case", claim: models.Claim{AIScore: 10, AIVerdict: "belirsiz",
			Basis: `{"verdict":{"ASSESSED":true,"Method":"match","Detail":"x"}}`}},
		{name: "blank basis", claim: models.Claim{AIScore: 10, AIVerdict: "belirsiz", Matches: matches, Basis: "  "}},
		{name: "null basis", claim: models.Claim{AIScore: 10, AIVerdict: "yanlis", Basis: "null"}},
		{name: "corrupt matches", claim: models.Claim{AIScore: 10, AIVerdict: "belirsiz", Matches: `[{"confident":tru`, Basis: basis}},
		{name: "matches of the wrong shape", claim: models.Claim{AIScore: 10, AIVerdict: "belirsiz", Matches: `{"confident":true}`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cl := c.claim
			want := v1ScoreOf(&cl, viewmodel.ClaimOutcome(&cl))
			// A claim stored before its facts were kept: derived from the texts at the read.
			if got := v1ScoreAnswer(&cl); got != want {
				t.Errorf("score from the texts %+v, want %+v", got, want)
			}
			// A claim stored since: the facts kept at insert, without the texts.
			stored := cl
			stored.Facts = cl.DeriveScoreFacts()
			stored.Basis, stored.Matches = "", ""
			if got := v1ScoreAnswer(&stored); got != want {
				t.Errorf("score from the stored facts %+v, want %+v", got, want)
			}
		})
	}
	// Each analyzer verdict with the same texts, as the insert derives them.
	for _, c := range cases {
		cl := c.claim
		for _, verdict := range []string{"belirsiz", "dogru", "yanlis"} {
			cl.AIVerdict = verdict
			want := v1ScoreOf(&cl, viewmodel.ClaimOutcome(&cl))
			stored := cl
			stored.Facts = cl.DeriveScoreFacts()
			stored.Basis, stored.Matches = "", ""
			if got := v1ScoreAnswer(&stored); got != want {
				t.Errorf("%s as %s: score %+v, want %+v", c.name, verdict, got, want)
			}
		}
	}
}
