package matching

import "testing"

// TestSubgroupRestricted holds subgroup.go: a post that restricts the fact-check's claim to a
// group of people it does not name is refused (adversarial3.jsonl's look-alikes), while
// rewordings that name the people the review discusses, one person of the speaker's, or a person
// word in no restricting place keep matching (qualifiers.jsonl, colloq*.jsonl).
func TestSubgroupRestricted(t *testing.T) {
	const why = "the claim says it of"
	checkStarterRules(t, []starterRuleCase{
		// Before a noun both claims state.
		{"subgroup", "Bebekler vücut ısılarının çoğunu başlarından kaybeder", "tr", "head-heat-loss-tr", why},
		{"subgroup", "Most of a baby's body heat is lost through its head", "en", "head-heat-loss-en", why},
		{"subgroup", "Baby bats are born blind", "en", "bats-blind-en", why},
		// The group an adjunct puts the claim in; a partly true review splits on it, in any language.
		{"subgroup", "Vitamin C prevents colds in marathon runners", "en", "vitamin-c-colds-en", why},
		{"subgroup", "Maratoncularda C vitamini soğuk algınlığını önler 🏃", "tr", "vitamin-c-colds-tr", why},
		{"subgroup", "Maratoncularda C vitamini soğuk algınlığını önler 🏃", "tr", "vitamin-c-colds-en", why},
		// In the place of everyone.
		{"subgroup", "Hamile kadınlar her gün en az 8 bardak su içmelidir", "tr", "eight-glasses-water-tr", why},
		// A group the review's body discusses, for a verdict that holds of it.
		{"subgroup", "KKK aşısı çocuklarda otizm yapıyormuş, dikkat edin", "tr", "vaccines-autism-tr", ""},
		{"subgroup", "Çocukken yuttuğun sakız yedi yıl midende kalıyormuş", "tr", "swallowed-gum-tr", ""},
		// One person of the speaker's; a person word before a verb, a name or an adverb; a
		// lexicalised adverb in -DA.
		{"subgroup", "Kızıma HPV aşısını yaptırdım, rahim ağzı kanserinden korunmaya yardımcı oluyor", "tr", "hpv-vaccine-cervical-cancer-tr", ""},
		{"subgroup", "If your kid swallows bubble gum it stays in their stomach for seven years", "en", "swallowed-gum-en", ""},
		{"subgroup", "Giving the HPV vaccine to 12-year-old girls helps prevent cervical cancer", "en", "hpv-vaccine-cervical-cancer-en", ""},
		{"subgroup", "Napoleon was super short lol", "en", "napoleon-short-en", ""},
		{"subgroup", "Ekmek bulamayan halka pasta yesinler diyen kraliçe Marie Antoinette'miş", "tr", "marie-antoinette-cake-tr", ""},
		{"subgroup", "Ofiste biri sürekli parmaklarını çıtırdatıyor, ileride eklemlerin kireçlenecek dedim, çıtlatmak romatizma yapıyor", "tr", "knuckle-cracking-arthritis-tr", ""},
		{"subgroup", "we literally came from monkeys 🐒", "en", "humans-from-monkeys-en", ""},
	})
}
