package matching

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/models"
)

// review builds a review for tests.
func review(url, claim, lang, verdict string) *models.Review {
	return &models.Review{URL: url, ClaimReviewed: claim, Language: lang, Verdict: verdict, Publisher: "Test Checkers",
		ReviewBody: "Explanation of " + claim, UpdatedAt: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
}

func TestStemsMeet(t *testing.T) {
	for _, group := range [][]string{
		{"aşılar", "aşıların", "aşı", "ASILAR", "asilarin"},
		{"otizme", "otizm", "otizmin", "OTİZM"},
		{"kanserine", "kanser", "kanseri"},
		{"yanlış", "yanlis", "YANLIŞ"},
		{"kaynar", "kaynamaz"},
	} {
		want := trStem(analysisFold(group[0]))
		for _, w := range group[1:] {
			if got := trStem(analysisFold(w)); got != want {
				t.Errorf("%q stems to %q, %q to %q", w, got, group[0], want)
			}
		}
	}
	for _, pair := range [][2]string{{"vaccines", "vaccine"}, {"causes", "cause"}, {"caused", "cause"}, {"studies", "study"}} {
		if enStem(pair[0]) != enStem(pair[1]) {
			t.Errorf("%q and %q stem differently: %q %q", pair[0], pair[1], enStem(pair[0]), enStem(pair[1]))
		}
	}
	// The privative is not inflection: "önemsiz" is not "önemli".
	if trStem("onemsiz") == trStem("onemli") {
		t.Error("önemsiz and önemli stem alike")
	}
}

// analysisFold is FoldTurkish, spelt out so the test reads as the rule it checks.
func analysisFold(s string) string { return analysis.FoldTurkish(s) }

func TestAnalyzeTextKeepsNegationsAndNumbers(t *testing.T) {
	for _, c := range []struct {
		text, lang string
		negated    bool
		nums       []string
	}{
		{"Aşılar otizme neden olur", "tr", false, nil},
		{"Aşılar otizme neden olmaz", "tr", true, nil},
		{"Aşı otizm yapmaz", "tr", true, nil},
		{"Sigara kanser değildir", "tr", true, nil},
		{"Bunun hiçbir kanıtı yok", "tr", true, nil},
		{"Vaccines do not cause autism", "en", true, nil},
		{"Mac computers cant get viruses", "en", true, nil},
		{"Lightning never strikes twice", "en", true, []string{"2"}},
		{"Su 100 derecede kaynar", "tr", false, []string{"100"}},
		{"Beynimizin yüzde 10unu kullanırız", "tr", false, []string{"10"}},
		{"Dünya 4,5 milyar yaşında", "tr", false, []string{"4.5"}},
		{"The Earth is 4.5 billion years old", "en", false, []string{"4.5"}},
		{"Maraton 42,195 km", "tr", false, []string{"42.195|42195"}},
		{"5G spreads COVID-19", "en", false, nil},
	} {
		info := analyzeText(c.text, c.lang)
		if info.negated != c.negated {
			t.Errorf("%q: negated = %v", c.text, info.negated)
		}
		if fmt.Sprint(info.nums) != fmt.Sprint(c.nums) && !(len(info.nums) == 0 && len(c.nums) == 0) {
			t.Errorf("%q: numbers %q, want %q", c.text, info.nums, c.nums)
		}
	}
	// Stopwords go, negations stay out of the words but set the polarity, content stays.
	info := analyzeText("Aşılar otizme neden olmaz ve bu bir efsanedir", "tr")
	if strings.Contains(strings.Join(info.words, " "), "bir") || !contains(info.words, "asi") || !contains(info.words, "otizm") {
		t.Errorf("words %q", info.words)
	}
	if !contains(info.concepts, "vaccin") || !contains(info.concepts, "autism") || !contains(info.concepts, "caus") {
		t.Errorf("concepts %q", info.concepts)
	}
}

func TestNumbersMeet(t *testing.T) {
	for _, c := range []struct {
		a, la, b, lb string
		meet         bool
	}{
		{"3,5", "tr", "3.5", "en", true},
		{"%10", "tr", "10%", "en", true},
		{"50.000", "tr", "50,000", "en", true},
		{"42,195", "tr", "42.195", "en", true},
		{"100", "tr", "50", "tr", false},
		{"1989'da", "tr", "1989", "en", true},
	} {
		if got := numbersMeet(numberKey(c.a, c.la), numberKey(c.b, c.lb)); got != c.meet {
			t.Errorf("%s (%s) and %s (%s): meet = %v", c.a, c.la, c.b, c.lb, got)
		}
	}
}

// TestDecision holds the same-claim decision on look-alikes of each kind, with the part that
// differs first in the reason (contract C4), and on rewordings it must accept.
func TestDecision(t *testing.T) {
	ix := lexIndex(t,
		review("u:vax-tr", "Aşılar otizme neden olur.", "tr", "yanlis"),
		review("u:vax-en", "Vaccines cause autism.", "en", "yanlis"),
		review("u:boil", "Su deniz seviyesinde 100 derecede kaynar.", "tr", "dogru"),
		review("u:wall", "Çin Seddi uzaydan çıplak gözle görülebilir.", "tr", "yanlis"),
		review("u:capital", "Türkiye'nin başkenti İstanbul'dur.", "tr", "yanlis"),
		review("u:berlin", "Berlin Duvarı 1989'da yıkıldı.", "tr", "dogru"),
		review("u:altitude", "Water boils at a lower temperature at high altitude.", "en", "dogru"),
		review("u:vitc", "Vitamin C prevents colds.", "en", "kismen"),
		review("u:web", "The World Wide Web was invented by Tim Berners-Lee at CERN.", "en", "dogru"),
		review("u:goldfish", "Goldfish have a three-second memory.", "en", "yanlis"),
		review("u:pluto", "Plüton Güneş sisteminin dokuzuncu gezegenidir.", "tr", "yanlis"),
		review("u:breakfast", "Kahvaltı günün en önemli öğünüdür.", "tr", "belirsiz"),
		review("u:sleep", "Adults should sleep at least seven hours a night.", "en", "dogru"),
		review("u:smoking", "Smoking causes lung cancer.", "en", "dogru"),
		review("u:flat", "Dünya düzdür.", "tr", "yanlis"),
		review("u:gold", "Altının fiyatı hiçbir zaman düşmez.", "tr", "yanlis"),
		review("u:brain", "İnsanlar beyinlerinin yalnızca yüzde 10'unu kullanır.", "tr", "yanlis"),
		review("u:marathon", "The official marathon distance is 42.195 kilometres.", "en", "dogru"),
	)
	for _, c := range []struct {
		claim, lang, url, reason string // reason "" = accepted; else a substring of Rejected
	}{
		{"Aşılar otizme neden olur", "tr", "u:vax-tr", ""},
		{"arkadaşlar dikkat!! aşılar otizme neden oluyormuş, bunu herkes bilsin", "tr", "u:vax-tr", ""},
		{"Aşılar otizme neden olmaz", "tr", "u:vax-tr", "negation differs"},
		{"Aşılar otizme yol açmaz", "tr", "u:vax-tr", "negation differs"},
		{"Aşılar otizme neden olmaz değil", "tr", "u:vax-tr", ""},
		{"Vaccines do not cause autism", "en", "u:vax-en", "negation differs"},
		{"Vaccines don't cause autism", "en", "u:vax-en", "negation differs"},
		{"Antibiotics cause autism", "en", "u:vax-en", "different subject: antibiotics ≠ vaccines"},
		{"Su deniz seviyesinde 100 derecede kaynar", "tr", "u:boil", ""},
		{"Su 50 derecede kaynar", "tr", "u:boil", "different number: 50 ≠ 100"},
		{"Çin Seddi uzaydan görülür", "tr", "u:wall", ""},
		{"Mars'tan Çin Seddi görünür", "tr", "u:wall", "different entity"},
		{"Türkiye'nin başkenti Ankara'dır", "tr", "u:capital", "different entity: Ankara'dır ≠ İstanbul'dur"},
		{"Berlin Duvarı 1961'de yıkıldı", "tr", "u:berlin", "different number: 1961 ≠ 1989"},
		{"Berlin Duvarı yıkıldı", "tr", "u:berlin", ""},
		{"Water boils at a higher temperature at high altitude", "en", "u:altitude", "opposite"},
		{"Vitamin C causes colds", "en", "u:vitc", "opposite"},
		{"The World Wide Web was invented by Tim Berners-Lee", "en", "u:web", ""},
		{"The World Wide Web was invented by Bill Gates at CERN", "en", "u:web", "different entity"},
		{"Goldfish have excellent long-term memory", "en", "u:goldfish", "different number"},
		{"Plüton Güneş sisteminin en büyük gezegenidir", "tr", "u:pluto", "büyük ≠ dokuzuncu"},
		{"Kahvaltı günün en önemsiz öğünüdür", "tr", "u:breakfast", "negation differs"},
		// Bounds on numbers are grammar: "not less than" is "at least"; "less than" is not.
		{"Grown-ups shouldn't sleep less than seven hours a night", "en", "u:sleep", ""},
		{"Adults should sleep less than seven hours a night", "en", "u:sleep", "negation differs"},
		// A reason names the differing heads as the claims write them.
		{"Drinking tea causes lung cancer", "en", "u:smoking", "different subject: tea ≠ smoking"},
		// "X değil, Y" states Y; "dümdüz" is "düz" said with emphasis.
		{"Dünya yuvarlak değil, dümdüz!!!", "tr", "u:flat", ""},
		{"Dünya düz değil, yuvarlaktır", "tr", "u:flat", "düz"},
		{"Dünya düz değil", "tr", "u:flat", "negation differs"},
		// Not using 90 percent is using 10 percent; using 90 percent is not.
		{"Beynimizin %90'ını kullanmıyoruz", "tr", "u:brain", ""},
		{"Beynimizin %90'ını kullanırız", "tr", "u:brain", "different number: %90 ≠ 10"},
		// A clause of advice states no fact; the claim beside it still must.
		{"Altın asla düşmez, alın kenara koyun #altın", "tr", "u:gold", ""},
		{"Gümüşün fiyatı hiçbir zaman düşmez, alın kenara koyun", "tr", "u:gold", "gümüşün"},
		// One unit in two sizes.
		{"A marathon is officially 42,195 metres", "en", "u:marathon", ""},
		{"A marathon is officially 42 metres", "en", "u:marathon", "different number"},
	} {
		cands := ix.Search(c.claim, c.lang, 5)
		var got *Candidate
		for i := range cands {
			if cands[i].Review.URL == c.url {
				got = &cands[i]
			}
		}
		if got == nil {
			t.Errorf("%q: %s not among candidates%s", c.claim, c.url, fmtCands(cands))
			continue
		}
		switch {
		case c.reason == "" && got.Rejected != "":
			t.Errorf("%q: refused (%s), want accepted", c.claim, got.Rejected)
		case c.reason != "" && !strings.Contains(got.Rejected, c.reason):
			t.Errorf("%q: rejected %q, want %q (similarity %.2f)", c.claim, got.Rejected, c.reason, got.Similarity)
		}
	}
}

func TestBM25RankingAndSimilarity(t *testing.T) {
	ix := NewIndex()
	ix.Upsert(review("u:a", "Aşılar otizme neden olur.", "tr", "yanlis"))
	ix.Upsert(review("u:b", "Aşılar kısırlığa neden olur.", "tr", "yanlis"))
	ix.Upsert(review("u:c", "Sigara akciğer kansarine neden olur.", "tr", "dogru"))
	for i := 0; i < 20; i++ { // make "neden olur" common, as it is in a real knowledge base
		ix.Upsert(review(fmt.Sprintf("u:x%d", i), fmt.Sprintf("Konu %d başka bir şeye neden olur.", i), "tr", "yanlis"))
	}
	cs := ix.Search("asilar otizme neden oluyor", "tr", 3)
	if len(cs) == 0 || cs[0].Review.URL != "u:a" {
		t.Fatalf("want u:a first:%s", fmtCands(cs))
	}
	if cs[0].Similarity < 0.7 || len(cs) > 1 && cs[1].Similarity >= cs[0].Similarity {
		t.Errorf("similarities not ordered or too low:%s", fmtCands(cs))
	}
	// The rare word decides: "otizm" outweighs the common "neden olur".
	if len(cs) > 1 && cs[1].Review.URL != "u:b" {
		t.Errorf("want u:b (shares aşı) second:%s", fmtCands(cs))
	}
	// Identical text is similarity 1; unrelated text is far below the threshold.
	if cs := ix.Search("Aşılar otizme neden olur.", "tr", 1); len(cs) == 0 || cs[0].Similarity < 0.999 {
		t.Errorf("identical claim:%s", fmtCands(cs))
	}
	if cs := ix.Search("Yarın İstanbul'da kuvvetli yağış bekleniyor", "tr", 1); len(cs) > 0 && cs[0].Similarity >= DefaultThreshold {
		t.Errorf("unrelated claim matched:%s", fmtCands(cs))
	}
	// A misspelt word still finds its review.
	if cs := ix.Search("Aşılar otzime nedn olur", "tr", 1); len(cs) == 0 || cs[0].Review.URL != "u:a" || cs[0].Similarity < DefaultThreshold {
		t.Errorf("typo:%s", fmtCands(cs))
	}
	// Across languages, through the glossary's concepts.
	if cs := ix.Search("Vaccines cause autism", "en", 1); len(cs) == 0 || cs[0].Review.URL != "u:a" || cs[0].Similarity < DefaultThreshold {
		t.Errorf("cross-language:%s", fmtCands(cs))
	}
}

func TestUpsertReplacesAndSkips(t *testing.T) {
	ix := NewIndex()
	ix.Upsert(review("u:1", "Aşılar otizme neden olur.", "tr", "yanlis"))
	ix.Upsert(review("u:1", "Sigara kansere neden olur.", "tr", "dogru"))
	if ix.Len() != 1 {
		t.Fatalf("len %d after replace", ix.Len())
	}
	if cs := ix.Search("aşılar otizm", "tr", 3); len(cs) > 0 && cs[0].Similarity > 0.3 {
		t.Errorf("old text still found:%s", fmtCands(cs))
	}
	if cs := ix.Search("sigara kansere neden olur", "tr", 1); len(cs) == 0 || cs[0].Review.Verdict != analysis.VerdictTrue {
		t.Errorf("new text not found:%s", fmtCands(cs))
	}
	// A review that maps to no verdict cannot decide anything: it is dropped (and its old version).
	ix.Upsert(review("u:1", "Sigara kansere neden olur.", "tr", ""))
	if ix.Len() != 0 {
		t.Errorf("len %d after an unusable update", ix.Len())
	}
	// Compaction keeps results right after many replacements.
	for i := 0; i < 3000; i++ {
		ix.Upsert(review("u:x", fmt.Sprintf("Deneme iddiası %d", i), "tr", "yanlis"))
	}
	if cs := ix.Search("Deneme iddiası 2999", "tr", 1); ix.Len() != 1 || len(cs) == 0 || cs[0].Similarity < 0.99 {
		t.Errorf("after compaction len %d:%s", ix.Len(), fmtCands(cs))
	}
}

func TestConcurrentSearchAndUpsert(t *testing.T) {
	ix := NewIndex()
	for i := 0; i < 50; i++ {
		ix.Upsert(review(fmt.Sprintf("u:%d", i), fmt.Sprintf("Aşılar %d hastalığa neden olur", i), "tr", "yanlis"))
	}
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(2)
		go func() {
			defer wg.Done()
			for i := 0; i < 100; i++ {
				ix.Search("aşılar hastalığa neden olur", "tr", 3)
			}
		}()
		go func() {
			defer wg.Done()
			for i := 0; i < 100; i++ {
				ix.Upsert(review(fmt.Sprintf("u:%d", i%70), fmt.Sprintf("Aşılar %d hastalık yapar", i), "tr", "yanlis"))
			}
		}()
	}
	wg.Wait()
	if ix.Len() != 70 {
		t.Errorf("len %d, want 70", ix.Len())
	}
}

