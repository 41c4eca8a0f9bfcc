package llm

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/internal/analysis"
)

// answer is a model answer that passed validate: every field present, in range and consistent.
type answer struct {
	score, sourceScore, scienceScore, academicScore, publicScore int
	verdict                                                      analysis.Verdict
	summary, category, enQuery, language                         string
	reasons                                                      map[string]string

	// basis is the URL of the earlier fact-check the model based its verdict on, exactly as the
	// prompt gave it (basisIndex in the result's Matches), or "" for the model's own judgement.
	basis      string
	basisIndex int
	// aligned is set once the alignment check confirmed that the basis states the same claim;
	// only then is the verdict presented as resting on it.
	aligned bool
	// unchecked says why a named basis could not be checked (no aligner, review not indexed), in
	// which case the verdict is labelled the model's own judgement.
	unchecked string
	// lookAlikes are the fact-checks the model named during this analysis that state a different
	// claim, URL → the part that differs; the result shows them as refused.
	lookAlikes map[string]string
}

// given is what the prompt gave the model: the URLs it may cite and the earlier fact-checks it
// may name as the basis of its verdict.
type given struct {
	urls       []string
	factChecks []analysis.Match
}

// fieldBasisFactCheck is the answer's key naming the fact-check the verdict rests on.
const fieldBasisFactCheck = "basis_fact_check"

// wireAnswer is the JSON the model sends. Pointers tell a missing (or null) field from a zero
// one, so "score": 0 is accepted and a missing score is not.
type wireAnswer struct {
	Score         *int              `json:"score"`
	Verdict       *string           `json:"verdict"`
	Summary       *string           `json:"summary"`
	SourceScore   *int              `json:"source_score"`
	ScienceScore  *int              `json:"science_score"`
	AcademicScore *int              `json:"academic_score"`
	PublicScore   *int              `json:"public_score"`
	Category      *string           `json:"category"`
	EnQuery       *string           `json:"en_query"`
	Language      *string           `json:"language"`
	Reasons       map[string]string `json:"reasons"`
	// BasisFactCheck stays raw to tell null (the model's own judgement) from a string.
	BasisFactCheck json.RawMessage `json:"basis_fact_check"`
}

// invalidAnswer lists what was wrong with an answer; its text goes into the repair request and
// into the fallback reason.
type invalidAnswer struct {
	problems []string
	// lookAlike is set when the verdict rested on a fact-check of a different claim, so the
	// repair request explains what a basis must be.
	lookAlike bool
}

// Error joins the problems.
func (e *invalidAnswer) Error() string { return strings.Join(e.problems, "; ") }

// languageCode is an ISO 639-1/639-3 code (or "und"), as the analysis package stores it.
var languageCode = regexp.MustCompile(`^[a-z]{2,3}$`)

// urlPattern finds URLs the model wrote, to check it cites only the ones it was given.
var urlPattern = regexp.MustCompile(`(?i)\bhttps?://[^\s<>"'` + "`" + `]+`)

// parseAnswer decodes and validates the model's text. g holds what the prompt gave; any other URL
// in the summary or reasons, or as the basis, is treated as invented. An invalid answer is returned
// with the fields that were usable (its basis among them), never to be stored, only so the
// caller can check the basis too and list every problem in one repair request.
func parseAnswer(content string, g given) (answer, error) {
	body, err := extractJSON(content)
	if err != nil {
		return answer{}, &invalidAnswer{problems: []string{err.Error()}}
	}
	var w wireAnswer
	if err := json.Unmarshal([]byte(body), &w); err != nil {
		return answer{}, &invalidAnswer{problems: []string{describeJSONError(err)}}
	}
	return validate(w, g)
}

// extractJSON finds the object in the text. JSON mode and schema mode return the bare object;
// models on servers without either often wrap it in a code fence or a sentence, which carries no
// data, so only the outermost braces are kept (and then validated like any other answer).
func extractJSON(content string) (string, error) {
	s := strings.TrimSpace(content)
	if s == "" {
		return "", errors.New("the answer is empty")
	}
	if strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") {
		return s, nil
	}
	start, end := strings.Index(s, "{"), strings.LastIndex(s, "}")
	switch {
	case start < 0:
		return "", errors.New("the answer is not a JSON object")
	case end < start:
		return "", errors.New("the answer is not valid JSON: the object is cut off (no closing brace)")
	}
	return s[start : end+1], nil
}

