package evidence

import (
	"context"
	"sync"
	"time"

	"github.com/claimcheck/claimcheck/internal/analysis"
)

// Stage consults Google Fact Check Tools and Wikipedia. It belongs after the language and en_query
// stages (it reads Language and EnQuery) and before knowledge-base matching (which must see the
// fact-checks Google found). It sets no output field: Google's fact-checks reach the verdict only
// through the matcher, with its guards against look-alike claims, and Wikipedia is background.
type Stage struct {
	e    *engine
	sink FactCheckSink
}

// NewStage builds the stage; cache and sink may be nil (no caching, no import), now nil means
// time.Now. Providers not configured in cfg are never contacted.
func NewStage(cfg Config, cache Cache, sink FactCheckSink, now func() time.Time) *Stage {
	return &Stage{e: newEngine(cfg, cache, now), sink: sink}
}

// Name identifies the stage in errors.
func (s *Stage) Name() string { return "online-evidence" }

// Apply looks the claim up at both providers at once, so the slower one bounds the wait rather than
// their sum. It never returns an error: a provider failure is recorded in Meta.Evidence and the
// analysis goes on without that provider.
func (s *Stage) Apply(ctx context.Context, in analysis.Input, r *analysis.Result) error {
	google, wiki := s.e.cfg.GoogleAPIKey != "", s.e.cfg.WikipediaEnabled
	if !google && !wiki {
		return nil
	}
	type found struct {
		out  outcome
		meta string
	}
	var g, w found
	lang, enQuery := r.Language, r.EnQuery
	var wg sync.WaitGroup
	if google {
		wg.Go(func() { g.out, _, g.meta = s.e.googleLookup(ctx, in.Claim, lang, s.sink) })
	}
	if wiki {
		wg.Go(func() { w.out, _, w.meta = s.e.wikipediaLookup(ctx, in.Claim, lang, enQuery) })
	}
	wg.Wait()
	for _, f := range []found{g, w} {
		if f.meta != "" {
			r.Meta.Evidence = append(r.Meta.Evidence, f.meta)
		}
		r.Evidence = append(r.Evidence, f.out.Items...)
	}
	return nil
}

// AcademicStage consults OpenAlex and decides academic_score. It belongs after knowledge-base
// matching, because its rule needs the matched verdict.
//
// The rule. academic_score means support for the claim in the academic literature. A literature
// search finds papers on a topic; it cannot tell whether they support or refute the claim, and
// reading stance from titles or abstracts would be guessing. So the search alone never sets a
// value. academic_score is assessed only when all of these hold:
//
//  1. an earlier stage decided the verdict from a confident knowledge-base match (a fact-check
//     states this claim) and the verdict is still that match's;
//  2. the verdict is about a scientific question, where fact-checks rest on the research
//     consensus: the claim is filed under health, science or environment, or the matching stage
//     assessed science_score from the same fact-check (not politics, economy, history, society,
//     sports or other, where verdicts rest on records and statements);
//  3. OpenAlex lists at least MinTopicalWorks non-retracted journal or review articles among the
//     top five whose titles share the claim's key terms, so the topic is demonstrably studied.
//
// Then academic_score follows the verdict, dogru 80, kismen 50, yanlis 20 (on the verdict's side of
// 50, short of the extremes because no paper was read), and the basis names the fact-check, the
// works and the fact that the papers were not read for stance. Otherwise academic_score stays 50,
// not assessed, and the basis says what OpenAlex found and which condition failed; the works are
// still listed in Evidence as reading. If another stage already assessed academic_score (an LLM,
// say), its value stands and OpenAlex only adds the reading list. A provider failure leaves the
// field "Not assessed: OpenAlex unavailable (<reason>)".
type AcademicStage struct {
	e *engine
}

// NewAcademicStage builds the stage; cache may be nil (no caching), now nil means time.Now. With
// OpenAlex off it does nothing, leaving academic_score to the other stages.
func NewAcademicStage(cfg Config, cache Cache, now func() time.Time) *AcademicStage {
	return &AcademicStage{e: newEngine(cfg, cache, now)}
}

// Name identifies the stage in errors.
func (s *AcademicStage) Name() string { return "academic-evidence" }

// Apply searches OpenAlex for the English query and applies the rule above. It never returns an
// error: a failure is recorded in the basis and Meta.Evidence instead.
func (s *AcademicStage) Apply(ctx context.Context, _ analysis.Input, r *analysis.Result) error {
	if !s.e.cfg.OpenAlexEnabled {
		return nil
	}
	query := collapseSpace(r.EnQuery)
	if query == "" {
		r.Meta.Evidence = append(r.Meta.Evidence, metaLine(ProviderOpenAlex, "skipped (no English query)", false))
		return nil
	}
	out, cached := s.e.openAlexLookup(ctx, truncate(query, 300))
	r.Meta.Evidence = append(r.Meta.Evidence, openAlexMeta(out, cached))
	r.Evidence = append(r.Evidence, out.Items...)
	if r.Basis == nil {
		r.Basis = map[string]analysis.FieldBasis{}
	}
	if r.Basis[analysis.FieldAcademicScore].Assessed {
		return nil
	}
	r.AcademicScore, r.Basis[analysis.FieldAcademicScore] = academicRule(r, out)
	return nil
}
