package thesaurus

import (
	_ "embed" // the verb link table below
	"sort"
	"strconv"
	"strings"
)

// kenetVerbLinkText is data/kenet-verb-links.txt: per KeNet verb synset with an interlingual
// link the generator keeps (gen/kenet.go, checkLinks), its id and the WordNet 3.0 synsets of
// those links, each with its head lemmas (those whose main verb sense it is). It is small (3,188
// lines, 96 kB) and read only by TurkishVerbsApart, so it is embedded beside the table image and
// parsed on first use rather than widening the image's format; being no source of the image, it
// is named outside the "*.tsv*" tables the image's checksum covers (image.go, sourceSum).
//
//go:embed data/kenet-verb-links.txt
var kenetVerbLinkText string

// verbLinkTable is kenetVerbLinkText parsed: KeNet synset from[i] links to WordNet synsets
// to[at[i]:at[i+1]] (from is sorted); heads holds each linked WordNet synset's head lemmas.
type verbLinkTable struct {
	from, at []int32
	to       []int32
	heads    map[int32][]string
}

// verbLinkTable returns the verb link table, parsed on first use like the kind classes
// (kindclass.go): only TurkishVerbsApart reads it.
func (t *Thesaurus) verbLinkTable() *verbLinkTable {
	t.verbLinks.once.Do(func() { t.verbLinks.table = parseVerbLinks(kenetVerbLinkText) })
	return t.verbLinks.table
}

// parseVerbLinks parses the verb link table's text (lines are in id order; each field after the
// id is "synset:head|head").
func parseVerbLinks(text string) *verbLinkTable {
	v := &verbLinkTable{}
	v.at = append(v.at, 0)
	v.heads = map[int32][]string{}
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		fields := strings.Split(line, "\t")
		k, err := strconv.Atoi(fields[0])
		if err != nil {
			continue
		}
		n := len(v.to)
		for _, f := range fields[1:] {
			id, heads, _ := strings.Cut(f, ":")
			s, err := strconv.Atoi(id)
			if err != nil {
				continue
			}
			v.to = append(v.to, int32(s))
			if heads != "" {
				v.heads[int32(s)] = strings.Split(heads, "|")
			}
		}
		if len(v.to) > n {
			v.from = append(v.from, int32(k))
			v.at = append(v.at, int32(len(v.to)))
		}
	}
	return v
}

// kenetVerbLinks are the WordNet 3.0 synsets KeNet verb synset s links to, nil for none.
func (t *Thesaurus) kenetVerbLinks(s int32) []int32 {
	v := t.verbLinkTable()
	i := sort.Search(len(v.from), func(i int) bool { return v.from[i] >= s })
	if i == len(v.from) || v.from[i] != s {
		return nil
	}
	return v.to[v.at[i]:v.at[i+1]]
}

