package matching

import "testing"

// TestExceptOnly holds exceptonly.go: "no X except Y" (and "Y dışında hiçbir X") states "Y is
// the only X", "every X except Y" is its opposite, and without the exception the negation still
// denies the claim; the exception's own word is compared as any other part.
func TestExceptOnly(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"exceptOnly", "No man-made structure except the Great Wall can be seen from space with the naked eye", "en", "great-wall-space-en", ""},
		{"exceptOnly", "No man-made structure besides the Great Wall is visible from space with the naked eye", "en", "great-wall-space-en", ""},
		{"exceptOnly", "Çin Seddi dışında hiçbir insan yapısı uzaydan çıplak gözle görülemez", "tr", "great-wall-space-tr", ""},
		{"exceptOnly", "No man-made structure can be seen from space with the naked eye", "en", "great-wall-space-en", "negation differs"},
		{"exceptOnly", "Every man-made structure except the Great Wall can be seen from space with the naked eye", "en", "great-wall-space-en", "opposite meaning: except ≠ only"},
		{"exceptOnly", "Çin Seddi dışında her insan yapısı uzaydan çıplak gözle görülebilir", "tr", "great-wall-space-tr", "opposite meaning"},
		{"exceptOnly", "No man-made structure except the pyramids can be seen from space with the naked eye", "en", "great-wall-space-en", "different"},
		{"exceptOnly", "Hiçbir insan yapısı uzaydan çıplak gözle görülemez", "tr", "great-wall-space-tr", "negation differs"},
		// No restriction in the fact-check: the exception does not flip it.
		{"exceptOnly", "Evrende Dünya dışında hiçbir yerde yaşam yoktur", "tr", "alien-life-tr", "negation differs"},
	})
}

// TestScanClausesHyphenated holds that a post with an English hyphenated compound the lexicon
// joins into one token ("man-made") keeps its clause numbers (claimparts.go scanClauses):
// counted on the joined tokens they did not line up, and every clause-reading rule lost the post.
func TestScanClausesHyphenated(t *testing.T) {
	ix := starterIndex(t)
	toks, ids := ix.scanClauses("The man-made wall is visible, but only from orbit", "en")
	if ids == nil || len(ids) != len(toks) {
		t.Fatalf("scanClauses: %d tokens, clause ids %v", len(toks), ids)
	}
	want := map[string]int{"man-made": 0, "wall": 0, "visible": 0, "only": 1, "orbit": 1}
	for i, tok := range toks {
		if c, ok := want[tok.text]; ok && ids[i] != c {
			t.Errorf("token %q in clause %d, want %d", tok.text, ids[i], c)
		}
		delete(want, tok.text)
	}
	if len(want) > 0 {
		t.Errorf("tokens not scanned as written: %v", want)
	}
}
