package matching

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/claimcheck/claimcheck/internal/thesaurus"
	"github.com/claimcheck/claimcheck/internal/turkish"
)

// A post that the decision finds stating a fact-check may still not state it: it may leave a part
// of the fact-check to a pronoun whose antecedent it never names ("vaccines cause it"), state the
// claim only to deny it after ("Vaccines cause autism, that's not true", "…? Nope"), or have one
// of its words stand for two parts of the fact-check through a loose translation ("diabetes" for
// both "şeker" and "şeker hastalığı"), or state none of the fact-check's subject with a word of
// its own in its place, which a question's reading took for a verb ("Does coffee actually cause
// high blood pressure?"). Each is checked once the decision has accepted (holes), so it can only
// turn a match into an abstention: a wrong verdict is worse than none.

// holes reports why post q does not state fact-check r after all, or "" when it does.
func (ix *decision) holes(q, r *claimParts) string {
	if why := ix.pronounForPart(q, r); why != "" {
		return why
	}
	if why := ix.deniedAfter(q, r); why != "" {
		return why
	}
	if why := ix.contrastAnswer(q, r); why != "" { // contrastanswer.go
		return why
	}
	if why := ix.asideSubject(q, r); why != "" { // asidesubject.go
		return why
	}
	if why := ix.crossDesignators(q, r); why != "" { // designator.go
		return why
	}
	if why := ix.nameWordForNoun(q, r); why != "" { // nameword.go
		return why
	}
	if why := ix.mockedClaim(q, r); why != "" { // a story laughing at the claim (mocked.go)
		return why
	}
	if why := oneWordTwoParts(q, r, ix); why != "" {
		return why
	}
	if why := oneWordClaim(q, r); why != "" {
		return why
	}
	return subjectUnstated(q, r, ix)
}

// oneWordClaim reports a post of one word and no number ("help", "kills") against a fact-check
// of two words or more (numbers and asides aside): one word names what a claim is about or what it says of it, never
// both, so it states no fact-check's claim, whatever word of it it meets ("help" for "The HPV
// vaccine helps prevent cervical cancer").
func oneWordClaim(q, r *claimParts) string {
	words := func(c *claimParts) (n, first int) {
		first = -1
		for i := range c.parts {
			if p := &c.parts[i]; p.num == "" && !p.aside {
				if first < 0 {
					first = i
				}
				n++
			}
		}
		return n, first
	}
	if n, _ := words(q); n != 1 || numbers(q) > 0 {
		return "" // a number says what is counted: "Humans have 5 senses"
	}
	if n, j := words(r); n >= 2 {
		return fmt.Sprintf("different claim: the claim does not say what the fact-check says of %s", r.parts[j].text)
	}
	return ""
}

// pronouns are the words that stand for a phrase said elsewhere, in English and Turkish (with the
// Turkish case and plural forms of "bu", "şu", "o"), in their own spelling: "su" is water. Not the
// copular "it's", "they're": "it's summer", "it's cold" name no one.
var pronouns = map[string]bool{"it": true, "they": true, "them": true, "this": true, "that": true, "these": true, "those": true,
	"bu": true, "bunu": true, "buna": true, "bundan": true, "bunlar": true, "bunları": true, "bunlara": true,
	"şu": true, "şunu": true, "şuna": true, "şundan": true, "şunlar": true,
	"o": true, "onu": true, "ona": true, "ondan": true, "onlar": true, "onları": true, "onlara": true}

// subjectForms are the pronouns that stand as a subject; determiners those that may also open a
// noun phrase ("this vaccine", "bu kadar", "that vaccines …").
var (
	subjectForms = map[string]bool{"it": true, "they": true, "this": true, "that": true, "these": true, "those": true,
		"bu": true, "bunlar": true, "şu": true, "şunlar": true, "o": true, "onlar": true}
	determiners = map[string]bool{"this": true, "that": true, "these": true, "those": true, "bu": true, "şu": true, "o": true}
)

