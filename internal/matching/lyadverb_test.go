package matching

import (
	"slices"
	"testing"
)

// TestSameClaimLyAdverbs holds that an English post may say the fact-check's degree with another
// "-ly" adverb whose adjective WordNet puts in one synset with the fact-check's (lyadverb.go):
// "fully" for "completely" (full / complete); while a lesser degree ("partly", "partially") or
// another quality is still refused.
func TestSameClaimLyAdverbs(t *testing.T) {
	ix := lexIndex(t,
		review("u:btc", "Bitcoin transactions are completely anonymous and untraceable.", "en", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Bitcoin payments are fully anonymous and can't be traced", "en", "u:btc", ""},
		{"Bitcoin transactions are fully anonymous and untraceable", "en", "u:btc", ""},
		{"Bitcoin transactions are partially anonymous and untraceable", "en", "u:btc", "different"},
		{"Bitcoin transactions are partly anonymous and untraceable", "en", "u:btc", "different"},
		{"Bitcoin transactions are barely anonymous and untraceable", "en", "u:btc", "different"},
		{"Bitcoin transactions are legally anonymous and untraceable", "en", "u:btc", "different"},
	})
}

// TestLyBases holds the adjectives an "-ly" adverb is read back to, and that short words
// ending in "ly" ("only", "early", "daily") give none.
func TestLyBases(t *testing.T) {
	for _, c := range []struct {
		adverb string
		want   string
	}{
		{"completely", "complete"}, {"fully", "full"}, {"happily", "happy"}, {"simply", "simple"},
		{"basically", "basic"}, {"mainly", "main"},
	} {
		if got := lyBases(c.adverb); !slices.Contains(got, c.want) {
			t.Errorf("lyBases(%q) = %v, want it to hold %q", c.adverb, got, c.want)
		}
	}
	for _, w := range []string{"only", "early", "fly", "daily"} {
		if got := lyBases(w); len(got) > 0 {
			t.Errorf("lyBases(%q) = %v, want none", w, got)
		}
	}
}
