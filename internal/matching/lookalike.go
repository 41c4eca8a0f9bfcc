package matching

import (
	"strings"

	"github.com/claimcheck/claimcheck/internal/thesaurus"
	"github.com/claimcheck/claimcheck/internal/turkish"
)

// Rules that keep a look-alike from taking a fact-check's verdict: each finds a part the
// alignment took as stated (or as a verb, which is never compared by spelling) where the other
// claim in fact says something else.

// posLexicon is a Lexicon that knows the parts of speech of English words (thesaurus.Thesaurus).
type posLexicon interface {
	IsVerb(word string) bool
	IsNoun(word string) bool
}

// nounOnly reports an English word the lexicon knows as a noun and not as a verb ("viruses",
// "dinosaurs", "tyres"; not "self-governing", an adjective).
func (ix *Index) nounOnly(folded string) bool {
	v, ok := ix.lex.(posLexicon)
	return ok && len(folded) >= 3 && v.IsNoun(folded) && !v.IsVerb(folded)
}

// factCheckNouns reads as nouns the parts of the fact-check r that the claim does not state and
// that the reading by position took for verbs by their -s ("can't get viruses", "Humans and
// dinosaurs lived") although the lexicon knows them with no verb sense: a verb is compared on
// meaning only, so "crash" or "mammoths" would pass for "viruses" or "dinosaurs". Only the
// fact-check's parts left unstated: the claim's own misread plurals ("Smoking cigarettes leads
// to …") would then stand against the fact-check's verb. r is copied when a part changes.
func (ix *Index) factCheckNouns(r *claimParts, ra sideAlign) *claimParts {
	out := r
	for j := range r.parts {
		o := &r.parts[j]
		if ra.links[j] != unlinked || o.lang != "en" || !(o.verb || o.verbLike) || o.num != "" || o.ent != nil || o.aside || !ix.nounOnly(o.folded) {
			continue
		}
		if out == r {
			c := *r
			c.parts = append([]part(nil), r.parts...)
			out = &c
		}
		p := &out.parts[j]
		p.verb, p.verbLike = false, false
		if p.role == rolePredicate {
			p.role = roleCore
		}
	}
	return out
}

// oneWayStand finds, across languages, a word of the fact-check linked to a part of the claim
// that states something else (its own link goes to another part of the fact-check, or nowhere),
// while the claim has a word of its own left unstated: "et" (meat) taken as stated by "Eating",
// which states "tüketimi", with "potatoes" left over; "red" by "öfkelenir" with "yeşil" left
// over. The loose link (a translation of a translation) is all that joins the two, and the word
// left over is what the claim says in the fact-check's place. A word the fact-check says twice
// ("deprem olur; 'deprem havası'") is stated once for both, and a word of a phrase translating the
// claim's word ("carbon dioxide" for "karbondioksit") by that word. Only this way round: a word of the
// claim linked loosely beside a word of the fact-check left over is most often the claim's own
// filler or a word of a phrase translation ("food poisoning" for "zehirler"). It returns the
// part left over in q and the loosely linked part of r; -1, -1 when there is none.
func (ix *decision) oneWayStand(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int) {
	if q.lang == r.lang {
		return -1, -1
	}
	noun := func(p *part) bool {
		return p.num == "" && !p.aside && !p.place && !p.verb && (!p.verbLike || p.lang == "en" && ix.nounOnly(p.folded)) && !verbalNoun(p) && !genericPerson(p) &&
			(p.ent != nil || p.role == roleCore || p.role == roleModifier || p.role == rolePredicate)
	}
	j := -1
	for k, l := range ra.links {
		if l != linked || !noun(&r.parts[k]) {
			continue
		}
		o := ra.with[k]
		if qa.links[o] == unlinked {
			j = k
			break
		}
		if m := qa.with[o]; qa.links[o] == linked && m != k && ra.links[m] == linked && ra.with[m] == o && !sameLemma(&r.parts[m], &r.parts[k]) && r.parts[m].folded != r.parts[k].folded &&
			!ix.inPhraseTranslation(&q.parts[o], &r.parts[k], &r.parts[m]) {
			j = k
			break
		}
	}
	if j < 0 {
		return -1, -1
	}
	// The word left over may be the one that states the loosely linked part ("meat" for "et",
	// which "Eating" took first): then the two are the same part, not two.
	i := firstUnlinked(q, qa, noun)
	if i < 0 {
		return -1, -1
	}
	if p, o := &q.parts[i], &r.parts[j]; ix.relateWords(p, o) || ix.lexRelate(p, o, true) == linked || ix.lexRelate(o, p, false) == linked ||
		ix.translatesAsWritten(p, o) || ix.translatesAsWritten(o, p) {
		return -1, -1
	}
	return i, j
}

