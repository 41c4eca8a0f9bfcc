package llm

import (
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/claimcheck/claimcheck/internal/analysis"
)

// alignment is the fake aligner's decision for one review.
type alignment struct {
	same   bool
	reason string
}

// fakeAligner answers SameClaim from a table; a URL missing from it is not indexed.
type fakeAligner struct {
	reviews map[string]alignment
	mu      sync.Mutex
	seen    []string
}

// SameClaim looks the review up and records the question.
func (f *fakeAligner) SameClaim(claim, lang, reviewURL string) (bool, string, bool) {
	f.mu.Lock()
	f.seen = append(f.seen, claim+"|"+lang+"|"+reviewURL)
	f.mu.Unlock()
	al, ok := f.reviews[reviewURL]
	return al.same, al.reason, ok
}

// calls returns the questions asked, in order.
func (f *fakeAligner) calls() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.seen...)
}

// answerWith is goodAnswer with some keys replaced; a nil value deletes the key, and "null" sets
// JSON null.
func answerWith(kv ...any) map[string]any {
	m := goodAnswer()
	for i := 0; i < len(kv); i += 2 {
		k := kv[i].(string)
		switch v := kv[i+1]; v {
		case nil:
			delete(m, k)
		case "null":
			m[k] = nil
		default:
			m[k] = v
		}
	}
	return m
}

// ownJudgement is an answer that rests on no fact-check: the model's own, undecided assessment.
func ownJudgement() map[string]any {
	m := answerWith("basis_fact_check", "null", "verdict", "belirsiz", "score", 50,
		"summary", "Bu iddiayı doğrulayan ya da yalanlayan bir inceleme yok.")
	m["reasons"].(map[string]any)["verdict"] = "No given fact-check states this claim; my own reading."
	return m
}

const lookAlikeReason = "different entity: 4G ≠ 5G"

