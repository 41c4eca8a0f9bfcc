package matching

import "testing"

// TestAdviceRepeats holds advice that only repeats the claim's words (advicerepeat.go): set
// aside when the rest of the post states the fact-check, never when the rest says another
// thing, names another subject or leaves the subject to a pronoun.
func TestAdviceRepeats(t *testing.T) {
	ix := starterIndex(t)
	for _, c := range []struct {
		claim, lang, url string
		same             bool
	}{
		// Advice naming what its reason is about, then the reason.
		{"Put a coat on or you'll catch a cold, being out in the cold is what gives you a cold", "en", "urn:claimcheck:starter:cold-weather-colds-en", true},
		// An imperative whose verb ends in -ing as its base form does.
		{"bring a hip flask to the match, a drop of whisky keeps you warm when it's freezing", "en", "urn:claimcheck:starter:alcohol-warms-body-en", true},

		// The same advice around another claim.
		{"Put a coat on or you'll catch a cold, being out in the cold is what gives you lung cancer", "en", "urn:claimcheck:starter:cold-weather-colds-en", false},
		{"Put a coat on or you'll catch a cold, being out in the heat is what gives you a cold", "en", "urn:claimcheck:starter:cold-weather-colds-en", false},
		{"Put a coat on or you'll catch a cold, vitamin C keeps colds away", "en", "urn:claimcheck:starter:cold-weather-colds-en", false},
		{"bring a hip flask to the match, a drop of whisky keeps you awake when it's freezing", "en", "urn:claimcheck:starter:alcohol-warms-body-en", false},
		{"bring a hip flask to the match, a hot drink keeps you warm when it's freezing", "en", "urn:claimcheck:starter:alcohol-warms-body-en", false},
		// Advice naming another subject, the rest leaving the subject to a pronoun.
		{"Take zinc or you'll catch a cold, it keeps colds away", "en", "urn:claimcheck:starter:vitamin-c-colds-en", false},
		{"Take zinc or you'll catch a cold, zinc keeps colds away", "en", "urn:claimcheck:starter:vitamin-c-colds-en", false},
		// Advice that adds a claim of its own.
		{"take vitamin C, it cures cancer", "en", "urn:claimcheck:starter:vitamin-c-colds-en", false},

		// A reason after a telling frame that names what the fact-check's act consumes.
		{"doctor told my dad to cut the salt because too much salt raises your blood pressure", "en", "urn:claimcheck:starter:salt-blood-pressure-en", true},
		{"doctor told my dad to cut the salt because too much salt raises your blood sugar", "en", "urn:claimcheck:starter:salt-blood-pressure-en", false},
		{"doctor told my dad to cut the sugar because too much sugar raises your blood pressure", "en", "urn:claimcheck:starter:salt-blood-pressure-en", false},
		{"my mum told me to wear a coat because a coat keeps you warm in the cold", "en", "urn:claimcheck:starter:alcohol-warms-body-en", false},
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

// TestIngBase holds which English words ending in -ing are verbs in their base form.
func TestIngBase(t *testing.T) {
	ix := starterIndex(t)
	for w, want := range map[string]bool{"bring": true, "sing": true, "string": true,
		"running": false, "being": false, "reading": false, "swimming": false, "put": false} {
		if got := ix.ingBase(w); got != want {
			t.Errorf("ingBase(%q) = %v, want %v", w, got, want)
		}
	}
}
