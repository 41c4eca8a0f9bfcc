package analysis

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/internal/datasets"
	"github.com/claimcheck/claimcheck/internal/datasets/datasetstest"
)

// sampleInputs cover the shapes of input the service sees: Turkish and English, with and without
// sources (rated, unrated, platform, unusable), other languages and edge cases.
var sampleInputs = []Input{
	{Claim: "Aşılar otizme neden olur", SourceURL: "https://www.reuters.com/world/x"},
	{Claim: "Türkiye'de 2023 depreminde 50 bin kişi öldü", SourceURL: "https://www.hurriyet.com.tr/gundem/x"},
	{Claim: "Enflasyon yüzde 60'a ulaştı", SourceURL: "https://www.sozcu.com.tr/x"},
	{Claim: "Vaccines do not cause autism", SourceURL: "https://www.infowars.com/x"},
	{Claim: "5G towers spread coronavirus", SourceURL: "https://www.facebook.com/someone/posts/1"},
	{Claim: "Die Regierung hat die Steuern erhöht"},
	{Claim: "Прививки вызывают аутизм у детей", SourceURL: "not a url at all"},
	{Claim: "Ok"},
	{Claim: "12345"},
	{Claim: strings.Repeat("Aşılar otizme neden olur ve enflasyon yüzde 60'a ulaştı. ", 80)},
}

func TestOfflineResultComplete(t *testing.T) {
	o, err := NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	if o.Name() != "offline" || o.Version() != OfflineVersion {
		t.Fatalf("name %q version %q", o.Name(), o.Version())
	}
	var _ Analyzer = o
	for _, in := range sampleInputs {
		r, err := o.Analyze(context.Background(), in)
		if err != nil {
			t.Fatalf("%q: %v", in.Claim, err)
		}
		name := in.Claim
		if len(name) > 40 {
			name = name[:40]
		}
		for field, v := range map[string]int{
			FieldScore: r.Score, FieldSourceScore: r.SourceScore, FieldScienceScore: r.ScienceScore,
			FieldAcademicScore: r.AcademicScore, FieldPublicScore: r.PublicScore,
		} {
			if v < 0 || v > 100 {
				t.Errorf("%q: %s = %d out of range", name, field, v)
			}
		}
		// No evidence decides a verdict offline: always belirsiz, and the score is the documented 50.
		if r.Verdict != VerdictUnclear || r.Score != 50 {
			t.Errorf("%q: verdict %s score %d, want belirsiz 50", name, r.Verdict, r.Score)
		}
		if r.ScienceScore != 50 || r.AcademicScore != 50 || r.PublicScore != 50 {
			t.Errorf("%q: unassessed sub-scores %d/%d/%d, want 50", name, r.ScienceScore, r.AcademicScore, r.PublicScore)
		}
		if !ValidCategory(r.Category) || r.Language == "" || r.EnQuery == "" || r.Summary == "" {
			t.Errorf("%q: empty or invalid field: %+v", name, r)
		}
		if n := utf8.RuneCountInString(r.Summary); n > 600 {
			t.Errorf("%q: summary has %d characters", name, n)
		}
		if r.Analyzer != "offline" || r.Version != OfflineVersion {
			t.Errorf("%q: analyzer %q version %q", name, r.Analyzer, r.Version)
		}
		if len(r.Basis) != len(BasisFields) {
			t.Errorf("%q: basis has %d keys, want %d", name, len(r.Basis), len(BasisFields))
		}
		for _, k := range BasisFields {
			b, ok := r.Basis[k]
			if !ok || b.Method == "" || b.Detail == "" {
				t.Errorf("%q: basis %s = %+v", name, k, b)
			}
		}
		for _, k := range []string{FieldScienceScore, FieldAcademicScore, FieldPublicScore} {
			if b := r.Basis[k]; b.Assessed || b.Method != MethodNotAssessed || !strings.HasPrefix(b.Detail, "Not assessed offline: ") {
				t.Errorf("%q: %s basis %+v", name, k, b)
			}
		}
		if b := r.Basis[FieldVerdict]; b.Assessed || !strings.Contains(b.Detail, "no knowledge-base match") {
			t.Errorf("%q: verdict basis %+v", name, b)
		}
		if b := r.Basis[FieldScore]; b.Method != MethodRule || !strings.Contains(b.Detail, "score is 50") {
			t.Errorf("%q: score basis %+v", name, b)
		}
		if !r.Basis[FieldSourceScore].Assessed && r.SourceScore != 50 {
			t.Errorf("%q: unassessed source score %d", name, r.SourceScore)
		}
	}
}

