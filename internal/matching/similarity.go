package matching

import "strings"

// queryView is the claim's units with their features resolved against the index, built once
// per search.
type queryView struct {
	info  *textInfo
	units []queryUnit
	// words and concepts are the claim's known feature ids.
	words, concepts map[uint32]bool
	weightSum       float64
	kinds           *kindView // the classes its words name a kind of (kindretrieval.go)
}

// queryUnit is a claim unit with its weight and ids.
type queryUnit struct {
	u        *unit
	word     int32 // -1 when unknown to the index or a stopword
	concepts []uint32
	weight   float64
}

// Unit weights: a content word weighs its IDF; a number weighs its IDF (numbers are rare and
// decisive); a function word kept for its concept ("neden" → cause) weighs less, as concepts do
// in BM25, because the glossary conflates more than words do.
const (
	conceptCover = 0.9 // credit for a unit matched only through its English concept
	fuzzyCover   = 0.8 // credit for a unit matched only through a one-letter correction
)

// view resolves the claim's units (lock held).
func (ix *Index) view(q *textInfo, n int) *queryView {
	maxIDF := idf(n, 0)
	qv := &queryView{info: q, words: map[uint32]bool{}, concepts: map[uint32]bool{}}
	for _, c := range q.concepts {
		if f, ok := ix.ids[string(chConcept)+c]; ok {
			qv.concepts[f] = true
		}
	}
	for i := range q.units {
		u := &q.units[i]
		qu := queryUnit{u: u, word: -1}
		for _, c := range u.concepts {
			if f, ok := ix.ids[string(chConcept)+c]; ok {
				qu.concepts = append(qu.concepts, f)
			}
		}
		switch {
		case u.num != "":
			qu.weight = maxIDF
			if f, ok := ix.ids[string(chNumber)+u.num]; ok && ix.df[f] > 0 {
				qu.weight = idf(n, ix.df[f])
			}
		case !u.stop:
			qu.weight = maxIDF
			if f, ok := ix.ids[string(chWord)+u.stem]; ok && ix.df[f] > 0 {
				qu.word = int32(f)
				qv.words[f] = true
				qu.weight = idf(n, ix.df[f])
			} else if f, ok := ix.asWritten(u, q.lang); ok { // a stem cut too far (wordform.go)
				qu.word = int32(f)
				qv.words[f] = true
				qu.weight = idf(n, ix.df[f])
			}
		default:
			qu.weight = channelWeight[chConcept] * ix.conceptWeight(qu.concepts, n)
		}
		qv.weightSum += qu.weight
		qv.units = append(qv.units, qu)
	}
	qv.kinds = ix.kindClasses(q)
	return qv
}

// conceptWeight is the IDF of a unit's rarest known concept (the rarest feature if none is known).
func (ix *Index) conceptWeight(ids []uint32, n int) float64 {
	w := 0.0
	for _, f := range ids {
		if ix.df[f] > 0 {
			w = max(w, idf(n, ix.df[f]))
		}
	}
	if w == 0 {
		return idf(n, 0)
	}
	return w
}

// alignment is how a claim's and a review's units cover each other.
type alignment struct {
	sim float64
	// qCover and dCover are each unit's credit (0 when nothing on the other side matches it).
	qCover, dCover []float64
	// lexical is the share of the claim's weight matched in its own words (same word, number or
	// misspelling) rather than through concepts: high for a review in the claim's language.
	lexical float64
}

