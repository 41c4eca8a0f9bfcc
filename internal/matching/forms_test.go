package matching

import (
	"strings"
	"testing"
)

// TestSameClaimNumberFormsAndRestatements holds how people write numbers (a two-digit year
// with a Turkish ending, a Turkish ordinal "9.", "3rd", "a tenth of", "four and a half billion"),
// a generic person where the fact-check says "we", and a post that restates the claim in a
// negated clause of other words ("isn't round, it's flat"), each with the look-alike that must
// still be refused.
func TestSameClaimNumberFormsAndRestatements(t *testing.T) {
	ix := lexIndex(t,
		review("u:berlin", "Berlin Duvarı 1989'da yıkıldı.", "tr", "dogru"),
		review("u:pluto", "Plüton, Güneş Sistemi'nin dokuzuncu gezegenidir.", "tr", "yanlis"),
		review("u:brain", "We only use 10 percent of our brains.", "en", "yanlis"),
		review("u:age-en", "The Earth is about 4.5 billion years old.", "en", "dogru"),
		review("u:age-tr", "Dünya yaklaşık 4,5 milyar yaşındadır.", "tr", "dogru"),
		review("u:cup", "Turkey finished third at the 2002 World Cup.", "en", "dogru"),
		review("u:marathon", "The official marathon distance is 42.195 kilometres.", "en", "dogru"),
		review("u:knuckles", "Cracking your knuckles causes arthritis.", "en", "yanlis"),
		review("u:bones", "Adults have 206 bones in their skeleton.", "en", "dogru"),
		review("u:republic", "Türkiye Cumhuriyeti 29 Ekim 1923'te ilan edildi.", "tr", "dogru"),
		review("u:goldfish", "Japon balıklarının hafızası yalnızca 3 saniyedir.", "tr", "yanlis"),
		review("u:tyres", "The rubber tyres on a car protect you from lightning.", "en", "yanlis"),
		review("u:nz", "New Zealand was the first self-governing country to give women the vote in national elections, in 1893.", "en", "dogru"),
		review("u:water", "Everyone needs to drink at least eight glasses of water a day.", "en", "kismen"),
		review("u:flat", "The Earth is flat.", "en", "yanlis"),
		review("u:autism", "Vaccines cause autism.", "en", "yanlis"),
		review("u:landing", "Ay'a iniş hiç gerçekleşmedi, stüdyoda çekilmiş bir düzmeceydi.", "tr", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Berlin duvarı 89'da yıkıldı", "tr", "u:berlin", ""},
		{"Berlin duvarı 79'da yıkıldı", "tr", "u:berlin", "different number"},
		{"Güneş sistemindeki 9. gezegen Plüton'dur", "tr", "u:pluto", ""},
		{"Güneş sistemindeki 8. gezegen Plüton'dur", "tr", "u:pluto", "different number"},
		{"Humans only use a tenth of their brain", "en", "u:brain", ""},
		{"Humans only use a fifth of their brain", "en", "u:brain", "different number"},
		{"People only use 10 percent of their brains", "en", "u:brain", ""},
		// A generic person is no subject of its own, but another subject is.
		{"Dolphins only use 10 percent of their brains", "en", "u:brain", "different"},
		{"Earth is roughly four and a half billion years old", "en", "u:age-en", ""},
		{"Earth is roughly four billion years old", "en", "u:age-en", "different number"},
		{"Dünya dört buçuk milyar yaşında", "tr", "u:age-tr", ""},
		{"Turkey finished 3rd at the 2002 World Cup", "en", "u:cup", ""},
		{"Turkey finished 2nd at the 2002 World Cup", "en", "u:cup", "different number"},
		// A length in miles is that length in kilometres, rounded as conversions are written.
		{"The official marathon distance is 26.2 miles", "en", "u:marathon", ""},
		{"The official marathon distance is 42.195 miles", "en", "u:marathon", "different number"},
		// A negated clause that restates the claim in words of its own.
		{"the earth isn't round, it's flat", "en", "u:flat", ""},
		{"The earth is not flat, it's round", "en", "u:flat", "negation differs"},
		// A warning to stop doing what the claim says is its cause; a bound may close the
		// phrase of its number.
		{"Stop cracking your knuckles, you'll get arthritis!", "en", "u:knuckles", ""},
		{"Everyone should drink 8 glasses of water a day minimum", "en", "u:water", ""},
		// A hyphenated word the lexicon knows whole is one word; "and" inside a number in words.
		{"Kadınlara ulusal seçimlerde ilk oy hakkı veren ülke 1893'te Yeni Zelanda'dır", "tr", "u:nz", ""},
		// Across languages a word's first translation is its link before a looser one of
		// another word ("ulusal" may be "country" too, "ülke" is "country" first).
		{"Yeni Zelanda 1893'te kadınlara ulusal seçimlerde oy hakkı tanıyan ilk özerk ülkedir", "tr", "u:nz", ""},
		{"Grown-ups have two hundred and six bones in their skeleton", "en", "u:bones", ""},
		{"Grown-ups have two hundred and sixteen bones in their skeleton", "en", "u:bones", "different number"},
		// A hyphenated compound the lexicon does not know modifies the noun after it: "soled"
		// is no verb, and "shoes" is the subject.
		{"Rubber-soled shoes protect you from lightning", "en", "u:tyres", "different"},
		// A unit word after the end of the number's sentence is not its unit.
		{"29 Oct 1923: the day Turkey was declared a republic", "en", "u:republic", ""},
		// Units as people abbreviate them.
		{"Japon balıklarının hafızası 3 sn", "tr", "u:goldfish", ""},
		{"Japon balıklarının hafızası 3 dk", "tr", "u:goldfish", "different number"},
		// A call to people in a sentence of its own is chatter, not a part shared.
		{"The earth is flat. Wake up people #flatearth", "en", "u:flat", ""},
		{"Vaccines don't cause autism, they cause allergies", "en", "u:autism", "negation differs"},
		// Against a negated fact-check the post's negations count as they are.
		{"Ay'a hiç gidilmedi, her şey stüdyoda çekildi", "tr", "u:landing", ""},
	})
}