// pronounForPart reports a post that leaves a subject, object or name of the fact-check unstated
// while a pronoun stands in that place in a piece of the post stating the rest ("vaccines cause
// it", "It causes autism", "Sigara buna yol açıyor"), with no word before it that may be what it
// stands for: the post need not be about the fact-check's part at all. A pronoun after a word
// of the post's own ("Get the HPV jab, it helps …") may stand for that word, said in other words,
// and one whose antecedent states the fact-check's part ("I play Mozart to my baby because it
// makes babies smarter") leaves nothing unstated.
func (ix *decision) pronounForPart(q, r *claimParts) string {
	// Most posts have no pronoun: they need none of the parsing and aligning of their pieces
	// below, which was a tenth of an accepted analysis's CPU.
	pieces := postPieces.FindAllString(q.frameText, -1)
	pieceWords := make([][]string, len(pieces))
	anyPronoun := false
	for n, s := range pieces {
		pieceWords[n] = frameWords.FindAllString(s, -1)
		for _, w := range pieceWords[n] {
			anyPronoun = anyPronoun || pronouns[strings.ToLower(w)]
		}
	}
	if !anyPronoun {
		return ""
	}
	qa, ra := ix.alignParts(q, r)
	// The subject by its first part: the Turkish reading by position may take an object into
	// the subject phrase ("Aşılar otizme").
	subj := firstPart(r)
	missing := func(subject bool) int {
		for j := range r.parts {
			o := &r.parts[j]
			// A generic person ("Humans", "insanlar") is the implied subject of any claim.
			if ra.links[j] == unlinked && !o.aside && o.num == "" && !o.verb && !o.verbLike && !genericPerson(o) &&
				(o.ent != nil || o.role == roleCore || o.first) && (j <= subj) == subject {
				return j
			}
		}
		return -1
	}
	// The post's own words not stated by the fact-check, any of which may be a pronoun's
	// antecedent.
	own := map[string]bool{}
	stated := map[string]bool{}
	for i := range q.parts {
		p := &q.parts[i]
		if qa.links[i] == linked || qa.links[i] == opposite {
			stated[p.folded] = true
		} else if p.num == "" && !p.verb && !p.aside {
			own[p.folded] = true
		}
	}
	antecedent := false
	for n, s := range pieces {
		words := pieceWords[n]
		cp := ix.parsePiece(strings.TrimRight(s, pieceEnd), q.lang)
		pa, _ := ix.alignParts(cp, r)
		statesPart := slices.Contains(pa.links, linked)
		opening := true
		for k, w := range words {
			lw, f := strings.ToLower(w), turkish.Fold(w)
			if !pronouns[lw] {
				antecedent = antecedent || own[f]
				// A question's auxiliary keeps the place open: "Does it cause cancer?".
				opening = opening && (clauseConjunctions[f] || f == "and" || f == "or" || f == "so" || punctuation(w) || yesNoOpener(f))
				continue
			}
			subject := subjectForms[lw] && (opening || lw == "bunlar" || lw == "onlar" || lw == "şunlar" || lw == "bu" || lw == "şu" || lw == "o")
			opening = false
			if antecedent || !statesPart {
				continue
			}
			if next := turkish.Fold(words[min(k+1, len(words)-1)]); determiners[lw] && k+1 < len(words) && !punctuation(words[k+1]) && !stated[next] && !(lexicalLang(q.lang) == "en" && englishFunction(next)) {
				// "this vaccine", "that vaccines cause …", "bu kadar" (but "does that to you"): a
				// Turkish word after "bu" opens a phrase of its own ("bu yüzden", "bu da").
				continue
			}
			if j := missing(subject); j >= 0 {
				return fmt.Sprintf("different %s: the claim says %s where the fact-check says %s", roleName(&r.parts[j]), w, r.parts[j].text)
			}
		}
	}
	return ""
}

