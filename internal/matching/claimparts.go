package matching

import (
	"iter"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/thesaurus"
	"github.com/claimcheck/claimcheck/internal/turkish"
)

// The decision that a fact-check states the same claim rests on the claim's parts, not on how
// many words two texts share. A claim is read into parts cheaply, by position and case endings:
//
//   - Turkish is verb-final: the last content word is the predicate, a noun directly before it
//     that a light verb makes into a verb ("yol açar", "neden olur", "tedavi eder") belongs to
//     the predicate, locative, ablative and instrumental nouns ("soğukta", "Çin'den", "sabunla")
//     are adjuncts, a bare noun directly before another noun modifies it ("akciğer kanseri"),
//     and the other nouns are the subject and the objects or complements;
//   - English puts its adjuncts in prepositional phrases ("at high altitude", "in 1989"); a word
//     directly before another content word modifies it ("lung cancer"); the other content words
//     are the subject, the verb and the objects;
//   - names and gazetteer places are entities, numbers are quantities with the slot they fill
//     (a year, a percentage, a count of kilometres), and the negations are counted.

// role is what a part does in its claim; core parts must be stated by both claims.
type role uint8

const (
	// roleAdjunct is a where/when/how detail ("soğukta", "in 1989"): a rewording may add one.
	roleAdjunct role = iota
	// roleModifier modifies the next word ("lung" cancer, "akciğer" kanseri).
	roleModifier
	// roleCore is the subject, an object or a complement.
	roleCore
	// rolePredicate is the verb or the predicate noun or adjective.
	rolePredicate
)

// part is one content word or number of a claim.
type part struct {
	// text is the word as written, for reasons.
	text string
	// folded is the word folded, before its apostrophe.
	folded string
	// lang is the lexical language the word is read in ("tr" or "en").
	lang string
	// lemmas are its lemma candidates (for a negative verb, those of its positive).
	lemmas []string
	// dict are its forms the lexicon knows (Turkish stems as dictionary words, verbs with their
	// infinitive ending; English base forms), at most a few.
	dict []string
	// spelled are the dict forms as the lexicon is asked about them (dictForms), nil when they
	// are the dict forms themselves.
	spelled []string
	// typedASCII marks a word of a claim typed without Turkish letters (asciireading.go).
	typedASCII bool
	// enLemmas and enDict are the English readings of a word of undetermined language.
	enLemmas, enDict []string
	role             role
	// first marks the first core part of its clause, named "subject" in reasons.
	first bool
	// ent is the entity it names, if any.
	ent *entity
	// num is the number key of a quantity, and slot what it counts.
	num, slot string
	// neg marks a negative verb form.
	neg bool
	// privative marks an English word that denies its root ("untraceable", "harmless"): its
	// negation belongs to it, so it counts only where the other claim states the word.
	privative bool
	// whole are a Turkish privative's own dictionary forms ("sonsuz", read as "son" negated):
	// across languages it may be stated by one word ("infinite"), the negation inside it.
	whole []string
	// place marks an adjunct of place or time ("soğukta", "in the cold", "during an
	// earthquake"): a rewording may say it in other words.
	place bool
	// clause numbers the part's clause within the claim (see clauseIDs).
	clause int
	// aside marks a part of a parenthesised aside: it may state a part of the other claim but is
	// never required.
	aside bool
	// verbLike marks an English word with a verb's ending (-s, -ed, an irregular past) that the
	// clause reading did not take for the verb: it may be the verb all the same.
	verbLike bool
	// advice marks a Turkish imperative closing its clause ("alın kenara koyun", "bunu herkes
	// bilsin"): the clause tells the reader what to do, it states no fact.
	advice bool
	// ident marks a number naming which one of its kind the word before it is ("tip 1",
	// "Windows 11"): the claim that states it is about that one only, as with a name.
	ident bool
	// bounded says how a number is bounded where it is written: '>' after "more than" or before
	// Turkish "fazla" with an ablative ("beşten fazla"), '=' after "only" ("only five",
	// "yalnızca 3 saniye"), '<' after "below" or "under" and before Turkish "altında" ("below
	// 100°C", "100 derecenin altında"), 0 otherwise.
	bounded byte
	// relative marks a word of a Turkish relative clause before its noun ("Çocuklara yapılan
	// aşılar"): it says which of the noun's kind, in no other part's place.
	relative bool
	// verb marks a verb (or the noun of a Turkish light-verb phrase): two claims may say one
	// thing with different verbs ("yol açar", "neden olur"), so an unmatched verb differs only
	// through its meaning (an antonym, an opposition), never by spelling alone.
	verb bool
	// afterAnd marks a word right after "and" or "ve": the second of two coordinated words.
	afterAnd bool
	// possessor marks a Turkish genitive before its possessed noun ("Arabanın lastikleri"):
	// the head of the phrase is that noun.
	possessor bool
	// detail marks a number that only modifies a noun or says when in a story (numberDetail): it
	// is in no part's place of the other claim.
	detail bool
	// standard marks the standard of a comparison: the word after "than" or after "as … as",
	// a Turkish ablative before the adjective ("Sahra'dan büyük"), the word before "kadar"
	// ("yıldırım kadar sıcak").
	standard bool
}

// claimParts is a claim read into parts.
type claimParts struct {
	lang  string
	parts []part
	// rated is the verdict of the review whose claim these are (Index.reviewParts), "" for a
	// post: a rule that lets a post add a detail the review did not check may depend on it.
	rated analysis.Verdict
	// body is the review's explanation, read when a rule needs it (bodyword.go); nil for a post.
	body *reviewBody
	// review is the review these parts were read from (Index.reviewParts), nil for a post; a
	// copy a rule changes keeps it, so a cache of the review's holds only for review.parts.
	review *ReviewDoc
	// negs are the negations (negative verb forms, "değil", "yok", the privative -sIz, "not",
	// "never", …) with their clause; a concord one ("hiç", "asla") is negative only in a clause
	// without another.
	negs []negation
	// opp are the words that place the claim on one side of an opposition.
	opp []oppHit
	// clauses counts the clauses read so far.
	clauses int
	// passive marks an English passive with its agent ("was invented by"): its subject is the
	// object of the active voice.
	passive bool
	// superlative marks a claim stating a superlative ("the largest desert", "en büyük çöl").
	superlative bool
	// question marks a post that is one question ("mac bilgisayarlara virüs bulaşır mı?"): it
	// asserts no polarity, so the fact-check of its claim or of the claim's negation answers it.
	question bool
	// frameText is the text read, kept to read it in pieces when a decision needs it (frame.go).
	frameText string
	// reported marks a post opened by a frame that reports what others say or believe ("everyone
	// says …", "my mum swears …"), dropped before the claim is read: a later "but …" answers it
	// (contrastanswer.go).
	reported bool
	// read is the text the parts were read from (the whole post's main text or a piece of it),
	// for a rule that must see a word's neighbours the parts leave out (verbsense.go).
	read string
	// readings are runs of the post's pieces with its frame set aside, read once frameText is
	// needed (frame.go).
	readings *[]reading
	// glosses are the parenthesised asides that say again in other words the word directly
	// before them ("şeker hastalığına (diyabete)"), by their parts (saidof.go).
	glosses []gloss
}

// negation is one negating word of a claim.
type negation struct {
	clause  int
	concord bool
	// privative is the part whose own word carries the negation (an English privative), or -1.
	privative int
	// prohibition marks an English negative imperative opening its clause ("Don't have yogurt
	// after fish", "Never eat watermelon with eggs"): advice against what the claim warns of.
	prohibition bool
}

// negativeWithout reports the claim's polarity from the negations other than those skip sets aside:
// an odd number negates; concord words count only when nothing else negates.
func (c *claimParts) negativeWithout(skip func(negation) bool) bool {
	n, concord := 0, false
	for _, g := range c.negs {
		if skip(g) {
			continue
		}
		if g.concord {
			concord = true
		} else {
			n++
		}
	}
	if n == 0 {
		return concord
	}
	return n%2 == 1
}

// lightVerbs are Turkish verbs that make a verb of the noun before them ("yol aç-", "neden ol-",
// "tedavi et-", "zarar ver-").
var lightVerbs = map[string]bool{"ol": true, "et": true, "ed": true, "yap": true, "ver": true, "ac": true, "kil": true, "cek": true, "al": true}

// trPostpositions make the noun before them an adjunct.
var trPostpositions = map[string]bool{"icin": true, "gibi": true, "kadar": true, "boyunca": true, "sirasinda": true,
	"sonra": true, "once": true, "sonrasinda": true, "oncesinde": true, "ragmen": true, "yuzunden": true, "dolayi": true,
	"sayesinde": true, "itibaren": true, "beri": true, "icinde": true, "icerisinde": true, "uzerinde": true, "altinda": true}

// enPlacePreps open an adjunct of place or time.
var enPlacePreps = map[string]bool{"in": true, "at": true, "on": true, "during": true, "over": true, "under": true,
	"until": true, "since": true, "before": true, "after": true, "within": true, "across": true, "throughout": true,
	"when": true, "while": true}

// trTimePostpositions make the noun before them an adjunct of time or place.
var trTimePostpositions = map[string]bool{"boyunca": true, "sirasinda": true, "sonra": true, "once": true,
	"sonrasinda": true, "oncesinde": true, "icinde": true, "icerisinde": true, "uzerinde": true, "altinda": true}

// enAdjunctPreps open an English adjunct phrase; "by" (the agent), "of" and "than" do not.
var enAdjunctPreps = map[string]bool{"in": true, "at": true, "on": true, "during": true, "from": true, "with": true,
	"for": true, "through": true, "over": true, "under": true, "until": true, "since": true, "before": true,
	"after": true, "per": true, "within": true, "across": true, "throughout": true, "when": true, "while": true, "if": true}

// quantityWords are number words read as quantities: fractions and percentages ("a quarter" =
// 25 percent = 1/4), with their key; "percent" is the slot.
var quantityWords = map[string]string{
	"quarter": "0.25", "ceyrek": "0.25", "ceyregi": "0.25", "half": "0.5", "yari": "0.5", "yarisi": "0.5",
}

// percentWords mark the number next to them as a percentage.
var percentWords = map[string]bool{"yuzde": true, "percent": true, "%": true}

// unitSlots map a unit word (folded lemma) to the slot a number before it fills.
var unitSlots = map[string]string{
	"yil": "year", "year": "year", "years": "year", "yilinda": "year", "yasinda": "year", "yas": "year", "old": "year",
	"derece": "degree", "degree": "degree", "degrees": "degree", "kilometre": "km", "km": "km", "kilometer": "km",
	"kilometres": "km", "kilometers": "km", "mil": "mile", "mile": "mile", "miles": "mile", "metre": "m", "meter": "m", "metres": "m", "meters": "m",
	"saniye": "second", "second": "second", "seconds": "second", "sn": "second", "sec": "second", "secs": "second",
	"dakika": "minute", "minute": "minute", "minutes": "minute", "dk": "minute", "min": "minute", "mins": "minute",
	"saat": "hour", "hour": "hour", "hours": "hour", "gun": "day", "day": "day", "days": "day", "ay": "month",
	"month": "month", "months": "month", "kemik": "bone", "bone": "bone", "bones": "bone", "bardak": "glass",
	"glass": "glass", "glasses": "glass", "milyar": "billion", "billion": "billion", "milyon": "million",
	"million": "million", "kez": "times", "kere": "times", "times": "times", "twice": "times", "sifir": "zero",
	"zero": "zero", "zeros": "zero", "zeroes": "zero", "duyu": "sense", "sense": "sense", "senses": "sense", "planet": "ordinal",
	"gezegen": "ordinal", "percent": "percent",
}

// parseClaim reads a claim into parts (see the comment at the top of this file).
func (ix *Index) parseClaim(text, lang string) *claimParts {
	if lang == "" {
		lang = "und"
	}
	if lang == "und" && strings.ContainsAny(text, "çğıöşüÇĞİÖŞÜ") {
		// Text the detector left undetermined ("C vitamni nezleyi önlüyo", too short to vote
		// on) is read as Turkish anyway; with letters of the Turkish alphabet it is Turkish, and
		// is compared with a Turkish fact-check as the same language.
		lang = "tr"
	}
	if utf8.RuneCountInString(text) > maxMatchRunes {
		text = string([]rune(text)[:maxMatchRunes])
	}
	cp := &claimParts{lang: lang}
	text = measureWords(text)
	text = shortYears.ReplaceAllStringFunc(text, fullYear)
	text = turkishShortYears.ReplaceAllStringFunc(text, fullTurkishYear)
	text = numericDates.ReplaceAllStringFunc(text, func(m string) string { return spelledDate(m, lexicalLang(lang)) })
	text = monthFirstDates.ReplaceAllStringFunc(text, dayFirstDate)
	cp.question = yesNoQuestion(text)
	framed := ix.dropTrailingComment(dropHashtags(ix.dropBelievers(dropQuestionFrame(text)))) // comment.go, believers.go
	cp.reported = ix.reportOpened(text)
	main, asides, after := splitAsides(framed)
	ix.parseSegment(cp, main, lang, false)
	mainParts := len(cp.parts)
	for n, a := range asides {
		from := len(cp.parts)
		ix.parseSegment(cp, a, lang, true)
		cp.glossAside(mainParts, from, after[n])
	}
	ix.markPossessors(cp)
	markTypedASCII(cp, text) // asciireading.go
	cp.frameText, cp.read = main, main
	return cp
}

// markPossessors marks a Turkish noun in the genitive directly before a noun of its clause with
// a possessive ending ("Arabanın lastikleri": the car's tyres): the phrase is about the second
// noun, its head, as "tyres" is of "your car's tyres".
func (ix *Index) markPossessors(cp *claimParts) {
	for i := 0; i+1 < len(cp.parts); i++ {
		p, n := &cp.parts[i], &cp.parts[i+1]
		if p.lang != "tr" || p.num != "" || p.ent != nil || p.verb || n.clause != p.clause || n.num != "" || n.verb || n.role != roleCore || n.aside != p.aside {
			continue
		}
		if _, suf := splitApostrophe(p.text); suf != "" {
			continue // a name's ending (nameModifier reads those)
		}
		if ix.morph.CaseOf(p.folded) == turkish.Genitive && strings.IndexByte("iu", n.folded[len(n.folded)-1]) >= 0 {
			p.possessor = true
		}
	}
	// A genitive before a place with a possessive ending ("Dağın tepesinde": on the mountain's
	// top) is part of that place, not the claim's subject: the subject is the next core word.
	for i := 0; i+1 < len(cp.parts); i++ {
		p, n := &cp.parts[i], &cp.parts[i+1]
		if p.lang != "tr" || !p.first || p.ent != nil || n.role != roleAdjunct || !n.place || n.clause != p.clause ||
			ix.morph.CaseOf(p.folded) != turkish.Genitive || !possessedPlace(n.folded) {
			continue
		}
		if f := cp.parts[min(i+2, len(cp.parts)-1)].folded; i+2 >= len(cp.parts) || turkish.IsVerbForm(f) || objectParticiple.MatchString(f) {
			continue // "Uçakların arkasında bıraktığı izler": the genitive is the verb's doer
		}
		if _, suf := splitApostrophe(p.text); suf != "" {
			continue
		}
		p.first, p.role, p.place = false, roleAdjunct, true
		for k := i + 2; k < len(cp.parts) && cp.parts[k].clause == p.clause; k++ {
			if c := &cp.parts[k]; c.num == "" && (c.role == roleCore || c.role == roleModifier) && !c.verb {
				c.first = true
				break
			}
		}
	}
}

