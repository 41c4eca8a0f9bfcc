package matching

import "testing"

// TestConverbVerb holds that a Turkish word in the converb -(y)IncA is read as the verb of the
// stem before the converb (converbverb.go), not as the reflexive or passive verb its -In- also
// spells, and that a verb whose own stem ends in -In keeps it before the converb.
func TestConverbVerb(t *testing.T) {
	ix := starterIndex(t)
	for _, c := range []struct {
		word, want, not string
	}{
		{"görünce", "görmek", "görünmek"},
		{"gorunce", "gormek", "gorunmek"}, // typed without Turkish letters
		{"alınca", "almak", "alınmak"},
		{"edince", "etmek", "edinmek"}, // the stem's d is a softened t
		{"açınca", "açmak", "açınmak"},
		{"değince", "değmek", "değinmek"},
		{"görününce", "görünmek", ""}, // görün-ünce: the reflexive stated as such
		{"değinince", "değinmek", ""},
		{"okuyunca", "okumak", ""}, // the buffer y after a vowel
		{"yenince", "yenmek", ""},
	} {
		cp := ix.parseClaim(c.word, "tr")
		if len(cp.parts) != 1 {
			t.Fatalf("%q: %d parts", c.word, len(cp.parts))
		}
		got := cp.parts[0].lexForms()
		if !contains(got, c.want) {
			t.Errorf("%q: dictionary forms %q, want %q among them", c.word, got, c.want)
		}
		if c.not != "" && contains(got, c.not) {
			t.Errorf("%q: dictionary forms %q, want no %q", c.word, got, c.not)
		}
	}
}

// TestSameClaimConverbVerb holds a Turkish fact-check whose verb is in the converb -(y)IncA
// taken for a post that states the verb in another form, and a look-alike with the opposite verb
// refused, which the reflexive reading ("açınmak") left unrelated to both.
func TestSameClaimConverbVerb(t *testing.T) {
	ix := lexIndex(t,
		review("u:window", "Kışın pencereyi açınca ev soğur.", "tr", "dogru"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"kisin pencereyi acarsan ev soguyor", "tr", "u:window", ""},
		{"Kışın pencereyi açtığında ev soğur", "tr", "u:window", ""},
		{"Kışın pencereyi kapatınca ev soğur", "tr", "u:window", "opposite"},
	})
}
