package matching

import "testing"

// TestSameClaimSharedTranslation holds two Turkish words that English gives one main
// translation for as the same word ("pırlanta", "elmas": diamond; "büyük kısmı", "çoğu": most),
// and a word KeNet makes broader only when the narrower word's first translation is a main one of
// it ("damar" for "toplardamar", vein; not "şehir" for "başkent", capital). English words stay
// with WordNet ("universe" is not "earth", though both translate to "evren").
func TestSameClaimSharedTranslation(t *testing.T) {
	ix := lexIndex(t,
		review("u:blood", "Toplardamarlardaki kan mavidir, ancak havayla temas edince kırmızıya döner.", "tr", "yanlis"),
		review("u:diamond", "Elmaslar kömürden oluşur.", "tr", "yanlis"),
		review("u:heat", "Vücut ısımızın çoğunu başımızdan kaybederiz.", "tr", "yanlis"),
		review("u:capital", "Türkiye'nin başkenti İstanbul'dur.", "tr", "yanlis"),
		review("u:age", "The Earth is about 4.5 billion years old.", "en", "dogru"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"damarlarımızdaki kan aslında mavi, havayla temas edince kırmızı oluyor", "tr", "u:blood", ""},
		{"Pırlanta dediğin sıkışmış kömürden oluşuyor", "tr", "u:diamond", ""},
		{"Vücut ısısının büyük kısmı kafadan kaybedilir, bere takın", "tr", "u:heat", ""},
		{"Pırlanta dediğin sıkışmış kumdan oluşuyor", "tr", "u:diamond", "different"},
		{"Türkiye'nin en kalabalık şehri İstanbul'dur", "tr", "u:capital", "different"},
		{"The universe is about 4.5 billion years old", "en", "u:age", "different"},
	})
}

