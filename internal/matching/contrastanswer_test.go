package matching

import "testing"

// TestContrastAnswer holds that a post reporting a claim and answering it after a word of
// contrast, in the fact-check's own words, is refused (contrastanswer.go), while a contrast
// that only adds to the claim still matches.
func TestContrastAnswer(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"contrastAnswer", "People say bats are blind, but they can actually see", "en", "bats-blind-en", "denied"},
		{"contrastAnswer", "They say bats are blind but bats can see just fine", "en", "bats-blind-en", "denied"},
		{"contrastAnswer", "Everyone says goldfish have a three-second memory, but they actually remember for months", "en", "goldfish-memory-en", "denied"},
		{"contrastAnswer", "Yarasa gibi kör diyorlar ama bu hayvanlar görebiliyor", "tr", "bats-blind-tr", "denied"},
		{"contrastAnswer", "Yarasalar kör diyorlar ama aslında görebiliyorlar", "tr", "bats-blind-tr", "denied"},
		{"contrastAnswer", "heard Napoleon was very short, but his horse was tiny", "en", "napoleon-short-en", "denied"},
		{"contrastAnswer", "Havuç yemek karanlıkta görmeyi güçlendirir derler ama asıl ıspanak güçlendiriyor", "tr", "carrots-night-vision-tr", "denied"},
		{"contrastAnswer", "people say the moon landing was faked, but it was the Mars footage that was staged", "en", "moon-landing-hoax-en", "denied"},
		{"contrastAnswer", "Smoking causes lung cancer, but people still smoke", "en", "smoking-lung-cancer-en", ""},
		{"contrastAnswer", "my grandpa always says smoking causes lung cancer", "en", "smoking-lung-cancer-en", ""},
		{"contrastAnswer", "Sigara içmek akciğer kanserine yol açar ama kimse bırakmıyor", "tr", "smoking-lung-cancer-tr", ""},
		{"contrastAnswer", "bats are blind, my grandpa always said", "en", "bats-blind-en", ""},
	})
}
