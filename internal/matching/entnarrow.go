package matching

import (
	"strings"

	"github.com/claimcheck/claimcheck/internal/analysis"

	"github.com/claimcheck/claimcheck/internal/turkish"
)

// A name the claim adds may only say which one of a thing the fact-check states it is:
// "Pfizer-BioNTech'in mRNA aşısı" for "mRNA aşıları", "The Moderna mRNA covid vaccine" for
// "mRNA vaccines", "Fatih Sultan Mehmet komutasındaki Osmanlılar" for "Osmanlılar". The claim is
// then the fact-check's made more specific and takes its verdict. A name
// in the place of a name, place or date of the fact-check (CERN → MIT, Tim Berners-Lee → Bill
// Gates, Montreal → Paris) replaces it instead, so the rule holds only while the fact-check
// has none of those left unstated; and a name that is the claim's own subject or object (no
// stated noun after it) changes what the claim is about.

// nameNarrows reports that unlinked name i of q only narrows a noun both claims state: the run
// of names it belongs to is a possessor or modifier of that noun (directly, through a Turkish
// "-ki" word such as "komutasındaki", or as a Turkish relative clause before it), and r has no
// name, place or number of its own left unstated.
func (ix *Index) nameNarrows(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, i int) bool {
	p := &q.parts[i]
	if p.aside || r.rated == analysis.VerdictTrue || !factCheckAllStated(q, r, ra) {
		// A review rated true checked its own details, not the one the post adds: "Kanuni
		// komutasındaki Osmanlılar İstanbul'u 1453'te fethetti" is false. A false or mixed
		// review's verdict holds for its claim narrowed by any name.
		return false
	}
	if p.relative {
		return relativeOfStatedNoun(q, qa, i)
	}
	s, e := nameRun(q, qa, i)
	k := e + 1
	if k >= len(q.parts) || q.parts[k].clause != p.clause {
		return false
	}
	last := &q.parts[e]
	if _, suffix := splitApostrophe(last.text); suffix != "" {
		// A name with a case ending of its own is a phrase of its own ("Mars'tan Çin Seddi",
		// "Ankara'da"), unless the ending is the possessor's: Turkish genitive, English "'s".
		if !ix.possessorSuffix(last, suffix) {
			return false
		}
	}
	if b := s - 1; b >= 0 && q.parts[b].clause == p.clause && q.parts[b].ent != nil && !strings.Contains(q.parts[b].text, "'") {
		return false // inside a longer name ("UEFA Super Cup" for "UEFA Cup")
	}
	n := &q.parts[k]
	if !wordsAdjacent(q.read, last.text, n.text) {
		return false // "Canberra isn't the capital": a word between, the name is no modifier
	}
	if qa.links[k] == linked {
		return statedNoun(n)
	}
	// "İngiliz bilgisayar bilimci Tim Berners-Lee": a description of a stated name, the
	// name of the description's own saying which one.
	if m := describedName(q, qa, k); m >= 0 && !strings.Contains(last.text, "'") {
		return true
	}
	// "Fatih Sultan Mehmet komutasındaki Osmanlılar": a Turkish "-ki" word after the names says
	// whose (or where) the stated noun right after it is.
	return n.lang == "tr" && n.ent == nil && !n.verb && n.num == "" && kiWord(n.folded) &&
		k+1 < len(q.parts) && wordsAdjacent(q.read, n.text, q.parts[k+1].text) && q.parts[k+1].clause == p.clause && qa.links[k+1] == linked && statedNoun(&q.parts[k+1])
}

// factCheckAllStated reports a fact-check r with no name, place adjunct or number that q does
// not state: nothing there that a name of the claim could stand in place of.
func factCheckAllStated(q, r *claimParts, ra sideAlign) bool {
	for j := range r.parts {
		o := &r.parts[j]
		if ra.links[j] != unlinked || o.aside {
			continue
		}
		if o.ent != nil || o.place || o.num != "" && !numberStated(o, q) {
			return false
		}
	}
	return true
}