// TestSameClaimAsPosted holds rewordings written the way people post: function words typed
// short ("ur", "u", "bc", "gotta"), a reminder frame ("never forget"), a question tag, a question asking the claim either way, a
// Turkish verb without Turkish letters that only looks negative ("gomuyormus"), the evidential
// "we" (-mIşIz) that only looks privative, a number word inflected after "yüzde", the counter
// "tane", "bn" for billion, a plural subject and a relative clause opening a Turkish claim, a
// Turkish privative that negates only its own word ("montsuz"), a name's head said again
// ("Sahra Çölü"), an English clause of advice opened by a bare verb ("fight me"), undetermined
// text with Turkish letters read as Turkish, the month of a date opening a claim, a Turkish
// converb in -Ip with its object ("arsenali yenip"), a number bounded by "below" for "lower", a
// genitive that is part of a place ("Dağın tepesinde"); each
// with the look-alike or negation that must still be refused.
func TestSameClaimAsPosted(t *testing.T) {
	ix := lexIndex(t,
		review("u:seasons", "Summer is hot because the Earth is closer to the Sun.", "en", "yanlis"),
		review("u:water", "You should drink eight glasses of water a day.", "en", "kismen"),
		review("u:hands", "Washing your hands with soap helps prevent the spread of infections.", "en", "dogru"),
		review("u:sydney", "Sydney is the capital of Australia.", "en", "yanlis"),
		review("u:mac", "Mac bilgisayarlara virüs bulaşmaz.", "tr", "yanlis"),
		review("u:mrna", "mRNA vaccines change your DNA.", "en", "yanlis"),
		review("u:ostrich", "Devekuşları korktuklarında başlarını kuma gömer.", "tr", "yanlis"),
		review("u:brain", "İnsanlar beyinlerinin yalnızca yüzde 10'unu kullanır.", "tr", "yanlis"),
		review("u:lira", "2005 yılında Türk lirasından altı sıfır atıldı.", "tr", "dogru"),
		review("u:age", "The Earth is about 4.5 billion years old.", "en", "dogru"),
		review("u:autism", "Aşılar otizme neden olur.", "tr", "yanlis"),
		review("u:cold", "Soğuk havada dışarı çıkmak soğuk algınlığına neden olur.", "tr", "kismen"),
		review("u:sunscreen", "Bulutlu havada güneş kremi sürmek gereksizdir.", "tr", "yanlis"),
		review("u:cup", "Galatasaray won the UEFA Cup in 2000.", "en", "dogru"),
		review("u:sahara", "Sahra dünyanın en büyük çölüdür.", "tr", "kismen"),
		review("u:pluto", "Pluto is the ninth planet of the Solar System.", "en", "yanlis"),
		review("u:vitc", "C vitamini soğuk algınlığını önler.", "tr", "kismen"),
		review("u:republic", "Türkiye Cumhuriyeti 29 Ekim 1923'te ilan edildi.", "tr", "dogru"),
		review("u:republic-en", "Turkey was declared a republic on 29 October 1923.", "en", "dogru"),
		review("u:cup-tr", "Galatasaray 2000 yılında UEFA Kupası'nı kazandı.", "tr", "dogru"),
		review("u:boil", "Water boils at a lower temperature at high altitude.", "en", "dogru"),
		review("u:boil-tr", "Yüksek rakımlarda su daha düşük sıcaklıkta kaynar.", "tr", "dogru"),
		review("u:quake", "Havalar sıcak ve bunaltıcı olduğunda deprem olur; 'deprem havası' diye bir şey vardır.", "tr", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		// Function words as typed in posts.
		{"summer is hot bc we're closer to the sun", "en", "u:seasons", ""},
		{"u gotta drink 8 glasses of water a day", "en", "u:water", ""},
		{"u gotta drink 2 glasses of water a day", "en", "u:water", "different number"},
		{"wash ur hands w/ soap, it really does help stop germs spreading", "en", "u:hands", ""},
		// A question tag asks for agreement with the statement before it.
		{"Sydney is Australia's capital, isn't it?", "en", "u:sydney", ""},
		{"Melbourne is Australia's capital, isn't it?", "en", "u:sydney", "different"},
		// A question asks the claim either way; a statement of the negation is still refused.
		{"Mac bilgisayarlara virüs bulaşır mı?", "tr", "u:mac", ""},
		{"Mac bilgisayarlara virüs bulaşır", "tr", "u:mac", "negation differs"},
		{"do the mRNA vaccines change your DNA or not?", "en", "u:mrna", ""},
		{"mRNA vaccines don't change your DNA", "en", "u:mrna", "negation differs"},
		// "gömüyormuş" without Turkish letters is no negative of "gö-".
		{"devekuslari korkunca basini kuma gomuyormus", "tr", "u:ostrich", ""},
		{"Devekuşları korkunca başlarını kuma gömmüyor", "tr", "u:ostrich", "negation differs"},
		// The evidential "we" is no privative; a number word inflected after "yüzde".
		{"Beynimizin sadece onda birini kullanıyormuşuz", "tr", "u:brain", ""},
		{"Beynimizin sadece yüzde onunu kullanıyoruz", "tr", "u:brain", ""},
		{"Beynimizin sadece yüzde yirmisini kullanıyoruz", "tr", "u:brain", "different number"},
		// The counter "tane".
		{"2005'te liradan altı tane sıfır atıldı", "tr", "u:lira", ""},
		{"2005'te liradan yedi tane sıfır atıldı", "tr", "u:lira", "different number"},
		// "bn" is billion.
		{"Earth is around 4.5 bn years old", "en", "u:age", ""},
		{"Earth is around 4.5 mn years old", "en", "u:age", "different number"},
		// A plural opening the claim is its subject; a relative clause before it says which.
		{"Deprem havası diye bir şey var, bu sıcakta kesin sallanır", "tr", "u:quake", ""},
		{"Deprem havası diye bir şey yok, bu sıcakta sallanmaz", "tr", "u:quake", "different"},
		{"Çocuklara yapılan aşılar otizm yapıyor, kimse bunu konuşmuyor", "tr", "u:autism", ""},
		{"Çocuklara yapılan aşılar diyabet yapıyor", "tr", "u:autism", "different"},
		// A Turkish privative negates its own word: going out without a coat still goes out;
		// the positive of a privative the other claim states is still refused (with the copula,
		// "gereksizdir" is read as "gerek" negated, so the refusal is the negation's).
		{"Kışın montsuz dışarı çıkarsan nezle olursun", "tr", "u:cold", ""},
		{"Soğuk havada dışarı çıkmak soğuk algınlığına neden olmaz", "tr", "u:cold", "negation differs"},
		{"Bulutlu havada güneş kremi sürmek gerekli", "tr", "u:sunscreen", "negation differs"},
		// "never forget" frames the claim it reminds of.
		{"never forget Galatasaray won the UEFA Cup in 2000", "en", "u:cup", ""},
		{"never forget Fenerbahçe won the UEFA Cup in 2000", "en", "u:cup", "different"},
		// A name's head said again ("Sahra Çölü" where the fact-check says "çölüdür").
		{"Dünyanın en büyük çölü Sahra Çölü'dür", "tr", "u:sahara", ""},
		{"Dünyanın en büyük çölü Gobi Çölü'dür", "tr", "u:sahara", "different entity"},
		// A clause of advice opened by a bare verb states no fact.
		{"pluto is still our 9th planet, fight me", "en", "u:pluto", ""},
		{"mars is still our 9th planet, fight me", "en", "u:pluto", "different"},
		// Undetermined text with Turkish letters is read as Turkish.
		{"C vitamni nezleyi önlüyo", "und", "u:vitc", ""},
		{"D vitamini nezleyi önlüyo", "und", "u:vitc", "different"},
		// The month of a date opening the claim is when, not what the claim is about.
		{"29 Ekim 1923'te Türkiye Cumhuriyeti kuruldu", "tr", "u:republic", ""},
		{"29 Ekim 1933'te Türkiye Cumhuriyeti kuruldu", "tr", "u:republic", "different number"},
		{"29 Oct 1923: the day Turkey was declared a republic", "en", "u:republic-en", ""},
		// A converb with its object is a detail of when or how.
		{"galatasaray 2000 yilinda arsenali yenip uefa kupasini kazandi", "tr", "u:cup-tr", ""},
		{"Devekuşu tehlike görünce kafasını kuma sokar", "tr", "u:ostrich", ""},
		{"Devekuşu tehlike görünce kafasını suya sokar", "tr", "u:ostrich", "different"},
		// "below 100°C" says "lower"; "above" does not.
		{"On a mountain top, water boils below 100°C", "en", "u:boil", ""},
		{"On a mountain top, water boils above 100°C", "en", "u:boil", "different number"},
		// A genitive before a place with a possessive ending is part of the place.
		{"Dağın tepesinde su 100 derecenin altında kaynar", "tr", "u:boil-tr", ""},
		{"Dağın tepesinde su 100 derecenin üstünde kaynar", "tr", "u:boil-tr", "different"},
	})
}

