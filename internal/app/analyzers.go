package app

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/config"
	"github.com/claimcheck/claimcheck/internal/evidence"
	"github.com/claimcheck/claimcheck/internal/knowledge"
	"github.com/claimcheck/claimcheck/internal/llm"
	"github.com/claimcheck/claimcheck/internal/matching"
	"github.com/claimcheck/claimcheck/internal/thesaurus"
	"github.com/claimcheck/claimcheck/models"
)

// Knowledge is the fact-check knowledge base as a running process holds it: the stored reviews'
// in-memory index and the importer that keeps store and index in step.
type Knowledge struct {
	// Index answers claim matching from memory.
	Index *matching.Index
	// Importer adds reviews to the store and, through its change hook, to the index.
	Importer *knowledge.Importer
	// Entries is the admins' browser: edits, retirements and restorations reach this index at
	// once and other processes' indexes within one Follow poll.
	Entries *knowledge.Entries
	// src is the store Refresh reads changes from.
	src knowledge.ReviewSource
	// mu guards loadedUpTo, the newest review update the index has seen, where following starts.
	mu         sync.Mutex
	loadedUpTo time.Time
}

// OpenKnowledge builds the index from the stored reviews and, when configured, loads the starter
// knowledge base first (idempotent: unchanged reviews are left alone, corrected ones updated).
func OpenKnowledge(ctx context.Context, cfg config.Config, stores *models.Stores, log *slog.Logger) (*Knowledge, error) {
	// The thesaurus lets the matcher's alignment decision relate synonyms, safe hypernyms,
	// antonyms and Turkish–English translations (see internal/thesaurus/README.md).
	th, err := thesaurus.Open()
	if err != nil {
		return nil, fmt.Errorf("open thesaurus: %w", err)
	}
	ix := matching.NewIndex(matching.WithLexicon(th))
	imp := knowledge.NewImporter(stores.Reviews, ix.Upsert, func() time.Time { return time.Now().UTC() })
	ratings, err := knowledge.LoadRatings(cfg.DatasetsDir)
	if err != nil {
		return nil, fmt.Errorf("knowledge base: %w", err)
	}
	imp.Ratings = ratings
	if cfg.StarterKB {
		sum, err := imp.LoadStarter(ctx)
		if err != nil {
			return nil, fmt.Errorf("starter knowledge base: %w", err)
		}
		if sum.Added+sum.Updated > 0 {
			log.Info("starter knowledge base loaded", "summary", sum.String())
		}
	}
	// Retired reviews stay in the store for admins to restore but never enter the index.
	since, err := matching.Load(ctx, knowledge.Active{Src: stores.Reviews}, ix)
	if err != nil {
		return nil, fmt.Errorf("knowledge index: %w", err)
	}
	entries := knowledge.NewEntries(stores.Reviews, ix, func() time.Time { return time.Now().UTC() })
	return &Knowledge{Index: ix, Importer: imp, Entries: entries, src: stores.Reviews, loadedUpTo: since}, nil
}

// Follow keeps the index current with what other processes change in the knowledge base (imports,
// and admins' edits, retirements and restorations, which all move a review's updated_at), polling
// src every interval until ctx ends. An edit made in another process therefore reaches this one's
// matching within one interval (KB_FOLLOW_INTERVAL, 5 s by default).
func (k *Knowledge) Follow(ctx context.Context, src matching.ReviewSource, every time.Duration) {
	if every <= 0 {
		every = 5 * time.Second
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if err := k.refresh(ctx, src); err != nil && ctx.Err() == nil {
			slog.Warn("knowledge: polling the knowledge base failed; retrying at the next tick", "err", err)
		}
	}
}

// Refresh applies, once, every change to the stored knowledge base since the index last looked.
func (k *Knowledge) Refresh(ctx context.Context) error { return k.refresh(ctx, k.src) }

// refresh is one poll of src.
func (k *Knowledge) refresh(ctx context.Context, src knowledge.ReviewSource) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	newest, err := knowledge.CatchUp(ctx, src, k.Index, k.loadedUpTo)
	// CatchUp reads oldest update first, so everything up to newest was applied even on error.
	k.loadedUpTo = newest
	return err
}

