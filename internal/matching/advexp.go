package matching

// advexp.go reads look-alikes that expand a part of the fact-check into another thing
// (adversarial.jsonl): a word beside the fact-check's act or noun that makes it another act or
// thing, and a phrasal verb judged as the one verb it is.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/claimcheck/claimcheck/internal/thesaurus"
	"github.com/claimcheck/claimcheck/internal/turkish"
)

// expandedPart is the reason a word beside a part of the fact-check makes it another thing
// (actMadeModifier, secondSenseModified), a word of the claim meets a modifier of the
// fact-check only by spelling (modifierByStem) or is another kind of its class (siblingKinds),
// "" when there is none.
func (ix *decision) expandedPart(q *claimParts, qa sideAlign, r *claimParts, cross bool) string {
	if i := ix.actMadeModifier(q, qa, r, cross); i >= 0 {
		return fmt.Sprintf("different subject: %s %s ≠ %s", q.parts[i-1].text, q.parts[i].text, r.parts[qa.with[i-1]].text)
	}
	if i := ix.secondSenseModified(q, qa, r, cross); i >= 0 {
		return fmt.Sprintf("different detail: %s %s ≠ %s", q.parts[i].text, q.parts[i+1].text, r.parts[qa.with[i+1]].text)
	}
	if i, k := ix.modifierByStem(q, qa, r); i >= 0 {
		return fmt.Sprintf("different detail: %s ≠ %s %s", q.parts[i].text, r.parts[k].text, r.parts[k+1].text)
	}
	if i := ix.siblingKinds(q, qa, r); i >= 0 {
		o := &r.parts[qa.with[i]]
		return fmt.Sprintf("different %s: %s ≠ %s", roleName(o), q.parts[i].text, o.text)
	}
	return ""
}

// siblingKinds finds, within Turkish, a word of the claim joined to the fact-check's as a
// synonym only through a broader translation both share, while each has a narrower translation
// of its own under it ("kavun" and "karpuz" both translate to "melon", but one is a muskmelon,
// the other a watermelon): two kinds of one class are two things (kindof.go never joins them),
// and the shared translation is only their class. It returns the claim's word, -1 when there is
// none.
func (ix *decision) siblingKinds(q *claimParts, qa sideAlign, r *claimParts) int {
	kl, ok := ix.lex.(kindLexicon)
	if !ok || q.lang != "tr" || r.lang != "tr" {
		return -1
	}
	for i := range q.parts {
		p := &q.parts[i]
		if qa.links[i] != linked || qa.with[i] < 0 || p.ent != nil || p.num != "" || p.verb || p.aside {
			continue
		}
		o := &r.parts[qa.with[i]]
		if o.ent != nil || o.num != "" || o.verb || p.folded == o.folded || shareLemma(p.lemmas, o.lemmas) {
			continue
		}
		tp, to := ix.englishReadings(p), ix.englishReadings(o)
		for _, c := range tp {
			if !slices.Contains(to, c) {
				continue
			}
			a, b := ix.narrowerUnder(kl, tp, to, c), ix.narrowerUnder(kl, to, tp, c)
			if a == "" || b == "" {
				continue
			}
			if rel := ix.lex.Relate("en", a, b); rel == thesaurus.Unrelated {
				return i
			}
		}
	}
	return -1
}

// mainReadings is how many of a Turkish word's translations siblingKinds reads.
const mainReadings = 3