// TestSameClaimModifiedHead holds a word the lexicon also names with the fact-check's modifier
// ("exercise" is "physical exercise", so it states "physical activity"; "egzersiz" translates to
// "physical exercise"), and a Turkish word that only ends like a privative ("egzersiz"), while
// another object is still refused.
func TestSameClaimModifiedHead(t *testing.T) {
	ix := lexIndex(t,
		review("u:exercise-en", "Regular physical activity lowers the risk of heart disease.", "en", "dogru"),
		review("u:exercise-tr", "Düzenli fiziksel aktivite kalp hastalığı riskini azaltır.", "tr", "dogru"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"Regular exercise reduces your risk of heart disease", "en", "u:exercise-en", ""},
		{"Regular exercise reduces your risk of cancer", "en", "u:exercise-en", "different"},
		{"Düzenli egzersiz kalp hastalığı riskini azaltır", "tr", "u:exercise-tr", ""},
		{"Düzenli egzersiz diyabet riskini azaltır", "tr", "u:exercise-tr", "different"},
	})
}

// TestConverbOpeningAPost reads posts whose first word is a Turkish converb ("Görünce …",
// "Yiyip …"): the rule that gives a converb its object before it looked that object up at the
// index before the first word, and the analysis panicked.
func TestConverbOpeningAPost(t *testing.T) {
	ix := lexIndex(t,
		review("u:bread", "Ekmek yemek kilo aldırır.", "tr", "yanlis"),
	)
	for _, post := range []string{
		"Yiyip yatınca kilo alınır",
		"Görünce inanırsın, ekmek kilo aldırır",
		"Koşarak kilo verilir",
		"Yiyerek",
	} {
		ix.Search(post, "tr", 3) // panicked before the fix

	}
}

