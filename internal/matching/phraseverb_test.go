package matching

import "testing"

// TestPhraseNounsDiffer holds Turkish posts whose noun and verb the parser reads as one phrase
// verb, as it reads the fact-check's (phraseverb.go): another noun with the same verb is another
// claim, the same noun or a word the lexicon relates to it is the claim reworded.
func TestPhraseNounsDiffer(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// Look-alikes: tea where the fact-check says water ("çay içmek", "su içmek").
		{"phraseNounsDiffer", "Herkes günde 8 bardak çay içmeli", "tr", "eight-glasses-water-tr", "different object"},
		{"phraseNounsDiffer", "Günde 8 bardak çay içmek gerekir", "tr", "eight-glasses-water-tr", "different object"},
		// Rewordings: the same phrase verb.
		{"phraseNounsDiffer", "Herkes günde 8 bardak su içmeli", "tr", "eight-glasses-water-tr", ""},
		{"phraseNounsDiffer", "herkes gunde 8 bardak su icmeli", "tr", "eight-glasses-water-tr", ""},
	})
}