// TestSameClaimWordBesideAStatedNoun holds that, within one language and with the whole
// fact-check stated, a word beside a stated noun narrows it, while a word of its own elsewhere,
// or across languages, is another claim.
func TestSameClaimWordBesideAStatedNoun(t *testing.T) {
	ix := lexIndex(t,
		review("u:mrna", "mRNA vaccines change your DNA.", "en", "yanlis"),
		review("u:ozone", "The ozone hole is recovering.", "en", "dogru"),
		review("u:evolution", "Canlılar evrimle zaman içinde değişti.", "tr", "dogru"),
		review("u:smoking-tr", "Sigara içmek akciğer kanserine yol açar.", "tr", "dogru"),
		review("u:flu", "The flu vaccine gives you the flu.", "en", "yanlis"),
		review("u:tides", "Ocean tides are caused mainly by the Moon's gravity.", "en", "dogru"),
		review("u:sunscreen", "You don't need sunscreen on cloudy days.", "en", "yanlis"),
		review("u:hpv", "The HPV vaccine helps prevent cervical cancer.", "en", "dogru"),
		review("u:breakfast", "Kahvaltı günün en önemli öğünüdür.", "tr", "belirsiz"),
		review("u:mrna-dna", "mRNA vaccines change your DNA.", "en", "yanlis"),
		review("u:knuckles", "Cracking your knuckles causes arthritis.", "en", "yanlis"),
		review("u:eggs-en", "Eating eggs raises your blood cholesterol.", "en", "kismen"),
		review("u:sugar", "Şeker yemek şeker hastalığına (diyabete) yol açar.", "tr", "kismen"),
		review("u:tongue", "Dilin farklı bölgeleri farklı tatları algılar: tatlıyı dilin ucu, ekşiyi kenarları algılar.", "tr", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"The mRNA covid vaccines change your DNA", "en", "u:mrna", ""},
		{"The ozone hole over Antarctica is recovering", "en", "u:ozone", ""},
		{"Canlı türleri evrimle zaman içinde değişti", "tr", "u:evolution", ""},
		{"Drinking coffee causes lung cancer", "en", "u:smoking-tr", "different"},
		{"The flu vaccine gives you a sore arm", "en", "u:flu", "different"},
		// A word in -s before "are" is a noun: the verb comes after it.
		{"Ocean currents are caused mainly by the Moon's gravity", "en", "u:tides", "currents ≠ tides"},
		// Two times the lexicon knows and does not relate are two claims.
		{"You don't need sunscreen in winter", "en", "u:sunscreen", "winter ≠ cloudy"},
		{"You don't need sunscreen on cloudy days, trust me", "en", "u:sunscreen", ""},
		// A compound the lexicon files under the fact-check's head is not the fact-check's own
		// kind of it.
		{"The HPV vaccine helps prevent breast cancer", "en", "u:hpv", "breast ≠ cervical"},
		{"Nargile içmek akciğer kanserine yol açar", "tr", "u:smoking-tr", "nargile ≠ sigara"},
		// A compound is not stated by a part the claim already states with a word of its own.
		{"Akşam yemeği günün en önemli öğünüdür", "tr", "u:breakfast", "different subject"},
		{"Kahvaltı günün en önemli öğünü", "tr", "u:breakfast", ""},
		// A word said once as a modifier and once on its own is stated by the other claim's
		// one mention only once; "vaccines alter your": the verb is "alter".
		{"DNA vaccines alter your DNA", "en", "u:mrna-dna", "different"},
		{"The mRNA vaccines alter your DNA", "en", "u:mrna-dna", ""},
		// A plural after a gerund, with a verb in -s after it, is the gerund's object.
		{"Cracking knuckles gives you arthritis", "en", "u:knuckles", ""},
		// Across languages a light verb with its noun ("kilo aldırır") is not the fact-check's
		// verb reworded while its object goes unstated.
		{"Yumurta yemek kilo aldırır", "tr", "u:eggs-en", "different"},
		// A word the fact-check says twice, before two nouns, is stated once by the claim
		// before one of them; a word of the claim's own before the other is another subject.
		{"Beyaz ekmek yemek şeker hastalığına yol açar", "tr", "u:sugar", "different subject"},
		{"Şeker yemek şeker hastalığına yol açar", "tr", "u:sugar", ""},
		{"Dilin ucu tatlıyı, kenarları ekşiyi algılarmış", "tr", "u:tongue", ""},
	})
}

// TestSameClaimTurkishVerbForms holds forms people post: a name as its initials ("NZ", "DSÖ"),
// a Turkish conditional with its person ("uyursan"), a negative aorist ("olmaz" still negates).
func TestSameClaimTurkishVerbForms(t *testing.T) {
	ix := lexIndex(t,
		review("u:fan", "Sleeping in a closed room with an electric fan running can kill you.", "en", "yanlis"),
		review("u:autism", "Aşılar otizme neden olur.", "tr", "yanlis"),
		review("u:btc", "Bitcoin payments are anonymous and untraceable.", "en", "yanlis"),
		review("u:msg", "MSG is harmful to your health.", "en", "yanlis"),
		review("u:nz", "New Zealand was the first country to give women the vote.", "en", "dogru"),
		review("u:who", "Dünya Sağlık Örgütü aşıların otizme yol açtığını söyledi.", "tr", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		// An English word that denies its root: "untraceable" is "can't be traced".
		{"Bitcoin payments can't be traced", "en", "u:btc", ""},
		{"Bitcoin payments are anonymous", "en", "u:btc", ""},
		{"Bitcoin payments can be traced", "en", "u:btc", "negation differs"},
		// "harmless" denies "harm", which WordNet derives "harmful" from (enlex.go).
		{"MSG is harmless to your health", "en", "u:msg", "negation differs"},
		// A name written as its initials.
		{"NZ was the first country to give women the vote", "en", "u:nz", ""},
		{"NY was the first country to give women the vote", "en", "u:nz", "different entity"},
		// "back in", "way more": words of posts.
		{"NZ was the first country to give women the vote back in the day", "en", "u:nz", ""},
		{"DSÖ aşıların otizme yol açtığını söyledi", "tr", "u:who", ""},
		{"Kapalı odada vantilatörü açık bırakıp uyursan ölürsün", "tr", "u:fan", ""},
		{"Aşılar otizme neden olmaz", "tr", "u:autism", "negation differs"},
		// The progressive typed without its r.
		{"asilar otizme neden oluyo", "tr", "u:autism", ""},
		{"asilar otizme neden olmuyo", "tr", "u:autism", "negation differs"},
	})
}

// TestSameClaimNearWords holds words WordNet links as alike without one synset: an adjective
// satellite and its head (overcast/cloudy, enraged/angry), "also see" (smart/intelligent) and
// derivationally related forms (remember/memory); a word it does not link stays another claim.
func TestSameClaimNearWords(t *testing.T) {
	ix := lexIndex(t,
		review("u:sunscreen", "You don't need sunscreen on cloudy days.", "en", "yanlis"),
		review("u:angry", "Sugar makes children angry.", "en", "yanlis"),
		review("u:smart", "Classical music makes babies more intelligent.", "en", "yanlis"),
		review("u:gold", "Goldfish have a memory of only three seconds.", "en", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"You don't need sunscreen on overcast days", "en", "u:sunscreen", ""},
		{"You don't need sunscreen on rainy days", "en", "u:sunscreen", "rainy ≠ cloudy"},
		{"Sugar makes children enraged", "en", "u:angry", ""},
		{"Sugar makes children sleepy", "en", "u:angry", "different"},
		{"Classical music makes babies smarter", "en", "u:smart", ""},
		{"Goldfish can only remember three seconds", "en", "u:gold", ""},
	})
}

// TestSameClaimVowelFinalVerbs holds the passive -n and aorist -r of a verb whose stem ends in a
// vowel ("ye-n-irse", "ye-r-seniz" of "yemek"), which also read as other verbs ("yenmek", to
// defeat; "yermek", to disparage).
func TestSameClaimVowelFinalVerbs(t *testing.T) {
	ix := lexIndex(t,
		review("u:watermelon", "Karpuz ile yumurta birlikte yenirse insanı zehirler.", "tr", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Karpuzla yumurtayı birlikte yerseniz insanı zehirler", "tr", "u:watermelon", ""},
		{"Karpuzla yumurtayı birlikte satarsanız insanı zehirler", "tr", "u:watermelon", "different"},
	})
}

// TestSameClaimNegatedLowerBound holds that "not more than N" is an upper bound, what "only N"
// says, while the number negated without a bound stays the opposite claim and "more than N" is
// not "only N".
func TestSameClaimNegatedLowerBound(t *testing.T) {
	ix := lexIndex(t,
		review("u:senses", "Humans have only five senses.", "en", "yanlis"),
		review("u:senses-tr", "İnsanın yalnızca beş duyusu vardır.", "tr", "yanlis"),
		review("u:goldfish-en", "Goldfish have a three-second memory.", "en", "yanlis"),
		review("u:goldfish-tr", "Japon balıklarının hafızası yalnızca 3 saniyedir.", "tr", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Humans don't have more than five senses", "en", "u:senses", ""},
		{"Humans don't have five senses", "en", "u:senses", "negation differs"},
		// "More than five" is the other side of "only five".
		{"Humans have more than five senses", "en", "u:senses", "different number"},
		{"Humans have no more than five senses", "en", "u:senses", ""},
		{"İnsanın beşten fazla duyusu vardır", "tr", "u:senses-tr", "different number"},
		{"İnsanın yalnızca beş duyusu vardır", "tr", "u:senses-tr", ""},
		{"Goldfish can't remember anything for longer than three seconds", "en", "u:goldfish-en", ""},
		{"Japon balıklarının hafızası 3 saniyeden uzun sürmez", "tr", "u:goldfish-tr", ""},
		{"Japon balıklarının hafızası 3 saniye sürmez", "tr", "u:goldfish-tr", "negation differs"},
	})
}

