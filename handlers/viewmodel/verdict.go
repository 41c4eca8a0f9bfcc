package viewmodel

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/checking"
	"github.com/claimcheck/claimcheck/internal/matching"
	"github.com/claimcheck/claimcheck/models"
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
// matcher recorded: its refusal reason, or how close it came.
func relatedOf(m analysis.Match, sourceFound bool) relatedMatch {
	r := relatedMatch{Match: m}
	switch {
	case strings.TrimSpace(m.Rejected) != "":
		r.Different, r.Reason = true, strings.TrimSpace(m.Rejected)
	case m.Similarity < matching.DefaultThreshold:
		r.Reason = fmt.Sprintf("not close enough to be the same claim (similarity %.2f; %.2f needed)", m.Similarity, matching.DefaultThreshold)
	case sourceFound:
		r.Reason = "close in wording, but another fact-check matched the claim more closely"
	default:
		r.Reason = "close in wording, but not taken; no reason was recorded"
	}
	return r
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
	return "The model"
}

// NotEnoughEvidence reports whether the claim's current verdict rests on nothing: the analysis
// did not decide it and no expert has voted.
func NotEnoughEvidence(c *models.Claim, o Outcome) bool {
	return !o.Decided && !c.HasCommunityScore()
}

// CardTitle names what produced the analysis result, for the score card's title.
func CardTitle(o Outcome) string {
	switch {
	case !o.Decided:
		return "Not enough evidence"
	case o.Method == matching.MethodMatch:
		return "Knowledge-base match"
	case o.Model != "":
		return o.Model + " analysis"
	}
	return "Automatic analysis"
}

// CardBasis says in one sentence what the analysis result rests on.
func CardBasis(o Outcome, basis map[string]analysis.FieldBasis) string {
	switch {
	case !o.Decided:
		return "No earlier fact-check states this claim, so there is no verdict and no score to give."
	case o.Method == matching.MethodMatch && o.Source != nil:
		return "The verdict of an earlier fact-check that states this claim: " + matchName(*o.Source) + "."
	case o.Method == matching.MethodMatch:
		return "The verdict of an earlier fact-check that states this claim."
	case o.Method == methodLLMJudgement:
		return "The model's own judgement — no earlier fact-check states this claim."
	case o.Method == methodLLMFactCheck && o.Source != nil:
		return "Based on the fact-check " + matchName(*o.Source) + "."
	case o.Method == methodLLMFactCheck:
		return "Based on an earlier fact-check: " + strings.TrimSpace(basis[analysis.FieldVerdict].Detail)
	case o.Model != "":
		return "The model's answer; it does not say which fact-check, if any, it rests on."
	}
	if d := strings.TrimSpace(basis[analysis.FieldVerdict].Detail); d != "" {
		return d
	}
	return "The analyzer did not record what the verdict rests on."
}

// matchName names a fact-check in a sentence: “claim” (publisher).
func matchName(m analysis.Match) string {
	s := "“" + strings.TrimSpace(m.ClaimReviewed) + "”"
	if p := strings.TrimSpace(m.Publisher); p != "" {
		s += " (" + p + ")"
	}
	return s
}

// PlainSummary is the one- or two-sentence summary of a claim with not enough evidence: what was
// found and why it does not decide, in words a reader knows.
func PlainSummary(o Outcome) string {
	s := "No fact-check we know of states this claim, so there is not enough evidence to call it true or false."
	var closest *relatedMatch
	for i, r := range o.Related {
		if r.Different && (closest == nil || r.Similarity > closest.Similarity) {
			closest = &o.Related[i]
		}
	}
	if closest != nil {
		return s + " The closest one, " + matchName(closest.Match) + ", is about a different claim (" + closest.Reason + ")."
	}
	if len(o.Related) > 0 {
		return s + " The closest fact-checks found were not close enough to count as the same claim."
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