// englishReadings are a Turkish word's first few English translations, lower case: those that
// carry its main senses (a long list reaches far: "değer" to "premium", "esas" to "derivation").
func (ix *decision) englishReadings(p *part) []string {
	var out []string
	for _, f := range p.lexForms() {
		for _, t := range firstN(ix.lex.Translate("tr", "en", f), mainReadings) {
			if t = strings.ToLower(t); !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
	}
	return out
}

// narrowerUnder is a word of mine, not of theirs, that the lexicon has as a kind of class.
func (ix *decision) narrowerUnder(kl kindLexicon, mine, theirs []string, class string) string {
	for _, w := range mine {
		if w != class && !slices.Contains(theirs, w) && ix.isKindOf(kl, "en", w, class) {
			return w
		}
	}
	return ""
}

// actMadeModifier finds, within one language, a noun the claim writes directly after the
// fact-check's act where the fact-check's act stands alone ("Smoking meat causes lung cancer",
// "Shaving cream makes hair grow back thicker" for "Smoking causes …", "Shaving makes …";
// "Tıraş köpüğü …" for "Tıraş olmak …"). Such a noun is either the act's object (smoking meat)
// or the head the act's word now modifies (shaving cream, tıraş köpüğü): in both the claim is
// about another thing than the act the fact-check rated. decideWhole lets a word beside a stated
// noun narrow it ("5G towers", "mRNA covid vaccines"); an act is not narrowed so, since its noun
// says what is done, or what the claim is about. The act's own object stays a rewording: one the
// lexicon's translations of the act carry ("Smoking cigarettes": "smoking" is "sigara içmek",
// "cigarettes" "sigara"), as actobject.go reads the Turkish act's object across languages.
// It returns the noun, -1 when there is none.
func (ix *decision) actMadeModifier(q *claimParts, qa sideAlign, r *claimParts, cross bool) int {
	if cross {
		return -1
	}
	kinds, ok := ix.lex.(interface {
		IsNoun(word string) bool
		IsVerb(word string) bool
	})
	if !ok {
		return -1
	}
	for i := 0; i+1 < len(q.parts); i++ {
		p, n := &q.parts[i], &q.parts[i+1]
		if qa.links[i] != linked || qa.with[i] < 0 || qa.links[i+1] != unlinked || n.clause != p.clause || p.aside || n.aside {
			continue
		}
		if n.num != "" || n.ent != nil || n.place || n.verb || n.relative || verbalNoun(n) || !adjacent(q.frameText, p.text, n.text) {
			continue
		}
		k := qa.with[i]
		act := &r.parts[k]
		if !ix.actAlone(r, k) {
			continue
		}
		switch q.lang {
		case "en":
			// The claim's gerund where the fact-check has its act: the noun after it is its
			// object or the head it modifies, unless it is the verb of the clause.
			if !verbalNoun(p) || !verbalNoun(act) || n.verbLike && !ix.englishNoun(kinds, n) {
				continue
			}
		case "tr":
			// The claim's noun where the fact-check says the act with a light verb ("Tıraş
			// olmak"): a noun after a bare noun is the head of their compound.
			if verbalNoun(p) || p.verb || !act.verb || act.role != rolePredicate {
				continue
			}
		default:
			continue
		}
		if !ix.englishNoun(kinds, n) && q.lang == "en" || q.lang == "tr" && ix.adjective(kinds, n) {
			continue
		}
		if ix.actCarries(p, n) {
			continue
		}
		return i + 1
	}
	return -1
}

// actAlone reports the fact-check's act at k as its subject, standing without an object of its
// own: in English the verb follows it, in Turkish it opens its clause. Only the subject: an act
// elsewhere may be a noun that looks like one ("protect you from lightning").
func (ix *decision) actAlone(r *claimParts, k int) bool {
	if !r.parts[k].first {
		return false
	}
	if r.lang == "tr" {
		return k == 0 || r.parts[k-1].clause != r.parts[k].clause
	}
	if k+1 >= len(r.parts) {
		return false
	}
	o := &r.parts[k+1]
	return o.clause == r.parts[k].clause && (o.verb || o.verbLike && o.role == rolePredicate)
}

// englishNoun reports an English word the lexicon knows as a noun and not only as an adjective.
func (ix *decision) englishNoun(kinds interface{ IsNoun(string) bool }, n *part) bool {
	for _, w := range append([]string{n.folded}, n.dict...) {
		if kinds.IsNoun(w) {
			return !ix.adjective(kinds, n)
		}
	}
	return false
}

// actCarries reports an object the act's own translation names: a Turkish translation of the
// act, a phrase, holds a Turkish translation of the noun as one of its words ("sigara içmek"
// for smoking, "sigara" for cigarette). The act's word is read in English, as the lexicon
// translates from English; a Turkish act is read through its English translations.
func (ix *decision) actCarries(act, obj *part) bool {
	if act.lang != "en" {
		return false
	}
	var objTR []string
	for _, f := range obj.lexForms() {
		for _, t := range ix.lex.Translate("en", "tr", f) {
			objTR = append(objTR, turkish.Fold(t))
		}
	}
	if len(objTR) == 0 {
		return false
	}
	for _, f := range act.lexForms() {
		for _, t := range ix.lex.Translate("en", "tr", f) {
			words := strings.Fields(turkish.Fold(t))
			if len(words) < 2 {
				continue
			}
			for _, w := range words {
				if slices.Contains(objTR, w) {
					return true
				}
			}
		}
	}
	return false
}

// phrasalApart finds, within English, a verb of the claim that makes a WordNet phrasal verb with
// the word after it ("ends up") where the fact-check has a verb of its own left over ("gets
// recycled"): verbsApart (verbsense.go) does not judge the verb's parts, so the phrasal verb is
// judged as the one verb it is, by the same lexicon test ("end up" and "recycle" are apart). The
// voice of the two is not compared: a phrasal verb says what becomes of its subject in either
// voice, so no passive of the fact-check's verb says it with other words. It returns the reason,
// "" when there is none. Only with a complement of the claim's own after it
// (ownComplement): a phrasal verb's senses are many and WordNet misses some.
func (ix *decision) phrasalApart(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, cross bool) string {
	d, ok := ix.lex.(verbSenseLexicon)
	if !ok || cross || q.lang != "en" || r.lang != "en" {
		return ""
	}
	var theirs [][]string
	var verbs []int
	for k := range r.parts {
		if o := &r.parts[k]; ra.links[k] == unlinked && o.verb && !o.aside && o.ent == nil && o.num == "" {
			if fs := verbForms(d, o); len(fs) > 0 {
				theirs, verbs = append(theirs, fs), append(verbs, k)
			}
		}
	}
	if len(theirs) == 0 {
		return ""
	}
	for i := range q.parts {
		p := &q.parts[i]
		if qa.links[i] != unlinked || !p.verb || p.aside || p.ent != nil || p.num != "" {
			continue
		}
		ph := phrasalForm(d, q.read, p.text, verbForms(d, p))
		if ph == "" || !ownComplement(q, qa, i) {
			continue
		}
		for n, bs := range theirs {
			apart := true
			for _, b := range bs {
				apart = apart && ix.verbPairApart(d, ph, b)
			}
			if apart {
				return fmt.Sprintf("different predicate: %s ≠ %s", ph, r.parts[verbs[n]].text)
			}
		}
	}
	return ""
}

// ownComplement reports a noun after the claim's verb at i, in its clause, that the fact-check
// does not state ("ends up in the ocean"): the phrasal verb says something of its own there, so
// it is no rewording of the fact-check's verb ("put out more CO2 than humans", "escapes from
// your head", whose words the fact-check all states, may be one in a sense WordNet misses).
func ownComplement(q *claimParts, qa sideAlign, i int) bool {
	for j := i + 1; j < len(q.parts) && q.parts[j].clause == q.parts[i].clause; j++ {
		if o := &q.parts[j]; qa.links[j] == unlinked && !o.verb && !o.aside && o.num == "" && (o.role >= roleCore || o.place) {
			return true
		}
	}
	return false
}

// phrasalForm is the WordNet phrasal verb a verb of text makes with the word after it ("end
// up" of "ends up"), "" when it makes none (phrasalVerb's reading, verbsense.go).
func phrasalForm(d verbSenseLexicon, text, word string, forms []string) string {
	ph := ""
	eachWordAt(text, word, func(_, after string) bool {
		next := strings.TrimLeft(after, " ")
		if len(next) == len(after) {
			return false
		}
		if n := strings.IndexFunc(next, func(r rune) bool { return !unicode.IsLetter(r) }); n >= 0 {
			next = next[:n]
		}
		for _, f := range forms {
			if next != "" && d.VerbSenses(f+" "+next) > 0 {
				ph = f + " " + strings.ToLower(next)
				return true
			}
		}
		return false
	})
	return ph
}

// otherPossessor finds, within Turkish, two names in the genitive that possess one head both
// claims state, neither name stated by the other claim ("Osmanlı İmparatorluğu'nun başkenti"
// for "Türkiye'nin başkenti"). nameModifier (decide.go) lets a possessor name only say which one
// its head is, on either side ("Apple'ın Mac bilgisayarları" for "Mac bilgisayarları"); with a
// possessor on both sides in that place, the claim says it of another one. It returns the
// reason, "" when there is none; a fraction that names another thing (fractionCompound) and a
// name stated by another word for a part of it (namePartOnly) are read first, as all say which
// one the claim is about.
func (ix *decision) otherPossessor(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) string {
	if why := fractionCompound(q, qa, r); why != "" {
		return why
	}
	if why := ix.namePartOnly(q, r, ra); why != "" {
		return why
	}
	if q.lang != "tr" || r.lang != "tr" {
		return ""
	}
	for j := 0; j+1 < len(r.parts); j++ {
		o, h := &r.parts[j], &r.parts[j+1]
		if o.ent == nil || ra.links[j] == linked || ra.links[j] == opposite || ra.links[j+1] != linked || o.clause != h.clause || !ix.genitiveName(o) {
			continue
		}
		k := ra.with[j+1]
		if k < 1 || k >= len(q.parts) || qa.with[k] != j+1 {
			continue
		}
		p := &q.parts[k-1]
		if p.ent == nil || qa.links[k-1] == linked || qa.links[k-1] == opposite || p.clause != q.parts[k].clause || !ix.genitiveName(p) {
			continue
		}
		return fmt.Sprintf("different entity: %s %s ≠ %s %s", p.text, q.parts[k].text, o.text, h.text)
	}
	return ""
}

// genitiveName reports a Turkish name written with the genitive after its apostrophe
// ("Türkiye'nin"), as nameModifier reads a possessor.
func (ix *decision) genitiveName(p *part) bool {
	_, suffix := splitApostrophe(p.text)
	return suffix != "" && ix.genitive(p)
}

// fractionCompound finds a fraction word of the claim written directly before a noun both claims
// state, with no number of the fact-check it could be ("half marathon" for "marathon", "yarı
// final" for "final"): a fraction before its noun, with no "of" or article between ("half of
// their brain", "half the world's oxygen"), names another thing of its own, not an amount of
// the noun. It returns the reason, "" when there is none.
func fractionCompound(q *claimParts, qa sideAlign, r *claimParts) string {
	for i := 0; i+1 < len(q.parts); i++ {
		p, n := &q.parts[i], &q.parts[i+1]
		if p.num == "" || qa.links[i] == chatter || p.aside || strings.ContainsAny(p.text, "0123456789") || numberStated(p, r) {
			continue
		}
		if v, err := strconv.ParseFloat(p.num, 64); err != nil || v <= 0 || v >= 1 {
			continue
		}
		if qa.links[i+1] != linked || n.clause != p.clause || n.num != "" || n.verb || !adjacent(q.frameText, p.text, n.text) {
			continue
		}
		return fmt.Sprintf("different detail: %s %s ≠ %s", p.text, n.text, r.parts[qa.with[i+1]].text)
	}
	return ""
}

// secondSenseModified finds, across languages, an English noun of the claim joined to the
// fact-check's Turkish word only through a translation after its first ("city" for "başkent",
// whose first translation is "capital", through "metropolis"), with a superlative of the claim's
// own directly before it ("the largest city"): the first translation carries the word's main
// sense (kindof.go reads a Turkish word so), and a superlative picks the one of another sense's
// kind ("the largest city" is no capital). Other modifiers may name the thing in the other
// sense ("baking soda" for "karbonat", "muggy weather" for "havalar"), so only a superlative. Across languages a modifier is never
// compared (decideWhole), so it is read here; a noun the fact-check's word says in its main
// sense ("mRNA covid vaccines" for "mRNA aşıları") is that word narrowed, and stays a rewording.
// It returns the modifier, -1 when there is none.
func (ix *decision) secondSenseModified(q *claimParts, qa sideAlign, r *claimParts, cross bool) int {
	kl, ok := ix.lex.(kindLexicon)
	if !ok || !cross || q.lang != "en" || r.lang != "tr" {
		return -1
	}
	for i := 1; i < len(q.parts); i++ {
		p, m := &q.parts[i], &q.parts[i-1]
		if qa.links[i] != linked || qa.with[i] < 0 || p.ent != nil || p.num != "" || p.verb || p.aside {
			continue
		}
		if qa.links[i-1] != unlinked || !superlative(m) || m.ent != nil || m.num != "" || m.verb || m.aside || m.clause != p.clause || !adjacent(q.frameText, m.text, p.text) {
			continue
		}
		o := &r.parts[qa.with[i]]
		if o.ent != nil || o.num != "" || o.verb || len(o.dict) == 0 {
			continue
		}
		first := ix.lex.Translate("tr", "en", o.dict[0])
		if len(first) == 0 {
			continue
		}
		main, forms := strings.ToLower(first[0]), p.lexForms()
		mainSense := false
		for _, f := range forms {
			rel := ix.lex.Relate("en", main, f)
			mainSense = mainSense || f == main || rel == thesaurus.Same || rel == thesaurus.Synonym || rel == thesaurus.Narrower || rel == thesaurus.Broader || ix.isKindOf(kl, "en", main, f)
		}
		if !mainSense {
			return i - 1
		}
	}
	return -1
}

// superlative reports an English adjective in the superlative ("largest", "tallest"): a word in
// -est whose base form the lexicon knows.
func superlative(m *part) bool {
	if m.lang != "en" || m.role != roleModifier || !strings.HasSuffix(m.folded, "est") {
		return false
	}
	for _, d := range m.dict {
		if d != m.folded && len(d) < len(m.folded) {
			return true
		}
	}
	return false
}

// namePartOnly finds a name of the fact-check in several words that the lexicon knows as one
// noun ("World Wide Web"), of which the claim states some words only, through a word of its own
// ("İnternet" joined to "Web" by a translation): the name is one thing, and a word that
// reaches a part of it is not that thing unless the lexicon makes it the whole name's synonym.
// A part written as itself ("the Web", "Web'i") names it as a rewording does. It returns the
// reason, "" when there is none.
func (ix *decision) namePartOnly(q *claimParts, r *claimParts, ra sideAlign) string {
	kinds, ok := ix.lex.(nounLexicon)
	if !ok {
		return ""
	}
	for j0 := 0; j0 < len(r.parts); {
		j1 := j0
		for j1 < len(r.parts) && r.parts[j1].ent != nil && r.parts[j1].num == "" && r.parts[j1].clause == r.parts[j0].clause {
			j1++
		}
		if j1-j0 < 2 {
			j0 = max(j1, j0+1)
			continue
		}
		words := make([]string, 0, j1-j0)
		unstated := false
		for j := j0; j < j1; j++ {
			words = append(words, r.parts[j].folded)
			unstated = unstated || ra.links[j] == unlinked
		}
		name := strings.Join(words, " ")
		if unstated && kinds.IsNoun(name) {
			for j := j0; j < j1; j++ {
				if ra.links[j] != linked || ra.with[j] < 0 || ra.with[j] >= len(q.parts) {
					continue
				}
				p, o := &q.parts[ra.with[j]], &r.parts[j]
				if p.folded == o.folded || shareLemma(p.lemmas, o.lemmas) || ix.synonymOfName(p, name) {
					continue
				}
				return fmt.Sprintf("different entity: %s ≠ %s", p.text, nameText(r, j0, j1))
			}
		}
		j0 = j1
	}
	return ""
}

// nameText is the name of parts j0 to j1 (excluded) as written.
func nameText(c *claimParts, j0, j1 int) string {
	words := make([]string, 0, j1-j0)
	for j := j0; j < j1; j++ {
		words = append(words, c.parts[j].text)
	}
	return strings.Join(words, " ")
}

// synonymOfName reports a claim word one of whose English readings (a Turkish word's
// translations) the lexicon relates to the whole name as the same or a synonym ("WWW").
func (ix *decision) synonymOfName(p *part, name string) bool {
	readings := p.lexForms()
	if p.lang == "tr" {
		readings = nil
		for _, f := range p.lexForms() {
			readings = append(readings, ix.lex.Translate("tr", "en", f)...)
		}
	}
	for _, w := range readings {
		if rel := ix.lex.Relate("en", strings.ToLower(w), name); rel == thesaurus.Same || rel == thesaurus.Synonym {
			return true
		}
	}
	return false
}

// modifierByStem finds, within Turkish, a word of the claim joined to a modifier of the
// fact-check only through a reading neither is written as ("solak" and "sol" both read as forms
// of "solmak"), while the fact-check's head after that modifier is left unstated ("sol beyinli"):
// the claim says neither the modifier's word nor its head, so the link is one of spelling, and
// the thing the fact-check names ("left-brained") is not stated. It returns the claim's word and
// the fact-check's modifier, -1 when there is none.
func (ix *decision) modifierByStem(q *claimParts, qa sideAlign, r *claimParts) (int, int) {
	if q.lang != "tr" || r.lang != "tr" {
		return -1, -1
	}
	for i := range q.parts {
		p := &q.parts[i]
		k := qa.with[i]
		if qa.links[i] != linked || k < 0 || k+1 >= len(r.parts) || len(p.dict) == 0 || p.ent != nil || p.num != "" {
			continue
		}
		o, h := &r.parts[k], &r.parts[k+1]
		if o.role != roleModifier || len(o.dict) == 0 || h.clause != o.clause || h.role != roleCore || h.verb || h.ent != nil || h.num != "" || h.aside {
			continue
		}
		if slices.ContainsFunc(q.parts, func(c part) bool { return c.folded == h.folded || shareLemma(c.lemmas, h.lemmas) }) {
			continue // the head is stated
		}
		if p.folded == o.folded || p.dict[0] == o.dict[0] || p.verb || o.verb || verbalNoun(p) || verbalNoun(o) || ix.lex.Relate("tr", p.dict[0], o.dict[0]) != thesaurus.Unrelated {
			continue
		}
		// Joined through a second reading of both ("solmak" of "solak" and of "sol").
		if !slices.ContainsFunc(p.dict[1:], func(d string) bool { return slices.Contains(o.dict[1:], d) }) {
			continue
		}
		return i, k
	}
	return -1, -1
}
