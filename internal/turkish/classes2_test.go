package turkish

import (
	"slices"
	"testing"
)

// TestAgentive holds the agentive -(y)IcI: read after a verb's stem, not after a noun's letters,
// and never stripped by Stem.
func TestAgentive(t *testing.T) {
	m := NewMorphology()
	for _, c := range []struct{ word, lemma string }{
		{"kısırlaştırıcıymış", "kısırlaştır"},
		{"temizleyici", "temizle"},
		{"öldürücü", "öldür"},
		{"yaratıcı", "yarat"},
	} {
		if got := m.Lemmas(Fold(c.word)); !slices.Contains(got, Fold(c.lemma)) {
			t.Errorf("Lemmas(%q) = %v, want %q among them", c.word, got, c.lemma)
		}
	}
	for _, c := range []struct{ word, not string }{
		{"kılıcı", "kıl"},   // kılıç + -ı
		{"bilici", "bil"},   // no causative or -lA before it
		{"koruyucu", "kor"}, // a bare vowel stem
	} {
		if got := m.Lemmas(Fold(c.word)); slices.Contains(got, Fold(c.not)) {
			t.Errorf("Lemmas(%q) = %v, want no %q", c.word, got, c.not)
		}
	}
	for _, w := range []string{"temizleyici", "öldürücü", "kısırlaştırıcı"} {
		if got := m.Stem(Fold(w)); len(got) < len(Fold(w))-2 {
			t.Errorf("Stem(%q) = %q, want the agentive kept", w, got)
		}
	}
}

// TestInnerVerbs holds the verbs under a negative verb's voice: a causative or -lA under the
// negation, and the raised stem of "yemek" and "demek" before the ability's y.
func TestInnerVerbs(t *testing.T) {
	m := NewMorphology()
	for _, c := range []struct{ word, lemma string }{
		{"aşılatmayacakmış", "aşıla"},
		{"yiyemiyorum", "ye"},
		{"diyemezsin", "de"},
		{"kızartmıyor", "kızar"},
		{"temizletmedi", "temizle"},
	} {
		if got := m.Positive(Fold(c.word)); !slices.Contains(got, Fold(c.lemma)) {
			t.Errorf("Positive(%q) = %v, want %q among them", c.word, got, c.lemma)
		}
	}
	for _, c := range []struct{ word, not string }{
		{"yazmadı", "ya"},      // no voice under "yaz"
		{"kullanmıyor", "kul"}, // -lA leaves a root of four letters or more
		{"yenmezmiş", "ye"},    // a short passive stays as Positive reads it
	} {
		if got := m.Positive(Fold(c.word)); slices.Contains(got, Fold(c.not)) {
			t.Errorf("Positive(%q) = %v, want no %q", c.word, got, c.not)
		}
	}
}
