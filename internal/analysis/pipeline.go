package analysis

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Stage is one step of a Pipeline. A stage reads the input and the result so far, sets the fields
// it has evidence for and records each one's basis under its key in r.Basis. A later stage may
// overwrite an earlier one's field (with its own basis): that is how a knowledge-base match or an
// LLM refines what the lexicons guessed. A stage must not invent a value it has no evidence for;
// leaving the field alone lets the pipeline mark it "not assessed".
type Stage interface {
	// Name identifies the stage in errors.
	Name() string
	// Apply runs the stage; it must be safe for concurrent use.
	Apply(ctx context.Context, in Input, r *Result) error
}

// PipelineConfig describes a Pipeline.
type PipelineConfig struct {
	// Name is the analyzer name stored with each result ("offline").
	Name string
	// Version is the analyzer version stored with each result; bump it when any rule or data changes.
	Version string
	// Stages run in order.
	Stages []Stage
	// UndecidedReason is the verdict basis when no stage decides a verdict.
	UndecidedReason string
	// NotAssessedReason is the basis of a sub-score no stage assessed and gave a reason for.
	NotAssessedReason string
}

// Pipeline is an Analyzer made of stages plus the rules that fill and check what they leave.
type Pipeline struct {
	cfg PipelineConfig
}

// NewPipeline checks cfg and builds the pipeline.
func NewPipeline(cfg PipelineConfig) (*Pipeline, error) {
	if cfg.Name == "" || cfg.Version == "" {
		return nil, errors.New("analysis: pipeline needs a name and a version")
	}
	for i, s := range cfg.Stages {
		if s == nil {
			return nil, fmt.Errorf("analysis: pipeline %s: stage %d is nil", cfg.Name, i)
		}
	}
	if cfg.UndecidedReason == "" {
		cfg.UndecidedReason = "No evidence that decides a verdict was found."
	}
	if cfg.NotAssessedReason == "" {
		cfg.NotAssessedReason = "Not assessed: no stage of this analyzer measures it."
	}
	cfg.Stages = append([]Stage(nil), cfg.Stages...)
	return &Pipeline{cfg: cfg}, nil
}

// Name returns the analyzer name.
func (p *Pipeline) Name() string { return p.cfg.Name }

// Version returns the analyzer version.
func (p *Pipeline) Version() string { return p.cfg.Version }

// Stages returns a copy of the stages, so a larger pipeline can reuse them.
func (p *Pipeline) Stages() []Stage { return append([]Stage(nil), p.cfg.Stages...) }

// Analyze runs every stage, fills what no stage assessed, and checks the result is complete and in
// range, so a stage bug becomes an error instead of a stored wrong answer.
func (p *Pipeline) Analyze(ctx context.Context, in Input) (Result, error) {
	if err := checkInput(in); err != nil {
		return Result{}, err
	}
	r := Result{Basis: make(map[string]FieldBasis, len(BasisFields))}
	for _, s := range p.cfg.Stages {
		if err := ctx.Err(); err != nil {
			return Result{}, fmt.Errorf("analysis %s: %w", p.cfg.Name, err)
		}
		if err := s.Apply(ctx, in, &r); err != nil {
			return Result{}, fmt.Errorf("analysis %s: stage %s: %w", p.cfg.Name, s.Name(), err)
		}
	}
	if err := p.finish(&r); err != nil {
		return Result{}, fmt.Errorf("analysis %s: %w", p.cfg.Name, err)
	}
	r.Analyzer, r.Version = p.cfg.Name, p.cfg.Version
	r.scanned, r.notes = nil, nil
	return r, nil
}

// checkInput defends against callers that skipped the handlers' validation.
func checkInput(in Input) error {
	switch {
	case len(in.Claim) > MaxClaimBytes:
		return fmt.Errorf("%w (%d bytes; limit %d)", ErrClaimTooLong, len(in.Claim), MaxClaimBytes)
	case !utf8.ValidString(in.Claim):
		return ErrInvalidUTF8
	case !strings.ContainsFunc(in.Claim, isWordRune):
		return ErrEmptyClaim
	}
	return nil
}

