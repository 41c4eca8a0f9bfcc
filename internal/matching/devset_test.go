package matching

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/internal/analysis"
)

// starterAnalyzer is the offline analyzer with matching over the starter knowledge base.
func starterAnalyzer(t testing.TB) *analysis.Pipeline {
	t.Helper()
	off, err := analysis.NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	a, err := NewAnalyzer(off, starterIndex(t))
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestDevSet runs the development set through the real analysis path (offline analyzer + matching
// over the starter knowledge base, with the thesaurus) and holds the figures it reaches, each set
// just under the measured value so a regression fails. The rules were shaped on this set and on
// the evaluation set's tuning half, so these are not quality figures (TestEvalTestHalf holds
// those). Measured (retrieval floor 0.25, claim alignment deciding, thesaurus with KeNet):
// verdict accuracy 0.826 (0.800 before the number-form, generic-person, restating-clause and
// narrowing-word rules), abstention 1.000 (look-alikes 60/60, unrelated 63/63), recall@1 0.650
// (typo 0.955, ascii 0.933, paraphrase 0.378, crosslang 0.667; 5 more matched the expected
// review's twin in the other language, with its verdict), no confident match to a wrong review,
// no dogru/yanlis swap. Before KeNet: verdict accuracy 0.756, recall@1 0.590 (crosslang 0.400,
// paraphrase 0.337). The recall is below the similarity-threshold matcher's 0.885 because a
// rewording whose words the thesaurus does not relate is refused rather than trusted.
func TestDevSet(t *testing.T) {
	if _, err := os.Stat(devsetPath); err != nil {
		t.Skipf("no development set: %v", err)
	}
	a := starterAnalyzer(t)
	f, err := os.Open(devsetPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out strings.Builder
	rep, err := RunEval(context.Background(), a, f, &out)
	if err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + out.String())
	if os.Getenv("SHOW_MISSES") != "" {
		for _, m := range rep.Misses {
			exp := "<none>"
			if m.Query.ExpectReview != nil {
				exp = *m.Query.ExpectReview
			}
			var b strings.Builder
			for _, c := range m.Top {
				fmt.Fprintf(&b, "\n      %.3f %v %s %s", c.Similarity, c.Confident, c.URL, c.Rejected)
			}
			t.Logf("%s [%s] %q want %s/%s got %q/%s%s", m.Query.ID, m.Query.Kind, m.Query.Query, exp, m.Query.ExpectVerdict, m.Got, m.GotVerdict, b.String())
		}
	}
	check := func(name string, got, min float64) {
		t.Helper()
		if got < min {
			t.Errorf("%s = %.3f, below the %.3f this matcher reached", name, got, min)
		}
	}
	check("recall@1 overall", rep.Overall.Recall(), 0.64)
	check("recall@1 typo", rep.ByKind["typo"].Recall(), 0.95)
	check("recall@1 ascii", rep.ByKind["ascii"].Recall(), 0.91)
	check("recall@1 paraphrase", rep.ByKind["paraphrase"].Recall(), 0.37)
	check("recall@1 crosslang", rep.ByKind["crosslang"].Recall(), 0.66)
	check("abstention overall", rep.Overall.Abstention(), 0.99)
	check("abstention unrelated", rep.ByKind["unrelated"].Abstention(), 0.99)
	check("abstention lookalike", rep.ByKind["lookalike"].Abstention(), 0.99)
	check("verdict accuracy", rep.Overall.VerdictAccuracy(), 0.82)
	if rep.Overall.WrongMatches > 1 {
		t.Errorf("%d confident matches to the wrong review (this matcher reached 0)", rep.Overall.WrongMatches)
	}
	// A wrong verdict is worse than none: dogru and yanlis must never be swapped.
	if c := rep.Confusion; c[0][2] != 0 || c[2][0] != 0 {
		t.Errorf("dogru/yanlis swapped: %v", c)
	}
}
