package emit

import (
	"slices"
	"testing"
)

func TestEvents(t *testing.T) {
	for _, tc := range []struct {
		name string
		ch   Change
		want []string
	}{
		{"a queued submission is announced once", Submitted, []string{ClaimCreated}},
		{"a direct check is created then analysed", Checked, []string{ClaimCreated, ClaimAnalysed}},
		{"an analysed submission is not announced twice", SubmissionAnalysed, []string{ClaimAnalysed}},
		{"a vote that changes the score", Rescored, []string{ClaimScoreChanged}},
		{"an unknown change emits nothing", Change(0), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := (Rule{}).Events(tc.ch); !slices.Equal(got, tc.want) {
				t.Fatalf("Events(%d) = %v, want %v", tc.ch, got, tc.want)
			}
		})
	}
}
