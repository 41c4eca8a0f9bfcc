package matching

import "testing"

// TestBroaderClaimKinds holds the look-alikes of eval/qualifiers.jsonl that took the verdict of
// a fact-check naming one kind of what they state bare (broader2.go), with rewordings of the
// same fact-checks that state the kind, another word for it, or leave out a detail, and must
// keep matching.
func TestBroaderClaimKinds(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// compoundQualifier: a modifier and its noun that the dictionary names as one kind.
		{"compoundQualifier", "lol smoking causes cancer, everyone knows that", "en", "smoking-lung-cancer-en", "broader claim: the fact-check says lung cancer, the claim says cancer"},
		{"compoundQualifier", "Smoking causes cancer", "en", "smoking-lung-cancer-en", "broader claim"},
		{"compoundQualifier", "arkadaşlar dikkat!! sigara içmek kansere yol açıyor, bunu herkes bilsin", "tr", "smoking-lung-cancer-tr", "broader claim: the fact-check says akciğer kanserine, the claim says kansere"},
		{"compoundQualifier", "Smoking cigarettes leads to lung cancer", "en", "smoking-lung-cancer-en", ""},
		{"compoundQualifier", "Sigara içmek akciğer kanserine neden olur", "tr", "smoking-lung-cancer-tr", ""},
		{"compoundQualifier", "Sleeping with a fan on in a closed room can kill you", "en", "fan-death-en", ""},
		{"compoundQualifier", "Eating processed meat increases the risk of bowel cancer", "en", "processed-meat-cancer-en", ""},
		// personKind: a kind of person left out for a generic person, or of a stated person.
		{"personKind", "Sugar makes people hyperactive, I'm bouncing off the walls after dessert", "en", "sugar-hyperactivity-en", "broader claim: the fact-check says children, the claim says people"},
		{"personKind", "Şeker insanı hiperaktif yapar, ben yiyince yerimde duramıyorum", "tr", "sugar-hyperactivity-tr", "broader claim: the fact-check says çocukları, the claim says insanı"},
		{"personKind", "The human skeleton has 206 bones", "en", "human-bones-206-en", "broader claim: the fact-check says adult, the claim says human"},
		{"personKind", "Sugar makes kids hyperactive", "en", "sugar-hyperactivity-en", ""},
		{"personKind", "Şeker çocukları hiperaktif yapar", "tr", "sugar-hyperactivity-tr", ""},
		{"personKind", "After every birthday party my kids are bouncing off the walls. Sugar makes them hyper, no doubt", "en", "sugar-hyperactivity-en", ""},
		{"personKind", "An adult human skeleton has 206 bones", "en", "human-bones-206-en", ""},
		{"personKind", "Türk kadını 1934'te seçme ve seçilme hakkını kazandı", "tr", "women-suffrage-turkey-1934-tr", ""},
		{"personKind", "New Zealand gave women the vote in the 1893 election, the first self-governing country to do so", "en", "nz-womens-suffrage-1893-en", ""},
	})
}