// describeJSONError turns a decoding error into words the model (and an admin) can act on.
func describeJSONError(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		want := te.Type.Kind().String()
		if want == "ptr" {
			want = te.Type.Elem().Kind().String()
		}
		switch want {
		case "int":
			want = "an integer"
		case "string":
			want = "a string"
		case "map":
			want = "an object of strings"
		}
		field := te.Field
		if field == "" {
			field = "the answer"
		}
		return fmt.Sprintf("%s must be %s, not %s", field, want, te.Value)
	}
	return "the answer is not valid JSON: " + err.Error()
}

// validate checks every field; the answer is usable only when it returns no error: an answer is
// stored whole or not at all.
func validate(w wireAnswer, g given) (answer, error) {
	var p []string
	a := answer{basisIndex: -1}
	ints := []struct {
		name string
		src  *int
		dst  *int
	}{
		{analysis.FieldScore, w.Score, &a.score},
		{analysis.FieldSourceScore, w.SourceScore, &a.sourceScore},
		{analysis.FieldScienceScore, w.ScienceScore, &a.scienceScore},
		{analysis.FieldAcademicScore, w.AcademicScore, &a.academicScore},
		{analysis.FieldPublicScore, w.PublicScore, &a.publicScore},
	}
	for _, f := range ints {
		switch {
		case f.src == nil:
			p = append(p, f.name+" is missing")
		case *f.src < 0 || *f.src > 100:
			p = append(p, fmt.Sprintf("%s %d is outside 0-100", f.name, *f.src))
		default:
			*f.dst = *f.src
		}
	}

	verdictOK := false
	switch v := lowerTrim(w.Verdict); {
	case w.Verdict == nil:
		p = append(p, "verdict is missing")
	case !analysis.ValidVerdict(v):
		p = append(p, fmt.Sprintf("verdict %q is not one of dogru, kismen, yanlis, belirsiz", truncate(v, 40)))
	default:
		a.verdict, verdictOK = analysis.Verdict(v), true
	}
	if verdictOK && w.Score != nil {
		if lo, hi := scoreBand(a.verdict); *w.Score < lo || *w.Score > hi {
			p = append(p, fmt.Sprintf("score %d does not fit verdict %s (allowed %d-%d)", *w.Score, a.verdict, lo, hi))
		}
	}

	a.summary = text(w.Summary, analysis.FieldSummary, maxSummaryRunes, &p)
	a.enQuery = text(w.EnQuery, analysis.FieldEnQuery, maxEnQueryRunes, &p)

	switch c := lowerTrim(w.Category); {
	case w.Category == nil:
		p = append(p, "category is missing")
	case !analysis.ValidCategory(c):
		p = append(p, fmt.Sprintf("category %q is not one of %s", truncate(c, 40), strings.Join(categorySlugs(), ", ")))
	default:
		a.category = c
	}

	switch l := lowerTrim(w.Language); {
	case w.Language == nil:
		p = append(p, "language is missing")
	case !languageCode.MatchString(l):
		p = append(p, fmt.Sprintf("language %q is not an ISO 639-1 code", truncate(l, 20)))
	default:
		a.language = l
	}

	if w.Reasons == nil {
		p = append(p, "reasons is missing")
	} else {
		a.reasons = make(map[string]string, len(reasonFields))
		for _, f := range reasonFields {
			if r, ok := w.Reasons[f]; ok {
				a.reasons[f] = text(&r, "reasons."+f, maxReasonRunes, &p)
			} else {
				p = append(p, "reasons."+f+" is missing")
			}
		}
	}

	// An invented URL is the most damaging kind of invented source: it looks checkable.
	cited := []string{a.summary}
	for _, f := range reasonFields {
		cited = append(cited, a.reasons[f])
	}
	if bad := unknownURLs(strings.Join(cited, "\n"), g.urls); len(bad) > 0 {
		p = append(p, fmt.Sprintf("it cites URLs that were not in the context (%s); cite only the URLs given", strings.Join(bad, ", ")))
	}

	a.basis, a.basisIndex = basisFactCheck(w.BasisFactCheck, g.factChecks, &p)

	if len(p) > 0 {
		return a, &invalidAnswer{problems: p}
	}
	return a, nil
}

