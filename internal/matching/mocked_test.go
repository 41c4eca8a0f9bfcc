package matching

import "testing"

// TestMockedClaim holds posts that tell of someone laughing at the claim (mocked.go): a comma
// clause of them states the fact-check whole, which the decision took before, but the post does
// not assert it. The claim asserted beside a story that does not mock it is still taken.
func TestMockedClaim(t *testing.T) {
	ix := starterIndex(t)
	const autism = "urn:claimcheck:starter:vaccines-autism-en"
	for _, c := range []struct {
		claim string
		same  bool
	}{
		{"my doctor laughed because I said vaccines cause autism", false},
		{"my doctor laughed at me, vaccines cause autism", false},
		{"my doctor just laughed when I said vaccines cause autism", false},
		{"Vaccines cause autism, wake up people", true},
	} {
		same, why, known := ix.SameClaim(c.claim, "en", autism)
		if !known {
			t.Fatalf("no review %s", autism)
		}
		if same != c.same {
			t.Errorf("SameClaim(%q) = %v (%s), want %v", c.claim, same, why, c.same)
		}
	}
}
