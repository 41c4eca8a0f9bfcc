package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"
)

// kenetSynset is one <SYNSET> line of turkish_wordnet.xml or english_wordnet_version_31.xml.
type kenetSynset struct {
	ID       string `xml:"ID"`
	POS      string `xml:"POS"`
	Literals []struct {
		Name  string `xml:",chardata"`
		Sense int    `xml:"SENSE"`
	} `xml:"SYNONYM>LITERAL"`
	SR []struct {
		Target string `xml:",chardata"`
		Type   string `xml:"TYPE"`
	} `xml:"SR"`
	ILR []struct {
		Target string `xml:",chardata"`
		Type   string `xml:"TYPE"`
	} `xml:"ILR"`
}

// kenetLiteral is a Turkish lemma of a synset and that lemma's sense number.
type kenetLiteral struct {
	word  string
	sense int
}

// kenetSyn is a kept KeNet synset with its dense id.
type kenetSyn struct {
	id       int
	pos      int // posFiles index: n v a r
	literals []kenetLiteral
	hyper    []string    // TUR10 ids of hypernyms and instance hypernyms
	ant      []string    // TUR10 ids of antonyms
	links    [][]enLemma // per ILR-linked English synset, its WordNet 3.0 lemmas in literal order
	linkSyn  []int       // per link, the WordNet 3.0 synset its literals match (matchSynset), -1 for none
	english  []enLemma   // the lemmas of the links kept (see checkLinks), without duplicates
	kept     []int       // the WordNet 3.0 synsets of the links kept, -1 left out
}

// checkLinks keeps the interlingual links of each synset that can be trusted. A synset linked to
// one English synset keeps it. A synset linked to several (KeNet links "soğuk algınlığı, nezle"
// to common cold and to influenza among six) keeps those that FreeDict confirms, an English
// literal FreeDict gives for one of its Turkish literals; with none confirmed it keeps two
// links, and drops more as too ambiguous to translate.
func (k *kenet) checkLinks(fdTrEn map[string][]string) {
	for _, s := range k.synsets {
		links, syns := s.links, s.linkSyn
		if len(links) >= 2 {
			var confirmed [][]enLemma
			var confirmedSyn []int
			for i, link := range links {
				if confirmedLink(s, link, fdTrEn) {
					confirmed = append(confirmed, link)
					confirmedSyn = append(confirmedSyn, syns[i])
				}
			}
			switch {
			case len(confirmed) > 0:
				links, syns = confirmed, confirmedSyn
			case len(links) > 2:
				links, syns = nil, nil
			}
		}
		s.kept = nil
		for _, id := range syns {
			if id >= 0 && !containsInt(s.kept, id) {
				s.kept = append(s.kept, id)
			}
		}
		s.english = nil
		for _, link := range links {
			for _, e := range link {
				dup := false
				for _, x := range s.english {
					dup = dup || x.word == e.word
				}
				if !dup {
					s.english = append(s.english, e)
				}
			}
		}
	}
}

// confirmedLink reports whether FreeDict translates a Turkish literal of s to an English literal
// of link.
func confirmedLink(s *kenetSyn, link []enLemma, fdTrEn map[string][]string) bool {
	for _, l := range s.literals {
		for _, e := range link {
			if containsString(fdTrEn[l.word], e.word) {
				return true
			}
		}
	}
	return false
}

// enLemma is an English literal of a WordNet 3.1 synset and the rank (1 = most frequent) of the
// matching WordNet 3.0 synset among that lemma's senses.
type enLemma struct {
	word string
	rank int
}

// matchSynset finds the WordNet 3.0 synset of part of speech p that holds the most of words
// (the literals of a WordNet 3.1 synset); ties go to the sense the first word uses most. -1 when
// none holds any. WordNet 3.1 renumbered synsets, so lemmas, not ids, link the two versions.
func (wn *wordnet) matchSynset(words []string, p int) int {
	best, bestN := -1, 0
	for _, w := range words {
		for _, id := range wn.index[w][p] {
			n := 0
			for _, x := range wn.synsets[id].words {
				if containsString(words, x) {
					n++
				}
			}
			if n > bestN {
				best, bestN = id, n
			}
		}
	}
	return best
}

// containsString reports whether xs holds x.
func containsString(xs []string, x string) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// kenet is the parsed Turkish WordNet.
type kenet struct {
	synsets []*kenetSyn
	byID    map[string]int
}

