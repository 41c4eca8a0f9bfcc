package evidence

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/claimcheck/claimcheck/internal/analysis"
)

// wikiTerms caps the Wikipedia query: its search wants every term to match, so a whole claim
// usually finds nothing while its three or four content words find the article on the topic.
const wikiTerms = 4

// wikiResults is how many search hits are considered; the first that is an article (not a
// disambiguation page) with an introduction becomes the context.
const wikiResults = 3

// wikiSearchResponse is the part of an action=query&list=search answer used here.
type wikiSearchResponse struct {
	Error *wikiError `json:"error"`
	Query struct {
		Search []struct {
			PageID  int    `json:"pageid"`
			Title   string `json:"title"`
			Snippet string `json:"snippet"`
		} `json:"search"`
	} `json:"query"`
}

// wikiExtractsResponse is the part of an action=query&prop=extracts|info|pageprops answer used here.
type wikiExtractsResponse struct {
	Error *wikiError `json:"error"`
	Query struct {
		Pages []struct {
			PageID    int               `json:"pageid"`
			Title     string            `json:"title"`
			Missing   bool              `json:"missing"`
			Extract   string            `json:"extract"`
			FullURL   string            `json:"fullurl"`
			PageProps map[string]string `json:"pageprops"`
		} `json:"pages"`
	} `json:"query"`
}

// wikiError is MediaWiki's error object, which arrives with HTTP 200.
type wikiError struct {
	Code string `json:"code"`
	Info string `json:"info"`
}

// wikiLanguage picks the edition: Turkish claims read Turkish Wikipedia, everything else English,
// the edition most likely to have an article. Only these two hosts are ever contacted.
func wikiLanguage(claimLang string) string {
	if claimLang == "tr" {
		return "tr"
	}
	return "en"
}

// wikiQuery builds the search terms: the claim's own Turkish content words for tr, the English
// query's terms otherwise (it is already the claim's salient words in English).
func wikiQuery(claim, claimLang, enQuery string) string {
	if claimLang == "tr" {
		return strings.Join(keywords(claim, wikiTerms, turkishLower, turkishFunctionWords), " ")
	}
	src := enQuery
	if strings.TrimSpace(src) == "" {
		src = claim
	}
	return strings.Join(keywords(src, wikiTerms, strings.ToLower, englishFunctionWords), " ")
}

// wikipediaLookup finds one article that gives background on the claim's topic. It is context for
// the reader, never evidence for or against the claim, and the Detail says so.
func (e *engine) wikipediaLookup(ctx context.Context, claim, claimLang, enQuery string) (outcome, bool, string) {
	lang := wikiLanguage(claimLang)
	query := wikiQuery(claim, claimLang, enQuery)
	if query == "" {
		return outcome{}, false, metaLine(ProviderWikipedia, "skipped (no search terms)", false)
	}
	base := strings.ReplaceAll(e.cfg.baseURL("wikipedia"), "{lang}", lang)
	out, cached := e.lookup(ctx, ProviderWikipedia, cacheKey(ProviderWikipedia, lang, query), func(fctx context.Context) fetched {
		return e.wikipediaFetch(fctx, base, lang, query)
	})
	return out, cached, wikipediaMeta(out, cached, lang)
}

// wikipediaFetch runs the search, then reads the introductions of the hits in one request.
func (e *engine) wikipediaFetch(ctx context.Context, base, lang, query string) fetched {
	var sr wikiSearchResponse
	_, f := e.getJSON(ctx, endpoint(base, "/w/api.php", url.Values{
		"action": {"query"}, "list": {"search"}, "srsearch": {query}, "srlimit": {fmt.Sprint(wikiResults)},
		"srprop": {"snippet"}, "format": {"json"}, "formatversion": {"2"}, "utf8": {"1"},
	}), &sr)
	if f != nil {
		return fail(query, f)
	}
	if sr.Error != nil {
		return fetched{out: outcome{Query: query, Failure: "API error " + sr.Error.Code}, status: 200}
	}
	hits := sr.Query.Search
	if len(hits) == 0 {
		return fetched{out: outcome{Query: query}, status: 200}
	}
	titles := make([]string, 0, len(hits))
	for _, h := range hits {
		titles = append(titles, h.Title)
	}
	var xr wikiExtractsResponse
	_, f = e.getJSON(ctx, endpoint(base, "/w/api.php", url.Values{
		"action": {"query"}, "prop": {"extracts|info|pageprops"}, "titles": {strings.Join(titles, "|")},
		"exintro": {"1"}, "explaintext": {"1"}, "exsentences": {"2"}, "exlimit": {fmt.Sprint(len(titles))},
		"inprop": {"url"}, "ppprop": {"disambiguation"}, "redirects": {"1"},
		"format": {"json"}, "formatversion": {"2"}, "utf8": {"1"},
	}), &xr)
	if f != nil || xr.Error != nil {
		// The search worked, so the top hit with its search snippet is still useful context;
		// cached briefly so the full extract is tried again soon.
		h := hits[0]
		return fetched{out: outcome{Query: query, Total: len(hits), Items: []analysis.Evidence{
			wikiItem(lang, h.Title, "", plainText(h.Snippet)),
		}}, status: 200, partial: true}
	}
	for _, h := range hits {
		for _, p := range xr.Query.Pages {
			if p.Missing || (p.PageID != h.PageID && p.Title != h.Title) {
				continue
			}
			if _, disamb := p.PageProps["disambiguation"]; disamb || strings.TrimSpace(p.Extract) == "" {
				continue
			}
			return fetched{out: outcome{Query: query, Total: len(hits), Items: []analysis.Evidence{
				wikiItem(lang, p.Title, p.FullURL, p.Extract),
			}}, status: 200}
		}
	}
	// Only disambiguation pages or empty introductions: nothing that explains the topic.
	return fetched{out: outcome{Query: query}, status: 200}
}

// wikiItem builds the evidence item. The link is the API's fullurl only when it points at the
// edition that was asked; otherwise it is built from the title, so a response cannot send readers
// elsewhere.
func wikiItem(lang, title, fullURL, extract string) analysis.Evidence {
	host := lang + ".wikipedia.org"
	link := safeURL(fullURL)
	if u, err := url.Parse(link); link == "" || err != nil || u.Scheme != "https" || u.Host != host {
		link = "https://" + host + "/wiki/" + url.PathEscape(strings.ReplaceAll(title, " ", "_"))
	}
	return analysis.Evidence{
		Provider: ProviderWikipedia, Title: plainText(title), URL: link,
		Snippet: truncate(collapseSpace(extract), 400),
		Detail:  fmt.Sprintf("Wikipedia (%s): background on the topic, not a fact-check of the claim", lang),
	}
}

// wikipediaMeta words the Meta.Evidence entry.
func wikipediaMeta(out outcome, cached bool, lang string) string {
	switch {
	case out.Failure != "":
		return metaLine(ProviderWikipedia, unavailable("Wikipedia", out.Failure), cached)
	case len(out.Items) == 0:
		return metaLine(ProviderWikipedia, fmt.Sprintf("no article found on %s.wikipedia.org", lang), cached)
	default:
		return metaLine(ProviderWikipedia, fmt.Sprintf("context from %q (%s)", out.Items[0].Title, lang), cached)
	}
}
