package analysis

import (
	"context"
	"strings"
	"testing"
)

// languageHeldOut are short, realistic claims written before the language and query rules were
// last tuned and never used to tune them: they measure how well the rules generalise. The tuning
// cases live in TestLanguage and TestShortClaimLanguage.
var languageHeldOut = []struct{ claim, want string }{
	{"Kahve kansere yol açar", "tr"},
	{"Limon suyu virüsü öldürür", "tr"},
	{"Ay'a hiç gidilmedi", "tr"},
	{"Çay böbreğe zararlı", "tr"},
	{"Deprem önceden bilinebilir", "tr"},
	{"Zeytinyağı kalbi korur", "tr"},
	{"Sarımsak tansiyonu düşürür", "tr"},
	{"Maske oksijeni azaltır", "tr"},
	{"Köpekler renk görmez", "tr"},
	{"Enflasyon düştü", "tr"},
	{"Piramitleri uzaylılar yaptı", "tr"},
	{"Buzullar eriyor", "tr"},
	{"Goldfish have three second memory", "en"},
	{"Sugar makes kids hyper", "en"},
	{"Lightning never strikes twice", "en"},
	{"Humans use ten percent of their brains", "en"},
	{"Vitamin C cures colds", "en"},
	{"Cracking knuckles causes arthritis", "en"},
	{"Napoleon was short", "en"},
	{"The moon landing was faked", "en"},
	{"Chameleons change color for camouflage", "en"},
	{"Microwaves cause cancer", "en"},
	{"Shaving makes hair grow thicker", "en"},
	{"Eating carrots improves eyesight", "en"},
}

// TestLanguageHeldOut reports the held-out accuracy and fails below the level reached when the
// rules were tuned, so a later change that generalises worse is noticed.
func TestLanguageHeldOut(t *testing.T) {
	o, err := NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	right := 0
	for _, tc := range languageHeldOut {
		r, err := o.Analyze(context.Background(), Input{Claim: tc.claim})
		if err != nil {
			t.Fatalf("%q: %v", tc.claim, err)
		}
		if r.Language == tc.want {
			right++
		} else {
			t.Logf("held-out miss: %q → %s, want %s (%s)", tc.claim, r.Language, tc.want, r.Basis[FieldLanguage].Detail)
		}
	}
	t.Logf("held-out language accuracy: %d/%d", right, len(languageHeldOut))
	if right < heldOutLanguageFloor {
		t.Errorf("held-out language accuracy %d/%d, below %d", right, len(languageHeldOut), heldOutLanguageFloor)
	}
}

// heldOutLanguageFloor is the held-out accuracy the rules reached (21/24 before the negative
// endings and "sh"/"ck" spellings, 23/24 after); see TestLanguageHeldOut.
const heldOutLanguageFloor = 23

// queryHeldOut are held-out negated claims: their English query must name a negation once and
// never end on one.
var queryHeldOut = []string{
	"Ay'a hiç gidilmedi",
	"Aşılar hiç test edilmedi",
	"Dünya asla ısınmıyor",
	"Kimse virüsü görmedi",
	"Küresel ısınma yok",
	"Bu ilaç hiçbir işe yaramaz",
	"Deprem olmayacak",
	"Humans never landed on the Moon",
	"Vaccines were never tested",
	"Nobody has ever seen the virus",
	"There is no global warming",
	"Masks don't work, not at all",
}

// TestEnQueryNegationsHeldOut counts held-out queries that repeat a negation or end on one.
func TestEnQueryNegationsHeldOut(t *testing.T) {
	o, err := NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	bad := 0
	for _, claim := range queryHeldOut {
		r, err := o.Analyze(context.Background(), Input{Claim: claim})
		if err != nil {
			t.Fatalf("%q: %v", claim, err)
		}
		if problem := negationProblem(r.EnQuery); problem != "" {
			bad++
			t.Errorf("%q: en_query %q %s", claim, r.EnQuery, problem)
		}
	}
	t.Logf("held-out queries with a repeated or dangling negation: %d/%d", bad, len(queryHeldOut))
}

// negationProblem says what is wrong with a query's negations, or "".
func negationProblem(q string) string {
	words := strings.Fields(q)
	n := 0
	for _, w := range words {
		if isNegationTerm(strings.ToLower(w)) {
			n++
		}
	}
	switch {
	case n > 1:
		return "repeats a negation"
	case len(words) > 0 && negationStrength[strings.ToLower(words[len(words)-1])] > 0 && isNegationTerm(strings.ToLower(words[len(words)-1])) && len(words) > 1:
		return "ends on a negation"
	case len(words) == 1 && n == 1:
		return "is only a negation"
	}
	return ""
}
