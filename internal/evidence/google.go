package evidence

import (
	"context"
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"github.com/claimcheck/claimcheck/internal/analysis"
)

// googleQueryRunes caps the claim text sent to claims:search: the search matches short statements,
// and a 5,000-character claim in a URL only costs bandwidth.
const googleQueryRunes = 250

// googlePageSize is how many claims one search returns (the API's own default is 10).
const googlePageSize = 10

// languageCode accepts the ISO 639 codes the language stage produces; "und" and anything else is
// left out of the request rather than sent as a filter that matches nothing.
var languageCode = regexp.MustCompile(`^[a-z]{2,3}$`)

// googleResponse is the part of a claims:search response (FactCheckedClaimSearchResponse) that
// becomes evidence; encoding/json ignores the fields not named here.
type googleResponse struct {
	Claims []struct {
		Text        string `json:"text"`
		Claimant    string `json:"claimant"`
		ClaimDate   string `json:"claimDate"`
		ClaimReview []struct {
			Publisher struct {
				Name string `json:"name"`
				Site string `json:"site"`
			} `json:"publisher"`
			URL           string `json:"url"`
			Title         string `json:"title"`
			ReviewDate    string `json:"reviewDate"`
			TextualRating string `json:"textualRating"`
			LanguageCode  string `json:"languageCode"`
		} `json:"claimReview"`
	} `json:"claims"`
}

// googleLookup searches Google Fact Check Tools for the claim. Found claims go to the sink only on
// a fresh fetch: a cached answer was imported when it was fetched, and the import is idempotent
// anyway. If the import fails the answer is not cached, so the next analysis fetches and imports
// again instead of listing fact-checks the matcher never saw.
func (e *engine) googleLookup(ctx context.Context, claim, lang string, sink FactCheckSink) (outcome, bool, string) {
	query := truncate(collapseSpace(claim), googleQueryRunes)
	if query == "" {
		return outcome{}, false, metaLine(ProviderGoogle, "skipped (empty claim)", false)
	}
	if !languageCode.MatchString(lang) || lang == "und" {
		lang = ""
	}
	var imported error
	out, cached := e.lookup(ctx, ProviderGoogle, cacheKey(ProviderGoogle, lang, query), func(fctx context.Context) fetched {
		q := url.Values{"query": {query}, "pageSize": {fmt.Sprint(googlePageSize)}, "key": {e.cfg.GoogleAPIKey}}
		if lang != "" {
			q.Set("languageCode", lang)
		}
		var resp googleResponse
		body, f := e.getJSON(fctx, endpoint(e.cfg.baseURL("google"), "/v1alpha1/claims:search", q), &resp)
		if f != nil {
			return fail(query, f)
		}
		got := fetched{out: outcome{Query: query, Items: googleItems(&resp), Total: len(resp.Claims)}, status: 200}
		if len(resp.Claims) > 0 && sink != nil {
			// The import writes to the local database; the provider timeout is not its budget.
			if imported = sink.AddGoogleClaims(ctx, body); imported != nil {
				got.noCache = true
			}
		}
		return got
	})
	return out, cached, googleMeta(out, cached, sink != nil, imported)
}

// googleItems lists each review of each claim as evidence; the reviews are what a reader can open.
func googleItems(resp *googleResponse) []analysis.Evidence {
	var items []analysis.Evidence
	for _, c := range resp.Claims {
		claim := truncate(plainText(c.Text), 300)
		for _, rv := range c.ClaimReview {
			link := safeURL(rv.URL)
			if link == "" {
				continue
			}
			title := plainText(rv.Title)
			if title == "" {
				title = claim
			}
			var detail []string
			if rating := truncate(plainText(rv.TextualRating), 120); rating != "" {
				detail = append(detail, fmt.Sprintf("Rated %q", rating))
			}
			if pub := publisherName(rv.Publisher.Name, rv.Publisher.Site); pub != "" {
				detail = append(detail, "by "+pub)
			}
			if d := datePart(rv.ReviewDate); d != "" {
				detail = append(detail, "on "+d)
			}
			snippet := "Claim: " + claim
			if who := plainText(c.Claimant); who != "" {
				snippet += " (claimed by " + who + ")"
			}
			items = append(items, analysis.Evidence{
				Provider: ProviderGoogle, Title: truncate(title, 200), URL: link,
				Snippet: snippet, Detail: strings.Join(detail, " "),
			})
			if len(items) == googlePageSize {
				return items
			}
		}
	}
	return items
}

// publisherName prefers the publisher's name and adds its site when both are known.
func publisherName(name, site string) string {
	name, site = plainText(name), plainText(site)
	switch {
	case name != "" && site != "" && !strings.EqualFold(name, site):
		return name + " (" + site + ")"
	case name != "":
		return name
	default:
		return site
	}
}

// datePart keeps the date of an RFC 3339 timestamp.
func datePart(ts string) string {
	if len(ts) >= 10 && ts[4] == '-' && ts[7] == '-' {
		return ts[:10]
	}
	return ""
}

// googleMeta words the Meta.Evidence entry.
func googleMeta(out outcome, cached, hasSink bool, importErr error) string {
	switch {
	case out.Failure != "":
		return metaLine(ProviderGoogle, unavailable("Google Fact Check Tools", out.Failure), cached)
	case out.Total == 0:
		return metaLine(ProviderGoogle, "no fact-checks found", cached)
	case importErr != nil:
		return metaLine(ProviderGoogle, fmt.Sprintf("%d fact-checked claim(s) found; adding them to the knowledge base failed", out.Total), false)
	case hasSink && !cached:
		return metaLine(ProviderGoogle, fmt.Sprintf("%d fact-checked claim(s) found and added to the knowledge base", out.Total), false)
	default:
		return metaLine(ProviderGoogle, fmt.Sprintf("%d fact-checked claim(s) found", out.Total), cached)
	}
}