// fakeSource is a ReviewSource over a slice, ordered by UpdatedAt like the store.
type fakeSource struct {
	mu      sync.Mutex
	reviews []*models.Review
	fail    error
}

// Each calls fn for reviews updated at or after since.
func (s *fakeSource) Each(ctx context.Context, since time.Time, fn func(*models.Review) error) error {
	s.mu.Lock()
	rs, fail := append([]*models.Review(nil), s.reviews...), s.fail
	s.mu.Unlock()
	if fail != nil {
		return fail
	}
	for _, r := range rs {
		if !r.UpdatedAt.Before(since) {
			if err := fn(r); err != nil {
				return err
			}
		}
	}
	return nil
}

func TestLoadAndFollow(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	a := review("u:a", "Aşılar otizme neden olur.", "tr", "yanlis")
	a.UpdatedAt = t0
	src := &fakeSource{reviews: []*models.Review{a}}
	ix := NewIndex()
	newest, err := Load(context.Background(), src, ix)
	if err != nil || ix.Len() != 1 || !newest.Equal(t0) {
		t.Fatalf("load: %v len %d newest %v", err, ix.Len(), newest)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { Follow(ctx, src, ix, newest, 5*time.Millisecond); close(done) }()
	b := review("u:b", "Sigara kansere neden olur.", "tr", "dogru")
	b.UpdatedAt = t0.Add(time.Minute)
	src.mu.Lock()
	src.reviews = append(src.reviews, b)
	src.mu.Unlock()
	deadline := time.Now().Add(2 * time.Second)
	for ix.Len() < 2 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if ix.Len() != 2 {
		t.Errorf("follow did not pick up the new review: len %d", ix.Len())
	}
	cancel()
	<-done
	src.fail = errors.New("database down")
	if _, err := Load(context.Background(), src, NewIndex()); err == nil || !strings.Contains(err.Error(), "database down") {
		t.Errorf("load error not wrapped: %v", err)
	}
}

func TestReviewScore(t *testing.T) {
	f := func(v float64) float64 { return v }
	for _, c := range []struct {
		verdict            analysis.Verdict
		has                bool
		value, best, worst float64
		want               int
	}{
		{analysis.VerdictFalse, true, f(1), 5, 1, 10},
		{analysis.VerdictFalse, true, f(2), 5, 1, 30},
		{analysis.VerdictPartly, true, f(3), 5, 1, 50},
		{analysis.VerdictTrue, true, f(5), 5, 1, 90},
		{analysis.VerdictPartly, true, f(4), 5, 1, 65}, // kept inside the kismen band
		{analysis.VerdictTrue, false, 0, 0, 0, 90},
		{analysis.VerdictFalse, false, 0, 0, 0, 10},
		{analysis.VerdictUnclear, false, 0, 0, 0, 50},
	} {
		d := &ReviewDoc{Verdict: c.verdict, HasRating: c.has, RatingValue: c.value, BestRating: c.best, WorstRating: c.worst}
		if got, rule := ReviewScore(d); got != c.want || rule == "" {
			t.Errorf("%+v: score %d (%s), want %d", c, got, rule, c.want)
		}
	}
}

func TestStageConfidentAndUndecided(t *testing.T) {
	off, err := analysis.NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	ix := NewIndex()
	one, five, worst := 1.0, 5.0, 1.0
	rating := "Yanlış"
	cat := "health"
	r := review("https://example.org/fc/asi-otizm", "Aşılar otizme neden olur.", "tr", "yanlis")
	r.RatingValue, r.BestRating, r.WorstRating, r.TextualRating, r.Category = &one, &five, &worst, &rating, &cat
	r.ReviewBody = "Büyük çalışmalar aşılar ile otizm arasında bir bağlantı bulmamıştır."
	ix.Upsert(r)
	a, err := NewAnalyzer(off, ix)
	if err != nil {
		t.Fatal(err)
	}
	if a.Name() != analysis.OfflineName || a.Version() != Version {
		t.Errorf("name %q version %q", a.Name(), a.Version())
	}
	res, err := a.Analyze(context.Background(), analysis.Input{Claim: "Aşı olmak çocuklarda otizme yol açıyor"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != analysis.VerdictFalse || res.Score != 10 || res.ScienceScore != 10 || res.PublicScore != 50 {
		t.Errorf("verdict %s score %d science %d public %d", res.Verdict, res.Score, res.ScienceScore, res.PublicScore)
	}
	if !strings.HasPrefix(res.Summary, "According to Test Checkers (https://example.org/fc/asi-otizm): Büyük çalışmalar") {
		t.Errorf("summary %q", res.Summary)
	}
	if b := res.Basis[analysis.FieldVerdict]; !b.Assessed || b.Method != MethodMatch || !strings.Contains(b.Detail, "Matched: \"Aşılar otizme neden olur.\"") || !strings.Contains(b.Detail, "similarity 0.") {
		t.Errorf("verdict basis %+v", b)
	}
	if b := res.Basis[analysis.FieldPublicScore]; b.Assessed {
		t.Errorf("public score assessed: %+v", b)
	}
	if len(res.Matches) != 1 || !res.Matches[0].Confident || res.Matches[0].URL != r.URL || res.Matches[0].Verdict != analysis.VerdictFalse {
		t.Errorf("matches %+v", res.Matches)
	}
	res, err = a.Analyze(context.Background(), analysis.Input{Claim: "Aşılar otizme neden olmaz"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != analysis.VerdictUnclear || res.Score != 50 {
		t.Errorf("negated claim: verdict %s score %d", res.Verdict, res.Score)
	}
	if d := res.Basis[analysis.FieldVerdict].Detail; !strings.Contains(d, "No earlier fact-check states this claim (closest") || !strings.Contains(d, "negation differs") {
		t.Errorf("undecided basis %q", d)
	}
	want := "Not enough evidence to decide (Belirsiz). Claimcheck found no earlier fact-check of this claim, so it cannot say whether it is true. " +
		"The closest fact-check is about a different claim (negation differs: the claim is negated, the fact-checked claim is not)."
	if res.Summary != want {
		t.Errorf("undecided summary %q", res.Summary)
	}
	for _, internal := range []string{"similarity", "BM25", "guard", "kb-match"} {
		if strings.Contains(res.Summary, internal) {
			t.Errorf("undecided summary uses the internal word %q: %q", internal, res.Summary)
		}
	}
	if len(res.Matches) != 1 || res.Matches[0].Confident || res.Matches[0].Rejected == "" {
		t.Errorf("refused match %+v", res.Matches)
	}
}

func TestGlossaryParses(t *testing.T) {
	g := loadGlossary()
	if len(g.words) < 200 {
		t.Errorf("glossary has %d words", len(g.words))
	}
	for w, want := range map[string]string{"karpuzla": "watermelon", "yumurtadan": "egg", "kitabi": "book"} {
		if !contains(g.lookup(w), want) {
			t.Errorf("%s → %q, want %s", w, g.lookup(w), want)
		}
	}
	if c := g.lookup("elma"); contains(c, "hand") {
		t.Errorf("elma read as el (hand): %q", c)
	}
	if _, err := parseGlossary([]byte("bozuk satır\n")); err == nil {
		t.Error("malformed line accepted")
	}
}

func TestLongTextsAreBounded(t *testing.T) {
	ix := NewIndex()
	long := strings.Repeat("Aşılar otizme neden olur ve sigara kansere yol açar. ", 400)
	ix.Upsert(review("u:long", long, "tr", "yanlis"))
	start := time.Now()
	cs := ix.Search(long, "tr", 3)
	if len(cs) != 1 || time.Since(start) > 2*time.Second {
		t.Errorf("long text: %d candidates in %s", len(cs), time.Since(start))
	}
}

// TestLoanword holds the reading of Turkish loanwords of English words, and that unrelated words
// of similar letters are not taken for them.
func TestLoanword(t *testing.T) {
	for _, c := range []struct {
		en, tr string
		want   bool
	}{
		{"autism", "otizm", true},
		{"cancer", "kanser", true},
		{"protocol", "protokol", true},
		{"hyperactive", "hiperaktif", true},
		{"bacteria", "bakteri", true},
		{"autism", "astim", false},
		{"cancer", "kaplan", false},
		{"vaccine", "vakit", false},
	} {
		if got := loanword(c.en, c.tr); got != c.want {
			t.Errorf("loanword(%q, %q) = %v (spelt %q), want %v", c.en, c.tr, got, turkishSpelling(c.en), c.want)
		}
	}
}

// TestSameClaimWithKeNet covers what the Turkish WordNet and compounds let the decision state,
// and the guards that keep a richer lexicon from letting a look-alike through.
func TestSameClaimWithKeNet(t *testing.T) {
	ix := lexIndex(t,
		review("u:vitc-tr", "C vitamini soğuk algınlığını önler.", "tr", "kismen"),
		review("u:vitc-en", "Vitamin C prevents colds.", "en", "kismen"),
		review("u:smoking-tr", "Sigara içmek akciğer kanserine yol açar.", "tr", "dogru"),
		review("u:smoking-en", "Smoking causes lung cancer.", "en", "dogru"),
		review("u:sugar", "Şeker yemek şeker hastalığına (diyabete) yol açar.", "tr", "kismen"),
		review("u:volcano-tr", "Volkanlar insanlardan daha fazla karbondioksit salar.", "tr", "yanlis"),
		review("u:volcano-en", "Volcanoes emit more carbon dioxide than humans do.", "en", "yanlis"),
		review("u:mrna", "mRNA aşıları insan DNA'sını değiştirir.", "tr", "yanlis"),
		review("u:dinos", "Humans and dinosaurs lived at the same time.", "en", "yanlis"),
		review("u:carrot", "Havuç yemek karanlıkta görmeyi güçlendirir.", "tr", "kismen"),
		review("u:basketball", "Basketball was invented by James Naismith in 1891.", "en", "dogru"),
		review("u:bulls", "Boğalar kırmızı renge öfkelenir.", "tr", "yanlis"),
		review("u:dinos-tr", "İnsanlar ve dinozorlar aynı dönemde yaşamıştır.", "tr", "yanlis"),
		review("u:meat", "Eating processed meat increases the risk of bowel cancer.", "en", "dogru"),
		review("u:eggs", "Kahverengi kabuklu yumurta beyaz kabuklu yumurtadan daha besleyicidir.", "tr", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		// A compound the lexicon knows is one unit: "nezle" is "soğuk algınlığı", within and
		// across languages.
		{"C vitamini nezleyi önler", "tr", "u:vitc-tr", ""},
		{"C vitamini nezleyi önler", "tr", "u:vitc-en", ""},
		{"Vitamin C prevents colds", "en", "u:vitc-tr", ""},
		{"Sigara içmek akciğer kanserine yol açar", "tr", "u:smoking-en", ""},
		{"Smoking causes lung cancer", "en", "u:smoking-tr", ""},
		{"Şeker yiyen şeker hastası olur", "tr", "u:sugar", ""}, // yiyen is yemek
		{"havuc yemek gece gorusunu guclendirir", "tr", "u:carrot", ""},
		// "more" before an adjective is the comparative Turkish says with "daha"; "less" differs.
		{"Brown eggs are more nutritious than white eggs", "en", "u:eggs", ""},
		{"Brown eggs are less nutritious than white eggs", "en", "u:eggs", "less"},
		// Active for passive with its agent: the subjects swap by grammar.
		{"James Naismith came up with basketball in 1891", "en", "u:basketball", ""},
		{"Basketball invented James Naismith in 1891", "en", "u:basketball", "agent"},
		// A converb clause of when is a detail the claim may add.
		{"Boğalar kırmızı rengi görünce sinirlenir", "tr", "u:bulls", ""},
		// A subject joined by "ve" is a subject, not a modifier: a post sharing only "kişi" with
		// it is about something else.
		{"Kadıköy'de trafik kazası meydana geldi, iki kişi yaralandı", "tr", "u:dinos-tr", "different"},
		// Across languages a translation relates by synonymy only: "eating" is "yemek", which is
		// also "food", but lemon water is not processed meat.
		{"Limonlu su kanser yapar", "tr", "u:meat", "different"},
		// Both subjects unstated: "çay içmek" read as a phrasal verb is still tea.
		{"Çay içmek akciğer kanserine yol açar", "tr", "u:smoking-en", "different subject: çay ≠ smoking"},
		// The flu is not a cold, though KeNet links "nezle" to influenza too.
		{"Vitamin C prevents the flu", "en", "u:vitc-tr", "different"},
		{"C vitamini gribi önler", "tr", "u:vitc-en", "different"},
		// Another modifier of the same head, in any languages.
		{"Smoking causes throat cancer", "en", "u:smoking-tr", "different detail: throat ≠ akciğer"},
		{"Sigara içmek mide kanserine yol açar", "tr", "u:smoking-en", "different detail: mide ≠ lung"},
		{"Smoking causes stomach cancer", "en", "u:smoking-en", "different detail: stomach ≠ lung"},
		// A phrase of the claim's own in the place of the fact-check's.
		{"Tatlandırıcı kullanmak şeker hastalığına yol açar", "tr", "u:sugar", "different"},
		{"İnsanlar ve mamutlar aynı dönemde yaşamıştır", "tr", "u:dinos", "different"},
		// A sibling of a compound's meaning is not the compound.
		{"Volkanlar insanlardan daha fazla kükürtdioksit salar", "tr", "u:volcano-en", "different"},
		{"Volkanlar insanlardan daha fazla karbondioksit salar", "tr", "u:volcano-en", ""},
		// Subject and complement of comparison swapped across languages.
		{"Humans emit more carbon dioxide than volcanoes", "en", "u:volcano-tr", "different subject"},
		// A number of its own while the fact-check's subject goes unstated.
		{"İnsanlar DNA'larının yalnızca yüzde 2'sini kullanır", "tr", "u:mrna", "different number"},
	})
	// A unit letter after a number, and the English article, are no identifiers.
	for _, c := range []struct{ claim, lang, want string }{
		{"Water boils at 100 °C", "en", ""},
		{"Water boils at 100°C", "en", ""},
		{"A doorway is the safest place", "en", ""},
		{"Hepatitis B is spread by blood", "en", "B"},
	} {
		var got []string
		for _, p := range ix.parseClaim(c.claim, c.lang).parts {
			if len([]rune(p.text)) == 1 && p.num == "" {
				got = append(got, p.text)
			}
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%q: single-letter parts %v, want %q", c.claim, got, c.want)
		}
	}
}