// shortYears are years written with an apostrophe and two digits ("in '89").
var shortYears = regexp.MustCompile(`(^|[\s(])['’]\d\d\b`)

// fullYear writes a short year in full: '30 to '99 as 19xx, '00 to '29 as 20xx.
func fullYear(m string) string {
	lead := strings.TrimRightFunc(m, func(r rune) bool { return r != ' ' && r != '(' && r != '\t' && r != '\n' })
	digits := m[len(m)-2:]
	if digits >= "30" {
		return lead + "19" + digits
	}
	return lead + "20" + digits
}

// turkishShortYears are years written with two digits and a Turkish case ending after the
// apostrophe ("89'da yıkıldı", "71'den beri"): in and since a year, the way people post dates.
// Other endings ("10'u", "80'li yıllar") are counts and decades, left as they are.
var turkishShortYears = regexp.MustCompile(`(^|[\s(])\d\d['’](da|de|ta|te|dan|den|tan|ten)\b`)

// fullTurkishYear writes a two-digit Turkish year in full, as fullYear does.
func fullTurkishYear(m string) string {
	i := strings.IndexAny(m, "'’")
	return fullYear(m[:i]) + m[i:]
}

// numericDates are dates written in digits, day first as Turkish and British posts write them
// ("29.10.1923", "29/10/1923'te"); the year may carry a Turkish ending after its apostrophe.
var numericDates = regexp.MustCompile(`(^|[\s(])(\d{1,2})[./](\d{1,2})[./](\d{4})\b`)

// monthFirstDates are English dates written month first ("Oct 29 1923", "October 29th, 1923"),
// by the month names of Go's time package and their three-letter abbreviations.
var monthFirstDates = func() *regexp.Regexp {
	var names []string
	for m := time.January; m <= time.December; m++ {
		names = append(names, m.String(), m.String()[:3])
	}
	return regexp.MustCompile(`(?i)\b(` + strings.Join(names, "|") + `)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b`)
}()

// dayFirstDate writes a month-first date day first with the month's full name ("29 October
// 1923"), as the fact-checks and day-first posts write one, so its parts compare.
func dayFirstDate(m string) string {
	g := monthFirstDates.FindStringSubmatch(m)
	for mo := time.January; mo <= time.December; mo++ {
		if strings.EqualFold(g[1], mo.String()) || strings.EqualFold(g[1], mo.String()[:3]) {
			return g[2] + " " + mo.String() + " " + g[3]
		}
	}
	return m
}

// monthName is month m (1–12) as a fact-check in lexical language lex names it, "" for a
// language without one.
func monthName(m int, lex string) string {
	switch lex {
	case "tr":
		return turkish.MonthNames[m-1]
	case "en":
		return time.Month(m).String()
	}
	return ""
}

// spelledDate writes a numeric date as its day, month name and year ("29 Ekim 1923"), the way a
// fact-check states one, so each is compared as a part; a string that is no calendar date (a
// month above 12, a day above 31) is left as it is.
func spelledDate(m, lex string) string {
	g := numericDates.FindStringSubmatch(m)
	day, _ := strconv.Atoi(g[2])
	month, _ := strconv.Atoi(g[3])
	if day < 1 || day > 31 || month < 1 || month > 12 || monthName(month, lex) == "" {
		return m
	}
	return g[1] + strconv.Itoa(day) + " " + monthName(month, lex) + " " + g[4]
}

// questionParticles are the Turkish question particle and its forms with the copula (folded).
var questionParticles = map[string]bool{"mi": true, "mu": true, "miydi": true, "muydu": true, "miymis": true, "muymus": true,
	"midir": true, "mudur": true}

// yesNoQuestion reports a post that is a single yes/no question, by its grammar: closed by the
// Turkish question particle ("… bulaşır mı?"), opened by an English auxiliary ("Do Macs get
// viruses?") or closed by "or not?". A post that asks and then answers ("hiç kavis var mı? Dünya
// dümdüz") states its answer, and a statement with a question mark ("Istanbul isn't the capital
// of Turkey?") still states it, so neither is a question here.
func yesNoQuestion(text string) bool {
	t := strings.TrimRightFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '?' })
	body := strings.TrimRight(t, "?")
	if strings.ContainsAny(body, ".!?") {
		return false
	}
	f := strings.Fields(turkish.Fold(body))
	if len(f) < 2 {
		return false
	}
	if questionParticles[f[len(f)-1]] {
		return true
	}
	asked := len(body) < len(t)
	return asked && (invertingAuxiliaries[f[0]] || f[len(f)-2] == "or" && f[len(f)-1] == "not")
}

// questionFrames open a post that asks about a claim rather than stating it ("Is it true that
// …?", "Doğru mu ki …"): the claim is what follows.
var questionFrames = regexp.MustCompile(`(?i)^\s*(is it (really )?true( that)?|is it a fact( that)?|did you know( that)?|doğru mu( ki)?|biliyor muydunuz|biliyor musunuz)[\s,:]+`)

// dropQuestionFrame removes a question frame from the start of a text, a report frame
// (reportFrames) before the claim, and a question about it after ("…, is that true??").
func dropQuestionFrame(text string) string {
	text = questionFrames.ReplaceAllString(text, "")
	text = reportFrames.ReplaceAllString(text, "")
	text = sourceFrames.ReplaceAllString(text, "")
	text = reportedSpeech.ReplaceAllString(text, "")
	text = trailingQuestions.ReplaceAllString(text, "")
	return trailingReports.ReplaceAllString(text, "")
}

// reportFrames open a post that passes on what someone told the poster ("my mum says …", "I
// heard that …", "apparently …", "annem diyor ki …", "duydum ki …", "bir araştırmaya göre …"):
// who said it is no part of the claim, so the claim is what follows. Only speakers of the
// poster's own circle, an unnamed "they" and the sources a post cites (a study, scientists, an
// organisation named before "göre" or after "according to") are dropped: "Marie Antoinette
// said …" is a claim about her.
var reportFrames = regexp.MustCompile(`(?i)^\s*(` +
	`((my|our) ([\pL'’-]+ ){0,2}|(grandma|grandpa|granny|gran|nan|nana|mum|mom|dad) )(always |often |keeps |kept |once |just )?(says|said|told me|tells me|told us|tells us|swears|insists|claims|reckons|keeps saying)( that)?` +
	`|(i|we) (just |once )?(heard|read|was told|were told)( somewhere| online)?( that)?` +
	`|(people|they|everyone|everybody|someone|somebody) (say|says|said|told me|claim|claims)( that)?` +
	`|apparently|supposedly|reportedly|allegedly` +
	`|(never forget|don'?t forget|remember)( that)?` +
	`|unutmayın|unutmayalım|unutma` +
	`|according to [^,]{1,40},` +
	`|\pL+(m|im|ım|um|üm) (hep |sürekli |bana )?(diyor|dedi|söylüyor|söyledi|anlattı) ki` +
	`|(duydum|okudum|duyduğuma göre|okuduğuma göre|dediklerine göre|diyorlar|derler|herkes diyor)( ki)?` +
	`|(\S+ ){0,2}(bilim insanlar|bilim adamlar|uzmanlar|doktorlar|hekimler|(bir |yeni |son )?(araştırma|çalışma|rapor))\pL* göre` +
	`)[\s,:]+`)

// trNamingWords are the Turkish participles and adjectives that name ("denen", "denilen":
// called; "adlı", "isimli", "adında": named), folded.
var trNamingWords = map[string]bool{"denen": true, "denilen": true, "adli": true, "isimli": true, "adinda": true}

// reportedSpeech opens a Turkish post with a speaker in lower case and a verb of saying before
// "ki", which introduces what was said ("uzmanlar diyor ki …", "komşular dedi ki …"): the claim
// is what follows. A capitalised speaker ("Marie Antoinette dedi ki …") is left: what a named
// person said may be the claim itself.
var reportedSpeech = regexp.MustCompile(`^\s*(\p{Ll}[\pL'’]*\s+){1,3}(diyor|dedi|diyorlar|dediler|der|derler|söylüyor|söyledi|söylüyorlar|söylediler)\s+ki[\s,:]+`)

// sourceFrames open a post with an organisation or a person named as the source ("DSÖ'ye göre",
// "WHO'ya göre"): a capitalised name with a Turkish dative before "göre".
var sourceFrames = regexp.MustCompile(`^\s*\p{Lu}\pL*['’]\pL+ göre[\s,]+`)

// trailingReports close a post with who said it (", my dad always said", ", a biologist friend
// told me", ", babam her kış söyler", ", biyolog arkadaşım söyledi"), which is no part of the
// claim: a speaker of the poster's own circle (English "my", "our", "a"; a Turkish first-person
// possessive) before a verb of saying.
var trailingReports = regexp.MustCompile(`(?i)[,;:]\s*(((my|our|a) ([\pL'’-]+ ){0,2}(always |once |just )?(said|says|told me|told us|swears))|(([\pL]+ ){0,2}\pL+(m|im|ım|um|üm)( [\pL]+){0,2} (söyledi|söyler|söylüyor|diyor|dedi|anlattı)))[\s.!]*$`)

// trailingQuestions close a post that asks whether what it says is true ("…, is that true??",
// "… doğru mu?"): the question adds nothing to the claim.
var trailingQuestions = regexp.MustCompile(`(?i)[\s,;.!]*(is (that|this|it) (really )?true|true or not|true or false|or not|doğru mu|gerçek mi)[\s?!.]*$`)

// dropHashtags removes hashtags ("#flatearth", "#29Mayıs1453"): they tag a post, they do not
// state its claim.
func dropHashtags(text string) string {
	if !strings.Contains(text, "#") {
		return text
	}
	var b strings.Builder
	skip := false
	for _, r := range text {
		switch {
		case r == '#':
			skip = true
			continue
		case skip && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_'):
			continue
		}
		skip = false
		b.WriteRune(r)
	}
	return b.String()
}

// eachClause calls f with the bounds of each stretch of rs between clause breaks: commas,
// semicolons, colons, sentence ends and line breaks, but not a comma, point or colon between
// digits ("4,5 milyar", "10:30"). clauseIDs, clauseQuestions (negmeaning.go) and commentPieces
// (commentclause.go) cut alike.
func eachClause(rs []rune, f func(start, end int)) {
	start := 0
	for i, r := range rs {
		if !strings.ContainsRune(",;.!?…:\n", r) {
			continue
		}
		if inNumber(rs, i) {
			continue
		}
		f(start, i)
		start = i + 1
	}
	f(start, len(rs))
}

// clauseIDs numbers the clauses of a text (cut at commas, semicolons and sentence ends, not
// inside numbers) for each of its tokens, so chatter around a claim ("arkadaşlar dikkat",
// "bunu herkes bilsin") can be told from the claim. It returns nil when the clause tokens do not
// line up with toks.
func clauseIDs(text string, toks []scanned) []int {
	var ids []int
	rs := []rune(text)
	clause := 0
	eachClause(rs, func(start, end int) {
		n := len(analysis.Tokenize(string(rs[start:end])))
		for k := 0; k < n; k++ {
			ids = append(ids, clause)
		}
		if n > 0 {
			clause++
		}
	})
	if len(ids) != len(toks) {
		return nil
	}
	return ids
}

// scanClauses scans text (scanText), joins its English hyphenated compounds (joinHyphenated)
// and numbers the clause of each token (clauseIDs). The clauses are counted on the tokens as
// scanned, before two of them are joined into one ("man-made"), so a post with such a compound
// keeps its clauses for the polarity reading (negmeaning.go clauseTokens); ids is nil only when
// they do not line up with the scan. parseSegment still counts them on the joined tokens: read
// the other way it moved three test-half rewordings, one more refused than taken.
func (ix *Index) scanClauses(text, lex string) (toks []scanned, ids []int) {
	raw := scanText(text)
	ids = clauseIDs(text, raw)
	toks = ix.joinHyphenated(text, raw, lex)
	if ids == nil || len(toks) == len(raw) {
		return toks, ids
	}
	joined := make([]int, 0, len(toks))
	k := 0
	for _, t := range toks {
		joined = append(joined, ids[k])
		if t.text != raw[k].text {
			k++ // two tokens of one clause joined: a hyphen ends no clause
		}
		k++
	}
	return toks, joined
}

// lastWord is the word closing a text, spaces after it aside.
var lastWord = regexp.MustCompile(`[\p{L}\p{N}'’-]+\s*$`)

// splitAsides takes the parenthesised asides out of a text: "(artrite)", "(AIDS virüsü)" name or
// explain a part of the claim, so they may state it but are never required. after holds, for
// each aside, the word directly before it ("" when none), which it may gloss (saidof.go).
func splitAsides(text string) (main string, asides, after []string) {
	if !strings.Contains(text, "(") {
		return text, nil, nil
	}
	var b strings.Builder
	depth, start := 0, 0
	for i, r := range text {
		switch {
		case r == '(':
			if depth == 0 {
				start = i + 1
				after = append(after, strings.TrimSpace(lastWord.FindString(text[:i])))
			}
			depth++
		case r == ')' && depth > 0:
			depth--
			if depth == 0 {
				asides = append(asides, text[start:i])
				b.WriteByte(' ')
			}
		case depth == 0:
			b.WriteRune(r)
		}
	}
	if depth > 0 {
		asides = append(asides, text[start:])
	}
	return b.String(), asides, after
}