// nameRun is the run of unlinked names around part i in its clause ("Fatih Sultan Mehmet",
// "Pfizer BioNTech'in").
func nameRun(q *claimParts, qa sideAlign, i int) (int, int) {
	in := func(k int) bool {
		if k < 0 || k >= len(q.parts) || q.parts[k].clause != q.parts[i].clause || qa.links[k] != unlinked || q.parts[k].aside {
			return false
		}
		return q.parts[k].ent != nil
	}
	s, e := i, i
	for in(s - 1) {
		s--
	}
	for {
		if in(e + 1) {
			e++
			continue
		}
		// "Apollo 11": a number naming which one the name before it is belongs to the name.
		if n := e + 1; n < len(q.parts) && q.parts[n].ident && q.parts[e].ent != nil && q.parts[n].clause == q.parts[i].clause &&
			qa.links[n] == unlinked && !strings.Contains(q.parts[e].text, "'") && wordsAdjacent(q.read, q.parts[e].text, q.parts[n].text) {
			e = n
			continue
		}
		return s, e
	}
}

// identInNarrowingName reports number i of q that names which one the name before it is
// ("Apollo 11") in a run of names that only narrows a stated noun (nameNarrows).
func (ix *Index) identInNarrowingName(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign, i int) bool {
	return q.parts[i].ident && i > 0 && q.parts[i-1].ent != nil && qa.links[i-1] == unlinked && ix.nameNarrows(q, qa, r, ra, i-1)
}

// possessorSuffix reports a name's ending that makes it a modifier of the noun after it: the
// Turkish genitive ("BioNTech'in", "Chrome'un") or "-DAki" ("İsviçre'deki"), the English "'s"
// ("Mehmed II's").
func (ix *Index) possessorSuffix(p *part, suffix string) bool {
	if p.lang == "tr" {
		// "İsviçre'deki CERN": a locative made an adjective by "-ki" says where the noun is.
		f := turkish.Fold(suffix)
		return ix.morph.CaseOf("xx"+f) == turkish.Genitive || strings.HasSuffix(f, "ki") && ix.morph.CaseOf("xx"+strings.TrimSuffix(f, "ki")) == turkish.Locative
	}
	return strings.EqualFold(suffix, "s")
}

// statedNoun reports a part that can be the noun a name narrows: not a verb, a number or an
// adjunct ("in 1453" is no noun of a possessor).
func statedNoun(n *part) bool {
	return !n.verb && n.num == "" && !n.aside && n.role != roleAdjunct
}

// kiWord reports a Turkish adjective made with "-ki" after a locative ("komutasındaki",
// "Kopenhag'daki").
func kiWord(folded string) bool {
	for _, e := range []string{"daki", "deki", "taki", "teki"} {
		if strings.HasSuffix(folded, e) && len(folded) > len(e)+2 {
			return true
		}
	}
	return false
}

// relativeOfStatedNoun reports a name inside a Turkish relative clause whose noun, the first
// part after the clause, is one both claims state ("Kopenhag'da penaltılarla Arsenal'i yenen
// Galatasaray"): the clause says which one the noun is.
func relativeOfStatedNoun(q *claimParts, qa sideAlign, i int) bool {
	for k := i + 1; k < len(q.parts) && q.parts[k].clause == q.parts[i].clause; k++ {
		if q.parts[k].relative {
			continue
		}
		return qa.links[k] == linked && statedNoun(&q.parts[k])
	}
	return false
}

// wordsAdjacent reports text with word a followed directly by word b, only spaces or a hyphen
// between: the parts leave out function words and copulas ("Canberra isn't the capital"), so
// adjacent parts need not be adjacent words.
func wordsAdjacent(text, a, b string) bool {
	for from := 0; from < len(text); {
		k := strings.Index(text[from:], a)
		if k < 0 {
			return false
		}
		rest := strings.TrimLeft(text[from+k+len(a):], " -")
		if len(rest) < len(text[from+k+len(a):]) && strings.HasPrefix(rest, b) {
			return true
		}
		from += k + len(a)
	}
	return false
}

// describedName is the stated name that the words from k on describe: up to two unlinked common
// nouns or modifiers written together ("bilgisayar bilimci"), then a name both claims state;
// -1 when there is none.
func describedName(q *claimParts, qa sideAlign, k int) int {
	for m := k; m < len(q.parts) && m < k+3 && q.parts[m].clause == q.parts[k].clause; m++ {
		o := &q.parts[m]
		if m > k && !wordsAdjacent(q.read, q.parts[m-1].text, o.text) {
			return -1
		}
		if qa.links[m] == linked {
			if m > k && o.ent != nil && statedNoun(o) {
				return m
			}
			return -1
		}
		if o.ent != nil || o.verb || o.num != "" || o.place || o.aside || o.role == roleAdjunct {
			return -1
		}
	}
	return -1
}
