package analysis

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The analyzers store their basis sentences in English: that is what the APIs send and what rows
// written before translation hold. basisTexts is the one place that says which message of the
// site's message files (internal/i18n, ids "basis.text.<Key>") says each of them in another
// language, with the variable parts captured by name into the message's data. A sentence no
// pattern matches is shown as stored (TestEveryFixedReasonHasAMessage keeps the fixed ones here).
type basisText struct {
	// Key is the message id under basis.text.
	Key string
	// Pattern matches the whole sentence, with its first letter lower-cased (pages cut "Not
	// assessed:" off the front and upper-case what follows).
	Pattern *regexp.Regexp
}

// q quotes a fixed sentence for a pattern.
func q(s string) string { return regexp.QuoteMeta(lowerFirst(s)) }

// basisTexts lists the sentences in the order they are tried.
var basisTexts = []basisText{
	{"no_source", regexp.MustCompile(`^` + q("No source URL was given, so there is no outlet to rate.") + `$`)},
	{"ratings_missing", regexp.MustCompile(`^domain ratings are not installed \((?P<Path>[^)]*)\); see README, "Datasets"\.$`)},
	{"source_unusable", regexp.MustCompile(`^the source URL could not be used: (?P<Err>.*)\.$`)},
	{"source_unrated", regexp.MustCompile(`^(?P<Name>.+?) is not in the Lin et al\. 2023 ratings \(absence is not a judgement; coverage of Turkish outlets is thin\)\.$`)},
	{"source_ip", regexp.MustCompile(`^the source is given by IP address \((?P<Host>[^)]*)\), which the Lin et al\. 2023 ratings do not cover \(absence is not a judgement\)\.$`)},
	{"platform_rated", regexp.MustCompile(`^(?P<Host>\S+) is a platform where anyone can post, so the rating of the platform says little about who posted this claim \(Lin et al\. 2023 rate (?P<Platform>\S+) as a whole at (?P<PC1>[0-9.]+)\); this account or page is not rated separately\.$`)},
	{"platform", regexp.MustCompile(`^(?P<Host>\S+) is a platform where anyone can post, so the rating of the platform says little about who posted this claim; this account or page is not rated separately\.$`)},
	{"source_rated", regexp.MustCompile(`^source: (?P<Via>.+) rated (?P<PC1>[0-9.]+) \(pc1, 0 = lowest and 1 = highest news-domain quality\) by (?P<Cite>.+); score = round\(pc1 × 100\) = (?P<Score>\d+)\.$`)},
	{"science_offline", regexp.MustCompile(`^` + q(cutLead(reasonScience)) + `$`)},
	{"academic_offline", regexp.MustCompile(`^` + q(cutLead(reasonAcademic)) + `$`)},
	{"public_offline", regexp.MustCompile(`^` + q(cutLead(reasonPublic)) + `$`)},
	{"no_stage", regexp.MustCompile(`^` + q("No stage of this analyzer measures it.") + `$`)},
	{"no_stage_language", regexp.MustCompile(`^` + q("No stage detects the language.") + `$`)},
	{"no_stage_category", regexp.MustCompile(`^` + q("No stage assigns a category.") + `$`)},
	{"no_stage_query", regexp.MustCompile(`^` + q("No stage builds a search query.") + `$`)},
	{"undecided", regexp.MustCompile(`^` + q("No evidence that decides a verdict was found.") + `$`)},
	{"undecided_offline", regexp.MustCompile(`^` + q(offlineUndecided) + `$`)},
	{"undecided_score", regexp.MustCompile(`^` + q(undecidedScoreRule) + `$`)},
	{"summary_composed", regexp.MustCompile(`^` + q("Composed from the basis of the other fields: what was assessed, and what was not and why.") + `$`)},
	{"category_other", regexp.MustCompile(`^` + q("No topic keyword of the Turkish/English lexicon matched, so the category is other.") + `$`)},
	{"category_keywords", regexp.MustCompile(`^keywords: (?P<Words>.+?) → (?P<Slug>[a-z]+) \(weighted score (?P<Score>\d+)(?:; also (?P<Also>[^)]*))?\)(?P<Tie>; tie broken by the fixed category order .*)?$`)},
	{"science_no_match", regexp.MustCompile(`^` + q("No earlier fact-check matched the claim, and nothing else offline measures agreement with scientific knowledge.") + `$`)},
	{"language_no_letters", regexp.MustCompile(`^` + q("No letters to go on (only numbers or symbols).") + `$`)},
	{"according_source", regexp.MustCompile(`(?s)^according to (?P<Who>.+?) \(source: (?P<URL>\S+)\): (?P<Text>.*)$`)},
	{"according_url", regexp.MustCompile(`(?s)^according to (?P<Who>.+?) \((?P<URL>https?://\S+)\): (?P<Text>.*)$`)},
	{"according", regexp.MustCompile(`(?s)^according to (?P<Who>.+?): (?P<Text>.*)$`)},
	{"language_unknown_script", regexp.MustCompile(`^` + q("Written in a script this detector does not know.") + `$`)},
}

// cutLead is a reason without its "Not assessed…:" status words.
func cutLead(s string) string {
	if _, rest, ok := strings.Cut(s, ": "); ok && strings.HasPrefix(s, "Not assessed") {
		return rest
	}
	return s
}

// lowerFirst lower-cases the first letter, so a sentence matches whether or not a page has
// upper-cased it.
func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToLower(r)) + s[n:]
}

// BasisMessage finds the message that says a stored basis sentence (or a "Not enough evidence to
// decide" summary) in the site's languages: its id, without the "basis.text." prefix, and the
// data it fills in. ok is false for a sentence no pattern knows.
func BasisMessage(detail string) (key string, data map[string]any, ok bool) {
	s := lowerFirst(strings.TrimSpace(detail))
	for _, bt := range basisTexts {
		m := bt.Pattern.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		data = map[string]any{}
		for i, name := range bt.Pattern.SubexpNames() {
			if name != "" {
				data[name] = m[i]
			}
		}
		return bt.Key, data, true
	}
	return "", nil, false
}
