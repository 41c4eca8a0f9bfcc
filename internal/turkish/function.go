package turkish

// functionWords are Turkish words (folded) that carry no claim content: conjunctions, particles,
// pronouns and demonstratives, postpositions, quantifiers and intensifiers, the light and copular
// verbs' common forms (with "hale"/"haline": "hale getirir" = makes, "haline gelir" = becomes),
// discourse fillers, hedges and the evidential "they say" frames social-media posts wrap claims in,
// the question particle with its copula ("muydu", "midir") and the counter "tane" ("altı tane
// sıfır": six zeros). Negators are not here (see
// IsNegator): polarity is compared on its own.
// "su" is left out because folded "şu" (that) is "su" (water), and "neden" because "neden olur"
// (causes) carries a claim's predicate.
var functionWords = set(`
ve veya ya yada ile ama fakat ancak lakin ki de da mi mu ise eger hem ne nasil nerede niye nicin
miydi muydu miymis muymus midir mudur misin musun miyiz muyuz misiniz musunuz
yoksa oysa halbuki cunku zira dahi bile sadece yalnizca yalniz ancak ayrica hatta ustelik
bu o bunlar sunlar onlar bunu sunu onu buna suna ona bunun sunun onun bunda sunda onda bundan ondan
ben sen biz siz beni seni bizi sizi bana sana bize size benim senin bizim sizin onlarin bunlarin
kendi kendisi kendileri kendine kendini kendisini kendimizi
bir birisi biri birkac bazi bazilari her herkes hersey herhangi hepsi hep tum butun cogu coklari
cok daha en pek gayet oldukca epey fazlasiyla asiri tamamen tamamiyla kesin kesinlikle mutlaka
yaklasik civarinda civari takriben
gercekten gercekte aslinda hakikaten resmen adeta sanki galiba belki muhtemelen bence bana_gore
iste yani sey seyler sunu acaba lutfen arkadaslar arkadas abi abla hocam millet ey
icin gibi kadar gore karsin ragmen dolayi oturu uzere beri once sonra tarafindan hakkinda
dair ait ile_ilgili boyunca itibaren sayesinde yuzunden diye
olarak olan olani olanlar olmak olur olurlar oldu olmus olmustur olmaktadir olabilir oluyor olacak
olmasi oldugu oldugunu olduguna oldugundan olduklari olduklarini olsa olsun idi imis iken ise
var vardir varmis
etmek eder ediyor etti etmis edilir edildi edilmis edilmistir edebilir
diyor diyorlar denir deniyor denildi dedi demis demisler soyleniyor soylenir soylendi soyluyor
soyluyorlar iddia iddiasi iddia_ediliyor duydum duydunuz okudum okudunuz gordum biliyor_musunuz
biliyormusunuz bilmiyorlar bilin bilmeyen kalmasin paylasin paylas yayalim yayin haberiniz
dikkat uyari acil son_dakika flas meger vallahi harbiden valla ya yaa yav
kanitlandi kanitlanmis kanitlanmistir kanitlanmisti ortaya_cikti
artik hala simdi bugun zaten tekrar yine
hale haline
tane
`)

// IsFunctionWord reports a folded Turkish function word (see functionWords).
func IsFunctionWord(w string) bool { return functionWords[w] }

// FunctionWords lists the Turkish function words (folded), for callers that build their own sets.
func FunctionWords() []string {
	out := make([]string, 0, len(functionWords))
	for w := range functionWords {
		out = append(out, w)
	}
	return out
}

// quantifiers open a quantified phrase with an empty noun ("her şey", "hiçbir zaman", "bir yer").
var quantifiers = set("her hicbir bir baska diger o bu su")

// genericNouns are the empty nouns such a phrase is built on: "şey" (thing), "zaman" (time),
// "yer" (place), inflected.
var genericNouns = set("sey seyi seye seyin seyde seyden seyler seyleri zaman zamanda yerde yere yer")

// IsQuantifier reports a folded word that may quantify an empty noun ("her", "hiçbir").
func IsQuantifier(w string) bool { return quantifiers[w] }

// IsGenericNoun reports a folded empty noun ("şey", "zaman"): after a quantifier the phrase is a
// function word ("her şey" = everything, "hiçbir zaman" = never).
func IsGenericNoun(w string) bool { return genericNouns[w] }
