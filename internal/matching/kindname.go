package matching

import "strings"

// Rules for a claim that names a kind of what the fact-check names, in words the word-by-word
// kind reading (kindOfLink in kindof.go) does not see as one noun.
//
// A compound the lexicon lists: "My golden retriever sees the world in black and white" for
// "Dogs see the world in black and white". claimCompound (unaligned.go) refuses a claim whose
// modifier and head make a listed compound that is neither the fact-check's word nor a kind of
// it ("renk körü", colour-blind, for "kör"); it asked Relate, whose hypernym walk is shallow,
// so a breed four links below "dog" counted as another thing. The compound is asked here with
// the deeper, one-way walk of thesaurus.Thesaurus.KindOf: its main sense must reach one of the
// fact-check word's first senses, never through WordNet's abstract top levels. A compound that
// only looks like a kind ("prairie dog" is a rodent, "sea lion" a seal, "hot dog" a sausage)
// is not one in WordNet and stays refused, and so does another kind of the fact-check word's
// parent ("Siamese cats" for "dogs"). The direction is the safe one: a fact-check about dogs in
// general covers a claim about one kind of dog, never the other way round (broader.go).

// compoundNamesKind reports a compound c of the claim (language lang) whose main sense is a kind
// of what one of o's dictionary forms names (thesaurus.Thesaurus.KindOf).
func (ix *decision) compoundNamesKind(lang, c string, o *part) bool {
	kl, ok := ix.lex.(kindLexicon)
	if !ok || o.verb || o.ent != nil || o.num != "" || o.lang != lang {
		return false
	}
	for _, d := range o.dict {
		if ix.isKindOf(kl, lang, c, d) {
			return true
		}
	}
	return false
}

// A Turkish compound written in two words: "deve kuşları" for "devekuşları", "kara kutular"
// for "karakutular". joinedCompound (multiword.go) joins the first word to a dictionary form of
// the second, which finds "deve kuşu" → "devekuşu" but not an inflected pair: the plural of a
// compound noun takes its suffixes in place of the compound's -(s)I ("devekuş-lar-ı"), so the
// second word's own forms ("kuş") never rebuild it. splitCompound joins the two words as they
// are written and reads the result as one word, through the morphology and the lexicon, as a
// word written whole is read (dictForms). The result counts only as a spelling of the pair
// (compoundStates, statesCompound): the lexicon must know it, and it must reach past the first
// word ("deve" + "ler" read back as "deve" is the first word, not a compound).

// splitCompound adds to forms the dictionary forms of the Turkish words p and n written as one
// word, when the lexicon knows such a form and it is longer than p's word by two letters or
// more.
func (ix *Index) splitCompound(p, n *part, forms []string) []string {
	if p.lang != "tr" || n.lang != "tr" || n.verb || len(p.folded) < 2 || len(n.folded) < 2 {
		return forms
	}
	w := p.folded + n.folded
	dict, ok := ix.joined.get(w)
	if !ok {
		dict, _ = ix.dictForms("tr", ix.morph.Lemmas(w), "")
		ix.joined.put(strings.Clone(w), dict, maxLexCache)
	}
	for _, d := range dict {
		if len(d) >= len(p.folded)+2 && d[:len(p.folded)] == p.folded && !strings.HasSuffix(d, "mak") && !strings.HasSuffix(d, "mek") && !contains(forms, d) {
			forms = append(forms, d)
		}
	}
	return forms
}

// A kind of person for the fact-check's word for anyone: "cavemen lived alongside the
// dinosaurs" for "Humans and dinosaurs lived at the same time", "Grip aşısı çocukları gribe
// yakalandırır" for "Grip aşısı insanı gribe yakalandırır". WordNet files "human" under the
// hominids and "caveman", "child", "woman" under "person", so KindOf never joins them; but
// the fact-check's bare "humans", "people", "insanlar" speaks of people in general, and the
// claim made about one kind of people is the same claim made more specific. Only a bare
// generic word: not one the fact-check narrows itself ("An adult human skeleton", "People in
// …" narrowed by a modifier before it), nor one that is a modifier ("human activity", "insan
// yapısı"), where the word says what a thing is, not who; and never "everyone", "herkes",
// whose claim is about all people at once: a claim false of everyone ("Everyone needs eight
// glasses of water a day") may be true of one kind. The other way round (a fact-check about
// children, a claim about people) is a broader claim, refused by broader2.go.

// universalPerson reports a generic person word (genericPersons, folded, Turkish as a stem) that
// quantifies over all people rather than names the kind.
func universalPerson(w string) bool {
	switch w {
	case "everyone", "everybody", "herkes":
		return true
	}
	return false
}

