package matching

import (
	"strings"
	"testing"
)

// TestConjunctStated holds posts that state a fact-check rated false and add a clause of their
// own (conjunct.go), refused with "the claim also says X" before, with the look-alikes of the
// same shape that must stay refused: a fact-check rated true or mixed, a word narrowing the
// claim inside its clause, another subject, a clause refuting or doubting the claim.
func TestConjunctStated(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// The claim, then "and" / "ve" and a clause with a subject and a predicate of its own.
		{"conjunct", "sodium bicarbonate wipes out cancer and oncologists hide it", "en", "baking-soda-cancer-tr", ""},
		{"conjunct", "the earth is flat and NASA lies #flatearth", "en", "flat-earth-en", ""},
		{"conjunct", "bitcoin islemleri izlenemez ve kimse kimin gonderdigini bilemez", "tr", "bitcoin-anonymous-tr", ""},
		// A reason clause of -DIK and "için" before the clause of the post's own.
		{"conjunct", "Yarasalar kör olduğu için sesle yollarını bulurlar", "tr", "bats-blind-tr", ""},
		// Rated true or mixed: the added clause is unchecked.
		{"conjunct", "Smoking causes lung cancer and my uncle quit last year", "en", "smoking-lung-cancer-en", "different"},
		{"conjunct", "Cold weather causes the common cold and my kids stay inside", "en", "cold-weather-colds-en", "different"},
		// A word narrowing the claim inside its own clause changes it.
		{"conjunct", "sodium bicarbonate wipes out cancer cells in mice and oncologists hide it", "en", "baking-soda-cancer-tr", "different"},
		{"conjunct", "plain baking soda cures cancer and big pharma knows it", "en", "baking-soda-cancer-tr", "different"},
		// Another subject; a clause refuting or doubting the claim.
		{"conjunct", "lemon juice wipes out cancer and oncologists hide it", "en", "baking-soda-cancer-tr", "different"},
		{"conjunct", "sodium bicarbonate wipes out cancer and scientists debunked it", "en", "baking-soda-cancer-tr", "different"},
		{"conjunct", "the earth is flat and scientists don't accept it", "en", "flat-earth-en", "negation"},
		// Two question words of one clause are no two clauses.
		{"conjunct", "scientists can predict exactly when and where a volcano will erupt", "en", "earthquake-prediction-en", "different"},
	})
}

// TestConjunctCuts holds where conjunctCuts cuts a post beyond framePieces: before "and" / "ve"
// joining two clauses and after a Turkish reason clause of -DIK and "için", never inside a
// coordinated noun phrase or predicate.
func TestConjunctCuts(t *testing.T) {
	ix := starterIndex(t).newDecision()
	for _, c := range []struct {
		text, lang string
		pieces     []string
	}{
		{"sodium bicarbonate wipes out cancer and oncologists hide it", "en", []string{"sodium bicarbonate wipes out cancer", "and oncologists hide it"}},
		{"Karbonat kanseri tedavi ediyor ve doktorlar saklıyor", "tr", []string{"Karbonat kanseri tedavi ediyor", "ve doktorlar saklıyor"}},
		{"Yarasalar kör olduğu için sesle yollarını bulurlar", "tr", []string{"Yarasalar kör olduğu için", "sesle yollarını bulurlar"}},
		{"Bacon, ham and sausages increase your risk of bowel cancer", "en", []string{"Bacon", "ham and sausages increase your risk of bowel cancer"}},
		{"Antibiyotikler gribi ve nezleyi iyileştiriyormuş", "tr", []string{"Antibiyotikler gribi ve nezleyi iyileştiriyormuş"}},
		{"vaccines cause autism and kill kids", "en", []string{"vaccines cause autism and kill kids"}},
		{"scientists can predict exactly when and where a volcano will erupt", "en", []string{"scientists can predict exactly when and where a volcano will erupt"}},
	} {
		var got []string
		for _, p := range ix.conjunctCuts(ix.framePieces(c.text, c.lang), c.text, c.lang) {
			got = append(got, strings.TrimSpace(strings.Trim(c.text[p.from:p.to], pieceEnd)))
		}
		if strings.Join(got, "|") != strings.Join(c.pieces, "|") {
			t.Errorf("conjunctCuts(%q) = %q, want %q", c.text, got, c.pieces)
		}
	}
}
