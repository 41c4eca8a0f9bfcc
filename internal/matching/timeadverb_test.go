package matching

import "testing"

// TestTimeAdverbFunction holds posts that put the deictic time adverb "today" (or "now") in a
// claim: normalize.go lists them among the English function words, as the Turkish list of
// internal/turkish has "bugün" and "şimdi" (tuning data: colloq2 h-cl-012, blind2 c-pp-136, test
// x-pp-096). A post that changes what the fact-check says stays refused.
func TestTimeAdverbFunction(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"englishFunctionWords", "earthquake weather is real, it's been so hot and sticky today", "en", "earthquake-weather-tr", ""},
		{"englishFunctionWords", "Global warming today is driven mostly by us humans", "en", "climate-human-en", ""},
		{"englishFunctionWords", "Humans are the main cause of today's global warming", "en", "climate-human-en", ""},
		{"englishFunctionWords", "earthquake weather is real, it's been so cold and rainy today", "en", "earthquake-weather-tr", "different"},
		{"englishFunctionWords", "Global warming today is driven mostly by the sun", "en", "climate-human-en", "different"},
		{"englishFunctionWords", "Volcanoes are the main cause of today's global warming", "en", "climate-human-en", "different"},
	})
}
