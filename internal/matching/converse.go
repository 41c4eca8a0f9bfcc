package matching

// phrasalLexicon is a Lexicon that knows which English phrasal verbs state a one-word verb
// (thesaurus.Thesaurus.PhrasalStates).
type phrasalLexicon interface {
	verbSenseLexicon
	PhrasalStates(phrasal, verb string) bool
}

// phrasalStates links a word of the claim that makes a WordNet phrasal verb with the word after
// it ("Can mosquitoes pass on HIV?") to the fact-check's verb left over ("Mosquitoes can transmit
// HIV") when WordNet has that phrasal verb as the verb itself or one hypernym link below one of
// its common senses ("pass on" under "transmit", "communicate a disease"). The parts hold the
// verb's first word only, and the clause reading may take it for a noun, so without this the
// word stands as another predicate in the verb's place; a phrasal verb WordNet puts elsewhere
// ("pass up", "pass out") stays one. Within English only: across languages verbs translate too
// loosely to link by one word.
func (ix *decision) phrasalStates(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, cross bool) {
	d, ok := ix.lex.(phrasalLexicon)
	if !ok || cross || q.lang != "en" || r.lang != "en" {
		return
	}
	for i := range q.parts {
		p := &q.parts[i]
		if qa.links[i] != unlinked || p.aside || p.ent != nil || p.num != "" || p.place {
			continue
		}
		forms := verbForms(d, p)
		if len(forms) == 0 {
			continue
		}
		ph := phrasalForm(d, q.read, p.text, forms)
		if ph == "" {
			continue
		}
		for k := range r.parts {
			o := &r.parts[k]
			if ra.links[k] != unlinked || !o.verb || o.aside || o.ent != nil || o.num != "" || o.clause != 0 && o.clause != p.clause {
				continue
			}
			for _, b := range verbForms(d, o) {
				if d.PhrasalStates(ph, b) {
					qa.links[i], qa.with[i] = linked, k
					ra.links[k], ra.with[k] = linked, i
					break
				}
			}
			if qa.links[i] == linked {
				break
			}
		}
	}
}
