package matching

// A post's word the index has never seen may still be a form of a word a fact-check writes, one
// that neither the light stemmer nor the one-edit spelling correction (Index.correct) reaches.
// An English clipping ("vit C" for "vitamin C", "cigs") is read by clipping.go, for the
// similarity (clipsIndexed) and the decision alike. Here:
//
//   - a Turkish word the stemmer cuts too far when it is written bare: "sonsuz" ("Kainat sonsuz
//     mu?") is cut to "sons" as if it ended in the suffix "-uz", while the fact-check's "sonsuzdur"
//     loses only its copula and is indexed as "sonsuz". The word as written is then the
//     fact-check's word.
//
// It applies only to a word unknown to the index, so a word any fact-check writes keeps its own
// reading. This moves a rewording over the retrieval floor; it never decides by itself: the
// decision still aligns every part.

// asWritten returns the word feature of a Turkish unit's folded form when its stem is unknown to
// the index but the word as written is indexed (a stem cut too far, see above); ok is false
// otherwise (lock held).
func (ix *Index) asWritten(u *unit, lang string) (id uint32, ok bool) {
	if u.num != "" || u.stop || u.folded == u.stem || lexicalLang(lang) != "tr" {
		return 0, false
	}
	if f, known := ix.ids[string(chWord)+u.stem]; known && ix.df[f] > 0 {
		return 0, false
	}
	f, known := ix.ids[string(chWord)+u.folded]
	return f, known && ix.df[f] > 0
}

// writtenFor is asWritten for the unit of q whose stem is stem, the word feature of an unknown
// stem in resolve (lock held).
func (ix *Index) writtenFor(q *textInfo, stem string) (id uint32, ok bool) {
	for i := range q.units {
		if q.units[i].stem == stem {
			if f, ok := ix.asWritten(&q.units[i], q.lang); ok {
				return f, true
			}
		}
	}
	return 0, false
}
