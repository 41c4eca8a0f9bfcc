package matching

import "testing"

// TestCaseDirection holds predicate look-alikes written fresh for casedirection.go: the claim
// states the fact-check's noun with the opposite direction (a Turkish ablative for a dative or
// locative, English "into" for "from") and another verb, which decideWhole had taken for the
// predicate reworded. Rewordings that keep the direction, or turn the whole claim round, must
// keep matching, and so must a feeling said with an ablative of its cause.
func TestCaseDirection(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// Out of the sand, not into it; kept in the head, not lost from it.
		{"caseDirectionFlip", "Devekuşları korktuklarında başlarını kumdan çıkarır", "tr", "ostrich-head-sand-tr", "different predicate: kumdan çıkarır ≠ kuma gömer"},
		{"caseDirectionFlip", "Devekuşları korkunca kafalarını kumdan kaldırır", "tr", "ostrich-head-sand-tr", "different predicate"},
		{"caseDirectionFlip", "Vücut ısımızın çoğunu başımızda tutarız", "tr", "head-heat-loss-tr", "different predicate: başımızda tutarız ≠ başımızdan kaybederiz"},
		{"caseDirectionFlip", "Vücut ısımızın çoğunu kafamızda saklarız", "tr", "head-heat-loss-tr", "different predicate"},
		// Turned into coal, not formed from it.
		{"caseDirectionFlip", "Elmaslar kömüre dönüşür", "tr", "diamonds-from-coal-tr", "different predicate: kömüre dönüşür ≠ kömürden oluşur"},
		{"caseDirectionFlip", "Elmaslar zamanla kömüre dönüşüyor", "tr", "diamonds-from-coal-tr", "different predicate"},
		{"caseDirectionFlip", "elmaslar komure donusur", "tr", "diamonds-from-coal-tr", "different predicate"},
		{"caseDirectionFlip", "İnsanlar maymuna dönüşecek", "tr", "humans-from-monkeys-tr", "different predicate"},
		{"caseDirectionFlip", "Diamonds turn into coal", "en", "diamonds-from-coal-en", "different predicate: turn into coal ≠ formed from coal"},
		{"caseDirectionFlip", "Diamonds are turned into coal over time", "en", "diamonds-from-coal-en", "different predicate"},
		{"caseDirectionFlip", "Diamonds decay into coal", "en", "diamonds-from-coal-en", "different predicate"},
		{"caseDirectionFlip", "Humans will turn into monkeys", "en", "humans-from-monkeys-en", "different predicate"},
		// An English place right after the object both state: where the heads go.
		{"caseDirectionFlip", "Ostriches lift their heads from the sand when frightened", "en", "ostrich-head-sand-en", "different predicate: lift from sand ≠ bury into sand"},
		{"caseDirectionFlip", "When scared, ostriches pull their heads out of the sand", "en", "ostrich-head-sand-en", "different predicate"},
		{"caseDirectionFlip", "ostriches take their heads out of the sand when they get scared", "en", "ostrich-head-sand-en", "different predicate"},
		// Rewordings: the direction kept, the verb linked, the claim turned round.
		{"caseDirectionFlip", "Elmaslar kömürden meydana gelir", "tr", "diamonds-from-coal-tr", ""},
		{"caseDirectionFlip", "Diamonds are created from coal under pressure", "en", "diamonds-from-coal-en", ""},
		{"caseDirectionFlip", "Devekuşları korkunca kafalarını kuma gömer", "tr", "ostrich-head-sand-tr", ""},
		{"caseDirectionFlip", "Vücut ısımızın büyük kısmını kafamızdan kaybederiz", "tr", "head-heat-loss-tr", ""},
		{"caseDirectionFlip", "Isımızın çoğu kafamızdan gider", "tr", "head-heat-loss-tr", ""},
		{"caseDirectionFlip", "İnsanlar maymunlardan evrimleşti", "tr", "humans-from-monkeys-tr", ""},
		{"caseDirectionFlip", "Ostriches stick their heads in the sand when scared", "en", "ostrich-head-sand-en", ""},
		{"caseDirectionFlip", "ostriches put their heads into the sand when they're afraid", "en", "ostrich-head-sand-en", ""},
		{"caseDirectionFlip", "You lose most of your body heat from your head", "en", "head-heat-loss-en", ""},
		// A feeling's cause in the ablative where the fact-check has the dative.
		{"caseDirectionFlip", "Boğalar kırmızıdan öfkelenir", "tr", "bulls-red-tr", ""},
		{"caseDirectionFlip", "Boğalar kırmızı renkten çıldırır", "tr", "bulls-red-tr", ""},
	})
}
