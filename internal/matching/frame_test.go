package matching

import (
	"strings"
	"testing"
)

// TestFrameReadings holds the reading of a post in pieces (frame.go): a claim framed by who
// says it, by the poster's story before "but" or "because", or by a tag question after "or" is
// the fact-check's claim; the same frame around another claim, a frame that denies or is
// denied, and a speaker named by a name are not set aside.
func TestFrameReadings(t *testing.T) {
	ix := starterIndex(t)
	for _, c := range []struct {
		claim, lang, url string
		same             bool
	}{
		// A story before "but", then a reporting frame.
		{"love my vindaloo but my mate says spicy food causes ulcers, is that true?", "en", "urn:claimcheck:starter:spicy-food-ulcers-en", true},
		// A tag question after "or".
		{"Do vaccines actually trigger autism or is that just a Facebook thing?", "en", "urn:claimcheck:starter:vaccines-autism-en", true},
		// Advice, then the reason for it after "because".
		{"My dad always says buy gold because the price of gold never drops", "en", "urn:claimcheck:starter:gold-never-falls-en", true},
		{"My nan always says put a hat on because most of your body heat escapes through your head", "en", "urn:claimcheck:starter:head-heat-loss-en", true},
		// An aside about the claim before "but" / "ama".
		{"They tell us to stop driving but volcanoes release more carbon dioxide than all humans", "en", "urn:claimcheck:starter:volcanoes-co2-en", true},
		{"Doktorlar saklıyor ama sodyum bikarbonat kanseri tedavi ediyor, araştırın", "tr", "urn:claimcheck:starter:baking-soda-cancer-tr", true},

		// The same frames around another claim.
		{"love my vindaloo but my mate says spicy food causes hair loss", "en", "urn:claimcheck:starter:spicy-food-ulcers-en", false},
		{"Do vaccines actually trigger allergies or is that just a Facebook thing?", "en", "urn:claimcheck:starter:vaccines-autism-en", false},
		{"My nan always says put a hat on because most of your body heat escapes through your feet", "en", "urn:claimcheck:starter:head-heat-loss-en", false},
		// A frame that denies what it frames, a piece that denies it, a speaker who is no one.
		{"love my vindaloo but my doctor denies spicy food causes ulcers", "en", "urn:claimcheck:starter:spicy-food-ulcers-en", false},
		{"I don't believe it but my mate says spicy food causes ulcers", "en", "urn:claimcheck:starter:spicy-food-ulcers-en", false},
		{"love my vindaloo but nobody says spicy food causes ulcers", "en", "urn:claimcheck:starter:spicy-food-ulcers-en", false},
		// A frame word in the place of a fact-check part: the reading without it misses the part.
		{"My nan always says put a hat on because most of your body heat escapes", "en", "urn:claimcheck:starter:head-heat-loss-en", false},

		// A reading opened by a subject pronoun, whose subject the story before it names.
		{"I play Mozart to my newborn every night because it makes babies smarter", "en", "urn:claimcheck:starter:mozart-effect-en", true},
		{"Got my daughter the HPV jab, the doctor said it helps prevent cervical cancer", "en", "urn:claimcheck:starter:hpv-vaccine-cervical-cancer-en", true},
		{"my mum has been pushing vitamin C on me since I was 5, says it keeps colds away", "en", "urn:claimcheck:starter:vitamin-c-colds-en", true},
		{"dogs are totally colorblind, they only see black & white", "en", "urn:claimcheck:starter:dogs-black-white-en", true},
		// … where the story names another subject, or the reading says another thing of it.
		{"I take vitamin C every day, it keeps me awake", "en", "urn:claimcheck:starter:vitamin-c-colds-en", false},
		{"my mum has been pushing zinc on me since I was 5, says it keeps colds away", "en", "urn:claimcheck:starter:vitamin-c-colds-en", false},
		{"cats are totally colorblind, they only see black & white", "en", "urn:claimcheck:starter:dogs-black-white-en", false},
		// A word of the reading's own after the pronoun ("dogs", which the reading by position
		// may take for a verb).
		{"I play Mozart to my dog every night because it makes dogs smarter", "en", "urn:claimcheck:starter:mozart-effect-en", false},
		// A word on the claim and "that" before it.
		{"Watched Lucy last night, crazy that humans only use 10% of their brains", "en", "urn:claimcheck:starter:ten-percent-brain-en", true},
		{"Watched Lucy last night, crazy that humans only use 20% of their brains", "en", "urn:claimcheck:starter:ten-percent-brain-en", false},
		// A negated piece that tells the poster's story around the claim denies nothing of it.
		{"my sister in law swears the jabs are what gave her boy autism, vaccines cause it and nobody will admit it", "en", "urn:claimcheck:starter:vaccines-autism-en", true},
		{"Gökyüzüne bakın, uçaklar bize gizlice kimyasal püskürtüyor, o çizgiler normal değil", "tr", "urn:claimcheck:starter:chemtrails-tr", true},
		{"We are not alone, there is life on other planets", "en", "urn:claimcheck:starter:alien-life-en", true},
		// … but one with a word of truth or belief, or a word of the claim, may deny it.
		{"Gökyüzüne bakın, uçaklar bize gizlice kimyasal püskürtüyor, bu doğru değil", "tr", "urn:claimcheck:starter:chemtrails-tr", false},
		{"Gökyüzüne bakın, uçaklar bize gizlice kimyasal püskürtüyor, hiç sanmıyorum", "tr", "urn:claimcheck:starter:chemtrails-tr", false},
		{"Gökyüzüne bakın, uçaklar bize gizlice kimyasal püskürtüyor, uçaklar kimyasal püskürtmüyor", "tr", "urn:claimcheck:starter:chemtrails-tr", false},
		{"We are not alone, I don't believe there is life on other planets", "en", "urn:claimcheck:starter:alien-life-en", false},
		// Pieces cut by a frame stay clauses of their own, so the comparison keeps its subject.
		{"They tell us to stop driving but humans release more carbon dioxide than volcanoes", "en", "urn:claimcheck:starter:volcanoes-co2-en", false},
		{"I play Bach to my newborn every night because it makes babies smarter", "en", "urn:claimcheck:starter:mozart-effect-en", false},
		{"I play Mozart to my newborn every night because it makes babies sleep", "en", "urn:claimcheck:starter:mozart-effect-en", false},
		{"Got my daughter the flu jab, the doctor said it helps prevent cervical cancer", "en", "urn:claimcheck:starter:hpv-vaccine-cervical-cancer-en", false},
	} {
		same, why, known := ix.SameClaim(c.claim, c.lang, c.url)
		if !known {
			t.Fatalf("no review %s", c.url)
		}
		if same != c.same {
			t.Errorf("SameClaim(%q, %s) = %v (%s), want %v", c.claim, c.url, same, why, c.same)
		}
	}
}

