package viewmodel

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/checking"
	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/internal/matching"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/views/format"
	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

// This file decides, from a stored claim, what its verdict rests on: the experts, an earlier
// fact-check that states the same claim, a named model, or nothing ("not enough evidence"). The
// pages and /v1 say the same thing because they both ask here.

// Verdict basis methods of the analysis's "verdict" field that the pages and /v1 name. The
// knowledge-base match is matching.MethodMatch; the model's are written by internal/llm.
const (
	// methodLLM is a model's verdict from before the model had to say what it rests on.
	methodLLM = "llm"
	// methodLLMFactCheck is a model's verdict resting on a named fact-check of the same claim.
	methodLLMFactCheck = "llm-fact-check"
	// methodLLMJudgement is a model's own judgement: no fact-check states the claim.
	methodLLMJudgement = "llm-judgement"
)

// Evidence bases /v1 reports for a claim's current verdict (the `basis` of a score).
const (
	// BasisExperts: the community score of expert votes.
	BasisExperts = "experts"
	// BasisNotEnoughEvidence: nothing decided; the analysis says belirsiz because no fact-check
	// states the claim and no model judged it.
	BasisNotEnoughEvidence = "not-enough-evidence"
)

// Outcome is what the stored analysis of a claim rests on.
type Outcome struct {
	// Decided is false when the analysis found nothing to decide the verdict on.
	Decided bool
	// Method is the verdict basis method ("" when no basis was recorded).
	Method string
	// Model names the model for a model's verdict ("" otherwise).
	Model string
	// Source is the fact-check the verdict was taken from (nil when none).
	Source *analysis.Match
	// Related are the other fact-checks compared, each with why it did not decide.
	Related []relatedMatch
}

// relatedMatch is a fact-check that was compared with the claim but did not decide its verdict.
type relatedMatch struct {
	analysis.Match
	// Different is true when the matcher found it states a different claim (Match.Rejected).
	Different bool
	// Reason says in words why it did not decide: the part that differs, or how far it was.
	Reason string
	// ReasonKey and ReasonData are Reason as a message ("" when Reason is the matcher's own).
	ReasonKey  string
	ReasonData map[string]any
}

// AnalysisOutcome reads what the claim's stored analysis rests on; whether it decided the verdict
// is models.Claim.AnalysisDecided, which the live feed's events carry too.
func AnalysisOutcome(c *models.Claim, basis map[string]analysis.FieldBasis) Outcome {
	var o Outcome
	var ms []analysis.Match
	if c.Matches != "" && json.Unmarshal([]byte(c.Matches), &ms) != nil {
		ms = nil
	}
	for i := range ms {
		if ms[i].Confident && o.Source == nil {
			o.Source = &ms[i]
		}
	}
	for _, m := range ms {
		if o.Source != nil && m.URL == o.Source.URL && m.Confident {
			continue
		}
		o.Related = append(o.Related, relatedOf(m, o.Source != nil))
	}
	if b, ok := basis[analysis.FieldVerdict]; ok {
		o.Method = b.Method
	}
	o.Decided = c.AnalysisDecided()
	if strings.HasPrefix(o.Method, methodLLM) {
		o.Model = modelName(c)
	}
	return o
}

// relatedOf says why a compared fact-check did not decide the verdict, keeping to what the
// matcher recorded: its refusal reason, or how close it came. ReasonKey and ReasonData let pages
// say the same in the reader's language (the matcher's own refusal reasons stay as recorded).
func relatedOf(m analysis.Match, sourceFound bool) relatedMatch {
	r := relatedMatch{Match: m}
	switch {
	case strings.TrimSpace(m.Rejected) != "":
		r.Different, r.Reason = true, strings.TrimSpace(m.Rejected)
	case m.Similarity < matching.DefaultThreshold:
		r.ReasonKey = "match.reason.not_close"
		r.ReasonData = map[string]any{"Similarity": fmt.Sprintf("%.2f", m.Similarity), "Needed": fmt.Sprintf("%.2f", matching.DefaultThreshold)}
	case sourceFound:
		r.ReasonKey = "match.reason.closer_one"
	default:
		r.ReasonKey = "match.reason.not_taken"
	}
	if r.ReasonKey != "" {
		r.Reason = english().TData(r.ReasonKey, r.ReasonData)
	}
	return r
}

// english is the English localizer: /v1 and the stored texts stay English.
func english() *i18n.Localizer { return i18n.From(context.Background()) }

// reasonIn is a related fact-check's reason in loc's language.
func reasonIn(loc *i18n.Localizer, r relatedMatch) string {
	s, _ := reasonInLang(loc, r)
	return s
}