// inPhraseTranslation reports parts o and n, both words of one phrase translating p ("carbon"
// and "dioxide" of "carbon dioxide" for "karbondioksit"): p states the whole phrase, so each of
// its words.
func (ix *Index) inPhraseTranslation(p, o, n *part) bool {
	if ix.lex == nil || p.lang == o.lang || p.lang == "und" || o.lang == "und" {
		return false
	}
	in := func(x *part, words []string) bool {
		for _, w := range words {
			if w == x.folded || contains(x.dict, w) || contains(x.lemmas, w) {
				return true
			}
		}
		return false
	}
	for _, d := range p.dict {
		for _, t := range firstN(ix.relations.translate(ix.lex, p.lang, o.lang, d), 6) {
			if words := strings.Fields(turkish.Fold(t)); len(words) > 1 && in(o, words) && in(n, words) {
				return true
			}
		}
	}
	return false
}

// translatesAsWritten reports a part o, of another language, written as one of the first
// translations of p: "et" (meat) is a translation of "meat", though its dictionary forms read it
// as the verb stem of "etmek".
func (ix *Index) translatesAsWritten(p, o *part) bool {
	if ix.lex == nil || p.lang == o.lang || p.lang == "und" || o.lang == "und" {
		return false
	}
	for _, d := range p.dict {
		for _, t := range firstN(ix.relations.translate(ix.lex, p.lang, o.lang, d), 6) {
			if turkish.Fold(t) == o.folded {
				return true
			}
		}
	}
	return false
}

// nameHeadLeftOut finds a name of the fact-check whose last word, its head, the claim does not
// state while it states the word before it: "Berlin" for "Berlin Duvarı" names the city, not the
// wall, as "Çin" is not "Çin Seddi". The head must be a common noun made part of the name: in
// Turkish a word with the possessive ending of a compound ("Duvarı", "Seddi"), in English a word
// outside the gazetteer ("Wall", not "China" of "Great Wall of China", whose head comes
// before "of"). It returns the part of q standing for the name and the head left out; -1, -1
// when there is none. A name said more fully ("Emperor Nero" for "Nero") keeps its head.
func nameHeadLeftOut(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int) {
	for k := 1; k < len(r.parts); k++ {
		h, m := &r.parts[k], &r.parts[k-1]
		if ra.links[k] != unlinked || h.ent == nil || h.aside || h.num != "" || m.ent == nil || m.clause != h.clause || h.place != m.place || ra.links[k-1] != linked {
			continue
		}
		if q.parts[ra.with[k-1]].folded != m.folded {
			continue // "Olympics" names the whole of "Olympic Games"
		}
		if k+1 < len(r.parts) && r.parts[k+1].ent != nil && r.parts[k+1].clause == h.clause {
			continue // not the last word of the name
		}
		switch h.lang {
		case "tr":
			name, suffix := splitApostrophe(h.text)
			w := turkish.Fold(name)
			if suffix != "" || len(w) < 4 || !strings.ContainsRune("iu", rune(w[len(w)-1])) || contains(h.dict, w) {
				continue
			}
		case "en":
			if h.ent.gaz {
				continue
			}
		default:
			continue
		}
		return ra.with[k-1], k
	}
	return -1, -1
}

// otherMeans finds a Turkish phrase verb of the fact-check ("para basarak", "para basmak": a
// noun and a verb the lexicon knows as one phrase) that the claim leaves wholly unstated while
// it says another verb of its own ("borçlanarak", "ihracat yaparak") beside a verb both state
// ("zenginleşebilir"): the shared verb is the predicate, so the verb left over is not the
// fact-check's predicate reworded but another means or cause in its place. It returns the
// claim's verb and the noun of the fact-check's phrase; -1, -1 when there is none.
func otherMeans(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int) {
	if q.lang != "tr" || r.lang != "tr" {
		return -1, -1
	}
	shared := false
	for i := range q.parts {
		if qa.links[i] == linked && q.parts[i].verb && r.parts[qa.with[i]].verb && !q.parts[i].aside {
			shared = true
		}
	}
	if !shared {
		return -1, -1
	}
	j := -1
	for k := 0; k+1 < len(r.parts) && j < 0; k++ {
		n, v := &r.parts[k], &r.parts[k+1]
		if ra.links[k] == unlinked && ra.links[k+1] == unlinked && n.verb && v.verb && !n.aside && len(n.dict) == 1 && len(v.dict) == 1 &&
			n.dict[0] == v.dict[0] && strings.Contains(n.dict[0], " ") && !verbalNoun(n) && converb(v) {
			j = k
		}
	}
	if j < 0 {
		return -1, -1
	}
	// The claim's verb must come before a verb both state, in its clause: a means or a cause
	// said on the way to the predicate, not the predicate itself ("sebep oluyor" for "yol açar").
	for i := range q.parts {
		p := &q.parts[i]
		if qa.links[i] != unlinked || !p.verb || p.aside || p.num != "" {
			continue
		}
		for k := i + 1; k < len(q.parts) && q.parts[k].clause == p.clause; k++ {
			if qa.links[k] == linked && q.parts[k].verb {
				return i, j
			}
		}
	}
	return -1, -1
}

