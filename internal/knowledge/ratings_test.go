package knowledge

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/datasets"
	"github.com/claimcheck/claimcheck/internal/datasets/datasetstest"
	"github.com/claimcheck/claimcheck/models"
)

func f64(v float64) *float64 { return &v }

// TestMapRatingTable pins how fact-checkers' ratings read as verdicts. An empty want means the
// rating must be skipped (no verdict).
func TestMapRatingTable(t *testing.T) {
	const (
		T = analysis.VerdictTrue
		P = analysis.VerdictPartly
		F = analysis.VerdictFalse
		U = analysis.VerdictUnclear
	)
	cases := []struct {
		textual            string
		value, best, worst *float64
		want               analysis.Verdict
		xfact              bool // only the X-Fact maps know the words
	}{
		// The examples the issue and the brief name.
		{textual: "Mostly False", want: F},
		{textual: "YANLIŞ", want: F},
		{textual: "Yanlış", want: F},
		{textual: "Yanlis", want: F},
		{textual: "yanliş", want: F}, // teyit.org's own misspelling, in X-FACT
		{textual: "Karma", want: P},
		{textual: "Yanıltıcı", want: P},
		{textual: "YANILTICI", want: P},
		{textual: "Sonuçlandırılamadı", want: U},
		{textual: "SONUCLANDIRILAMADI", want: U},
		{textual: "Missing context", want: P},
		{textual: "Unproven", want: U},
		{textual: "Half true", want: P},
		{textual: "Half-True", want: P},
		{textual: "Pants on fire", want: F},
		{textual: "Pants on Fire!", want: F},
		{textual: "Satire", want: ""},
		{textual: "Explainer", want: ""},
		// Turkish.
		{textual: "Doğru", want: T},
		{textual: "DOĞRU", want: T},
		{textual: "dogru", want: T},
		{textual: "Kısmen doğru", want: P},
		{textual: "KISMEN DOĞRU", want: P},
		{textual: "Çoğunlukla doğru", want: T},
		{textual: "Çoğunlukla yanlış", want: F},
		{textual: "Büyük ölçüde yanlış", want: F},
		{textual: "Yarı doğru", want: P},
		{textual: "Kanıtlanamadı", want: U},
		{textual: "Doğrulanamadı", want: U},
		{textual: "Belirsiz", want: U},
		{textual: "Asılsız", want: F},
		{textual: "Doğru değil", want: F},
		{textual: "Bağlamından koparılmış", want: P},
		{textual: "Hiciv", want: ""},
		// English and X-FACT's vocabularies.
		{textual: "True", want: T},
		{textual: "Mostly True", want: T},
		{textual: "mostly_true", want: T}, // correctiv.org's spelling
		{textual: "False", want: F},
		{textual: "FALSE.", want: F},
		{textual: "Misleading", want: P},
		{textual: "Partly false", want: P},
		{textual: "Mixture", want: P},
		{textual: "Out of context", want: P},
		{textual: "Fake", want: F},
		{textual: "Fabricated", want: F},
		{textual: "Altered photo", want: F},
		{textual: "Four Pinocchios", want: F},
		{textual: "Two Pinocchios", want: P},
		{textual: "Unverifiable", want: U},
		{textual: "No evidence", want: U},
		{textual: "Full Flop", want: ""},
		{textual: "Falso", want: F, xfact: true},             // Spanish / Portuguese / Italian
		{textual: "Engañoso", want: P, xfact: true},          // chequeado.com
		{textual: "Verdadero, pero…", want: T, xfact: true},  // chequeado.com: "true, but" is mostly true
		{textual: "Faux", want: F, xfact: true},              // fr.africacheck.org
		{textual: "Halbrichtig", want: P, xfact: true},       // faktistfakt.com
		{textual: "Helt feil", want: F, xfact: true},         // faktisk.no
		{textual: "Nieweryfikowalne", want: U, xfact: true},  // demagog.org.pl
		{textual: "ნახევრად სიმართლე", want: P, xfact: true}, // factcheck.ge: half true
		{textual: "مضلل", want: P, xfact: true},              // misbar.com: deceptive
		{textual: "ساخر", want: "", xfact: true},             // misbar.com: satire
		// Long ratings: one known part decides; commas do not split ("True, but misleading").
		{textual: "False: the photo was taken in 2015", want: F},
		{textual: "Verdict: Mostly true", want: T},
		{textual: "True, but misleading", want: P},
		{textual: "prawda. według najnowszych danych", want: T, xfact: true},
		// Textual wins over a disagreeing number; the number decides when the words are unknown.
		{textual: "Yanlış", value: f64(5), best: f64(5), worst: f64(1), want: F},
		{textual: "Satire", value: f64(5), want: ""},
		{textual: "Flibbertigibbet", value: f64(2), best: f64(5), worst: f64(1), want: F},
		{textual: "Flibbertigibbet", want: ""},
		// Numeric: 1–5 default scale, thresholds 0.25 / 0.75.
		{value: f64(1), want: F},
		{value: f64(2), want: F},
		{value: f64(3), want: P},
		{value: f64(4), want: T},
		{value: f64(5), want: T},
		{value: f64(2.5), want: P},
		{value: f64(6), want: ""}, // beyond the default scale
		{value: f64(0), best: f64(1), want: F},
		{value: f64(0.5), best: f64(1), want: P},
		{value: f64(1), best: f64(1), worst: f64(0), want: T},
		{value: f64(7), best: f64(10), worst: f64(0), want: P},
		{value: f64(8), best: f64(10), worst: f64(0), want: T},
		{value: f64(4), best: f64(1), worst: f64(4), want: F}, // a reversed (Pinocchio-like) scale
		{value: f64(1), best: f64(1), worst: f64(4), want: T},
		{value: f64(-1), best: f64(-1), worst: f64(-1), want: ""}, // DataCommons' "no number"
		{textual: "3", want: P},
		{textual: "60%", want: P},
		{textual: "90%", want: T},
		{textual: "1/5", want: F},
		{textual: "", want: ""},
	}
	if len(cases) < 50 {
		t.Fatalf("only %d cases", len(cases))
	}
	t.Run("with X-Fact", func(t *testing.T) {
		r, err := LoadRatings(datasetstest.Require(t, datasets.XFactLabelMaps))
		if err != nil {
			t.Fatal(err)
		}
		if r.Missing() != "" {
			t.Fatalf("maps loaded but Missing() = %q", r.Missing())
		}
		for _, c := range cases {
			got, ok, reason := r.Map(c.textual, c.value, c.best, c.worst)
			if ok != (c.want != "") || got != c.want {
				t.Errorf("Map(%q, %v, %v, %v) = %q, %v (%s); want %q", c.textual, deref(c.value), deref(c.best), deref(c.worst), got, ok, reason, c.want)
			}
			if reason == "" {
				t.Errorf("Map(%q) gave no reason", c.textual)
			}
		}
	})
	// Without the maps, every rating Claimcheck's own words or the number decide maps the same;
	// the others are skipped, and the reason says the maps are not installed.
	t.Run("without X-Fact", func(t *testing.T) {
		dir := t.TempDir()
		r, err := LoadRatings(dir)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(r.Missing(), "X-Fact label maps are not installed") {
			t.Errorf("Missing() = %q", r.Missing())
		}
		xfactOnly := 0
		for _, c := range cases {
			got, ok, reason := r.Map(c.textual, c.value, c.best, c.worst)
			if !c.xfact {
				if ok != (c.want != "") || got != c.want {
					t.Errorf("Map(%q, %v, %v, %v) = %q, %v (%s); want %q", c.textual, deref(c.value), deref(c.best), deref(c.worst), got, ok, reason, c.want)
				}
				if b, bok, _ := MapRating(c.textual, c.value, c.best, c.worst); b != got || bok != ok {
					t.Errorf("MapRating(%q) = %q, %v; the built-in vocabulary says %q, %v", c.textual, b, bok, got, ok)
				}
				continue
			}
			xfactOnly++
			if ok || !strings.Contains(reason, "X-Fact label maps") || !strings.Contains(reason, filepath.Join(dir, datasets.XFactLabelMaps)) {
				t.Errorf("Map(%q) without the maps = %q, %v (%s); want a skip naming the maps", c.textual, got, ok, reason)
			}
		}
		if xfactOnly < 10 {
			t.Errorf("only %d cases depend on the X-Fact maps", xfactOnly)
		}
	})
}