// align measures the calibrated 0–1 similarity of the claim and a review's claim: every unit of
// each side is credited when the other side has it — the same word (1), a number with a shared
// reading (1), the same English concept (0.9: "yol açar" for "neden olur", or across languages),
// or a word one letter away (0.8, a misspelling) — and the similarity is the IDF-weighted credit
// of both sides over their total weight (a soft, weighted Dice coefficient). Rare words weigh
// most, so claims sharing "aşı" and "otizm" are close whatever their function words; both sides
// count, so a review claiming more (or less) than the claim is less close. Across languages,
// words meet only when spelt the same (names, "5G", "DNA"); the rest must meet as concepts
// (lock held).
func (ix *Index) align(qv *queryView, d *ReviewDoc, n int) alignment {
	cross := !sameLanguage(qv.info.lang, d.Lang)
	maxIDF := idf(n, 0)
	al := alignment{qCover: make([]float64, len(qv.units)), dCover: make([]float64, len(d.units))}
	dWords := make(map[uint32]bool, len(d.units))
	dConcepts := make(map[uint32]bool, len(d.feats))
	for _, f := range d.feats {
		if ix.chans[f] == chConcept {
			dConcepts[f] = true
		}
	}
	for _, du := range d.units {
		if du.word >= 0 {
			dWords[uint32(du.word)] = true
		}
	}
	folded := func(du docUnit) string {
		if du.folded < 0 {
			return ""
		}
		return ix.keys[du.folded][1:]
	}
	var total, credit float64
	for i, qu := range qv.units {
		c := 0.0
		switch {
		case qu.u.num != "":
			if meetsAny(qu.u.num, d.nums) || meetsAny(qu.u.num, d.softNums) {
				c = 1
			}
		case qu.u.folded != "" && qu.word < 0 && !cross && ix.fuzzyNumber(qu.u.folded, d.units):
			c = fuzzyCover
		case qu.word >= 0 && dWords[uint32(qu.word)]:
			c = 1
		case anyIn(qu.concepts, dConcepts):
			c = conceptCover
		case !qu.u.stop:
			for _, du := range d.units {
				if du.word >= 0 && (!cross && (edit1(qu.u.stem, ix.keys[du.word][1:]) || edit1(qu.u.folded, folded(du)) || ix.clipsIndexed(qu.u.folded, folded(du), d.Lang)) || cognate(qu.u.folded, folded(du))) {
					c = fuzzyCover
					break
				}
			}
		}
		al.qCover[i] = c
		total += qu.weight
		credit += c * qu.weight
	}
	for j, du := range d.units {
		var w, c float64
		switch {
		case du.num != "":
			w = maxIDF
			if f, ok := ix.ids[string(chNumber)+du.num]; ok && ix.df[f] > 0 {
				w = idf(n, ix.df[f])
			}
			if meetsAny(du.num, qv.info.nums) {
				c = 1
			} else if f := folded(du); f != "" && !cross {
				for _, qu := range qv.units {
					if edit1(qu.u.folded, f) {
						c = fuzzyCover
						break
					}
				}
			}
		case du.word >= 0:
			w = idf(n, ix.df[du.word])
			switch {
			case qv.words[uint32(du.word)]:
				c = 1
			case anyIn(d.concepts[du.c0:du.c1], qv.concepts):
				c = conceptCover
			default:
				stem := ix.keys[du.word][1:]
				for _, qu := range qv.units {
					if qu.u.num == "" && !qu.u.stop && (!cross && qu.word < 0 && (edit1(qu.u.stem, stem) || edit1(qu.u.folded, folded(du)) || ix.clipsIndexed(qu.u.folded, folded(du), d.Lang)) || cognate(qu.u.folded, folded(du))) {
						c = fuzzyCover
						break
					}
				}
			}
		default:
			w = channelWeight[chConcept] * ix.conceptWeight(d.concepts[du.c0:du.c1], n)
			if anyIn(d.concepts[du.c0:du.c1], qv.concepts) {
				c = conceptCover
			}
		}
		al.dCover[j] = c
		total += w
		credit += c * w
	}
	credit += ix.kindCredit(qv, d, n, &al)
	if total > 0 {
		al.sim = credit / total
	}
	if qv.weightSum > 0 {
		own := 0.0
		for i, qu := range qv.units {
			if al.qCover[i] == 1 || al.qCover[i] == fuzzyCover {
				own += qu.weight
			}
		}
		al.lexical = own / qv.weightSum
	}
	return al
}

// fuzzyNumber reports a misspelt number word ("twcie" for "twice") among a review's units (lock
// held).
func (ix *Index) fuzzyNumber(folded string, units []docUnit) bool {
	for _, du := range units {
		if du.num != "" && du.folded >= 0 && edit1(folded, ix.keys[du.folded][1:]) {
			return true
		}
	}
	return false
}

// meetsAny reports whether number n shares a reading with one of ns.
func meetsAny(n string, ns []string) bool {
	for _, x := range ns {
		if numbersMeet(n, x) {
			return true
		}
	}
	return false
}

// anyIn reports whether one of ids is in set.
func anyIn(ids []uint32, set map[uint32]bool) bool {
	for _, f := range ids {
		if set[f] {
			return true
		}
	}
	return false
}

// cognate reports two different words that share their first six letters or more and differ
// only in a short ending: the same name or loanword inflected in two languages ("Lemmingler" and
// "Lemmings", "vantilatör" and "ventilator" do not qualify, "Napolyon'un" and "Napolyon" do).
func cognate(a, b string) bool {
	if a == b || len(a) < 6 || len(b) < 6 {
		return false
	}
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i >= 6 && len(a)-i <= 3 && len(b)-i <= 3
}