// postPieces cuts a post's text at its clause punctuation, each piece with the marks that close
// it (a question mark says the piece asks); a comma or point between digits ("3,5", "4.5") is
// part of a number, not a clause's end.
var postPieces = regexp.MustCompile(`(?:\d[,.]\d|[^,;.!?…:\n])+[,;.!?…:\n]*`)

// pieceEnd are the marks that close a piece of postPieces or denialPieces.
const pieceEnd = ",;.!?…:\n -–—"

// dashCut is a dash standing between two words ("vaccines cause autism - false").
var dashCut = regexp.MustCompile(`\s[-–—]+\s`)

// denialPieces cuts a post's text as postPieces does, and also at a dash between words and
// before a conjunction that opens a clause ("… but that's a lie", "… ama hepsi yalan").
func denialPieces(text string) []string {
	var out []string
	for _, s := range postPieces.FindAllString(dashCut.ReplaceAllString(text, ", "), -1) {
		words := frameWords.FindAllStringIndex(s, -1)
		from := 0
		for k, w := range words {
			if k > 0 && clauseConjunctions[turkish.Fold(s[w[0]:w[1]])] {
				out = append(out, s[from:w[0]])
				from = w[0]
			}
		}
		out = append(out, s[from:])
	}
	return out
}

// refusals are the interjections that answer a claim with no ("Nope", "Hayır"), beside the
// negation words a claim is read with (negationWords).
var refusals = map[string]bool{"nope": true, "nah": true, "hayir": true, "yok": true, "no": true}

// deniedAfter reports a post that states the claim and then, in a piece after every piece sharing
// a word with fact-check r, denies or doubts it ("Vaccines cause autism, that's not true", "5G
// korona yayıyor, yok öyle bir şey", "…? Nope", "…, I don't believe it", "…, yalan"): the post says
// the opposite of what it states, and the whole-post reading would take the fact-check's verdict
// for it. A piece a question mark closes asks ("…, değil mi?", "…, right?") and denies nothing; a
// denial before the claim ("don't believe the lies, vaccines cause autism") frames it.
func (ix *decision) deniedAfter(q, r *claimParts) string {
	if ix.lex == nil || q.frameText == "" {
		return ""
	}
	spans := denialPieces(q.frameText)
	if len(spans) < 2 {
		return ""
	}
	type pc struct {
		cp    *claimParts
		text  string
		asked bool
	}
	pieces := make([]pc, len(spans))
	last := -1
	for k, s := range spans {
		text := strings.TrimSpace(strings.TrimRight(s, pieceEnd))
		cp := ix.parsePiece(text, q.lang)
		pieces[k] = pc{cp, text, strings.Contains(s[len(strings.TrimRight(s, pieceEnd)):], "?")}
		qa, _ := ix.alignParts(cp, r)
		for i := range cp.parts {
			if qa.links[i] == linked || qa.links[i] == opposite {
				last = k
				break
			}
		}
	}
	if last < 0 {
		return ""
	}
	for _, p := range pieces[last+1:] {
		if !p.asked && ix.denial(p.cp, p.text) {
			return fmt.Sprintf("denied: the post states the claim, then says %q", p.text)
		}
	}
	return ""
}

