package matching

import (
	"strings"
	"unicode"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/turkish"
)

// A post may shorten a run of the fact-check's words to their initials ("BP" for "blood
// pressure"), or a fact-check name a thing by its initials where the post spells the words out:
// the acronym is those words said again, not a name of its own, and decideWhole would refuse it
// as "different entity: BP ≠ pressure". The reading needs nothing but the two claims: each
// letter of the acronym, in order, is the first letter of one of a run of neighbouring words of
// the other claim, none of them stated otherwise. Another acronym ("HR", "BS" for "blood
// pressure") spells no run and stays refused. Within one language only by the words as written;
// across languages see translatedInitials.

// initialisms links each acronym of either claim to the run of the other claim's words it
// shortens (see above).
func initialisms(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) {
	if q.lang != r.lang {
		return
	}
	initialsOf(q, qa, r, ra)
	initialsOf(r, ra, q, qa)
}

// initialsOf links each unstated acronym of a to the unstated words of b whose initials spell
// it: the acronym to the run's last word (its head), each word of the run to the acronym.
func initialsOf(a *claimParts, aa sideAlign, b *claimParts, ba sideAlign) {
	for i := range a.parts {
		p := &a.parts[i]
		if aa.links[i] != unlinked || p.ent == nil || p.aside || p.num != "" {
			continue
		}
		letters := acronymLetters(p.text)
		if letters == nil {
			continue
		}
		for s := 0; s+len(letters) <= len(b.parts); s++ {
			if !spellsInitials(b, ba, s, letters) {
				continue
			}
			e := s + len(letters) - 1
			aa.links[i], aa.with[i] = linked, e
			for k := s; k <= e; k++ {
				ba.links[k], ba.with[k] = linked, i
			}
			break
		}
	}
}

// acronymLetters are the letters of a word written in capitals alone, two to five of them
// ("BP", "MSG", "DSÖ"), folded; nil for any other word.
func acronymLetters(text string) []rune {
	base := nameBase(text)
	if !analysis.IsAllCaps(base) {
		return nil
	}
	var out []rune
	for _, c := range turkish.Fold(base) {
		if !unicode.IsLetter(c) {
			return nil
		}
		out = append(out, c)
	}
	if len(out) < 2 || len(out) > 5 {
		return nil
	}
	return out
}

// spellsInitials reports the parts of c from s on, one per letter, as words neither stated nor
// set aside, in one clause and written one after the other, each opening with its letter.
func spellsInitials(c *claimParts, a sideAlign, s int, letters []rune) bool {
	for k := range letters {
		o := &c.parts[s+k]
		if a.links[s+k] != unlinked || o.aside || o.num != "" || o.clause != c.parts[s].clause {
			return false
		}
		if w := []rune(turkish.Fold(nameBase(o.text))); len(w) < 2 || w[0] != letters[k] {
			return false
		}
		if k > 0 && !wordsAdjacent(c.read, c.parts[s+k-1].text, o.text) {
			return false
		}
	}
	return true
}

// translatedInitials links an English post's acronym to a run of a Turkish fact-check's name
// whose English name it shortens: "the 2002 WC" for "2002 Dünya Kupası'nda" (dünya → world,
// kupa → cup). Each word of the run is a name (written capitalised), one per letter, and one of
// its first translations opens with the letter; the translations so chosen, read in order, must
// be a name WordNet lists ("world cup"), so an acronym whose letters only happen to open loose
// translations ("EC": earth, coupe) is no name of the run and stays refused.
func (ix *decision) translatedInitials(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) {
	if ix.lex == nil || q.lang != "en" || r.lang != "tr" {
		return
	}
	for i := range q.parts {
		p := &q.parts[i]
		if qa.links[i] != unlinked || p.ent == nil || p.aside || p.num != "" {
			continue
		}
		letters := acronymLetters(p.text)
		if letters == nil {
			continue
		}
		for s := 0; s+len(letters) <= len(r.parts); s++ {
			if !spellsRun(r, ra, s, len(letters), func(o *part) bool { return o.ent != nil }) || !ix.namesInTranslation(r, s, letters, nil) {
				continue
			}
			e := s + len(letters) - 1
			qa.links[i], qa.with[i] = linked, e
			for k := s; k <= e; k++ {
				ra.links[k], ra.with[k] = linked, i
			}
			break
		}
	}
}

// namesInTranslation reports a choice of English translations of r's parts from s on, one per
// letter still to spell (the words chosen so far in words), each opening with its letter, that
// WordNet lists as one name.
func (ix *decision) namesInTranslation(r *claimParts, s int, letters []rune, words []string) bool {
	k := len(words)
	if k == len(letters) {
		return len(ix.lex.Lemmas("en", strings.Join(words, " "))) > 0
	}
	for _, t := range ix.translations(&r.parts[s+k], "en") {
		if strings.ContainsRune(t, ' ') || []rune(t)[0] != letters[k] {
			continue
		}
		if ix.namesInTranslation(r, s, letters, append(words, t)) {
			return true
		}
	}
	return false
}

// spellsRun reports n parts of c from s on as words neither stated nor set aside, in one
// clause and written one after the other, each one that ok accepts.
func spellsRun(c *claimParts, a sideAlign, s, n int, ok func(o *part) bool) bool {
	for k := 0; k < n; k++ {
		o := &c.parts[s+k]
		if a.links[s+k] != unlinked || o.aside || o.num != "" || o.clause != c.parts[s].clause || !ok(o) {
			return false
		}
		if k > 0 && !wordsAdjacent(c.read, c.parts[s+k-1].text, o.text) {
			return false
		}
	}
	return true
}
