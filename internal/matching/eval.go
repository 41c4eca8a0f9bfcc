package matching

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/claimcheck/claimcheck/internal/analysis"
)

// EvalQuery is one line of an evaluation file.
type EvalQuery struct {
	// ID names the query in reports.
	ID string `json:"id"`
	// Query is the claim as a user would type it.
	Query string `json:"query"`
	// Lang is the query's language, for grouping (the analyzer detects it itself).
	Lang string `json:"lang"`
	// Kind groups queries: paraphrase, typo, ascii, crosslang, lookalike, unrelated.
	Kind string `json:"kind"`
	// ExpectReview is the review URL that must be the confident match; nil means none may match.
	ExpectReview *string `json:"expect_review"`
	// ExpectVerdict is the verdict the analysis should give (belirsiz when nothing matches).
	ExpectVerdict analysis.Verdict `json:"expect_verdict"`
	// Differs says, for a look-alike, which part of the claim it was written from was changed
	// (subject, object, entity, number, predicate); "" otherwise.
	Differs string `json:"differs"`
	// Style lists, comma-separated, how a rewording differs from the reviewed wording (synonym,
	// filler, evidential, typo, ascii, specific, negform, number-form, question, hashtag, emoji).
	Style string `json:"style"`
}

// Figures are the measures of one group of queries.
type Figures struct {
	// Queries counts the group's queries.
	Queries int
	// MatchQueries counts those with an expected review; Hits those whose confident match was it.
	MatchQueries, Hits int
	// AbstainQueries counts those that must not match; Abstained those with no confident match.
	AbstainQueries, Abstained int
	// VerdictCorrect counts verdicts equal to the expected one.
	VerdictCorrect int
	// WrongMatches counts confident matches to a review other than the expected one (or any
	// review when none was expected): the errors that give a user a wrong verdict. A match to the
	// expected review's twin in the other language is counted in Twins instead.
	WrongMatches int
	// Twins counts confident matches to the expected review's other-language twin (the same
	// review URL but for its "-tr"/"-en" ending): the same claim with the same verdict, not a
	// recall hit.
	Twins int
}

// Recall is match recall@1: the share of queries with an expected review whose confident match
// was that review.
func (f Figures) Recall() float64 { return ratio(f.Hits, f.MatchQueries) }

// Abstention is the share of queries that must not match that got no confident match.
func (f Figures) Abstention() float64 { return ratio(f.Abstained, f.AbstainQueries) }

// VerdictAccuracy is the share of queries with the expected verdict.
func (f Figures) VerdictAccuracy() float64 { return ratio(f.VerdictCorrect, f.Queries) }

// ratio is a/b, or 1 for an empty group (nothing to get wrong).
func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// EvalMiss is one query the analysis got wrong, for reading what to improve.
type EvalMiss struct {
	// Query is the query.
	Query EvalQuery
	// Got is the confident match's URL ("" when none) and the verdict given.
	Got        string
	GotVerdict analysis.Verdict
	// Top describes the best candidates and why they were or were not taken.
	Top []analysis.Match
}

// Report holds an evaluation's figures, so a test can hold them.
type Report struct {
	// Overall covers every query.
	Overall Figures
	// ByKind and ByLang group the queries; ByKindLang by both ("paraphrase/tr").
	ByKind, ByLang, ByKindLang map[string]Figures
	// ByDiffers groups look-alikes by the part that was changed, ByStyle rewordings by each of
	// their styles (a query counts once under every style it has).
	ByDiffers, ByStyle map[string]Figures
	// Confusion counts expected (first index) against given (second) verdicts, in
	// analysis.Verdicts order: dogru, kismen, yanlis, belirsiz.
	Confusion [4][4]int
	// P50 and P99 are the analysis latencies.
	P50, P99 time.Duration
	// Misses lists the queries answered wrongly.
	Misses []EvalMiss
	// WrongConfident lists the confident matches to a review other than the expected one (or to
	// any review when none was expected): each gave a reader a verdict nobody checked.
	WrongConfident []EvalMiss
}