// denial reports a piece of a post that denies or doubts what was said before it: a negation
// with a word of truth or belief ("that's not true", "doğru değil", "I don't believe it",
// "inanmıyorum"), a negation with at most one word of its own ("No way", "yok öyle bir şey"), a
// refusal alone ("Nope", "Hayır"), or a word of falsehood with at most one other word ("Total
// myth", "yalan", "all lies").
func (ix *Index) denial(c *claimParts, text string) bool {
	words := frameWords.FindAllString(text, -1)
	if len(words) == 0 {
		return false
	}
	// A negation of a word's own ("unlocking") or of advice ("sakın atlamayın", "don't skip
	// it") denies nothing said before.
	negated := false
	for _, g := range c.negs {
		negated = negated || !g.prohibition && g.privative < 0
	}
	content := 0
	truth, falsehood, doubt, verbal, name := false, false, false, false, false
	for i := range c.parts {
		p := &c.parts[i]
		if p.num != "" {
			continue
		}
		if p.advice {
			return false
		}
		content++
		truth = truth || ix.truthWord(p)
		falsehood = falsehood || ix.kindOf(p, falsehoodRoots)
		// "no doubt", "şüphe yok": no doubt of what was said (not "sanmıyorum", whose verb the
		// lexicon also has as a word of doubt).
		doubt = doubt || ix.kindOf(p, doubtRoots) && !(p.verb && ix.kindOf(p, beliefRoots))
		verbal = verbal || p.verb || p.verbLike || turkishVerb(p)
		name = name || p.ent != nil
	}
	first, end := turkish.Fold(words[0]), turkish.Fold(words[len(words)-1])
	person := false
	for _, w := range words {
		person = person || personalPronouns[turkish.Fold(w)]
	}
	switch {
	case doubt:
		return false
	case negated && truth:
		return true
	case negated && content <= 1 && (negationWords[first] || negationWords[end]):
		// "No way", "yok öyle bir şey", "Absolutely not", "yeah no"; not a verb ("asla
		// atlamayın": advice) nor a name ("…, Kanberra değil": not that one but the one said).
		return !verbal && !name
	case len(words) == 1 && refusals[first]:
		return true
	case !negated && falsehood && !person && content <= 2:
		// Not with a person of its own ("they lie to us"): that says the claim is hidden, not
		// false.
		return true
	}
	return false
}

// personalPronouns name a person who may do what a word of falsehood says ("they lie to us").
var personalPronouns = map[string]bool{"i": true, "you": true, "he": true, "she": true, "we": true, "they": true,
	"ben": true, "sen": true, "biz": true, "siz": true, "onlar": true}

// turkishVerb reports a Turkish word the dictionary reads as a negative verb form: a verb's stem
// (of its form with the infinitive ending -mAk) with the negative -mA after it ("atlamayın").
func turkishVerb(p *part) bool {
	if p.lang != "tr" {
		return false
	}
	for _, d := range p.dict {
		if stem, ok := strings.CutSuffix(turkish.Fold(d), "mak"); ok && strings.HasPrefix(p.folded, stem+"ma") {
			return true
		}
		if stem, ok := strings.CutSuffix(turkish.Fold(d), "mek"); ok && strings.HasPrefix(p.folded, stem+"me") {
			return true
		}
	}
	return false
}

// truthRoots and beliefRoots are the words whose kinds say a claim is true or that one believes
// it, by language; falsehoodRoots those whose kinds call it false, doubtRoots those of doubt.
var (
	truthRoots     = map[string][]string{"en": {"true", "correct"}, "tr": {"doğru", "gerçek"}}
	beliefRoots    = map[string][]string{"en": {"believe", "think"}, "tr": {"inanmak", "sanmak"}}
	falsehoodRoots = map[string][]string{"en": {"falsehood", "deception", "myth", "false", "nonsense", "debunk", "refute", "disprove"}, "tr": {"yalan"}}
	doubtRoots     = map[string][]string{"en": {"doubt"}, "tr": {"şüphe"}}
)

// truthWord reports a word of truth or belief (truthRoots, beliefRoots) by the lexicon.
func (ix *Index) truthWord(p *part) bool {
	return ix.kindOf(p, truthRoots) || ix.kindOf(p, beliefRoots)
}

// kindOf reports a word that the lexicon has as one of roots (of the word's language) or a
// synonym of one, or in English a kind of one: KeNet's Turkish kinds are too broad ("atlama" as
// a kind of "yanlış").
func (ix *Index) kindOf(p *part, roots map[string][]string) bool {
	return ix.relatesTo(p, roots, func(lang string, r thesaurus.Relation) bool {
		return r == thesaurus.Same || r == thesaurus.Synonym || r == thesaurus.Broader && lang == "en"
	})
}

