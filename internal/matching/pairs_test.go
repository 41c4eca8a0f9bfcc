package matching

import "testing"

// TestActPartner holds posts whose verb, or verb said as a noun, states the act the fact-check
// names with a verbal noun ("tüketimi", "yemek"): a noun or modifier of the post in the same
// gap is not paired with that act as if it stood in its place, while a post with another thing
// in a place both state stays refused.
func TestActPartner(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"actPartner", "Sucuk, salam, sosis gibi işlenmiş etleri yemek bağırsak kanseri riskini yükseltir", "tr", "processed-meat-cancer-tr", ""},
		{"actPartner", "Sucuk, salam, sosis gibi işlenmiş etleri yemek akciğer kanseri riskini yükseltir", "tr", "processed-meat-cancer-tr", "different"},
		{"actPartner", "Sucuk, salam, sosis gibi işlenmiş etleri yemek bağırsak kanseri riskini azaltır", "tr", "processed-meat-cancer-tr", "opposite"},
		{"actPartner", "Sebze yemek bağırsak kanseri riskini yükseltir", "tr", "processed-meat-cancer-tr", "different"},
		{"actPartner", "Balık üstüne yoğurt yenirse zehirler", "tr", "fish-yoghurt-tr", ""},
		{"actPartner", "Balık üstüne ayran içilirse zehirler", "tr", "fish-yoghurt-tr", "different"},
		// actOf: the verb after a modifier of the claim states the act, so the modifier
		// ("beraber") is no phrase of its own in place of the fact-check's "üstüne".
		{"actOf", "Balıkla yoğurt beraber yenmezmiş, zehirlermiş", "tr", "fish-yoghurt-tr", ""},
		{"actOf", "Balıkla ayran beraber içilmezmiş, zehirlermiş", "tr", "fish-yoghurt-tr", "different"},
		{"actOf", "Balıkla yoğurt beraber yenmezmiş, şişmanlatırmış", "tr", "fish-yoghurt-tr", "different"},
		// An act with no object of its own ("smoking") leaves a place a noun of the claim
		// beside its own verb ("drinking tea", "çay içmek") may take.
		{"actPartner", "Does drinking tea cause lung cancer?", "en", "smoking-lung-cancer-en", "different"},
		{"actPartner", "Çay içmek akciğer kanserine yol açar", "tr", "smoking-lung-cancer-tr", "different"},
	})
}