// movedModifier finds a word of the claim directly before a word it modifies, both stated by
// the fact-check, where the first is stated by a word before another head ("Yüksek rakımlarda",
// left unstated) while the fact-check has a word of its own before the second ("düşük
// sıcaklıkta", its antonym): "daha yüksek sıcaklıkta" took "yüksek" from the altitude, and
// says the opposite temperature. It returns the claim's word and the fact-check's word before the shared head;
// -1, -1 when there is none.
func (ix *decision) movedModifier(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int) {
	plain := func(p *part) bool { return p.num == "" && !p.aside && !p.verb && p.ent == nil }
	for i := 0; i+1 < len(q.parts); i++ {
		if qa.links[i] != linked || qa.links[i+1] != linked || q.parts[i+1].clause != q.parts[i].clause || !plain(&q.parts[i]) || !plain(&q.parts[i+1]) {
			continue
		}
		m, h := qa.with[i], qa.with[i+1]
		if m+1 == h || m+1 >= len(r.parts) || h < 1 {
			continue
		}
		if ra.links[m+1] != unlinked || !plain(&r.parts[m+1]) || r.parts[m+1].clause != r.parts[m].clause {
			continue // the word's partner keeps its own head
		}
		if r.parts[m+1].folded == r.parts[h].folded || sameLemma(&r.parts[m+1], &r.parts[h]) {
			continue // one head said twice ("sol beyinli ya da sağ beyinli"): a pair, not two phrases
		}
		// The two heads are in two phrases of the fact-check (another stated word between
		// them, or the other order), not one phrase the claim says more briefly ("Yumurta
		// kolesterolü" for "Yumurta yemek kan kolesterolünü").
		apart := h < m
		for k := m + 2; k < h-1 && !apart; k++ {
			apart = ra.links[k] == linked
		}
		// And the fact-check's word there is the claim's antonym: the claim says the opposite
		// of that head, not something more of it.
		p, o := &q.parts[i], &r.parts[h-1]
		if apart && ra.links[h-1] == unlinked && plain(o) && o.clause == r.parts[h].clause &&
			(ix.lexRelate(p, o, true) == opposite || ix.lexRelate(o, p, false) == opposite) {
			return i, h - 1
		}
	}
	return -1, -1
}

// predicateLeftOut finds a verb of the fact-check and its object, both left unstated, while the
// claim's verb is stated only by a verb of the fact-check's adjunct: "Roma'yı Neron kendisi ateşe
// verdi" meets "while Rome burned" of "Emperor Nero played the fiddle while Rome burned", and
// says nothing of what the fact-check says Nero did. It returns the verb and the object; -1, -1
// when there is none.
func predicateLeftOut(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int) {
	inAdjunct := false
	for i := range q.parts {
		if p := &q.parts[i]; p.verb && !p.aside && qa.links[i] == linked {
			o := &r.parts[qa.with[i]]
			if o.role != roleAdjunct && !o.place {
				return -1, -1 // a verb of the claim states the fact-check's own predicate
			}
			inAdjunct = true
		}
	}
	if !inAdjunct {
		return -1, -1
	}
	for v := range r.parts {
		o := &r.parts[v]
		if ra.links[v] != unlinked || !o.verb || o.aside || o.role != rolePredicate {
			continue
		}
		// The object next to its verb: after it in English, before it in Turkish.
		j := v + 1
		if r.lang == "tr" {
			j = v - 1
		}
		if j < 0 || j >= len(r.parts) {
			continue
		}
		if n := &r.parts[j]; ra.links[j] == unlinked && n.clause == o.clause && n.role == roleCore && !n.first && !n.place && !n.aside &&
			n.num == "" && n.ent == nil && !n.verb && !genericPerson(n) {
			return v, j
		}
	}
	return -1, -1
}