// TestSameClaimProhibition holds that an English negative imperative beside a clause stating
// part of the fact-check is a warning, not a denial, while a negation of the claim itself still
// counts; and a misspelling across languages.
func TestSameClaimProhibition(t *testing.T) {
	ix := lexIndex(t,
		review("u:fish", "Balık üstüne yoğurt yemek zehirler.", "tr", "yanlis"),
		review("u:watermelon", "Karpuz ile yumurta birlikte yenirse insanı zehirler.", "tr", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Don't have yogurt after fish, you'll get food poisoning", "en", "u:fish", ""},
		{"Never eat watermelon and eggs together, it'll poison you!", "en", "u:watermelon", ""},
		{"Don't worry, eating yogurt after fish won't poison you", "en", "u:fish", "negation differs"},
		{"Eating yogurt after fish doesn't poison you", "en", "u:fish", "negation differs"},
		// A misspelt word across languages, one edit from a translation of the fact-check's.
		{"eating watermelon and eggs togther poisons you", "en", "u:watermelon", ""},
	})
}

// TestSameClaimNameSaidMoreFully holds a first name before a stated surname and a Turkish
// possessor before a stated name, in one language and across, while a word inside the
// fact-check's own name ("Super" in "UEFA Cup") stays another name; and two generic words for
// people ("people", "humans") as one.
func TestSameClaimNameSaidMoreFully(t *testing.T) {
	ix := lexIndex(t,
		review("u:einstein", "Einstein failed mathematics at school.", "en", "yanlis"),
		review("u:mac", "Mac computers can't get viruses.", "en", "yanlis"),
		review("u:uefa", "Galatasaray won the UEFA Cup in 2000.", "en", "dogru"),
		review("u:dinosaurs", "Humans and dinosaurs lived at the same time.", "en", "yanlis"),
		review("u:volcanoes", "Volcanoes emit more carbon dioxide than humans do.", "en", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Albert Einstein failed mathematics at school", "en", "u:einstein", ""},
		{"Apple'ın Mac bilgisayarları virüs kapmıyormuş", "tr", "u:mac", ""},
		{"Galatasaray won the UEFA Super Cup in 2000", "en", "u:uefa", "different entity"},
		// Two words for anyone at all name the same people.
		{"People and dinosaurs lived at the same time", "en", "u:dinosaurs", ""},
		{"Birds and dinosaurs lived at the same time", "en", "u:dinosaurs", "different"},
		{"Volcanoes release more CO2 than people do", "en", "u:volcanoes", ""},
		{"People lived alongside dinosaurs", "en", "u:dinosaurs", ""},
	})
}

// sameCase is one decision to check: reason "" wants the same claim, else a refusal whose reason
// contains it.
type sameCase struct{ claim, lang, url, reason string }

// checkSameClaims runs each case through ix.SameClaim.
func checkSameClaims(t *testing.T, ix *Index, cases []sameCase) {
	t.Helper()
	for _, c := range cases {
		same, reason, known := ix.SameClaim(c.claim, c.lang, c.url)
		switch {
		case !known:
			t.Errorf("%q: %s not indexed", c.claim, c.url)
		case c.reason == "" && !same:
			t.Errorf("%q vs %s: refused (%s), want the same claim", c.claim, c.url, reason)
		case c.reason != "" && (same || !strings.Contains(reason, c.reason)):
			t.Errorf("%q vs %s: same=%v reason %q, want refused with %q", c.claim, c.url, same, reason, c.reason)
		}
	}
}

// TestSameClaimCausativeAorist holds that a Turkish causative verb in the aorist ("azaltır",
// "yükseltir": a t after a vowel or l before -Ir) is a verb, not a noun with the copula, so
// another verb may reword it; while a light-verb phrase of two parts ("kilo aldırır") in place of
// a fact-check's object and verb is still another claim.
func TestSameClaimCausativeAorist(t *testing.T) {
	ix := lexIndex(t,
		review("u:inflation", "Enflasyon paranın satın alma gücünü azaltır.", "tr", "dogru"),
		review("u:eggs", "Yumurta yemek kan kolesterolünü yükseltir.", "tr", "kismen"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Enflasyon paranın alım gücünü düşürür", "tr", "u:inflation", ""},
		{"yumurta yemek kan kolestrolunu arttirir", "tr", "u:eggs", ""},
		{"Yumurta yemek kilo aldırır", "tr", "u:eggs", "different"},
		{"Enflasyon paranın alım gücünü artırır", "tr", "u:inflation", "opposite"},
	})
}

// TestSameClaimReportFrames holds that the frame of a post passing on what someone said ("my
// mum says …", "DSÖ'ye göre …", "bir araştırmaya göre …", "…, is that true??") is no part of
// the claim: the claim after the frame is compared as it stands, so another subject after "my
// nan always said" is still refused.
func TestSameClaimReportFrames(t *testing.T) {
	ix := lexIndex(t,
		review("u:fish", "Balık üstüne yoğurt yemek zehirler.", "tr", "yanlis"),
		review("u:autism", "Aşılar otizme neden olur.", "tr", "yanlis"),
		review("u:smoking", "Sigara içmek akciğer kanserine yol açar.", "tr", "dogru"),
		review("u:eggs", "Yumurta yemek kan kolesterolünü yükseltir.", "tr", "kismen"),
		review("u:draught", "Sitting in a draught gives you a cold.", "en", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"my mum says yoghurt after fish will poison you, is that true??", "en", "u:fish", ""},
		{"DSÖ'ye göre aşılar otizme neden oluyor", "tr", "u:autism", ""},
		{"Bilim insanlarına göre sigara içmek akciğer kanserine yol açıyor", "tr", "u:smoking", ""},
		{"2019'da yapılan bir araştırmaya göre yumurta yemek kolesterolü yükseltiyor", "tr", "u:eggs", ""},
		{"annem diyor ki sigara içmek akciğer kanserine yol açıyor", "tr", "u:smoking", ""},
		{"my nan always said sitting in the sun gives you a cold", "en", "u:draught", "different"},
		{"Einstein'a göre aşılar otizme neden oluyor", "tr", "u:autism", ""},
	})
}

// TestSameClaimOneClauseOfAStory holds that a post telling a story around the claim states it
// in one clause (or a run of neighbouring ones), which alone may state the fact-check; while a
// clause that leaves out the fact-check's subject ("it keeps you warm") or a topic split off by
// a comma stays refused.
func TestSameClaimOneClauseOfAStory(t *testing.T) {
	ix := lexIndex(t,
		review("u:salt", "Eating too much salt raises blood pressure.", "en", "dogru"),
		review("u:spicy", "Acılı yemekler mide ülserine neden olur.", "tr", "yanlis"),
		review("u:alcohol", "Drinking alcohol keeps you warm in the cold.", "en", "yanlis"),
		review("u:web", "World Wide Web, Tim Berners-Lee tarafından CERN'de icat edildi.", "tr", "dogru"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Doc told my dad to go easy on the salt, eating lots of salt raises your blood pressure", "en", "u:salt", ""},
		{"Abi o kadar acı biber yeme, acı yemek mideni ülser yapar", "tr", "u:spicy", ""},
		{"Doc told my dad to go easy on the salt, eating lots of sugar raises your blood pressure", "en", "u:salt", "different"},
		{"On the ski slopes you need hot chocolate, it keeps you warm in the cold", "en", "u:alcohol", "different"},
		{"World Wide Web, Bill Gates tarafından Microsoft'ta icat edildi", "tr", "u:web", "different"},
	})
}