// TestSameClaimColloq5Round holds the rules of the colloq5 round: a Turkish privative with the
// copula ("sonsuzdur", "gereksizdir") is read as a privative; a word typed with Turkish letters
// is asked of the lexicon as written, so "asıl" (main) is not "asil" (noble, the opposite of
// "temel" through "noble"/"base") and "kapanıyor" meets "iyileşmek" with no antonym between
// minor senses; an antonym in a place or time is another claim, even with a second antonym;
// "yıl" before a year names the year; a word pair each dictionary lists as the other's
// translation links across languages ("spread", "bulaştırmak": asked in undetermined language,
// the post is read both ways); a lower-case speaker and a verb of saying before "ki" frame what
// was said; a unit after a second number is that number's ("in 2005 six zeros"); a naming
// participle ("lemming denen hayvanlar") makes the name the part; an English date written month
// first ("Oct 29 1923") is read day first. Each with the look-alike or negation still refused.
func TestSameClaimColloq5Round(t *testing.T) {
	ix := lexIndex(t,
		review("u:universe", "Evren sonsuzdur.", "tr", "belirsiz"),
		review("u:sunscreen", "Bulutlu havada güneş kremi sürmek gereksizdir.", "tr", "yanlis"),
		review("u:climate", "Günümüzdeki küresel ısınmanın temel nedeni insan faaliyetleridir.", "tr", "dogru"),
		review("u:ozone", "Ozon tabakasındaki delik Montreal Protokolü sayesinde iyileşmektedir.", "tr", "dogru"),
		review("u:alcohol", "Alkol içmek soğukta vücudu ısıtır.", "tr", "yanlis"),
		review("u:basketball", "Basketball was invented by James Naismith in 1891.", "en", "dogru"),
		review("u:mosquito", "Sivrisinekler HIV (AIDS virüsü) bulaştırır.", "tr", "yanlis"),
		review("u:sleep", "Adults should sleep at least seven hours a night.", "en", "dogru"),
		review("u:lira", "2005 yılında Türk lirasından altı sıfır atıldı.", "tr", "dogru"),
		review("u:lemmings", "Lemmings commit mass suicide by jumping off cliffs.", "en", "yanlis"),
		review("u:republic", "Türkiye Cumhuriyeti 29 Ekim 1923'te ilan edildi.", "tr", "dogru"),
	)
	checkSameClaims(t, ix, []sameCase{
		// The privative with the copula.
		{"Evrenin sonu yok", "tr", "u:universe", ""},
		{"Evrenin bir sonu var", "tr", "u:universe", "negation differs"},
		{"Bulutlu havada güneş kremine gerek yok", "tr", "u:sunscreen", ""},
		{"Bulutlu havada güneş kremine gerek var", "tr", "u:sunscreen", "negation differs"},
		// Letters as written: no antonym through the folded word's other lemma; "asıl" (main)
		// states "temel" through KeNet's synset (trlex.go), so the claim is the same.
		{"Küresel ısınmanın asıl nedeni insan faaliyetleri", "tr", "u:climate", ""},
		// No antonym between two minor senses ("fall", "rise").
		{"Ozon tabakasındaki delik Montreal Protokolü sayesinde kapanıyor", "tr", "u:ozone", ""},
		{"Ozon tabakasındaki delik Kyoto Protokolü sayesinde kapanıyor", "tr", "u:ozone", "different"},
		// An antonym of place or time.
		{"Alkol içmek sıcak havada vücudu serinletir", "tr", "u:alcohol", "different detail"},
		// "yıl" before the year.
		{"Basketbolun mucidi James Naismith, yıl 1891", "tr", "u:basketball", ""},
		{"Basketbolun mucidi James Naismith, sene 1891", "tr", "u:basketball", ""}, // a synonym of "yıl"
		{"James Naismith basketbolu yıl 1891'de icat etti", "tr", "u:basketball", ""},
		{"James Naismith basketbolu yıl 1892'de icat etti", "tr", "u:basketball", "different number"},
		// A translation both dictionaries list.
		{"mosquitoes spread HIV", "und", "u:mosquito", ""},
		{"mosquitoes spread malaria", "und", "u:mosquito", "different"},
		// Reported speech: a speaker in lower case and a verb of saying before "ki".
		{"uzmanlar diyor ki yetişkin insanlar her gece en az 7 saat uyumalı", "tr", "u:sleep", ""},
		{"uzmanlar diyor ki yetişkin insanlar her gece en az 5 saat uyumalı", "tr", "u:sleep", "different number"},
		// A unit after a second number is that number's: "2005" stays a year.
		{"in 2005 six zeros were dropped from the turkish lira", "en", "u:lira", ""},
		{"in 2007 six zeros were dropped from the turkish lira", "en", "u:lira", "different number"},
		// A naming participle: the name is the part, the noun it names is a general word.
		{"lemming denen hayvanlar kayalıklardan atlayıp toplu intihar ediyor", "tr", "u:lemmings", ""},
		{"kunduz denen hayvanlar kayalıklardan atlayıp toplu intihar ediyor", "tr", "u:lemmings", "different"},
		// A date written month first.
		{"Oct 29 1923: the Turkish Republic was declared", "en", "u:republic", ""},
		{"Oct 28 1923: the Turkish Republic was declared", "en", "u:republic", "different number"},
	})
}