func deref(f *float64) any {
	if f == nil {
		return nil
	}
	return *f
}

// TestMapRatingReasons checks that the reasons say what users need: which words had no verdict,
// and when the words overrode a number.
func TestMapRatingReasons(t *testing.T) {
	_, ok, reason := MapRating("Satire", nil, nil, nil)
	if ok || !strings.Contains(reason, "rating 'Satire' maps to no verdict") {
		t.Errorf("Satire: ok=%v reason=%q", ok, reason)
	}
	v, ok, reason := MapRating("False", f64(5), f64(5), f64(1))
	if !ok || v != analysis.VerdictFalse || !strings.Contains(reason, "the words win") {
		t.Errorf("disagreement: %v %v %q", v, ok, reason)
	}
	_, _, reason = MapRating("", f64(3), nil, nil)
	if !strings.Contains(reason, "5 assumed") {
		t.Errorf("default scale not stated: %q", reason)
	}
	_, ok, reason = MapRating("Blah", f64(9), f64(5), f64(1))
	if ok || !strings.Contains(reason, "not a known rating word") || !strings.Contains(reason, "outside the scale") {
		t.Errorf("unknown + off-scale: %v %q", ok, reason)
	}
}

// TestVerdictLabelsMapBack guards AddVerified, which stores each verdict's page label as the
// textual rating: reading it back must give the same verdict.
func TestVerdictLabelsMapBack(t *testing.T) {
	for _, v := range analysis.Verdicts {
		label, _ := analysis.VerdictInfo(v)
		got, ok, reason := MapRating(label, nil, nil, nil)
		if !ok || got != v {
			t.Errorf("label %q of %s maps to %q, %v (%s)", label, v, got, ok, reason)
		}
	}
}