// kenetPOS maps KeNet's part-of-speech letters to posFiles indexes; other parts of speech
// (idioms "i", conjunctions "c", pronouns "p", interjections) are not kept.
func kenetPOS(c string) int {
	switch c {
	case "n":
		return 0
	case "v":
		return 1
	case "a", "s":
		return 2
	case "b", "r":
		return 3
	}
	return -1
}

// turkishKey lower-cases a Turkish literal with Turkish rules and drops the circumflex, as the
// FreeDict tables do ("daimî" → "daimi").
func turkishKey(w string) string {
	w = strings.ToLowerSpecial(unicode.TurkishCase, strings.TrimSpace(w))
	w = strings.NewReplacer("â", "a", "î", "i", "û", "u").Replace(w)
	return strings.Join(strings.Fields(w), " ")
}

// eachSynsetLine calls fn with every <SYNSET> element of a KeNet XML file (one element a line).
func eachSynsetLine(path string, fn func(s *kenetSynset) error) error {
	return readLines(path, func(line string) error {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "<SYNSET>") {
			return nil
		}
		var s kenetSynset
		if err := xml.Unmarshal([]byte(line), &s); err != nil {
			return fmt.Errorf("parse synset %.60q: %w", line, err)
		}
		return fn(&s)
	})
}