// subjectAsStandard finds a claim whose subject is stated by the fact-check's standard of
// comparison while the fact-check's own subject is left unstated: "İnekler arabalardan daha
// fazla karbondioksit salar" meets "insanlardan" of "Volkanlar insanlardan daha fazla …" (KeNet
// has "inek" as a swot, a kind of person), and compares another thing. A comparison turned
// round ("İnsanlar volkanlardan daha az …") states the fact-check's subject as well. It
// returns the claim's subject and the fact-check's; -1, -1 when there is none.
func subjectAsStandard(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int) {
	qs, rs := subjectHead(q), subjectHead(r)
	if qs < 0 || rs < 0 || qa.links[qs] != linked || ra.links[rs] != unlinked || q.parts[qs].standard {
		return -1, -1
	}
	if o := &r.parts[qa.with[qs]]; o.standard && isContent(&r.parts[rs]) && !r.parts[rs].place {
		return qs, rs
	}
	return -1, -1
}

// placeForCore finds, in English, a noun of a claim's place or time adjunct standing
// where the fact-check has a core noun of its own, the two left unstated and both words the
// lexicon knows: "exactly when a volcano will erupt" (a when-clause, read as an adjunct) where
// the fact-check says "when and where an earthquake will strike". A detail the claim adds is in
// no part's place; in the place of the fact-check's subject or object it says another thing. It
// returns the two parts; -1, -1 when there is none.
func (ix *decision) placeForCore(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int) {
	if q.lang != "en" || r.lang != "en" {
		return -1, -1
	}
	for i := range q.parts {
		p := &q.parts[i]
		if qa.links[i] != unlinked || !p.place || p.verb || p.verbLike || p.ent != nil || p.num != "" || p.aside || !ix.knownWord(p) {
			continue
		}
		j := counterpart(q, qa, r, ra, i, false, func(o *part) bool {
			return isNoun(o) && o.role == roleCore && !o.place && o.ent == nil && !o.verbLike && !genericPerson(o)
		})
		if j < 0 || !ix.knownWord(&r.parts[j]) || ix.lexRelate(p, &r.parts[j], true) != unlinked || ix.lexRelate(&r.parts[j], p, false) != unlinked {
			continue
		}
		// Each the subject of a clause of its own, its verb next ("a volcano will erupt", "an
		// earthquake will strike"): not a place or time said beside the claim ("on the
		// internet"), which may stand where the fact-check leaves a word out.
		if i+1 < len(q.parts) && j+1 < len(r.parts) && qa.links[i+1] == unlinked && q.parts[i+1].clause == p.clause &&
			ix.englishVerb(q.parts[i+1].folded) && (r.parts[j+1].verb || ix.englishVerb(r.parts[j+1].folded)) {
			return i, j
		}
	}
	return -1, -1
}

// englishVerb reports an English word the lexicon knows as a verb.
func (ix *Index) englishVerb(folded string) bool {
	v, ok := ix.lex.(posLexicon)
	return ok && v.IsVerb(folded)
}

// kindForHead finds, within one language, a claim word linked to the head of a fact-check phrase
// only as a kind of it (a hypernym link, not the same word nor a synonym) while the head's own
// modifier is left unstated: "Kışın" (winter) meets "havalarda" (weather) of "Bulutlu havalarda",
// and names another kind of weather than the cloudy one. It returns the claim's word and the
// fact-check's modifier; -1, -1 when there is none.
func (ix *Index) kindForHead(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) (int, int) {
	if q.lang != r.lang || ix.lex == nil {
		return -1, -1
	}
	for i := range q.parts {
		if qa.links[i] != linked {
			continue
		}
		p, h := &q.parts[i], qa.with[i]
		if h < 1 || p.verb || p.verbLike || p.role == rolePredicate || p.ent != nil || p.num != "" || p.aside {
			continue // a predicate word meets a head loosely ("real" for "species")
		}
		o, m := &r.parts[h], &r.parts[h-1]
		if ra.links[h-1] != unlinked || m.role != roleModifier || m.verb || m.num != "" || m.ent != nil || m.aside || m.clause != o.clause || o.verb {
			continue
		}
		if ix.relateWords(p, o) || ix.synonyms(p.lang, p.dict, o.dict) {
			continue
		}
		return i, h - 1
	}
	return -1, -1
}

// synonyms reports two lists of dictionary forms with a pair the lexicon calls the same word or
// synonyms.
func (ix *Index) synonyms(lang string, as, bs []string) bool {
	for _, a := range as {
		for _, b := range bs {
			if rel := ix.relations.relate(ix.lex, lang, a, b); rel == thesaurus.Same || rel == thesaurus.Synonym {
				return true
			}
		}
	}
	return false
}