// TestXFactVocabulary checks the X-FACT maps load completely and reports what was decided where
// the sources disagree.
func TestXFactVocabulary(t *testing.T) {
	dir := datasetstest.Require(t, datasets.XFactLabelMaps)
	r, err := LoadRatings(dir)
	if err != nil {
		t.Fatal(err)
	}
	v := r.vocab
	xfactFS := os.DirFS(filepath.Join(dir, datasets.XFactLabelMaps))
	files, _ := fs.Glob(xfactFS, datasets.XFactSiteGlob)
	if len(files) != 35 {
		t.Errorf("%d X-FACT site maps, want 35", len(files))
	}
	// Every site entry resolves to one of the seven classes.
	english := map[string]string{}
	master, _ := fs.ReadFile(xfactFS, datasets.XFactMasterFile)
	for line := range strings.Lines(string(master)) {
		class, list, _ := strings.Cut(strings.TrimSpace(line), "\t")
		for _, w := range strings.Split(list, "|") {
			if _, dup := english[ratingKey(w)]; !dup {
				english[ratingKey(w)] = class
			}
		}
	}
	entries, unresolved := 0, 0
	var overridden []string
	for _, f := range files {
		data, _ := fs.ReadFile(xfactFS, f)
		for line := range strings.Lines(string(data)) {
			orig, eng, ok := strings.Cut(strings.TrimRight(line, "\r\n"), "\t")
			if !ok {
				continue
			}
			entries++
			class, ok := englishClass(english, eng)
			if !ok {
				unresolved++
				t.Errorf("%s: %q → %q resolves to no X-FACT class", f, orig, eng)
				continue
			}
			k := ratingKey(orig)
			if e, ok := v.words[k]; ok && e.class != class && e.origin == originOwn {
				overridden = append(overridden, f[strings.LastIndex(f, "/")+1:]+": "+orig+" ("+class+" → "+e.class+")")
			}
		}
	}
	t.Logf("%d X-FACT site entries, %d unresolved; vocabulary has %d words", entries, unresolved, len(v.words))
	sort.Strings(overridden)
	for _, o := range overridden {
		t.Logf("own vocabulary overrides X-FACT: %s", o)
	}
	for _, c := range v.conflicts {
		t.Logf("X-FACT sites disagree: %s", c)
	}
	// Each class is reachable, and Turkish fact-checkers' words read as X-FACT maps them.
	for word, class := range map[string]string{
		"yanlış": classFalse, "doğru": classTrue, "karma": classPartly, "sonuçlandırılamadı": classComplicated,
		"partially true": classPartly, "mostly false": classMostlyFalse, "mostly true": classMostlyTrue, "satire": classOther,
	} {
		if e := v.words[ratingKey(word)]; e.class != class {
			t.Errorf("%q is class %q, want %q", word, e.class, class)
		}
	}
}

