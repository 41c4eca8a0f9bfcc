// Package search plans full-text claim searches: it turns the query text into the chunks, Turkish
// spellings, stems and prefixes that models.SearchStore matches (see models/search.go for how the
// two databases use them), and runs the planned query through the store.
package search

import (
	"context"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/turkish"
	"github.com/claimcheck/claimcheck/models"
)

// Store runs planned searches (models.SearchStore).
type Store interface {
	Search(ctx context.Context, q models.SearchQuery) (models.SearchPage, error)
}

// Counter counts a planned search's matches up to a cap (models.SearchStore).
type Counter interface {
	Count(ctx context.Context, q models.SearchQuery, limit int) (int64, bool, error)
}

// Searcher plans each query's text and runs it through the store.
type Searcher struct {
	store Store
}

// New builds a Searcher over store.
func New(store Store) *Searcher { return &Searcher{store: store} }

// Search plans q.Q into q.Terms and returns one page of the store's matches.
func (s *Searcher) Search(ctx context.Context, q models.SearchQuery) (models.SearchPage, error) {
	return s.store.Search(ctx, Plan(q))
}

// Count plans q.Q and counts its matches, at most limit, through the store when it can count
// (models.SearchStore does); capped says there are more.
func (s *Searcher) Count(ctx context.Context, q models.SearchQuery, limit int) (n int64, capped bool, err error) {
	c, ok := s.store.(Counter)
	if !ok {
		return 0, false, fmt.Errorf("count claims for %q: the search store cannot count", q.Q)
	}
	return c.Count(ctx, Plan(q), limit)
}

// Plan trims and bounds q.Q and sets q.Terms to its planned chunks: an empty, non-nil list when
// the text has nothing searchable (only punctuation), so the store finds nothing.
func Plan(q models.SearchQuery) models.SearchQuery {
	q.Q = truncate(strings.TrimSpace(q.Q), models.SearchMaxRunes)
	q.Terms = nil
	if q.Q == "" {
		return q
	}
	q.Terms = []models.SearchTerm{}
	for _, c := range parseChunks(q.Q) {
		q.Terms = append(q.Terms, c.term())
	}
	return q
}

// maxChunks bounds the work one request can ask for, even if a caller forgot to validate Q.
const maxChunks = 16

// chunk is one white-space separated piece of the query.
type chunk struct {
	// raw is the chunk as typed (PostgreSQL's parser splits it like the indexed text).
	raw string
	// words are its letter-and-digit runs (FTS5's unicode61 splits text the same way).
	words []string
}

// term is the chunk as the store matches it: every form with the spellings the index may hold it
// in, and whether it is matched as a prefix.
func (c chunk) term() models.SearchTerm {
	t := models.SearchTerm{Raw: c.raw}
	t.Forms = append(t.Forms, form(c.raw, prefixWord(c.raw)))
	if joined := strings.Join(c.words, " "); joined != c.raw {
		t.Forms = append(t.Forms, form(joined, prefixWord(joined)))
	}
	stems := stems(c)
	for _, w := range c.words {
		// The stem's prefix covers a one-word chunk's own.
		t.Words = append(t.Words, form(w, prefixWord(w) && (stems == nil || len(c.words) != 1)))
	}
	for _, s := range stems {
		t.Stems = append(t.Stems, form(s, prefixWord(s)))
	}
	for _, s := range softPrefixes(c) {
		t.Soft = append(t.Soft, form(s, prefixWord(s)))
	}
	return t
}

// form is text with its spellings.
func form(text string, prefix bool) models.SearchForm {
	return models.SearchForm{Text: text, Spellings: spellings(text), Prefix: prefix}
}

// parseChunks splits q into chunks, drops those without a letter or digit and, unless nothing
// else is left, those that are only stop words.
func parseChunks(q string) []chunk {
	var all, content []chunk
	for _, f := range strings.Fields(q) {
		words := strings.FieldsFunc(f, func(r rune) bool { return !wordRune(r) })
		kept := words[:0]
		for _, w := range words {
			if strings.IndexFunc(w, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
				kept = append(kept, w)
			}
		}
		if len(kept) == 0 {
			continue
		}
		c := chunk{raw: f, words: kept}
		all = append(all, c)
		stop := true
		for _, w := range kept {
			if !stopWords[database.SearchFold(w)] {
				stop = false
			}
		}
		if !stop {
			content = append(content, c)
		}
	}
	if len(content) == 0 {
		content = all
	}
	if len(content) > maxChunks {
		content = content[:maxChunks]
	}
	return content
}

// wordRune reports whether r belongs to a word: letters, digits and combining marks (the dot of
// a decomposed İ), as FTS5's unicode61 tokenizer sees it.
func wordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}