// parseSegment reads a text (the claim, or one of its asides) into parts appended to cp.
func (ix *Index) parseSegment(cp *claimParts, text, lang string, aside bool) {
	first := len(cp.parts)
	lex := lexicalLang(lang)
	toks := ix.joinHyphenated(text, scanText(text), lex)
	clauses := trProhibitionClauses(toks, clauseIDs(text, toks), lex) // trprohib.go
	markClauseStarts(toks, clauses)                                   // numread.go
	inYears := locativeYears(text)
	clauseBase := cp.clauses
	shout := shouting(toks)
	type tokInfo struct {
		folded   string
		function bool
		prep     bool // an English adjunct preposition, or a Turkish postposition
		place    bool // the preposition opens a place or time adjunct
		part     int  // index in cp.parts, or -1
	}
	infos := make([]tokInfo, len(toks))
	clauseOf := func(i int) int {
		if clauses == nil {
			return clauseBase
		}
		return clauseBase + clauses[i]
	}
	negate := func(i int, concord bool) {
		cp.negs = append(cp.negs, negation{clause: clauseOf(i), concord: concord, privative: -1, prohibition: lex == "en" && prohibitionAt(toks, i, clauseOf) || lex == "tr" && trProhibitionAt(toks, i, clauseOf)})
	}
	negStart := len(cp.negs)
	// beyond holds the tokens of a negated lower bound ("not … more than 5", "5'ten uzun …
	// -amaz"): each takes back one negation of its clause once the parts are read.
	var beyond []int
	// lowers holds the tokens of a lower bound's word ("at least", "en az", "minimum"), which
	// bounds the number beside it (atleast.go).
	var lowers []int
	// contrast is a "değil" that may open a contrast ("Ankara değil İstanbul", "yuvarlak değil,
	// dümdüz"), with its entry in cp.negs.
	type contrast struct{ tok, neg int }
	var contrasts []contrast
	// doubled marks a negative participle whose negation the "yok" after it takes back.
	doubled := map[int]bool{}
	for i, t := range toks {
		infos[i].part = -1
		whole := turkish.Fold(t.text)
		base := nameBase(t.text)
		folded := collapseRepeats(turkish.Fold(base))
		infos[i].folded = folded
		if t.number {
			continue
		}
		if strings.HasSuffix(whole, "n't") || strings.HasSuffix(whole, "n’t") {
			if negativeQuestionAt(text, toks, i) {
				// "Isn't Istanbul the capital of Turkey?" asks for agreement with the positive
				// statement, as "değil mi?" does below.
				infos[i].function = true
				continue
			}
			negate(i, false)
			infos[i].function = true
			continue
		}
		wlang := lex
		if lex == "tr" && lang == "und" && englishFunction(folded) {
			wlang = "en"
		}
		if identifierLetter(toks, i, folded) {
			// A letter naming which of its kind the word beside it is ("C vitamini", "Vitamin
			// D", "hepatit B") is a part: vitamin D is not vitamin C.
			continue
		}
		if wlang == "en" && folded == "stop" && (i == 0 || toks[i].sentenceStart || clauseOf(i-1) != clauseOf(i)) &&
			i+1 < len(toks) && strings.HasSuffix(turkish.Fold(toks[i+1].text), "ing") {
			// "Stop cracking your knuckles, you'll get arthritis!": a warning against what the
			// claim says, as "don't crack" is (prohibitionAt); the verb "stop" is no part of it.
			infos[i].function = true
			continue
		}
		if ix.negatedLowerBound(toks, i, folded, wlang, clauseOf, cp.negs[negStart:]) || trBeyondNumber(toks, i, folded, wlang, clauseOf) {
			// "don't have more than five", "can't remember anything for longer than three
			// seconds", "üç saniyeden uzun hatırlayamaz": a negated lower bound is an upper bound,
			// which is what "only five" and a plain "three-second memory" say. The comparative
			// is grammar, and the negation belongs to it, not to the claim.
			infos[i].function = true
			if wlang == "en" {
				infos[i+1].function = true
			}
			beyond = append(beyond, i)
			continue
		}
		if b := ix.boundAt(toks, i, folded, wlang); b != noBound {
			// A bound on a number is grammar, not content: "at least seven" and "not less than
			// seven" say the same, so an upper bound counts as a negation of the lower one.
			infos[i].function = true
			if b == upperBound {
				negate(i, false)
			} else {
				lowers = append(lowers, i)
			}
			continue
		}
		if i > 0 && turkish.IsGenericNoun(folded) && turkish.IsQuantifier(turkish.Fold(toks[i-1].text)) {
			// "her şey" (everything), "hiçbir zaman" (never), "bir yerde": a quantifier and an
			// empty noun are one function word.
			infos[i].function = true
			continue
		}
		if wlang == "en" && (folded == "no" || folded == "not") && i+3 < len(toks) && turkish.Fold(toks[i+1].text) == "more" &&
			turkish.Fold(toks[i+2].text) == "than" && (toks[i+3].number || isNumberWord(turkish.Fold(toks[i+3].text))) {
			// "no more than five" says "only five": a bound, not a negation of the claim.
			infos[i].function, infos[i+1].function = true, true
			continue
		}
		if wlang == "en" && folded == "more" && i+1 < len(toks) && !toks[i+1].number && !toks[i+1].sentenceStart &&
			!englishFunction(turkish.Fold(toks[i+1].text)) && !isNumberWord(turkish.Fold(toks[i+1].text)) {
			// "more nutritious" is a comparative, as Turkish says with the function word "daha":
			// grammar, not a part to be stated, but still a side of the more/less opposition
			// ("less nutritious" keeps "less" as a part and differs).
			infos[i].function = true
			cp.opp = append(cp.opp, oppositionsOf(folded, stemFor("en", folded))...)
			continue
		}
		switch {
		case folded == "":
			infos[i].function = true
		case turkish.IsNegator(folded) && i+1 < len(toks) && turkish.IsQuestionParticle(turkish.Fold(toks[i+1].text)):
			// "değil mi?", "değil miydi?" ask for agreement with the positive statement.
			infos[i].function = true
		case wlang == "tr" && strings.HasPrefix(folded, "yok") && turkish.IsNegator(folded) && i > 0 && !toks[i].sentenceStart &&
			clauseOf(i-1) == clauseOf(i) && turkish.IsNegativeParticiple(infos[i-1].folded):
			// "bunu bilmeyen yok", "sigara içmeyen yok" (there is no one who does not): two
			// negations, saying that everyone does; neither negates the claim.
			doubled[i-1] = true
			infos[i].function = true
		case turkish.IsNegator(folded) || wlang == "en" && negationWords[folded] || lex == "tr" && (folded == "not" || strings.HasSuffix(folded, "n't")):
			if wlang == "tr" && strings.HasPrefix(folded, "degil") {
				contrasts = append(contrasts, contrast{tok: i, neg: len(cp.negs)})
			}
			negate(i, false)
			infos[i].function = true
		case wlang == "tr" && turkish.IsConcord(folded), wlang == "en" && (folded == "never" || folded == "no" || folded == "none" || folded == "nothing"):
			negate(i, wlang == "tr")
			infos[i].function = true
		case wlang == "en" && postIntensifier(toks, i, folded):
			// "way more", "back in 1893": the way people post, saying nothing of their own.
			infos[i].function = true
		case wlang == "en" && enAdjunctPreps[folded] && !(i+1 < len(toks) && (turkish.Fold(toks[i+1].text) == "least" || turkish.Fold(toks[i+1].text) == "most")):
			infos[i].prep = true
			infos[i].function = true
			infos[i].place = enPlacePreps[folded]
		case wlang == "tr" && (trPostpositions[folded] || folded == "karsi" && i > 0 && ix.morph.CaseOf(turkish.Fold(toks[i-1].text)) == turkish.Dative):
			// "karşı" after a dative is the postposition "against" ("yıldırıma karşı korur").
			infos[i].prep = true
			infos[i].function = true
		case wlang == "en" && englishFunction(folded), wlang == "tr" && (turkish.IsFunctionWord(folded) || lang == "und" && englishFunction(folded)):
			infos[i].function = true
		case wlang == "tr" && ix.isCopula(folded, base):
			// A form of "olmak" ("oluyormuş", "olacaktır") is the copula or a light verb; a
			// negative one ("olmaz", "olmadı") still negates the claim.
			if turkish.IsNegativeVerb(folded) {
				negate(i, false)
			}
			infos[i].function = true
		case utf8.RuneCountInString(folded) < 2 && !hasDigit(folded) && !(analysis.IsAllCaps(base) && i > 0):
			// A single letter is noise, but a capital after a word names something ("Vitamin C").
			infos[i].function = true
		}
	}
	// "X değil, Y" states Y: the word X it sets aside is no part of the claim, and the "değil"
	// negates nothing the claim asserts. Only when a content word follows in the sentence;
	// otherwise "değil" negates the claim ("Dünya düz değil").
	var dropNegs []int
	for _, c := range contrasts {
		i := c.tok
		if i == 0 || infos[i-1].function || toks[i-1].number || toks[i].sentenceStart {
			continue
		}
		follows := false
		for j := i + 1; j < len(toks) && !toks[j].sentenceStart; j++ {
			if !infos[j].function && !toks[j].number {
				follows = true
				break
			}
		}
		if follows {
			infos[i-1].function = true
			dropNegs = append(dropNegs, c.neg)
		}
	}
	for k := len(dropNegs) - 1; k >= 0; k-- {
		cp.negs = append(cp.negs[:dropNegs[k]], cp.negs[dropNegs[k]+1:]...)
	}
	foldedAt := func(j int) string { return infos[j].folded }
	// "yıl 1891", "sene 1893", "the year 1891": a word for "year" before a year names what the
	// number is, as "1891 yılında" does after it.
	for i := 0; i+1 < len(toks); i++ {
		if f := infos[i].folded; toks[i+1].number && !infos[i].function && !toks[i].number &&
			numberSlot(toks, foldedAt, i+1, toks[i+1].text) == "year" && (unitSlots[f] == "year" || ix.namesYear(f, lex)) {
			infos[i].function = true
		}
	}
	markFunction(ix.dateNouns(toks, foldedAt, lex), func(i int) { infos[i].function = true }) // datenoun.go
	// "lemming denen hayvanlar", "Naismith adlı öğretmen": a naming participle after a name
	// says the name is what the noun after it is called; that noun is a general word for what
	// the name names, so the name is the part.
	for i := 1; i+1 < len(toks); i++ {
		if trNamingWords[infos[i].folded] && !infos[i-1].function && !toks[i+1].sentenceStart {
			infos[i].function = true
			if k := namedNounAt(i, len(toks), foldedAt); !toks[k].number && !toks[k].sentenceStart { // namednoun.go
				infos[k].function = true
			}
		}
	}
	// Parts, in text order.
	for i, t := range toks {
		if infos[i].function {
			continue
		}
		folded := infos[i].folded
		p := part{text: t.text, folded: folded, lang: lex, role: roleCore}
		p.afterAnd = i > 0 && !t.sentenceStart && (infos[i-1].folded == "and" || infos[i-1].folded == "ve")
		if t.number {
			p.num = numberKey(t.text, lang)
			next := i + 1
			if next < len(toks) && infos[next].folded == "bucuk" {
				// "4 buçuk milyar": four and a half.
				p.num = plusHalf(p.num)
				infos[next].function = true
				next++
			}
			if next < len(toks) {
				if f, ok := scaleWords[infos[next].folded]; ok {
					p.num = scaled(p.num, f)
					infos[next].function = true
				}
			}
			p.slot = numberSlot(toks, foldedAt, i, t.text)
			if inYears[numberPart(t.text)] {
				p.slot = "year" // numread.go
			}
			p.ident = p.slot == "" && i > 0 && !t.sentenceStart && !toks[i-1].number && !infos[i-1].function && !infos[i-1].prep
		} else if digitOrdinal.MatchString(folded) {
			// "3rd", "21st": an ordinal written in digits, as "third" is one in words.
			p.num = folded
			p.slot = "ordinal"
		} else if f, ok := englishFractionAt(toks, foldedAt, i); ok {
			// "a tenth of", "one fifth of": a share, compared as a percentage.
			p.num = f
			p.slot = "percent"
		} else if v, n := numberWords2(toks, foldedAt, i); n > 0 {
			// A number in words, one or several ("iki yüz altı" = 206, "twenty-one", "four and a
			// half billion").
			p.num = v
			for k := i + 1; k < i+n; k++ {
				infos[k].function = true
			}
			if k := i + n; k < len(toks) && !toks[k].number {
				if f, ok := scaleWords[infos[k].folded]; ok {
					p.num = scaled(p.num, f)
					infos[k].function = true
					n++
				}
			}
			p.slot = numberSlot(toks, foldedAt, i+n-1, toks[i+n-1].text)
			if s := unitSlots[folded]; p.slot == "" && n == 1 && s != "" {
				// A number word that is its own unit: "twice" is "two times", "iki kez".
				p.slot = s
			}
			if k := i + n; p.slot == "" && k < len(toks) && !toks[k].number && !toks[k].sentenceStart {
				// A number in words names no quantity without a unit, so the word after it may be
				// a unit in another word ("iki defa" is "iki kez"), as for the soft number words.
				p.slot = ix.unitSlot(infos[k].folded, lex)
			}
			switch b := ordinalBase(v); {
			case b != v && b != "1" && p.slot == "times":
				// "ikinci kez" (a second time) counts the times as "iki kez" (twice) does;
				// "ilk kez" (the first time) stays a rank.
				p.num = b
			case b != v:
				p.slot = "ordinal" // a rank, whatever word follows it ("üçüncü oldu")
			}
		} else if v, ok := ix.misspeltTimes(folded, lex); ok {
			p.num, p.slot = v, "times"
		} else if f, ok := fractionAt(toks, foldedAt, i); ok {
			// "beşte biri" (one in five) is 20 percent.
			p.num = f
			p.slot = "percent"
			infos[i+1].function = true
		} else if v, ok := ix.percentNumberWord(toks, foldedAt, i); ok {
			// "yüzde onunu" (ten percent of it): a number word with its endings after "yüzde".
			p.num = v
			p.slot = "percent"
		} else if q, ok := quantityWords[folded]; ok {
			p.num = q
			p.slot = "percent"
		} else if n, ok := softNumberWords[folded]; ok && i+1 < len(toks) && ix.unitSlot(infos[i+1].folded, lex) != "" {
			p.num = n
			p.slot = ix.unitSlot(infos[i+1].folded, lex)
		} else if ok && i+2 < len(toks) && infos[i+1].folded == "tane" && !toks[i+2].number && ix.unitSlot(infos[i+2].folded, lex) != "" {
			// "altı tane sıfır": the Turkish counter "tane" (piece) between a number and what
			// it counts is grammar.
			p.num = n
			p.slot = ix.unitSlot(infos[i+2].folded, lex)
			infos[i+1].function = true
		}
		if p.num == "" {
			// "sadece erkeklerde", "only in old people": the claim holds of that one alone
			// (onlyRestriction); function words may stand between.
			k := i - 1
			for k >= 0 && infos[k].function && !onlyWords[infos[k].folded] {
				k--
			}
			if k >= 0 && onlyWords[infos[k].folded] {
				p.bounded = '='
			}
		}
		if p.num != "" {
			p.bounded = boundedAt(toks, i)
			for _, b := range beyond {
				if p.bounded == '>' && b >= i-2 && b <= i+2 {
					p.bounded = '=' // a negated lower bound caps the number, as "only" does
				}
			}
			if p.bounded == 0 && lowerBoundNear(lowers, i) {
				p.bounded = atLeast // atleast.go
			}
		}
		if p.num != "" && p.slot != "" {
			// The unit belongs to the quantity ("iki kez", "206 kemik"): compared with it.
			k := i + 1
			for k < len(toks) && infos[k].function {
				k++
			}
			if k < len(toks) && k <= i+4 && !toks[k].number && (unitOf(infos[k].folded) == p.slot || !t.number && ix.unitSlot(infos[k].folded, lex) == p.slot) {
				infos[k].function = true
				p.detail = numberDetail(toks, foldedAt, k, lex) // numread.go
			}
		}
		if p.num == "" {
			if e, ok := entityAt(toks, i, shout); ok {
				e := e
				p.ent = &e
			}
			switch lex {
			case "tr":
				switch root, word, priv := privativeRoot(folded); {
				case turkish.IsNegativeVerb(folded) && p.ent == nil && !ix.stemWithM(folded):
					if !doubled[i] {
						p.neg = true
						negate(i, false)
					}
					p.lemmas = ix.morph.Positive(folded)
				case priv && p.ent == nil && len(root) >= 3 && (ix.lex == nil || ix.knownTR(root) || !ix.knownTR(folded)):
					// "gereksiz" (without need) is "gerek yok": the root, negated; not a word the
					// lexicon knows whole with a root it does not ("egzersiz", exercise, only
					// ends like one). As with an English privative, the negation is the word's
					// own ("montsuz dışarı çıkmak": going out without a coat still goes out), so
					// it counts only where the other claim states the word.
					p.neg = true
					negate(i, false)
					cp.negs[len(cp.negs)-1].privative = len(cp.parts)
					p.lemmas = ix.morph.Lemmas(root)
					p.whole, _ = ix.dictForms("tr", ix.morph.Lemmas(word), "")
				default:
					p.lemmas = ix.morph.Lemmas(folded)
					if b, ok := turkish.Unintensified(folded); ok && ix.knownTR(b) {
						// "dümdüz" is "düz" said with emphasis.
						p.lemmas = append(p.lemmas, ix.morph.Lemmas(b)...)
					}
				}
			case "en":
				p.lemmas = ix.enLemmas(folded)
				if root, ok := ix.englishPrivative(folded); ok && p.ent == nil {
					// "untraceable" is "can't be traced", "harmless" "doesn't harm": the root,
					// negated.
					p.neg, p.privative = true, true
					negate(i, false)
					cp.negs[len(cp.negs)-1].privative = len(cp.parts)
					p.lemmas = root
				}
				p.verbLike = (strings.HasSuffix(folded, "s") && !strings.HasSuffix(folded, "ss") || strings.HasSuffix(folded, "ed") ||
					ix.irregularPast(folded)) && i > 0
			default:
				p.lemmas = []string{folded}
			}
			if lang == "und" && isASCIIWord(folded) {
				// Text whose language is undetermined may be English typed loosely ("macs dont get
				// viruses"): the word keeps its English readings too.
				p.lang = "und"
				p.enLemmas = ix.enLemmas(folded)
				p.enDict = firstN(p.enLemmas, maxDict)
			}
			p.dict, p.spelled = ix.dictForms(lex, p.lemmas, writtenWord(t.text))
			for _, h := range oppositionsOf(folded, stemFor(lex, folded)) {
				if !strings.HasPrefix(h.group, "privative:") { // read as a negation above
					cp.opp = append(cp.opp, h)
				}
			}
			if lex == "tr" && i > 0 {
				if h, ok := phraseOpposition(turkish.Fold(toks[i-1].text), folded); ok {
					cp.opp = append(cp.opp, h)
				}
			}
		}
		if clauses != nil {
			p.clause = clauseBase + clauses[i]
			cp.clauses = max(cp.clauses, p.clause+1)
		} else {
			p.clause = clauseBase
			cp.clauses = max(cp.clauses, clauseBase+1)
		}
		infos[i].part = len(cp.parts)
		cp.parts = append(cp.parts, p)
	}
	ix.markComparison(cp, toks, func(i int) (int, string) { return infos[i].part, infos[i].folded }, clauseOf, lex)
	for _, i := range beyond {
		cp.negs = takeBackNegation(cp.negs, negStart, clauseOf(i))
	}
	ix.assignRoles(cp, toks, func(i int) (int, bool, bool) { return infos[i].part, infos[i].function, infos[i].prep },
		func(i int) bool { return infos[i].place }, lex)
	if lex == "tr" && ix.lex != nil {
		ix.markPhraseVerbs(cp, toks, infos2parts(len(toks), func(i int) int { return infos[i].part }))
		ix.markTimeAdverbs(cp, first)
	}
	if lex == "en" && ix.lex != nil {
		// An English clause opened by a bare verb before its object or particle ("Put a coat
		// on!", "Look up, …", "Teach your kids this:") tells the reader what to do, as a Turkish
		// imperative does: advice, which states no fact.
		for i := 0; i+1 < len(toks); i++ {
			if pi := infos[i].part; pi >= 0 && (i == 0 || toks[i].sentenceStart || clauseOf(i-1) != clauseOf(i)) &&
				!toks[i+1].sentenceStart && imperativeCues[infos[i+1].folded] && ix.bareVerb(infos[i].folded) {
				cp.parts[pi].advice = true
			}
		}
	}
	mergeCompoundQuantities(cp, first)
	if aside {
		for i := first; i < len(cp.parts); i++ {
			cp.parts[i].aside = true
			cp.parts[i].role = roleAdjunct
			cp.parts[i].verb = false
			cp.parts[i].first = false
		}
	}
}

