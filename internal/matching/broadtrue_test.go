package matching

import "testing"

// TestBroaderByVerdict holds the look-alikes of eval/qualifiers.jsonl that took the verdict of
// a fact-check whose qualifier they leave out while saying something of their own, or whose
// qualifier broader.go does not read (broadtrue.go), with rewordings of the same fact-checks
// that state the qualifier, state it in other words or name a narrower kind, and must keep
// matching.
func TestBroaderByVerdict(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// adjectiveLeftOut, a claim rated true: an adjective or participle of a stated noun,
		// whatever else the post says.
		{"true adjective", "Et yemek bağırsak kanseri riskini artırıyor, vejetaryen olun millet", "tr", "processed-meat-cancer-tr", "broader claim: the fact-check says işlenmiş et, the claim says et"},
		{"true adjective", "Eating meat increases the risk of bowel cancer", "en", "processed-meat-cancer-en", "broader claim: the fact-check says processed meat, the claim says meat"},
		{"true adjective", "The HPV vaccine prevents cancer", "en", "hpv-vaccine-cervical-cancer-en", "broader claim: the fact-check says cervical cancer, the claim says cancer"},
		{"true adjective", "Eating processed meat increases the risk of bowel cancer", "en", "processed-meat-cancer-en", ""},
		{"true adjective", "İşlenmiş et yemek bağırsak kanseri riskini artırır", "tr", "processed-meat-cancer-tr", ""},
		{"true adjective", "Eating bacon and ham increases the risk of bowel cancer", "en", "processed-meat-cancer-en", ""},
		{"true adjective", "The HPV vaccine helps prevent cervical cancer", "en", "hpv-vaccine-cervical-cancer-en", ""},
		{"true adjective", "Türk kadını 1934'te seçme ve seçilme hakkını kazandı", "tr", "women-suffrage-turkey-1934-tr", ""},
		{"true adjective", "Milli takımımız 2002 Dünya Kupası'nda üçüncü oldu", "tr", "turkey-world-cup-2002-tr", ""},
		// adjectiveLeftOut, a claim rated false: only an adjective opening its phrase, with no
		// word of the post's own beside the noun.
		{"false adjective", "Vikingler miğfer takardı ⚔️", "tr", "vikings-horned-helmets-tr", "broader claim: the fact-check says boynuzlu miğferler, the claim says miğfer"},
		{"false adjective", "Vikingler boynuzlu miğfer takardı", "tr", "vikings-horned-helmets-tr", ""},
		{"false adjective", "Kahverengi yumurta beyaz yumurtadan daha besleyicidir", "tr", "brown-eggs-tr", ""},
		{"false adjective", "Hava kapalıyken güneş kremi sürmek gereksiz", "tr", "sunscreen-cloudy-days-tr", ""},
		{"false adjective", "Einstein flunked math as a kid", "en", "einstein-failed-math-en", ""},
		// actConditionLeftOut: a condition of the act left out beside the stated act.
		{"actCondition", "elleri yikamak enfeksiyonlarin yayilmasini onlemeye yardimci olur", "tr", "hand-washing-tr", "broader claim: the fact-check says sabunla yıkamak, the claim says yikamak"},
		{"actCondition", "Kitap okumak gözleri bozar diye annem hep kızardı", "tr", "reading-dim-light-tr", "broader claim: the fact-check says loş ışıkta kitap, the claim says kitap"},
		{"actCondition", "Washing hands helps prevent the spread of infections", "en", "hand-washing-en", "broader claim: the fact-check says hands with soap, the claim says hands"},
		{"actCondition", "Elleri sabunla yıkamak enfeksiyonların yayılmasını önlemeye yardımcı olur", "tr", "hand-washing-tr", ""},
		{"actCondition", "Reading in the dark will ruin your eyes", "en", "reading-dim-light-tr", ""},
		{"actCondition", "Current global warming is mainly caused by human activity", "en", "climate-human-en", ""},
		{"actCondition", "Işığı aç öyle oku, karanlıkta kitap okursan gözlerin bozulur", "tr", "reading-dim-light-tr", ""},
	})
}
