package evidence

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/internal/analysis"
)

// openAlexPerPage is how many works are listed: enough to judge whether the topic is studied and
// to give the reader a short reading list.
const openAlexPerPage = 5

// openAlexFilter keeps to journal articles and review articles that have not been retracted, the
// closest OpenAlex filter to "peer-reviewed literature" (preprints, datasets, theses, paratext and
// retracted work are out).
const openAlexFilter = "type:article|review,is_retracted:false"

// openAlexResponse is the part of a /works list answer used here.
type openAlexResponse struct {
	Meta struct {
		Count int `json:"count"`
	} `json:"meta"`
	Results []openAlexWork `json:"results"`
}

// openAlexWork is the part of a Work object used here.
type openAlexWork struct {
	ID              string `json:"id"`
	DOI             string `json:"doi"`
	Title           string `json:"title"`
	DisplayName     string `json:"display_name"`
	PublicationYear int    `json:"publication_year"`
	CitedByCount    int    `json:"cited_by_count"`
	Type            string `json:"type"`
	PrimaryLocation *struct {
		LandingPageURL string `json:"landing_page_url"`
		Source         *struct {
			DisplayName string `json:"display_name"`
		} `json:"source"`
	} `json:"primary_location"`
}

// openAlexLookup searches OpenAlex for works on the English query.
func (e *engine) openAlexLookup(ctx context.Context, query string) (outcome, bool) {
	return e.lookup(ctx, ProviderOpenAlex, cacheKey(ProviderOpenAlex, openAlexFilter, query), func(fctx context.Context) fetched {
		q := url.Values{"search": {query}, "per-page": {fmt.Sprint(openAlexPerPage)}, "filter": {openAlexFilter}}
		if e.cfg.OpenAlexMailto != "" {
			q.Set("mailto", e.cfg.OpenAlexMailto)
		}
		var resp openAlexResponse
		if _, f := e.getJSON(fctx, endpoint(e.cfg.baseURL("openalex"), "/works", q), &resp); f != nil {
			return fail(query, f)
		}
		out := outcome{Query: query, Total: max(resp.Meta.Count, len(resp.Results))}
		for _, w := range resp.Results {
			if it, ok := openAlexItem(&w); ok {
				out.Items = append(out.Items, it)
			}
		}
		return fetched{out: out, status: 200}
	})
}

// openAlexItem turns one work into evidence; the link prefers the DOI, the most stable address.
func openAlexItem(w *openAlexWork) (analysis.Evidence, bool) {
	t := plainText(w.Title)
	if t == "" {
		t = plainText(w.DisplayName)
	}
	link := safeURL(w.DOI)
	venue := ""
	if loc := w.PrimaryLocation; loc != nil {
		if link == "" {
			link = safeURL(loc.LandingPageURL)
		}
		if loc.Source != nil {
			venue = plainText(loc.Source.DisplayName)
		}
	}
	if link == "" {
		link = safeURL(w.ID)
	}
	if t == "" || link == "" {
		return analysis.Evidence{}, false
	}
	kind := "Journal article"
	if w.Type == "review" {
		kind = "Review article"
	}
	var parts []string
	if venue != "" {
		parts = append(parts, venue)
	}
	if w.PublicationYear > 0 {
		parts = append(parts, fmt.Sprint(w.PublicationYear))
	}
	detail := kind
	if len(parts) > 0 {
		detail += ", " + strings.Join(parts, ", ")
	}
	detail += fmt.Sprintf("; cited %s times (OpenAlex)", thousands(w.CitedByCount))
	return analysis.Evidence{Provider: ProviderOpenAlex, Title: truncate(t, 300), URL: link, Detail: detail}, true
}

// openAlexMeta words the Meta.Evidence entry.
func openAlexMeta(out outcome, cached bool) string {
	switch {
	case out.Failure != "":
		return metaLine(ProviderOpenAlex, unavailable("OpenAlex", out.Failure), cached)
	case len(out.Items) == 0:
		return metaLine(ProviderOpenAlex, "no works found", cached)
	default:
		return metaLine(ProviderOpenAlex, fmt.Sprintf("%d of %s works listed", len(out.Items), thousands(out.Total)), cached)
	}
}

// The academic_score rule (see AcademicStage).
const (
	// MinTopicalWorks is how many of the listed works must be about the claim's topic (their
	// titles share its key terms) before the topic counts as studied in the literature.
	MinTopicalWorks = 3
	// MethodFactCheckWithLiterature marks an academic_score carried over from a confident
	// fact-check verdict on a topic with peer-reviewed literature.
	MethodFactCheckWithLiterature = "fact-check-with-literature"
)

// academicValues are the academic_score per verdict: clearly on the verdict's side of 50, but short
// of the extremes, because the papers themselves were not read.
var academicValues = map[analysis.Verdict]int{
	analysis.VerdictTrue:   80,
	analysis.VerdictPartly: 50,
	analysis.VerdictFalse:  20,
}

// researchCategories are the topics whose fact-checks rest on research consensus, the same set
// the matching stage uses for science_score. Verdicts on politics, economy, history or society
// claims rest on records and statements, so literature on those topics says nothing about them.
var researchCategories = setOf("health", "science", "environment")

