package matching

import "testing"

// TestCommonerNoun holds that a Turkish word is also read as the noun beneath its case or plural
// ending when the wordnet ranks that noun above the reading dictForms chose (trlemma.go): a
// FreeDict headword KeNet lacks ("yere", whence) or a stem left by a tense ("kuvve" + -ti), and
// that a whole word KeNet lists keeps its one reading.
func TestCommonerNoun(t *testing.T) {
	ix := starterIndex(t)
	for _, c := range []struct {
		word string
		want string // a dictionary form it must have, as spelled
		not  string // one it must not have
	}{
		{"yere", "yer", ""},             // yer + dative, besides "yere" (whence)
		{"kuvveti", "kuvvet", ""},       // kuvvet + accusative, besides kuvve + past
		{"altının", "altın", ""},        // altın + genitive, besides altı + genitive
		{"ateşi", "ateş", ""},           // ateş + accusative, besides "ate"
		{"savaşı", "savaş", ""},         // savaş + accusative, besides "sava"
		{"oyunu", "oyun", ""},           // oyun + accusative, besides the headword "oyunu"
		{"kule", "kule", "kul"},         // tower, not kul + dative
		{"bira", "bira", "bir"},         // beer, not bir + dative
		{"kapı", "kapı", "kap"},         // door, not kap + accusative
		{"ağrı", "ağrı", "ağır"},        // pain, not ağır + accusative
		{"kadın", "kadın", "kat"},       // woman, not kat + genitive
		{"karanlıkta", "", "karanlık"},  // a locative headword is an adverb of its own
		{"hastalığına", "", "hastalık"}, // the possessive head of "şeker hastalığı"
	} {
		cp := ix.parseClaim(c.word, "tr")
		if len(cp.parts) != 1 {
			t.Fatalf("%q: %d parts", c.word, len(cp.parts))
		}
		got := cp.parts[0].lexForms()
		if c.want != "" && !contains(got, c.want) {
			t.Errorf("%q: dictionary forms %q, want %q among them", c.word, got, c.want)
		}
		if c.not != "" && contains(got, c.not) {
			t.Errorf("%q: dictionary forms %q, want no %q", c.word, got, c.not)
		}
	}
}

// TestCommonerNounDecides holds a rewording decided through the noun beneath a fact-check's word
// ("Altının fiyatı": the price of gold, not of six) and look-alikes that stay refused where that
// reading gives a word of the fact-check a broader or another meaning.
func TestCommonerNounDecides(t *testing.T) {
	checkTaken(t, []takenCase{
		{"gold prices never drop, best investment ever", "en", "gold-never-falls"},
		{"Şeker yemek kanser yapar", "tr", ""},
		{"şeker yemek kansere yol açıyormuş", "tr", ""},
		{"telefonu karanlıkta kullanmak gözleri bozar, gece lambayı açın", "tr", ""},
	})
}
