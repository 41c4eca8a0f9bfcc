package turkish

import (
	"slices"
	"testing"
)

// TestNounStems holds the noun readings of a word under its inflection (lemmarank.go): case,
// plural and copula stripped, softening undone; never a possessive (the head of a compound,
// "şeker hastalığına"), a locative or ablative (the case Turkish makes adverbs of: "karanlıkta",
// "yeniden"), a causative read as a copula, nor a vowel restored inside a verb form.
func TestNounStems(t *testing.T) {
	m := NewMorphology()
	for _, c := range []struct {
		word string
		want string // a stem it must have, "" for none
		not  string // a stem it must not have
	}{
		{"yere", "yer", ""},             // dative
		{"kuvveti", "kuvvet", ""},       // accusative
		{"ekmegi", "ekmek", ""},         // softening undone
		{"altinin", "altin", ""},        // genitive
		{"cocuklar", "cocuk", ""},       // plural
		{"suyu", "su", ""},              // buffer y dropped
		{"yildir", "yil", ""},           // copula
		{"hastaligina", "", "hastalik"}, // possessive + dative: the head of a compound
		{"arasinda", "", "ara"},         // possessive + locative: a postposition
		{"karanlikta", "", "karanlik"},
		{"yeniden", "", "yeni"},
		{"zayiflatir", "", "zayif"}, // causative + aorist, not instrumental + copula
		{"birakti", "", "birakit"},  // past tense, no vowel to restore
		{"verme", "", "verim"},
	} {
		got := m.NounStems(c.word)
		if c.want != "" && !slices.Contains(got, c.want) {
			t.Errorf("NounStems(%q) = %v, want %q among them", c.word, got, c.want)
		}
		if c.not != "" && slices.Contains(got, c.not) {
			t.Errorf("NounStems(%q) = %v, must not hold %q", c.word, got, c.not)
		}
	}
}