// markComparison marks the superlative of a claim and the standard of its comparisons
// (claimParts.superlative, part.standard), which say one claim in two ways: "No desert is
// bigger than the Sahara" is "The Sahara is the largest desert", and "The Sun is not as hot as
// lightning" is "Lightning is hotter than the Sun".
func (ix *Index) markComparison(cp *claimParts, toks []scanned, at func(int) (int, string), clauseOf func(int) int, lex string) {
	// next is the first part after token i in its clause, or -1.
	next := func(i int) int {
		for k := i + 1; k < len(toks) && clauseOf(k) == clauseOf(i); k++ {
			if p, _ := at(k); p >= 0 {
				return p
			}
		}
		return -1
	}
	mark := func(p int) {
		if p >= 0 && cp.parts[p].num == "" {
			cp.parts[p].standard = true
		}
	}
	for i, t := range toks {
		if t.number {
			continue
		}
		p, folded := at(i)
		switch lex {
		case "en":
			switch {
			case folded == "most" || folded == "best" || folded == "worst":
				cp.superlative = true
			case p >= 0 && len(folded) >= 6 && strings.HasSuffix(folded, "est") && shorterLemma(ix.enLemmas(folded), folded):
				cp.superlative = true // "largest", "hottest"
			case folded == "than":
				mark(next(i))
			case folded == "as":
				// "as hot as lightning": the standard follows the second "as".
				for k := i + 2; k <= i+3 && k < len(toks) && clauseOf(k) == clauseOf(i); k++ {
					if _, f := at(k); f == "as" {
						mark(next(k))
						break
					}
				}
			}
		case "tr":
			whole := turkish.Fold(t.text)
			switch {
			case folded == "en" && p < 0 && next(i) >= 0:
				cp.superlative = true
			case folded == "kadar" && i > 0 && clauseOf(i-1) == clauseOf(i):
				if q, _ := at(i - 1); q >= 0 {
					mark(q)
				}
			case p >= 0 && i+1 < len(toks) && clauseOf(i+1) == clauseOf(i) && !toks[i+1].number && ablative(ix.morph, whole):
				if n, _ := at(i + 1); n >= 0 && !cp.parts[n].verb {
					mark(p) // "Sahra'dan büyük", "Güneş'ten daha sıcak" (daha is a function word)
				} else if _, f := at(i + 1); f == "daha" {
					mark(p)
				}
			}
		}
	}
}

// shorterLemma reports a lemma shorter than the word: the word is an inflected form of it.
func shorterLemma(lemmas []string, w string) bool {
	for _, l := range lemmas {
		if len(l) < len(w) && len(l) >= 2 {
			return true
		}
	}
	return false
}

// ablative reports a folded Turkish word in the ablative, a name's ending after its apostrophe
// included ("Sahra'dan").
func ablative(m *turkish.Morphology, whole string) bool {
	if _, suffix := splitApostrophe(whole); suffix != "" {
		return m.CaseOf("xx"+suffix) == turkish.Ablative
	}
	return m.CaseOf(whole) == turkish.Ablative
}

// markTimeAdverbs reads a Turkish time noun with the plural possessive ("sabahları", "geceleri",
// "kışları": in the mornings, at night, in winters) as an adjunct of time, which a rewording may
// add, from part from on. A time noun is one whose first English translations the lexicon has
// as a kind of time period.
func (ix *Index) markTimeAdverbs(cp *claimParts, from int) {
	for i := from; i < len(cp.parts); i++ {
		p := &cp.parts[i]
		if p.ent != nil || p.num != "" || p.verb || p.place {
			continue
		}
		stem, ok := strings.CutSuffix(p.folded, "lari")
		if !ok {
			stem, ok = strings.CutSuffix(p.folded, "leri")
		}
		if !ok || len(stem) < 3 || !ix.timeNoun(stem) {
			continue
		}
		p.role, p.place = roleAdjunct, true
		if p.first {
			// The subject is the next core part of the clause.
			p.first = false
			for k := i + 1; k < len(cp.parts) && cp.parts[k].clause == p.clause; k++ {
				if cp.parts[k].role == roleCore && cp.parts[k].num == "" {
					cp.parts[k].first = true
					break
				}
			}
		}
	}
}

// timeNoun reports a folded Turkish noun naming a time of day or year ("sabah", "gece", "kış").
func (ix *Index) timeNoun(stem string) bool {
	for _, t := range firstN(ix.lex.Translate("tr", "en", stem), 2) {
		if ix.lex.Relate("en", t, "time period") == thesaurus.Broader {
			return true
		}
	}
	return false
}

// mergeCompoundQuantities reads a quantity written in two units of one measure as one ("42 km
// 195 metre", "42 km and 195 m" = 42.195 km; "1 hour 30 minutes" = 1.5 hours), from part from
// on: the smaller unit's number is a part of the larger one's, not a number of its own.
func mergeCompoundQuantities(cp *claimParts, from int) {
	size := func(slot string) (float64, bool) {
		if u, ok := unitSizes[slot]; ok {
			return u.size, true
		}
		for _, u := range unitSizes {
			if u.base == slot {
				return 1, true
			}
		}
		return 0, false
	}
	for i := from; i+1 < len(cp.parts); i++ {
		p, n := &cp.parts[i], &cp.parts[i+1]
		if p.num == "" || n.num == "" || p.clause != n.clause || baseUnit(p.slot) != baseUnit(n.slot) || p.slot == n.slot {
			continue
		}
		ps, ok1 := size(p.slot)
		ns, ok2 := size(n.slot)
		pv, err1 := strconv.ParseFloat(p.num, 64)
		nv, err2 := strconv.ParseFloat(n.num, 64)
		if !ok1 || !ok2 || err1 != nil || err2 != nil || ns >= ps || nv*ns >= ps {
			continue
		}
		p.num = strconv.FormatFloat(pv+nv*ns/ps, 'f', -1, 64)
		p.text += " " + n.text
		cp.parts = append(cp.parts[:i+1], cp.parts[i+2:]...)
		for k := range cp.negs {
			if cp.negs[k].privative > i {
				cp.negs[k].privative--
			}
		}
	}
}

// onlyWords are the words that cap the number after them ("only five senses").
var onlyWords = map[string]bool{"only": true, "just": true, "yalnizca": true, "sadece": true, "yalniz": true, "sirf": true}

// boundedAt says how the number at token i is bounded where it is written (part.bounded).
func boundedAt(toks []scanned, i int) byte {
	at := func(j int) string {
		if j < 0 || j >= len(toks) {
			return ""
		}
		return turkish.Fold(toks[j].text)
	}
	switch {
	case onlyWords[at(i-1)]:
		return '='
	case at(i-1) == "below" || at(i-1) == "under" || at(i+1) == "altinda" || at(i+2) == "altinda" && !toks[i+1].number:
		return '<' // "below 100°C", "100 derecenin altında"
	case at(i-1) == "than" && (at(i-2) == "more" || at(i-2) == "over"):
		if at(i-3) == "no" || at(i-3) == "not" {
			return '=' // "no more than five" caps the number
		}
		return '>'
	case at(i+1) == "fazla" || at(i+2) == "fazla" && !toks[i+1].number:
		w := at(i)
		if at(i+2) == "fazla" {
			w = at(i + 1)
		}
		if ablativeEnding(w) {
			return '>'
		}
	}
	return 0
}

// negativeQuestionAt reports a contracted negative auxiliary or copula opening the last
// sentence of a text that ends in a question mark ("Isn't Istanbul the capital of Turkey?",
// "Doesn't sugar make kids hyper?"): a negative yes/no question, which leans to the positive
// answer and so passes on the positive claim.
func negativeQuestionAt(text string, toks []scanned, i int) bool {
	if !strings.HasSuffix(strings.TrimRight(text, " \t\r\n!"), "?") {
		return false
	}
	if i > 0 && !toks[i].sentenceStart && i+2 == len(toks) && tagPronouns[turkish.Fold(toks[i+1].text)] {
		// A question tag ("Sydney is Australia's capital, isn't it?", "…, don't they?") asks
		// for agreement with the statement before it, as "değil mi?" does.
		return true
	}
	if i != 0 && !toks[i].sentenceStart {
		return false
	}
	for j := i + 1; j < len(toks); j++ {
		if toks[j].sentenceStart {
			return false
		}
	}
	return true
}

// tagPronouns close an English question tag after a negative auxiliary ("isn't it?").
var tagPronouns = map[string]bool{"it": true, "they": true, "he": true, "she": true, "we": true, "you": true, "i": true, "there": true}

// prohibitionAt reports an English negative imperative at token i: "don't", "dont", "never" or
// "do not" opening its clause, with a word after it.
func prohibitionAt(toks []scanned, i int, clauseOf func(int) int) bool {
	opens := func(j int) bool { return j == 0 || toks[j].sentenceStart || clauseOf(j-1) != clauseOf(j) }
	if i+1 >= len(toks) || toks[i+1].number || clauseOf(i+1) != clauseOf(i) {
		return false
	}
	switch f := turkish.Fold(toks[i].text); f {
	case "don't", "don’t", "dont", "never":
		return opens(i)
	case "not":
		return i > 0 && turkish.Fold(toks[i-1].text) == "do" && opens(i-1)
	}
	return false
}

// negatedLowerBound reports a lower bound on a number at token i whose clause is negated: English
// "more"/"longer" before "than" and a number, after a negation of the clause (negs holds the
// segment's negations so far); Turkish "fazla"/"uzun" after an ablative number, before a negator
// or a negative verb of the clause.
func (ix *Index) negatedLowerBound(toks []scanned, i int, folded, wlang string, clauseOf func(int) int, negs []negation) bool {
	numberAt := func(j int) bool {
		if j < 0 || j >= len(toks) {
			return false
		}
		if toks[j].number {
			return true
		}
		_, ok := numberWord(turkish.Fold(toks[j].text))
		return ok
	}
	if wlang == "en" {
		if (folded != "more" && folded != "longer") || i+2 >= len(toks) || turkish.Fold(toks[i+1].text) != "than" || !numberAt(i+2) {
			return false
		}
		for _, g := range negs {
			if g.clause == clauseOf(i) && !g.concord && g.privative < 0 {
				return true
			}
		}
		return false
	}
	if (folded != "fazla" && folded != "uzun") || i == 0 || !toks[i-1].number && !(i > 1 && toks[i-2].number) {
		return false
	}
	return ablativeEnding(turkish.Fold(toks[i-1].text)) && negatedAfter(toks, i, clauseOf)
}

// ablativeEnding reports a folded Turkish word ending in the ablative ("saatten", "beşten").
func ablativeEnding(w string) bool {
	for _, suf := range []string{"dan", "den", "tan", "ten"} {
		if strings.HasSuffix(w, suf) {
			return true
		}
	}
	return false
}

// negatedAfter reports a negator or negative verb after token i in its clause: the negation a
// Turkish bound after a number ("fazla", "başka") falls under.
func negatedAfter(toks []scanned, i int, clauseOf func(int) int) bool {
	for j := i + 1; j < len(toks) && !toks[j].sentenceStart && clauseOf(j) == clauseOf(i); j++ {
		if f := turkish.Fold(toks[j].text); turkish.IsNegator(f) || turkish.IsNegativeVerb(f) {
			return true
		}
	}
	return false
}

// takeBackNegation removes from negs[from:] one plain negation of clause c and the concord words
// of that clause ("hiçbir şeyi … hatırlayamaz"), which would otherwise negate it alone.
func takeBackNegation(negs []negation, from, c int) []negation {
	out := negs[:from:from]
	took := false
	for _, g := range negs[from:] {
		if g.clause == c && g.privative < 0 && (g.concord || !took) {
			took = took || !g.concord
			continue
		}
		out = append(out, g)
	}
	return out
}

