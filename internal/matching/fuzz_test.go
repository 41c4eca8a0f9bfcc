package matching

import (
	"context"
	"testing"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/internal/analysis"
)

// FuzzSearch runs arbitrary posts through the decision against the starter knowledge base, and
// through the whole offline analysis: whatever a visitor pastes, they must answer rather than
// panic (a converb opening a post once indexed before its first word; a word of combining marks
// alone once indexed an empty string in the category lexicon). Run it with
// go test -run '^$' -fuzz FuzzSearch -fuzztime 60s ./internal/matching/.
func FuzzSearch(f *testing.F) {
	for _, seed := range []string{
		"Yiyip yatınca kilo alınır",
		"Aşılar otizme neden olurmuş 😱 #aşı",
		"5g kuleleri korona yayıyor diyolar, doğru mu?",
		"never forget: smoking causes lung cancer",
		"29 Ekim 1923'te ilan edildi",
		"yüzde onunu kullanıyormuşuz beynimizin",
		"Görünce",
		"?? !!! ...",
		"İ ı Ş ğ",
		"the the the of of",
		"'de'ki mı mi?",
		"1/4 = %25",
	} {
		f.Add(seed, "tr")
		f.Add(seed, "en")
	}
	ix := starterIndex(f)
	an := starterAnalyzer(f)
	f.Fuzz(func(t *testing.T, post, lang string) {
		if !utf8.ValidString(post) || len(post) > 600 {
			t.Skip()
		}
		switch lang {
		case "tr", "en", "und":
		default:
			lang = "und"
		}
		for _, c := range ix.Search(post, lang, 3) {
			if c.Similarity < 0 || c.Similarity > 1.0001 {
				t.Fatalf("Search(%q, %s): similarity %v out of [0, 1]", post, lang, c.Similarity)
			}
		}
		res, err := an.Analyze(context.Background(), analysis.Input{Claim: post})
		if err == nil && (res.Score < 0 || res.Score > 100) {
			t.Fatalf("Analyze(%q): score %d out of 0–100", post, res.Score)
		}
	})
}