// finish applies the defaults and the score rule, composes the summary and validates.
//
// The score rule: a stage that decides a verdict (dogru, kismen, yanlis) must also set the score
// from the same evidence. When no stage decides one, the verdict is belirsiz and the score is 50,
// the middle of the scale, meaning "undecided". The sub-scores describe the evidence around the
// claim (how credible the source is, and later science/academic/public support) but do not move
// the overall score on their own: a credible outlet can still repeat a false claim, so turning a
// source rating into "this claim is X% true" would be inventing a verdict.
func (p *Pipeline) finish(r *Result) error {
	for _, f := range []struct {
		key string
		v   *int
	}{
		{FieldSourceScore, &r.SourceScore}, {FieldScienceScore, &r.ScienceScore},
		{FieldAcademicScore, &r.AcademicScore}, {FieldPublicScore, &r.PublicScore},
	} {
		if _, ok := r.Basis[f.key]; !ok {
			*f.v = NeutralScore
			r.Basis[f.key] = NotAssessed(p.cfg.NotAssessedReason)
		}
	}
	if _, ok := r.Basis[FieldLanguage]; !ok {
		r.Language = "und"
		r.Basis[FieldLanguage] = NotAssessed("Not assessed: no stage detects the language.")
	}
	if _, ok := r.Basis[FieldCategory]; !ok {
		r.Category = CategoryOther
		r.Basis[FieldCategory] = NotAssessed("Not assessed: no stage assigns a category.")
	}
	if _, ok := r.Basis[FieldEnQuery]; !ok {
		r.Basis[FieldEnQuery] = NotAssessed("Not assessed: no stage builds a search query.")
	}
	if _, ok := r.Basis[FieldVerdict]; !ok {
		r.Verdict = VerdictUnclear
		r.Basis[FieldVerdict] = FieldBasis{Assessed: false, Method: MethodRule, Detail: p.cfg.UndecidedReason}
	}
	if _, ok := r.Basis[FieldScore]; !ok {
		if r.Verdict != VerdictUnclear {
			return fmt.Errorf("a stage set verdict %q without a score; the score must come from the same evidence", r.Verdict)
		}
		r.Score = NeutralScore
		r.Basis[FieldScore] = FieldBasis{Assessed: false, Method: MethodRule, Detail: undecidedScoreRule}
	}
	if _, ok := r.Basis[FieldSummary]; !ok {
		r.Summary = composeSummary(r, p.cfg.UndecidedReason)
		r.Basis[FieldSummary] = FieldBasis{Assessed: true, Method: MethodComposed,
			Detail: "Composed from the basis of the other fields: what was assessed, and what was not and why."}
	}
	return validate(r)
}

// undecidedScoreRule is the score basis when no stage decided a verdict.
const undecidedScoreRule = "Rule: the verdict is belirsiz, so the score is 50 (the middle of the 0–100 scale, meaning undecided). " +
	"Sub-scores describe the evidence around the claim but do not move the score on their own: a credible source can repeat a false claim."

// validate checks ranges, slugs and that every basis key is present.
func validate(r *Result) error {
	for _, s := range []struct {
		name string
		v    int
	}{
		{FieldScore, r.Score}, {FieldSourceScore, r.SourceScore}, {FieldScienceScore, r.ScienceScore},
		{FieldAcademicScore, r.AcademicScore}, {FieldPublicScore, r.PublicScore},
	} {
		if s.v < 0 || s.v > 100 {
			return fmt.Errorf("%s %d is outside 0–100", s.name, s.v)
		}
	}
	if !ValidVerdict(string(r.Verdict)) {
		return fmt.Errorf("verdict %q is not one of dogru, kismen, yanlis, belirsiz", r.Verdict)
	}
	if !ValidCategory(r.Category) {
		return fmt.Errorf("category %q is not a known slug", r.Category)
	}
	if r.Language == "" {
		return errors.New("language is empty; use \"und\" when unknown")
	}
	for _, k := range BasisFields {
		b, ok := r.Basis[k]
		if !ok || b.Method == "" || b.Detail == "" {
			return fmt.Errorf("basis for %s is missing or incomplete", k)
		}
	}
	return nil
}

