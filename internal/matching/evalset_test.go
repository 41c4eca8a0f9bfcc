package matching

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tunePath and testPath are the evaluation set's halves (internal/knowledge/testdata/eval): the
// tuning half may shape the rules; the test half is run only to report and hold figures.
var (
	tunePath = filepath.Join("..", "knowledge", "testdata", "eval", "tune.jsonl")
	testPath = filepath.Join("..", "knowledge", "testdata", "eval", "test.jsonl")
)

// runEvalFile runs one evaluation file through the real analysis path and logs its report.
func runEvalFile(t *testing.T, path string, showMisses bool) Report {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		t.Skipf("no evaluation file: %v", err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out strings.Builder
	rep, err := RunEval(context.Background(), starterAnalyzer(t), f, &out)
	if err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + out.String())
	if showMisses {
		for _, m := range rep.Misses {
			exp := "<none>"
			if m.Query.ExpectReview != nil {
				exp = *m.Query.ExpectReview
			}
			var b strings.Builder
			for _, c := range m.Top {
				fmt.Fprintf(&b, "\n      %.3f %v %s %s", c.Similarity, c.Confident, c.URL, c.Rejected)
			}
			t.Logf("%s [%s %s%s] %q want %s/%s got %q/%s%s", m.Query.ID, m.Query.Kind, m.Query.Differs, m.Query.Style, m.Query.Query, exp, m.Query.ExpectVerdict, m.Got, m.GotVerdict, b.String())
		}
	}
	return rep
}

// TestTuneSet reports the tuning half (SHOW_MISSES=1 lists its misses, for tuning).
func TestTuneSet(t *testing.T) {
	runEvalFile(t, tunePath, os.Getenv("SHOW_MISSES") != "")
}
