package matching

import "testing"

// TestSupportAside holds posts that say the fact-check's predicate in the going-to future
// (support.go): "going" is a tense, so the verb after it is compared as the predicate, and
// another verb there ("prevent", "cure") is still refused; a "going" with no verb after it is
// an act of going, left as it was.
func TestSupportAside(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"futureGoing", "You eat so much candy, sugar's going to give you diabetes", "en", "sugar-diabetes-en", ""},
		{"futureGoing", "Eating sugar is going to give you diabetes", "en", "sugar-diabetes-en", ""},
		{"futureGoing", "Eating sugar is going to cure diabetes", "en", "sugar-diabetes-en", "opposite"},
		{"futureGoing", "Sugar is going to prevent diabetes", "en", "sugar-diabetes-en", "opposite"},
		{"futureGoing", "Antibiotics are going to cause colds and flu", "en", "antibiotics-viruses-en", "opposite"},
		{"futureGoing", "Going to the gym causes diabetes", "en", "sugar-diabetes-en", "different"},
	})
}

// TestFutureGoing holds the shape futureGoing reads: "going to" right before the clause's verb.
func TestFutureGoing(t *testing.T) {
	verb := part{lang: "en", text: "give", folded: "give", verb: true}
	noun := part{lang: "en", text: "Turkey", folded: "turkey"}
	going := part{lang: "en", text: "going", folded: "going"}
	for _, c := range []struct {
		read string
		next part
		want bool
	}{
		{"sugar's going to give you diabetes", verb, true},
		{"sugar's going give you diabetes", verb, false},
		{"Going to Turkey next summer", noun, false},
	} {
		cp := &claimParts{lang: "en", read: c.read, parts: []part{going, c.next}}
		if got := futureGoing(cp, 0); got != c.want {
			t.Errorf("futureGoing(%q) = %v, want %v", c.read, got, c.want)
		}
	}
}
