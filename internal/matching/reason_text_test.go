package matching

import (
	"context"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/i18n"
)

// reasonMessage checks that a stored matcher sentence maps to the message key want, that the
// key has a Turkish message, and that the English message says the sentence back word for word
// (so the table and the matcher cannot drift apart).
func reasonMessage(t *testing.T, tr map[string][]string, stored, want string) {
	t.Helper()
	key, data, ok := analysis.BasisMessage(stored)
	if !ok || key != want {
		t.Errorf("%q: key %q (%v), want %q", stored, key, ok, want)
		return
	}
	if _, found := tr["basis.text."+key]; !found {
		t.Errorf("basis.text.%s has no Turkish message", key)
	}
	en := i18n.From(context.Background())
	if got := en.TData("basis.text."+key, data); got != stored && !strings.EqualFold(got[:1], stored[:1]) || got[1:] != stored[1:] {
		t.Errorf("the English message %s says\n%q\nbut the matcher stores\n%q", key, got, stored)
	}
}

// TestEveryReasonShapeHasAMessage runs SameClaim on claim pairs that reach each refusal the
// decision can give, and builds the stage's match and no-match sentences, and finds a message
// for each: Turkish pages show them in Turkish while what is stored and sent by the API stays.
func TestEveryReasonShapeHasAMessage(t *testing.T) {
	tr, err := i18n.Messages(i18n.TR)
	if err != nil {
		t.Fatal(err)
	}
	ix := lexIndex(t,
		review("u:vax", "Vaccines cause autism.", "en", "yanlis"),
		review("u:boil", "Su deniz seviyesinde 100 derecede kaynar.", "tr", "dogru"),
		review("u:wall", "Çin Seddi uzaydan çıplak gözle görülebilir.", "tr", "yanlis"),
		review("u:capital", "Türkiye'nin başkenti İstanbul'dur.", "tr", "yanlis"),
		review("u:altitude", "Water boils at a lower temperature at high altitude.", "en", "dogru"),
		review("u:smoking", "Smoking causes lung cancer.", "en", "dogru"),
		review("u:flat", "Dünya düzdür.", "tr", "yanlis"),
		review("u:sugar", "Sugar makes children hyperactive.", "en", "yanlis"),
		review("u:nz", "New Zealand was the first country to give women the vote.", "en", "dogru"),
		review("u:eat", "Eating carrots improves your eyesight.", "en", "kismen"),
		review("u:passive", "Penicillin was discovered by Alexander Fleming.", "en", "dogru"),
		review("u:gold", "Altının fiyatı hiçbir zaman düşmez.", "tr", "yanlis"),
		review("u:brain", "İnsanlar beyinlerinin yalnızca yüzde 10'unu kullanır.", "tr", "yanlis"),
		review("u:viral", "Antibiotics cure viral infections.", "en", "yanlis"),
	)
	for _, c := range []struct{ claim, lang, url, key string }{
		{"Drinking tea causes lung cancer", "en", "u:smoking", "reason_subject"},
		{"Su 50 derecede kaynar", "tr", "u:boil", "reason_number"},
		{"Beynimizin %90'ını kullanırız", "tr", "u:brain", "reason_number"},
		{"Mars'tan Çin Seddi görünür", "tr", "u:wall", "reason_entity_unstated"},
		{"Türkiye'nin başkenti Ankara'dır", "tr", "u:capital", "reason_entity"},
		{"Water boils at a higher temperature at high altitude", "en", "u:altitude", "reason_opposite_group"},
		{"Eating carrots damages your eyesight", "en", "u:eat", "reason_opposite_group"},
		{"Vaccines cure autism", "en", "u:vax", "reason_opposite_group"},
		{"New Zealand was the last country to give women the vote", "en", "u:nz", "reason_opposite"},
		{"Dünya düz değil", "tr", "u:flat", "reason_negated_claim"},
		{"Altının fiyatı düşer", "tr", "u:gold", "reason_negated_check"},
		{"Sugar makes children sleepy", "en", "u:sugar", "reason_object"},
		{"Sugar makes adults hyperactive", "en", "u:sugar", "reason_detail"},
		{"Penicillin discovered Alexander Fleming", "en", "u:passive", "reason_subject_agent"},
		{"Eating carrots improves your eyesight more than glasses", "en", "u:eat", "reason_claim_unstated"},
		{"Smoking kills", "en", "u:smoking", "reason_subject_only"},
		{"vaccines cause it", "en", "u:vax", "reason_pronoun_object"},
		{"Vaccines cause autism, that's not true", "en", "u:vax", "reason_denied"},
		{"Antibiotics cure infections", "en", "u:viral", "reason_broader"},
	} {
		same, reason, known := ix.SameClaim(c.claim, c.lang, c.url)
		if !known || same {
			t.Errorf("%q vs %s: same=%v known=%v, want a refusal", c.claim, c.url, same, known)
			continue
		}
		reasonMessage(t, tr, reason, c.key)
	}
	// Shapes the pairs above do not reach, written as decide.go and index.go write them.
	for _, c := range []struct{ stored, key string }{
		{"different predicate: grows ≠ shrinks", "reason_predicate"},
		{"different number: the claim says tip 1, the fact-check does not", "reason_number_unstated"},
		{"opposite meaning (with/without: the claim says with, the fact-check without)", "reason_opposite_group"},
		{"not about the same claim", "reason_not_same"},
		{"different subject: diabetes states şeker hastalığına, not Şeker", "reason_subject_states"},
		{"different subject: the claim says It where the fact-check says Vaccines", "reason_pronoun_subject"},
		{"different entity: the claim says it where the fact-check says HPV", "reason_pronoun_entity"},
		{"different predicate: the claim says that where the fact-check says cause", "reason_pronoun_predicate"},
		{"different detail: the claim says that where the fact-check says lungs", "reason_pronoun_detail"},
	} {
		reasonMessage(t, tr, c.stored, c.key)
	}
	// The stage's sentences: a confident match's bases and the no-match verdict.
	rated := &ReviewDoc{Claim: "Aşılar otizme neden olur.", Publisher: "Teyit", RatingText: "Yanlış", Verdict: analysis.VerdictFalse,
		HasRating: true, RatingValue: 2, WorstRating: 1, BestRating: 5, Category: "health", URL: "https://teyit.org/x"}
	plain := &ReviewDoc{Claim: "Vaccines cause autism.", Verdict: analysis.VerdictTrue, Category: "politics"}
	// A match held to the retrieval floor by a clause names both similarities (similarityPhrase).
	byClause := similarityPhrase(Candidate{Similarity: 0.2104, pieceSim: 0.3417, pieceStates: true,
		piece: `Aşılar otizme yol açıyormuş, "araştırın"`})
	for i, d := range []*ReviewDoc{rated, plain, rated} {
		m := matchedSentence(d, similarityPhrase(Candidate{Similarity: 0.8312}))
		if i == 2 {
			m = matchedSentence(d, byClause)
		}
		_, rule := ReviewScore(d)
		scoreKey := "match_score_midpoint"
		if d.HasRating {
			scoreKey = "match_score_rated"
		}
		reasonMessage(t, tr, m+". The verdict is the fact-check's rating mapped onto the four verdicts ("+string(d.Verdict)+").", "match_verdict")
		reasonMessage(t, tr, m+". "+rule, scoreKey)
		reasonMessage(t, tr, "The matched fact-check's own explanation, attributed to its publisher and linked ("+d.URL+").", "match_summary")
	}
	reasonMessage(t, tr, strings.TrimPrefix(notScientific(plain), "Not assessed offline: "), "match_not_science")
	reasonMessage(t, tr, strings.TrimPrefix(notScientific(&ReviewDoc{}), "Not assessed offline: "), "match_no_category")
	ixScience := lexIndex(t, review("u:vax", "Vaccines cause autism.", "en", "yanlis"))
	refused := ixScience.Search("Antibiotics cause autism", "en", 3)
	if len(refused) == 0 || refused[0].Rejected == "" {
		t.Fatalf("no refused candidate: %s", fmtCands(refused))
	}
	reasonMessage(t, tr, undecidedDetail(refused, DefaultThreshold, 1), "nomatch_refused")
	floor := []Candidate{{Review: &ReviewDoc{Claim: "Vaccines cause autism."}, Similarity: 0.41}}
	reasonMessage(t, tr, undecidedDetail(floor, DefaultThreshold, 12), "nomatch_floor")
	reasonMessage(t, tr, undecidedDetail(nil, DefaultThreshold, 12), "nomatch")
	for _, s := range []string{"too little in common with this claim to be checked against it",
		"a closer fact-check states a different claim, so this one is not taken"} {
		key := map[string]string{"too": "reason_too_little", "a c": "reason_closer"}[s[:3]]
		reasonMessage(t, tr, s, key)
	}
}
