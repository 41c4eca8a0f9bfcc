package matching

import "testing"

// TestPredicateShadow holds that a review in another language does not decide below a review of
// the claim's own language that the verb judges refused (predshadow.go), while other refusals
// keep stage.go's margin and the predicate reworded keeps its fact-check.
func TestPredicateShadow(t *testing.T) {
	en := &ReviewDoc{URL: "a-en", Lang: "en"}
	tr := &ReviewDoc{URL: "a-tr", Lang: "tr"}
	for _, c := range []struct {
		name  string
		cands []Candidate
		want  int
	}{
		{"verb judged, twin below", []Candidate{
			{Review: en, Similarity: 0.66, Rejected: "different predicate: kill ≠ transmit", verbJudged: true},
			{Review: tr, Similarity: 0.58}}, -1},
		{"other refusal, twin within the margin", []Candidate{
			{Review: en, Similarity: 0.66, Rejected: "different predicate: give ≠ cause"},
			{Review: tr, Similarity: 0.58}}, 1},
		{"verb judged, other language above", []Candidate{
			{Review: tr, Similarity: 0.70},
			{Review: en, Similarity: 0.66, Rejected: "different predicate: kill ≠ transmit", verbJudged: true}}, 0},
	} {
		if got := chooseConfident(c.cands, "en", DefaultThreshold); got != c.want {
			t.Errorf("%s: took %d, want %d", c.name, got, c.want)
		}
	}
	checkTaken(t, []takenCase{
		{"mosquitoes can kill HIV", "en", ""},
		{"dogs dream in black and white 🐶", "en", ""},
		{"mosquitoes can spread HIV", "en", "mosquitoes-hiv-en"},
		{"You can get HIV from a mosquito bite", "en", "mosquitoes-hiv"},
		{"vaccines literally give you autism smh", "en", "vaccines-autism"},
		{"dogs see the world in black and white", "en", "dogs-black-white-en"},
	})
}
