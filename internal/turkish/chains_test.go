package turkish

import (
	"slices"
	"testing"
)

// TestLemmasSuffixClasses holds the suffix classes whose forms once left a post's word with no
// dictionary reading (counted on the tuning files' Turkish posts).
func TestLemmasSuffixClasses(t *testing.T) {
	m := NewMorphology()
	for _, c := range []struct{ word, lemma string }{
		// the progressive drops a final vowel of a verb in -lA, typed with or without its r
		{"engelliyor", "engelle"}, {"önlüyor", "önle"}, {"hazırlıyor", "hazırla"}, {"temizliyor", "temizle"},
		{"sallıyor", "salla"}, {"önlüyormuş", "önle"}, {"önlüyo", "önle"},
		// passive, ability and causative stack
		{"bilinebilir", "bil"}, {"görülebilen", "gör"}, {"görülebiliyormuş", "gör"}, {"yaptırılır", "yap"},
		// the past, evidential and conditional copula with a person
		{"biliyordum", "bil"}, {"bilmiyordunuz", "bilmiyor"}, {"korkardım", "kork"}, {"izlemiştim", "izle"},
		{"kullanıyormuşuz", "kullan"}, {"oluyormuşsun", "ol"}, {"ölebilirmişsin", "öl"}, {"yaratıcıymışım", "yaratıcı"},
		{"içindeysen", "iç"},
		// "etmek" softens its two-letter stem before a vowel
		{"ediyormuş", "et"}, {"eder", "et"}, {"edilir", "et"}, {"ediyo", "et"},
		// the progressive without its r after a vowel stem
		{"diyo", "de"}, {"diyolar", "de"},
		// a doubled last consonant is single with nothing after it
		{"hakkını", "hak"}, {"hissi", "his"}, {"reddi", "ret"},
		// a dropped vowel comes back, softened
		{"kaybına", "kayıp"},
		// the first-person possessive -m of a vowel stem before a case
		{"annemin", "anne"}, {"babama", "baba"}, {"babamı", "baba"}, {"teyzemin", "teyze"},
		// verbs made of nouns and adjectives: -lAn, -lAş, -lAştIr, -lAt
		{"kaynaklanır", "kaynak"}, {"kaynaklanıyormuş", "kaynak"}, {"keskinleşirmiş", "keskin"}, {"kolaylaşır", "kolay"},
		{"yasallaştıran", "yasal"}, {"kireçletir", "kireç"},
		// a bare -mA after a verb-making suffix is the verbal noun
		{"ilaçlama", "ilaçla"}, {"ilaçlama", "ilaç"}, {"kireçleme", "kireç"}, {"kızartma", "kızar"},
		{"dondurma", "dondur"},
	} {
		if got := m.Lemmas(Fold(c.word)); !slices.Contains(got, Fold(c.lemma)) {
			t.Errorf("Lemmas(%q) = %v, want %q among them", c.word, got, c.lemma)
		}
	}
	// Look-alike readings each rule must not add.
	for _, c := range []struct{ word, not string }{
		{"adı", "at"},                      // a two-letter stem softens before a verb suffix only
		{"koruyor", "kore"},                // the dropped vowel comes back after l only
		{"ezberletmişlerdi", "ezberlerit"}, // no softened guess after a past's d
		{"elma", "el"}, {"korkma", "kork"}, // a bare -mA after a root stays a noun or a negative
		{"başlıyor", "baş"}, {"kullanır", "kul"}, {"dinliyor", "din"}, // no three-letter root under -lA
		{"konumu", "konu"}, {"uyumun", "uyu"}, {"adamın", "ada"}, // the possessive -m after a or e, 4 letters
		{"dinletilen", "dinleti"}, // a root under -lA ends in a consonant
	} {
		if got := m.Lemmas(Fold(c.word)); slices.Contains(got, Fold(c.not)) {
			t.Errorf("Lemmas(%q) = %v, want no %q", c.word, got, c.not)
		}
	}
}

// TestInfinitives puts -mek first where a folded word's suffixes are front.
func TestInfinitives(t *testing.T) {
	for _, c := range []struct{ word, stem, first string }{
		{"olebilir", "ol", "mek"}, {"olebilirsin", "ol", "mek"}, {"donebilir", "don", "mek"}, {"olmez", "ol", "mek"},
		{"olabilir", "ol", "mak"}, {"olurken", "ol", "mak"}, {"oluyor", "ol", "mak"}, {"ediyor", "et", "mak"},
	} {
		if got := Infinitives(c.word, c.stem); got[0] != c.first {
			t.Errorf("Infinitives(%q, %q) = %v, want %q first", c.word, c.stem, got, c.first)
		}
	}
}

// TestFrontAfter reads the frontness of a folded stem from its suffixes' A.
func TestFrontAfter(t *testing.T) {
	for _, c := range []struct {
		w     string
		front bool
	}{
		{"olebilir", true}, {"olmez", true}, {"olabilir", false}, {"olmaz", false}, {"oluyor", false}, {"ol", false},
	} {
		if got := FrontAfter(c.w, 2); got != c.front {
			t.Errorf("FrontAfter(%q, 2) = %v, want %v", c.w, got, c.front)
		}
	}
}