// edit1 reports whether a and b (folded ASCII) are one edit apart — an insertion, deletion,
// substitution or swap of neighbours — and both long enough (4+) that one edit is a typo rather
// than another word.
func edit1(a, b string) bool {
	if a == b || len(a) < 4 || len(b) < 4 {
		return false
	}
	la, lb := len(a), len(b)
	switch {
	case la == lb:
		i := 0
		for i < la && a[i] == b[i] {
			i++
		}
		if a[i+1:] == b[i+1:] {
			return true
		}
		return i+1 < la && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
	case la == lb+1:
		a, b = b, a
		fallthrough
	case lb == la+1:
		i := 0
		for i < len(a) && a[i] == b[i] {
			i++
		}
		return a[i:] == b[i+1:]
	}
	return false
}

// turkishSpelling writes an English word as Turkish spells the loanword taken from it: c before
// e, i, y as s and otherwise as k, ph as f, th as t, qu as kv, x as ks, w as v, au as o, y
// between letters as i, -ism as -izm, -tion as -syon, doubled consonants single, a final silent
// e dropped ("autism" → "otizm", "cancer" → "kanser", "protocol" → "protokol").
func turkishSpelling(w string) string {
	w = strings.TrimSuffix(w, "e")
	if s, ok := strings.CutSuffix(w, "tion"); ok {
		w = s + "syon"
	}
	if s, ok := strings.CutSuffix(w, "ism"); ok {
		w = s + "izm"
	}
	var b strings.Builder
	b.Grow(len(w) + 2)
	for i := 0; i < len(w); i++ {
		c := w[i]
		next := byte(0)
		if i+1 < len(w) {
			next = w[i+1]
		}
		switch {
		case c == 'p' && next == 'h':
			b.WriteByte('f')
			i++
		case c == 't' && next == 'h':
			b.WriteByte('t')
			i++
		case c == 'q' && next == 'u':
			b.WriteString("kv")
			i++
		case c == 'a' && next == 'u':
			b.WriteByte('o')
			i++
		case c == 'c' && next == 'k':
			b.WriteByte('k')
			i++
		case c == 'c' && (next == 'e' || next == 'i' || next == 'y'):
			b.WriteByte('s')
		case c == 'c':
			b.WriteByte('k')
		case c == 'x':
			b.WriteString("ks")
		case c == 'w':
			b.WriteByte('v')
		case c == 'y' && i > 0:
			b.WriteByte('i')
		case c == next && strings.IndexByte("aeiou", c) < 0:
			// a doubled consonant is written once
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// loanword reports an English word and a Turkish word that is its loanword ("autism" and
// "otizm", "hyperactive" and "hiperaktif"): the English word as Turkish would spell it is the
// Turkish word or one edit from it, both of five letters or more.
func loanword(en, tr string) bool {
	return len(en) >= 5 && spelledAs(turkishSpelling(en), tr)
}

// spelledAs is loanword for an English word already spelt as Turkish would (turkishSpelling), so
// a caller trying one English word against several Turkish ones spells it once.
func spelledAs(spelt, tr string) bool {
	return len(tr) >= 5 && (spelt == tr || len(spelt) >= 5 && edit1(spelt, tr))
}

// pieceViews resolves the clauses of a post of several (cut at clause punctuation) as claims of
// their own, for a post that tells a story or gives advice around its claim ("Kış boyunca her
// sabah C vitamini alıyorum, nezleye karşı koruyor diye"): the words of the story weigh in the
// whole post's similarity as much as the claim's own, so the fact-check it states may fall under
// the retrieval floor. Search holds a candidate to that floor with its most similar clause's
// similarity when that clause alone states the fact-check (Candidate.retrievalSimilarity);
// ranking keeps the whole post's, and the decision still reads the whole post. Only a clause of
// two content words or more counts (a lone name or "lol" is no claim), and only for a post of at
// most maxPieces clauses (lock held).
func (ix *Index) pieceViews(claim, lang string, n int) []pieceView {
	pieces := clausePieces(claim)
	if len(pieces) < 2 || len(pieces) > maxPieces {
		return nil
	}
	var out []pieceView
	for _, p := range pieces {
		info := analyzeText(p, lang)
		content := 0
		for _, u := range info.units {
			if u.num != "" || !u.stop {
				content++
			}
		}
		if content >= 2 {
			out = append(out, pieceView{text: p, view: ix.view(&info, n)})
		}
	}
	return out
}

// pieceView is a clause of a post with its resolved units.
type pieceView struct {
	text string
	view *queryView
}

// clausePieces cuts a post at its clause punctuation (postPieces), without the marks.
func clausePieces(text string) []string {
	var out []string
	for _, p := range postPieces.FindAllString(text, -1) {
		if p = strings.TrimSpace(strings.TrimRight(p, ",;.!?…:\n")); p != "" {
			out = append(out, p)
		}
	}
	return out
}
