package matching

import "strings"

// Turkish writes a noun compound with its head in the compound form -(s)I, joined or apart:
// "devekuşu" and "deve kuşu" are one bird, "buzdolabı" one appliance. Inflected, the joined
// compound loses that suffix before the plural and the possessives ("devekuş-lar-ı",
// "buzdolap-lar-ı"), so none of the word's stripped candidates is the dictionary form and the
// word would stand for nothing the lexicon knows; written apart, the pair may be known only
// joined ("kara kutu", "karakutu"). Both are read here against the lexicon's own lemmas, so only
// a compound KeNet or FreeDict lists is ever formed.

// compoundNoun is the dictionary form of a joined Turkish compound noun whose compound suffix
// an inflection dropped: the first lemma candidate that, given back the suffix -(s)I in its
// vowel harmony (the stem's final p, t, k softened before it, "buzdolap" → "buzdolabı"), is a
// word known reports; it returns the form and its spelling, or "", "".
func compoundNoun(lemmas []string, known func(string) string) (string, string) {
	for _, l := range lemmas {
		n := len(l)
		if n < 5 {
			continue // a short stem plus -(s)I is an ordinary possessive ("başı", "kolu")
		}
		last := strings.LastIndexAny(l, "aeiou")
		if last < 0 {
			continue
		}
		suffix := "i" // folded ı and i: after a, e, ı, i
		if l[last] == 'o' || l[last] == 'u' {
			suffix = "u" // folded u and ü: after o, ö, u, ü
		}
		var forms []string
		if last == n-1 {
			forms = append(forms, l+"s"+suffix)
		} else {
			forms = append(forms, l+suffix)
			switch l[n-1] {
			case 'p':
				forms = append(forms, l[:n-1]+"b"+suffix)
			case 't':
				forms = append(forms, l[:n-1]+"d"+suffix)
			case 'k':
				forms = append(forms, l[:n-1]+"g"+suffix)
			}
		}
		for _, f := range forms {
			if sp := known(f); sp != "" {
				return f, sp
			}
		}
	}
	return "", ""
}

// joinedCompound is the Turkish pair first, second written as one word when the lexicon knows
// that word ("kara kutu" → "karakutu", "deve kuşu" → "devekuşu"), "" otherwise. A verb's
// infinitive is no compound's head. English is left out: its closed compounds are not written
// apart so often, and a hyphenated one is already read as one word ("co-existed").
func (ix *Index) joinedCompound(lang, other, first, second string) string {
	if lang != "tr" || strings.HasSuffix(second, "mak") || strings.HasSuffix(second, "mek") ||
		strings.Contains(first, " ") || strings.Contains(second, " ") {
		return ""
	}
	if w := first + second; len(ix.relations.translate(ix.lex, lang, other, w)) > 0 {
		return w
	}
	return ""
}

// compoundStates reports the parts at and at+1 of c, a compound the lexicon lists, written
// joined as a word of o ("deve kuşu" for "devekuşları"): the pair is then one thing, o, not o's
// class narrowed by a modifier of the claim's own (siblingByModifier in unaligned.go). Only the
// spelling counts: the Turkish lexicon calls looser pairs synonyms ("öğle yemeği" and
// "kahvaltı", both meals), which are still another kind of o.
func (ix *decision) compoundStates(c *claimParts, at int, o *part) bool {
	for _, d := range ix.compounds(c) {
		if d.at != at || o.lang != c.parts[at].lang {
			continue
		}
		for _, f := range d.forms {
			if contains(o.dict, strings.ReplaceAll(f, " ", "")) {
				return true
			}
		}
	}
	return false
}