func TestOfflineSummary(t *testing.T) {
	o := offlineWithData(t, datasets.DomainRatings)
	for _, in := range []Input{
		{Claim: "Aşılar otizme neden olur", SourceURL: "https://www.reuters.com/x"},
		{Claim: "Vaccines cause autism"},
	} {
		r, err := o.Analyze(context.Background(), in)
		if err != nil {
			t.Fatal(err)
		}
		// Nothing decided the verdict, so the summary is one or two plain sentences: defaults and
		// keyword notes are not findings, and the sub-scores carry their own reasons.
		if !strings.HasPrefix(r.Summary, "Not enough evidence to decide (Belirsiz).") || strings.Count(r.Summary, ". ") > 1 {
			t.Errorf("%q: summary %q, want one or two sentences saying there is not enough evidence", in.Claim, r.Summary)
		}
		for _, internal := range []string{"Category:", "keywords", "Lin et al.", "each shows 50"} {
			if strings.Contains(r.Summary, internal) {
				t.Errorf("%q: summary %q carries %q", in.Claim, r.Summary, internal)
			}
		}
		if b := r.Basis[FieldSourceScore]; in.SourceURL != "" && (!b.Assessed || !strings.Contains(b.Detail, "Lin et al. 2023")) {
			t.Errorf("%q: the source's rating belongs in its basis: %+v", in.Claim, b)
		}
	}
}

func TestOfflineDeterministic(t *testing.T) {
	o, err := NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	o2, err := NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range sampleInputs {
		a, err := o.Analyze(context.Background(), in)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 3; i++ {
			b, err := o2.Analyze(context.Background(), in)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("%q: results differ:\n%+v\n%+v", in.Claim, a, b)
			}
		}
	}
}

