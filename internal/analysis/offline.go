package analysis

import (
	"context"
	"fmt"
	"sync"
)

// OfflineVersion identifies the offline analyzer's rules and data; it is stored with each analysis,
// so bump it whenever the lexicon, a threshold or a rule changes.
const OfflineVersion = "offline-1"

// OfflineName is the analyzer name stored with offline analyses.
const OfflineName = "offline"

// offlineUndecided is the verdict basis of the offline analyzer: it has no evidence source that can
// decide a verdict, and says so rather than guessing.
const offlineUndecided = "No evidence source that decides a verdict is available offline yet (no knowledge-base match)."

// Reasons the offline analyzer gives for the sub-scores it cannot assess.
const (
	reasonScience  = "Not assessed offline: judging agreement with scientific knowledge needs a fact-check knowledge base or a model, and this analyzer has neither yet."
	reasonAcademic = "Not assessed offline: judging support in the academic literature needs a literature search (e.g. OpenAlex), which needs the network."
	reasonPublic   = "Not assessed offline: public and community ratings come from expert votes and other sources, none of which this analyzer consults."
)

// offlineData is everything the offline analyzer reads, parsed once per process: parsing the CSV,
// JSON and lexicon takes milliseconds, but there is no reason to repeat it per analyzer.
type offlineData struct {
	ratings *DomainRatings
	sw      *stopwords
	lx      *lexicon
}

// loadOfflineData parses the embedded data once.
var loadOfflineData = sync.OnceValues(func() (*offlineData, error) {
	ratings, err := parseDomainRatings(domainPC1CSV)
	if err != nil {
		return nil, err
	}
	sw, err := parseStopwords(stopwordsISOJSON)
	if err != nil {
		return nil, err
	}
	lx, err := parseLexicon(lexiconTxt)
	if err != nil {
		return nil, err
	}
	return &offlineData{ratings: ratings, sw: sw, lx: lx}, nil
})

// Offline is the default analyzer: no network, no model. It rates the source from the Lin et al.
// 2023 domain ratings, detects the language, files a category from the lexicon and builds an
// English query; it decides no verdict, because nothing it reads is evidence about the claim itself.
type Offline struct {
	*Pipeline
	data *offlineData
}

// NewOffline builds the offline analyzer from the embedded data (loaded once; Analyze is cheap and
// safe for concurrent use).
func NewOffline() (*Offline, error) {
	d, err := loadOfflineData()
	if err != nil {
		return nil, fmt.Errorf("offline analyzer: %w", err)
	}
	p, err := NewPipeline(PipelineConfig{
		Name:    OfflineName,
		Version: OfflineVersion,
		// Language runs first: category and en_query read it.
		Stages: []Stage{
			languageStage{sw: d.sw, lx: d.lx},
			sourceStage{ratings: d.ratings},
			notAssessedStage{fields: map[string]string{
				FieldScienceScore: reasonScience, FieldAcademicScore: reasonAcademic, FieldPublicScore: reasonPublic,
			}},
			categoryStage{lx: d.lx},
			queryStage{qb: &queryBuilder{lx: d.lx, sw: d.sw}},
		},
		UndecidedReason: offlineUndecided,
	})
	if err != nil {
		return nil, fmt.Errorf("offline analyzer: %w", err)
	}
	return &Offline{Pipeline: p, data: d}, nil
}

// Ratings exposes the loaded domain ratings (tests check all 11,520 rows load).
func (o *Offline) Ratings() *DomainRatings { return o.data.ratings }

// notAssessedStage records, for sub-scores this analyzer cannot measure, the specific reason; a
// later stage that can measure one overwrites it.
type notAssessedStage struct{ fields map[string]string }

// Name identifies the stage in errors.
func (notAssessedStage) Name() string { return "not-assessed" }

// Apply sets each listed sub-score to the neutral 50 with its reason.
func (s notAssessedStage) Apply(_ context.Context, _ Input, r *Result) error {
	for _, key := range []string{FieldScienceScore, FieldAcademicScore, FieldPublicScore, FieldSourceScore} {
		reason, ok := s.fields[key]
		if !ok {
			continue
		}
		switch key {
		case FieldScienceScore:
			r.ScienceScore = NeutralScore
		case FieldAcademicScore:
			r.AcademicScore = NeutralScore
		case FieldPublicScore:
			r.PublicScore = NeutralScore
		case FieldSourceScore:
			r.SourceScore = NeutralScore
		}
		r.Basis[key] = NotAssessed(reason)
	}
	return nil
}