// reasonInLang is reasonIn, and whether the reason is in loc's language (false: the matcher's
// stored English, which no message says).
func reasonInLang(loc *i18n.Localizer, r relatedMatch) (string, bool) {
	if r.ReasonKey != "" {
		// The similarities are written with two decimals, as loc writes numbers (0,61 in Turkish).
		data := make(map[string]any, len(r.ReasonData))
		for k, v := range r.ReasonData {
			if s, ok := v.(string); ok {
				if x, err := strconv.ParseFloat(s, 64); err == nil {
					v = format.For(loc).Fixed(x, 2)
				}
			}
			data[k] = v
		}
		return loc.TData(r.ReasonKey, data), true
	}
	return basisDetail(loc, r.Reason)
}

// modelName is the model that answered, from the run record, else the analyzer's name.
func modelName(c *models.Claim) string {
	var m checking.StoredMeta
	if c.AnalysisMeta != "" && json.Unmarshal([]byte(c.AnalysisMeta), &m) == nil && strings.TrimSpace(m.Model) != "" {
		return strings.TrimSpace(m.Model)
	}
	if c.Analyzer != "" {
		return c.Analyzer
	}
	return ""
}

// NotEnoughEvidence reports whether the claim's current verdict rests on nothing: the analysis
// did not decide it and no expert has voted.
func NotEnoughEvidence(c *models.Claim, o Outcome) bool {
	return !o.Decided && !c.HasCommunityScore()
}

// CardTitle names what produced the analysis result, for the score card's title (English, for /v1).
func CardTitle(o Outcome) string { return CardTitleIn(english(), o) }

// CardTitleIn is CardTitle in loc's language.
func CardTitleIn(loc *i18n.Localizer, o Outcome) string {
	switch {
	case !o.Decided:
		return loc.T("result.title.not_enough")
	case o.Method == matching.MethodMatch:
		return loc.T("result.title.match")
	case o.Model != "":
		return loc.T("result.title.model", "Model", o.Model)
	case strings.HasPrefix(o.Method, methodLLM):
		return loc.T("result.title.model", "Model", loc.T("result.the_model"))
	}
	return loc.T("result.title.auto")
}

// CardBasis says in one sentence what the analysis result rests on (English, for /v1).
func CardBasis(o Outcome, basis map[string]analysis.FieldBasis) string {
	return CardBasisIn(english(), o, basis)
}

// CardBasisIn is CardBasis in loc's language.
func CardBasisIn(loc *i18n.Localizer, o Outcome, basis map[string]analysis.FieldBasis) string {
	switch {
	case !o.Decided:
		return loc.T("result.basis.not_enough")
	case o.Method == matching.MethodMatch && o.Source != nil:
		return loc.T("result.basis.match_named", "Name", matchName(loc, *o.Source))
	case o.Method == matching.MethodMatch:
		return loc.T("result.basis.match")
	case o.Method == methodLLMJudgement:
		return loc.T("result.basis.model_judgement")
	case o.Method == methodLLMFactCheck && o.Source != nil:
		return loc.T("result.basis.model_fact_check_named", "Name", matchName(loc, *o.Source))
	case o.Method == methodLLMFactCheck:
		return loc.T("result.basis.model_fact_check", "Detail", strings.TrimSpace(basis[analysis.FieldVerdict].Detail))
	case strings.HasPrefix(o.Method, methodLLM):
		return loc.T("result.basis.model")
	}
	if d := strings.TrimSpace(basis[analysis.FieldVerdict].Detail); d != "" {
		return BasisDetailIn(loc, d)
	}
	return loc.T("result.basis.none")
}

// matchName names a fact-check in a sentence: “claim” (publisher).
func matchName(loc *i18n.Localizer, m analysis.Match) string {
	s := "“" + strings.TrimSpace(m.ClaimReviewed) + "”"
	if p := publisherName(loc, m.Publisher); p != "" {
		s += " (" + p + ")"
	}
	return s
}

// publisherName is a fact-check's publisher as pages show it: as published, except the project's
// own starter knowledge base, which is named in loc's language.
func publisherName(loc *i18n.Localizer, publisher string) string {
	if p := strings.TrimSpace(publisher); p != starterPublisher {
		return p
	}
	return loc.T("basis.text.publisher_starter")
}

// PlainSummary is the one- or two-sentence summary of a claim with not enough evidence: what was
// found and why it does not decide, in words a reader knows.
func PlainSummary(o Outcome) string { return PlainSummaryIn(english(), o) }

// PlainSummaryIn is PlainSummary in loc's language.
func PlainSummaryIn(loc *i18n.Localizer, o Outcome) string {
	s := loc.T("result.summary.none")
	var closest *relatedMatch
	for i, r := range o.Related {
		if r.Different && (closest == nil || r.Similarity > closest.Similarity) {
			closest = &o.Related[i]
		}
	}
	if closest != nil {
		return s + " " + loc.T("result.summary.closest_different", "Name", matchName(loc, closest.Match), "Reason", reasonIn(loc, *closest))
	}
	if len(o.Related) > 0 {
		return s + " " + loc.T("result.summary.not_close")
	}
	return s
}

