package matching

import "testing"

// TestHoles holds posts that took a fact-check's verdict while not stating it, before the rules
// of holes.go (each group names its rule), with posts of the same shapes that must keep matching.
func TestHoles(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// pronounForPart: a pronoun where the fact-check names a part, with no antecedent.
		{"pronounForPart", "vaccines cause it", "en", "vaccines-autism-en", "different object"},
		{"pronounForPart", "smoking causes it", "en", "smoking-lung-cancer-en", "different object"},
		{"pronounForPart", "honestly vaccines can cause that", "en", "vaccines-autism-en", "different object"},
		{"pronounForPart", "It causes autism!!", "en", "vaccines-autism-en", "different subject"},
		{"pronounForPart", "They cause autism smh", "en", "vaccines-autism-en", "different subject"},
		{"pronounForPart", "Aşılar buna neden oluyor", "tr", "vaccines-autism-tr", "different object"},
		{"pronounForPart", "Sigara buna yol açıyor arkadaşlar", "tr", "smoking-lung-cancer-tr", "different object"},
		{"pronounForPart", "Bu otizme neden oluyor", "tr", "vaccines-autism-tr", "different subject"},
		{"pronounForPart", "Bunlar otizme yol açıyor", "tr", "vaccines-autism-tr", "different subject"},
		{"pronounForPart", "Does it really cause autism?", "en", "vaccines-autism-en", "different subject"},
		{"pronounForPart", "Does it cause cancer?", "en", "smoking-lung-cancer-en", "different subject"},
		{"pronounForPart", "Smoking does that to your lungs", "en", "smoking-lung-cancer-en", "different object"},
		{"pronounForPart", "I play Mozart to my baby because it makes babies smarter", "en", "mozart-effect-en", ""},
		{"pronounForPart", "this vaccine causes autism", "en", "vaccines-autism-en", ""},
		{"pronounForPart", "Bu kadar yıldız varken sadece bizde mi hayat olacak? Dünya dışında da yaşam var", "tr", "alien-life-tr", ""},
		{"pronounForPart", "Get the HPV jab, it helps protect against cervical cancer", "en", "hpv-vaccine-cervical-cancer-en", ""},
		{"pronounForPart", "dogs are totally colorblind, they only see black & white", "en", "dogs-black-white-en", ""},
		{"pronounForPart", "5G korona yayıyor, bu doğru mu?", "tr", "5g-covid-tr", ""},
		{"pronounForPart", "Dağda su daha düşük derecede kaynar", "tr", "water-boils-altitude-tr", ""},
		{"pronounForPart", "It's summer because Earth is nearer to the Sun then", "en", "seasons-distance-en", ""},
		// deniedAfter: the claim stated, then denied or doubted.
		{"deniedAfter", "Vaccines cause autism, that's not true", "en", "vaccines-autism-en", "denied"},
		{"deniedAfter", "Vaccines cause autism? No way", "en", "vaccines-autism-en", "denied"},
		{"deniedAfter", "Smoking causes lung cancer? Nope", "en", "smoking-lung-cancer-en", "denied"},
		{"deniedAfter", "vaccines cause autism. total myth.", "en", "vaccines-autism-en", "denied"},
		{"deniedAfter", "Vaccines cause autism, I don't believe it", "en", "vaccines-autism-en", "denied"},
		{"deniedAfter", "Aşılar otizme neden oluyor, doğru değil", "tr", "vaccines-autism-tr", "denied"},
		{"deniedAfter", "Aşılar otizme neden oluyor, yalan", "tr", "vaccines-autism-tr", "denied"},
		{"deniedAfter", "Aşılar otizme neden oluyor, inanmıyorum", "tr", "vaccines-autism-tr", "denied"},
		{"deniedAfter", "Aşılar otizme neden oluyor mu? Hayır", "tr", "vaccines-autism-tr", "denied"},
		{"deniedAfter", "Sigara akciğer kanserine yol açar, hiç sanmıyorum", "tr", "smoking-lung-cancer-tr", "denied"},
		{"deniedAfter", "Vaccines cause autism but that's a lie", "en", "vaccines-autism-en", "denied"},
		{"deniedAfter", "vaccines cause autism?? yeah no", "en", "vaccines-autism-en", "denied"},
		{"deniedAfter", "Vaccines cause autism. Debunked.", "en", "vaccines-autism-en", "denied"},
		{"deniedAfter", "vaccines cause autism - false", "en", "vaccines-autism-en", "denied"},
		{"deniedAfter", "Vaccines cause autism? Absolutely not", "en", "vaccines-autism-en", "denied"},
		{"deniedAfter", "Aşılar otizme neden oluyor ama hepsi yalan", "tr", "vaccines-autism-tr", "denied"},
		{"deniedAfter", "Aşılar otizme neden oluyor, yok öyle bir şey", "tr", "vaccines-autism-tr", "denied"},
		{"deniedAfter", "don't believe the lies, vaccines cause autism", "en", "vaccines-autism-en", ""},
		{"deniedAfter", "Smoking causes lung cancer but I still smoke", "en", "smoking-lung-cancer-en", ""},
		{"deniedAfter", "Sidney Avustralya'nın başkentidir, Kanberra değil", "tr", "sydney-capital-en", ""},
		{"deniedAfter", "5G korona yayıyor, bu doğru mu?", "tr", "5g-covid-tr", ""},
		{"deniedAfter", "Vaccines cause autism, right?", "en", "vaccines-autism-en", ""},
		{"deniedAfter", "Vaccines cause autism, it's true", "en", "vaccines-autism-en", ""},
		{"deniedAfter", "Aşılar otizme neden oluyor, değil mi?", "tr", "vaccines-autism-tr", ""},
		{"deniedAfter", "Günün en önemli öğünü kahvaltıdır, sakın atlamayın", "tr", "breakfast-most-important-tr", ""},
		{"deniedAfter", "kahvaltı günün en önemli öğünü, asla atlamayın arkadaşlar", "tr", "breakfast-most-important-tr", ""},
		{"deniedAfter", "After every birthday party my kids are bouncing off the walls. Sugar makes them hyper, no doubt", "en", "sugar-hyperactivity-en", ""},
		{"deniedAfter", "we use like ten percent of our brains, imagine unlocking the other ninety", "en", "ten-percent-brain-en", ""},
		{"deniedAfter", "Look at the horizon, no curve. The world is flat, they lie to us", "en", "flat-earth-tr", ""},
		// oneWordTwoParts: one word for the fact-check's subject and the compound that repeats it.
		{"oneWordTwoParts", "Do vaccines actually trigger diabetes?", "en", "sugar-diabetes-tr", "different subject"},
		{"oneWordTwoParts", "Do vaccines really cause diabetes", "en", "sugar-diabetes-tr", "different subject"},
		{"oneWordTwoParts", "Eating sugar causes diabetes", "en", "sugar-diabetes-tr", ""},
		// subjectUnstated: none of the fact-check's subject phrase, a word of the post's own
		// in its place (a question's reading takes it for a verb).
		{"subjectUnstated", "Does coffee actually cause high blood pressure?", "en", "salt-blood-pressure-tr", "different subject"},
		{"subjectUnstated", "Does vaping actually trigger high blood pressure?", "en", "salt-blood-pressure-tr", "different subject"},
		{"subjectUnstated", "Does eating too much salt raise blood pressure?", "en", "salt-blood-pressure-en", ""},
		{"subjectUnstated", "Eating lots of salt raises your blood pressure", "en", "salt-blood-pressure-en", ""},
		{"subjectUnstated", "Tuz tüketmek tansiyonu yükseltir", "tr", "salt-blood-pressure-tr", ""},
		{"oneWordTwoParts", "Şeker diyabete yol açar mı", "tr", "sugar-diabetes-tr", ""},
	})
}
