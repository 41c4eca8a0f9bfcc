package matching

import "testing"

// TestCompoundNoun holds the dictionary form of a joined Turkish compound given back its
// compound suffix in vowel harmony, with a final p, t, k softened before it, and no form for a
// stem too short to be a compound.
func TestCompoundNoun(t *testing.T) {
	lexicon := map[string]bool{"devekusu": true, "buzdolabi": true, "atesbocegi": true, "basi": true, "kahve makinesi": true, "kiraz agaci": true}
	known := func(w string) string {
		if lexicon[w] {
			return w
		}
		return ""
	}
	for _, c := range []struct {
		lemmas []string
		want   string
	}{
		{[]string{"devekuslari", "devekus", "devekuslar"}, "devekusu"}, // back rounded: -u
		{[]string{"buzdolaplari", "buzdolap"}, "buzdolabi"},            // p softened to b
		{[]string{"atesbocekleri", "atesbocek"}, "atesbocegi"},         // k softened to ğ
		{[]string{"baslari", "bas"}, ""},                               // "başı": a possessive, not a compound
		{[]string{"kitaplari", "kitap"}, ""},                           // nothing the lexicon lists
	} {
		got, _ := compoundNoun(c.lemmas, known)
		if got != c.want {
			t.Errorf("%v: %q, want %q", c.lemmas, got, c.want)
		}
	}
}

// TestMultiwordForms holds a joined compound inflected without its compound suffix read as the
// lexicon's word, and a pair written apart read as the word the lexicon lists joined.
func TestMultiwordForms(t *testing.T) {
	ix := starterIndex(t)
	for _, c := range []struct{ word, want string }{
		{"devekuşları", "devekuşu"},
		{"buzdolapları", "buzdolabı"},
		{"ateşböcekleri", "ateşböceği"},
	} {
		cp := ix.parseClaim(c.word, "tr")
		if len(cp.parts) != 1 || !contains(cp.parts[0].lexForms(), c.want) {
			t.Errorf("%q: parts %+v, want the dictionary form %q", c.word, cp.parts, c.want)
		}
	}
	for _, c := range []struct{ text, want string }{
		{"kara kutular", "karakutu"},
		{"deve kuşu", "devekusu"},
	} {
		cp := ix.parseClaim(c.text, "tr")
		found := false
		for _, d := range ix.compounds(cp) {
			found = found || contains(d.forms, c.want)
		}
		if !found {
			t.Errorf("%q: compounds %v, want %q among their forms", c.text, ix.compounds(cp), c.want)
		}
	}
}

// TestMultiwordDecides holds a compound written apart taking the fact-check that writes it
// joined, and look-alikes that stay refused: another thing of the same class ("öğle yemeği", a
// meal as "kahvaltı" is, which the lexicon calls a synonym) and another act of the same bird.
func TestMultiwordDecides(t *testing.T) {
	checkTaken(t, []takenCase{
		{"deve kuşu korkunca kafasını kuma gömer", "tr", "ostrich-head-sand"},
		{"Öğle yemeği günün en önemli öğünüdür", "tr", ""},
		{"deve kuşu korkunca yumurtalarını kuma gömer", "tr", ""},
	})
}
