package matching

import (
	"fmt"
	"strings"

	"github.com/claimcheck/claimcheck/internal/analysis"
)

// The guard refuses a candidate that is worded like the claim but says something else. Three
// differences change what a claim asserts while leaving most of its words in place, so
// similarity alone cannot see them:
//
//   - polarity: "Aşılar otizme neden olmaz" is the opposite of "Aşılar otizme neden olur"; the
//     polarity is read by the analyzer's own negation rules (değil, yok, hiç, the -mA/-mAz verb
//     forms, not, never, n't, without), so a claim and its denial cannot share a verdict;
//   - numbers: "Su 50 derecede kaynar" is not "Su 100 derecede kaynar"; a number in the claim that
//     the review states nowhere (neither in its claim nor in its explanation) is refused, as long
//     as the review states numbers at all (one that states none cannot be contradicting one);
//   - key entities: "Mars'tan Çin Seddi görünür" is not the Moon or space claim. A gazetteer
//     entity (heavenly body, country, continent, city) the claim names and the review never
//     mentions is refused, in any language pair; another name (a person, an organisation) is
//     refused when it is missing from the review and the review's claim names someone the claim
//     does not (a swap: Einstein for Edison), compared within one language only, because names
//     outside the gazetteer are not translated.

// guard returns why d must not lend its verdict to the claim q, or "". The review's entities and
// opposition words are read again from its claim here rather than kept in the index: the guard
// sees a handful of candidates per search, the index holds every review (lock held).
func (ix *Index) guard(q *textInfo, qv *queryView, d *ReviewDoc, al *alignment) string {
	if q.negated != d.negated {
		if q.negated {
			return "negation differs: the claim is negated, the fact-checked claim is not"
		}
		return "negation differs: the fact-checked claim is negated, this claim is not"
	}
	cross := !sameLanguage(q.lang, d.Lang)
	var ms *mentionSet
	mentioned := func() *mentionSet {
		if ms == nil {
			ms = mentionsOf(d)
		}
		return ms
	}
	for _, u := range q.units {
		if u.num == "" || cross && !isNumberToken(u.text) {
			// A number written as a word is read only within one language: "six" may be
			// "altı", which Turkish leaves ambiguous.
			continue
		}
		if len(d.nums) > 0 {
			if !meetsAny(u.num, d.nums) && !meetsAny(u.num, d.softNums) {
				return fmt.Sprintf("numbers differ: the claim says %s, the fact-check %s", showNumber(u.num), showNumbers(d.nums))
			}
			continue
		}
		if m := mentioned(); len(m.nums) > 0 && !m.hasNumber(u.num) {
			return fmt.Sprintf("numbers differ: the claim says %s, the fact-check's explanation %s", showNumber(u.num), showNumbers(m.nums))
		}
	}
	if n := droppedNumber(qv, d, al); n != "" {
		return fmt.Sprintf("numbers differ: the fact-check says %s, the claim says something else in its place", n)
	}
	di := analyzeText(d.Claim, d.Lang)
	if why, ok := opposed(q.opp, di.opp); ok {
		return "opposite wording (" + why + ")"
	}
	for _, e := range q.ents {
		if !e.gaz || hasEntity(di.ents, e.key) {
			continue
		}
		for _, o := range di.ents {
			if o.gaz && o.kind == e.kind && !hasEntity(q.ents, o.key) {
				return fmt.Sprintf("entities differ: the claim names %s, the fact-check %s", e.text, o.text)
			}
		}
	}
	if !cross {
		var missing []entity
		for _, e := range q.ents {
			if !e.gaz && !mentionedName(e.key, mentioned().stems) {
				missing = append(missing, e)
			}
		}
		if len(missing) > 0 {
			var swapped []entity
			for _, e := range di.ents {
				if !e.gaz && !mentionedName(e.key, q.stems) {
					swapped = append(swapped, e)
				}
			}
			if len(swapped) > 0 {
				return fmt.Sprintf("entities differ: the claim names %s, the fact-check %s", entityNames(missing), entityNames(swapped))
			}
		}
	}
	return ""
}

// droppedNumber returns a number of the review's claim that the claim leaves out while saying
// something the review does not: "three-second memory" against "excellent long-term memory",
// "the ninth planet" against "the largest planet". A claim that only leaves the number out
// ("Goldfish have a short memory" against "three-second") is not refused by this rule.
func droppedNumber(qv *queryView, d *ReviewDoc, al *alignment) string {
	dropped := ""
	for j, du := range d.units {
		if du.num != "" && al.dCover[j] == 0 {
			dropped = showNumber(du.num)
			break
		}
	}
	if dropped == "" {
		return ""
	}
	for i, qu := range qv.units {
		if al.qCover[i] == 0 && !qu.u.stop && qu.u.num == "" {
			return dropped
		}
	}
	return ""
}

// mentionedName reports whether a name (folded) is among a text's words, allowing its Turkish
// suffixes and one misspelt letter ("Mehmet" for "Mehmed").
func mentionedName(key string, stems map[string]bool) bool {
	if stems[key] || stems[trStem(key)] {
		return true
	}
	if len(key) < 5 {
		return false
	}
	for s := range stems {
		if edit1(key, s) {
			return true
		}
	}
	return false
}

// gazOnly keeps the gazetteer entities.
func gazOnly(es []entity) []entity {
	var out []entity
	for _, e := range es {
		if e.gaz {
			out = append(out, e)
		}
	}
	return out
}

// showNumber writes a number key for a reason (its first reading).
func showNumber(n string) string {
	first, _, _ := strings.Cut(n, "|")
	return first
}

// showNumbers names up to three numbers.
func showNumbers(src []string) string {
	var out []string
	for i, n := range src {
		if i == 3 {
			out = append(out, "…")
			break
		}
		out = append(out, showNumber(n))
	}
	return strings.Join(out, ", ")
}

// mentionSet is what a review mentions anywhere in its claim and explanation.
type mentionSet struct {
	nums  []string
	gaz   map[string]bool
	stems map[string]bool
}

// hasNumber reports whether the review mentions a number with a reading of n.
func (m *mentionSet) hasNumber(n string) bool {
	for _, x := range m.nums {
		if numbersMeet(n, x) {
			return true
		}
	}
	return false
}

// mentionsOf scans a review's claim and explanation. It runs only for the few candidates the
// guard examines, so nothing of the (long) explanation is kept in the index.
func mentionsOf(d *ReviewDoc) *mentionSet {
	m := &mentionSet{gaz: map[string]bool{}, stems: map[string]bool{}}
	lex := lexicalLang(d.Lang)
	for _, text := range []string{d.Claim, d.Body} {
		toks := scanText(text)
		shout := shouting(toks)
		for i, t := range toks {
			if t.number {
				m.nums = append(m.nums, numberKey(t.text, d.Lang))
				continue
			}
			base, _ := splitApostrophe(t.text)
			folded := analysis.FoldTurkish(base)
			if n, ok := numberWord(folded); ok {
				m.nums = append(m.nums, n)
			}
			m.stems[folded] = true
			m.stems[stemFor(lex, folded)] = true
			if e, ok := entityAt(toks, i, shout); ok && e.gaz {
				m.gaz[e.key] = true
			}
		}
	}
	return m
}