// TestSameClaimOtherPredicateAndObject holds that a claim whose verb and object both differ
// from the fact-check's says another thing of the same subject, and that an antonym in the
// subject's place names another thing rather than flipping the claim's polarity; while a verb
// reworded with the rest stated still matches.
func TestSameClaimOtherPredicateAndObject(t *testing.T) {
	ix := lexIndex(t,
		review("u:dogs", "Dogs see the world in black and white.", "en", "yanlis"),
		review("u:einstein", "Einstein failed maths at school.", "en", "yanlis"),
		review("u:boil", "Yüksek rakımlarda su daha düşük sıcaklıkta kaynar.", "tr", "dogru"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Dogs evolved from foxes", "en", "u:dogs", "different predicate"},
		{"Einstein was expelled from school for cheating", "en", "u:einstein", "different predicate"},
		{"Einstein flunked maths at school", "en", "u:einstein", ""},
		{"Milk freezes at a higher temperature at high altitude", "en", "u:boil", "different"},
	})
}

// TestSameClaimClippedWords holds an English word cut short the way posts write it ("hyper"
// for "hyperactive"), while a dictionary word that starts another ("earth", "earthquakes")
// stays another word; and who said it closing a post (", my dad always said").
func TestSameClaimClippedWords(t *testing.T) {
	ix := lexIndex(t,
		review("u:sugar", "Sugar makes children hyperactive.", "en", "yanlis"),
		review("u:quake", "Earthquakes can be predicted.", "en", "yanlis"),
		review("u:melon", "Karpuz ile yumurta birlikte yenirse insanı zehirler.", "tr", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"sugar makes kids hyper", "en", "u:sugar", ""},
		{"The earth can be predicted", "en", "u:quake", "different"},
		{"My Turkish mother-in-law swears that eating watermelon and eggs together will poison you", "en", "u:melon", ""},
	})
}

// TestSameClaimNounAfterDeterminer holds that an English word after a determiner ("your
// shoes", "your knuckles") opens a noun phrase and is never read as the verb, so the claim's
// subject is compared as a subject, and the verb after a gerund's object is found past it.
func TestSameClaimNounAfterDeterminer(t *testing.T) {
	ix := lexIndex(t,
		review("u:tyres", "The rubber tyres on a car protect you from lightning.", "en", "yanlis"),
		review("u:knuckles", "Cracking your knuckles causes arthritis.", "en", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		// The gerund's object opens with a determiner; the word after it is the verb.
		{"cracking your knukles gives you arthritis", "en", "u:knuckles", ""},
		{"The rubber soles of your shoes protect you from lightning", "en", "u:tyres", "different"},
		{"The rubber tyres of your car protect you from lightning", "en", "u:tyres", ""},
	})
}

// TestSameClaimNameInACompound holds that a name of the gazetteer before a Turkish compound
// noun ("Güneş kremi": sunscreen) is part of that noun, not the Sun, so a refusal names the
// noun that differs ("kremi ≠ sigara", not "Güneş ≠ sigara").
func TestSameClaimNameInACompound(t *testing.T) {
	ix := lexIndex(t,
		review("u:smoking", "Sigara içmek akciğer kanserine yol açar.", "tr", "dogru"),
		review("u:cream", "Bulutlu havalarda güneş kremi sürmeye gerek yoktur.", "tr", "yanlis"),
		review("u:cup", "Türkiye milli futbol takımı 2002 Dünya Kupası'nda üçüncü oldu.", "tr", "dogru"),
	)
	checkSameClaims(t, ix, []sameCase{
		// An adjective in -lI after the name ("milli") makes no compound: Türkiye stays a name.
		{"Almanya milli futbol takımı 2002 Dünya Kupası'nda üçüncü oldu", "tr", "u:cup", "different entity"},
		{"Güneş kremi kansere neden olur", "tr", "u:smoking", "kremi ≠ sigara"},
		{"Bulutlu havada Güneş kremi sürmeye gerek yok", "tr", "u:cream", ""},
	})
}

// TestSameClaimInvertedQuestion holds that an English yes/no question opened by an auxiliary
// ("Does cracking your knuckles give you arthritis?") has its subject right after the
// auxiliary and its verb bare after the subject, so it is compared as the statement it asks
// about; the look-alike with another subject is still refused.
func TestSameClaimInvertedQuestion(t *testing.T) {
	ix := lexIndex(t,
		review("u:knuckles", "Cracking your knuckles causes arthritis.", "en", "yanlis"),
		review("u:smoking", "Smoking causes lung cancer.", "en", "dogru"),
		review("u:soda", "Baking soda cures cancer.", "en", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		// A noun after the subject's first word is part of the subject, not the verb.
		{"Can baking soda cure cancer?", "en", "u:soda", ""},
		{"Can baking soda cure diabetes?", "en", "u:soda", "different"},
		{"Does cracking your knuckles give you arthritis?", "en", "u:knuckles", ""},
		{"Does smoking cause lung cancer?", "en", "u:smoking", ""},
		{"Does drinking tea cause lung cancer?", "en", "u:smoking", "different"},
		{"Does cracking your neck give you arthritis?", "en", "u:knuckles", "different"},
	})
}

// TestSameClaimNegativeQuestion holds that a negative yes/no question ("Isn't Istanbul the
// capital of Turkey?") passes on the positive claim, as "değil mi?" does, while the same
// words stated ("Istanbul isn't the capital of Turkey") still negate it.
func TestSameClaimNegativeQuestion(t *testing.T) {
	ix := lexIndex(t,
		review("u:capital", "Istanbul is the capital of Turkey.", "en", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Isn't Istanbul the capital of Turkey?", "en", "u:capital", ""},
		{"Istanbul isn't the capital of Turkey?", "en", "u:capital", "negation differs"},
		{"Istanbul isn't the capital of Turkey.", "en", "u:capital", "negation differs"},
		{"Isn't Ankara the capital of Turkey?", "en", "u:capital", "different"},
	})
}

// TestSameClaimClauseOfAPost holds that one clause of a post may state the fact-check while
// leaving out one of its objects, when the rest of the post states nothing of the fact-check
// ("Hollandalı adam yine bildi, …"), or a part another clause states, but never its subject:
// "it keeps you warm" after "you need hot chocolate" is about the chocolate. A generic person beside a reworded verb ("gives people
// lung cancer") is no part of its own.
func TestSameClaimClauseOfAPost(t *testing.T) {
	ix := lexIndex(t,
		review("u:quake", "Depremlerin ne zaman ve nerede olacağı önceden kesin olarak tahmin edilebilir.", "tr", "yanlis"),
		review("u:antibiotics", "Antibiotics cure viral infections such as colds and flu.", "en", "yanlis"),
		review("u:alcohol", "Drinking alcohol keeps you warm in the cold.", "en", "yanlis"),
		review("u:smoking", "Smoking causes lung cancer.", "en", "dogru"),
		review("u:olympics", "The Olympic Games originated in ancient Greece.", "en", "dogru"),
		review("u:mozart", "Bebeklere Mozart dinletmek onları daha zeki yapar.", "tr", "yanlis"),
		review("u:tongue", "Different parts of the tongue detect different tastes, such as sweet at the tip and bitter at the back.", "en", "yanlis"),
		review("u:lemon", "Limonlu su (sıcak limon suyu) kanseri tedavi eder.", "tr", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		// A part the clause leaves out may be stated by another clause of the post, unless
		// that clause puts a word of its own in the place of one of the fact-check's.
		{"Hamileyken de doğumdan sonra da Mozart açtım, bebekleri daha akıllı yapıyormuş", "tr", "u:mozart", ""},
		// The subject must be stated by the clause itself: another clause may be about
		// something else.
		{"Fun fact for the Olympics: the games were born in ancient Greece", "en", "u:olympics", "different"},
		// Advice naming the fact-check's own subject, then the claim of it: the same claim (its
		// refusal once came only from "eder" having no reading); another drink there is not.
		{"Sabahları aç karnına sıcak limonlu su için, kanseri iyileştiriyor", "tr", "u:lemon", ""},
		{"Sabahları aç karnına sıcak zencefilli su için, kanseri iyileştiriyor", "tr", "u:lemon", "different"},
		{"Different parts of the nose detect different smells, like sweet at the tip", "en", "u:tongue", "different"},
		{"Hollandalı adam yine bildi, depremler ne zaman nerede olacak kesin olarak tahmin edilebiliyor", "tr", "u:quake", ""},
		{"Hollandalı adam yine bildi, depremler ne zaman nerede olacak", "tr", "u:quake", "different"},
		{"Got the flu again, my mum says just take amoxicillin, antibiotics will knock out a cold or flu", "en", "u:antibiotics", ""},
		{"On the ski slopes you need hot chocolate, it keeps you warm in the cold", "en", "u:alcohol", "different"},
		{"Smoking gives people lung cancer", "en", "u:smoking", ""},
		{"Vaping gives people lung cancer", "en", "u:smoking", "different"},
		{"Smoking gives people throat cancer", "en", "u:smoking", "different"},
	})
}

