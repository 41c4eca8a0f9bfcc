package viewmodel

import (
	"os"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/i18n"
)

// TestMatcherSentencesInTurkish checks that the matcher's stored English sentences read in
// Turkish on Turkish pages with their variable parts localized (a nested refusal reason, the
// verdict's name, the decimal comma), and stay as stored on English pages.
func TestMatcherSentencesInTurkish(t *testing.T) {
	b, err := i18n.NewBundle()
	if err != nil {
		t.Fatal(err)
	}
	tr, en := b.Localizer(i18n.TR), b.Localizer(i18n.EN)
	stored := `No earlier fact-check states this claim (closest by BM25 retrieval: "Smoking causes lung cancer.", similarity 0.61; the claim alignment refused it: different subject: tea ≠ smoking) among 40 fact-checks in the knowledge base, so the verdict is belirsiz: the offline analyzer never invents one.`
	if got := BasisDetailIn(en, stored); got != stored {
		t.Errorf("English page changed the stored sentence: %q", got)
	}
	got := BasisDetailIn(tr, stored)
	for _, want := range []string{"farklı özne: tea ≠ smoking", "benzerlik 0,61", "40 doğrulamanın", "“Smoking causes lung cancer.”"} {
		if !strings.Contains(got, want) {
			t.Errorf("Turkish sentence lacks %q: %q", want, got)
		}
	}
	matched := `Matched: "Aşılar otizme neden olur." (publisher unknown), similarity 0.83; the claim alignment found it states the same claim (subject, predicate, objects, names, numbers and negation agree). The verdict is the fact-check's rating mapped onto the four verdicts (yanlis).`
	got = BasisDetailIn(tr, matched)
	for _, want := range []string{"yayıncı bilinmiyor", "(Yanlış)", "benzerlik 0,83"} {
		if !strings.Contains(got, want) {
			t.Errorf("Turkish match sentence lacks %q: %q", want, got)
		}
	}
	lang := "Turkish evidence 4.0 from 4 of 4 words (aşılar, otizme, neden, olur); runner-up English 0.5"
	if got = BasisDetailIn(tr, "Undetermined (und). Too close to call: "+lang+"; the winner needs 1.5× the runner-up."); got != "Belirlenemedi (und). Sonuç çok yakın: Türkçe lehine kanıt 4,0, 4 sözcüğün 4 tanesinden (aşılar, otizme, neden, olur); ikinci sırada İngilizce, 0,5; kazananın ikinciye göre 1,5 kat önde olması gerekiyor." {
		t.Errorf("language evidence in Turkish: %q", got)
	}
	r, inLang := reasonInLang(tr, relatedMatch{Different: true, Reason: "opposite meaning (more/less: the claim says high, the fact-check lower)"})
	if !inLang || r != "karşıt anlam (fazla/az: iddia “high” diyor, doğrulama “lower”)" {
		t.Errorf("refusal reason in Turkish: %q (%v)", r, inLang)
	}
}

// TestScriptEvidenceInTurkish runs the offline language detector on claims written in Greek, in
// Hebrew and in a mix of scripts, and checks that its evidence reads in Turkish on Turkish pages:
// the sentence, the script's name and the language's name, with the Turkish percent sign first.
func TestScriptEvidenceInTurkish(t *testing.T) {
	b, err := i18n.NewBundle()
	if err != nil {
		t.Fatal(err)
	}
	tr := b.Localizer(i18n.TR)
	off, err := analysis.NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		claim string
		want  []string
	}{
		{"Τα εμβόλια προκαλούν αυτισμό", []string{"Yunanca: harflerin %100 kadarı Yunan alfabesinde", "yalnızca Yunanca kullanıyor"}},
		{"החיסונים גורמים לאוטיזם", []string{"İbranice: harflerin %100 kadarı İbrani alfabesinde"}},
		{"Vaccines вызывают αυτισμό", []string{"Belirlenemedi (und). Karışık alfabeler: en sık görülen", "harflerin yalnızca %"}},
	} {
		res, err := off.Analyze(t.Context(), analysis.Input{Claim: tc.claim})
		if err != nil {
			t.Fatal(err)
		}
		stored := res.Basis[analysis.FieldLanguage].Detail
		got := BasisDetailIn(tr, stored)
		for _, want := range tc.want {
			if !strings.Contains(got, want) {
				t.Errorf("%q: Turkish evidence %q lacks %q (stored %q)", tc.claim, got, want, stored)
			}
		}
		for _, english := range []string{"letters", "script", "Mixed", "Greek", "Hebrew", "uses"} {
			if strings.Contains(got, english) {
				t.Errorf("%q: English %q left in %q", tc.claim, english, got)
			}
		}
	}
}

// TestBasisDetailCasedPerLanguage checks that a translated basis sentence gets its first letter
// upper-cased by the page's language's rules (a Turkish i becomes İ), while the stored English
// shown on an English page keeps the English rule.
func TestBasisDetailCasedPerLanguage(t *testing.T) {
	b, err := i18n.NewBundle()
	if err != nil {
		t.Fatal(err)
	}
	stored := analysis.FieldBasis{Assessed: false, Method: "source", Detail: "Not assessed: instagram.com is a platform where anyone can post, " +
		"so the rating of the platform says little about who posted this claim; this account or page is not rated separately."}
	for _, tc := range []struct {
		lang i18n.Lang
		want string
	}{
		{i18n.TR, "İnstagram.com herkesin paylaşım yapabildiği bir platform"},
		{i18n.EN, "Instagram.com is a platform where anyone can post"},
	} {
		got := basisView(b.Localizer(tc.lang), stored, true).Detail
		if !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s: detail %q, want it to start %q", tc.lang, got, tc.want)
		}
	}
}

// TestStarterPublisherInTurkish checks that the starter knowledge base, the project's own
// fact-checks, is named in Turkish in the sentences that cite it, and that the name the test
// expects is the one the starter file uses.
func TestStarterPublisherInTurkish(t *testing.T) {
	b, err := i18n.NewBundle()
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile("../../internal/knowledge/starter/starter.json")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(raw), `"`+starterPublisher+`"`) {
		t.Fatalf("the starter knowledge base no longer names its publisher %q", starterPublisher)
	}
	tr := b.Localizer(i18n.TR)
	for _, stored := range []string{
		"According to Claimcheck starter knowledge base (source: https://doi.org/10.1002/x): Aşılar otizme yol açmaz.",
		`Matched: "Aşılar otizme neden olur." (Claimcheck starter knowledge base, rated "Yanlış"), similarity 1.00; the claim alignment found it states the same claim (subject, predicate, objects, names, numbers and negation agree). The verdict is the fact-check's rating mapped onto the four verdicts (yanlis).`,
	} {
		got := BasisDetailIn(tr, stored)
		if !strings.Contains(got, "Claimcheck başlangıç bilgi tabanı") || strings.Contains(got, "starter knowledge base") {
			t.Errorf("%q in Turkish: %q", stored, got)
		}
	}
}
