package matching

import "strings"

// kindLexicon is a Lexicon that also says when one noun names a kind of what another names
// through a deeper hypernym path than Relate follows (thesaurus.Thesaurus.KindOf).
type kindLexicon interface {
	KindOf(lang, narrow, broad string) bool
}

// kindOfTranslations: across languages the claim's word is read through its first translation
// only, which carries its main sense ("vodka" → "votka").
const kindOfTranslations = 1

// kindOfLink turns an unlinked l into linked when the claim's word names a kind of what the
// fact-check's word names ("amoxicillin" for "antibiotics", "vodka" for "alcohol", "salami" for
// "meat"): the fact-check's verdict on the class covers each of its kinds, so the claim made
// more specific this way is the fact-check's claim. Only that way round: a fact-check narrower
// than the claim is a broader claim (broader.go), and two kinds of one class (tea, coffee) are
// different claims, which KindOf never joins. fromClaim says p is the claim's part, as for
// lexRelate. Names, numbers and verbs are never linked this way: a name stands for itself, and
// a verb's hypernyms ("jog" → "run") say less of what was done than a noun's say of a thing.
func (ix *decision) kindOfLink(p, o *part, fromClaim bool, l link) link {
	if l != unlinked || ix.lex == nil {
		return l
	}
	kl, ok := ix.lex.(kindLexicon)
	if !ok {
		return l
	}
	narrow, broad := p, o
	if !fromClaim {
		narrow, broad = o, p
	}
	for _, c := range []*part{narrow, broad} {
		if c.ent != nil || c.num != "" || c.verb || len(c.dict) == 0 || c.lang != "en" && c.lang != "tr" {
			return l
		}
	}
	words := narrow.lexForms()
	if narrow.lang != broad.lang {
		words = nil
		for _, a := range narrow.lexForms() {
			words = append(words, firstN(ix.relations.translate(ix.lex, narrow.lang, broad.lang, a), kindOfTranslations)...)
		}
	}
	for _, a := range words {
		for _, b := range broad.lexForms() {
			if ix.isKindOf(kl, broad.lang, a, b) {
				return linked
			}
		}
	}
	return l
}

// isKindOf is kl.KindOf(lang, narrow, broad), cached across searches (Index.kindOfs).
func (ix *Index) isKindOf(kl kindLexicon, lang, narrow, broad string) bool {
	if v, ok := ix.kindOfs.get([3]string{lang, narrow, broad}); ok {
		return v
	}
	v := kl.KindOf(lang, narrow, broad)
	ix.kindOfs.put([3]string{strings.Clone(lang), strings.Clone(narrow), strings.Clone(broad)}, v, maxLexCache)
	return v
}

// linkListedKinds links a word of the claim that names a kind of a fact-check word the claim
// already states, when it stands in a list with the word that states it: the kinds a claim lists
// beside or before the class ("Salam, sosis gibi işlenmiş etler …" for "İşlenmiş et …"; "Bacon,
// ham and sausages …" for "… processed meat …", where "bacon" states "meat" and "ham",
// "sausages" are more of its kinds) are examples of what the claim says, not more that it says.
// lexRelate's kindOfLink links one word for each fact-check word; the rest of the list is linked
// here, to the same fact-check word, which stays linked to the word it states. Only a word next
// to one linked so (a list, not a kind said elsewhere in the sentence: "lunch is the most
// important meal"), and never where the fact-check names a kind of that word of its own
// ("breakfast … meal"): there the claim's kind is another one.
func (ix *decision) linkListedKinds(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) {
	if ix.lex == nil {
		return
	}
	for changed := true; changed; {
		changed = false
		for i := range q.parts {
			p := &q.parts[i]
			if qa.links[i] != unlinked || p.num != "" || p.ent != nil || p.verb || len(p.dict) == 0 {
				continue
			}
			for _, k := range []int{i - 1, i + 1} {
				if k < 0 || k >= len(q.parts) || qa.links[k] != linked || q.parts[k].clause != p.clause {
					continue
				}
				j := qa.with[k]
				if j < 0 || j >= len(r.parts) || ra.links[j] != linked || ix.ownKind(r, ra, j) {
					continue
				}
				if ix.kindOfLink(p, &r.parts[j], true, unlinked) == linked {
					qa.links[i], qa.with[i] = linked, j
					changed = true
					break
				}
			}
		}
	}
}

// ownKind reports a part of the fact-check, not stated by the claim, that names a kind of the
// fact-check's j-th part.
func (ix *decision) ownKind(r *claimParts, ra sideAlign, j int) bool {
	for u := range r.parts {
		if u != j && ra.links[u] == unlinked && ix.kindOfLink(&r.parts[u], &r.parts[j], true, unlinked) == linked {
			return true
		}
	}
	return false
}

// modifiedKindLexicon is a Lexicon that also says when a noun names a kind of what a modifier and
// a head name together (thesaurus.Thesaurus.KindOfModified).
type modifiedKindLexicon interface {
	KindOfModified(narrow, modifier, head string) bool
}

// linkModifiedKinds links an English word of the claim to a modifier and its noun in the
// fact-check when the word names a kind of what the two name together ("Regular jogging …" for
// "Regular physical activity …"), as linkModifiedHeads links a word that is the pair's synonym.
// A gerund counts as the noun it is when it heads what the claim says ("jogging" is parsed as a
// verb form): the lexicon reads only its main noun sense.
func (ix *decision) linkModifiedKinds(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) {
	kl, ok := ix.lex.(modifiedKindLexicon)
	if !ok {
		return
	}
	for i := range q.parts {
		p := &q.parts[i]
		if qa.links[i] != unlinked || p.lang != "en" || p.num != "" || p.ent != nil || len(p.dict) == 0 ||
			p.verb && !strings.HasSuffix(p.folded, "ing") {
			continue
		}
		for j := 0; j+1 < len(r.parts); j++ {
			m, h := &r.parts[j], &r.parts[j+1]
			if ra.links[j] != unlinked || ra.links[j+1] != unlinked || m.role != roleModifier || m.clause != h.clause ||
				m.num != "" || h.num != "" || m.ent != nil || h.ent != nil || h.verb || m.lang != "en" || h.lang != "en" {
				continue
			}
			if kindOfModified(kl, p, m, h) {
				qa.links[i], qa.with[i] = linked, j+1
				ra.links[j], ra.with[j] = linked, i
				ra.links[j+1], ra.with[j+1] = linked, i
				break
			}
		}
	}
}

// kindOfModified reports a claim word p that names a kind of what the fact-check's modifier m and
// head h name together ("jogging" for "physical activity": jogging is exercise, which WordNet
// also calls "physical exercise", a kind of activity).
func kindOfModified(kl modifiedKindLexicon, p, m, h *part) bool {
	words := append([]string{p.folded}, p.dict...)
	for _, w := range words {
		for _, a := range m.dict {
			for _, b := range h.dict {
				if kl.KindOfModified(w, a, b) {
					return true
				}
			}
		}
	}
	return false
}