// spellings returns the forms in which the index may hold w. Both databases lower-case I and İ
// to i but keep ı, so a word spelt with ı is stored as "ışık", "işık" (written "Işık") or "işik"
// ("IŞIK"); and people type Turkish on keyboards without ı ("asilar" for "aşılar"). The forms are w
// as typed, the Turkish lower case (I→ı), all-i, all-ı and the title-case form of the ı spellings,
// without duplicates. Vowel harmony keeps i and ı apart within a word, so these cover nearly every
// mix-up with at most a handful of alternatives.
func spellings(w string) []string {
	lower, dotless := turkish.Lower(w), dotless(w)
	out := []string{w}
	for _, v := range []string{lower, database.SearchFold(w), dotless, titleFold(lower), titleFold(dotless)} {
		dup := false
		for _, o := range out {
			//lint:ignore SA6005 EqualFold folds the Turkish İ differently from ToLower, and the spelling list is built on ToLower (TestSearchChunks)
			dup = dup || strings.ToLower(o) == strings.ToLower(v)
		}
		if !dup {
			out = append(out, v)
		}
	}
	return out
}

// titleFold is how the index holds a lower-case word written with a capital first letter:
// a leading ı becomes i.
func titleFold(s string) string {
	if rest, ok := strings.CutPrefix(s, "ı"); ok {
		return "i" + rest
	}
	return s
}

// dotless lower-cases s and writes every i as ı.
func dotless(s string) string {
	return strings.NewReplacer("i", "ı").Replace(database.SearchFold(s))
}

// prefixMin is the shortest word matched as a prefix of the claim text's words. Turkish builds
// words by adding suffixes to a root ("aşı" → "aşılar", "aşısı"; "otizm" → "otizme"), so a word
// finds the longer words it starts; below three letters a prefix would match too much to mean
// anything. The English query (en_query) is matched by whole words (and stems on PostgreSQL).
const prefixMin = 3

// prefixWord reports whether w is long enough to be matched as a prefix.
func prefixWord(w string) bool { return utf8.RuneCountInString(w) >= prefixMin }

// stems returns the roots a Turkish inflected query chunk is matched by as prefixes, or nil
// when it has none: turkish.SearchStem of a one-word chunk ("depremler" → "deprem", "istanbulda" →
// "istanbul", "aşıların" → "aşılar") followed, when a vowel-initial suffix softened its last
// consonant, by the stem with the softening undone ("ekmeği" → "ekmeğ", "ekmek"; "kitabı" →
// "kitab", "kitap"), so the query finds both the inflected forms and the bare word; or a proper
// noun whose suffixes follow an apostrophe, dropped whole ("Isparta'nın" → "ısparta", "ABD'de" →
// "abd"; three letters at least). An English word that passes the stemmer's vowel-harmony check
// ("vitamin" → "vitam") only matches more words that start like it, since the word itself still
// matches too. Stems are Turkish lower case; their spellings say how the index may hold them.
func stems(c chunk) []string {
	switch len(c.words) {
	case 1:
		w := turkish.Lower(c.words[0])
		stem, hard := turkish.SearchStem(w)
		switch {
		case stem == w:
			return nil
		case hard != "":
			return []string{stem, hard}
		}
		return []string{stem}
	case 2:
		base, rest := turkish.Lower(c.words[0]), turkish.Lower(c.words[1])
		if apostrophe(c) && utf8.RuneCountInString(base) >= turkish.StemMin-1 && turkish.OnlySuffixes(rest) {
			return []string{base}
		}
	}
	return nil
}

// softPrefixes lists the prefixes by which a one-word chunk also finds the inflections that
// soften its last consonant (turkish.SoftBeforeVowel of its stem, or of the word when it has
// none): "kitap" → "kitaba", "kitabı"; "kitaplar" → the same. A stem that is itself softened
// ("ekmeğ" of "ekmeği") already covers them, and a proper noun keeps its letter before an
// apostrophe ("Ahmet'i"), so those get none.
func softPrefixes(c chunk) []string {
	if len(c.words) != 1 {
		return nil
	}
	w := turkish.Lower(c.words[0])
	if stems := stems(c); stems != nil {
		if len(stems) > 1 {
			return nil
		}
		w = stems[0]
	}
	return turkish.SoftBeforeVowel(w)
}

// apostrophe reports whether the chunk's two words are joined by an apostrophe, as Turkish
// writes suffixes after proper nouns.
func apostrophe(c chunk) bool {
	i := strings.Index(c.raw, c.words[0])
	if i < 0 {
		return false
	}
	rest := c.raw[i+len(c.words[0]):]
	r, n := utf8.DecodeRuneInString(rest)
	return strings.ContainsRune("'’‘ʼ`", r) && strings.HasPrefix(rest[n:], c.words[1])
}

// truncate keeps at most n runes of s.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// stopWords are dropped from queries (folded with database.SearchFold): PostgreSQL's English
// stop words, which the 'english' dictionary would drop anyway, and the commonest Turkish function
// words, which would otherwise have to appear in the claim text.
var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`i me my myself we our ours ourselves you your yours yourself
	yourselves he him his himself she her hers herself it its itself they them their theirs
	themselves what which who whom this that these those am is are was were be been being have has
	had having do does did doing a an the and but if or because as until while of at by for with
	about against between into through during before after above below to from up down in out on
	off over under again further then once here there when where why how all any both each few more
	most other some such no nor not only own same so than too very s t can will just don should now
	ve ile bir bu şu da de mi mı mu mü ki için gibi ama veya ya çok daha`) {
		m[database.SearchFold(w)] = true
	}
	return m
}()