// joinHyphenated undoes the tokenizer's split of an English hyphenated word that the lexicon
// knows whole, with or without its hyphen ("man-made", "self-governing", "Grown-ups" as
// "grownups", "co-existed"): one word, not two parts to be stated one by one.
func (ix *Index) joinHyphenated(text string, toks []scanned, lex string) []scanned {
	if lex != "en" || !strings.Contains(text, "-") {
		return toks
	}
	out := make([]scanned, 0, len(toks))
	pos := 0
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		k := strings.Index(text[pos:], t.text)
		if k < 0 {
			out = append(out, t)
			continue
		}
		end := pos + k + len(t.text)
		pos = end
		if i+1 < len(toks) && !t.number && !toks[i+1].number && strings.HasPrefix(text[end:], "-"+toks[i+1].text) {
			toks[i+1].afterHyphen = true
			for _, sep := range []string{"-", ""} {
				w := t.text + sep + toks[i+1].text
				if ix.lex != nil && len(ix.lex.Lemmas("en", strings.ToLower(w))) > 0 {
					t.text = w
					pos = end + 1 + len(toks[i+1].text)
					i++
					break
				}
			}
		}
		out = append(out, t)
	}
	return out
}

// isNumberWord reports a number written as a word ("five", "yedi").
func isNumberWord(folded string) bool {
	_, ok := numberWord(folded)
	return ok
}

// bound is the side a quantifier bounds a number from.
type bound uint8

const (
	noBound    bound = iota
	lowerBound       // "at least", "minimum", "en az", "7'den fazla"
	upperBound       // "at most", "less than", "maximum", "en fazla", "7 saatten az"
)

// boundAt reads a bound word at token i: English "at least"/"at most", "less"/"fewer" before
// "than", "minimum"/"maximum" before a number; Turkish "en az"/"en fazla", "az"/"fazla" after an
// ablative number ("7 saatten az"), "minimum"/"asgari"/"maksimum"/"azami" before a number.
func (ix *Index) boundAt(toks []scanned, i int, folded, wlang string) bound {
	prev, next := "", ""
	if i > 0 {
		prev = turkish.Fold(toks[i-1].text)
	}
	nextNumber := i+1 < len(toks) && toks[i+1].number
	if i+1 < len(toks) {
		next = turkish.Fold(toks[i+1].text)
		if _, ok := numberWord(next); ok {
			nextNumber = true
		}
	}
	pick := func(lower bool) bound {
		if lower {
			return lowerBound
		}
		return upperBound
	}
	// "8 glasses a day minimum": the bound word may close the phrase of the number it bounds.
	numberBefore := false
	for j := i - 1; j >= 0 && j >= i-6 && !toks[j+1].sentenceStart; j-- {
		if toks[j].number {
			numberBefore = true
			break
		}
		if _, ok := numberWord(turkish.Fold(toks[j].text)); ok {
			numberBefore = true
			break
		}
	}
	closes := i+1 >= len(toks) || toks[i+1].sentenceStart
	if wlang == "en" {
		switch {
		case numberBefore && closes && (folded == "minimum" || folded == "maximum"):
			return pick(folded == "minimum")
		case prev == "at" && (folded == "least" || folded == "most"):
			return pick(folded == "least")
		case (folded == "less" || folded == "fewer") && next == "than":
			return upperBound
		case nextNumber && (folded == "minimum" || folded == "maximum"):
			return pick(folded == "minimum")
		}
		return noBound
	}
	switch {
	case prev == "en" && (folded == "az" || folded == "fazla"):
		return pick(folded == "az")
	case folded == "az" || folded == "fazla":
		if ablativeEnding(prev) && numberNear(toks, i) { // wordbound.go
			return pick(folded == "fazla")
		}
	case nextNumber && (folded == "minimum" || folded == "asgari" || folded == "maksimum" || folded == "azami"):
		return pick(folded == "minimum" || folded == "asgari")
	}
	return noBound
}

// collapseRepeats undoes the letter repeats of emphatic typing ("düşmezzz", "çoookk"): a run of
// three or more letters becomes one, and a doubled final letter one (Turkish words do not end in
// a double letter; English ones that do, "less", "all", keep it when they have four letters or
// fewer).
func collapseRepeats(w string) string {
	if len(w) < 3 {
		return w
	}
	b := []byte(w)
	out := b[:0:0]
	for i := 0; i < len(b); {
		j := i
		for j < len(b) && b[j] == b[i] {
			j++
		}
		n := j - i
		if n >= 3 {
			n = 1
		}
		for k := 0; k < n; k++ {
			out = append(out, b[i])
		}
		i = j
	}
	if n := len(out); n > 5 && out[n-1] == out[n-2] && out[n-1] != 's' && out[n-1] != 'l' && out[n-1] >= 'a' && out[n-1] <= 'z' {
		out = out[:n-1]
	}
	return string(out)
}

// wordValues are the values of number words, Turkish (folded) and English; "bir", "altı",
// "yedi", "on", "yüz" and "bin" are also other words, so alone they count only before a unit.
var wordValues = map[string]float64{
	"bir": 1, "iki": 2, "uc": 3, "dort": 4, "bes": 5, "alti": 6, "yedi": 7, "sekiz": 8, "dokuz": 9, "on": 10,
	"yirmi": 20, "otuz": 30, "kirk": 40, "elli": 50, "altmis": 60, "yetmis": 70, "seksen": 80, "doksan": 90,
	"yuz": 100, "bin": 1000,
	"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
	"eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
	"eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
	"seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100, "thousand": 1000,
}

// timesWords are English adverbs that count times by themselves; unitSlots gives them their unit.
var timesWords = map[string]string{"twice": "2", "thrice": "3"}

// misspeltTimes reads an English word the lexicon does not know that is one edit from a word of
// timesWords ("twise" for "twice") as that count.
func (ix *Index) misspeltTimes(folded, lex string) (string, bool) {
	if lex != "en" || ix.lex == nil || len(ix.lex.Lemmas("en", folded)) > 0 {
		return "", false
	}
	for w, v := range timesWords {
		if edit1(folded, w) {
			return v, true
		}
	}
	return "", false
}

// numberWords2 reads a run of number words from token i and returns its value and length (0
// when there is none, or a single ambiguous word: "bir", "on", "yüz" alone are not numbers).
func numberWords2(toks []scanned, folded func(int) string, i int) (string, int) {
	total, cur := 0.0, 0.0
	n := 0
	for j := i; j < len(toks) && !toks[j].number; j++ {
		v, ok := wordValues[folded(j)]
		if !ok && folded(j) == "and" && n > 0 && (cur >= 100 || total >= 1000) && j+1 < len(toks) {
			// "two hundred and six": the "and" of an English number in words.
			if _, next := wordValues[folded(j+1)]; next && !toks[j+1].number {
				n++
				continue
			}
		}
		if !ok {
			break
		}
		switch {
		case v == 100:
			cur = max(cur, 1) * 100
		case v == 1000:
			total += max(cur, 1) * 1000
			cur = 0
		default:
			cur += v
		}
		n++
	}
	if n == 0 {
		if v, ok := timesWords[folded(i)]; ok {
			return v, 1 // "twice" is the count "two times" ("iki kez") says
		}
		// An ordinal ("ninth", "dokuzuncu") is a number of its own kind.
		if v, ok := numberWord(folded(i)); ok && ordinalBase(v) != v {
			return v, 1
		}
		return "", 0
	}
	// "four and a half", "dört buçuk".
	half := 0
	switch j := i + n; {
	case j < len(toks) && folded(j) == "bucuk":
		half = 1
	case j+2 < len(toks) && folded(j) == "and" && folded(j+1) == "a" && folded(j+2) == "half":
		half = 3
	}
	if n == 1 && half == 0 {
		if v, ok := numberWord(folded(i)); ok {
			return v, 1
		}
		return "", 0
	}
	v := total + cur
	if half > 0 {
		v += 0.5
	}
	return strconv.FormatFloat(v, 'f', -1, 64), n + half
}

// plusHalf adds a half to every reading of a number key ("4 buçuk").
func plusHalf(key string) string {
	var out []string
	for _, r := range strings.Split(key, "|") {
		v, err := strconv.ParseFloat(r, 64)
		if err != nil {
			return key
		}
		out = append(out, strconv.FormatFloat(v+0.5, 'f', -1, 64))
	}
	return strings.Join(out, "|")
}

// digitOrdinal is an English ordinal written in digits ("3rd", "21st", "9th").
var digitOrdinal = regexp.MustCompile(`^\d{1,4}(st|nd|rd|th)$`)

// fractionDenominators are the English ordinals that name a share after "a" or "one" and
// before "of" ("a tenth of", "one fifth of").
var fractionDenominators = map[string]float64{"third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
	"eighth": 8, "ninth": 9, "tenth": 10, "hundredth": 100, "thousandth": 1000}

// englishFractionAt reads "a tenth of" / "one fifth of" at token i as a fraction key ("0.1"),
// the form quantityWords give "a quarter".
func englishFractionAt(toks []scanned, folded func(int) string, i int) (string, bool) {
	d, ok := fractionDenominators[folded(i)]
	if !ok || i == 0 || i+1 >= len(toks) || folded(i+1) != "of" {
		return "", false
	}
	if a := folded(i - 1); a != "a" && a != "one" {
		return "", false
	}
	return strconv.FormatFloat(1/d, 'f', -1, 64), true
}

// fractionAt reads a Turkish fraction, "beşte bir(i)" (one in five), at token i.
func fractionAt(toks []scanned, folded func(int) string, i int) (string, bool) {
	if i+1 >= len(toks) || !strings.HasPrefix(folded(i+1), "bir") || len(folded(i+1)) > 6 {
		return "", false
	}
	w := folded(i)
	for _, suf := range []string{"te", "de", "ta", "da"} {
		if base, ok := strings.CutSuffix(w, suf); ok {
			if v, ok := wordValues[base]; ok && v > 1 {
				return strconv.FormatFloat(100/v, 'f', -1, 64), true
			}
		}
	}
	return "", false
}

// percentNumberWord reads a Turkish number word with possessive or case endings right after
// "yüzde" ("yüzde onunu", "yüzde doksanı"): after "yüzde" only a number can follow, so even the
// ambiguous "on" is ten there.
func (ix *Index) percentNumberWord(toks []scanned, folded func(int) string, i int) (string, bool) {
	if i == 0 || toks[i].number || folded(i-1) != "yuzde" || toks[i].sentenceStart {
		return "", false
	}
	for _, l := range ix.morph.Lemmas(folded(i)) {
		if v, ok := wordValues[l]; ok && v <= 100 {
			return strconv.FormatFloat(v, 'f', -1, 64), true
		}
	}
	return "", false
}

// unitSlot is the slot a word after an ambiguous Turkish number word names (softNumberWords:
// "yedi", "altı" are numbers only before a unit): a unit as written, through its stem or lemmas
// ("sıfırı"), or through a synonym the lexicon gives of a unit word ("sene" for "yıl"), so that
// "yedi sene" is the count "yedi yıl" is. Digits need no unit to be a number, so their unit stays
// the one written (a synonym there, "100 kat" read as "100 kez", turns a comparison into a count).
func (ix *Index) unitSlot(folded, lex string) string {
	if s := unitOf(folded); s != "" {
		return s
	}
	if s, ok := unitSlots[trStem(folded)]; ok {
		return s
	}
	if ix.lex == nil || hasDigit(folded) || utf8.RuneCountInString(folded) < 2 {
		return ""
	}
	cands := []string{folded}
	if lex == "tr" {
		cands = append(cands, turkishLemmas(folded)...)
	}
	for _, c := range cands {
		for _, u := range unitWords {
			if ix.lex.Relate(lex, c, u) == thesaurus.Synonym {
				return unitSlots[u]
			}
		}
	}
	return ""
}

// unitWords are the unit words of unitSlots, sorted so that a word the lexicon makes a synonym
// of two of them always gets the same one.
var unitWords = func() []string {
	out := make([]string, 0, len(unitSlots))
	for w := range unitSlots {
		out = append(out, w)
	}
	slices.Sort(out)
	return out
}()

// unitOf is the slot a unit word names, as written or through its lemmas ("kemik", "saniyedir").
func unitOf(folded string) string {
	if s, ok := unitSlots[folded]; ok {
		return s
	}
	for _, l := range turkishLemmas(folded) {
		if s, ok := unitSlots[l]; ok {
			return s
		}
	}
	return ""
}

// turkishLemmas are the lemma candidates of a folded Turkish word, for number units
// ("kilometredir" → "kilometre").
var turkishLemmas = turkish.NewMorphology().Lemmas

// scaleWords multiply the number before them ("4,5 milyar", "50 thousand").
var scaleWords = map[string]float64{"bin": 1e3, "thousand": 1e3, "milyon": 1e6, "million": 1e6, "milyar": 1e9,
	"billion": 1e9, "trilyon": 1e12, "trillion": 1e12,
	// As abbreviated in posts and headlines ("4.5 bn years").
	"bn": 1e9, "mn": 1e6}

// scaled multiplies every reading of a number key.
func scaled(key string, f float64) string {
	var out []string
	for _, r := range strings.Split(key, "|") {
		v, err := strconv.ParseFloat(r, 64)
		if err != nil {
			return key
		}
		out = append(out, strconv.FormatFloat(v*f, 'f', -1, 64))
	}
	return strings.Join(out, "|")
}

// numberSlot says what a number counts: a year (four digits from 1000 to 2100 with no unit), a
// percentage, or the unit word after it ("42 kilometres", "206 kemik").
func numberSlot(toks []scanned, folded func(int) string, i int, text string) string {
	if digitOrdinalTR.MatchString(strings.ToLower(text)) {
		return "ordinal" // "3üncü", "9uncu", "3nci" (scanText's "3."): a rank, whatever follows
	}
	if strings.Contains(text, "%") || i > 0 && percentWords[folded(i-1)] || i+1 < len(toks) && percentWords[folded(i+1)] {
		return "percent"
	}
	if s := digitUnitAt(toks, folded, i); s != "" {
		return s
	}
	for j := i + 1; j < len(toks) && j <= i+2 && !toks[j].sentenceStart && !toks[j].clauseStart; j++ {
		f := folded(j)
		if _, ok := scaleWords[f]; ok {
			continue
		}
		if _, ok := numberWord(f); ok {
			break // "in 2005 six zeros": the unit after another number is that number's
		}
		if s := unitSlotAfter(f); s != "" { // numberunit.go
			return s
		}
		if toks[j].number {
			break
		}
	}
	digits := strings.TrimFunc(numberPart(text), func(r rune) bool { return r < '0' || r > '9' })
	if len(digits) == 4 && digits >= "1000" && digits <= "2100" {
		return "year"
	}
	if strings.HasSuffix(text, "th") || strings.HasSuffix(text, "rd") || strings.HasSuffix(text, "nd") {
		return "ordinal"
	}
	return ""
}

