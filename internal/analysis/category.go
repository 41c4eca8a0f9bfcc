package analysis

import (
	"context"
	"fmt"
	"sort"
	"strings"
)

// categoryHit is one lexicon entry found in a claim.
type categoryHit struct {
	entry *lexEntry
	// form is the lexicon form that matched, as written there.
	form string
}

// categoryResult is the outcome of the keyword vote.
type categoryResult struct {
	Slug   string
	Score  int
	Hits   []categoryHit // hits for the winning category, in claim order
	Scores map[string]int
	// Tied is set when another category had the same score and lost on the fixed order.
	Tied bool
}

// categorize scores each category by the weights of the distinct lexicon entries found in the
// claim (an entry counts once however often it appears, so repetition cannot win a vote) and picks
// the highest; ties go to the category listed first in Categories. Turkish forms are looked up in a
// Turkish claim, English keywords in an English one, and both when the language is anything else.
func (lx *lexicon) categorize(toks []token, lang string) categoryResult {
	useTR, useEN := lang != "en", lang != "tr"
	seen := map[*lexEntry]bool{}
	var hits []categoryHit
	add := func(r matchRule) {
		if r.entry.Category == "" || seen[r.entry] {
			return
		}
		seen[r.entry] = true
		hits = append(hits, categoryHit{entry: r.entry, form: r.form})
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.Kind != kindWord {
			continue
		}
		if useTR {
			if r, n, _, ok := lx.matchPhrase(toks, i); ok && r.entry.Category != "" {
				add(r)
				i += n - 1
				continue
			}
			if m, ok := lx.matchTurkishToken(t); ok {
				add(m.rule)
				continue
			}
		}
		if useEN {
			if r, ok := lx.matchEnglishToken(t); ok {
				add(r)
			}
		}
	}
	res := categoryResult{Slug: CategoryOther, Scores: map[string]int{}}
	for _, h := range hits {
		res.Scores[h.entry.Category] += h.entry.Weight
	}
	for _, c := range Categories {
		if s := res.Scores[c.Slug]; s > res.Score {
			res.Slug, res.Score = c.Slug, s
		}
	}
	for slug, sc := range res.Scores {
		if slug != res.Slug && sc == res.Score {
			res.Tied = true
		}
	}
	for _, h := range hits {
		if h.entry.Category == res.Slug {
			res.Hits = append(res.Hits, h)
		}
	}
	return res
}

// categoryStage sets Category.
type categoryStage struct{ lx *lexicon }

// Name identifies the stage in errors.
func (categoryStage) Name() string { return "category" }

// Apply files the claim under a topic from the lexicon; it needs Language, so it runs after the
// language stage.
func (s categoryStage) Apply(_ context.Context, in Input, r *Result) error {
	res := s.lx.categorize(r.tokens(in.Claim), r.Language)
	r.Category = res.Slug
	if res.Slug == CategoryOther {
		r.Basis[FieldCategory] = FieldBasis{Assessed: true, Method: MethodLexicon,
			Detail: "No topic keyword of the Turkish/English lexicon matched, so the category is other."}
		return nil
	}
	var forms []string
	for _, h := range res.Hits {
		forms = append(forms, h.form)
	}
	r.note(FieldCategory, "keywords: "+strings.Join(forms, ", "))
	detail := fmt.Sprintf("keywords: %s → %s", strings.Join(forms, ", "), res.Slug)
	var others []string
	for slug, sc := range res.Scores {
		if slug != res.Slug {
			others = append(others, fmt.Sprintf("%s %d", slug, sc))
		}
	}
	sort.Strings(others)
	detail += fmt.Sprintf(" (weighted score %d", res.Score)
	if len(others) > 0 {
		detail += "; also " + strings.Join(others, ", ")
	}
	detail += ")"
	if res.Tied {
		detail += "; tie broken by the fixed category order (health, science, environment, technology, economy, politics, society, history, sports)"
	}
	r.Basis[FieldCategory] = FieldBasis{Assessed: true, Method: MethodLexicon, Detail: detail}
	return nil
}
