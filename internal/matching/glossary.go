package matching

import (
	"bufio"
	"bytes"
	_ "embed"
	"fmt"
	"strings"
	"sync"

	"github.com/claimcheck/claimcheck/internal/turkish"
)

//go:embed data/glossary.txt
var glossaryTxt []byte

// glossary maps folded Turkish stems (and two-word phrases, "w1 w2" of stems) to stemmed English
// concepts; it supplements the analyzer's lexicon with everyday words (see data/glossary.txt).
type glossary struct {
	words   map[string][]string
	phrases map[string][]string
	// enPivots maps a stemmed English word to the Turkish entries that translate to it, written
	// "~stem": two English words one Turkish word translates to ("transmit", "spread" for
	// "bulaş") share that pivot, so an English paraphrase meets its review through the glossary
	// as a Turkish one does.
	enPivots map[string][]string
}

// loadGlossary parses the embedded glossary once; a malformed line is a programming error in a
// file compiled into the binary, so it panics with the line number (a test loads it).
var loadGlossary = sync.OnceValue(func() *glossary {
	g, err := parseGlossary(glossaryTxt)
	if err != nil {
		panic(err)
	}
	return g
})

// parseGlossary reads "turkish | english, english…" lines.
func parseGlossary(data []byte) (*glossary, error) {
	g := &glossary{words: map[string][]string{}, phrases: map[string][]string{}, enPivots: map[string][]string{}}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		tr, en, ok := strings.Cut(text, "|")
		tr, en = strings.TrimSpace(tr), strings.TrimSpace(en)
		if !ok || tr == "" || en == "" {
			return nil, fmt.Errorf("matching glossary line %d: want \"turkish | english, …\"", line)
		}
		var concepts []string
		for _, e := range strings.Split(en, ",") {
			for _, w := range strings.Fields(strings.ToLower(e)) {
				concepts = append(concepts, enStem(turkish.Fold(w)))
			}
		}
		if len(concepts) == 0 {
			return nil, fmt.Errorf("matching glossary line %d: no English concept in %q", line, en)
		}
		words := strings.Fields(turkish.Fold(tr))
		if len(words) == 1 && len(concepts) > 1 {
			pivot := "~" + words[0]
			for _, c := range concepts {
				g.enPivots[c] = dedupe(append(g.enPivots[c], pivot))
			}
			concepts = append(concepts, pivot)
		}
		switch len(words) {
		case 1:
			g.words[words[0]] = dedupe(append(g.words[words[0]], concepts...))
		case 2:
			k := trStem(words[0]) + " " + trStem(words[1])
			g.phrases[k] = dedupe(append(g.phrases[k], concepts...))
		default:
			return nil, fmt.Errorf("matching glossary line %d: phrases have two words at most", line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("matching glossary: %w", err)
	}
	return g, nil
}

// lookup returns the concepts of a folded Turkish word: the entry of the word itself, of its stem,
// or of a prefix of four letters or more followed only by Turkish suffixes ("karpuzla" →
// "karpuz"). Stems of three letters or fewer match only through the stemmer, which keeps "elma"
// from being "el" (hand) plus a suffix.
func (g *glossary) lookup(folded string) []string {
	if c, ok := g.words[folded]; ok {
		return c
	}
	if c, ok := g.words[trStem(folded)]; ok {
		return c
	}
	for i := len(folded) - 1; i >= 4; i-- {
		if c, ok := g.words[folded[:i]]; ok && trStem("xxx"+folded[i:]) == "xxx" {
			return c
		}
	}
	return nil
}

// phrase returns the concepts of two consecutive folded Turkish words.
func (g *glossary) phrase(a, b string) []string {
	return g.phrases[trStem(a)+" "+trStem(b)]
}

// pivots returns the Turkish pivots of a stemmed English word (see glossary.enPivots).
func (g *glossary) pivots(enStemmed string) []string {
	return g.enPivots[enStemmed]
}