// assignRoles gives each part its role from its position, case and neighbours.
func (ix *Index) assignRoles(cp *claimParts, toks []scanned, at func(int) (part int, function, prep bool), placeAt func(int) bool, lex string) {
	if lex == "en" {
		inAdjunct, inPlace := false, false
		firstSeen, verbSeen := false, false
		invVerb := -1
		for i := range toks {
			if toks[i].sentenceStart || i == 0 {
				invVerb = ix.invertedVerb(toks, at, i)
			}
			pi, function, prep := at(i)
			if prep {
				inAdjunct, inPlace = true, placeAt(i)
				continue
			}
			if toks[i].sentenceStart || pi >= 0 && clauseStart(cp, at, i) {
				// Each clause has its own subject and verb ("PSA: vaccines give kids autism",
				// "when scared, ostriches hide …").
				inAdjunct, verbSeen, firstSeen = false, false, false
			}
			if pi < 0 {
				if function && infoIs(toks[i].text, "by", "than", "that", "which", "and", "or", "but") {
					inAdjunct = false
				}
				continue
			}
			p := &cp.parts[pi]
			if p.num != "" {
				continue
			}
			prev, prevprev := "", ""
			if i > 0 {
				prev = turkish.Fold(toks[i-1].text)
			}
			if i > 1 && !toks[i-1].sentenceStart {
				prevprev = turkish.Fold(toks[i-2].text)
				// A gerund's object may open with a determiner ("cracking your knuckles
				// causes"): the word before it is what tells the verb.
				if enDeterminers[prevprev] && i > 2 && !toks[i-2].sentenceStart {
					prevprev = turkish.Fold(toks[i-3].text)
				}
			}
			if inAdjunct && enCopulas[prev] {
				inAdjunct = false
			}
			if inAdjunct && !verbSeen && firstSeen && (enVerbCues[prev] || ix.englishVerbAfter(prev, prevprev, p.folded, prevContentAdjacent(at, i)) && strings.HasSuffix(p.folded, "s")) {
				inAdjunct = false // a verb ends the adjunct before it ("reading in dim light causes …")
			}
			switch {
			case i > 0 && i+1 < len(toks) && toks[i-1].number && toks[i+1].number && englishMonth(p.folded):
				// The month of a date ("29 October 1923", "29 Oct 1923") is when, never the
				// subject.
				p.role, p.place = roleAdjunct, true
			case invVerb >= 0 && i < invVerb && !inAdjunct:
				// The subject of a question opened by an auxiliary: no verb before invVerb.
			case i == invVerb:
				p.role, p.verb, verbSeen, inAdjunct = rolePredicate, true, true, false
			case inAdjunct:
				// A name in a place or time adjunct ("over Antarctica") stays a core part but is
				// known as a place.
				p.place = inPlace
				if p.ent == nil {
					p.role = roleAdjunct
				}
			case p.ent != nil:
			case toks[i].afterHyphen, i > 0 && toks[i-1].afterHyphen && !enVerbCues[p.folded]:
				// "rubber-soled shoes", "sugar-free drinks": the compound modifies the noun after it.
			case strings.HasSuffix(p.folded, "ly") && len(p.folded) > 4 && !strings.HasSuffix(p.folded, "ply"):
				// An adverb of manner or degree ("roughly", "mainly") says how, not what.
				p.role, p.place = roleAdjunct, true
			case enCopulas[prev] || negatedCopula(prev, prevprev):
				p.role = rolePredicate
				// A passive ("are formed", "was torn down").
				p.verb = strings.HasSuffix(p.folded, "ed") || ix.irregularPast(p.folded) && !enComparatives[p.folded]
				// With its agent ("was invented by Naismith") the passive puts the doer after
				// the verb: the subject is what the active voice makes the object.
				if p.verb {
					for k := i + 1; k < len(toks) && !toks[k].sentenceStart; k++ {
						if turkish.Fold(toks[k].text) == "by" {
							cp.passive = true
							break
						}
					}
				}
				verbSeen = true
			case enVerbCues[prev] || toContraction(prev) || strings.HasSuffix(prev, "n't") || !verbSeen && firstSeen && ix.englishVerbAfter(prev, prevprev, p.folded, prevContentAdjacent(at, i)) && !gerundObject(toks, i) && !nounBeforeVerb(toks, i),
				firstSeen && strings.HasSuffix(p.folded, "ing") && len(p.folded) > 5:
				p.role = rolePredicate
				p.verb = true
				verbSeen = true
			}
			if !firstSeen && p.role == roleCore {
				p.first = true
			}
			firstSeen = true
		}
		// A word directly before another content word of its phrase modifies it ("lung cancer").
		for pi, ni := range adjacentParts(toks, at) {
			p, n := &cp.parts[pi], &cp.parts[ni]
			if p.num == "" && p.ent == nil && p.role == roleCore && n.num == "" && !n.verb && n.role != rolePredicate {
				p.role = roleModifier
			}
		}
		return
	}
	// Turkish (and undetermined text read as Turkish).
	lastContent := -1
	for i := range toks {
		if pi, _, _ := at(i); pi >= 0 && cp.parts[pi].num == "" {
			lastContent = i
		}
	}
	firstSeen := false
	// objectIn marks the clauses with a dative or accusative object read so far ("otizme",
	// "kanseri"): the noun of a light verb after one is the verb's own ("neden olur", "tedavi
	// eder"); without one it is what the claim says is caused ("kanser yapar", "kilo aldırır").
	objectIn := map[int]bool{}
	for i := range toks {
		pi, _, _ := at(i)
		if pi < 0 {
			continue
		}
		p := &cp.parts[pi]
		if p.num != "" {
			continue
		}
		_, suffix := splitApostrophe(toks[i].text)
		cas := ix.morph.CaseOf(p.folded)
		if suffix != "" {
			cas = ix.morph.CaseOf("xx" + turkish.Fold(suffix))
		} else if cas != turkish.Nominative && ix.knownTR(p.folded) && !((cas == turkish.Locative || cas == turkish.Ablative) && ix.inflectedKnown(p)) {
			cas = turkish.Nominative // a word that only looks inflected ("mide", "yumurta")
		} else if cas != turkish.Nominative && cp.lang == "und" && ix.englishOnly(p) {
			// Undetermined text: an English word ("frostbite", "-te") is no Turkish locative.
			cas = turkish.Nominative
		}
		// lightNoun makes the noun of a light verb a content part when the clause has no object
		// before it, or when the light verb is "yapmak" (make X Y: Y is the result, a complement).
		lightNoun := func(verb string) {
			// A word the lexicon knows as written only looks accusative ("zeki", "uykulu"):
			// with "yapmak" it is the result, a complement ("daha zeki yapar").
			acc := ix.morph.CaseOf(p.folded) == turkish.Accusative && !(ix.isMakeVerb(verb) && ix.knownTR(p.folded))
			if p.ent == nil && !acc && (!objectIn[p.clause] || ix.isMakeVerb(verb)) {
				p.role, p.verb = roleCore, false
			}
		}
		nextPost := i+1 < len(toks) && trPostpositions[turkish.Fold(toks[i+1].text)]
		if i > 0 && i+1 < len(toks) && toks[i-1].number && toks[i+1].number && turkishMonth(p.folded) {
			// The month of a date ("29 Ekim 1923'te") is when, never the subject.
			p.role, p.place = roleAdjunct, true
			continue
		}
		if i != lastContent && p.ent == nil && converb(p) {
			// A converb ("görünce", "atlayarak", "yaparken") opens a clause of when or how:
			// a detail the claim may add, a verb compared on meaning only.
			p.role, p.verb = roleAdjunct, true
			// Its object right before it ("arsenali yenip", "kırmızıyı görünce") is part of
			// that clause.
			if i > 0 {
				if k, _, _ := at(i - 1); k >= 0 && k == pi-1 && !cp.parts[k].first && cp.parts[k].clause == p.clause && cp.parts[k].ent == nil &&
					(ix.morph.CaseOf(cp.parts[k].folded) == turkish.Accusative || ix.morph.CaseOf(cp.parts[k].folded) == turkish.Dative) {
					cp.parts[k].role = roleAdjunct
				}
			}
			continue
		}
		switch {
		case (i == lastContent || sentenceFinal(toks, at, i)) && cas == turkish.Nominative && p.ent == nil && i > 0 && !toks[i].sentenceStart && locativeAdjective(toks[i-1].text) && prevPartIn(at, i, p.clause, cp):
			p.role = roleCore // the noun a -DAki word places closes no clause as its verb (locatedhead.go)
		case (i == lastContent || sentenceFinal(toks, at, i)) && (cas == turkish.Locative || cas == turkish.Ablative) && ix.lex != nil && !ix.knownTR(p.folded):
			// "… vücudunda 206 kemik var": a place at the end, before a predicate the function
			// words carry ("var", "olur"), is still a place.
			p.role = roleAdjunct
			p.place = cas == turkish.Locative
		case i == lastContent || sentenceFinal(toks, at, i) || clauseFinal(cp, toks, at, i) && p.ent == nil && turkish.IsVerbForm(p.folded):
			// A finite verb closing a clause of a longer post ("aşılar otizm yapıyormuş, bunu
			// herkes bilsin") is that clause's predicate.
			p.role = rolePredicate
			p.advice = p.ent == nil && ix.imperative(p.folded)
			// A noun before a light verb read as a function word ("tedavi eder") is a verb.
			p.verb = p.ent == nil && (turkish.IsVerbForm(p.folded) ||
				i+1 < len(toks) && ix.isDoVerb(turkish.Fold(toks[i+1].text)))
			if p.verb && !turkish.IsVerbForm(p.folded) && cas == turkish.Nominative {
				lightNoun(turkish.Fold(toks[i+1].text))
			}
		case i+1 == lastContent && cas == turkish.Nominative && ix.isLightVerb(cp.parts[mustPart(at, lastContent)].folded):
			p.role = rolePredicate
			p.verb = true
			// A passive light verb ("tahmin edilebilir") has no object: its noun is the verb's
			// own, never what the claim says is caused.
			if !ix.isPassiveLightVerb(cp.parts[mustPart(at, lastContent)].folded) {
				lightNoun(cp.parts[mustPart(at, lastContent)].folded)
			}
		case p.ent != nil:
			p.role = roleCore
		case nextPost || cas == turkish.Locative || cas == turkish.Ablative || cas == turkish.Instrumental:
			p.role = roleAdjunct
			p.place = cas == turkish.Locative || nextPost && trTimePostpositions[turkish.Fold(toks[i+1].text)]
		case cas == turkish.Nominative && i+1 < len(toks) && nextIsContent(at, i+1) && i+1 != lastContent && !coordinated(cp, toks, at, i) && !(!firstSeen && ix.pluralNoun(p, suffix)):
			p.role = roleModifier
		}
		if cas == turkish.Dative || cas == turkish.Accusative {
			objectIn[p.clause] = true
		}
		if (p.role == roleCore || p.role == roleModifier) && !firstSeen {
			p.first = true
			firstSeen = true
		}
	}
	relativeClauses(cp, toks, at)
}

// adjacentParts yields the parts of each two neighbouring words of one sentence, both read as
// parts: where a word can modify the next ("lung cancer", "yapılan aşılar").
func adjacentParts(toks []scanned, at func(int) (int, bool, bool)) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for i := 0; i+1 < len(toks); i++ {
			pi, _, _ := at(i)
			ni, _, _ := at(i + 1)
			if pi < 0 || ni < 0 || toks[i+1].sentenceStart {
				continue
			}
			if !yield(pi, ni) {
				return
			}
		}
	}
}

// relativeClauses reads a Turkish relative clause, a participle ("yapılan") with the words of
// its clause before it, directly before a noun: the clause says which of the
// noun's kind ("Çocuklara yapılan aşılar": the vaccines given to children), so its words modify
// that noun, which is the phrase's head and, opening the clause, its subject.
func relativeClauses(cp *claimParts, toks []scanned, at func(int) (int, bool, bool)) {
	for pi, ni := range adjacentParts(toks, at) {
		p, n := &cp.parts[pi], &cp.parts[ni]
		if p.clause != n.clause || p.ent != nil || n.num != "" || n.verb || n.role == rolePredicate || !relativeParticiple(p) {
			continue
		}
		// Only a relative clause that opens its clause, where the reading took a word of it for
		// the subject: elsewhere the words keep their roles (a fact-check's "halka püskürtülen
		// kimyasallar" still says to whom).
		from := pi
		for from > 0 && cp.parts[from-1].clause == p.clause && cp.parts[from-1].role != rolePredicate && cp.parts[from-1].num == "" {
			from--
		}
		first := false
		for k := from; k <= pi; k++ {
			first = first || cp.parts[k].first
		}
		if !first || from > 0 && cp.parts[from-1].clause == p.clause {
			continue
		}
		for k := from; k <= pi; k++ {
			q := &cp.parts[k]
			q.first, q.verb, q.relative = false, false, true
			if q.role == roleCore {
				q.role = roleModifier
			}
		}
		n.first = true
	}
}

// relativeParticiple reports a Turkish subject participle -(y)An of a verb the lexicon knows
// with no case ending, as it stands before the noun it modifies ("yapılan", "içen"). The object
// participle -DIK is left out: its possessive names a doer of its own ("ürettiğimiz", the
// plastics we make), which is content.
func relativeParticiple(p *part) bool {
	for _, d := range p.dict {
		if k := strings.LastIndexByte(d, ' '); k >= 0 {
			d = d[k+1:]
		}
		stem, ok := strings.CutSuffix(d, "mak")
		if !ok {
			stem, ok = strings.CutSuffix(d, "mek")
		}
		if ok && len(stem) >= 2 && strings.HasPrefix(p.folded, stem) && relativeEnding.MatchString(p.folded[len(stem):]) {
			return true
		}
	}
	return false
}

// relativeEnding is a subject participle's ending after the verb stem (folded; passive,
// causative and ability stems included).
var relativeEnding = regexp.MustCompile(`^([dt][iu]r|t|[iu]?l|[iu]?n|[ae]bil|y[ae]bil)?y?[ae]n$`)

// invertedVerb finds the verb of an English yes/no question opened by an auxiliary at start
// ("Does cracking your knuckles give you arthritis?", "Does smoking cause lung cancer?"): the
// subject follows the auxiliary, so the word after it is no verb, and the verb is bare. It is
// the first bare content word after the subject's first that a determiner or an object pronoun
// follows ("give you", "lower your"), else the word right after the subject's first when the
// lexicon knows it as a verb ("smoking cause", not "baking soda"), which is also where a
// preposition before such a determiner sends it ("Did Turkey finish 3rd at the …"); -1 when the
// sentence opens otherwise or no such word is found.
func (ix *Index) invertedVerb(toks []scanned, at func(int) (int, bool, bool), start int) int {
	if start >= len(toks) || !invertingAuxiliaries[turkish.Fold(toks[start].text)] {
		return -1
	}
	end := start + 1
	for end < len(toks) && !toks[end].sentenceStart {
		end++
	}
	bare := func(k int) bool {
		w := turkish.Fold(toks[k].text)
		pi, _, _ := at(k)
		return pi >= 0 && !toks[k].number && len(w) > 2 && !strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ed") &&
			!strings.HasSuffix(w, "ing") && !strings.HasSuffix(w, "ly") && isASCIIWord(w) && !unicode.IsUpper([]rune(toks[k].text)[0])
	}
	first := -1
	for k := start + 1; k < end; k++ {
		if pi, _, prep := at(k); prep {
			// A preposition before a verb followed by a determiner: the verb, if any, is the word
			// right after the subject's first ("Did Turkey finish 3rd at the 2002 World Cup?").
			break
		} else if pi < 0 {
			continue
		}
		if first < 0 {
			first = k
			continue
		}
		if bare(k) && k+1 < end && (enDeterminers[turkish.Fold(toks[k+1].text)] || enObjectPronouns[turkish.Fold(toks[k+1].text)]) {
			return k
		}
	}
	if v, ok := ix.lex.(verbLexicon); ok && first >= 0 && first+1 < end && bare(first+1) && v.IsVerb(turkish.Fold(toks[first+1].text)) {
		return first + 1
	}
	return -1
}

// verbLexicon is a Lexicon that knows which English words are verbs (thesaurus.Thesaurus).
type verbLexicon interface {
	IsVerb(word string) bool
}

// invertingAuxiliaries open an English yes/no question when they start a sentence.
var invertingAuxiliaries = map[string]bool{"do": true, "does": true, "did": true, "can": true, "could": true,
	"will": true, "would": true, "should": true, "may": true, "might": true}

// enObjectPronouns are object pronouns: after a bare word, that word is the verb ("give you").
var enObjectPronouns = map[string]bool{"you": true, "me": true, "us": true, "them": true, "him": true, "it": true, "people": true, "kids": true, "children": true}