func TestVerdictBasisGuard(t *testing.T) {
	aligned := func() *fakeAligner {
		return &fakeAligner{reviews: map[string]alignment{
			matchURL:     {same: true},
			lookAlikeURL: {same: false, reason: lookAlikeReason},
			refusedURL:   {same: true}, // disagrees with the offline guard, which refused it
		}}
	}
	cases := []struct {
		name    string
		aligner *fakeAligner // nil: no alignment check wired
		// unmatched makes the offline matcher find no fact-check stating the claim.
		unmatched bool
		answers   []map[string]any
		// wantRequests counts the model requests: 1, or 2 with a repair.
		wantRequests int
		// wantRepair are texts the repair request must contain.
		wantRepair []string
		// wantFallback, when set, is part of the fallback reason; the rest then does not apply.
		wantFallback string
		wantMethod   string
		wantDetail   []string
		wantVerdict  analysis.Verdict
		// wantConfident is the URL of the one Confident match, or "" for none.
		wantConfident string
		// wantRejected are the refusal reasons the result's matches must carry.
		wantRejected map[string]string
		wantChecks   []string
	}{
		{
			name: "named aligned fact-check", aligner: aligned(),
			answers:      []map[string]any{goodAnswer()},
			wantRequests: 1, wantMethod: "llm-fact-check", wantVerdict: analysis.VerdictFalse,
			wantDetail:    []string{"earlier fact-check by Teyit", matchURL, "confirmed states this same claim"},
			wantConfident: matchURL,
			wantChecks:    []string{matchURL},
		},
		{
			name: "named look-alike, repaired to own judgement", aligner: aligned(),
			answers:      []map[string]any{answerWith("basis_fact_check", lookAlikeURL), ownJudgement()},
			wantRequests: 2,
			wantRepair:   []string{"basis_fact_check names " + lookAlikeURL + ", a fact-check of a different claim (" + lookAlikeReason + ")", "must not be used", "do not use its verdict"},
			wantMethod:   "llm-judgement", wantVerdict: analysis.VerdictUnclear,
			wantDetail:    []string{"test-model's own assessment, not an earlier fact-check's", "did not base its verdict on an earlier fact-check"},
			wantRejected:  map[string]string{lookAlikeURL: lookAlikeReason, refusedURL: "key entities differ"},
			wantChecks:    []string{lookAlikeURL},
			wantConfident: "",
		},
		{
			name: "named look-alike, repaired to the aligned fact-check", aligner: aligned(),
			answers:      []map[string]any{answerWith("basis_fact_check", lookAlikeURL), goodAnswer()},
			wantRequests: 2, wantRepair: []string{lookAlikeReason},
			wantMethod: "llm-fact-check", wantVerdict: analysis.VerdictFalse, wantDetail: []string{matchURL},
			wantConfident: matchURL,
			wantRejected:  map[string]string{lookAlikeURL: lookAlikeReason},
			wantChecks:    []string{lookAlikeURL, matchURL},
		},
		{
			name: "named look-alike twice", aligner: aligned(),
			answers:      []map[string]any{answerWith("basis_fact_check", lookAlikeURL)},
			wantRequests: 2, wantRepair: []string{lookAlikeReason},
			wantFallback: "llm answer invalid after one repair attempt (basis_fact_check names " + lookAlikeURL + ", a fact-check of a different claim (" + lookAlikeReason + ")",
			wantChecks:   []string{lookAlikeURL, lookAlikeURL},
		},
		{
			name: "named fact-check the offline guard refused", aligner: aligned(),
			answers: []map[string]any{answerWith("basis_fact_check", refusedURL, "verdict", "belirsiz", "score", 50)},
			// The aligner says same, but the offline guard found a different claim: not trusted.
			wantRequests: 2, wantRepair: []string{"a fact-check of a different claim (key entities differ)"},
			wantFallback: "a fact-check of a different claim (key entities differ)",
			wantChecks:   []string{refusedURL, refusedURL},
		},
		{
			name: "null basis", aligner: aligned(),
			answers:      []map[string]any{ownJudgement()},
			wantRequests: 1, wantMethod: "llm-judgement", wantVerdict: analysis.VerdictUnclear,
			wantDetail:   []string{"test-model's own assessment, not an earlier fact-check's", "No given fact-check states this claim; my own reading."},
			wantRejected: map[string]string{lookAlikeURL: "", refusedURL: "key entities differ"},
		},
		{
			name: "null basis, nothing matched offline", aligner: aligned(), unmatched: true,
			answers:      []map[string]any{ownJudgement()},
			wantRequests: 1, wantMethod: "llm-judgement", wantVerdict: analysis.VerdictUnclear,
			wantDetail: []string{"test-model's own assessment, not an earlier fact-check's: no earlier fact-check in the knowledge base states this claim."},
		},
		{
			name: "missing basis counts as null", aligner: aligned(),
			answers:      []map[string]any{answerWith("basis_fact_check", nil)},
			wantRequests: 1, wantMethod: "llm-judgement", wantVerdict: analysis.VerdictFalse,
			wantDetail: []string{"own assessment"},
		},
		{
			name: "invented URL as basis", aligner: aligned(),
			answers:      []map[string]any{answerWith("basis_fact_check", "https://teyit.org/analiz/5g-uydurma")},
			wantRequests: 2, wantRepair: []string{`basis_fact_check "https://teyit.org/analiz/5g-uydurma" is not the url of one of the earlier fact-checks given`},
			wantFallback: "is not the url of one of the earlier fact-checks given",
		},
		{
			name: "invented URL repaired to own judgement", aligner: aligned(),
			answers:      []map[string]any{answerWith("basis_fact_check", "https://teyit.org/analiz/5g-uydurma"), ownJudgement()},
			wantRequests: 2, wantRepair: []string{"is not the url of one of the earlier fact-checks given"},
			wantMethod: "llm-judgement", wantVerdict: analysis.VerdictUnclear,
		},
		{
			name:         "no aligner wired",
			answers:      []map[string]any{goodAnswer()},
			wantRequests: 1, wantMethod: "llm-judgement", wantVerdict: analysis.VerdictFalse,
			wantDetail: []string{"own assessment, not an earlier fact-check's", "named the earlier fact-check " + matchURL,
				"no alignment check was available", "not presented as resting on it"},
		},
		{
			name: "named fact-check not indexed", aligner: &fakeAligner{reviews: map[string]alignment{}},
			answers:      []map[string]any{goodAnswer()},
			wantRequests: 1, wantMethod: "llm-judgement", wantVerdict: analysis.VerdictFalse,
			wantDetail: []string{"not in the knowledge base index"},
			wantChecks: []string{matchURL},
		},
		{
			name: "verdict differs from the named fact-check", aligner: aligned(),
			answers:      []map[string]any{answerWith("verdict", "dogru", "score", 80), goodAnswer()},
			wantRequests: 2, wantRepair: []string{"verdict dogru is not the verdict yanlis of the fact-check named in basis_fact_check"},
			wantMethod: "llm-fact-check", wantVerdict: analysis.VerdictFalse, wantConfident: matchURL,
			wantChecks: []string{matchURL, matchURL},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := Config{APIKey: testKey}
			if c.aligner != nil {
				cfg.Aligner = c.aligner
			}
			a, fs := newTestOffline(t, cfg, &fakeOffline{unmatched: c.unmatched}, func(n int, req chatRequest, w http.ResponseWriter, r *http.Request) {
				complete(w, mustJSON(t, c.answers[min(n, len(c.answers)-1)]), 100, 10)
			})
			r := analyze(t, a)

			reqs := fs.requests()
			if len(reqs) != c.wantRequests {
				t.Fatalf("%d requests, want %d", len(reqs), c.wantRequests)
			}
			if len(c.wantRepair) > 0 {
				msgs := reqs[1].Messages
				last := msgs[len(msgs)-1].Content
				for _, want := range c.wantRepair {
					if !strings.Contains(last, want) {
						t.Errorf("repair request lacks %q:\n%s", want, last)
					}
				}
			}
			if c.aligner != nil {
				var want []string
				for _, u := range c.wantChecks {
					want = append(want, testClaim+"|tr|"+u)
				}
				if got := c.aligner.calls(); strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Errorf("alignment checks = %q, want %q", got, want)
				}
			}

			if c.wantFallback != "" {
				checkOffline(t, r, c.wantFallback)
				return
			}
			if r.Analyzer != Name || r.Meta.Fallback != "" {
				t.Fatalf("want the model's answer, got analyzer %q fallback %q", r.Analyzer, r.Meta.Fallback)
			}
			if r.Verdict != c.wantVerdict {
				t.Errorf("verdict = %s, want %s", r.Verdict, c.wantVerdict)
			}
			vb := r.Basis[analysis.FieldVerdict]
			if !vb.Assessed || vb.Method != c.wantMethod {
				t.Errorf("verdict basis = %+v, want method %s", vb, c.wantMethod)
			}
			for _, want := range c.wantDetail {
				if !strings.Contains(vb.Detail, want) {
					t.Errorf("verdict basis detail lacks %q: %q", want, vb.Detail)
				}
			}
			if c.wantMethod == MethodLLMJudgement && strings.Contains(vb.Detail, "confirmed states this same claim") {
				t.Errorf("own judgement presented as a fact-check: %q", vb.Detail)
			}
			// Every other field the model set keeps the plain model label.
			for _, f := range []string{analysis.FieldScore, analysis.FieldSummary, analysis.FieldScienceScore, analysis.FieldCategory} {
				if b := r.Basis[f]; b.Method != MethodLLM {
					t.Errorf("basis %s = %+v, want method %s", f, b, MethodLLM)
				}
			}
			if len(r.Matches) != len(offlineMatches) {
				t.Fatalf("%d matches, want %d", len(r.Matches), len(offlineMatches))
			}
			for i, m := range r.Matches {
				if m.Confident != (m.URL == c.wantConfident) {
					t.Errorf("match %s confident = %v, want only %q confident", m.URL, m.Confident, c.wantConfident)
				}
				if want, ok := c.wantRejected[m.URL]; ok && m.Rejected != want {
					t.Errorf("match %s rejected = %q, want %q", m.URL, m.Rejected, want)
				}
				if m.URL != offlineMatches[i].URL || m.Verdict != offlineMatches[i].Verdict {
					t.Errorf("match %d = %+v; the matches stay offline's", i, m)
				}
			}
		})
	}
	if offlineMatches[0].Confident != true || offlineMatches[1].Rejected != "" {
		t.Error("the result changed the offline analyzer's shared matches")
	}
}

