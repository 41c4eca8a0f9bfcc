package matching

import "testing"

// TestSameClaimNegationOnMeaning holds negation judged on meaning (negmeaning.go): a word that
// denies a verb ("blind", "can't see"), a word read as grammar that denies a part ("the same",
// "no difference"), a question's negation that its answer takes, a bare answer to a question about
// something else, "no one … before S" for "S was the first", "not only" for "elsewhere", a
// fact-check that restates its claim in a negated clause, a negative participle naming which of a
// noun's kind, a Turkish negative aorist warning against the fact-check's condition, a "yok" that
// is part of a verb ("yok etmek"), a negation inside a consequence the post draws, a prohibition
// with its consequence after "or", a denial in one word ("faked") and two clauses that each deny.
// Each rewording has beside it a post that says the opposite, which must still be refused.
func TestSameClaimNegationOnMeaning(t *testing.T) {
	ix := lexIndex(t,
		review("u:bats", "Bats are blind.", "en", "yanlis"),
		review("u:web", "The internet and the World Wide Web are the same thing.", "en", "yanlis"),
		review("u:web-differ", "There is no difference between the internet and the World Wide Web.", "en", "yanlis"),
		review("u:flat", "The Earth is flat.", "en", "yanlis"),
		review("u:money", "A country can make itself richer by printing more money.", "en", "yanlis"),
		review("u:columbus-en", "Christopher Columbus and his crew were the first Europeans to reach the Americas.", "en", "yanlis"),
		review("u:columbus-tr", "Amerika kıtasına ulaşan ilk Avrupalılar Kristof Kolomb ve tayfasıdır.", "tr", "yanlis"),
		review("u:landing", "Ay'a iniş hiç gerçekleşmedi, stüdyoda çekilmiş bir düzmeceydi.", "tr", "yanlis"),
		review("u:watermelon", "Karpuz ile yumurta birlikte yenirse insanı zehirler.", "tr", "yanlis"),
		review("u:cake", "Marie Antoinette, ekmek bulamayan halk için 'Pasta yesinler' demiştir.", "tr", "yanlis"),
		review("u:alien", "Evrende Dünya dışında da yaşam vardır.", "tr", "belirsiz"),
		review("u:lemon", "Limonlu su (sıcak limon suyu) kanseri tedavi eder.", "tr", "yanlis"),
		review("u:goldfish", "Goldfish have a three-second memory.", "en", "yanlis"),
		review("u:bats-tr", "Yarasalar kördür.", "tr", "yanlis"),
		review("u:fish", "Eating yogurt after fish poisons you.", "en", "yanlis"),
		review("u:moon", "The Moon landings were faked in a studio.", "en", "yanlis"),
		review("u:autism", "Vaccines cause autism.", "en", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		// "blind" is "görmez" in the dictionary: it denies "see".
		{"Bats can't see", "en", "u:bats", ""},
		{"bats cant see anything, they use sonar", "en", "u:bats", ""},
		{"Bats can see", "en", "u:bats", "opposite meaning"},
		{"Bats are not blind", "en", "u:bats", "negation differs"},
		// "same" is "farksız" (without difference).
		{"There's no difference between the internet and the World Wide Web", "en", "u:web", ""},
		{"There's a difference between the internet and the World Wide Web", "en", "u:web", "opposite meaning: difference ≠ same"},
		// The same the other way round: the post's "same" denies the fact-check's "difference",
		// and the reason still names the post's word first.
		{"The internet and the World Wide Web are the same thing", "en", "u:web-differ", ""},
		{"The internet and the World Wide Web are different things", "en", "u:web-differ", "negation differs"},
		{"The internet and the World Wide Web are not the same thing", "en", "u:web-differ", "opposite meaning: same ≠ difference"},
		// A bare answer to a question about something else; an answer to the claim still counts.
		{"Ever seen the curve? Me neither. The Earth is flat", "en", "u:flat", ""},
		{"Is the Earth flat? No", "en", "u:flat", "negation differs"},
		// A negated question answered: the answer's polarity is the post's.
		{"Why can't a country just print more money and become rich? It can", "en", "u:money", ""},
		{"Why can't a country just print more money and become rich? It can't", "en", "u:money", "negation differs"},
		// No one before S: S was the first; someone before S: S was not.
		{"No European reached the Americas before Columbus and his crew", "en", "u:columbus-en", ""},
		{"Europeans reached the Americas before Columbus and his crew", "en", "u:columbus-en", "opposite meaning"},
		{"Kolomb ve tayfasından önce Amerika'ya hiçbir Avrupalı ulaşmadı", "tr", "u:columbus-tr", ""},
		{"Kolomb ve tayfasından önce Amerika'ya Avrupalılar ulaştı", "tr", "u:columbus-tr", "opposite meaning"},
		// The fact-check restates its claim in a negated clause of its own verb.
		{"aya inis yalan, studyoda cekildi", "tr", "u:landing", ""},
		{"Ay'a iniş gerçekleşti", "tr", "u:landing", "negation differs"},
		{"Ay düzdür", "tr", "u:landing", "negation differs"},
		// A warning against the condition beside what follows from it.
		{"karpuzla yumurta beraber yenmez, zehirliyor", "tr", "u:watermelon", ""},
		{"karpuzla yumurta beraber yenir, zehirlemez", "tr", "u:watermelon", "negation differs"},
		{"karpuzla yumurta beraber yenmez", "tr", "u:watermelon", "negation differs"},
		// A negative participle says which people; a post that negates it in its own words
		// states it too.
		{"'Ekmek yoksa pasta yesinler' diyen Marie Antoinette'ti", "tr", "u:cake", ""},
		{"Ekmek yok diyen halka Marie Antoinette 'o zaman pasta yesinler' dedi", "tr", "u:cake", ""},
		{"Marie Antoinette 'Pasta yesinler' dememiştir", "tr", "u:cake", "negation differs"},
		// Not only on Earth is elsewhere too; only on Earth denies it.
		{"Evrende yaşam yalnızca Dünya'da değildir", "tr", "u:alien", ""},
		{"Evrende yaşam yalnızca Dünya'dadır", "tr", "u:alien", "opposite meaning"},
		{"Evrende Dünya dışında da yaşam yoktur", "tr", "u:alien", "negation differs"},
		// "yok etmek" is one verb.
		{"Sıcak su ile limon kanseri yok edermiş", "tr", "u:lemon", ""},
		{"Sıcak su ile limon kanseri yok etmez", "tr", "u:lemon", "negation differs"},
		// A negation inside a consequence the post draws in words of its own.
		{"goldfish only remember stuff for 3 seconds lol thats why they never get bored", "en", "u:goldfish", ""},
		{"goldfish have a three second memory so they never get bored", "en", "u:goldfish", ""},
		{"goldfish don't have a three second memory, that's why they never get bored", "en", "u:goldfish", "negation differs"},
		// "kör" is "görmez"; its eyes not seeing is its being blind.
		{"Yarasaların gözleri görmez", "tr", "u:bats-tr", ""},
		{"Yarasaların gözleri görür", "tr", "u:bats-tr", "opposite meaning"},
		// A prohibition whose consequence follows "or".
		{"never eat yogurt after fish or you'll get poisoned", "en", "u:fish", ""},
		{"eating yogurt after fish won't poison you", "en", "u:fish", "negation differs"},
		// "faked" (the antonym of "genuine") denies what "nobody landed" denies; a negation of
		// another word does not.
		{"Nobody ever landed on the Moon, it was all filmed in a studio", "en", "u:moon", ""},
		{"The Moon landings were not filmed in a studio", "en", "u:moon", "negation differs"},
		{"The Moon landings were real", "en", "u:moon", "different"},
		// Two clauses that each deny do not cancel out as two negations of one clause do.
		{"Do vaccines cause autism? No. Vaccines don't cause autism.", "en", "u:autism", "negation differs"},
		{"Vaccines don't cause autism. They don't.", "en", "u:autism", "negation differs"},
		{"The Earth is not flat. It isn't.", "en", "u:flat", "negation differs"},
	})
}