// identifierLetter reports a single letter that tells which one of its kind the word beside it
// names ("C vitamini", "Vitamin D", "hepatitis B"), the way a number does ("Type 1"): written as
// a capital, or lower-case after a word when it is no English function word ("vitamin c").
// A capital "A" or "I" opening an English sentence is the article or the pronoun.
func identifierLetter(toks []scanned, i int, folded string) bool {
	r := []rune(nameBase(toks[i].text))
	if len(r) != 1 || !unicode.IsLetter(r[0]) || toks[i].number {
		return false
	}
	if i > 0 && !toks[i].sentenceStart && (toks[i-1].number || strings.HasSuffix(toks[i-1].text, "°")) {
		return false // a unit after a number ("100 °C", "5 m")
	}
	prev := i > 0 && !toks[i].sentenceStart
	next := i+1 < len(toks) && !toks[i+1].sentenceStart && !toks[i+1].number
	if !prev && !next {
		return false
	}
	if unicode.IsUpper(r[0]) {
		return !(toks[i].sentenceStart && (folded == "a" || folded == "i")) && !(folded == "a" && next && !prev)
	}
	return prev && !englishFunction(folded) && !turkish.IsFunctionWord(folded)
}

// enCopulas make the content word after them a nominal predicate ("are blind").
var enCopulas = map[string]bool{"is": true, "are": true, "was": true, "were": true, "be": true, "been": true, "being": true,
	"becomes": true, "become": true, "became": true}

// negatedCopula reports a negated copula just before a word ("isn't finite", "is not
// finite", "aren't"): the word is a nominal predicate, as after "is".
func negatedCopula(prev, prevprev string) bool {
	for _, n := range []string{"n't", "n’t", "nt"} {
		if c, ok := strings.CutSuffix(prev, n); ok && enCopulas[c] {
			return true
		}
	}
	return (prev == "not" || prev == "never") && enCopulas[prevprev]
}

// enComparatives are comparatives and superlatives the lexicon reduces to another word ("worse"
// → "bad"): not verb forms.
var enComparatives = map[string]bool{"worse": true, "worst": true, "more": true, "most": true, "less": true, "least": true,
	"fewer": true, "better": true, "best": true, "further": true, "farther": true}

// enVerbCues make the content word after them a verb ("can transmit", "to reach", "does cause").
var enVerbCues = map[string]bool{"can": true, "could": true, "will": true, "would": true, "may": true, "might": true,
	"must": true, "should": true, "shall": true, "to": true, "do": true, "does": true, "did": true, "not": true,
	"never": true, "cannot": true, "cant": true, "dont": true, "doesnt": true, "didnt": true, "also": true, "really": true,
	"actually": true, "always": true, "often": true, "ever": true, "mainly": true, "only": true}

// englishVerbAfter guesses the first verb of an English clause, directly after a content word:
// a past form ("-ed", or an irregular one the lexicon reduces: "came", "fell", "held"); else by
// agreement, a word ending in -s after a singular subject ("water cures", "smoking causes"), a
// bare word after a plural one ("vaccines cause", "dogs see"), a word ending in -s after a
// gerund's plural object ("eating eggs raises").
func (ix *Index) englishVerbAfter(prev, prevprev, w string, adjacent bool) bool {
	if !adjacent || len(w) < 3 {
		return false
	}
	plural := func(x string) bool { return strings.HasSuffix(x, "s") && !strings.HasSuffix(x, "ss") }
	if strings.HasSuffix(prev, "'s") || strings.HasSuffix(prev, "’s") {
		return false // a possessor, not a subject: "your car's rubber tires"
	}
	if enDeterminers[prev] && prev != "that" {
		return false // a determiner opens a noun phrase: "cracking your knuckles causes …"
	}
	switch {
	case strings.HasSuffix(w, "ed"), ix.irregularPast(w):
		return true
	case plural(prev) && plural(w):
		return strings.HasSuffix(prevprev, "ing")
	}
	return plural(prev) != plural(w)
}

// postIntensifier reports "way" before a comparative ("way more nutritious") and "back" before
// a time ("back in 1893", "back then"): words of posts that add nothing to the claim.
func postIntensifier(toks []scanned, i int, folded string) bool {
	if i+1 >= len(toks) || toks[i+1].sentenceStart {
		return false
	}
	next := turkish.Fold(toks[i+1].text)
	switch folded {
	case "way":
		return next == "more" || next == "less" || next == "too" || next == "better" || next == "worse" ||
			strings.HasSuffix(next, "er") && len(next) > 4
	case "back":
		return next == "in" || next == "then" || next == "when" || next == "during"
	}
	return false
}

// gerundObject reports a plural word right after a gerund with a word in -s right after it
// ("cracking knuckles gives", "eating eggs raises"): the gerund's object, the next word its
// verb; "smoking causes cancer" has no second such word.
func gerundObject(toks []scanned, i int) bool {
	if i == 0 || i+1 >= len(toks) || toks[i+1].sentenceStart || toks[i+1].number {
		return false
	}
	prev, w, next := turkish.Fold(toks[i-1].text), turkish.Fold(toks[i].text), turkish.Fold(toks[i+1].text)
	plural := func(x string) bool { return len(x) > 3 && strings.HasSuffix(x, "s") && !strings.HasSuffix(x, "ss") }
	return strings.HasSuffix(prev, "ing") && len(prev) > 5 && plural(w) && plural(next)
}

// nounBeforeVerb reports a word directly followed by a copula, an auxiliary or a modal ("ocean
// currents are caused", "rubber soles can protect"), by "of" ("the soles of your shoes") or, in
// -s, by a bare word and a determiner ("vaccines alter your"): the head of a noun phrase,
// whatever its ending; the verb comes after it.
func nounBeforeVerb(toks []scanned, i int) bool {
	if i+1 >= len(toks) || toks[i+1].sentenceStart {
		return false
	}
	next := turkish.Fold(toks[i+1].text)
	if enCopulas[next] || enAuxiliaries[next] || next == "of" {
		return true
	}
	// "vaccines alter your DNA": a bare word with a determiner after it is the verb, and the
	// plural before it its subject.
	if i+2 < len(toks) && !toks[i+2].sentenceStart && strings.HasSuffix(turkish.Fold(toks[i].text), "s") {
		after := turkish.Fold(toks[i+2].text)
		bare := len(next) > 2 && !strings.HasSuffix(next, "s") && !strings.HasSuffix(next, "ed") && !strings.HasSuffix(next, "ing") && !englishFunction(next)
		return bare && enDeterminers[after]
	}
	return false
}

// enDeterminers open a noun phrase: after a verb, its object.
var enDeterminers = map[string]bool{"the": true, "a": true, "an": true, "your": true, "my": true, "our": true,
	"their": true, "his": true, "her": true, "its": true, "this": true, "that": true, "these": true, "those": true}

// enAuxiliaries are English auxiliaries and modals, after which the verb follows.
var enAuxiliaries = map[string]bool{"can": true, "could": true, "will": true, "would": true, "may": true, "might": true,
	"must": true, "should": true, "shall": true, "do": true, "does": true, "did": true, "have": true, "has": true, "had": true,
	"can't": true, "cannot": true, "won't": true, "don't": true, "doesn't": true, "didn't": true}

// irregularPast reports an English word the lexicon reduces to another base form without a
// regular ending: an irregular verb form ("came" → "come", "fell" → "fall", "held" → "hold").
func (ix *Index) irregularPast(w string) bool {
	if ix.lex == nil || strings.HasSuffix(w, "s") || strings.HasSuffix(w, "ing") || strings.HasSuffix(w, "er") || strings.HasSuffix(w, "est") {
		return false
	}
	for _, b := range ix.lex.Lemmas("en", w) {
		if b != w && !strings.HasPrefix(w, b) {
			return true
		}
	}
	return false
}

// prevContentAdjacent reports that the token before i is a content word (a single letter
// between, as in "Vitamin C causes", belongs to the name before it).
func prevContentAdjacent(at func(int) (int, bool, bool), i int) bool {
	pi, _, _ := at(i - 1)
	return pi >= 0 || i >= 2 && prevContentAdjacent(at, i-1)
}

// sentenceFinal reports the last content word of a sentence that is not the text's last (a
// claim of two sentences has two predicates).
func sentenceFinal(toks []scanned, at func(int) (int, bool, bool), i int) bool {
	for j := i + 1; j < len(toks); j++ {
		if toks[j].sentenceStart {
			return true
		}
		if pi, _, _ := at(j); pi >= 0 {
			return false
		}
	}
	return false
}

// imperative reports a Turkish imperative of the second person plural or the third person
// ("koyun", "geçin", "paylaşın", "bilsin"): a verb stem the dictionary knows, then -(y)In,
// -(y)InIz or -sIn.
func (ix *Index) imperative(folded string) bool {
	if ix.lex == nil {
		return false
	}
	for _, suf := range []string{"iniz", "unuz", "sinler", "sunlar", "sin", "sun", "yin", "yun", "in", "un"} {
		stem, ok := strings.CutSuffix(folded, suf)
		if !ok || len(stem) < 2 {
			continue
		}
		for _, inf := range []string{"mak", "mek"} {
			if ix.knownTR(stem + inf) {
				return true
			}
		}
	}
	return false
}

// clauseStart reports the first content word of a clause after the first.
func clauseStart(cp *claimParts, at func(int) (int, bool, bool), i int) bool {
	pi, _, _ := at(i)
	for j := i - 1; j >= 0; j-- {
		if pj, _, _ := at(j); pj >= 0 {
			return cp.parts[pj].clause != cp.parts[pi].clause
		}
	}
	return false
}

// clauseFinal reports the last content word of a clause (cut at a comma, colon or the like) that
// is followed by another clause in the same sentence.
func clauseFinal(cp *claimParts, toks []scanned, at func(int) (int, bool, bool), i int) bool {
	pi, _, _ := at(i)
	for j := i + 1; j < len(toks); j++ {
		if toks[j].sentenceStart {
			return false
		}
		if pj, _, _ := at(j); pj >= 0 {
			return cp.parts[pj].clause != cp.parts[pi].clause
		}
	}
	return false
}

// mustPart is the part index of a token known to have one.
func mustPart(at func(int) (int, bool, bool), i int) int {
	pi, _, _ := at(i)
	return pi
}

// nextIsContent reports that token i is a content word (not a number).
func nextIsContent(at func(int) (int, bool, bool), i int) bool {
	pi, _, _ := at(i)
	return pi >= 0
}

// infoIs reports whether a token is one of words (folded).
func infoIs(tok string, words ...string) bool {
	f := turkish.Fold(tok)
	for _, w := range words {
		if f == w {
			return true
		}
	}
	return false
}

// isCopula reports a verb form of "olmak" (written with o, not the ö of "ölmek").
func (ix *Index) isCopula(folded, written string) bool {
	if !strings.HasPrefix(folded, "ol") || strings.HasPrefix(turkish.Lower(written), "ö") || turkish.FrontAfter(folded, 2) || !turkish.IsVerbForm(folded) {
		return false
	}
	for _, l := range ix.morph.Lemmas(folded) {
		if l == "ol" {
			return true
		}
	}
	return false
}

// infos2parts lists the part index of each token (-1 for none).
func infos2parts(n int, part func(int) int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = part(i)
	}
	return out
}

// markPhraseVerbs reads a Turkish noun and the verb after it as one verb when the dictionary
// has the phrase ("sebep olur" is "sebep olmak", to cause; "zarar verir" is "zarar vermek", to
// harm): the noun becomes the verb, with the phrase as its dictionary form, so it is compared as
// a predicate worded otherwise, and translated as the phrase.
func (ix *Index) markPhraseVerbs(cp *claimParts, toks []scanned, parts []int) {
	for i := 0; i+1 < len(toks); i++ {
		pi := parts[i]
		if pi < 0 || cp.parts[pi].num != "" || cp.parts[pi].ent != nil || toks[i+1].number || toks[i+1].sentenceStart {
			continue
		}
		p := &cp.parts[pi]
		next := turkish.Fold(toks[i+1].text)
		verbs := append(ix.morph.Lemmas(next), ix.morph.Positive(next)...)
		found := ""
		for _, n := range append([]string{p.folded}, firstN(p.lemmas, 3)...) {
			for _, v := range firstN(verbs, 6) {
				for _, inf := range []string{"mak", "mek"} {
					if ph := n + " " + v + inf; found == "" && len(ix.relations.translate(ix.lex, "tr", "en", ph)) > 0 {
						found = ph
					}
				}
			}
		}
		if found == "" {
			continue
		}
		p.verb, p.role, p.dict, p.spelled = true, rolePredicate, []string{found}, nil
		if ni := parts[i+1]; ni >= 0 {
			cp.parts[ni].verb, cp.parts[ni].role, cp.parts[ni].dict, cp.parts[ni].spelled = true, rolePredicate, []string{found}, nil
		}
	}
}

// isDoVerb reports a form of "etmek" or "yapmak", which make a verb of the noun before them
// ("tedavi eder"); "olmak" does not ("şampiyon oldu" says what someone became).
func (ix *Index) isDoVerb(folded string) bool {
	for _, l := range ix.morph.Lemmas(folded) {
		if l == "et" || l == "ed" || l == "yap" {
			return true
		}
	}
	return false
}

// isMakeVerb reports a form of "yapmak" (make, do).
func (ix *Index) isMakeVerb(folded string) bool {
	for _, l := range append(ix.morph.Lemmas(folded), ix.morph.Positive(folded)...) {
		if l == "yap" {
			return true
		}
	}
	return false
}

// isLightVerb reports a Turkish light verb form ("açar", "olur", "eder"), also in the passive of
// "etmek" ("tahmin edilebilir", as the negative "takip edilemez" already reads by Positive).
func (ix *Index) isLightVerb(folded string) bool {
	for _, l := range append(ix.morph.Lemmas(folded), ix.morph.Positive(folded)...) {
		if lightVerbs[l] {
			return true
		}
	}
	return ix.isPassiveLightVerb(folded)
}

// isPassiveLightVerb reports a form of "edilmek", the passive of the light verb "etmek"
// ("tahmin edilebilir", "icat edildi"): no other reading of the stem "edil" is a Turkish word.
func (ix *Index) isPassiveLightVerb(folded string) bool {
	return slices.Contains(ix.morph.Lemmas(folded), "edil")
}

// isASCIIWord reports a word of ASCII letters only.
func isASCIIWord(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] >= 0x80 {
			return false
		}
	}
	return true
}

// englishFunction reports an English function word (englishFunctionWords).
func englishFunction(folded string) bool {
	return stopSets()["en"][folded]
}

// enLemmas are an English word's base forms: the lexicon's, the light stemmer's and the word.
func (ix *Index) enLemmas(folded string) []string {
	out := []string{folded}
	if ix.lex != nil {
		for _, l := range ix.lex.Lemmas("en", folded) {
			if !contains(out, l) {
				out = append(out, l)
			}
		}
	}
	// The light stemmer only for a word the lexicon has no other base form of: "came" is
	// "come", not "cam".
	if s := enStem(folded); !contains(out, s) && len(out) < 2 {
		out = append(out, s)
	}
	return out
}

// lexForms are the part's dictionary forms as the lexicon is asked about them: spelled as the
// word was written when the reading kept that (dictForms).
func (p *part) lexForms() []string {
	if len(p.spelled) == len(p.dict) && p.spelled != nil {
		return p.spelled
	}
	return p.dict
}

