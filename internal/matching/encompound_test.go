package matching

import "testing"

// TestEnglishPairForms holds the WordNet lemmas an English pair is read as, whatever the
// writing, and pairs WordNet does not list staying two words.
func TestEnglishPairForms(t *testing.T) {
	ix := lexIndex(t)
	cases := []struct {
		text string
		want string // a form of the first two parts, "" for none
	}{
		{"man made", "man-made"},
		{"bubble gum", "bubble gum"},
		{"black boxes", "black box"},
		{"machine made", "machine-made"},
		{"human made", ""},
		{"sun cream", ""},
	}
	for _, c := range cases {
		cp := ix.parseClaim(c.text, "en")
		if len(cp.parts) < 2 {
			t.Fatalf("%q: %d parts", c.text, len(cp.parts))
		}
		forms := ix.enPairForms(&cp.parts[0], &cp.parts[1])
		if c.want == "" && len(forms) > 0 || c.want != "" && !contains(forms, c.want) {
			t.Errorf("%q: forms %v, want %q", c.text, forms, c.want)
		}
	}
}

// TestHyphenPieceStates holds the pieces of a hyphenated lemma stated by a word of the same
// first Turkish translation ("human" for the "man" of "man-made") and not by another word.
func TestHyphenPieceStates(t *testing.T) {
	ix := lexIndex(t)
	d := ix.newDecision()
	cases := []struct {
		piece, word string
		want        bool
	}{
		{"man", "human", true},
		{"man", "machine", false},
		{"man", "home", false},
		{"man", "self", false},
		{"man", "woman", false},
	}
	for _, c := range cases {
		cp := ix.parseClaim(c.word, "en")
		if len(cp.parts) != 1 {
			t.Fatalf("%q: %d parts", c.word, len(cp.parts))
		}
		if got := d.pieceStates(c.piece, &cp.parts[0]); got != c.want {
			t.Errorf("pieceStates(%q, %q) = %v, want %v", c.piece, c.word, got, c.want)
		}
	}
}

// TestEnglishCompoundDecides holds a compound written apart, built of synonyms or named by a
// narrower WordNet collocation taking the fact-check, and look-alikes staying refused: another
// maker ("machine made"), a collocation that is a kind of one word of the fact-check ("music
// school" is a school, not the fact-check's maths), another quantity word near a collocation.
func TestEnglishCompoundDecides(t *testing.T) {
	checkTaken(t, []takenCase{
		{"the Great Wall is the only man made thing you can see from space with the naked eye", "en", "great-wall-space-en"},
		{"The Great Wall is the only human-made thing you can see from space with your naked eye", "en", "great-wall-space-en"},
		{"Swallowed bubble gum stays in your stomach for seven years", "en", "swallowed-gum-en"},
		{"The Great Wall is the only machine made thing you can see from space with the naked eye", "en", ""},
		{"Einstein failed music school", "en", ""},
		{"Salted water boils at a higher temperature", "en", ""},
	})
}