// TestDenies holds which words the dictionary glosses with a negative form of another: a word
// denies only what its first translations negate, not a word of similar meaning.
func TestDenies(t *testing.T) {
	ix := lexIndex(t)
	d := ix.newDecision()
	word := func(text, lang string) *part {
		cp := ix.parseClaim(text, lang)
		if len(cp.parts) != 1 {
			t.Fatalf("%q read as %d parts", text, len(cp.parts))
		}
		return &cp.parts[0]
	}
	for _, c := range []struct {
		lang, w, v, vlang string
		want              bool
	}{
		{"en", "blind", "see", "en", true},
		{"en", "same", "difference", "en", true},
		{"en", "same", "fark", "tr", true},
		{"tr", "kör", "sight", "en", true},
		{"en", "blind", "look", "en", false},
		{"en", "same", "similar", "en", false},
		{"en", "immune", "catch", "en", false},
		{"tr", "aynı", "fark", "tr", true},
		{"tr", "aynı", "benzerlik", "tr", false},
	} {
		if got := d.denies(c.lang, []string{c.w}, word(c.v, c.vlang)); got != c.want {
			t.Errorf("denies(%s %q, %q) = %v, want %v", c.lang, c.w, c.v, got, c.want)
		}
	}
}

// TestLexicalNegations holds which "yok" is the first word of a verb ("yok etmek", "yok olmak")
// and which still negates: not one before a participle ("yok olduğu", that there is none).
func TestLexicalNegations(t *testing.T) {
	ix := lexIndex(t)
	d := ix.newDecision()
	for _, c := range []struct {
		text string
		want int
	}{
		{"Limon kanseri yok eder", 1},
		{"Dinozorlar bir göktaşıyla yok oldu", 1},
		{"Limonun kansere hiçbir faydası yok", 0},
		{"Limonun kansere faydası yok olduğu biliniyor", 0},
		{"Bunun bir sebebi yok, olsa olsa tesadüf", 0},
	} {
		cp := ix.parseClaim(c.text, "tr")
		toks, _ := d.clauseTokens(cp)
		got := 0
		for _, n := range d.lexicalNegations(toks, "tr") {
			got += n
		}
		if got != c.want {
			t.Errorf("%q: %d negations read as part of a verb, want %d", c.text, got, c.want)
		}
	}
}
