package thesaurus

// TurkishSenses is the number of KeNet senses of a Turkish word, by any lemma it may be written
// as (Spellings), 0 for one KeNet does not list. KeNet lists lemmas, where FreeDict also lists
// some inflected forms as headwords ("yere", "arasında", "havada"): the count tells a lemma the
// wordnet knows from such a form, and a common word from a rare one, for the matcher's choice
// of a Turkish word's noun reading (internal/matching/trlemma.go).
func (t *Thesaurus) TurkishSenses(word string) int {
	n := 0
	for _, f := range t.Spellings(word) {
		n = max(n, len(t.trSenses.get(f)))
	}
	return n
}
