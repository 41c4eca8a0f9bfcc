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
// tuning half may shape the rules; the test half (blind.jsonl, written blind on 2026-11-26) is run
// only to report and hold figures. readPath is the earlier test half, read while tuning and so
// tuning data now.
var (
	tunePath = filepath.Join("..", "knowledge", "testdata", "eval", "tune.jsonl")
	testPath = filepath.Join("..", "knowledge", "testdata", "eval", "blind.jsonl")
	readPath = filepath.Join("..", "knowledge", "testdata", "eval", "test.jsonl")
	// probesPath holds hand-written probes (ids p-…) of three known holes: short identifiers
	// (vitamin C/D), the noun of a light-verb predicate (kanser yapar), a fact-check part the post
	// leaves out; both look-alikes and rewordings that must keep matching. Tuning data.
	probesPath = filepath.Join("..", "knowledge", "testdata", "eval", "probes.jsonl")
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

// TestTuneSet runs the tuning half, which the rules were shaped on (SHOW_MISSES=1 lists its
// misses), and holds its figures just under what this matcher measured: look-alike abstention
// 1.000, verdict accuracy 0.767 on same-language and 0.467 on cross-language rewordings, no
// dogru/yanlis swap (before KeNet and compounds: 0.994, 0.667, 0.367; before the number-form,
// generic-person, restating-clause and narrowing-word rules: 0.717 same-language).
func TestTuneSet(t *testing.T) {
	rep := runEvalFile(t, tunePath, os.Getenv("SHOW_MISSES") != "")
	for _, c := range []struct {
		name     string
		got, min float64
	}{
		{"look-alike abstention", rep.ByKind["lookalike"].Abstention(), 0.99},
		{"same-language rewording verdict accuracy", rep.ByKind["paraphrase"].VerdictAccuracy(), 0.76},
		{"cross-language rewording verdict accuracy", rep.ByKind["crosslang"].VerdictAccuracy(), 0.46},
	} {
		if c.got < c.min {
			t.Errorf("%s = %.3f, below the %.3f this matcher reached", c.name, c.got, c.min)
		}
	}
	if c := rep.Confusion; c[0][2]+c[2][0] > 0 {
		t.Errorf("dogru/yanlis swapped: %v", c)
	}
}

// TestProbeSet runs the probes (tuning data, SHOW_MISSES=1 lists misses) and holds their
// figures just under what this matcher measured: look-alike abstention 0.806 (58/72; 0.597
// before the identifier, light-verb noun and Turkish adjunct rules), verdict accuracy 0.800 on
// same-language and 0.750 on cross-language rewordings (unchanged), no dogru/yanlis swap. Most
// look-alikes still taken leave out a part of the fact-check ("Lightning is hotter than the Sun"):
// a rule refusing those also refused rewordings of the tuning half and the development set that
// leave out a part ("Yumurta tüketmek kolesterolü yükseltir" for "… kan kolesterolünü …").
func TestProbeSet(t *testing.T) {
	rep := runEvalFile(t, probesPath, os.Getenv("SHOW_MISSES") != "")
	for _, c := range []struct {
		name     string
		got, min float64
	}{
		{"look-alike abstention", rep.ByKind["lookalike"].Abstention(), 0.80},
		{"same-language rewording verdict accuracy", rep.ByKind["paraphrase"].VerdictAccuracy(), 0.79},
		{"cross-language rewording verdict accuracy", rep.ByKind["crosslang"].VerdictAccuracy(), 0.75},
	} {
		if c.got < c.min {
			t.Errorf("%s = %.3f, below the %.3f this matcher reached", c.name, c.got, c.min)
		}
	}
	if c := rep.Confusion; c[0][2]+c[2][0] > 0 {
		t.Errorf("dogru/yanlis swapped: %v", c)
	}
}

// TestReadSet runs the earlier test half (eval/test.jsonl): it was read while tuning, so it is
// tuning data now and its figures are not quality figures. Held just under what this matcher
// measured: look-alike abstention 0.955, verdict accuracy 0.597 on same-language and 0.567 on
// cross-language rewordings (0.916, 0.513 and 0.567 when it was still blind), no dogru/yanlis swap.
func TestReadSet(t *testing.T) {
	rep := runEvalFile(t, readPath, os.Getenv("SHOW_MISSES") != "")
	for _, c := range []struct {
		name     string
		got, min float64
	}{
		{"look-alike abstention", rep.ByKind["lookalike"].Abstention(), 0.95},
		{"same-language rewording verdict accuracy", rep.ByKind["paraphrase"].VerdictAccuracy(), 0.59},
		{"cross-language rewording verdict accuracy", rep.ByKind["crosslang"].VerdictAccuracy(), 0.56},
	} {
		if c.got < c.min {
			t.Errorf("%s = %.3f, below the %.3f this matcher reached", c.name, c.got, c.min)
		}
	}
	if c := rep.Confusion; c[0][2]+c[2][0] > 0 {
		t.Errorf("dogru/yanlis swapped: %v", c)
	}
}

// The targets on the test half (issue 12): look-alike abstention, verdict accuracy on
// same-language and cross-language rewordings. TestEvalTestHalf logs how far the matcher is from
// each; it holds what the matcher measured.
const (
	targetLookalikeAbstention = 0.97
	targetParaphraseVerdict   = 0.90
	targetCrosslangVerdict    = 0.75
)

// TestEvalTestHalf runs the test half, which no rule was shaped on (its failures are not read to
// change one), and holds its figures just under what this matcher measured. Abstaining is
// preferred to a wrong verdict, so the look-alike abstention and the absence of dogru/yanlis
// swaps are held tightest.
func TestEvalTestHalf(t *testing.T) {
	rep := runEvalFile(t, testPath, false)
	check := func(name string, got, min, target float64) {
		t.Helper()
		if target > 0 {
			t.Logf("%s = %.3f (target %.2f: %s)", name, got, target, map[bool]string{true: "met", false: "NOT met"}[got >= target])
		}
		if got < min {
			t.Errorf("%s = %.3f, below the %.3f this matcher reached", name, got, min)
		}
	}
	check("look-alike abstention", rep.ByKind["lookalike"].Abstention(), heldLookalikeAbstention, targetLookalikeAbstention)
	check("same-language rewording verdict accuracy", rep.ByKind["paraphrase"].VerdictAccuracy(), heldParaphraseVerdict, targetParaphraseVerdict)
	check("cross-language rewording verdict accuracy", rep.ByKind["crosslang"].VerdictAccuracy(), heldCrosslangVerdict, targetCrosslangVerdict)
	check("abstention (look-alikes, the half's only claims without a review)", rep.Overall.Abstention(), heldOverallAbstention, 0)
	if c := rep.Confusion; c[0][2]+c[2][0] > heldSwaps {
		t.Errorf("dogru/yanlis swapped %d times (this matcher reached %d): %v", c[0][2]+c[2][0], heldSwaps, c)
	}
}

// Figures held on the test half (blind.jsonl: 263 look-alikes, 260 same-language and 55
// cross-language rewordings, written blind on 2026-11-26), just under what this matcher measured
// there: look-alike abstention 0.962 (253/263; 0.943 with the rules of that morning), same-language
// rewordings 0.604 (0.608) and cross-language rewordings 0.436 (0.418) verdict accuracy, no
// dogru/yanlis swap, 11 wrong confident matches. The targets (0.97, 0.90, 0.75) are not
// met; the test logs the gap. Its failures are not read to change a rule.
const (
	heldLookalikeAbstention = 0.96
	heldParaphraseVerdict   = 0.60
	heldCrosslangVerdict    = 0.43
	heldOverallAbstention   = 0.96
	heldSwaps               = 0
)