// relatesTo reports a word of p — as written, or one of its English lemmas or Turkish dictionary
// forms — that the lexicon relates to one of roots (of the word's language) in a way accept
// takes: the one walk behind kindOf and truthOrBelief.
func (ix *Index) relatesTo(p *part, roots map[string][]string, accept func(lang string, r thesaurus.Relation) bool) bool {
	lang, words := "en", p.lemmas
	if p.lang == "tr" {
		lang, words = "tr", p.dict
	}
	for _, w := range append([]string{p.folded}, words...) {
		for _, root := range roots[lang] {
			if accept(lang, ix.lex.Relate(lang, w, root)) {
				return true
			}
		}
	}
	return false
}

// oneWordTwoParts reports a word of post q that states both the subject of fact-check r and a
// part of what r says of it, where r says its subject's word again in that part and nothing
// else of q states the subject ("diabetes" for both "Şeker" and "şeker hastalığına" of "Şeker
// yemek şeker hastalığına yol açar", in "Do vaccines actually trigger diabetes?"): the post
// states the compound, not the subject, and its own subject, whatever the reading took it for,
// is another.
func oneWordTwoParts(q, r *claimParts, ix *decision) string {
	qa, ra := ix.alignParts(q, r)
	subj := firstPart(r) // not subjectEnd: the Turkish reading by position runs it into the object
	for j := 0; j <= subj && j < len(r.parts); j++ {
		o := &r.parts[j]
		if o.aside || o.verb || ra.links[j] != linked {
			continue
		}
		i := ra.with[j]
		if i < 0 || i >= len(q.parts) || qa.links[i] != linked || qa.with[i] <= subj {
			continue
		}
		again := false
		for k := subj + 1; k < len(r.parts); k++ {
			again = again || shareLemma(r.parts[k].lemmas, o.lemmas)
		}
		other := false
		for k := range q.parts {
			if k != i && qa.links[k] == linked && qa.with[k] <= subj {
				other = true
			}
		}
		if again && !other {
			return fmt.Sprintf("different subject: %s states %s, not %s", q.parts[i].text, r.parts[qa.with[i]].text, o.text)
		}
	}
	return ""
}

// subjectUnstated reports a post that states none of the fact-check's subject phrase (two words or
// more, up to the first word of r the post states) and has a word of its own before the first
// word it shares with r ("Does coffee actually cause high blood pressure?" for "Fazla tuz
// tüketmek tansiyonu yükseltir"): the post's word stands where the fact-check's subject does. A
// question's reading may take that word for a verb ("Do vaccines …"), so a verb with a noun's
// ending counts too.
func subjectUnstated(q, r *claimParts, ix *decision) string {
	qa, ra := ix.alignParts(q, r)
	f := firstPart(r)
	if f < 0 {
		return ""
	}
	run, end := 0, -1
	for j := range r.parts {
		if ra.links[j] == linked || ra.links[j] == opposite {
			break
		}
		if o := &r.parts[j]; o.num == "" && !o.aside && !o.verb && !genericPerson(o) {
			run++
		}
		end = j
	}
	if end < f || run < 2 {
		return ""
	}
	// A reading that found no subject at all ("Does coffee actually cause …", read as two verbs)
	// took it for a verb: there the first of two words before the shared ones is the subject.
	noSubject := firstPart(q) < 0
	var own []int
	for i := range q.parts {
		if qa.links[i] == linked || qa.links[i] == opposite {
			break
		}
		if p := &q.parts[i]; p.num == "" && !p.aside && !p.place && !genericPerson(p) {
			own = append(own, i)
		}
	}
	for _, i := range own {
		if p := &q.parts[i]; !p.verb || p.verbLike || noSubject && len(own) > 1 {
			return fmt.Sprintf("different subject: %s ≠ %s", p.text, r.parts[f].text)
		}
	}
	return ""
}
