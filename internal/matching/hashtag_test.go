package matching

import (
	"slices"
	"testing"
)

// TestSegmentTag holds how a hashtag is cut into the words the lexicon knows, and the tags left
// uncut (one word, digits, letters no lexicon knows).
func TestSegmentTag(t *testing.T) {
	// "otizm" is in no dictionary of the lexicon: a fact-check of the index has it.
	ix := lexIndex(t, review("u:autism-tr", "Aşılar otizme neden olur.", "tr", "yanlis"))
	for _, c := range []struct {
		tag, lex string
		want     []string
	}{
		{"vaccinescauseautism", "en", []string{"vaccines", "cause", "autism"}},
		{"flatearth", "en", []string{"flat", "earth"}},
		{"aşıotizmyapar", "tr", []string{"aşı", "otizm", "yapar"}},
		{"DünyaDüzdür", "tr", []string{"dünya", "düzdür"}},
		{"chemtrails", "en", nil},
		{"5Gkills", "en", nil},
		{"xqzvbrtplk", "en", nil},
	} {
		if got := ix.segmentTag(c.tag, c.lex); !slices.Equal(got, c.want) {
			t.Errorf("segmentTag(%q, %s) = %q, want %q", c.tag, c.lex, got, c.want)
		}
	}
}

// TestSameClaimHashtagPost holds that a post that is little more than a hashtag states its claim
// in the hashtag, while a hashtag beside a claim stated in words stays a tag and another claim in a
// hashtag is still refused.
func TestSameClaimHashtagPost(t *testing.T) {
	ix := lexIndex(t,
		review("u:autism", "Vaccines cause autism.", "en", "yanlis"),
		review("u:autism-tr", "Aşılar otizme neden olur.", "tr", "yanlis"),
		review("u:flat-tr", "Dünya düzdür.", "tr", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"#vaccinescauseautism the evidence is everywhere", "en", "u:autism", ""},
		{"#vaccinescauseallergies the evidence is everywhere", "en", "u:autism", "different"},
		{"#aşıotizmyapar çocuklarımızı koruyun", "tr", "u:autism-tr", ""},
		{"#DünyaDüzdür gerçekleri görün", "tr", "u:flat-tr", ""},
		{"#DünyaYuvarlaktır gerçekleri görün", "tr", "u:flat-tr", "different"},
		{"Aşılar alerji yapar, çocuklarınızı koruyun #aşıotizmyapar", "tr", "u:autism-tr", "different"},
		// A hashtag that names a topic is no statement: the post's own claim is another one.
		{"Ay düzdür #düzdünya", "tr", "u:flat-tr", "different"},
	})
}