// TestRatingKey checks the folding that makes matching case-, diacritic- and punctuation-blind.
func TestRatingKey(t *testing.T) {
	for in, want := range map[string]string{
		"YANLIŞ":            "yanlis",
		"  Pants on Fire! ": "pants on fire",
		"mostly_false":      "mostly false",
		"Half-True":         "half true",
		"Kısmen  Doğru.":    "kismen dogru",
		"İddia":             "iddia",
		"Verdadero, pero…":  "verdadero pero",
	} {
		if got := ratingKey(in); got != want {
			t.Errorf("ratingKey(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestImporterUsesItsRatings checks that imports map verdicts with the importer's vocabulary: a
// fact-checker's word only the X-Fact maps know is imported with them and skipped, with the reason,
// without them. The maps here are a two-line stand-in written by the test.
func TestImporterUsesItsRatings(t *testing.T) {
	dir := t.TempDir()
	maps := filepath.Join(dir, datasets.XFactLabelMaps, "label_maps")
	if err := os.MkdirAll(maps, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{
		"master_mapping.tsv": "false\tfalse|fake\n",
		"example.org.txt":    "bunkum\tfake\n",
	} {
		if err := os.WriteFile(filepath.Join(maps, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	doc := []byte(`{"@type":"ClaimReview","url":"https://example.org/r/1","claimReviewed":"The moon is cheese",
		"reviewRating":{"@type":"Rating","alternateName":"Bunkum"}}`)
	with, err := LoadRatings(dir)
	if err != nil {
		t.Fatal(err)
	}
	without, err := LoadRatings(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		ratings *Ratings
		added   int
		reason  string
	}{
		{"with the maps", with, 1, ""},
		{"without the maps", without, 0, "X-Fact label maps that know 35 fact-checkers' own words are not installed"},
		{"no vocabulary given", nil, 0, "is not a known rating word"},
	} {
		var stored []models.Review
		im := NewImporter(upsertFunc(func(r *models.Review) { stored = append(stored, *r) }), nil, nil)
		im.Ratings = tc.ratings
		sum, err := im.Import(context.Background(), "file:test.json", doc)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if sum.Added != tc.added || len(stored) != tc.added {
			t.Errorf("%s: summary %s, stored %d, want %d added", tc.name, sum.String(), len(stored), tc.added)
		}
		if tc.added == 1 && stored[0].Verdict != string(analysis.VerdictFalse) {
			t.Errorf("%s: verdict %q, want yanlis", tc.name, stored[0].Verdict)
		}
		if tc.reason != "" && (len(sum.Skipped) != 1 || !strings.Contains(sum.Skipped[0].Reason, tc.reason)) {
			t.Errorf("%s: skipped %+v, want the reason %q", tc.name, sum.Skipped, tc.reason)
		}
	}
}
