package emit

import (
	"github.com/claimcheck/claimcheck/models"
	"slices"
	"testing"
)

func TestEvents(t *testing.T) {
	for _, tc := range []struct {
		name string
		ch   models.ClaimChange
		want []string
	}{
		{"a queued submission is announced once", models.ChangeSubmitted, []string{ClaimCreated}},
		{"a direct check is created then analysed", models.ChangeChecked, []string{ClaimCreated, ClaimAnalysed}},
		{"an analysed submission is not announced twice", models.ChangeSubmissionAnalysed, []string{ClaimAnalysed}},
		{"a vote that changes the score", models.ChangeRescored, []string{ClaimScoreChanged}},
		{"an unknown change emits nothing", models.ClaimChange(0), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := (Rule{}).Events(tc.ch); !slices.Equal(got, tc.want) {
				t.Fatalf("Events(%d) = %v, want %v", tc.ch, got, tc.want)
			}
		})
	}
}
