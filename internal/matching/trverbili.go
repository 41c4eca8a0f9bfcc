package matching

// trVerbLinkLexicon is a Lexicon that judges two Turkish verbs through KeNet's interlingual links
// to WordNet (thesaurus.Thesaurus.TurkishVerbsApart).
type trVerbLinkLexicon interface {
	TurkishVerbsApart(a, b string) bool
}

// trVerbsLinkedApart reports a Turkish verb of the claim (p) in the place of the fact-check's
// Turkish verb (o) that says another predicate by the English rule (verbsense.go) read through
// KeNet's interlingual links: "mRNA aşıları insan DNA'sını okuyormuş" (read) is not "…
// değiştirir" (change), "Balık üstüne yoğurt yemek kilo aldırır" (gain weight) not "…
// zehirler" (poison). The dictionaries' translations are too loose for that rule ("salmak" →
// levy), but KeNet joins each sense of a Turkish verb to WordNet synsets, so the verbs' senses
// are compared as WordNet's are (thesaurus.Thesaurus.TurkishVerbsApart, which also leaves
// light verbs, kin and unconfirmed links alone: "bozar" for "zarar verir", "önler" for
// "korur"). Only verbs the parts left unlinked come here, so a pair the lexicon relates is a
// rewording whatever this says. Every infinitive the two words may be must be apart (a word read
// as two verbs may mean either).
func (ix *decision) trVerbsLinkedApart(p, o *part) bool {
	d, ok := ix.lex.(trVerbLinkLexicon)
	if !ok || p.lang != "tr" || o.lang != "tr" || !p.verb || !o.verb || p.ent != nil || o.ent != nil || p.num != "" || o.num != "" {
		return false
	}
	as, bs := infinitives(p.lexForms()), infinitives(o.lexForms())
	if len(as) == 0 || len(bs) == 0 {
		return false
	}
	for _, a := range as {
		for _, b := range bs {
			if !d.TurkishVerbsApart(a, b) {
				return false
			}
		}
	}
	return true
}

// infinitives are the forms among forms with a Turkish infinitive ending (-mak, -mek).
func infinitives(forms []string) []string {
	var out []string
	for _, f := range forms {
		if trInfinitive(f) { // predtrue.go
			out = append(out, f)
		}
	}
	return out
}
