package matching

import (
	"testing"

	"github.com/claimcheck/claimcheck/internal/turkish"
)

// plainLexicon hides every method of a lexicon but Lexicon's, so an index built with it has no
// class words to retrieve by (kindClasses).
type plainLexicon struct{ Lexicon }

// searchSimilarity is the similarity of the candidate with url among the first ten for post, or
// -1 when it is not among them.
func searchSimilarity(ix *Index, post, lang, url string) float64 {
	for _, c := range ix.Search(post, lang, 10) {
		if c.Review.URL == url {
			return c.Similarity
		}
	}
	return -1
}

// TestKindRetrieval checks that a post naming a kind of what a fact-check names finds that
// fact-check above the retrieval floor through the class word, which without the class it misses
// or holds under the floor; and that the classes are not used where they would bring in another
// claim.
func TestKindRetrieval(t *testing.T) {
	reviews := readReviews(t, starterPath)
	with := lexIndex(t, reviews...)
	without := NewIndex(WithLexicon(plainLexicon{testLexicon(t)}))
	for _, r := range reviews {
		without.Upsert(r)
	}
	const base = "urn:claimcheck:starter:"
	for _, c := range []struct {
		post, lang, url string
		// found: the fact-check reaches the retrieval floor with the classes and not without;
		// otherwise its similarity is the same with and without them.
		found bool
	}{
		{"a shot of vodka will warm you right up when it's freezing outside", "en", base + "alcohol-warms-body-en", true},
		{"Bacon and ham raise your chances of getting colon cancer", "en", base + "processed-meat-cancer-en", true},
		{"Soğukta bir kadeh rakı içersen üşümezsin", "tr", base + "alcohol-warms-body-tr", true},
		{"Sucuk, salam gibi işlenmiş etler kolon kanserine davetiye çıkarıyor", "tr", base + "processed-meat-cancer-tr", true},
		// Across languages the class is not looked for: "knee" is a kind of joint, and the
		// Turkish fact-check about knuckles says "eklemlerde".
		{"Running on concrete causes knee arthritis", "en", base + "knuckle-cracking-arthritis-tr", false},
		// "buys" is a verb, whose noun reading ("buy", a bargain) is a kind of purchase.
		{"inflation means your money buys less, simple as", "en", base + "inflation-purchasing-power-en", false},
		// "vitamini" is a word the index holds: its class (nutriment) is not looked for.
		{"C vitamini nezleden koruyormuş, kışın bol portakal yiyin", "tr", base + "sugar-diabetes-tr", false},
	} {
		got, before := searchSimilarity(with, c.post, c.lang, c.url), searchSimilarity(without, c.post, c.lang, c.url)
		if c.found && (got < DefaultThreshold || before >= DefaultThreshold) {
			t.Errorf("%q: %s similarity %.3f with the classes, %.3f without; want at least %.2f only with them",
				c.post, c.url, got, before, DefaultThreshold)
		}
		if !c.found && got != before {
			t.Errorf("%q: %s similarity %.3f with the classes, %.3f without; want them equal", c.post, c.url, got, before)
		}
	}
}

// TestKindClasses checks which words of a post are given classes: a word no fact-check says,
// not a verb form, a name or a word the index holds.
func TestKindClasses(t *testing.T) {
	ix := starterIndex(t)
	for _, c := range []struct {
		post, lang, word string
		want             []string // class words expected among the word's (stems as indexed); nil: none
	}{
		{"a shot of vodka will warm you up", "en", "vodka", []string{"walcohol"}},
		{"a wee dram of whisky warms you", "en", "whisky", []string{"walcohol"}},
		{"Bacon and ham raise your chances of colon cancer", "en", "bacon", []string{"wmeat"}},
		{"Bacon and ham raise your chances of colon cancer", "en", "ham", []string{"wmeat"}},
		{"soğukta bi kadeh rakı iç ısınırsın", "tr", "rakı", []string{"walkol"}},
		{"Sucuk, salam gibi işlenmiş etler", "tr", "salam", []string{"wet"}},
		{"inflation means your money buys less", "en", "buys", nil},
		{"Running on concrete causes knee arthritis", "en", "Running", nil},
		{"Drinking alcohol keeps you warm", "en", "alcohol", nil},
		{"Soğukta bir kadeh rakı içersen üşümezsin", "tr", "üşümezsin", nil},
	} {
		info := analyzeText(c.post, c.lang)
		ix.mu.RLock()
		kv := ix.kindClasses(&info)
		var got []string
		found := false
		for i, u := range info.units {
			if u.folded != turkish.Fold(c.word) {
				continue
			}
			found = true
			if kv != nil {
				for _, f := range kv.words[i] {
					got = append(got, ix.keys[f])
				}
			}
		}
		ix.mu.RUnlock()
		if !found {
			t.Fatalf("%q: no unit %q", c.post, c.word)
		}
		if c.want == nil && len(got) > 0 {
			t.Errorf("%q: %q given classes %q, want none", c.post, c.word, got)
		}
		for _, w := range c.want {
			if !contains(got, w) {
				t.Errorf("%q: %q given classes %q, want %q among them", c.post, c.word, got, w)
			}
		}
	}
}