// TurkishVerbsApart reports two Turkish verbs (dictionary forms: "okumak", "değiştirmek") that
// say different predicates by VerbsApart's rule, read through KeNet's interlingual links, which
// join a Turkish synset to a WordNet synset exactly, where the dictionaries' translations are
// loose glosses of any sense ("salmak" → levy). Each verb's KeNet verb senses (KeNet numbers
// them in the dictionary's order, main sense first) stand for WordNet's senses of an English
// verb:
//   - both verbs have at most knownVerbSenses KeNet senses and one lemma each (a word typed
//     without Turkish letters that folds to two is not judged), and are not one light verb with
//     two nouns or the light verb itself ("zarar vermek", "karar vermek"; "etmek", "tedavi
//     etmek"): the nouns differ, which the matcher judges apart;
//   - the main verb sense links to WordNet, through a link FreeDict confirms (it translates the
//     verb to an English lemma of the synset) when FreeDict has the verb: KeNet links a sense
//     now and then to a synset of another meaning ("içine sokmak", to put into, → include), and
//     a verb FreeDict lacks ("kilo almak") keeps KeNet's link alone;
//   - no main linked synset is a main sense of a light verb;
//   - no linked synset of any sense of one shares a synset with, reaches within verbHyperSteps,
//     shares a hypernym within verbCousinSteps, or is linked as near or derivationally to a
//     linked synset of any sense of the other (an antonym is apart), and the synsets of the
//     first verbFileSenses linked senses lie in different lexicographer files;
//   - the English lemmas whose main verb sense a main linked synset is are VerbsApart from
//     those of the other verb's (the English rule itself, on the words the links name).
func (t *Thesaurus) TurkishVerbsApart(a, b string) bool {
	a, b = trLower(strings.TrimSpace(a)), trLower(strings.TrimSpace(b))
	if ha, hb := lastWord(a), lastWord(b); a == b || ha == hb || ha == b || hb == a {
		return false
	}
	sa, sb := t.verbSenseLinks(a), t.verbSenseLinks(b)
	if len(sa) == 0 || len(sb) == 0 || len(sa[0]) == 0 || len(sb[0]) == 0 {
		return false
	}
	g := &t.en
	for _, x := range sa[0] {
		for _, y := range sb[0] {
			if g.kind[x]&lightBit != 0 || g.kind[y]&lightBit != 0 {
				return false
			}
		}
	}
	for _, lx := range sa {
		for _, x := range lx {
			ux := g.verbAncestors(x)
			for _, ly := range sb {
				for _, y := range ly {
					if g.antonyms(x, y) {
						return true
					}
					if x == y || kin(ux, g.verbAncestors(y)) || g.near.holds(x, y) || g.derived.holds(x, y) || sharesPartner(g.derived, x, y) {
						return false
					}
				}
			}
		}
	}
	if firstFiles(g, sa)&firstFiles(g, sb) != 0 {
		return false
	}
	for _, x := range sa[0] {
		for _, y := range sb[0] {
			if !t.headsApart(x, y) {
				return false
			}
		}
	}
	return true
}

// headsApart reports whether every English lemma whose main verb sense is x is VerbsApart from
// every one whose main verb sense is y.
func (t *Thesaurus) headsApart(x, y int32) bool {
	heads := t.verbLinkTable().heads
	for _, a := range heads[x] {
		for _, b := range heads[y] {
			if !t.VerbsApart(a, b) {
				return false
			}
		}
	}
	return true
}

// firstFiles is the set of lexicographer files of the synsets linked to the first
// verbFileSenses linked senses of senses (bit n for file n).
func firstFiles(g *graph, senses [][]int32) uint16 {
	var files uint16
	n := 0
	for _, l := range senses {
		if len(l) == 0 || n == verbFileSenses {
			continue
		}
		n++
		for _, x := range l {
			files |= 1 << g.verbFile(x)
		}
	}
	return files
}

// verbSenseLinks are, per KeNet verb sense of the Turkish verb w in sense order, the WordNet
// synsets it links to, the main sense's only through links FreeDict confirms when FreeDict has
// w; nil when w is no single KeNet lemma or has more than knownVerbSenses senses.
func (t *Thesaurus) verbSenseLinks(w string) [][]int32 {
	forms := t.Spellings(w)
	if len(forms) != 1 {
		return nil
	}
	senses := t.trSenses.get(forms[0])
	if len(senses) > knownVerbSenses {
		return nil
	}
	var out [][]int32
	for _, s := range senses {
		if t.tr.pos(s.syn()) != verb {
			continue
		}
		links := t.kenetVerbLinks(s.syn())
		if len(out) == 0 {
			links = t.confirmedLinks(forms[0], links)
		}
		out = append(out, links)
	}
	return out
}

// confirmedLinks are the synsets among links that hold an English lemma FreeDict translates the
// Turkish word w to; all of links when FreeDict lacks w.
func (t *Thesaurus) confirmedLinks(w string, links []int32) []int32 {
	fd := splitList(t.trEn.get(w))
	if len(fd) == 0 {
		return links
	}
	var out []int32
	for _, x := range links {
		for _, e := range fd {
			if t.lemmaIn(e, x) {
				out = append(out, x)
				break
			}
		}
	}
	return out
}

// lastWord is the last word of a lemma, its verb ("vermek" of "zarar vermek").
func lastWord(w string) string {
	f := strings.Fields(w)
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
}
