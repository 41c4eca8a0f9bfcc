package analysis

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sync"

	"github.com/claimcheck/claimcheck/internal/datasets"
)

// OfflineVersion identifies the offline analyzer's rules and data; it is stored with each analysis,
// so bump it whenever the lexicon, a threshold or a rule changes.
const OfflineVersion = "offline-2"

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

// offlineData is what the offline analyzer always has, because it is the project's own and built
// in: the lexicon and the Turkish and English function words. Parsed once per process.
type offlineData struct {
	lx *lexicon
	// fw are the function words the query builder drops; dw the subset language detection counts.
	fw, dw *stopwords
}

// loadOfflineData parses the built-in data once.
var loadOfflineData = sync.OnceValues(func() (*offlineData, error) {
	lx, err := parseLexicon(lexiconTxt)
	if err != nil {
		return nil, err
	}
	fw := builtinFunctionWords()
	return &offlineData{lx: lx, fw: fw, dw: fw.detectionWords()}, nil
})

// Datasets are the third-party tables the offline analyzer uses when they are installed (README
// "Datasets"); each may be absent, and the analysis then says what it could not assess and why.
type Datasets struct {
	// ratings are Lin et al. 2023's domain ratings; nil when not installed.
	ratings *DomainRatings
	// ratingsPath is where the ratings were looked for, named when they are missing.
	ratingsPath string
	// sw are the stopwords-iso lists; nil when not installed.
	sw *stopwords
	// stopwordsPath is where the lists were looked for.
	stopwordsPath string
}

// LoadDatasets reads the data sets under dir (DATASETS_DIR). A missing file is not an error, it
// only leaves that part unassessed; a file that is there but malformed is, because silently
// ignoring it would present a broken install as a working one.
func LoadDatasets(dir string) (Datasets, error) {
	ds := Datasets{
		ratingsPath:   datasets.Path(dir, datasets.DomainRatings, datasets.DomainPC1File),
		stopwordsPath: datasets.Path(dir, datasets.Stopwords, datasets.StopwordsFile),
	}
	data, err := os.ReadFile(ds.ratingsPath)
	switch {
	case err == nil:
		if ds.ratings, err = parseDomainRatings(data); err != nil {
			return Datasets{}, fmt.Errorf("%s: %w", ds.ratingsPath, err)
		}
	case !errors.Is(err, fs.ErrNotExist):
		return Datasets{}, fmt.Errorf("domain ratings: %w", err)
	}
	data, err = os.ReadFile(ds.stopwordsPath)
	switch {
	case err == nil:
		if ds.sw, err = parseStopwords(data); err != nil {
			return Datasets{}, fmt.Errorf("%s: %w", ds.stopwordsPath, err)
		}
	case !errors.Is(err, fs.ErrNotExist):
		return Datasets{}, fmt.Errorf("stopwords: %w", err)
	}
	return ds, nil
}

// Missing lists, for the start-up log, each data set that is not installed and what goes without.
func (ds Datasets) Missing() []string {
	var out []string
	if ds.ratings == nil {
		out = append(out, fmt.Sprintf("domain ratings are not installed (%s): source_score is not assessed", ds.ratingsPath))
	}
	if ds.sw == nil {
		out = append(out, fmt.Sprintf("stopwords-iso is not installed (%s): languages other than Turkish and English are told by script only", ds.stopwordsPath))
	}
	return out
}

// Offline is the default analyzer: no network, no model. It rates the source from the Lin et al.
// 2023 domain ratings when they are installed, detects the language, files a category from the
// lexicon and builds an English query; it decides no verdict, because nothing it reads is evidence
// about the claim itself.
type Offline struct {
	*Pipeline
	ds Datasets
}

// NewOffline builds the offline analyzer from the built-in data alone (no third-party data sets):
// source_score is not assessed and language detection knows Turkish and English words.
func NewOffline() (*Offline, error) { return NewOfflineWith(Datasets{}) }

// NewOfflineWith builds the offline analyzer over the loaded data sets (Analyze is cheap and safe
// for concurrent use).
func NewOfflineWith(ds Datasets) (*Offline, error) {
	d, err := loadOfflineData()
	if err != nil {
		return nil, fmt.Errorf("offline analyzer: %w", err)
	}
	detect := d.dw
	if ds.sw != nil {
		detect = ds.sw.withFunctionWords(d.dw)
	}
	p, err := NewPipeline(PipelineConfig{
		Name:    OfflineName,
		Version: OfflineVersion,
		// Language runs first: category and en_query read it.
		Stages: []Stage{
			languageStage{sw: detect, lx: d.lx},
			sourceStage{ratings: ds.ratings, path: ds.ratingsPath},
			notAssessedStage{fields: map[string]string{
				FieldScienceScore: reasonScience, FieldAcademicScore: reasonAcademic, FieldPublicScore: reasonPublic,
			}},
			categoryStage{lx: d.lx},
			queryStage{qb: &queryBuilder{lx: d.lx, fw: d.fw, sw: ds.sw}},
		},
		UndecidedReason: offlineUndecided,
	})
	if err != nil {
		return nil, fmt.Errorf("offline analyzer: %w", err)
	}
	return &Offline{Pipeline: p, ds: ds}, nil
}

// Ratings exposes the loaded domain ratings, nil when they are not installed.
func (o *Offline) Ratings() *DomainRatings { return o.ds.ratings }

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
