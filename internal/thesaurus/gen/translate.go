package main

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"unicode"
)

// maxTranslations bounds each word's list; later entries are rarer senses and explanations.
const maxTranslations = 15

// englishHead reports whether an English headword is a plain word or phrase worth keeping.
func englishHead(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !unicode.IsLetter(r) && r != ' ' && r != '-' {
			return false
		}
	}
	return true
}

// appendUnique appends s to list unless present.
func appendUnique(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// translations builds English→Turkish lists in dictionary order and Turkish→English lists
// ranked best first: direct Turkish–English entries, then English headwords whose first
// sense starts with the Turkish word, then first senses, then the rest; ties go to the
// English word more frequent in WordNet's tagged corpus.
func translations(wn *wordnet, engTur, turEng []dictEntry) (enTr, trEn map[string][]string) {
	enTr = map[string][]string{}
	trEn = map[string][]string{}
	type cand struct {
		en     string
		bucket int
		pos    int
	}
	cands := map[string][]cand{}
	for _, e := range turEng {
		tr := trLower(e.head)
		if !englishHead(tr) {
			continue
		}
		n := 0
		for _, s := range e.senses {
			for _, en := range cleanGlosses(s, strings.ToLower, 3) {
				if en = wordnetForm(wn, en); en != "" {
					cands[tr] = append(cands[tr], cand{en, -1, n})
					n++
				}
			}
		}
	}
	for _, e := range engTur {
		en := strings.ToLower(strings.TrimSpace(e.head))
		if !englishHead(en) {
			continue
		}
		for si, s := range e.senses {
			glosses := cleanGlosses(s, trLower, 2)
			// Within a sense a single word is the equivalent and a phrase usually describes
			// ("çay fidanı, çay" for tea), so single words go first.
			sort.SliceStable(glosses, func(i, j int) bool {
				return !strings.Contains(glosses[i], " ") && strings.Contains(glosses[j], " ")
			})
			for pi, tr := range glosses {
				if tr == en { // untranslated loan or copied headword
					continue
				}
				enTr[en] = appendUnique(enTr[en], tr)
				bucket := 2
				switch {
				case si == 0:
					bucket = 0
				case si < 3:
					bucket = 1
				}
				cands[tr] = append(cands[tr], cand{en, bucket, pi})
			}
		}
	}
	trs := make([]string, 0, len(cands))
	for tr := range cands {
		trs = append(trs, tr)
	}
	sort.Strings(trs) // tur-eng additions to enTr must not follow map order
	for _, tr := range trs {
		cs := cands[tr]
		sort.SliceStable(cs, func(i, j int) bool {
			a, b := cs[i], cs[j]
			if a.bucket != b.bucket {
				return a.bucket < b.bucket
			}
			if a.bucket < 0 {
				return a.pos < b.pos
			}
			if fa, fb := wn.freq[a.en], wn.freq[b.en]; fa != fb {
				return fa > fb
			}
			if a.pos != b.pos {
				return a.pos < b.pos
			}
			return a.en < b.en
		})
		var list []string
		for _, c := range cs {
			list = appendUnique(list, c.en)
			if c.bucket < 0 {
				enTr[c.en] = appendUnique(enTr[c.en], tr)
			}
		}
		trEn[tr] = list
	}
	return enTr, trEn
}

// wordnetForm returns the WordNet lemma an English gloss of the Turkish–English dictionary
// stands for: the gloss itself, or the gloss with the spaces restored that the source lost
// ("passaway" → "pass away"); "" when WordNet has neither.
func wordnetForm(wn *wordnet, en string) string {
	if _, ok := wn.index[en]; ok {
		return en
	}
	if strings.Contains(en, " ") {
		return ""
	}
	r := []rune(en)
	for i := 1; i < len(r); i++ {
		if s := string(r[:i]) + " " + string(r[i:]); wn.index[s] != nil {
			return s
		}
		for j := i + 1; j < len(r); j++ {
			if s := string(r[:i]) + " " + string(r[i:j]) + " " + string(r[j:]); wn.index[s] != nil {
				return s
			}
		}
	}
	return ""
}

// translationTable: word, then translations best first separated by "|".
func translationTable(m map[string][]string) []byte {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b bytes.Buffer
	for _, k := range keys {
		list := m[k]
		if len(list) > maxTranslations {
			list = list[:maxTranslations]
		}
		fmt.Fprintf(&b, "%s\t%s\n", k, strings.Join(list, "|"))
	}
	return b.Bytes()
}
