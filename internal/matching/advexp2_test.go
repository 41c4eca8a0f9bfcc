package matching

import "testing"

// TestAdversarial2Expansions holds look-alikes of adversarial2.jsonl that say the fact-check's
// words of another thing (advexp2.go), each with rewordings from the tuning files that must keep
// matching: a noun the claim's name possesses, where the fact-check's name stands alone as its
// subject, and a man-made thing named after the fact-check's subject.
func TestAdversarial2Expansions(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// possessedByName: the horse is short, not Napoleon.
		{"possessedByName", "fun fact my history teacher told us: Napoleon's horse was very short", "en", "napoleon-short-en", "different subject: Napoleon's horse ≠ Napoleon"},
		// The name itself, and a possessor where the fact-check's name is not its subject
		// ("Sydney is the capital of Australia").
		{"possessedByName", "was Napoleon actually really short?", "en", "napoleon-short-en", ""},
		{"possessedByName", "Australia's capital is Sydney", "en", "sydney-capital-en", ""},
		// artifactHead: a shoe is a covering; a game is no artifact, so "basketball game"
		// stays basketball reworded.
		{"artifactHead", "my gym teacher swears the basketball shoe was invented by James Naismith in 1891. is that true??", "en", "basketball-naismith-en", "different subject: basketball shoe ≠ Basketball"},
		{"artifactHead", "James Naismith invented the game of basketball in 1891", "en", "basketball-naismith-en", ""},
		{"artifactHead", "the basketball game was invented by James Naismith in 1891", "en", "basketball-naismith-en", ""},
	})
}