// TestReportFrameEnd holds which openings of a piece are reporting frames: a speaker of the
// poster's circle or anyone, a verb the lexicon has as a kind of saying or thinking, "that" or
// "me" after it; not a verb of denial, a negated speaker, a named one, nor a frame with too
// little after it.
func TestReportFrameEnd(t *testing.T) {
	ix := starterIndex(t)
	for _, c := range []struct {
		text string
		end  string // the frame's last word, "" for none
	}{
		{"my sister in law swears the jabs gave her boy autism", "swears"},
		{"my mate says spicy food causes ulcers", "says"},
		{"she read that bicarbonate of soda cures cancer", "that"},
		{"my neighbour told me that fish with yoghurt is poisonous", "that"},
		{"people reckon the 5G rollout spreads the virus", "reckon"},
		{"my doctor denies spicy food causes ulcers", ""},
		{"my doctor doubts spicy food causes ulcers", ""},
		{"my doctor questions that spicy food causes ulcers", ""},
		{"nobody says spicy food causes ulcers", ""},
		{"my friend Einstein said we use ten percent of our brains", ""},
		{"my mate says so", ""},
		{"pushing vitamin C, says it keeps colds away", "says"}, // after the clause naming the speaker
		{"spicy food causes ulcers", ""},
	} {
		words := frameWords.FindAllStringIndex(c.text, -1)
		k := 0 // the frame opens the text, or follows its first comma
		for i, w := range words {
			if c.text[w[0]:w[1]] == "," {
				k = i + 1
			}
		}
		got := ""
		if end := ix.reportFrameEnd(c.text, words, k); end >= 0 {
			got = c.text[words[end][0]:words[end][1]]
		}
		if got != c.end {
			t.Errorf("reportFrameEnd(%q) ends at %q, want %q", c.text, got, c.end)
		}
	}
}

// TestFramePieces holds where a post is cut into pieces: at clause punctuation, before a
// conjunction that opens a clause (not "because of", a preposition, nor "or" between two
// nouns), around Turkish "diye" and after a reporting frame.
func TestFramePieces(t *testing.T) {
	ix := starterIndex(t)
	for _, c := range []struct {
		text, lang string
		pieces     []string
	}{
		{"love my vindaloo but my mate says spicy food causes ulcers", "en", []string{"love my vindaloo", "but my mate says", "spicy food causes ulcers"}},
		{"Do vaccines trigger autism or is that just a Facebook thing?", "en", []string{"Do vaccines trigger autism", "or is that just a Facebook thing?"}},
		{"Do vaccines or antibiotics trigger autism?", "en", []string{"Do vaccines or antibiotics trigger autism?"}},
		{"vaccines cause it and nobody will admit it", "en", []string{"vaccines cause it", "and nobody will admit it"}},
		{"Bacon and ham increase your risk of bowel cancer", "en", []string{"Bacon and ham increase your risk of bowel cancer"}},
		{"crazy that humans only use 10% of their brains", "en", []string{"crazy that", "humans only use 10% of their brains"}},
		{"the vaccine that causes autism", "en", []string{"the vaccine that causes autism"}},
		{"the ozone hole is healing because of the Montreal Protocol", "en", []string{"the ozone hole is healing because of the Montreal Protocol"}},
		{"I play Mozart every night because it makes babies smarter", "en", []string{"I play Mozart every night", "because it makes babies smarter"}},
		{"Annem cacık koymaz, balıkla yoğurt zehirler diye", "tr", []string{"Annem cacık koymaz,", "balıkla yoğurt zehirler", "diye"}},
		{"Doktorlar saklıyor ama karbonat kanseri tedavi ediyor", "tr", []string{"Doktorlar saklıyor", "ama karbonat kanseri tedavi ediyor"}},
	} {
		var got []string
		for _, p := range ix.framePieces(c.text, c.lang) {
			got = append(got, strings.TrimSpace(c.text[p.from:p.to]))
		}
		if strings.Join(got, " | ") != strings.Join(c.pieces, " | ") {
			t.Errorf("framePieces(%q) = %q, want %q", c.text, got, c.pieces)
		}
	}
}