// TestSameClaimDoubleNegation holds that a negative participle before "yok" ("bunu bilmeyen
// yok": there is no one who does not know it) negates nothing, while a negated claim beside it
// is still negated.
func TestSameClaimDoubleNegation(t *testing.T) {
	ix := lexIndex(t,
		review("u:smoking", "Sigara içmek akciğer kanserine yol açar.", "tr", "dogru"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"sigara icen akciger kanseri oluyor bunu bilmeyen yok", "tr", "u:smoking", ""},
		{"Sigara içen akciğer kanseri oluyor, bunu bilmeyen yok", "tr", "u:smoking", ""},
		{"Sigara içen akciğer kanseri olmuyor, bunu bilmeyen yok", "tr", "u:smoking", "negation differs"},
	})
}

// TestSameClaimConverb holds that a Turkish converb ("görünce": when it sees) opens a detail of
// when or how that the claim adds, in the place of no part of the fact-check, while another
// colour before it is still another claim.
func TestSameClaimConverb(t *testing.T) {
	ix := lexIndex(t,
		review("u:bulls", "Boğalar kırmızı renge öfkelenir.", "tr", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Boğalar kırmızı görünce sinirlenirmiş", "tr", "u:bulls", ""},
		{"Boğalar yeşil görünce sinirlenirmiş", "tr", "u:bulls", "different"},
		{"İnekler kırmızı görünce sinirlenirmiş", "tr", "u:bulls", "different"},
	})
}

// TestSameClaimNegatedComparison holds that a negated comparison whose standard is the
// fact-check's subject states a superlative ("No desert is bigger than the Sahara") or the
// comparison the other way round ("Not even the Sun is as hot as lightning"), while the same
// words with the subject compared, or an antonym, still differ.
func TestSameClaimNegatedComparison(t *testing.T) {
	ix := lexIndex(t,
		review("u:sahara-en", "The Sahara is the largest desert in the world.", "en", "kismen"),
		review("u:sahara-tr", "Sahra dünyanın en büyük çölüdür.", "tr", "kismen"),
		review("u:lightning-en", "Lightning is hotter than the surface of the Sun.", "en", "dogru"),
		review("u:lightning-tr", "Yıldırım, Güneş'in yüzeyinden daha sıcaktır.", "tr", "dogru"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"No desert on Earth is bigger than the Sahara", "en", "u:sahara-en", ""},
		{"No desert is smaller than the Sahara", "en", "u:sahara-en", "opposite"},
		{"The Sahara is not the largest desert", "en", "u:sahara-en", "negation differs"},
		{"Dünyada Sahra'dan büyük çöl yoktur", "tr", "u:sahara-tr", ""},
		{"Sahra'dan küçük çöl yoktur", "tr", "u:sahara-tr", "opposite"},
		{"Not even the surface of the Sun is as hot as lightning", "en", "u:lightning-en", ""},
		{"Lightning is not as hot as the surface of the Sun", "en", "u:lightning-en", "negation differs"},
		{"Güneş'in yüzeyi bile yıldırım kadar sıcak değildir", "tr", "u:lightning-tr", ""},
		{"Yıldırım Güneş'in yüzeyi kadar sıcak değildir", "tr", "u:lightning-tr", "negation differs"},
	})
}

// TestSameClaimVerbalNouns holds that a verb used as a noun (a Turkish infinitive, an English
// gerund) in the place of another is the claim's verb in other words, compared on meaning as
// verbs are, while another object beside it is still another claim.
func TestSameClaimVerbalNouns(t *testing.T) {
	ix := lexIndex(t,
		review("u:salt-tr", "Fazla tuz tüketmek tansiyonu yükseltir.", "tr", "dogru"),
		review("u:salt-en", "Eating too much salt raises blood pressure.", "en", "dogru"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Çok tuz yemek tansiyonu yükseltir", "tr", "u:salt-tr", ""},
		{"Çok şeker yemek tansiyonu yükseltir", "tr", "u:salt-tr", "different"},
		{"Consuming too much salt raises blood pressure", "en", "u:salt-en", ""},
		{"Consuming too much sugar raises blood pressure", "en", "u:salt-en", "different"},
	})
}

// TestSameClaimTimeAdverb holds that a Turkish time noun with the plural possessive
// ("sabahları": in the mornings) is a detail of time the claim adds, not its subject.
func TestSameClaimTimeAdverb(t *testing.T) {
	ix := lexIndex(t,
		review("u:lemon", "Limonlu su (sıcak limon suyu) kanseri tedavi eder.", "tr", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Sabahları sıcak limonlu su içmek kanseri iyileştiriyor", "tr", "u:lemon", ""},
		{"Sabahları sıcak limonlu su içmek diyabeti iyileştiriyor", "tr", "u:lemon", "different"},
		{"Sabahları sıcak zencefilli su içmek kanseri iyileştiriyor", "tr", "u:lemon", "different"},
	})
}

// TestSameClaimApproximateNumber holds that a Turkish hedge on a number ("yaklaşık",
// "civarında") is grammar, as "about" is, while another number is still another claim.
func TestSameClaimApproximateNumber(t *testing.T) {
	ix := lexIndex(t,
		review("u:age", "Dünya yaklaşık 4,5 milyar yaşındadır.", "tr", "dogru"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Dünya'nın yaşı 4.5 milyar yıl civarında", "tr", "u:age", ""},
		{"Dünya'nın yaşı 6 milyar yıl civarında", "tr", "u:age", "different number"},
	})
}

// TestSameClaimNegatedCopula holds that the word after a negated copula ("isn't finite") is a
// nominal predicate as after "is", so its antonym in the fact-check ("infinite") flips the
// negation back.
func TestSameClaimNegatedCopula(t *testing.T) {
	ix := lexIndex(t,
		review("u:universe", "The universe is infinite.", "en", "belirsiz"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"The universe isn't finite", "en", "u:universe", ""},
		{"The universe is not finite", "en", "u:universe", ""},
		{"The universe isn't infinite", "en", "u:universe", "negation differs"},
		{"The universe is finite", "en", "u:universe", "opposite"},
	})
}