// googleSink hands Google Fact Check results to the importer, so they join the knowledge base
// (and the index) before the matching stage of the same analysis runs.
type googleSink struct{ imp *knowledge.Importer }

// AddGoogleClaims imports a claims:search answer.
func (s googleSink) AddGoogleClaims(ctx context.Context, body []byte) error {
	_, err := s.imp.Import(ctx, evidence.ProviderGoogle, body)
	return err
}

// BuildAnalyzer assembles the configured analyzer: the offline stages, optional online evidence,
// knowledge-base matching and the academic stage; wrapped by the LLM analyzer when chosen.
func BuildAnalyzer(cfg config.Config, kb *Knowledge, stores *models.Stores) (analysis.Analyzer, error) {
	a, _, err := BuildAnalyzers(cfg, kb, stores)
	return a, err
}

// BuildAnalyzers is BuildAnalyzer that also returns the pipeline without any model: what an
// account's own model (internal/custommodel) is given as context and falls back to.
func BuildAnalyzers(cfg config.Config, kb *Knowledge, stores *models.Stores) (configured, pipeline analysis.Analyzer, err error) {
	pl, err := buildPipeline(cfg, kb, stores)
	if err != nil {
		return nil, nil, err
	}
	if cfg.Analyzer != "llm" {
		return pl, pl, nil
	}
	a, err := llm.New(llm.Config{
		BaseURL: cfg.LLM.BaseURL, Model: cfg.LLM.Model, APIKey: cfg.LLM.APIKey, Timeout: cfg.LLM.Timeout,
		MaxRetries: cfg.LLM.MaxRetries, StructuredOutput: cfg.LLM.StructuredOutput,
		// A verdict the model rests on a fact-check is kept only when that fact-check states the
		// same claim, by the matcher's own alignment decision.
		Aligner: kb.Index,
	}, pl)
	if err != nil {
		return nil, nil, fmt.Errorf("analyzer: %w", err)
	}
	return a, pl, nil
}

// buildPipeline assembles the analysis pipeline without a model.
func buildPipeline(cfg config.Config, kb *Knowledge, stores *models.Stores) (analysis.Analyzer, error) {
	ds, err := analysis.LoadDatasets(cfg.DatasetsDir)
	if err != nil {
		return nil, fmt.Errorf("analyzer: %w", err)
	}
	off, err := analysis.NewOfflineWith(ds)
	if err != nil {
		return nil, fmt.Errorf("analyzer: %w", err)
	}
	evCfg := evidence.Config{
		GoogleAPIKey:     cfg.Evidence.GoogleFactCheckAPIKey,
		OpenAlexEnabled:  cfg.Evidence.OpenAlexEnabled,
		OpenAlexMailto:   cfg.Evidence.OpenAlexMailto,
		WikipediaEnabled: cfg.Evidence.WikipediaEnabled,
		Timeout:          cfg.Evidence.Timeout,
		CacheTTL:         cfg.Evidence.CacheTTL,
	}
	now := func() time.Time { return time.Now().UTC() }
	stages := off.Stages()
	version := matching.Version
	if evCfg.GoogleAPIKey != "" || evCfg.WikipediaEnabled {
		stages = append(stages, evidence.NewStage(evCfg, stores.Evidence, googleSink{kb.Importer}, now))
		version += "+online"
	}
	stages = append(stages, matching.NewStage(kb.Index, matching.StageOptions{}))
	if evCfg.OpenAlexEnabled {
		stages = append(stages, evidence.NewAcademicStage(evCfg, stores.Evidence, now))
		if version == matching.Version {
			version += "+online"
		}
	}
	pipeline, err := analysis.NewPipeline(analysis.PipelineConfig{
		Name:            analysis.OfflineName,
		Version:         version,
		Stages:          stages,
		UndecidedReason: matching.UndecidedReason,
	})
	if err != nil {
		return nil, fmt.Errorf("analyzer: %w", err)
	}
	return pipeline, nil
}