// composeSummary writes the plain-words summary from the fields and their basis. It states the
// verdict first, then what was assessed, then what was not, so a reader never mistakes defaults
// for findings. An undecided verdict is explained in the pipeline's own plain words
// (PipelineConfig.UndecidedReason), not in the basis's technical ones.
func composeSummary(r *Result, undecided string) string {
	label, _ := VerdictInfo(r.Verdict)
	if r.Verdict == VerdictUnclear {
		// Nothing decided: one or two plain sentences, so the reader is not handed sub-score
		// defaults and keyword notes as if they were findings.
		return truncateRunes(undecidedSummary(r, undecided, label), 600)
	}
	parts := []string{fmt.Sprintf("Verdict: %s (score %d/100).", label, r.Score)}
	if b := r.Basis[FieldLanguage]; b.Assessed {
		parts = append(parts, "Language: "+languageName(r.Language)+".")
	}
	switch b := r.Basis[FieldCategory]; {
	case r.notes[FieldCategory] != "":
		parts = append(parts, fmt.Sprintf("Category: %s (%s).", r.Category, r.notes[FieldCategory]))
	case b.Assessed && r.Category != CategoryOther:
		parts = append(parts, fmt.Sprintf("Category: %s.", r.Category))
	default:
		parts = append(parts, "Category: other (no topic keyword matched).")
	}
	switch b := r.Basis[FieldSourceScore]; {
	case b.Assessed && r.notes[FieldSourceScore] != "":
		parts = append(parts, r.notes[FieldSourceScore])
	case b.Assessed:
		parts = append(parts, fmt.Sprintf("Source credibility: %d/100.", r.SourceScore))
	default:
		parts = append(parts, "Source not assessed: "+strings.TrimPrefix(strings.TrimSuffix(b.Detail, "."), "Not assessed: ")+".")
	}
	var notAssessed []string
	for _, f := range []struct{ key, name string }{
		{FieldScienceScore, "scientific"}, {FieldAcademicScore, "academic"}, {FieldPublicScore, "public"},
	} {
		if !r.Basis[f.key].Assessed {
			notAssessed = append(notAssessed, f.name)
		}
	}
	switch len(notAssessed) {
	case 0:
	case 1:
		parts = append(parts, "The "+notAssessed[0]+" support was not assessed.")
	default:
		parts = append(parts, "The "+strings.Join(notAssessed[:len(notAssessed)-1], ", ")+" and "+notAssessed[len(notAssessed)-1]+
			" support were not assessed (each shows 50).")
	}
	return truncateRunes(strings.Join(parts, " "), 600)
}

// undecidedSummary says in one or two plain sentences why no verdict was given: the pipeline's
// reason, and, when the closest earlier fact-check was set aside as a different claim, which part
// of it differs.
func undecidedSummary(r *Result, reason, label string) string {
	s := fmt.Sprintf("Not enough evidence to decide (%s).", label)
	if reason != "" {
		s += " " + strings.TrimSuffix(reason, ".") + "."
	}
	for _, m := range r.Matches {
		if m.Rejected != "" && !m.Confident {
			s += fmt.Sprintf(" The closest fact-check is about a different claim (%s).", strings.TrimSuffix(m.Rejected, "."))
			break
		}
	}
	return s
}

// truncateRunes shortens s to at most n runes, ending with an ellipsis when cut.
func truncateRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	rs := []rune(s)
	return string(rs[:n-1]) + "…"
}