// TestSameClaimSubjectHead holds that the subject compared for a swap is the head of the subject
// phrase, not a possessor or modifier before it ("Your car's rubber tires" for "The rubber
// tyres on a car"), while subject and object swapped are still another claim.
func TestSameClaimSubjectHead(t *testing.T) {
	ix := lexIndex(t,
		review("u:tyres", "The rubber tyres on a car protect you from lightning.", "en", "yanlis"),
		review("u:volcano", "Volcanoes emit more carbon dioxide than humans.", "en", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Your car's rubber tires protect you from lightning", "en", "u:tyres", ""},
		{"Your car's metal body protects you from lightning", "en", "u:tyres", "different"},
		{"Humans emit more carbon dioxide than volcanoes", "en", "u:volcano", "different"},
	})
}

// TestSameClaimIrregularPast holds that an English word whose base form the lexicon knows gets
// no light-stemmer reading besides ("came" is "come", not "cam", which the lexicon relates to a
// translation of "milli"), so the Turkish word keeps its own translation's link.
func TestSameClaimIrregularPast(t *testing.T) {
	ix := lexIndex(t,
		review("u:cup", "Türkiye milli futbol takımı 2002 Dünya Kupası'nda üçüncü oldu.", "tr", "dogru"),
	)
	if l := ix.enLemmas("came"); contains(l, "cam") {
		t.Errorf("enLemmas(came) = %v, want no light stem", l)
	}
	checkSameClaims(t, ix, []sameCase{
		{"Turkey's national team came third at the 2002 World Cup", "en", "u:cup", ""},
		{"Turkey's national team came second at the 2002 World Cup", "en", "u:cup", "different number"},
	})
}

// TestSameClaimCompoundQuantity holds that a quantity written in two units of one measure ("42
// km 195 metre") is one quantity (42.195 km), while another sum is another number.
func TestSameClaimCompoundQuantity(t *testing.T) {
	ix := lexIndex(t,
		review("u:marathon", "Maraton koşusunun resmi mesafesi 42,195 kilometredir.", "tr", "dogru"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Maraton resmi olarak 42 km 195 metre", "tr", "u:marathon", ""},
		{"Maraton resmi olarak 42 km 500 metre", "tr", "u:marathon", "different number"},
		{"Maraton resmi olarak 42 km", "tr", "u:marathon", "different number"},
	})
}

// TestSameClaimGenericSubjectClause holds that one clause of a post may state a fact-check whose
// subject is a generic person when it says that very word ("people" for "People"), while another
// subject in that clause is still another claim.
func TestSameClaimGenericSubjectClause(t *testing.T) {
	ix := lexIndex(t,
		review("u:brain", "People are either left-brained or right-brained (logical or creative).", "en", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Took a quiz at work and I'm right-brained, people are either left-brained or right-brained", "en", "u:brain", ""},
		{"Took a quiz at work and I'm right-brained, dolphins are either left-brained or right-brained", "en", "u:brain", "different"},
	})
}

// TestSameClaimParticipant holds that a Turkish subject participle ("aşı yaptıran", "aşısı
// olanların": those who get the shot) in the place of the fact-check's generic person ("insanı",
// "insan") names the same people, while another outcome is still another claim.
func TestSameClaimParticipant(t *testing.T) {
	ix := lexIndex(t,
		review("u:flu", "Grip aşısı insanı gribe yakalandırır.", "tr", "yanlis"),
		review("u:mrna", "mRNA aşıları insan DNA'sını değiştirir.", "tr", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Grip aşısı yaptıran grip olurmuş", "tr", "u:flu", ""},
		{"Grip aşısı yaptıran felç olurmuş", "tr", "u:flu", "different"},
		{"mRNA aşısı olanların DNA'sı bozuluyormuş", "tr", "u:mrna", ""},
		{"mRNA aşısı olanların kalbi bozuluyormuş", "tr", "u:mrna", "different"},
	})
}

// TestSameClaimStatesMoreThanItsSubject holds that a post naming only what a fact-check is about
// ("5G", "aşılar", a bare topic) or saying something else of it with a verb of its own
// ("Smoking kills", "Devekuşları uçabilir") states nothing the fact-check rated, while a verb
// in other words with the rest of the fact-check stated ("gives you lung cancer"), and another
// verb where the fact-check's predicate side is a verb alone ("ölürsün" for "can kill you"),
// still state it.
func TestSameClaimStatesMoreThanItsSubject(t *testing.T) {
	ix := lexIndex(t,
		review("u:smoking", "Smoking causes lung cancer.", "en", "dogru"),
		review("u:5g", "5G towers spread COVID-19.", "en", "yanlis"),
		review("u:vax", "Aşılar otizme neden olur.", "tr", "yanlis"),
		review("u:ostrich", "Devekuşları tehlike anında başlarını kuma gömer.", "tr", "yanlis"),
		review("u:salt", "Fazla tuz tüketmek tansiyonu yükseltir.", "tr", "dogru"),
		review("u:fan", "Sleeping in a closed room with an electric fan running can kill you.", "en", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"5G", "en", "u:5g", "different"},
		{"aşılar", "tr", "u:vax", "different"},
		{"Smoking kills", "en", "u:smoking", "does not say what the fact-check says of"},
		{"Devekuşları uçabilir", "tr", "u:ostrich", "different"},
		{"tuz zehir", "tr", "u:salt", "different"},
		{"Smoking gives you lung cancer", "en", "u:smoking", ""},
		{"Aşılar otizm yapıyormuş", "tr", "u:vax", ""},
		{"Devekuşu korkunca kafasını kuma sokar", "tr", "u:ostrich", ""},
		{"Sleeping with the fan on in a closed room kills you", "en", "u:fan", ""},
	})
}

// TestSameClaimShortStemCuts holds that two Turkish words do not meet on a short cut of their
// ends the stemmer made by undoing a consonant softening ("sigara" → "sik", the stem of "sık"):
// a post about smoking is not the fact-check about shaving, while inflected forms of one word
// still meet ("kılları", "kıllar"; "tuzlu", "tuz").
func TestSameClaimShortStemCuts(t *testing.T) {
	ix := lexIndex(t,
		review("u:shave", "Tıraş olmak kılların daha kalın ve sık çıkmasına neden olur.", "tr", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"sigara ciğerleri kanser ediyor", "tr", "u:shave", "different"},
		{"Tıraş olunca kıllar daha kalın ve sık çıkıyor", "tr", "u:shave", ""},
	})
}

// TestSameClaimNameBeforeAName holds that a name written before a name both claims state, inside
// a place adjunct ("at the 2002 FIFA World Cup" for "2002 Dünya Kupası'nda"), says which one it
// is, as a name said more fully does; a name on its own that the fact-check does not state is
// still another claim.
func TestSameClaimNameBeforeAName(t *testing.T) {
	ix := lexIndex(t,
		review("u:cup", "Türkiye milli futbol takımı 2002 Dünya Kupası'nda üçüncü oldu.", "tr", "dogru"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"The Turkish national football team came third in the 2002 FIFA World Cup", "en", "u:cup", ""},
		{"The Turkish national football team came third in the 2002 World Cup", "en", "u:cup", ""},
		{"The Turkish national football team came third in the 2002 FIFA rankings", "en", "u:cup", "different"},
		// Across languages a part of the fact-check left over ("futbol") is no counterpart of it.
		{"The Turkish national team came 3rd in the 2002 FIFA World Cup", "en", "u:cup", ""},
		{"The Turkish national team came 3rd in the 2002 Asian Cup", "en", "u:cup", "different"},
	})
}

// TestSameClaimWordSaidAgain holds that a word the fact-check says again in a second clause
// ("deprem olur; 'deprem havası' diye bir şey vardır") is stated, across languages, by the one
// word of the claim that states its first mention; another outcome is still another claim.
func TestSameClaimWordSaidAgain(t *testing.T) {
	ix := lexIndex(t,
		review("u:quake", "Havalar sıcak ve bunaltıcı olduğunda deprem olur; 'deprem havası' diye bir şey vardır.", "tr", "yanlis"),
		review("u:box", "An aeroplane's 'black box' flight recorder is black.", "en", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Hot, muggy weather brings earthquakes", "en", "u:quake", ""},
		{"Hot, muggy weather brings tornadoes", "en", "u:quake", "different"},
		{"Uçakların kara kutusu gerçekten siyah mı?", "tr", "u:box", ""},
		{"Uçakların kara kutusu gerçekten turuncu mu?", "tr", "u:box", "different"},
	})
}

