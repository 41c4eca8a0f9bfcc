package matching

import "strings"

// A post's word the index has never seen may still be a form of a word a fact-check writes, one
// that neither the light stemmer nor the one-edit spelling correction (Index.correct) reaches:
//
//   - an English clipping, the start of the fact-check's word: "vit C" for "vitamin C", "temp"
//     for "temperature". The decision already reads such a pair as one word (decide.go clipped,
//     unaligned.go clippedForm); the similarity did not, so "Vit C keeps colds away" shared too
//     little with "Vitamin C prevents colds" to reach the retrieval floor.
//   - a Turkish word the stemmer cuts too far when it is written bare: "sonsuz" ("Kainat sonsuz
//     mu?") is cut to "sons" as if it ended in the suffix "-uz", while the fact-check's "sonsuzdur"
//     loses only its copula and is indexed as "sonsuz". The word as written is then the
//     fact-check's word.
//
// Both apply only to a word unknown to the index, so a word any fact-check writes keeps its own
// reading, and they credit the pair as the spelling correction does (fuzzyCover, less than the
// same word). A clipping is read within English only, from three letters, and only where the
// fact-check's word is at least three letters longer ("car" is no clipping of "cart"), so two
// words sharing a start are not taken for one. This moves a rewording over the retrieval floor;
// it never decides by itself: the decision still aligns every part, and refuses a look-alike
// whose subject, object or predicate differs ("Vit D prevents colds").

// minClipping is the shortest clipping read as its word: "vit", "lab", "gym" are common clippings.
const minClipping = 3

// clippingOf reports that short, a word of the post unknown to the index, is the start of the
// fact-check's word long, clipped (both folded, English).
func clippingOf(short, long string) bool {
	return len(short) >= minClipping && len(long) >= len(short)+3 && strings.HasPrefix(long, short)
}

// clippedPair reports a post's unit qu, English and unknown to the index, that clips the
// fact-check's English word (folded) dFolded, for a review in language dLang.
func clippedPair(qv *queryView, qu queryUnit, dLang, dFolded string) bool {
	return qu.word < 0 && qv.info.lang == "en" && dLang == "en" && clippingOf(qu.u.folded, dFolded)
}

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