// basisFactCheck reads basis_fact_check: the URL of one of the fact-checks given (returned as the
// prompt gave it, with its index), or "" and -1 for the model's own judgement. A missing key
// counts as null: an answer that names no fact-check is labelled the model's own judgement, which
// is the safe reading. Any other URL is invented and recorded as a problem.
func basisFactCheck(raw json.RawMessage, factChecks []analysis.Match, p *[]string) (string, int) {
	raw = json.RawMessage(strings.TrimSpace(string(raw)))
	if len(raw) == 0 || string(raw) == "null" {
		return "", -1
	}
	var u string
	if err := json.Unmarshal(raw, &u); err != nil {
		*p = append(*p, fieldBasisFactCheck+" must be the url of one of the earlier fact-checks given, or null")
		return "", -1
	}
	u = strings.TrimSpace(u)
	switch strings.ToLower(u) {
	case "", "null", "none":
		// Weaker models spell null as a string; it still names no fact-check.
		return "", -1
	}
	for i, m := range factChecks {
		if m.URL != "" && normURL(m.URL) == normURL(u) {
			return m.URL, i
		}
	}
	if len(factChecks) == 0 {
		*p = append(*p, fmt.Sprintf("%s names %q, but no earlier fact-check was given; it must be null", fieldBasisFactCheck, truncate(u, 100)))
	} else {
		*p = append(*p, fmt.Sprintf("%s %q is not the url of one of the earlier fact-checks given; name one of those urls exactly, or null", fieldBasisFactCheck, truncate(u, 100)))
	}
	return "", -1
}

// scoreBand is the score range consistent with a verdict. belirsiz is exactly 50 because the
// design gives "undecided" that one value (docs/DECISIONS.md §3); the bands of the other verdicts overlap
// a little so a hedged "kismen, 65" is not rejected.
func scoreBand(v analysis.Verdict) (lo, hi int) {
	switch v {
	case analysis.VerdictTrue:
		return 60, 100
	case analysis.VerdictPartly:
		return 30, 70
	case analysis.VerdictFalse:
		return 0, 40
	default:
		return analysis.NeutralScore, analysis.NeutralScore
	}
}

// text checks a required text field: present, not blank, within limit runes. It returns the
// trimmed text, or "" after recording the problem.
func text(s *string, name string, limit int, p *[]string) string {
	if s == nil {
		*p = append(*p, name+" is missing")
		return ""
	}
	t := strings.TrimSpace(*s)
	switch n := utf8.RuneCountInString(t); {
	case !utf8.ValidString(t):
		*p = append(*p, name+" is not valid UTF-8")
	case n == 0:
		*p = append(*p, name+" is empty")
	case n > limit:
		*p = append(*p, fmt.Sprintf("%s is %d characters; the limit is %d", name, n, limit))
	default:
		return t
	}
	return ""
}

// lowerTrim normalises a slug-like value; case and spaces carry no meaning in a slug.
func lowerTrim(s *string) string {
	if s == nil {
		return ""
	}
	return strings.ToLower(strings.TrimSpace(*s))
}

// unknownURLs returns the URLs in s that are neither a known URL nor an ancestor of one (the site
// or a section of a page it was given); a known URL extended with a new path counts as invented.
func unknownURLs(s string, known []string) []string {
	var bad []string
	for _, u := range urlPattern.FindAllString(s, -1) {
		u = strings.TrimRight(u, ".,;:!?)]}")
		nu := normURL(u)
		ok := false
		for _, k := range known {
			if nk := normURL(k); nk != "" && (nu == nk || strings.HasPrefix(nk, nu+"/") || strings.HasPrefix(nk, nu+"?") || strings.HasPrefix(nk, nu+"#")) {
				ok = true
				break
			}
		}
		if !ok {
			bad = append(bad, truncate(u, 100))
		}
	}
	return bad
}

// normURL compares URLs the way a reader would: scheme, "www." and a trailing slash don't matter.
func normURL(u string) string {
	u = strings.ToLower(strings.TrimSpace(u))
	u = strings.TrimPrefix(strings.TrimPrefix(u, "https://"), "http://")
	u = strings.TrimPrefix(u, "www.")
	return strings.TrimRight(u, "/")
}
