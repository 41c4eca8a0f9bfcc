package analysis

import (
	"context"
	"testing"

	"github.com/claimcheck/claimcheck/internal/i18n"
)

// TestEveryFixedReasonHasAMessage checks that the sentences the analyzers store are found in the
// basis table, that their message exists, and that the English message says the stored sentence
// back word for word (so the two cannot drift apart).
func TestEveryFixedReasonHasAMessage(t *testing.T) {
	en := i18n.From(context.Background())
	msgs, err := i18n.Messages(i18n.TR)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		stored, key string
		exact       bool
	}{
		{cutLead(reasonScience), "science_offline", true},
		{cutLead(reasonAcademic), "academic_offline", true},
		{cutLead(reasonPublic), "public_offline", true},
		{offlineUndecided, "undecided_offline", true},
		{undecidedScoreRule, "undecided_score", true},
		{"No evidence that decides a verdict was found.", "undecided", true},
		{cutLead(notInstalledReason("/data/domain_pc1.csv")), "ratings_missing", true},
		{"No source URL was given, so there is no outlet to rate.", "no_source", true},
		{"Example.com.tr (and its domain example.com.tr) is not in the Lin et al. 2023 ratings (absence is not a judgement; coverage of Turkish outlets is thin).", "source_unrated", false},
		{"Source: bbc.co.uk rated 0.72 (pc1, 0 = lowest and 1 = highest news-domain quality) by Lin et al. 2023, PNAS Nexus; score = round(pc1 × 100) = 72.", "source_rated", true},
		{"X.com is a platform where anyone can post, so the rating of the platform says little about who posted this claim (Lin et al. 2023 rate x.com as a whole at 0.31); this account or page is not rated separately.", "platform_rated", true},
		{"keywords: aşı, otizm → health (weighted score 4; also science 1)", "category_keywords", false},
		{"According to Teyit (source: https://teyit.org/x): Aşılar otizme yol açmaz.", "according_source", true},
		{"Mixed scripts: the most common, Latin, has only 35% of the letters.", "language_mixed", true},
		{"Greek: 100% of the letters are Greek script, which among the languages detected here only Greek uses.", "language_script", false},
		{"Japanese: 90% of the letters are Japanese (kana with kanji) script, which among the languages detected here only Japanese uses.", "language_script", false},
		{"Something no table knows.", "", false},
	} {
		key, data, ok := BasisMessage(tc.stored)
		if key != tc.key || ok != (tc.key != "") {
			t.Errorf("%q: key %q (%v), want %q", tc.stored, key, ok, tc.key)
			continue
		}
		if !ok {
			continue
		}
		if _, found := msgs["basis.text."+key]; !found {
			t.Errorf("basis.text.%s is not in the Turkish messages", key)
		}
		if got := en.TData("basis.text."+key, data); tc.exact && lowerFirst(got) != lowerFirst(tc.stored) {
			t.Errorf("the English message of %s says\n%q\nbut the analyzer stores\n%q", key, got, tc.stored)
		}
	}
}

// TestVerdictInfoComesFromTheMessages checks the API's English verdict words.
func TestVerdictInfoComesFromTheMessages(t *testing.T) {
	for v, want := range map[Verdict][2]string{
		VerdictTrue:    {"Doğru", "True: the evidence supports the claim"},
		VerdictUnclear: {"Belirsiz", "Unverified: not enough evidence to decide either way"},
		"nonsense":     {"nonsense", "Unknown verdict"},
	} {
		if l, m := VerdictInfo(v); l != want[0] || m != want[1] {
			t.Errorf("VerdictInfo(%s) = %q, %q", v, l, m)
		}
	}
}