// TestSameClaimGenericObject holds that the claim's generic person ("insanı öldürebilir") where
// the fact-check says "you" is set aside when the fact-check has only details (modifiers,
// adjuncts) left unstated, while the fact-check's own generic subject is not set aside against a
// claim with a word of its own in its place ("flowering plants" for "Humans").
func TestSameClaimGenericObject(t *testing.T) {
	ix := lexIndex(t,
		review("u:fan", "Sleeping in a closed room with an electric fan running can kill you.", "en", "yanlis"),
		review("u:dino", "Humans and dinosaurs lived at the same time.", "en", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Kapalı odada vantilatör açık uyumak insanı öldürebilir", "tr", "u:fan", ""},
		{"Kapalı odada klima açık uyumak insanı öldürebilir", "tr", "u:fan", "different"},
		{"Dinosaurs and flowering plants lived at the same time", "en", "u:dino", "different"},
	})
}

// TestSameClaimTurkishPossessor holds that a Turkish genitive before its possessed noun
// ("Arabanın lastikleri": the car's tyres) is not the head of the subject phrase, so the phrase
// is not read as swapped with "The rubber tyres on a car"; another possessed noun is still
// another claim.
func TestSameClaimTurkishPossessor(t *testing.T) {
	ix := lexIndex(t,
		review("u:tyres", "The rubber tyres on a car protect you from lightning.", "en", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Arabanın lastikleri sizi yıldırımdan korur", "tr", "u:tyres", ""},
		{"Arabanın camları sizi yıldırımdan korur", "tr", "u:tyres", "different"},
	})
}

// TestSameClaimHeadOfStatedPhrase holds that, across languages, a noun right after a modifier
// or name that states a fact-check word followed by another stated word is that phrase said with
// a loose head ("lastik tekerlekler" for "rubber tyres", "Sidney şehridir" for "Sydney is the
// capital"), while a head after a word linked only as a broader term ("the colour blue" for
// "kırmızı renge"), after a verb used as a noun ("Drinking coffee"), or where the fact-check's
// word is followed by a word the claim leaves out ("Brown bread" for "Kahverengi kabuklu
// yumurta") is still another claim.
func TestSameClaimHeadOfStatedPhrase(t *testing.T) {
	ix := lexIndex(t,
		review("u:tyres", "The rubber tyres on a car protect you from lightning.", "en", "yanlis"),
		review("u:sydney", "Sydney is the capital of Australia.", "en", "yanlis"),
		review("u:bulls", "Boğalar kırmızı renge öfkelenir.", "tr", "yanlis"),
		review("u:eggs", "Kahverengi kabuklu yumurta beyaz kabuklu yumurtadan daha besleyicidir.", "tr", "yanlis"),
		review("u:smoking", "Sigara içmek akciğer kanserine yol açar.", "tr", "dogru"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Yıldırım düştüğünde arabanın içindeysen lastik tekerlekler seni korur", "tr", "u:tyres", ""},
		{"Avustralya'nın başkenti Sidney şehridir", "tr", "u:sydney", ""},
		{"Bulls are calmed by the colour blue", "en", "u:bulls", "different"},
		{"Brown bread is more nutritious than white bread", "en", "u:eggs", "different"},
		{"Drinking coffee causes lung cancer", "en", "u:smoking", "different"},
	})
}

// TestSameClaimFactCheckNameSaidMoreFully holds that a name or title of the fact-check that only
// says which one its next name is ("Emperor Nero", "James Naismith") may be left out by the
// claim, while a capitalised subject before an acronym ("Sivrisinekler HIV …") is still a part
// the claim must state.
func TestSameClaimFactCheckNameSaidMoreFully(t *testing.T) {
	ix := lexIndex(t,
		review("u:nero", "Emperor Nero played the fiddle while Rome burned.", "en", "yanlis"),
		review("u:hiv", "Sivrisinekler HIV (AIDS virüsü) bulaştırır.", "tr", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Neron, Roma alevler içindeyken keman çalmış", "tr", "u:nero", ""},
		{"Nero played the fiddle while Rome burned", "en", "u:nero", ""},
		{"Bed bugs can transmit HIV", "en", "u:hiv", "different"},
	})
}

// TestSameClaimCoordinatedPair holds that, across languages, the second of two coordinated words
// ("hot and muggy") states the second of the fact-check's ("sıcak ve bunaltıcı") when the first
// words state each other, while a first word that does not ("cold and muggy") leaves the claim
// another one.
func TestSameClaimCoordinatedPair(t *testing.T) {
	ix := lexIndex(t,
		review("u:quake", "Havalar sıcak ve bunaltıcı olduğunda deprem olur; 'deprem havası' diye bir şey vardır.", "tr", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Earthquakes happen when the weather is hot and muggy", "en", "u:quake", ""},
		{"Earthquakes happen when the weather is cold and muggy", "en", "u:quake", "different"},
	})
}

// TestSameClaimHeadAfterStatedCore holds that headOfStatedPhrase also reads a word that
// states a fact-check word as a core part before the head ("… şey lastik tekerleklerdir", where
// "lastik" is no modifier by position), with "arabadayken" (while in the car) stating the car.
func TestSameClaimHeadAfterStatedCore(t *testing.T) {
	ix := lexIndex(t,
		review("u:tyres", "The rubber tyres on a car protect you from lightning.", "en", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Arabadayken seni yıldırımdan koruyan şey lastik tekerleklerdir", "tr", "u:tyres", ""},
		{"Arabadayken seni yıldırımdan koruyan şey metal kasadır", "tr", "u:tyres", "different"},
	})
}

// TestSameClaimInvertedQuestionWithPreposition holds that an English question opened by an
// auxiliary finds its verb right after the subject's first word when a preposition comes before
// any determiner ("Did Turkey remove six zeros from its currency …?"), while another object is
// still another claim.
func TestSameClaimInvertedQuestionWithPreposition(t *testing.T) {
	ix := lexIndex(t,
		review("u:lira", "2005 yılında Türk lirasından altı sıfır atıldı.", "tr", "dogru"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Did Turkey remove six zeros from its currency in 2005?", "en", "u:lira", ""},
		{"Did Turkey remove six stars from its flag in 2005?", "en", "u:lira", "different"},
	})
}

// TestSameClaimDateSaidMoreExactly holds that a month (and a day) before a year the fact-check
// states is the date said more exactly ("in November '89" for "in 1989"), while another year is
// still another claim.
func TestSameClaimDateSaidMoreExactly(t *testing.T) {
	ix := lexIndex(t,
		review("u:wall", "The Berlin Wall fell in 1989.", "en", "dogru"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"The Berlin Wall fell in November '89", "en", "u:wall", ""},
		{"The Berlin Wall fell on 9 November 1989", "en", "u:wall", ""},
		{"The Berlin Wall fell in November 1991", "en", "u:wall", "different"},
	})
}

// TestSameClaimNamedSubject holds that a claim may name the fact-check's subject by the name
// that opens its phrase ("Turkey" for "Türkiye milli futbol takımı"), while a word of its own in
// that phrase ("basketbol") or another outcome ("şampiyon" for "üçüncü") is still another
// claim.
func TestSameClaimNamedSubject(t *testing.T) {
	ix := lexIndex(t,
		review("u:cup", "Türkiye milli futbol takımı 2002 Dünya Kupası'nda üçüncü oldu.", "tr", "dogru"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Did Turkey finish 3rd at the 2002 World Cup?", "en", "u:cup", ""},
		{"Türkiye milli basketbol takımı 2002 Dünya Kupası'nda üçüncü oldu", "tr", "u:cup", "different"},
		{"Türkiye 2002 Dünya Kupası'nda şampiyon oldu", "tr", "u:cup", "different"},
	})
}