// TestWrittenSpelling holds that a Turkish word typed with Turkish letters is read as the lemma
// it spells, and one typed without them as any lemma folding to it: "körü" is "kör" (blind),
// never "koru" (grove); "asıl" is only "asıl"; "asil" may be either.
func TestWrittenSpelling(t *testing.T) {
	ix := lexIndex(t)
	for _, c := range []struct {
		word string
		want string // a lexicon form the word must have
		not  string // one it must not have
	}{
		{"körü", "kör", "koru"},
		{"asıl", "asıl", "asil"},
		{"gücü", "güç", ""},
		{"bulaştırır", "bulaştırmak", ""},
	} {
		cp := ix.parseClaim("yarasalar "+c.word, "tr")
		forms := cp.parts[len(cp.parts)-1].lexForms()
		if !contains(forms, c.want) || c.not != "" && contains(forms, c.not) {
			t.Errorf("%q: lexicon forms %v, want %q and not %q", c.word, forms, c.want, c.not)
		}
	}
}

// TestSameClaimChatterAfter holds that a post closing its claim with advice to the reader
// opened by "so" ("so relax") or with a consequence the poster draws ("so every lap …") is read
// without it, while a claim that says another thing before it is still refused.
func TestSameClaimChatterAfter(t *testing.T) {
	ix := lexIndex(t,
		review("u:plastic", "Most plastic we use gets recycled.", "en", "yanlis"),
		review("u:mrna", "mRNA vaccines change your DNA.", "en", "yanlis"),
		review("u:goldfish", "Goldfish have a three-second memory.", "en", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		// A consequence the poster draws, opened by "so" and a determiner.
		{"my goldfish has a 3 second memory so every lap of the bowl is a new adventure lol", "en", "u:goldfish", ""},
		{"my goldfish has a 3 minute memory so every lap of the bowl is a new adventure lol", "en", "u:goldfish", "different"},
		{"my cat has a 3 second memory so every lap of the bowl is a new adventure lol", "en", "u:goldfish", "different"},
		// Advice to the reader opened by "so".
		{"most plastic actually gets recycled so relax", "en", "u:plastic", ""},
		{"mRNA vaccines change your DNA so stay away", "en", "u:mrna", ""},
		{"most glass actually gets recycled so relax", "en", "u:plastic", "different"},
		{"mRNA vaccines don't change your DNA so relax", "en", "u:mrna", "negation differs"},
		{"mRNA vaccines change your blood so stay away", "en", "u:mrna", "different"},
	})
}

// TestSameClaimTruthTag holds that a last clause asking for agreement with a word of truth alone
// ("…, right?") is a question tag, as "isn't it?" is, while another subject before it, or a
// tag that names something of its own ("…, Melbourne?"), is still refused.
func TestSameClaimTruthTag(t *testing.T) {
	ix := lexIndex(t,
		review("u:web", "The internet and the World Wide Web are the same thing.", "en", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"the internet and the web are the same thing, right?", "en", "u:web", ""},
		{"the internet and the web are the same thing, true?", "en", "u:web", ""},
		{"the internet and email are the same thing, right?", "en", "u:web", "different"},
		{"the internet and the web are the same thing, Google?", "en", "u:web", "different"},
	})
}
