package matching

import "testing"

// TestSlotSynonyms holds rewordings of tuning files whose fact-check was refused because one
// aligned slot was read as a different word where it says the same thing (each group names the
// cause), with look-alikes of the same fact-checks that must stay refused.
func TestSlotSynonyms(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// abilityPassive: "takip edilemez" (cannot be followed) is a negative passive of ability,
		// as "izlenemez" is; without the passive read under the ability suffix neither had a
		// positive the lexicon knows, and the negation of one went unseen.
		{"abilityPassive", "bitcoin işlemleri tamamen anonim, takip edilemez", "tr", "bitcoin-anonymous-tr", ""},
		{"abilityPassive", "Kredi kartı işlemleri takip edilemez", "tr", "bitcoin-anonymous-tr", "different"},
		// firstPivotSynonym (internal/thesaurus): "hatırlamak" (remember) and "hafıza" (memory)
		// meet only in a second sense of their first translations.
		{"firstPivotSynonym", "Japon balıkları hiçbir şeyi 3 saniyeden uzun hatırlayamaz", "tr", "goldfish-memory-tr", ""},
		{"firstPivotSynonym", "gizli moda gecin tamamen anonim olursunuz internette", "tr", "incognito-anonymous-tr", ""},
		{"firstPivotSynonym", "Japon balıkları hiçbir şeyi 3 saniyeden uzun göremez", "tr", "goldfish-memory-tr", "different"},
		{"firstPivotSynonym", "Köpekler hiçbir şeyi 3 saniyeden uzun hatırlayamaz", "tr", "goldfish-memory-tr", "different"},
		// unitSynonym: a number in words takes as its unit a word the lexicon makes a synonym
		// of a unit word ("defa" of "kez").
		{"unitSynonym", "yıldırım aynı yere iki defa düşmezmiş ⚡", "tr", "lightning-never-twice-tr", ""},
		{"unitSynonym", "yıldırım aynı yere üç defa düşmez", "tr", "lightning-never-twice-tr", "different number"},
		// ordinalTimes: "ikinci kez" (a second time) counts as "iki kez" does.
		{"ordinalTimes", "yildirim ayni yere ikinci kez dusmez", "tr", "lightning-never-twice-tr", ""},
		{"ordinalTimes", "yildirim ayni yere ucuncu kez dusmez", "tr", "lightning-never-twice-tr", "different number"},
		// timesWords: "twice" is the count "two times", also misspelt.
		{"timesWords", "lightning never hits the same place two times", "en", "lightning-never-twice-en", ""},
		{"timesWords", "Lightning never strikes the same place twise", "en", "lightning-never-twice-en", ""},
		{"timesWords", "Lightning never strikes the same place three times", "en", "lightning-never-twice-en", "different number"},
		// questionParticle: "değil miydi?" (wasn't it?) asks for agreement with the positive
		// statement, as "değil mi?" does.
		{"questionParticle", "başkentimiz istanbul değil miydi ya", "tr", "istanbul-capital-tr", ""},
		{"questionParticle", "başkentimiz izmir değil miydi ya", "tr", "istanbul-capital-tr", "different"},
	})
}