// EvidenceBasis is the /v1 name of what a claim's current verdict rests on: experts, the
// analysis's verdict method, or not-enough-evidence.
func EvidenceBasis(c *models.Claim, o Outcome) string {
	switch {
	case c.HasCommunityScore():
		return BasisExperts
	case !o.Decided:
		return BasisNotEnoughEvidence
	case o.Method != "":
		return o.Method
	}
	return "analysis"
}

// ClaimOutcome parses the claim's basis and reads its outcome; a corrupt basis reads as none.
func ClaimOutcome(c *models.Claim) Outcome {
	basis, _ := ParseBasis(c.Basis)
	return AnalysisOutcome(c, basis)
}

// BasisDetailIn is a stored basis sentence in loc's language: English pages show it as stored,
// others the message analysis.BasisMessage names, or the stored sentence when none does.
func BasisDetailIn(loc *i18n.Localizer, detail string) string {
	s, _ := basisDetail(loc, detail)
	return s
}

// basisDetail is BasisDetailIn, and whether the sentence is in loc's language (false: the stored
// English, which pages then mark as English).
func basisDetail(loc *i18n.Localizer, detail string) (string, bool) {
	if loc.Lang() == i18n.EN {
		return detail, true
	}
	key, data, ok := analysis.BasisMessage(detail)
	if !ok {
		return detail, false
	}
	if slug, ok := data["Slug"].(string); ok {
		data["Category"] = categoryLabel(loc, slug)
	}
	localizeParts(loc, data)
	return loc.TData("basis.text."+key, data), true
}

// starterPublisher is the publisher of every review of the project's own starter knowledge base
// (internal/knowledge/starter/starter.json): the product's name for its own work, so pages say it
// in their language.
const starterPublisher = "Claimcheck starter knowledge base"

// basisNumbers are the decimal fields of the matcher's sentences, written as loc writes numbers.
var basisNumbers = []string{"Sim", "Floor", "Share", "Value", "Worst", "Best", "Score", "RunnerScore", "Min", "Margin"}

// localizeParts puts the variable parts of a matcher sentence in loc's language: a verdict slug
// and a category slug become their names, the opposition group and the "publisher unknown"
// stand-in their message, a nested refusal reason its own message, a decimal loc's separators.
func localizeParts(loc *i18n.Localizer, data map[string]any) {
	if v, ok := data["Verdict"].(string); ok && v != "" {
		if id := "verdict." + v + ".label"; loc.Has(id) {
			data["Verdict"] = loc.T(id)
		}
	}
	if slug, ok := data["Topic"].(string); ok {
		data["Topic"] = categoryLabel(loc, slug)
	}
	if p, ok := data["Publisher"].(string); ok && p == "publisher unknown" {
		data["Publisher"] = loc.T("basis.text.publisher_unknown")
	}
	for _, k := range []string{"Publisher", "Who"} {
		if p, ok := data[k].(string); ok {
			data[k] = publisherName(loc, p)
		}
	}
	if g, ok := data["Group"].(string); ok {
		if id := "basis.text.group." + strings.ReplaceAll(g, "/", "_"); loc.Has(id) {
			data["Group"] = loc.T(id)
		}
	}
	for _, k := range []string{"Lang", "Runner"} {
		if name, ok := data[k].(string); ok && name != "" {
			if code, ok := analysis.LanguageCode(name); ok {
				data[k] = loc.UpperFirst(display.Tags(loc.Lang().Tag()).Name(language.Make(code)))
			}
		}
	}
	if name, ok := data["Script"].(string); ok {
		if code, ok := analysis.ScriptCode(name); ok {
			if sc, err := language.ParseScript(code); err == nil {
				data["Script"] = display.Scripts(loc.Lang().Tag()).Name(sc)
			}
		}
	}
	if r, ok := data["Reason"].(string); ok {
		data["Reason"] = BasisDetailIn(loc, r)
	}
	if h, ok := data["How"].(string); ok {
		for _, id := range []string{"basis.text.how.negations_unlisted", "basis.text.how.no_list", "basis.text.how.negations_kept"} {
			if english().T(id) == h {
				data["How"] = loc.T(id)
			}
		}
	}
	f := format.For(loc)
	for _, k := range basisNumbers {
		s, _ := data[k].(string)
		if x, err := strconv.ParseFloat(s, 64); err == nil {
			decimals := 0
			if _, frac, ok := strings.Cut(s, "."); ok {
				decimals = len(frac)
			}
			data[k] = f.Fixed(x, decimals)
		}
	}
}

// SummaryIn is a stored summary in loc's language where it is one of the analyzers' fixed
// sentences; a fact-check's own explanation stays in the language it was written in.
func SummaryIn(loc *i18n.Localizer, summary string) string { return BasisDetailIn(loc, summary) }