func TestBasisFactCheckField(t *testing.T) {
	given := offlineMatches[:2]
	for _, c := range []struct {
		name, raw string
		checks    []analysis.Match
		wantURL   string
		wantIndex int
		problem   string
	}{
		{name: "missing", raw: "", checks: given, wantIndex: -1},
		{name: "null", raw: "null", checks: given, wantIndex: -1},
		{name: "null spelled as a string", raw: `"None"`, checks: given, wantIndex: -1},
		{name: "empty string", raw: `" "`, checks: given, wantIndex: -1},
		{name: "exact URL", raw: `"` + lookAlikeURL + `"`, checks: given, wantURL: lookAlikeURL, wantIndex: 1},
		{name: "same page, other spelling", raw: `"http://www.teyit.org/analiz/5g-koronavirus/"`, checks: given, wantURL: matchURL, wantIndex: 0},
		{name: "a fact-check not in the prompt", raw: `"` + refusedURL + `"`, checks: given, wantIndex: -1,
			problem: "is not the url of one of the earlier fact-checks given"},
		{name: "extended URL", raw: `"` + matchURL + `/devami"`, checks: given, wantIndex: -1,
			problem: "is not the url of one of the earlier fact-checks given"},
		{name: "none given", raw: `"` + matchURL + `"`, wantIndex: -1, problem: "no earlier fact-check was given; it must be null"},
		{name: "not a string", raw: `["` + matchURL + `"]`, checks: given, wantIndex: -1, problem: "must be the url of one of the earlier fact-checks given, or null"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var p []string
			u, i := basisFactCheck([]byte(c.raw), c.checks, &p)
			if u != c.wantURL || i != c.wantIndex {
				t.Errorf("basis = %q #%d, want %q #%d", u, i, c.wantURL, c.wantIndex)
			}
			switch {
			case c.problem == "" && len(p) > 0:
				t.Errorf("problems %q, want none", p)
			case c.problem != "" && (len(p) != 1 || !strings.Contains(p[0], c.problem)):
				t.Errorf("problems %q, want one naming %q", p, c.problem)
			}
		})
	}
}

func TestPromptWithoutMatchesAsksForNullBasis(t *testing.T) {
	off := offlineResult()
	off.Matches = nil
	if p := userPrompt(analysis.Input{Claim: testClaim}, off); !strings.Contains(p, "basis_fact_check must be null") {
		t.Errorf("prompt without fact-checks does not ask for a null basis:\n%s", p)
	}
}
