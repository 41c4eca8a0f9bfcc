package matching

import (
	"strings"
	"testing"
)

// TestOtherPredicate holds the refusal of a content verb of the claim in the place of a content
// verb of a fact-check rated true that the lexicon relates to it in no way (predtrue.go), in
// English, in Turkish and across the two; rewordings with a related verb, a light verb, a phrasal
// verb or a looser translation keep the fact-check.
func TestOtherPredicate(t *testing.T) {
	ix := starterIndex(t)
	const (
		berlinEN = "urn:claimcheck:starter:berlin-wall-1989-en"
		berlinTR = "urn:claimcheck:starter:berlin-wall-1989-tr"
		constEN  = "urn:claimcheck:starter:constantinople-1453-en"
		constTR  = "urn:claimcheck:starter:constantinople-1453-tr"
		inflEN   = "urn:claimcheck:starter:inflation-purchasing-power-en"
		inflTR   = "urn:claimcheck:starter:inflation-purchasing-power-tr"
		olympics = "urn:claimcheck:starter:olympics-ancient-greece-en"
		gsTR     = "urn:claimcheck:starter:galatasaray-uefa-cup-2000-tr"
		liraTR   = "urn:claimcheck:starter:lira-redenomination-2005-tr"
	)
	for _, c := range []struct {
		claim, lang, url string
		same             bool
	}{
		// Another predicate, which no sense, translation or derived form relates.
		{"berlin wall was erected in 1989 i think", "en", berlinEN, false},
		{"berlin wall was erected in 1989 i think", "en", berlinTR, false},
		{"Berlin Duvarı 1989 yılında örüldü", "tr", berlinTR, false},
		{"İstanbul 1453'te Osmanlılar tarafından kurulmuş", "tr", constTR, false},
		{"İstanbul 1453'te Osmanlılar tarafından kurulmuş", "tr", constEN, false},
		{"Constantinople was founded by the Ottomans in 1453", "en", constTR, false},
		{"Enflasyon paranın satın alma gücünü ölçer", "tr", inflTR, false},
		{"the Olympic Games were banned in ancient Greece", "en", olympics, false},

		// The predicate reworded: kin senses, a light or phrasal verb, a passive read as its
		// active verb, a looser translation across languages.
		{"Inflation erodes the purchasing power of money", "en", inflEN, true},
		{"inflation means your money buys less", "en", inflTR, true},
		{"so the berlin wall came down in 1989, huh", "en", berlinEN, true},
		{"The Berlin Wall was torn down in 1989", "en", berlinEN, true},
		{"1453'te İstanbul Osmanlılar tarafından alındı", "tr", constTR, true},
		{"Galatasaray lifted the UEFA Cup in 2000", "en", gsTR, true},
		{"Turkey knocked six zeros off the lira in 2005", "en", liraTR, true},
	} {
		same, why, known := ix.SameClaim(c.claim, c.lang, c.url)
		if !known {
			t.Fatalf("no review %s", c.url)
		}
		if same != c.same {
			t.Errorf("SameClaim(%q, %s) = %v (%s), want %v", c.claim, c.url, same, why, c.same)
		}
		if !c.same && !strings.HasPrefix(why, "different predicate: ") {
			t.Errorf("SameClaim(%q, %s): reason %q, want a different predicate", c.claim, c.url, why)
		}
	}
}
