package turkish

import (
	"slices"
	"testing"
)

func TestFold(t *testing.T) {
	for in, want := range map[string]string{
		"YANLIŞ": "yanlis", "Yanlış": "yanlis", "IĞDIR": "igdir", "İstanbul'da": "istanbul'da", "Çin’den": "cin'den",
		"kalıcı": "kalici", "plain": "plain",
	} {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLemmas(t *testing.T) {
	m := NewMorphology()
	for _, c := range []struct{ word, lemma string }{
		{"ekmegi", "ekmek"}, {"kitabi", "kitap"}, {"agaci", "agac"}, {"rengi", "renk"}, {"asilarin", "asi"},
		{"otizme", "otizm"}, {"kanserine", "kanser"}, {"suyu", "su"}, {"donmuyor", "donmuyor"}, {"gelmistir", "gel"},
		{"yapabilir", "yap"}, {"kaynar", "kayna"}, {"evlerimizde", "ev"}, {"insanlardan", "insan"},
		{"yasamislar", "yasa"}, {"cikmasina", "cik"}, {"yiyen", "ye"}, {"yiyenin", "ye"}, {"diyor", "de"},
		{"yapiyo", "yap"}, {"geliyo", "gel"}, // the progressive typed without its r
		{"arabadayken", "araba"}, {"icindeyken", "ic"}, {"giderken", "gid"}, // "while": after a case or a tense
		{"caliyordu", "cal"}, {"takiyordu", "tak"}, {"saniyordu", "san"}, // the past copula after a tense
	} {
		if got := m.Lemmas(Fold(c.word)); !slices.Contains(got, c.lemma) {
			t.Errorf("Lemmas(%q) = %v, want %q among them", c.word, got, c.lemma)
		}
	}
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"ekmegi", "ekmek", true}, {"kanserine", "kanser", true}, {"suyu", "su", true}, {"asilar", "asi", true},
		{"kanser", "kan", false}, {"sigara", "sigorta", false}, {"elma", "el", false}, {"cay", "sigara", false},
	} {
		if got := m.SameLemma(c.a, c.b); got != c.same {
			t.Errorf("SameLemma(%q, %q) = %v, want %v", c.a, c.b, got, c.same)
		}
	}
}

func TestNegativeVerb(t *testing.T) {
	m := NewMorphology()
	for _, c := range []struct {
		word string
		neg  bool
		pos  string
	}{
		{"olmaz", true, "ol"}, {"donmuyor", true, "don"}, {"gerceklesmedi", true, "gerceklese"}, {"yapamaz", true, "yap"},
		{"okuyamaz", true, "oku"}, {"bilinmemektedir", true, "bil"}, {"dusmez", true, "dus"}, {"olmadigi", true, "ol"},
		{"olur", false, ""}, {"elma", false, ""}, {"otizme", false, ""}, {"namaz", false, ""}, {"kalmamistir", true, "kal"},
		{"degil", false, ""}, {"dondurma", false, ""}, {"kalici", false, ""}, {"yapmiyo", true, "yap"},
	} {
		if got := IsNegativeVerb(c.word); got != c.neg {
			t.Errorf("IsNegativeVerb(%q) = %v, want %v", c.word, got, c.neg)
		}
		if c.pos != "" && c.pos != "gerceklese" && !slices.Contains(m.Positive(c.word), c.pos) {
			t.Errorf("Positive(%q) = %v, want %q among them", c.word, m.Positive(c.word), c.pos)
		}
	}
	if !IsNegator("degil") || !IsConcord("hic") || IsNegator("hic") {
		t.Error("negators and concord words are mixed up")
	}
}

func TestCaseOf(t *testing.T) {
	m := NewMorphology()
	for w, want := range map[string]Case{
		"havada": Locative, "istanbul'da": Locative, "kuma": Dative, "kansere": Dative, "gozleri": Accusative,
		"insanlardan": Ablative, "sabunla": Instrumental, "kitap": Nominative,
	} {
		if got := m.CaseOf(w); got != want {
			t.Errorf("CaseOf(%q) = %v, want %v", w, got, want)
		}
	}
}

func TestFunctionWords(t *testing.T) {
	for _, w := range []string{"ve", "bir", "icin", "diyorlar", "olarak", "muydu", "midir", "olduguna"} {
		if !IsFunctionWord(w) {
			t.Errorf("%q is not a function word", w)
		}
	}
	for _, w := range []string{"su", "neden", "asi", "kanser", "degil"} {
		if IsFunctionWord(w) {
			t.Errorf("%q is a function word", w)
		}
	}
}

func TestStem(t *testing.T) {
	m := NewMorphology()
	for _, group := range [][]string{
		{"asi", "asilar", "asilarin", "asiyi"},
		{"otizm", "otizme"},
		{"kitap", "kitabi"},
		{"kaynar", "kaynamaz"},
		{"kanser", "kansere", "kanserine"},
	} {
		want := m.Stem(group[0])
		for _, w := range group[1:] {
			if got := m.Stem(w); got != want {
				t.Errorf("Stem(%q) = %q, Stem(%q) = %q; want one stem", group[0], want, w, got)
			}
		}
	}
	if m.Stem("onemsiz") == m.Stem("onemli") {
		t.Error("the privative stems like its opposite")
	}
	if m.Stem("kanser") == m.Stem("kan") {
		t.Error("kanser stems to kan")
	}
}

func TestIsVerbForm(t *testing.T) {
	for w, want := range map[string]bool{
		"yapar": true, "donuyor": true, "gelmistir": true, "olur": true, "yapiyormus": true, "olmaz": true,
		"kordur": false, "mavidir": false, "sigara": false, "yapiyo": true, "radyo": false,
		"azaltir": true, "yukseltir": true, "uzatir": true, "yanlistir": false, "sicaktir": false, "dogrudur": false,
	} {
		if got := IsVerbForm(w); got != want {
			t.Errorf("IsVerbForm(%q) = %v, want %v", w, got, want)
		}
	}
}

func TestUnintensified(t *testing.T) {
	tests := []struct {
		w, want string
		ok      bool
	}{
		{"dumduz", "duz", true},
		{"masmavi", "mavi", true},
		{"kapkara", "kara", true},
		{"bembeyaz", "beyaz", true},
		{"tertemiz", "temiz", true},
		{"upuzun", "uzun", true},
		{"duz", "", false},
		{"kanser", "", false},
		{"otizm", "", false},
	}
	for _, tt := range tests {
		got, ok := Unintensified(tt.w)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Unintensified(%q) = %q, %v; want %q, %v", tt.w, got, ok, tt.want, tt.ok)
		}
	}
}

func TestNegativeParticiple(t *testing.T) {
	for _, c := range []struct {
		word string
		want bool
	}{
		{"bilmeyen", true}, {"icmeyenler", true}, {"gormeyen", true}, {"inanmayan", true},
		{"bilen", false}, {"bilmez", false}, {"yemeyi", false}, {"meyan", false}, {"kalmadi", false},
	} {
		if got := IsNegativeParticiple(c.word); got != c.want {
			t.Errorf("IsNegativeParticiple(%q) = %v, want %v", c.word, got, c.want)
		}
	}
}