func TestOfflineConcurrent(t *testing.T) {
	o, err := NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	want := make([]Result, len(sampleInputs))
	for i, in := range sampleInputs {
		if want[i], err = o.Analyze(context.Background(), in); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, in := range sampleInputs {
				r, err := o.Analyze(context.Background(), in)
				if err != nil {
					errs <- err
					return
				}
				if !reflect.DeepEqual(r, want[i]) {
					errs <- errors.New("concurrent result differs for " + in.Claim)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestOfflineInputErrors(t *testing.T) {
	o, err := NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		in   Input
		want error
	}{
		{Input{Claim: ""}, ErrEmptyClaim},
		{Input{Claim: "   \n\t "}, ErrEmptyClaim},
		{Input{Claim: "?!… —"}, ErrEmptyClaim},
		{Input{Claim: "bad \xff utf8"}, ErrInvalidUTF8},
		{Input{Claim: strings.Repeat("a", MaxClaimBytes+1)}, ErrClaimTooLong},
	}
	for _, tc := range tests {
		if _, err := o.Analyze(context.Background(), tc.in); !errors.Is(err, tc.want) {
			t.Errorf("Analyze(%.20q) error %v, want %v", tc.in.Claim, err, tc.want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := o.Analyze(ctx, Input{Claim: "Aşılar otizme neden olur"}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: error %v", err)
	}
}

// verdictStage stands in for a later evidence stage (knowledge base, LLM).
type verdictStage struct {
	verdict  Verdict
	score    int
	setScore bool
}

func (verdictStage) Name() string { return "test-verdict" }

func (s verdictStage) Apply(_ context.Context, _ Input, r *Result) error {
	r.Verdict = s.verdict
	r.Basis[FieldVerdict] = FieldBasis{Assessed: true, Method: "claim-review-match", Detail: "Matched a fact-check."}
	if s.setScore {
		r.Score = s.score
		r.Basis[FieldScore] = FieldBasis{Assessed: true, Method: "claim-review-match", Detail: "From the fact-check rating."}
		r.ScienceScore = 10
		r.Basis[FieldScienceScore] = FieldBasis{Assessed: true, Method: "claim-review-match", Detail: "Fact-checkers cite studies."}
	}
	return nil
}

func TestPipelineLaterStagesDecide(t *testing.T) {
	o := offlineWithData(t, datasets.DomainRatings)
	p, err := NewPipeline(PipelineConfig{Name: "offline", Version: "offline-2",
		Stages: append(o.Stages(), verdictStage{verdict: VerdictFalse, score: 8, setScore: true})})
	if err != nil {
		t.Fatal(err)
	}
	r, err := p.Analyze(context.Background(), Input{Claim: "Aşılar otizme neden olur", SourceURL: "https://www.reuters.com/x"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != VerdictFalse || r.Score != 8 || r.ScienceScore != 10 || !r.Basis[FieldScienceScore].Assessed {
		t.Errorf("later stage did not decide: %+v", r)
	}
	if r.Category != "health" || r.SourceScore != 100 || r.Version != "offline-2" {
		t.Errorf("earlier stages lost: %+v", r)
	}
	if !strings.HasPrefix(r.Summary, "Verdict: Yanlış (score 8/100).") || strings.Contains(r.Summary, "scientific") {
		t.Errorf("summary %q does not reflect the decided verdict", r.Summary)
	}

	// A verdict without a score from the same evidence is a stage bug, not a result.
	p, err = NewPipeline(PipelineConfig{Name: "x", Version: "x-1", Stages: []Stage{verdictStage{verdict: VerdictTrue}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Analyze(context.Background(), Input{Claim: "claim"}); err == nil || !strings.Contains(err.Error(), "without a score") {
		t.Errorf("verdict without score: error %v", err)
	}
	// An out-of-range score is caught.
	p, err = NewPipeline(PipelineConfig{Name: "x", Version: "x-1", Stages: []Stage{verdictStage{verdict: VerdictTrue, score: 101, setScore: true}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Analyze(context.Background(), Input{Claim: "claim"}); err == nil || !strings.Contains(err.Error(), "outside 0–100") {
		t.Errorf("score 101: error %v", err)
	}
}

func TestPipelineDefaults(t *testing.T) {
	if _, err := NewPipeline(PipelineConfig{Name: "x"}); err == nil {
		t.Error("pipeline without version accepted")
	}
	p, err := NewPipeline(PipelineConfig{Name: "empty", Version: "empty-1"})
	if err != nil {
		t.Fatal(err)
	}
	r, err := p.Analyze(context.Background(), Input{Claim: "anything"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != VerdictUnclear || r.Score != 50 || r.SourceScore != 50 || r.Category != CategoryOther || r.Language != "und" {
		t.Errorf("defaults: %+v", r)
	}
	for _, k := range BasisFields {
		if _, ok := r.Basis[k]; !ok {
			t.Errorf("basis %s missing", k)
		}
	}
}

func TestVerdictHelpers(t *testing.T) {
	for _, v := range Verdicts {
		if !ValidVerdict(string(v)) {
			t.Errorf("ValidVerdict(%q) = false", v)
		}
		label, meaning := VerdictInfo(v)
		if label == "" || meaning == "" || label == string(v) {
			t.Errorf("VerdictInfo(%q) = %q, %q", v, label, meaning)
		}
	}
	for _, s := range []string{"", "true", "Dogru", "verified", "yanlış"} {
		if ValidVerdict(s) {
			t.Errorf("ValidVerdict(%q) = true", s)
		}
	}
	if label, _ := VerdictInfo("bogus"); label != "bogus" {
		t.Errorf("unknown verdict label %q", label)
	}
	if l, _ := VerdictInfo(VerdictUnclear); l != "Belirsiz" {
		t.Errorf("belirsiz label %q", l)
	}
	seen := map[string]bool{}
	for _, c := range Categories {
		if seen[c.Slug] || c.LabelEN == "" || c.LabelTR == "" {
			t.Errorf("category %+v duplicated or unlabelled", c)
		}
		seen[c.Slug] = true
	}
	for _, s := range []string{"health", "science", "environment", "technology", "economy", "politics", "society", "history", "sports", "other"} {
		if !seen[s] {
			t.Errorf("category %s missing", s)
		}
	}
}

func BenchmarkOfflineAnalyze(b *testing.B) {
	o, err := NewOffline()
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	inputs := sampleInputs[:7]
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := o.Analyze(ctx, inputs[i%len(inputs)]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkOfflineAnalyzeLongClaim(b *testing.B) {
	o, err := NewOffline()
	if err != nil {
		b.Fatal(err)
	}
	in := Input{Claim: strings.Repeat("Aşılar otizme neden olur ve enflasyon yüzde 60'a ulaştı. ", 85)[:4990], SourceURL: "https://www.reuters.com/x"}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := o.Analyze(context.Background(), in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkNewOfflineData(b *testing.B) {
	dir := datasetstest.Require(b, datasets.DomainRatings)
	for i := 0; i < b.N; i++ {
		if _, err := LoadDatasets(dir); err != nil {
			b.Fatal(err)
		}
		if _, err := parseLexicon(lexiconTxt); err != nil {
			b.Fatal(err)
		}
	}
}
