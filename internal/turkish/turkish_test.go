package turkish

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
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
	// A buffer consonant (the possessive -sI, a y-suffix) follows only a vowel: "tütsü"
	// (incense) is no "tüt" + -sü, "kapısı" still "kapı" + -sı.
	for _, c := range []struct{ word, not string }{{"tutsu", "tut"}} {
		if got := m.Lemmas(Fold(c.word)); slices.Contains(got, c.not) {
			t.Errorf("Lemmas(%q) = %v, want no %q", c.word, got, c.not)
		}
	}
	if got := m.Lemmas("kapisi"); !slices.Contains(got, "kapi") {
		t.Errorf("Lemmas(%q) = %v, want %q among them", "kapisi", got, "kapi")
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
		{"izlenemez", true, "izle"}, {"edilemez", true, "et"}, {"gorulemez", true, "gor"},
	} {
		if got := IsNegativeVerb(c.word); got != c.neg {
			t.Errorf("IsNegativeVerb(%q) = %v, want %v", c.word, got, c.neg)
		}
		if c.pos != "" && c.pos != "gerceklese" && !slices.Contains(m.Positive(c.word), c.pos) {
			t.Errorf("Positive(%q) = %v, want %q among them", c.word, m.Positive(c.word), c.pos)
		}
	}
	if !IsQuestionParticle("miydi") || !IsQuestionParticle("mi") || IsQuestionParticle("midye") {
		t.Error("question particles are misread")
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

// TestFoldByRuneIsFoldNormalized checks the table path against the normalizing one: every rune
// up to U+2100 (the tables' blocks and the gap between them), alone and between letters, and
// strings that mix them with marks and runes outside the tables (which take the normalizing path).
func TestFoldByRuneIsFoldNormalized(t *testing.T) {
	var inputs []string
	for r := rune(0x80); r < 0x2100; r++ {
		s := string(r)
		inputs = append(inputs, s, "Ab"+s+"Iİ", s+"\u0307", "\u0301"+s, s+s)
	}
	inputs = append(inputs,
		"YANLIŞ", "Aşıların", "İstanbul'da", "ISIRGAN", "cafe\u0301", "Ǆemal", "ﬁnal", "Ωmega", "5G 🚀 kuleleri",
		"mars’tan", "A\u030a", "Ångström", "ǅ", "ǈ", "ß", "ẞ", "İ\u0307", "I\u0307", "ŉ", "ǰ")
	for _, in := range inputs {
		want := foldNormalized(in)
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, normalizing path gives %q", in, got, want)
		}
	}
}

// FuzzFold holds Fold equal to its normalizing path on any input that is not all ASCII (an
// all-ASCII input is only lower-cased).
func FuzzFold(f *testing.F) {
	for _, s := range []string{"Aşıların", "İI", "cafe\u0301", "ǅ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if !utf8.ValidString(in) || isASCII(in) {
			return
		}
		if got, want := Fold(in), foldNormalized(in); got != want {
			t.Errorf("Fold(%q) = %q, normalizing path gives %q", in, got, want)
		}
	})
}

// TestStemMemo checks that a memoized stem is the stem, asked once or again, and that the memo
// stops growing at its bound.
func TestStemMemo(t *testing.T) {
	m := NewMorphology()
	for _, w := range []string{"asilarin", "kitabi", "kaynamaz", "mars'tan", "2023'te", "otizm", "asilarin"} {
		want := m.stem(w)
		for range 2 {
			if got := m.Stem(w); got != want {
				t.Errorf("Stem(%q) = %q, want %q", w, got, want)
			}
		}
	}
	for i := range maxStemMemo + 100 {
		m.Stem("kelime" + strings.Repeat("a", i%7) + string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + string(rune('a'+i/676%26)) + string(rune('a'+i/17576%26)))
	}
	if n := m.memoized.Load(); n > maxStemMemo {
		t.Errorf("memo holds %d stems, above its bound %d", n, maxStemMemo)
	}
}