// loadKeNet reads turkish_wordnet.xml and english_wordnet_version_31.xml from dir. English
// literals of WordNet 3.1 synsets are kept only when WordNet 3.0 has them in the same part of
// speech, so every translation is a lemma the English relations know.
func loadKeNet(dir string, wn *wordnet) (*kenet, error) {
	english := map[string][]enLemma{}
	wn30 := map[string]int{} // WordNet 3.1 id → the WordNet 3.0 synset matchSynset found
	err := eachSynsetLine(filepath.Join(dir, "english_wordnet_version_31.xml"), func(s *kenetSynset) error {
		p := posIndex(s.ID[len(s.ID)-1])
		if p < 0 {
			return nil
		}
		var words []string
		for _, l := range s.Literals {
			w := lemmaKey(strings.TrimSpace(l.Name))
			if e := wn.index[w]; e != nil && len(e[p]) > 0 {
				words = appendUnique(words, w)
			}
		}
		syn := wn.matchSynset(words, p)
		if syn >= 0 {
			wn30[strings.TrimSpace(s.ID)] = syn
		}
		for _, w := range words {
			rank := len(wn.index[w][p]) + 1 // no 3.0 synset matched: after every known sense
			for i, id := range wn.index[w][p] {
				if id == syn {
					rank = i + 1
				}
			}
			english[strings.TrimSpace(s.ID)] = append(english[strings.TrimSpace(s.ID)], enLemma{w, rank})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	k := &kenet{byID: map[string]int{}}
	err = eachSynsetLine(filepath.Join(dir, "turkish_wordnet.xml"), func(s *kenetSynset) error {
		p := kenetPOS(s.POS)
		if p < 0 {
			return nil
		}
		ks := &kenetSyn{pos: p}
		for _, l := range s.Literals {
			w := turkishKey(l.Name)
			if w == "" || strings.ContainsAny(w, "()") || l.Sense <= 0 {
				continue
			}
			dup := false
			for _, x := range ks.literals {
				dup = dup || x.word == w
			}
			if !dup {
				ks.literals = append(ks.literals, kenetLiteral{w, l.Sense})
			}
		}
		if len(ks.literals) == 0 {
			return nil
		}
		for _, r := range s.SR {
			switch r.Type {
			case "HYPERNYM", "INSTANCE_HYPERNYM":
				ks.hyper = append(ks.hyper, strings.TrimSpace(r.Target))
			case "ANTONYM":
				ks.ant = append(ks.ant, strings.TrimSpace(r.Target))
			}
		}
		for _, r := range s.ILR {
			if link := english[strings.TrimSpace(r.Target)]; r.Type == "SYNONYM" && len(link) > 0 {
				ks.links = append(ks.links, link)
				syn, ok := wn30[strings.TrimSpace(r.Target)]
				if !ok {
					syn = -1
				}
				ks.linkSyn = append(ks.linkSyn, syn)
			}
		}
		ks.id = len(k.synsets)
		k.byID[strings.TrimSpace(s.ID)] = ks.id
		k.synsets = append(k.synsets, ks)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return k, nil
}

// ids maps TUR10 ids to dense ids, dropping links to synsets that were not kept, sorted.
func (k *kenet) ids(refs []string) []int {
	var out []int
	for _, r := range refs {
		if id, ok := k.byID[r]; ok && !containsInt(out, id) {
			out = append(out, id)
		}
	}
	sort.Ints(out)
	return out
}

// containsInt reports whether xs holds x.
func containsInt(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// hypernyms returns, per kept synset, its hypernym and instance-hypernym ids.
func (k *kenet) hypernyms() [][]int {
	out := make([][]int, len(k.synsets))
	for i, s := range k.synsets {
		out[i] = k.ids(s.hyper)
	}
	return out
}

// kenetSense is one sense of a Turkish lemma.
type kenetSense struct {
	syn, sense, at int // synset, the literal's sense number, the literal's position in the synset
}

// senses maps each Turkish lemma to its synsets by sense number (ties by synset id).
func (k *kenet) senses() map[string][]kenetSense {
	out := map[string][]kenetSense{}
	for _, s := range k.synsets {
		for i, l := range s.literals {
			out[l.word] = append(out[l.word], kenetSense{s.id, l.sense, i})
		}
	}
	for _, list := range out {
		sort.Slice(list, func(i, j int) bool {
			if list[i].sense != list[j].sense {
				return list[i].sense < list[j].sense
			}
			return list[i].syn < list[j].syn
		})
	}
	return out
}

// kenetLemmaTable: Turkish lemma, then its synset ids in sense order.
func kenetLemmaTable(senses map[string][]kenetSense) []byte {
	keys := make([]string, 0, len(senses))
	for k := range senses {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b bytes.Buffer
	for _, w := range keys {
		ids := make([]int, len(senses[w]))
		for i, s := range senses[w] {
			ids[i] = s.syn
		}
		fmt.Fprintf(&b, "%s\t%s\n", w, joinInts(ids))
	}
	return b.Bytes()
}

// kenetSynsetTable: one line per synset in id order: part of speech, hypernym ids, antonym ids.
func kenetSynsetTable(k *kenet, hyper [][]int) []byte {
	var b bytes.Buffer
	for i, s := range k.synsets {
		fmt.Fprintf(&b, "%c\t%s\t%s\n", posFiles[s.pos].code, joinInts(hyper[i]), joinInts(k.ids(s.ant)))
	}
	return b.Bytes()
}

// kenetGeneralTable lists KeNet's abstract top levels by the thresholds WordNet's use
// (general.go): id, depth, descendants, words.
func kenetGeneralTable(k *kenet, hyper [][]int) []byte {
	d := depths(hyper)
	desc := descendants(hyper)
	var b bytes.Buffer
	for id, s := range k.synsets {
		general := false
		switch s.pos {
		case 0:
			general = d[id] <= generalNounDepth || d[id] <= generalHubDepth && desc[id] >= generalHubSize
		case 1:
			general = d[id] <= 1 && desc[id] >= generalVerbRootSize
		}
		if general {
			words := make([]string, len(s.literals))
			for i, l := range s.literals {
				words[i] = l.word
			}
			fmt.Fprintf(&b, "%d\t%d\t%d\t%s\n", id, d[id], desc[id], strings.Join(words, ", "))
		}
	}
	return b.Bytes()
}

// kenetTranslations derives Turkish↔English translations from the interlingual SYNONYM links:
// every Turkish literal of a synset translates to every English literal of the linked synsets.
// Turkish → English lists follow the Turkish word's sense order, then the English synset's
// literal order; English → Turkish lists follow the English word's WordNet 3.0 sense order
// ("hot" → "sıcak" before "baharatlı"), then put the Turkish words for which the link is their
// main sense first ("vaccine" → "aşı", sense 1), then literal order.
func kenetTranslations(k *kenet, senses map[string][]kenetSense) (enTr, trEn map[string][]string) {
	trEn = map[string][]string{}
	for w, list := range senses {
		for _, s := range list {
			for _, e := range k.synsets[s.syn].english {
				trEn[w] = appendUnique(trEn[w], e.word)
			}
		}
		if len(trEn[w]) == 0 {
			delete(trEn, w)
		}
	}
	type cand struct {
		tr                       string
		enRank, sense, trAt, syn int
	}
	cands := map[string][]cand{}
	for _, s := range k.synsets {
		for _, e := range s.english {
			for ti, l := range s.literals {
				cands[e.word] = append(cands[e.word], cand{l.word, e.rank, l.sense, ti, s.id})
			}
		}
	}
	enTr = map[string][]string{}
	for e, cs := range cands {
		sort.Slice(cs, func(i, j int) bool {
			a, b := cs[i], cs[j]
			switch {
			case a.enRank != b.enRank:
				return a.enRank < b.enRank
			case a.sense != b.sense:
				return a.sense < b.sense
			case a.syn != b.syn:
				return a.syn < b.syn
			case a.trAt != b.trAt:
				return a.trAt < b.trAt
			}
			return a.tr < b.tr
		})
		for _, c := range cs {
			enTr[e] = appendUnique(enTr[e], c.tr)
		}
	}
	return enTr, trEn
}

// kenetVerbLinkTable: one line per KeNet verb synset with a link kept (checkLinks), in id order:
// the KeNet synset id, then per WordNet 3.0 synset of its kept links a field "id:heads", the
// heads being the synset's English lemmas whose main verb sense it is ("|"-separated, maybe
// none). Unlike the lemma translations, these join synset to synset, so a Turkish verb's senses
// can be judged with the English verb relations (internal/thesaurus/iliverbs.go).
func kenetVerbLinkTable(k *kenet, wn *wordnet) []byte {
	var b bytes.Buffer
	for _, s := range k.synsets {
		if posFiles[s.pos].code != 'v' || len(s.kept) == 0 {
			continue
		}
		fmt.Fprintf(&b, "%d", s.id)
		for _, id := range s.kept {
			var heads []string
			for _, w := range wn.synsets[id].words {
				if e := wn.index[w]; e != nil && len(e[1]) > 0 && e[1][0] == id && !containsString(heads, w) {
					heads = append(heads, w)
				}
			}
			fmt.Fprintf(&b, "\t%d:%s", id, strings.Join(heads, "|"))
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// iscText is the ISC licence as the Open Source Initiative publishes it; the copyright line is
// filled from package.json.
const iscText = `Permission to use, copy, modify, and/or distribute this software for any
purpose with or without fee is hereby granted, provided that the above
copyright notice and this permission notice appear in all copies.

THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.
`

// kenetLicence states where the kenet-* tables come from and the licence the npm package
// declares. The package ships no licence file of its own, only the "license" field of
// package.json, so the licence text is ISC's published wording with the package's author.
func kenetLicence(dir string) ([]byte, error) {
	raw, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil {
		return nil, fmt.Errorf("read KeNet package.json: %w", err)
	}
	var pkg struct {
		Name, Version, Author, License, Homepage string
	}
	if err := json.Unmarshal(raw, &pkg); err != nil {
		return nil, fmt.Errorf("parse KeNet package.json: %w", err)
	}
	if pkg.License != "ISC" {
		return nil, fmt.Errorf("KeNet package.json declares licence %q, not ISC: review before regenerating", pkg.License)
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "The tables kenet-*.tsv* in this directory are derived from the Turkish WordNet KeNet as\n")
	fmt.Fprintf(&b, "published in the npm package %s@%s (files turkish_wordnet.xml and\n", pkg.Name, pkg.Version)
	fmt.Fprintf(&b, "english_wordnet_version_31.xml; %s).\n", pkg.Homepage)
	fmt.Fprintf(&b, "The package declares the licence %q in its package.json and ships no licence file;\n", pkg.License)
	fmt.Fprintf(&b, "the ISC licence text follows with the package's author.\n\n")
	fmt.Fprintf(&b, "Copyright (c) %s\n\n%s\n", pkg.Author, iscText)
	fmt.Fprintf(&b, "KeNet is described in: O. Bakay, O. Ergelen, E. Sarmis, S. Yildirim, A. Kocabalcioglu,\n")
	fmt.Fprintf(&b, "B. N. Arican, M. Ozcelik, E. Saniyar, O. Kuyrukcu, B. Avar and O. T. Yildiz, \"Turkish\n")
	fmt.Fprintf(&b, "WordNet KeNet\", Proceedings of GWC 2021.\n\n")
	fmt.Fprintf(&b, "The English lemmas of kenet-en-tr.tsv.gz and kenet-tr-en.tsv.gz are those of WordNet 3.1\n")
	fmt.Fprintf(&b, "synsets that WordNet 3.0 also has; LICENSE-WordNet applies to them.\n")
	return b.Bytes(), nil
}