// verdictIndex is a verdict's row and column in the confusion matrix.
func verdictIndex(v analysis.Verdict) int {
	for i, x := range analysis.Verdicts {
		if x == v {
			return i
		}
	}
	return len(analysis.Verdicts) - 1
}

// RunEval runs the analyzer (the real analysis path, as the service runs it) on every JSONL line
// of queries and prints, overall, per kind and per language: match recall@1, verdict accuracy,
// correct-abstention rate, then the verdict confusion matrix and latency p50/p99.
func RunEval(ctx context.Context, a analysis.Analyzer, queries io.Reader, out io.Writer) (Report, error) {
	rep := Report{ByKind: map[string]Figures{}, ByLang: map[string]Figures{}, ByKindLang: map[string]Figures{},
		ByDiffers: map[string]Figures{}, ByStyle: map[string]Figures{}}
	var lat []time.Duration
	sc := bufio.NewScanner(queries)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		var q EvalQuery
		if err := json.Unmarshal([]byte(text), &q); err != nil {
			return rep, fmt.Errorf("eval: line %d: %w", line, err)
		}
		if q.Query == "" {
			return rep, fmt.Errorf("eval: line %d (%s): empty query", line, q.ID)
		}
		if q.ExpectVerdict == "" {
			q.ExpectVerdict = analysis.VerdictUnclear
		}
		if !analysis.ValidVerdict(string(q.ExpectVerdict)) {
			return rep, fmt.Errorf("eval: line %d (%s): expect_verdict %q is not a verdict", line, q.ID, q.ExpectVerdict)
		}
		start := time.Now()
		res, err := a.Analyze(ctx, analysis.Input{Claim: q.Query})
		lat = append(lat, time.Since(start))
		if err != nil {
			return rep, fmt.Errorf("eval: line %d (%s): %w", line, q.ID, err)
		}
		got := ""
		for _, m := range res.Matches {
			if m.Confident {
				got = m.URL
				break
			}
		}
		f := Figures{Queries: 1}
		ok := true
		if q.ExpectReview != nil {
			f.MatchQueries = 1
			switch {
			case got == *q.ExpectReview:
				f.Hits = 1
			case got != "" && twins(got, *q.ExpectReview):
				ok = false
				f.Twins = 1
			default:
				ok = false
				if got != "" {
					f.WrongMatches = 1
				}
			}
		} else {
			f.AbstainQueries = 1
			if got == "" {
				f.Abstained = 1
			} else {
				ok = false
				f.WrongMatches = 1
			}
		}
		if res.Verdict == q.ExpectVerdict {
			f.VerdictCorrect = 1
		} else {
			ok = false
		}
		rep.Confusion[verdictIndex(q.ExpectVerdict)][verdictIndex(res.Verdict)]++
		rep.Overall = rep.Overall.add(f)
		rep.ByKind[q.Kind] = rep.ByKind[q.Kind].add(f)
		rep.ByLang[q.Lang] = rep.ByLang[q.Lang].add(f)
		rep.ByKindLang[q.Kind+"/"+q.Lang] = rep.ByKindLang[q.Kind+"/"+q.Lang].add(f)
		if q.Differs != "" {
			rep.ByDiffers[q.Differs] = rep.ByDiffers[q.Differs].add(f)
		}
		for _, st := range strings.Split(q.Style, ",") {
			if st = strings.TrimSpace(st); st != "" {
				rep.ByStyle[st] = rep.ByStyle[st].add(f)
			}
		}
		miss := EvalMiss{Query: q, Got: got, GotVerdict: res.Verdict, Top: res.Matches}
		if !ok {
			rep.Misses = append(rep.Misses, miss)
		}
		if f.WrongMatches > 0 {
			rep.WrongConfident = append(rep.WrongConfident, miss)
		}
	}
	if err := sc.Err(); err != nil {
		return rep, fmt.Errorf("eval: read queries: %w", err)
	}
	if rep.Overall.Queries == 0 {
		return rep, errors.New("eval: no queries")
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	rep.P50, rep.P99 = percentile(lat, 0.50), percentile(lat, 0.99)
	if out != nil {
		if err := rep.Print(out); err != nil {
			return rep, fmt.Errorf("eval: print: %w", err)
		}
	}
	return rep, nil
}

