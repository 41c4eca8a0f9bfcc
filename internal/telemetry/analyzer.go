package telemetry

import (
	"context"
	"time"

	"github.com/claimcheck/claimcheck/internal/analysis"
)

// verdictError is the verdict label of analyses that failed.
const verdictError = "error"

// InstrumentAnalyzer returns an analyzer that runs a and records, per analysis, its verdict and
// how long it took. Together with claimcheck_db_query_duration_seconds this tells a slow
// analyzer from a slow database. A nil m returns a unchanged.
func InstrumentAnalyzer(a analysis.Analyzer, m *Metrics) analysis.Analyzer {
	if m == nil || a == nil {
		return a
	}
	return &instrumented{next: a, m: m}
}

// instrumented is the decorator InstrumentAnalyzer builds.
type instrumented struct {
	next analysis.Analyzer
	m    *Metrics
}

// Name is the wrapped analyzer's name: the decorator is invisible in stored analyses.
func (i *instrumented) Name() string { return i.next.Name() }

// Analyze runs the wrapped analyzer and observes the outcome.
func (i *instrumented) Analyze(ctx context.Context, in analysis.Input) (analysis.Result, error) {
	start := time.Now()
	res, err := i.next.Analyze(ctx, in)
	elapsed := time.Since(start).Seconds()
	name := i.next.Name()
	if err != nil {
		i.m.analyses.WithLabelValues(name, verdictError).Inc()
		i.m.analysisDuration.WithLabelValues(name, "error").Observe(elapsed)
		return res, err
	}
	i.m.analyses.WithLabelValues(name, verdictLabel(res.Verdict)).Inc()
	i.m.analysisDuration.WithLabelValues(name, "ok").Observe(elapsed)
	return res, nil
}

// verdictLabel keeps the label to the four verdict slugs (docs/DECISIONS.md §3), whatever an
// analyzer returns.
func verdictLabel(v analysis.Verdict) string {
	switch v {
	case analysis.VerdictTrue, analysis.VerdictPartly, analysis.VerdictFalse, analysis.VerdictUnclear:
		return string(v)
	}
	return "other"
}
