package matching

import "testing"

// TestWordForm holds the post's words the index does not know read as the fact-check's word they
// are a form of (clipping.go and wordform.go): an English clipping ("vit" for "vitamin") and a Turkish word the
// stemmer cuts too far when written bare ("sonsuz" cut to "sons"). Without the rule each
// rewording shares too little with its fact-check to reach the retrieval floor. The look-alikes
// naming another subject or saying another thing of it stay refused.
func TestWordForm(t *testing.T) {
	checkTaken(t, []takenCase{
		{"Vit C keeps colds away 🍊", "en", "vitamin-c-colds-en"},
		{"taking vit C stops you catching colds", "en", "vitamin-c-colds-en"},
		{"Kainat sonsuz mu?", "tr", "universe-infinite-tr"},
		// Look-alikes: another vitamin, another disease, another thing said of it.
		{"vit D keeps colds away", "en", ""},
		{"vit C stops you catching flu", "en", ""},
		{"vit C cures cancer", "en", ""},
		{"Okyanus sonsuz mu?", "tr", ""},
		{"Kainat genişliyor mu?", "tr", ""},
	})
}