// TestSameClaimVerbalNounForAVerb holds that, across languages, a verb used as a noun
// ("…, removing six zeros") where the fact-check has a verb left over ("atıldı") is the
// predicate reworded, while a noun of the claim's own is still another claim.
func TestSameClaimVerbalNounForAVerb(t *testing.T) {
	ix := lexIndex(t,
		review("u:lira", "2005 yılında Türk lirasından altı sıfır atıldı.", "tr", "dogru"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Turkey redenominated the lira on 1 January 2005, removing six zeros", "en", "u:lira", ""},
		{"Turkey redenominated the lira on 1 January 2005, printing new money", "en", "u:lira", "different"},
	})
}

// TestSameClaimNameNotAKind holds that a name is never stated by a word it is a kind of: WordNet
// has Caligula as an instance of "emperor", but a post about Caligula is not the fact-check
// about Emperor Nero, while a common noun may still be said more specifically.
func TestSameClaimNameNotAKind(t *testing.T) {
	ix := lexIndex(t,
		review("u:nero", "Emperor Nero played the fiddle while Rome burned.", "en", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Caligula played the fiddle while Rome burned", "en", "u:nero", "different"},
		{"Nero played the fiddle while Rome burned", "en", "u:nero", ""},
	})
}

// TestSameClaimNumbersAsPosted holds numbers written the way people post: a year cut to two
// digits without the apostrophe ("89da", "89 kasımında"), a unit word the lexicon knows as a
// synonym of a unit ("sene" for "yıl", "yrs" for "years") and a Turkish number word before an
// inflected unit ("altı sıfırı"), each with another number that must still be refused.
func TestSameClaimNumbersAsPosted(t *testing.T) {
	ix := lexIndex(t,
		review("u:berlin", "Berlin Duvarı 1989'da yıkıldı.", "tr", "dogru"),
		review("u:berlin-en", "The Berlin Wall fell in 1989.", "en", "dogru"),
		review("u:gum", "Yutulan sakız yedi yıl boyunca midede kalır.", "tr", "yanlis"),
		review("u:gum-en", "Swallowed chewing gum stays in your stomach for seven years.", "en", "yanlis"),
		review("u:lira", "2005 yılında Türk lirasından altı sıfır atıldı.", "tr", "dogru"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"berlin duvari 89da yikildi", "tr", "u:berlin", ""},
		{"berlin duvarı 89 kasımında yıkılmıştı", "tr", "u:berlin", ""},
		{"berlin duvarı 88 kasımında yıkılmıştı", "tr", "u:berlin", "different number"},
		{"the berlin wall fell in november 89", "en", "u:berlin-en", ""},
		{"the berlin wall fell in november 86", "en", "u:berlin-en", "different number"},
		{"Yuttuğun sakız yedi sene midede duruyormuş", "tr", "u:gum", ""},
		{"Yuttuğun sakız yedi gün midede duruyormuş", "tr", "u:gum", "different number"},
		{"swallowed gum stays in your stomach for 7 yrs", "en", "u:gum-en", ""},
		{"swallowed gum stays in your stomach for 7 days", "en", "u:gum-en", "different number"},
		{"2005'te Türk lirasından altı sıfırı attılar", "tr", "u:lira", ""},
		{"2005'te Türk lirasından dört sıfırı attılar", "tr", "u:lira", "different number"},
	})
}

// TestSameClaimRemoteTranslationNoAntonym holds that across languages an antonym reached only
// through a word's remote translations (another of its senses: "stuffy" is also "soğuk", aloof)
// does not flip the claim, while an antonym of its main translation still does ("finite" is
// "sonlu", the opposite of "sonsuz").
func TestSameClaimRemoteTranslationNoAntonym(t *testing.T) {
	ix := lexIndex(t,
		review("u:quake", "Havalar sıcak ve bunaltıcı olduğunda deprem olur.", "tr", "yanlis"),
		review("u:universe", "Evren sonsuzdur.", "tr", "belirsiz"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"earthquakes happen when the weather is hot and stuffy", "en", "u:quake", ""},
		// Before, "cold" against "sıcak" and "stuffy" against "bunaltıcı" were two antonyms that
		// cancelled out, and this was taken.
		{"earthquakes happen when the weather is cold and stuffy", "en", "u:quake", "different"},
		{"The universe is infinite", "en", "u:universe", ""},
		{"The universe is finite", "en", "u:universe", "opposite"},
	})
}

// TestSameClaimNumericDate holds a date written in digits ("29.10.1923", "29/10/1923") as the
// day, month and year it names, while another day, month or year is still another claim (a month
// before a year is set aside as the date said more exactly only when the fact-check names none).
func TestSameClaimNumericDate(t *testing.T) {
	ix := lexIndex(t,
		review("u:republic", "Türkiye Cumhuriyeti 29 Ekim 1923'te ilan edildi.", "tr", "dogru"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"29.10.1923 Cumhuriyet ilan edildi 🇹🇷", "tr", "u:republic", ""},
		{"Türkiye Cumhuriyeti 29.10.1923'te ilan edildi", "tr", "u:republic", ""},
		{"Turkey was declared a republic on 29/10/1923", "en", "u:republic", ""},
		{"Türkiye Cumhuriyeti 29.10.1924'te ilan edildi", "tr", "u:republic", "different number"},
		{"Türkiye Cumhuriyeti 28.10.1923'te ilan edildi", "tr", "u:republic", "different number"},
		{"Türkiye Cumhuriyeti 29.11.1923'te ilan edildi", "tr", "u:republic", "different"},
		{"Türkiye Cumhuriyeti 29 Kasım 1923'te ilan edildi", "tr", "u:republic", "different"},
		{"Türkiye Cumhuriyeti 1923'te ilan edildi", "tr", "u:republic", ""},
	})
}

// TestSameClaimDeverbalNoun holds that a Turkish noun made from a verb ("tüketim" from
// "tüketmek", "üretim" from "üretmek") stands for its verb, as a verbal noun does: "et yemek"
// rewords "et tüketimi" as "tuz yemek" rewords "tuz tüketmek" (TestSameClaimVerbalNouns), while
// another object or another part of the claim is still another claim.
func TestSameClaimDeverbalNoun(t *testing.T) {
	ix := lexIndex(t,
		review("u:meat", "İşlenmiş et tüketimi bağırsak kanseri riskini artırır.", "tr", "dogru"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"İşlenmiş et yemek bağırsak kanseri riskini artırır", "tr", "u:meat", ""},
		{"İşlenmiş et tüketmek bağırsak kanseri riskini artırır", "tr", "u:meat", ""},
		{"İşlenmiş et yemek bağırsak kanseri riskini azaltır", "tr", "u:meat", "opposite"},
		{"Kırmızı şarap içmek bağırsak kanseri riskini artırır", "tr", "u:meat", "different"},
	})
}

// TestSameClaimHeadBeforeParticiple holds that headOfStatedPhrase takes a fact-check word for
// the rest of a stated phrase only when it is a noun or a plural misread as the verb, never the
// passive participle: "Basketbol sahasını … icat etti" (the court) is not "Basketball was
// invented by …".
func TestSameClaimHeadBeforeParticiple(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		{"headOfStatedPhrase", "Basketbol sahasını 1891'de James Naismith icat etti", "tr", "basketball-naismith-en", "different"},
		{"headOfStatedPhrase", "Basketbolu 1891'de James Naismith icat etti", "tr", "basketball-naismith-en", ""},
		{"headOfStatedPhrase", "Arabanın lastik tekerlekleri yıldırımdan korur", "tr", "car-tires-lightning-en", ""},
	})
}
