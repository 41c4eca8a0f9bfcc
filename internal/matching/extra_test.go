package matching

import (
	"context"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/internal/analysis"
)

// TestSameClaimNumberEnding holds a Turkish ending typed after a number without its apostrophe:
// straight after a percentage ("%10unu", "%20sini") and after a space ("1923 te"). Each is the
// number's ending, not a word of the claim's own; a different number is still refused.
func TestSameClaimNumberEnding(t *testing.T) {
	ix := lexIndex(t,
		review("u:brain", "İnsanlar beyinlerinin yalnızca yüzde 10'unu kullanır.", "tr", "yanlis"),
		review("u:amazon", "Amazon ormanları dünyadaki oksijenin yüzde 20'sini üretir.", "tr", "yanlis"),
		review("u:republic", "Türkiye Cumhuriyeti 29 Ekim 1923'te ilan edildi.", "tr", "dogru"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"beynimizin sadece %10unu kullaniyoruz", "tr", "u:brain", ""},
		{"amazon ormanlari dunyanin oksijeninin %20sini uretiyor", "tr", "u:amazon", ""},
		{"cumhuriyet 29 ekim 1923 te ilan edildi 🇹🇷", "tr", "u:republic", ""},
		{"beynimizin sadece %20sini kullaniyoruz", "tr", "u:brain", "different number"},
		{"cumhuriyet 29 ekim 1938 te ilan edildi", "tr", "u:republic", "different"},
	})
}

// TestPieceSimilarity holds that a post telling a story or giving advice around its claim
// reaches the retrieval floor through the clause that states the fact-check by itself (in
// either language: the cases name the fact-check without its language), while a
// clause that leaves a part of the fact-check out, or a post whose clauses state it only
// together, keeps the whole post's similarity and stays undecided.
func TestPieceSimilarity(t *testing.T) {
	a := starterAnalyzer(t)
	for _, c := range []struct{ claim, url string }{
		{"C vitamini nezleden koruyormuş, kışın bol portakal yiyin", "urn:claimcheck:starter:vitamin-c-colds-"},
		{"Kış boyunca her sabah C vitamini alıyorum, nezleye karşı koruyor diye", "urn:claimcheck:starter:vitamin-c-colds-"},
		{"there is life on europa, under the ice, NASA basically admitted it", ""},
		{"Dünyanın içi boşmuş, kutuplarda giriş varmış", ""},
		{"the universe is shaped like a donut, physicists said so", ""},
	} {
		checkConfidentMatch(t, a, c.claim, c.url)
	}
}

// checkConfidentMatch analyses claim and fails unless its confident match's URL starts with
// urlPrefix ("" for none), since the cases name a fact-check without its language.
func checkConfidentMatch(t *testing.T, a analysis.Analyzer, claim, urlPrefix string) {
	t.Helper()
	res, err := a.Analyze(context.Background(), analysis.Input{Claim: claim})
	if err != nil {
		t.Fatal(err)
	}
	got := ""
	for _, m := range res.Matches {
		if m.Confident {
			got = m.URL
		}
	}
	if urlPrefix == "" && got != "" || !strings.HasPrefix(got, urlPrefix) {
		t.Errorf("%q: confident match %q, want %q (%+v)", claim, got, urlPrefix, res.Matches)
	}
}

// TestNumberInWordsSimilarity holds a number written in several words ("two hundred and six")
// as one number in the similarity, as the decision reads it, so that a post writing the
// fact-check's number out reaches the retrieval floor; another number is still refused.
func TestNumberInWordsSimilarity(t *testing.T) {
	a := starterAnalyzer(t)
	for _, c := range []struct{ claim, url string }{
		{"A grown-up has two hundred and six bones", "urn:claimcheck:starter:human-bones-206-"},
		{"Grown-ups have two hundred and six bones", "urn:claimcheck:starter:human-bones-206-"},
		{"A grown-up has two hundred and twelve bones", ""},
	} {
		checkConfidentMatch(t, a, c.claim, c.url)
	}
}

// TestSameClaimDiscourseAfterClaim holds a discourse word after the claim ("anyway") and a
// question opened by "so who" as the poster's comment, not parts of the claim; a claim that
// changes the fact-check's part is still refused.
func TestSameClaimDiscourseAfterClaim(t *testing.T) {
	ix := lexIndex(t, review("u:plastic", "Most of the plastic we use gets recycled.", "en", "yanlis"))
	checkSameClaims(t, ix, []sameCase{
		{"most plastic gets recycled anyway so who cares", "en", "u:plastic", ""},
		{"I sort my bottles religiously, most of our plastic gets recycled anyway", "en", "u:plastic", ""},
		{"most glass gets recycled anyway so who cares", "en", "u:plastic", "different"},
	})
}

// TestSameClaimImperativeWithoutComma holds an imperative addressed to the reader after the
// claim with no comma between ("wake up sheeple") as no part of the claim, while a claim of its
// own before it is still compared ("hollow" for "flat").
func TestSameClaimImperativeWithoutComma(t *testing.T) {
	ix := lexIndex(t,
		review("u:flat", "The Earth is flat.", "en", "yanlis"),
		review("u:autism", "Vaccines cause autism.", "en", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"the earth is flat wake up sheeple", "en", "u:flat", ""},
		{"vaccines give kids autism wake up people", "en", "u:autism", ""},
		{"the earth is hollow wake up sheeple", "en", "u:flat", "different"},
	})
}

// TestSameClaimOneWord holds that a post of one word states no fact-check, whatever word of it
// the word meets ("help" for "… helps prevent …"), while one word with a number may ("Humans
// have only 5 senses": the number says what is counted).
func TestSameClaimOneWord(t *testing.T) {
	ix := lexIndex(t,
		review("u:hpv", "The HPV vaccine helps prevent cervical cancer.", "en", "dogru"),
		review("u:senses", "Humans have only five senses.", "en", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"help", "en", "u:hpv", "different claim"},
		{"helps", "en", "u:hpv", "different claim"},
		{"Humans have only 5 senses", "en", "u:senses", ""},
	})
}

// TestClauseSimilarityIsShown holds that a match held to the retrieval floor by a clause says so
// in its basis, with both similarities and the clause, while a match the whole post reaches
// names only the post's similarity: the basis shows the number the decision rests on.
func TestClauseSimilarityIsShown(t *testing.T) {
	a := starterAnalyzer(t)
	for _, c := range []struct{ claim, want, not string }{
		{"C vitamini nezleden koruyormuş, kışın bol portakal yiyin",
			`for the whole post and 0.30 for its clause "C vitamini nezleden koruyormuş", which states the fact-check by itself`, ""},
		{"the earth is flat wake up sheeple", "similarity 0.58;", "for its clause"},
	} {
		res, err := a.Analyze(context.Background(), analysis.Input{Claim: c.claim})
		if err != nil {
			t.Fatal(err)
		}
		detail := res.Basis[analysis.FieldVerdict].Detail
		if !strings.Contains(detail, c.want) || c.not != "" && strings.Contains(detail, c.not) {
			t.Errorf("%q: verdict basis %q, want it to say %q and not %q", c.claim, detail, c.want, c.not)
		}
	}
}
