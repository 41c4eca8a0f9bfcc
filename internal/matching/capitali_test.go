package matching

import "testing"

// TestWrittenLower holds the lowering of a word as written (capitali.go): an ASCII word's
// capital I is i, a word with Turkish letters keeps the Turkish lowering.
func TestWrittenLower(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Imparator", "imparator"},
		{"Işık", "ışık"},
		{"İstanbul", "istanbul"},
		{"IŞIK", "ışık"},
	} {
		if got := writtenLower(c.in); got != c.want {
			t.Errorf("writtenLower(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestCapitalI holds an ASCII-typed Turkish post that writes "Imparator" for "İmparator"
// (tuning data: colloq6 o-cl-024): the word is read through the lexicon as the emperor. Another
// emperor's name stays refused.
func TestCapitalI(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"writtenLower", "Roma yanarken Imparator Neron keman caliyormus 🎻", "tr", "nero-fiddle-en", ""},
		{"writtenLower", "Roma yanarken Imparator Sezar keman caliyormus", "tr", "nero-fiddle-en", "different"},
	})
}
