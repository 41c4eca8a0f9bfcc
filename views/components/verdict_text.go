package components

import (
	"context"

	"github.com/claimcheck/claimcheck/internal/i18n"
)

// knownVerdict reports whether slug is one of the four verdicts the message files name.
func knownVerdict(slug string) bool {
	switch slug {
	case VerdictTrue, VerdictPartly, VerdictFalse, VerdictUncertain:
		return true
	}
	return false
}

// VerdictLabel is the verdict's Turkish name (the same in both languages: readers know the
// verdicts by these words); an unknown slug shows the stored label.
func VerdictLabel(ctx context.Context, v Verdict) string {
	if knownVerdict(v.Slug) {
		return i18n.T(ctx, "verdict."+v.Slug+".label")
	}
	return v.Label
}

// VerdictMeaning is "Gloss: explanation" in the page's language.
func VerdictMeaning(ctx context.Context, v Verdict) string {
	if knownVerdict(v.Slug) {
		return i18n.T(ctx, "verdict."+v.Slug+".meaning")
	}
	return v.Meaning
}

// VerdictExplanation is the plain explanation shown beside the badge, in the page's language.
func VerdictExplanation(ctx context.Context, v Verdict) string {
	if knownVerdict(v.Slug) {
		return i18n.T(ctx, "verdict."+v.Slug+".explanation")
	}
	return v.Explanation
}

// verdictGloss is the short English name beside the Turkish label on English pages; Turkish
// pages need none.
func verdictGloss(ctx context.Context, v Verdict) string {
	if i18n.LangOf(ctx) != i18n.EN {
		return ""
	}
	if knownVerdict(v.Slug) {
		return i18n.T(ctx, "verdict."+v.Slug+".gloss")
	}
	return v.English
}