// linkPersonKinds links an unlinked noun of the claim whose main sense is a kind of person
// (thesaurus.Thesaurus.PersonKind: "cavemen", "kids") to an unlinked bare generic person word
// of the fact-check ("humans", "insanlar") in the same role, both their clause's subject or
// neither, in clauses that already state each other (clauseMeets): a person the claim names in
// a clause of its own ("… = poison?? my grandma is convinced") is not the one the fact-check
// speaks of.
func (ix *decision) linkPersonKinds(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) {
	kl, ok := ix.lex.(personKindLexicon)
	if !ok {
		return
	}
	for j := range r.parts {
		o := &r.parts[j]
		if ra.links[j] != unlinked || linkedTo(qa, j) || !bareGenericPerson(r, j) {
			continue
		}
		for i := range q.parts {
			p := &q.parts[i]
			if qa.links[i] != unlinked || p.num != "" || p.ent != nil || p.verb || p.verbLike || p.aside || p.relative ||
				p.role != o.role || p.first != o.first || p.lang != "en" && p.lang != "tr" || genericPerson(p) || !clauseMeets(q, qa, i, r, j) || !ix.namesPersonKind(kl, p) {
				continue
			}
			qa.links[i], qa.with[i] = linked, j
			ra.links[j], ra.with[j] = linked, i
			break
		}
	}
}

// bareGenericPerson reports part j of c a generic person word (genericPerson) that names people
// in general: no quantifier over all of them, not a modifier, and no modifier of its own before
// it in its clause.
func bareGenericPerson(c *claimParts, j int) bool {
	o := &c.parts[j]
	if !genericPerson(o) || o.aside || o.role == roleModifier || universalPerson(o.folded) ||
		o.lang == "tr" && universalPerson(trStem(o.folded)) {
		return false
	}
	if j > 0 {
		if m := &c.parts[j-1]; m.clause == o.clause && m.role == roleModifier {
			return false
		}
	}
	return true
}

// clauseMeets reports another part of part i's clause in q linked to a part of part j's clause
// in r: the two clauses say one thing, so i and j may stand in one place of it.
func clauseMeets(q *claimParts, qa sideAlign, i int, r *claimParts, j int) bool {
	for k := range q.parts {
		if k != i && q.parts[k].clause == q.parts[i].clause && qa.links[k] == linked {
			if w := qa.with[k]; w >= 0 && w < len(r.parts) && w != j && r.parts[w].clause == r.parts[j].clause {
				return true
			}
		}
	}
	return false
}

// An English compound in a Turkish post: "bizim golden retriever dünyayı siyah beyaz görüyor"
// for "Köpekler dünyayı siyah-beyaz görür". Posts name breeds, makes and products by their
// English names; the Turkish reading takes the words one by one ("golden" as "gol" with an
// ablative, "retriever" as nothing), so the pair states no part of the fact-check. When the
// second word is no Turkish word and the two make a noun WordNet lists (the second may carry a
// Turkish suffix: "golden retrieverlar"), the pair is read as that
// English noun, and it states a fact-check noun whose first translations it is a kind of
// (thesaurus.Thesaurus.KindOf, as kindOfLink across languages). Only a kind: an English
// compound that is another kind of the fact-check's parent ("Persian cat" for "köpekler") or no
// kind at all stays unstated.

// linkForeignKinds links two adjacent parts of a Turkish claim that make an English compound
// naming a kind of an unlinked Turkish noun of the fact-check to that noun.
func (ix *decision) linkForeignKinds(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) {
	kl, ok := ix.lex.(kindLexicon)
	if !ok || q.lang != "tr" {
		return
	}
	for i := 0; i+1 < len(q.parts); i++ {
		p, n := &q.parts[i], &q.parts[i+1]
		if qa.links[i] != unlinked || qa.links[i+1] != unlinked || p.clause != n.clause || p.num != "" || n.num != "" ||
			p.ent != nil || n.ent != nil || p.aside || n.aside || len(n.dict) > 0 || ix.knownTR(n.folded) {
			continue
		}
		var nouns []string
		for _, w := range append([]string{n.folded}, firstN(n.lemmas, 4)...) {
			for _, l := range ix.lex.Lemmas("en", p.folded+" "+w) {
				if strings.Contains(l, " ") && !contains(nouns, l) {
					nouns = append(nouns, l)
				}
			}
		}
		if len(nouns) == 0 {
			continue
		}
		for j := range r.parts {
			o := &r.parts[j]
			if ra.links[j] != unlinked || o.lang != "tr" || o.num != "" || o.ent != nil || o.verb || o.aside || !ix.namesKindOf(kl, nouns, o) {
				continue
			}
			qa.links[i], qa.with[i] = linked, j
			qa.links[i+1], qa.with[i+1] = linked, j
			ra.links[j], ra.with[j] = linked, i+1
			break
		}
	}
}

// namesKindOf reports an English noun among nouns that names a kind of what one of the first
// translations of the Turkish part o names.
func (ix *decision) namesKindOf(kl kindLexicon, nouns []string, o *part) bool {
	for _, d := range o.lexForms() {
		for _, t := range firstN(ix.relations.translate(ix.lex, "tr", "en", d), 3) {
			for _, c := range nouns {
				if ix.isKindOf(kl, "en", c, t) {
					return true
				}
			}
		}
	}
	return false
}