// scientificQuestion reports whether the verdict is about a scientific question: the claim is
// filed under a research category, or a stage assessed science_score (the matching stage does so
// only when the matched fact-check is itself filed under one, which also covers claims the lexicon
// filed elsewhere).
func scientificQuestion(r *analysis.Result) bool {
	return researchCategories[r.Category] || r.Basis[analysis.FieldScienceScore].Assessed
}

// relationWords are dropped before judging whether a title is on topic: "causes" or "risk" in a
// title says nothing about whether it studies this claim's subject.
var relationWords = setOf("cause", "causes", "caused", "causing", "effect", "effects", "affect", "affects",
	"link", "linked", "links", "associated", "association", "increase", "increases", "reduce", "reduces",
	"risk", "risks", "lead", "leads", "make", "makes", "made", "use", "used", "using", "study", "studies",
	"people", "new", "good", "bad", "true", "false", "myth", "fact")

// topicStems reduces text to crude stems (the first five letters of each content word), enough to
// see that "vaccination" and "vaccines" or "autistic" and "autism" are the same topic.
func topicStems(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range words(s, strings.ToLower) {
		if englishFunctionWords[w] || relationWords[w] || (utf8.RuneCountInString(w) < 3 && !isNumber(w)) {
			continue
		}
		if rs := []rune(w); len(rs) > 5 {
			w = string(rs[:5])
		}
		out[w] = true
	}
	return out
}

// countTopical counts items whose titles share at least two of the query's stems (all of them
// when the query has fewer than two).
func countTopical(items []analysis.Evidence, query string) int {
	q := topicStems(query)
	need := min(2, len(q))
	if need == 0 {
		return 0
	}
	n := 0
	for _, it := range items {
		shared := 0
		for s := range topicStems(it.Title) {
			if q[s] {
				shared++
			}
		}
		if shared >= need {
			n++
		}
	}
	return n
}

// confidentMatch returns the knowledge-base match the verdict was taken from, if the verdict still
// is that match's (a later stage may have changed it).
func confidentMatch(r *analysis.Result) (analysis.Match, bool) {
	if r.Verdict == analysis.VerdictUnclear || !r.Basis[analysis.FieldVerdict].Assessed {
		return analysis.Match{}, false
	}
	for _, m := range r.Matches {
		if m.Confident && m.Verdict == r.Verdict && m.Rejected == "" {
			return m, true
		}
	}
	return analysis.Match{}, false
}

// academicRule decides academic_score from the OpenAlex outcome and the result so far; see
// AcademicStage for the rule and why.
func academicRule(r *analysis.Result, out outcome) (int, analysis.FieldBasis) {
	if out.Failure != "" {
		return analysis.NeutralScore, analysis.NotAssessed("Not assessed: " + unavailable("OpenAlex", out.Failure) + ".")
	}
	if len(out.Items) == 0 {
		return analysis.NeutralScore, analysis.NotAssessed(fmt.Sprintf(
			"Not assessed: OpenAlex lists no peer-reviewed works for %q. Finding none does not mean the research refutes the claim; it may be worded unlike any paper.", out.Query))
	}
	found := fmt.Sprintf("OpenAlex lists %s for %q", plural(out.Total, "peer-reviewed work"), out.Query)
	topical := countTopical(out.Items, out.Query)
	if topical < MinTopicalWorks {
		return analysis.NeutralScore, analysis.NotAssessed(fmt.Sprintf(
			"Not assessed: %s, but only %d of the top %d are about the claim's topic (their titles share its key terms); %d are needed to say the topic is studied.",
			found, topical, len(out.Items), MinTopicalWorks))
	}
	found += fmt.Sprintf(", %d of the top %d on the claim's topic, e.g. %s", topical, len(out.Items), example(out.Items[0]))
	m, ok := confidentMatch(r)
	if !ok {
		return analysis.NeutralScore, analysis.NotAssessed("Not assessed: " + found +
			". A literature search shows the topic is studied but cannot tell whether the papers support or refute the claim, and no confident fact-check verdict was found to tell which way they point.")
	}
	if !scientificQuestion(r) {
		return analysis.NeutralScore, analysis.NotAssessed(fmt.Sprintf("Not assessed: %s. The claim is filed under %s and its fact-check was not judged a scientific question; such verdicts rest on records and statements rather than research, so the verdict %s is not carried over to the academic score.",
			found, r.Category, r.Verdict))
	}
	v := academicValues[r.Verdict]
	who := m.Publisher
	if who == "" {
		who = m.URL
	}
	return v, analysis.FieldBasis{Assessed: true, Method: MethodFactCheckWithLiterature, Detail: fmt.Sprintf(
		"Fact-check verdict %s (%s, similarity %.2f) on a scientific question: %s. The score follows that verdict (dogru 80, kismen 50, yanlis 20), because fact-checks of scientific questions rest on the research consensus; the papers themselves were not read for their stance.",
		r.Verdict, who, m.Similarity, found)}
}

// example cites one work for the basis, reusing its Detail without the article kind and source.
func example(it analysis.Evidence) string {
	d := strings.TrimSuffix(it.Detail, " (OpenAlex)")
	d = strings.TrimPrefix(strings.TrimPrefix(d, "Journal article, "), "Review article, ")
	return fmt.Sprintf("%q (%s)", truncate(it.Title, 120), d)
}

// plural writes a count with its noun, "1 work" or "6,412 works".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return thousands(n) + " " + noun + "s"
}
