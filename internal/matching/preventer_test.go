package matching

import "testing"

// TestDroppedPreventer holds that a post stating all of a preventing fact-check but its
// preventer claims the reverse (preventer.go), while rewordings that keep the preventer, or say
// it with a word of their own, still match.
func TestDroppedPreventer(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"droppedPreventer", "Washing your hands with soap helps spread infections", "en", "hand-washing-en", "opposite meaning"},
		{"droppedPreventer", "Washing your hands with soap spreads infections", "en", "hand-washing-en", "opposite meaning"},
		{"droppedPreventer", "Elleri sabunla yıkamak enfeksiyonların yayılmasına yardımcı olur", "tr", "hand-washing-tr", "opposite meaning"},
		{"droppedPreventer", "Washing your hands with soap helps stop the spread of infections", "en", "hand-washing-en", ""},
		{"droppedPreventer", "Washing your hands with soap helps prevent infections spreading", "en", "hand-washing-en", ""},
		{"droppedPreventer", "Elleri sabunla yıkamak enfeksiyonların yayılmasını önler", "tr", "hand-washing-tr", ""},
		{"droppedPreventer", "Fun fact: washing your hands with soap helps spread infections", "en", "hand-washing-en", "opposite meaning"},
		{"droppedPreventer", "hot lemon water kills cancer", "en", "lemon-water-cancer-en", ""},
		{"droppedPreventer", "Share this: hot lemon water kills cancer, big pharma hides it", "en", "lemon-water-cancer-en", ""},
	})
}

// TestTwoAntonyms holds that two antonyms in one claim ("thinner and lighter" for "thicker and
// darker") say the opposite twice rather than cancel out (decide.go), while one antonym alone
// is refused as before and the fact-check's own words still match.
func TestTwoAntonyms(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"twoAntonyms", "Shaving makes hair grow back thinner and lighter", "en", "shaving-hair-thicker-en", "opposite meaning"},
		{"twoAntonyms", "Tıraş olmak kılların daha ince ve seyrek çıkmasına neden olur", "tr", "shaving-hair-thicker-tr", "opposite meaning"},
		{"twoAntonyms", "Shaving makes hair grow back thinner", "en", "shaving-hair-thicker-en", "opposite meaning"},
		{"twoAntonyms", "shaving makes your hair grow back thicker and darker", "en", "shaving-hair-thicker-en", ""},
		{"twoAntonyms", "Tıraş olunca kıllar daha kalın ve sık çıkar", "tr", "shaving-hair-thicker-tr", ""},
	})
}
