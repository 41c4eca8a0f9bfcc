package matching

// predicateRefusedAbove is the similarity of the closest candidate in the claim's own language
// that the verb judges refused (verbJudged), or 0. Those judges compare a verb only with a verb
// of the same language (decide.go's decideWhole: verbsense.go for English, trverbs.go for
// Turkish; unaligned.go's objectDropped for an English verb whose fact-check verb and object
// are both left unstated); across languages verbs translate too loosely to be set apart, so
// they are never compared there. A post whose verb says another thing than the fact-check's ("mosquitoes can
// kill HIV" for "Mosquitoes can transmit HIV", "dogs dream in black and white" for "Dogs see the
// world in black and white") is refused by the fact-check in its own language and yet accepted by
// the same claim's review in the other language, where nothing looked at the verbs. That
// acceptance says nothing of the predicate, however near the two similarities are (stage.go's
// refusedMargin weighs chance agreements of the other parts).
func predicateRefusedAbove(cands []Candidate, lang string) float64 {
	top := 0.0
	for _, c := range cands {
		if c.verbJudged && ownLanguage(lang, c) {
			top = max(top, c.Similarity)
		}
	}
	return top
}

// shadowedByPredicate reports a candidate in another language than the claim's and no more
// similar than one of the claim's own language the verb judges refused (predicateRefusedAbove).
func shadowedByPredicate(c Candidate, lang string, refusedPredicate float64) bool {
	return refusedPredicate > 0 && !ownLanguage(lang, c) && c.Similarity <= refusedPredicate
}

// verbJudged records why as a refusal of the verb judges, which only compare verbs of one
// language, and returns it; Search marks a candidate refused for it (Candidate.verbJudged).
func (ix *decision) verbJudged(why string) string {
	if ix.judged == nil {
		ix.judged = map[string]bool{}
	}
	ix.judged[why] = true
	return why
}
