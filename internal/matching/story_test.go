package matching

import "testing"

// TestStoryStated holds the reading of a claim told inside a story (story.go): the reason or the
// words of someone in the story, stated in full by one run of the post's pieces while the rest
// only tells the story, takes the fact-check; another claim in the same story, a story that
// supplies a part of the fact-check, names a number or a topic, or laughs at or denies the claim
// does not.
func TestStoryStated(t *testing.T) {
	ix := starterIndex(t)
	const (
		salt     = "urn:claimcheck:starter:salt-blood-pressure-en"
		berlinTR = "urn:claimcheck:starter:berlin-wall-1989-tr"
		berlinEN = "urn:claimcheck:starter:berlin-wall-1989-en"
		seasons  = "urn:claimcheck:starter:seasons-distance-tr"
		autism   = "urn:claimcheck:starter:vaccines-autism-en"
		smoking  = "urn:claimcheck:starter:smoking-lung-cancer-en"
		carrots  = "urn:claimcheck:starter:carrots-night-vision-en"
	)
	for _, c := range []struct {
		claim, lang, url string
		same             bool
	}{
		// The claim as the reason for what the story tells.
		{"doctor told my dad to cut the salt because too much salt raises your blood pressure", "en", salt, true},
		{"doctor told my dad to go easy on the salt, too much salt raises your blood pressure", "en", salt, true},
		// The claim as what happened when the story did.
		{"Babam anlatır, 1989'da Berlin Duvarı yıkılınca herkes sokaklara dökülmüş", "tr", berlinTR, true},
		{"I was 10 when the Berlin Wall was torn down in 1989, best day ever", "en", berlinEN, true},
		// Advice and the poster's story around the claim.
		{"Eat your carrots and you'll see better in the dark, my gran's rule", "en", carrots, true},

		// Another claim in the same story.
		{"doctor told my dad to cut the sugar because too much sugar raises your blood pressure", "en", salt, false},
		{"doctor told my dad to cut the salt because too much salt raises your cholesterol", "en", salt, false},
		{"Babam anlatır, 1990'da Berlin Duvarı yıkılınca herkes sokaklara dökülmüş", "tr", berlinTR, false},
		{"Babam anlatır, 1989'da Berlin Duvarı yapılınca herkes sokaklara dökülmüş", "tr", berlinTR, false},
		{"my mum says tea causes lung cancer", "en", smoking, false},
		// A story that says a part of the fact-check otherwise: the piece must state it in full.
		{"Gece ve gündüz, Dünya'nın Güneş'e yaklaşıp uzaklaşmasından kaynaklanır", "tr", seasons, false},
		// A story that names a number, a topic the claim is said of, a word of truth.
		{"doctor told my dad at 60 to cut the salt because too much salt raises your blood pressure", "en", salt, false},
		{"doctor told my dad to cut the salt, President Obama says too much salt raises your blood pressure", "en", salt, false},
		{"my vet told me about dogs, too much salt raises your blood pressure", "en", salt, false},
		{"doctor says that's false, too much salt raises your blood pressure", "en", salt, false},
		// A story that laughs at the claim, or reports it said rather than asserts it.
		{"my doctor laughed because I said vaccines cause autism", "en", autism, false},
		{"my doctor laughed at me, vaccines cause autism", "en", autism, false},
		{"my doctor just laughed when I said vaccines cause autism", "en", autism, false},
		// A negated story that shares the claim's words, or says it is not believed, may deny it.
		{"salt doesn't matter, doctor said too much salt raises your blood pressure", "en", salt, false},
		{"I don't believe it, doctor told my dad to cut the salt because too much salt raises your blood pressure", "en", salt, false},
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