// add sums two groups' counts.
func (f Figures) add(g Figures) Figures {
	return Figures{
		Queries: f.Queries + g.Queries, MatchQueries: f.MatchQueries + g.MatchQueries, Hits: f.Hits + g.Hits,
		AbstainQueries: f.AbstainQueries + g.AbstainQueries, Abstained: f.Abstained + g.Abstained,
		VerdictCorrect: f.VerdictCorrect + g.VerdictCorrect, WrongMatches: f.WrongMatches + g.WrongMatches,
		Twins: f.Twins + g.Twins,
	}
}

// twins reports two review URLs that differ only in a trailing language tag ("…-tr", "…-en").
func twins(a, b string) bool {
	trim := func(u string) string {
		for _, l := range []string{"-tr", "-en"} {
			if s, ok := strings.CutSuffix(u, l); ok {
				return s
			}
		}
		return u
	}
	return a != b && trim(a) == trim(b) && trim(a) != a && trim(b) != b
}

// percentile reads a quantile from sorted durations (nearest rank).
func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(float64(len(sorted))*p+0.5) - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}

// Print writes the report as aligned tables.
func (rep Report) Print(out io.Writer) error {
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "group\tqueries\trecall@1\tverdict acc.\tabstention\twrong matches\ttwin matches\t")
	row := func(name string, f Figures) {
		rec, abs := "-", "-"
		if f.MatchQueries > 0 {
			rec = fmt.Sprintf("%.3f (%d/%d)", f.Recall(), f.Hits, f.MatchQueries)
		}
		if f.AbstainQueries > 0 {
			abs = fmt.Sprintf("%.3f (%d/%d)", f.Abstention(), f.Abstained, f.AbstainQueries)
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%.3f\t%s\t%d\t%d\t\n", name, f.Queries, rec, f.VerdictAccuracy(), abs, f.WrongMatches, f.Twins)
	}
	row("overall", rep.Overall)
	for _, k := range sortedKeys(rep.ByKind) {
		row("kind "+k, rep.ByKind[k])
	}
	for _, k := range sortedKeys(rep.ByLang) {
		row("lang "+k, rep.ByLang[k])
	}
	for _, k := range sortedKeys(rep.ByKindLang) {
		row(k, rep.ByKindLang[k])
	}
	for _, k := range sortedKeys(rep.ByDiffers) {
		row("differs "+k, rep.ByDiffers[k])
	}
	for _, k := range sortedKeys(rep.ByStyle) {
		row("style "+k, rep.ByStyle[k])
	}
	fmt.Fprintln(tw, "\t\t\t\t\t\t\t")
	fmt.Fprintln(tw, "expected \\ given\tdogru\tkismen\tyanlis\tbelirsiz\t\t\t")
	for i, v := range analysis.Verdicts {
		c := rep.Confusion[i]
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t\t\t\n", v, c[0], c[1], c[2], c[3])
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if _, err := fmt.Fprintf(out, "\nlatency p50 %s, p99 %s\n", rep.P50.Round(time.Microsecond), rep.P99.Round(time.Microsecond)); err != nil {
		return err
	}
	if _, err := fmt.Fprintf(out, "\nwrong confident matches: %d\n", len(rep.WrongConfident)); err != nil {
		return err
	}
	for _, m := range rep.WrongConfident {
		var matched analysis.Match
		for _, c := range m.Top {
			if c.Confident {
				matched = c
			}
		}
		if _, err := fmt.Fprintf(out, "  %s [%s] %q\n    matched %s %q → %s (expected %s)\n", m.Query.ID, m.Query.Kind, m.Query.Query,
			matched.URL, matched.ClaimReviewed, m.GotVerdict, m.Query.ExpectVerdict); err != nil {
			return err
		}
	}
	return nil
}

// sortedKeys lists a map's keys in order.
func sortedKeys(m map[string]Figures) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