// maxDict bounds the dictionary forms kept per word.
const maxDict = 3

// dictForms are the dictionary forms of a word: for Turkish, the least stripped lemma candidate
// the lexicon knows (more stripped ones are usually another word: "yaşam" is not "yaş") and the
// first candidate that is a verb with its infinitive ending ("öl" → "ölmek"); for English, its
// base forms. spelled gives, for each form, how the lexicon is asked about it: the lemma as the
// word was written (see writtenSpelling), so a word typed with Turkish letters is never read as
// another word that folds to the same letters ("asıl", main, is not "asil", noble; "körü" is
// "kör", not "koru", a grove).
func (ix *Index) dictForms(lang string, lemmas []string, written string) (dict, spelled []string) {
	if ix.lex == nil {
		return nil, nil
	}
	if lang != "tr" {
		return firstN(lemmas, maxDict), nil
	}
	// known is the spelling of a folded lemma the lexicon knows as written, "" for none.
	known := func(l string) string {
		sp := ix.writtenSpelling(l, written)
		if sp != "" && len(ix.relations.translate(ix.lex, "tr", "en", sp)) > 0 {
			return sp
		}
		return ""
	}
	var noun, verb string
	var nounSp, verbSp string
	for _, l := range lemmas {
		if noun == "" && len(l) >= 3 {
			if sp := known(l); sp != "" {
				noun, nounSp = l, sp
			}
		}
		if verb == "" {
			for _, inf := range turkish.Infinitives(lemmas[0], l) {
				if sp := known(l + inf); sp != "" {
					verb, verbSp = l+inf, sp
					break
				}
			}
		}
		if noun != "" && verb != "" {
			break
		}
	}
	if noun == "" {
		noun, nounSp = compoundNoun(lemmas, known) // multiword.go
	}
	// A plural the lexicon lists as a word of its own ("büyükler", elders; "kadınlar") is also
	// its singular: the plural suffix is the one strip that never makes another word.
	var plural, pluralSp string
	if base, ok := cutPlural(noun); ok && len(base) >= 3 && contains(lemmas, base) {
		if sp := known(base); sp != "" {
			plural, pluralSp = base, sp
		}
	}
	// A vowel-final verb takes the passive as -n ("ye-n-ir", "oku-n-ur") and the aorist as -r
	// ("ye-r", "koru-r"): a verb stem in vowel + n or r whose stem without that consonant is a
	// candidate and a verb too is also read as that verb ("yenirse" is "yemek" as well as
	// "yenmek", "yerseniz" "yemek" as well as "yermek").
	var passive, passiveSp string
	stem := infinitiveStem(verb)
	if n := len(stem); verb != "" && n >= 3 && (stem[n-1] == 'n' || stem[n-1] == 'r') {
		stem = stem[:n-1]
	} else {
		stem = ""
	}
	if r := []rune(stem); len(r) >= 2 && strings.ContainsRune("aeıioöuü", r[len(r)-1]) && contains(lemmas, stem) {
		passive, passiveSp = knownInfinitive(stem, known)
	}
	passive, passiveSp = aoristVerb(passive, passiveSp, verb, lemmas, known) // aoriststem.go
	for _, w := range [][2]string{{noun, nounSp}, {plural, pluralSp}, {verb, verbSp}, {passive, passiveSp}} {
		if w[0] != "" {
			dict = append(dict, w[0])
			spelled = append(spelled, w[1])
		}
	}
	dict, spelled = ix.leastStrippedVerb(lemmas, written, dict, spelled) // trlex.go
	dict, spelled = converbVerb(lemmas, dict, spelled, known)            // converbverb.go
	return ix.commonerNoun(lemmas, written, dict, spelled)               // trlemma.go
}

// infinitiveStem is a Turkish verb's stem: its dictionary form without the infinitive ending
// ("içmek" → "iç"), or the word itself when it has none.
func infinitiveStem(inf string) string {
	return strings.TrimSuffix(strings.TrimSuffix(inf, "mak"), "mek")
}

// knownInfinitive is the infinitive of a Turkish verb stem that the lexicon knows (known spells
// it), with its spelling, or "", "": "-mak" is asked first, then "-mek", so the lexicon, not a
// reading of the stem's vowels, says which one the verb takes.
func knownInfinitive(stem string, known func(string) string) (string, string) {
	for _, inf := range []string{"mak", "mek"} {
		if sp := known(stem + inf); sp != "" {
			return stem + inf, sp
		}
	}
	return "", ""
}

// softened reports the letter the writer wrote for a lemma's letter r at rune i as its softened
// form before a vowel ending: a final ç written c ("güç" → "gücü"), a final g written ğ
// ("diyalog" → "diyaloğu"), also at the end of a verb's stem ("geç" → … is not softened, but a
// stem's last letter is where softening happens).
func softened(lemma string, i int, r, written rune) bool {
	rs := []rune(infinitiveStem(lemma))
	return i == len(rs)-1 && (r == 'ç' && written == 'c' || r == 'g' && written == 'ğ')
}

// namesYear reports a word the lexicon gives as a synonym of the word for "year" in lexical
// language lex ("sene" for "yıl").
func (ix *Index) namesYear(folded, lex string) bool {
	var year string
	switch {
	case ix.lex == nil:
		return false
	case lex == "tr":
		year = "yıl"
	case lex == "en":
		year = "year"
	default:
		return false
	}
	r := ix.relations.relate(ix.lex, lex, folded, year)
	return r == thesaurus.Same || r == thesaurus.Synonym
}

// writtenWord is a token as its writer spelled it, lower-cased the Turkish way and before its
// apostrophe, for writtenSpelling; "" when folding changed more than letters (repeated letters
// collapsed), so positions no longer line up.
func writtenWord(text string) string {
	base := nameBase(text)
	if f := turkish.Fold(base); collapseRepeats(f) != f {
		return ""
	}
	return writtenLower(base) // capitali.go
}

// writtenSpelling is how the lexicon is asked about a folded Turkish lemma of a word written as
// written (lower-cased): the folded lemma itself when the word was typed without Turkish letters
// (any lemma folding to it may be meant), else the first of the lexicon's spellings of it that
// keeps every letter the writer chose where the lemma has the same letter folded ("asıl" keeps
// ı, so "asil" is out), or "" when none does: a writer with Turkish letters at hand wrote the
// word they meant. The lemma and the word are compared letter by letter from the start, where a
// lemma repeats its word; a lemma's last letters may differ (a softened consonant, a dropped
// vowel), and letters that differ after folding are not compared.
func (ix *Index) writtenSpelling(lemma, written string) string {
	if isASCIIWord(written) {
		return lemma
	}
	w := []rune(turkish.Fold(written))
	wr := []rune(written)
	if len(w) != len(wr) {
		return lemma // a letter that folds to two (a ligature): nothing to compare by position
	}
	spellings := ix.lex.Spellings(lemma)
	if len(spellings) == 0 {
		// A form the lexicon reaches only through another (a verb stem, "bulaş" of "bulaşmak"):
		// the lemma with the writer's letters where they fold to its own.
		lr := []rune(lemma)
		for i, r := range lr {
			if i < len(wr) && w[i] == r {
				lr[i] = wr[i]
			}
		}
		spellings = []string{string(lr)}
	}
	for _, sp := range spellings {
		ok := true
		for i, r := range []rune(sp) {
			if i >= len(wr) {
				break
			}
			if f := []rune(turkish.Fold(string(r))); len(f) == 1 && f[0] == w[i] && r != wr[i] && !(wr[i] == 'â' || wr[i] == 'î' || wr[i] == 'û') &&
				!softened(sp, i, r, wr[i]) {
				ok = false
				break
			}
		}
		if ok {
			return sp
		}
	}
	return ""
}

// cutPlural strips the Turkish plural suffix -lar/-ler from a folded word.
func cutPlural(w string) (string, bool) {
	for _, suf := range []string{"lar", "ler"} {
		if base, ok := strings.CutSuffix(w, suf); ok {
			return base, true
		}
	}
	return "", false
}

// inflectedKnown reports a Turkish word whose stem, left by stripping a suffix, is a word the
// lexicon knows too ("karanlıkta" of "karanlık"): the lexicon may list an inflected form as a
// phrase of its own (KeNet has "karanlıkta", in the dark), but a locative or ablative is still a
// where/when detail. (Only those cases: "-lu" of "kabuklu" looks like an accusative.)
func (ix *Index) inflectedKnown(p *part) bool {
	for _, l := range p.lemmas {
		if l != p.folded && len(l) >= 3 && strings.HasPrefix(p.folded, l) && ix.knownTR(l) {
			return true
		}
	}
	return false
}

// coordinated reports a Turkish word joined by "ve", "veya" or "ile" to the subject before it
// ("İnsanlar ve dinozorlar aynı dönemde …"): it is a subject too, not a modifier of the word
// after it.
func coordinated(cp *claimParts, toks []scanned, at func(int) (int, bool, bool), i int) bool {
	if i < 2 {
		return false
	}
	switch turkish.Fold(toks[i-1].text) {
	case "ve", "veya", "ile":
	default:
		return false
	}
	prev, _, _ := at(i - 2)
	return prev >= 0 && cp.parts[prev].num == "" && cp.parts[prev].role == roleCore && cp.parts[prev].first
}

// converbEndings are the folded endings of Turkish converbs: -(y)IncA, -(y)ArAk, -(y)ken, -(y)Ip.
var converbEndings = []string{"ince", "inca", "unce", "unca", "arak", "erek", "yken", "ip", "up"}

// converb reports a Turkish word with a converb ending whose dictionary forms include a verb
// ("görünce" → "görünmek"), so that "ince" (thin) or "kalınca" stay what they are.
func converb(p *part) bool {
	ending := false
	for _, e := range converbEndings {
		ending = ending || strings.HasSuffix(p.folded, e) && len(p.folded) >= len(e)+2
	}
	if !ending {
		return false
	}
	for _, d := range p.dict {
		if strings.HasSuffix(d, "mak") || strings.HasSuffix(d, "mek") {
			return true
		}
	}
	return false
}

// englishPrivative reads an English word built to deny its root: un-…-able/-ible
// ("untraceable" → trace, traceable; also misspelt, "untracable"), un- before a word the lexicon
// knows ("unsafe" → safe) and -less ("harmless" → harm). Otherwise the root must be a word of four
// letters or more the lexicon knows, so "universe", "union" and "unless" stay themselves. It
// returns the root's lemmas.
func (ix *Index) englishPrivative(folded string) ([]string, bool) {
	if ix.lex == nil || englishFunction(folded) {
		return nil, false
	}
	known := func(w string) bool { return len(w) >= 4 && len(ix.lex.Lemmas("en", w)) > 0 }
	var roots []string
	if rest, ok := strings.CutPrefix(folded, "un"); ok && (known(rest) || len(rest) >= 6 && (strings.HasSuffix(rest, "able") || strings.HasSuffix(rest, "ible"))) {
		roots = append(roots, rest)
		for _, suf := range []string{"able", "ible"} {
			if base, ok := strings.CutSuffix(rest, suf); ok {
				for _, b := range []string{base, base + "e"} {
					if known(b) {
						roots = append(roots, b)
					}
				}
			}
		}
	} else if base, ok := strings.CutSuffix(folded, "less"); ok && known(base) {
		roots = append(roots, base)
	}
	if len(roots) == 0 {
		return nil, false
	}
	var out []string
	for _, r := range roots {
		for _, l := range ix.enLemmas(r) {
			if !contains(out, l) {
				out = append(out, l)
			}
		}
	}
	return out, true
}

// stemWithM reports a folded word that only looks like a negative verb: "gomuyormus" (gömüyormuş,
// it buries, as typed without Turkish letters, and as folded) ends like the negative "go-muyor",
// but no stem before that -mA is a verb the lexicon knows, while the stem with its m is ("gömmek").
func (ix *Index) stemWithM(folded string) bool {
	stems := ix.morph.Positive(folded)
	if len(stems) == 0 || ix.lex == nil {
		return false
	}
	for _, s := range stems {
		if ix.knownVerbTR(s) {
			return false
		}
	}
	return ix.knownVerbTR(stems[0] + "m")
}

// knownVerbTR reports a folded Turkish verb stem whose infinitive the lexicon translates (either
// harmony, as folding loses ı/i and ö/o).
func (ix *Index) knownVerbTR(stem string) bool {
	return ix.knownTR(stem+"mak") || ix.knownTR(stem+"mek")
}

// pluralNoun reports a Turkish noun in the plural with no case ending ("aşılar", "sigaralar"):
// Turkish modifies a noun with a bare singular ("aşı takvimi") or an adjective, never with a
// plural, so a plural opening a claim before another noun is no modifier of it but its subject
// ("aşılar otizm yapar": the vaccines, then what they cause). Only a plural of a word the
// lexicon knows that is not itself a word the lexicon knows.
func (ix *Index) pluralNoun(p *part, suffix string) bool {
	if suffix != "" || p.ent != nil {
		return false
	}
	for _, suf := range []string{"lar", "ler"} {
		if stem, ok := strings.CutSuffix(p.folded, suf); ok && len(stem) >= 2 && !ix.knownTR(p.folded) && ix.knownTR(stem) {
			return true
		}
	}
	return false
}

// imperativeCues are the words an English imperative's object or particle opens with ("put a
// coat on", "look up", "teach your kids").
var imperativeCues = map[string]bool{"a": true, "an": true, "the": true, "your": true, "ur": true, "my": true, "our": true,
	"his": true, "her": true, "their": true, "this": true, "that": true, "these": true, "those": true, "it": true,
	"them": true, "me": true, "us": true, "him": true, "up": true, "on": true, "off": true, "out": true, "down": true, "away": true, "back": true}

// bareVerb reports an English verb in its base form, as an imperative is ("put", "look").
func (ix *Index) bareVerb(folded string) bool {
	v, ok := ix.lex.(verbLexicon)
	if !ok || strings.HasSuffix(folded, "s") || strings.HasSuffix(folded, "ed") || strings.HasSuffix(folded, "ing") && !ix.ingBase(folded) || !v.IsVerb(folded) { // ingBase: advicerepeat.go
		return false
	}
	return slices.Contains(ix.lex.Lemmas("en", folded), folded)
}

// englishMonth reports a folded English month name or its three-letter abbreviation ("oct").
func englishMonth(folded string) bool {
	for m := time.January; m <= time.December; m++ {
		if name := strings.ToLower(m.String()); folded == name || folded == name[:3] {
			return true
		}
	}
	return false
}

// objectParticiple matches a folded Turkish object participle -DIK with its possessive
// ("bıraktığı", "kullandığımız").
var objectParticiple = regexp.MustCompile(`[dt][iu]g[iu](m|n|miz|muz|niz|nuz)?$`)

// possessedPlace reports a folded Turkish locative or ablative after a possessive ending
// ("tepesinde", "içinde", "altından"): the place of something named before it.
func possessedPlace(folded string) bool {
	for _, e := range []string{"inde", "inda", "unde", "unda", "inden", "indan", "unden", "undan"} {
		if strings.HasSuffix(folded, e) {
			return true
		}
	}
	return false
}

// turkishMonth reports a folded Turkish month name ("ekim").
func turkishMonth(folded string) bool {
	for _, m := range turkish.MonthNames {
		if turkish.Fold(m) == folded {
			return true
		}
	}
	return false
}

// knownTR reports a Turkish word the lexicon knows as written (folded).
func (ix *Index) knownTR(folded string) bool {
	return ix.lex != nil && len(ix.relations.translate(ix.lex, "tr", "en", folded)) > 0
}
