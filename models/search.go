package models

// Full-text claim search for GET /v1/claims/search.
//
// How user text becomes a query (the same rules on both databases):
//   - Q is split on white space into chunks; a chunk without a letter or digit is dropped, so
//     punctuation and search-engine syntax ("OR", quotes, brackets, *, :, -, NEAR) never reach a
//     parser as syntax: user text is only ever a bound parameter or a quoted FTS5 string. A query
//     of nothing but punctuation finds nothing.
//   - Chunks that are English or Turkish stop words are dropped unless the query has nothing else.
//   - Every remaining chunk must match (AND): "aşı otizm" finds claims about both, not either,
//     which is what people mean by several words and keeps result sets small at a million claims.
//   - Each word matches in any of the Turkish spellings of its I's the index may hold (see
//     internal/search); spellings no claim has are dropped first on SQLite.
//   - A word of three or more letters also matches as a prefix of the claim text's words (a root
//     finds its suffixed forms: "aşı" → "aşılar"). A word with Turkish inflectional suffixes is
//     also matched by its stem as a prefix ("depremler" → "deprem", "Isparta'nın" → "isparta")
//     and, when a vowel-initial suffix softened the stem's last consonant, by the stem with the
//     softening undone ("ekmeği" → "ekmeğ", "ekmek"); the stems' prefixes replace the word's,
//     which they cover. The other way round, a word (or stem) ending in a stop that softens also
//     matches its softened forms before a suffix vowel as prefixes ("kitap" → "kitaba",
//     "kitabı"), so "kitap" finds "kitabın".
//   - internal/search plans all of this from the text (chunks, stop words, spellings, stems and
//     which forms are prefixes) into SearchQuery.Terms; this file turns the planned terms into
//     each database's SQL.
//   - Words typed without Turkish letters or accents find the words that have them, and the other
//     way round ("seker" ↔ "şeker", "isik" → "Işık"): FTS5 folds them on SQLite, and PostgreSQL
//     indexes a folded copy of the text (searchFoldFrom/To).
//
// PostgreSQL: claims.search_tsv (migration 00012) is content with the 'simple' dictionary (weight
// A; claims come in any language, so no stemming), its folded copy (translate() with
// searchFoldFrom/To, weight C) and en_query with 'english' (weight B). A chunk becomes, ORed
// (searchPGAlts): each spelling as a whole word anywhere, the folded chunk as a whole word of the
// folded copy (:C), the stems' (or the chunk's) spellings as prefixes of the text (:*A) and, folded,
// of the folded copy (:*C), and plainto_tsquery('english', chunk); the chunks are ANDed. Every
// alternative goes through plainto_tsquery, and the tsquery is made of PostgreSQL's renderings
// with weight marks added. Per-chunk OR (rather than websearch_to_tsquery('simple', q) ||
// websearch_to_tsquery('english', q)) lets one word match the Turkish text and another the English
// query of the same claim, and keeps stemming ("vaccines" finds "vaccine" through en_query).
// Ranking is ts_rank_cd (cover density: more and closer mentions rank higher; content counts 1.0,
// its folded copy 0.9, en_query 0.4, so the exact spelling ranks above a folded match), which
// depends only on the claim and the query, so keyset pagination on (rank, created_at, id) is
// exact. With the test database's C.UTF-8 ctype, to_tsvector('simple', …) lower-cases İ and I to
// i but keeps ı and every other Turkish letter in the text as written: "İstanbul", "ISTANBUL" and
// "istanbul" meet there, and the folded copy makes "seker" meet "şeker".
//
// SQLite: claims_fts (FTS5, unicode61 remove_diacritics 2) folds case and ş, ç, ğ, ö, ü and İ but
// keeps ı, which the spellings cover. A chunk becomes its alphanumeric words, each a quoted FTS5
// string (spellings ORed), all ANDed, or, when it has stems, the stems' spellings as quoted
// content prefixes (ORed). Ranking is bm25 (content 1.0, en_query 0.4), exposed negated
// so that higher is better; it weighs words by their rarity in the whole table, so scores drift as
// claims are added, and the next page re-ranks the cursor's claim to keep its boundary exact.
//
// Relevance order ranks the newest searchRankCap (1,000) matches: ranking all of a word that a
// fifth of the claims contain would read a fifth of the table. The cursor keeps where that window
// ended, so later pages rank the same claims. On SQLite the window is looked for among the
// 10·searchRankCap newest-stored matches of the text, starting where a From/To date range begins,
// because each match looked at costs a row read for the filters. Newest order is never windowed.
//
// Reading matches: collecting every match and sorting is cheap for rare words and slow for common
// ones; walking claims newest first is the opposite. PostgreSQL's estimate (SQLite: a capped count)
// picks one per query, leaning to collecting, since a walk for a word rarer than estimated reads
// most of the table. See BenchmarkSearch for the numbers at a million claims.

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/database"
	"github.com/google/uuid"
	"gorm.io/gorm"
)

// SearchStore runs full-text claim searches.
type SearchStore struct {
	db *database.DB
	// rankCap is how many of the newest matches relevance order ranks (searchRankCap; tests lower it).
	rankCap int
	// path forces one way of reading matches, so tests cover every plan on small tables.
	path searchPath
	// rowidSlack widens the rowid range SQLite maps a date range to (searchRowidSlack).
	rowidSlack int64
}

// searchPath is how a text search reads its matches.
type searchPath int

const (
	// searchPathAuto chooses from the estimated (PostgreSQL) or counted (SQLite) matches.
	searchPathAuto searchPath = iota
	// searchPathCollect reads every match and sorts (PostgreSQL: GIN bitmap; SQLite: FTS5).
	searchPathCollect
	// searchPathWalk goes newest first (PostgreSQL: by date index; SQLite: by rowid bound).
	searchPathWalk
)

// NewSearchStore builds the search store over db.
func NewSearchStore(db *database.DB) *SearchStore {
	return &SearchStore{db: db, rankCap: searchRankCap, rowidSlack: searchRowidSlack}
}

// SearchQuery: Q may be empty (then only filters apply and Order must be "newest").
type SearchQuery struct {
	Q        string     // free text, already trimmed, <= 200 runes
	Category string     // "" = any
	Verdict  string     // compatible slug (dogru|kismen|yanlis|belirsiz) of the claim's effective verdict (community verdict when experts voted, else ai_verdict); "" = any
	FirmID   string     // "" = any
	Language string     // ISO 639-1 or "und"; "" = any
	From, To *time.Time // created_at >= From, created_at < To
	Order    string     // "relevance" (default when Q != "") or "newest"
	Cursor   string     // opaque, from a previous SearchPage.NextCursor with the same query
	Limit    int        // 1..100; 0 means 20
	// Hidden is "" for visible claims only (every public caller), SearchHiddenOnly or
	// SearchHiddenAny: the admin console's moderation list, which must find hidden claims too.
	Hidden string
	// Analyzer is the analyzer name a claim was checked by ("" = any).
	Analyzer string
	// Via is SearchViaWeb (checked through the site's form), SearchViaAPI (with an API key) or "".
	Via string
	// Terms is Q planned by internal/search.Plan (non-nil whenever Q is not empty; empty when Q
	// has nothing searchable).
	Terms []SearchTerm
}

// Values of SearchQuery.Hidden and SearchQuery.Via.
const (
	// SearchHiddenOnly lists hidden claims only.
	SearchHiddenOnly = "only"
	// SearchHiddenAny lists hidden and visible claims.
	SearchHiddenAny = "any"
	// SearchViaWeb lists claims checked without an API key.
	SearchViaWeb = "web"
	// SearchViaAPI lists claims checked with an API key.
	SearchViaAPI = "api"
)

// SearchMaxRunes bounds the query text one request can search for, even if a caller forgot to
// validate Q; the rest is ignored.
const SearchMaxRunes = 200

// SearchTerm is one white-space separated chunk of the query text as internal/search plans it:
// what the chunk may match, each form with the spellings the index may hold it in.
type SearchTerm struct {
	// Raw is the chunk as typed (the English query is matched by it, stemmed on PostgreSQL).
	Raw string
	// Forms are Raw and, when different, its words joined by spaces: whole words on PostgreSQL,
	// whose parser splits them like the indexed text.
	Forms []SearchForm
	// Words are its letter-and-digit runs, all required on SQLite (FTS5's unicode61 splits text
	// the same way).
	Words []SearchForm
	// Stems are the roots an inflected chunk is matched by as prefixes instead of its own; nil
	// when it has none.
	Stems []SearchForm
	// Soft are the prefixes of the inflections that soften the chunk's last consonant.
	Soft []SearchForm
}

// SearchForm is a word (or root, or prefix) of a query chunk.
type SearchForm struct {
	Text string
	// Spellings are the forms the index may hold Text in, Text first.
	Spellings []string
	// Prefix says the form also matches as the start of a longer word of the claim text.
	Prefix bool
}

// SearchHit is one matching claim. Rank: higher is more relevant; 0 for order=newest.
type SearchHit struct {
	Claim Claim
	Rank  float64
}

// SearchPage is one page of hits. NextCursor is "" on the last page.
type SearchPage struct {
	Hits       []SearchHit
	NextCursor string
}

// ErrBadCursor is returned for a cursor that is malformed or belongs to another query.
var ErrBadCursor = errors.New("invalid or expired search cursor")

// Search orders.
const (
	// SearchRelevance ranks by full-text relevance, newest first among equals.
	SearchRelevance = "relevance"
	// SearchNewest lists newest first.
	SearchNewest = "newest"
)

const (
	searchDefaultLimit = 20
	searchMaxLimit     = 100
	// searchMaxCursor bounds what is decoded from a client-supplied cursor.
	searchMaxCursor = 512
	// searchRankCap is how many of the newest matches relevance order ranks at most: enough that
	// every query with a usefully specific word is ranked over all its matches, small enough that
	// one very common word costs milliseconds rather than a scan of half the table.
	searchRankCap = 1000
	// searchBudgetFactor·rankCap is how many newest-stored matches of the text SQLite looks at, at
	// most, to fill the relevance window: each costs a row read to apply the filters.
	searchBudgetFactor = 10
	// Column weights: the claim text counts more than the English query derived from it, and as
	// written a little more than its folded copy, so an exact spelling ranks above a folded match
	// ("şeker" above "seker" for the query şeker, and the other way round for seker) while a
	// folded match still ranks above one in the English query.
	searchWeightContent = 1.0
	searchWeightFolded  = 0.9
	searchWeightEnQuery = 0.4
)

// Search returns one page of visible claims that match q.
func (s *SearchStore) Search(ctx context.Context, q SearchQuery) (SearchPage, error) {
	q.Q = searchTruncate(strings.TrimSpace(q.Q), SearchMaxRunes)
	order, err := searchOrder(q)
	if err != nil {
		return SearchPage{}, err
	}
	limit := q.Limit
	if limit <= 0 {
		limit = searchDefaultLimit
	}
	limit = min(limit, searchMaxLimit)
	hash := searchHash(q, order)
	var cur *searchCursor
	if q.Cursor != "" {
		if cur, err = decodeSearchCursor(q.Cursor, hash, order, s.db.Dialect); err != nil {
			return SearchPage{}, err
		}
	}
	if q.FirmID != "" {
		if _, err := uuid.Parse(q.FirmID); err != nil {
			return SearchPage{}, nil // no firm has that id
		}
	}
	terms := q.Terms
	if q.Q != "" {
		if terms == nil {
			return SearchPage{}, fmt.Errorf("search claims for %q: the text is not planned (internal/search.Plan)", q.Q)
		}
		if len(terms) == 0 {
			return SearchPage{}, nil // nothing searchable: only punctuation
		}
	} else {
		terms = nil
	}
	rankCap := s.rankCap
	if rankCap <= 0 {
		rankCap = searchRankCap
	}
	plan := &searchPlan{d: s.db.Dialect, q: q, order: order, terms: terms, cur: cur, limit: limit, rankCap: rankCap, path: s.path, slack: s.rowidSlack}
	var rows []searchRow
	err = s.run(ctx, len(terms) > 0, func(tx *gorm.DB) error {
		var err error
		rows, err = plan.fetch(tx)
		return err
	})
	if err != nil {
		return SearchPage{}, fmt.Errorf("search claims for %q: %w", q.Q, err)
	}
	page := SearchPage{Hits: make([]SearchHit, 0, min(len(rows), limit))}
	for i, r := range rows {
		if i == limit {
			last := rows[limit-1]
			next := searchCursor{Hash: hash, Order: order, CreatedAt: last.CreatedAt, ID: last.ID, Window: plan.window}
			if order == SearchRelevance {
				b := last.SearchRank
				next.Rank = &b
			}
			page.NextCursor = next.encode()
			break
		}
		rank := 0.0
		if order == SearchRelevance {
			rank = r.SearchRank
			if s.db.Dialect == database.SQLite {
				rank = -rank // bm25: lower is better
			}
		}
		page.Hits = append(page.Hits, SearchHit{Claim: r.Claim, Rank: rank})
	}
	return page, nil
}

// Count returns how many visible claims match q's text and filters, counting at most limit+1 of
// them, and whether there are more than limit (capped): the web history's page count, which a
// keyset page cannot give, without reading every match of a common word. Cursor and Order are
// ignored; the matching is Search's, so both agree on what matches.
func (s *SearchStore) Count(ctx context.Context, q SearchQuery, limit int) (n int64, capped bool, err error) {
	q.Q = searchTruncate(strings.TrimSpace(q.Q), SearchMaxRunes)
	if q.FirmID != "" {
		if _, err := uuid.Parse(q.FirmID); err != nil {
			return 0, false, nil
		}
	}
	terms := q.Terms
	if q.Q == "" {
		terms = nil
	} else if terms == nil {
		return 0, false, fmt.Errorf("count claims for %q: the text is not planned (internal/search.Plan)", q.Q)
	} else if len(terms) == 0 {
		return 0, false, nil
	}
	limit = max(limit, 1)
	plan := &searchPlan{d: s.db.Dialect, q: q, order: SearchNewest, terms: terms, limit: limit, rankCap: searchRankCap, path: s.path, slack: s.rowidSlack}
	err = s.run(ctx, len(terms) > 0, func(tx *gorm.DB) error {
		where, args := plan.filters()
		from := "claims c"
		if len(terms) > 0 {
			var ok bool
			var err error
			if plan.d == database.SQLite {
				ok, err = plan.resolveSQLite(tx)
			} else {
				ok, err = plan.resolvePostgres(tx)
			}
			if err != nil || !ok {
				return err
			}
			if plan.d == database.SQLite {
				from = "claims_fts JOIN claims c ON c.rowid = claims_fts.rowid"
				where, args = append([]string{"claims_fts MATCH ?"}, where...), append([]any{plan.fts}, args...)
			} else {
				where, args = append(where, "c.search_tsv @@ CAST(? AS tsquery)"), append(args, plan.tsq)
			}
		}
		return tx.Raw("SELECT count(*) FROM (SELECT 1 FROM "+from+" WHERE "+strings.Join(where, " AND ")+" LIMIT ?) m",
			append(args, limit+1)...).Scan(&n).Error
	})
	if err != nil {
		return 0, false, fmt.Errorf("count claims for %q: %w", q.Q, err)
	}
	if n > int64(limit) {
		return int64(limit), true, nil
	}
	return n, false, nil
}

// run executes fn. On PostgreSQL a text search runs in a read-only transaction, so the planner
// setting resolvePostgres makes (set_config(…, true)) ends with it.
func (s *SearchStore) run(ctx context.Context, text bool, fn func(tx *gorm.DB) error) error {
	if s.db.Dialect != database.Postgres || !text {
		return fn(s.db.Gorm.WithContext(ctx))
	}
	return s.db.Gorm.WithContext(ctx).Transaction(fn, &sql.TxOptions{ReadOnly: true})
}

// searchOrder resolves the effective order: relevance needs text to rank by.
func searchOrder(q SearchQuery) (string, error) {
	switch q.Order {
	case "":
		if q.Q == "" {
			return SearchNewest, nil
		}
		return SearchRelevance, nil
	case SearchRelevance:
		if q.Q == "" {
			return SearchNewest, nil
		}
		return SearchRelevance, nil
	case SearchNewest:
		return SearchNewest, nil
	}
	return "", fmt.Errorf("search: unknown order %q (want relevance or newest)", q.Order)
}

// searchRow is a claim with its raw rank (ts_rank_cd on PostgreSQL, bm25 on SQLite).
type searchRow struct {
	Claim      `gorm:"embedded"`
	SearchRank float64 `gorm:"column:search_rank"`
	// The size and oldest row of the ranked window (relevance order, first page).
	WindowN   int64      `gorm:"column:window_n"`
	WindowT   *time.Time `gorm:"column:window_t"`
	WindowID  *string    `gorm:"column:window_id"`
	WindowRID *int64     `gorm:"column:window_rid"`
}

// searchPlan builds and runs the SQL of one search.
type searchPlan struct {
	d     database.Dialect
	q     SearchQuery
	order string
	terms []SearchTerm
	cur   *searchCursor
	limit int
	// rankCap bounds how many of the newest matches relevance order ranks.
	rankCap int
	path    searchPath
	slack   int64
	// window is where the ranked matches end (relevance order), nil when all matches are ranked.
	window *searchWindow
	// tsq (PostgreSQL: distinct lexemes only, so none skews the estimate twice) and fts (SQLite:
	// only spellings the index holds, so none costs bm25 work for nothing) are the text query.
	tsq, fts string
	// bitmap (PostgreSQL) says to collect every match and sort, rather than walk claims by date.
	bitmap bool
}

// searchKey is a position in (created_at DESC, id DESC) order.
type searchKey struct {
	CreatedAt time.Time `json:"t"`
	ID        string    `json:"i"`
}

// searchWindow is the oldest match relevance order ranks: by (created_at, id) on PostgreSQL, by
// rowid (the order claims were stored in, which FTS5 walks without sorting) on SQLite.
type searchWindow struct {
	Key   *searchKey `json:"k,omitempty"`
	RowID *int64     `json:"r,omitempty"`
	// Top is the newest rowid looked at on SQLite when To bounds the dates.
	Top *int64 `json:"t,omitempty"`
}

// fetch returns up to limit+1 rows; the extra row tells that a next page exists.
func (p *searchPlan) fetch(tx *gorm.DB) ([]searchRow, error) {
	cols, err := searchClaimColumns(tx)
	if err != nil {
		return nil, err
	}
	if len(p.terms) == 0 {
		where, args := p.filters()
		return p.newestFrom(tx, cols, "claims c", where, args)
	}
	var ok bool
	if p.d == database.SQLite {
		ok, err = p.resolveSQLite(tx)
	} else {
		ok, err = p.resolvePostgres(tx)
	}
	if err != nil || !ok {
		return nil, err // !ok: a word the index does not hold, so nothing matches
	}
	switch {
	case p.d == database.SQLite && p.order == SearchNewest:
		return p.newestSQLite(tx, cols)
	case p.d == database.SQLite:
		return p.relevanceSQLite(tx, cols)
	case p.order == SearchNewest:
		return p.newestPostgres(tx, cols)
	default:
		return p.relevancePostgres(tx, cols)
	}
}

// afterCursor adds the keyset predicate of newest order: strictly after the cursor's claim.
func (p *searchPlan) afterCursor(where []string, args []any) ([]string, []any) {
	if p.cur == nil {
		return where, args
	}
	return append(where, "(c.created_at < ? OR (c.created_at = ? AND c.id < ?))"), append(args, p.cur.CreatedAt, p.cur.CreatedAt, p.cur.ID)
}

// newestFrom lists claims c from the given FROM clause newest first, after the cursor.
func (p *searchPlan) newestFrom(tx *gorm.DB, cols, from string, where []string, args []any) ([]searchRow, error) {
	where, args = p.afterCursor(where, args)
	var rows []searchRow
	err := tx.Raw("SELECT "+cols+", 0 AS search_rank FROM "+from+" WHERE "+strings.Join(where, " AND ")+
		" ORDER BY c.created_at DESC, c.id DESC LIMIT ?", append(args, p.limit+1)...).Scan(&rows).Error
	return rows, err
}

// searchPGAlt is one way a chunk may match on PostgreSQL, before PostgreSQL renders it as a tsquery.
type searchPGAlt struct {
	chunk int
	// english parses text with the 'english' configuration (stemmed, for en_query), else 'simple'.
	english bool
	text    string
	// prefix matches text as the start of a word; weights limits the match to those parts of
	// search_tsv ("" = any): A the claim text as written, C its folded copy.
	prefix  bool
	weights string
}

// searchPGAlts lists the alternatives of chunk i: each spelling of its forms as a whole word
// anywhere; the folded form in the folded copy; the stems (or, without one, the forms) and the
// softened prefixes as prefixes of the text as written and, folded, of the folded copy; and the
// chunk in the English query, stemmed.
func searchPGAlts(i int, c SearchTerm) []searchPGAlt {
	var alts []searchPGAlt
	for _, r := range c.Forms {
		for _, f := range r.Spellings {
			alts = append(alts, searchPGAlt{chunk: i, text: f})
		}
		alts = append(alts, searchPGAlt{chunk: i, text: searchFoldAccents(r.Text), weights: "C"})
	}
	// Prefixes only of the claim text, not of the English query: a Turkish root finds its
	// suffixed forms, while "earth" does not find "earthquake". The stem's prefix covers the word's.
	bases := c.Forms
	if c.Stems != nil {
		bases = c.Stems
	}
	for _, b := range append(slices.Clone(bases), c.Soft...) {
		if !b.Prefix {
			continue
		}
		for _, f := range b.Spellings {
			alts = append(alts, searchPGAlt{chunk: i, text: f, prefix: true, weights: "A"})
		}
		alts = append(alts, searchPGAlt{chunk: i, text: searchFoldAccents(b.Text), prefix: true, weights: "C"})
	}
	return append(alts, searchPGAlt{chunk: i, english: true, text: c.Raw})
}

// resolvePostgres turns the chunks into one tsquery (the alternatives of searchPGAlts ORed per
// chunk, the chunks ANDed) and decides how to read its matches.
func (p *searchPlan) resolvePostgres(tx *gorm.DB) (bool, error) {
	var alts []searchPGAlt
	for i, c := range p.terms {
		alts = append(alts, searchPGAlts(i, c)...)
	}
	vals := make([]string, len(alts))
	args := make([]any, len(alts))
	for j, a := range alts {
		cfg := "simple"
		if a.english {
			cfg = "english"
		}
		vals[j], args[j] = fmt.Sprintf("(%d, plainto_tsquery('%s', ?))", j, cfg), a.text
	}
	// The same round trip asks for plans made for this query's values for the rest of the
	// transaction (a cached generic plan cannot tell a rare word from a common one) and reads the
	// table's size for the choice below.
	var rendered []struct {
		J  int
		Q  string
		NN int
		N  float64
	}
	err := tx.Raw("SELECT u.j, u.q::text AS q, numnode(u.q) AS nn, (SELECT reltuples FROM pg_class WHERE oid = 'claims'::regclass)::float8 AS n, "+
		"set_config('plan_cache_mode', 'force_custom_plan', true) AS mode FROM (VALUES "+strings.Join(vals, ", ")+") AS u(j, q) "+
		"WHERE numnode(u.q) > 0 ORDER BY u.j", args...).Scan(&rendered).Error
	if err != nil {
		return false, fmt.Errorf("resolve words: %w", err)
	}
	// One entry per rendered lexeme of a chunk, so that a lexeme is in the tsquery once as a word
	// and once as a prefix, with the weights of every alternative that asked for it ('asi':*AC
	// rather than 'asi':*A | 'asi':*C, which would count it twice in the estimate below).
	type lexeme struct {
		q              string
		any            bool
		weights, start string
	}
	per := make([][]*lexeme, len(p.terms))
	size := 0.0
	for _, r := range rendered {
		a := alts[r.J]
		var l *lexeme
		for _, x := range per[a.chunk] {
			if x.q == r.Q {
				l = x
			}
		}
		if l == nil {
			l = &lexeme{q: r.Q}
			per[a.chunk] = append(per[a.chunk], l)
		}
		switch {
		case r.NN != 1 || (a.weights == "" && !a.prefix):
			l.any = true // a whole word anywhere; several lexemes ("covid-19") can take no weights
		case a.prefix:
			l.start = searchWeightUnion(l.start, a.weights)
		default:
			l.weights = searchWeightUnion(l.weights, a.weights)
		}
		size = r.N
	}
	parts := make([]string, len(per))
	for i, ls := range per {
		var qs []string
		for _, l := range ls {
			switch {
			case l.any:
				qs = append(qs, "("+l.q+")")
			case l.weights != "":
				qs = append(qs, "("+l.q+":"+l.weights+")")
			}
			if l.start != "" {
				qs = append(qs, "("+l.q+":*"+l.start+")")
			}
		}
		if len(qs) == 0 {
			return false, nil // only stop words of both dictionaries: nothing to look for
		}
		parts[i] = "(" + strings.Join(qs, " | ") + ")"
	}
	// Every lexeme is PostgreSQL's own rendering of one, followed by weight marks from this code,
	// so the joined text parses back to exactly these lexemes; no user text is read as tsquery
	// syntax.
	p.tsq = strings.Join(parts, " & ")

	// Collecting every match through the GIN index costs about 2.5 µs a match; walking claims
	// newest first costs about 1 µs a claim and visits need·claims/matches of them. Collect below
	// the break-even, with margin: the estimate of a word PostgreSQL keeps no statistics for is
	// too high, and a walk for a rare word reads most of the table.
	where, wargs := p.filters()
	var plan []string
	if err := tx.Raw("EXPLAIN (FORMAT JSON) SELECT 1 FROM claims c WHERE "+strings.Join(where, " AND ")+
		" AND c.search_tsv @@ CAST(? AS tsquery)", append(wargs, p.tsq)...).Scan(&plan).Error; err != nil || len(plan) != 1 {
		return false, fmt.Errorf("estimate matches: %v", err)
	}
	var est []struct {
		Plan struct {
			Rows float64 `json:"Plan Rows"`
		} `json:"Plan"`
	}
	if err := json.Unmarshal([]byte(plan[0]), &est); err != nil || len(est) != 1 {
		return false, fmt.Errorf("estimate matches: %q: %v", plan[0], err)
	}
	rows := est[0].Plan.Rows
	switch {
	case p.path != searchPathAuto:
		p.bitmap = p.path == searchPathCollect
	case p.order == SearchRelevance:
		p.bitmap = rows*rows < float64(p.rankCap)*max(size, rows, 1)/2
	default:
		p.bitmap = rows*rows < 4*float64(p.limit+1)*max(size, rows, 1)
	}
	return true, nil
}

// newestPostgres lists the matches newest first: collected through the GIN index and sorted, or
// by walking claims_created_idx (or a filter's index) with the planner's choice.
func (p *searchPlan) newestPostgres(tx *gorm.DB, cols string) ([]searchRow, error) {
	where, args := p.filters()
	where, args = append(where, "c.search_tsv @@ CAST(? AS tsquery)"), append(args, p.tsq)
	if !p.bitmap {
		return p.newestFrom(tx, cols, "claims c", where, args)
	}
	where, args = p.afterCursor(where, args)
	var rows []searchRow
	err := tx.Raw("WITH m AS MATERIALIZED (SELECT c.id, c.created_at FROM claims c WHERE "+strings.Join(where, " AND ")+") "+
		"SELECT "+cols+", 0 AS search_rank FROM (SELECT id, created_at FROM m ORDER BY created_at DESC, id DESC LIMIT ?) t "+
		"JOIN claims c ON c.id = t.id ORDER BY c.created_at DESC, c.id DESC", append(args, p.limit+1)...).Scan(&rows).Error
	return rows, err
}

// relevancePostgres ranks the newest rankCap matches (or, after the first page, the matches down
// to the cursor's window) with ts_rank_cd and returns one page of them by rank.
func (p *searchPlan) relevancePostgres(tx *gorm.DB, cols string) ([]searchRow, error) {
	where, args := p.filters()
	where, args = append(where, "c.search_tsv @@ CAST(? AS tsquery)"), append(args, p.tsq)
	limit := ""
	if p.cur != nil {
		if p.window = p.cur.Window; p.window != nil {
			where = append(where, "(c.created_at > ? OR (c.created_at = ? AND c.id >= ?))")
			args = append(args, p.window.Key.CreatedAt, p.window.Key.CreatedAt, p.window.Key.ID)
		}
	} else {
		limit = " LIMIT " + strconv.Itoa(p.rankCap)
	}
	// w: the window, newest first; r: ranked, with the window's size and oldest row on each row.
	var with, source string
	if p.bitmap {
		with = "WITH m AS MATERIALIZED (SELECT c.id, c.created_at FROM claims c WHERE " + strings.Join(where, " AND ") + ") "
		source = "SELECT t.id, t.created_at, c.search_tsv FROM (SELECT id, created_at FROM m ORDER BY created_at DESC, id DESC" + limit +
			") t JOIN claims c ON c.id = t.id"
	} else {
		source = "SELECT c.id, c.created_at, c.search_tsv FROM claims c WHERE " + strings.Join(where, " AND ") +
			" ORDER BY c.created_at DESC, c.id DESC" + limit
	}
	q := with + "SELECT " + cols + ", r.search_rank, r.window_n, r.window_t, r.window_id FROM (" +
		"SELECT w.id, w.created_at, " + searchPGRank("w") + " AS search_rank, count(*) OVER win AS window_n, " +
		"last_value(w.created_at) OVER win AS window_t, last_value(w.id) OVER win AS window_id FROM (" + source + ") w " +
		"WINDOW win AS (ORDER BY w.created_at DESC, w.id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)) r " +
		"JOIN claims c ON c.id = r.id"
	if p.bitmap { // placeholders in text order: the CTE's, then the rank's
		args = append(args, p.tsq)
	} else { // the rank's, then the window source's
		args = append([]any{p.tsq}, args...)
	}
	if p.cur != nil {
		q += " WHERE (r.search_rank < ? OR (r.search_rank = ? AND (r.created_at < ? OR (r.created_at = ? AND r.id < ?))))"
		args = append(args, *p.cur.Rank, *p.cur.Rank, p.cur.CreatedAt, p.cur.CreatedAt, p.cur.ID)
	}
	q += " ORDER BY r.search_rank DESC, r.created_at DESC, r.id DESC LIMIT ?"
	args = append(args, p.limit+1)
	var rows []searchRow
	if err := tx.Raw(q, args...).Scan(&rows).Error; err != nil {
		return nil, err
	}
	if p.cur == nil && len(rows) > 0 && rows[0].WindowN >= int64(p.rankCap) && rows[0].WindowT != nil && rows[0].WindowID != nil {
		p.window = &searchWindow{Key: &searchKey{CreatedAt: *rows[0].WindowT, ID: *rows[0].WindowID}}
	}
	return rows, nil
}

// searchPGRank is the rank of claim row t: ts_rank_cd with content (A) above its folded copy (C)
// above en_query (B); the tsquery is the next bound parameter.
func searchPGRank(t string) string {
	return fmt.Sprintf("ts_rank_cd('{0.1, %g, %g, %g}', %s.search_tsv, CAST(? AS tsquery))", searchWeightFolded, searchWeightEnQuery, searchWeightContent, t)
}

// searchSQLiteRank is bm25 over claims_fts, which must be in the FROM clause and restricted by
// MATCH; lower is better.
var searchSQLiteRank = fmt.Sprintf("bm25(claims_fts, %g, %g)", searchWeightContent, searchWeightEnQuery)

// resolveSQLite builds the MATCH expression from the spellings claims_fts holds: per chunk, its
// words ANDed (each a whole word or a prefix of the claim text) or its stem as a prefix.
func (p *searchPlan) resolveSQLite(tx *gorm.DB) (bool, error) {
	type chunkTerms struct {
		words [][]string // per word, its terms
		stem  []string
	}
	chunks := make([]chunkTerms, len(p.terms))
	var probes []string
	var args []any
	probe := func(t string) string {
		probes = append(probes, "EXISTS (SELECT 1 FROM claims_fts WHERE claims_fts MATCH ?)")
		args = append(args, t)
		return t
	}
	for i, c := range p.terms {
		for _, w := range c.Words {
			var ts []string
			for _, v := range w.Spellings {
				ts = append(ts, probe(searchFTSTerm(v, w.Prefix)))
			}
			chunks[i].words = append(chunks[i].words, ts)
		}
		for _, stem := range append(slices.Clone(c.Stems), c.Soft...) {
			for _, v := range stem.Spellings {
				chunks[i].stem = append(chunks[i].stem, probe("content : "+searchFTSString(v)+"*"))
			}
		}
	}
	r, err := tx.Raw("SELECT "+strings.Join(probes, ", "), args...).Rows()
	if err != nil {
		return false, fmt.Errorf("resolve words: %w", err)
	}
	defer r.Close()
	present := make([]bool, len(probes))
	dest := make([]any, len(probes))
	for i := range dest {
		dest[i] = &present[i]
	}
	if !r.Next() {
		return false, fmt.Errorf("resolve words: no row: %v", r.Err())
	}
	if err := r.Scan(dest...); err != nil {
		return false, fmt.Errorf("resolve words: %w", err)
	}
	k := 0
	held := func(ts []string) string { // the terms the index holds, ORed; "" if none
		var alts []string
		for _, t := range ts {
			if present[k] {
				alts = append(alts, t)
			}
			k++
		}
		if len(alts) == 1 {
			return alts[0]
		}
		if len(alts) == 0 {
			return ""
		}
		return "(" + strings.Join(alts, " OR ") + ")"
	}
	var parts []string
	for _, c := range chunks {
		var words []string
		for _, ts := range c.words {
			words = append(words, held(ts))
		}
		var either []string
		if !slices.Contains(words, "") {
			either = append(either, strings.Join(words, " AND "))
		}
		if stem := held(c.stem); stem != "" {
			either = append(either, stem)
		}
		switch len(either) {
		case 0:
			return false, nil
		case 1:
			parts = append(parts, either[0])
		default:
			parts = append(parts, "(("+either[0]+") OR "+either[1]+")")
		}
	}
	p.fts = strings.Join(parts, " AND ")
	return true, r.Err()
}

// newestSQLite lists the matches newest first. Few matches are collected from FTS5 and sorted.
// For many, FTS5 walks them newest-stored first until limit+1 pass the filters; the oldest of
// those, T, bounds the answer, and every claim created at or after T was stored at or after the
// smallest rowid among them (read from claims_created_idx without touching rows), so sorting the
// matches from that rowid on gives exactly the newest page without visiting older matches.
func (p *searchPlan) newestSQLite(tx *gorm.DB, cols string) ([]searchRow, error) {
	var probe struct{ Matches, Claims int64 }
	if err := tx.Raw("SELECT max(rowid) AS claims FROM claims").Scan(&probe).Error; err != nil {
		return nil, fmt.Errorf("count claims: %w", err)
	}
	// Collecting reads every match, walking about (limit+1)·claims/matches of them: collect below
	// 2·sqrt((limit+1)·claims) matches (about 9,000 at a million claims and a page of 20).
	threshold := int64(2 * math.Sqrt(float64(p.limit+1)*float64(max(probe.Claims, 1))))
	if err := tx.Raw("SELECT count(*) AS matches FROM (SELECT 1 FROM claims_fts WHERE claims_fts MATCH ? LIMIT ?)", p.fts, threshold).Scan(&probe).Error; err != nil {
		return nil, fmt.Errorf("count matches: %w", err)
	}
	where, args := p.filters()
	from := "claims_fts JOIN claims c ON c.rowid = claims_fts.rowid"
	where, args = append([]string{"claims_fts MATCH ?"}, where...), append([]any{p.fts}, args...)
	if collect := probe.Matches < threshold; p.path == searchPathCollect || (p.path == searchPathAuto && collect) {
		return p.newestFrom(tx, cols, from, where, args)
	}
	// Any limit+1 matches that pass the filters bound the answer; a date range says where in the
	// rowids to look for them first.
	lo, hi, none, err := p.dateRowids(tx)
	if err != nil || none {
		return nil, err
	}
	walk := func(rng *searchWindow) ([]time.Time, error) {
		m, margs := rng.rowidRange("claims_fts MATCH ?", []any{p.fts})
		fw, fargs := p.filters()
		w, wargs := p.afterCursor(append([]string{m}, fw...), append(margs, fargs...))
		var times []time.Time
		err := tx.Raw("SELECT c.created_at FROM "+from+" WHERE "+strings.Join(w, " AND ")+" ORDER BY claims_fts.rowid DESC LIMIT ?",
			append(wargs, p.limit+1)...).Scan(&times).Error
		return times, err
	}
	times, err := walk(&searchWindow{RowID: lo, Top: hi})
	if err == nil && len(times) < p.limit+1 && (lo != nil || hi != nil) {
		times, err = walk(nil)
	}
	if err != nil {
		return nil, fmt.Errorf("newest stored matches: %w", err)
	}
	if len(times) == 0 {
		return nil, nil
	}
	oldest := slices.MinFunc(times, func(a, b time.Time) int { return a.Compare(b) })
	bound, bargs := []string{"created_at >= ?"}, []any{oldest}
	if p.cur != nil {
		bound, bargs = append(bound, "created_at <= ?"), append(bargs, p.cur.CreatedAt)
	}
	var first []int64
	if err := tx.Raw("SELECT min(rowid) FROM claims INDEXED BY claims_created_idx WHERE "+strings.Join(bound, " AND "), bargs...).Scan(&first).Error; err != nil || len(first) != 1 {
		return nil, fmt.Errorf("first rowid since %s: %v", oldest, err)
	}
	where = append(where, "claims_fts.rowid >= ?", "c.created_at >= ?")
	args = append(args, first[0], oldest)
	return p.newestFrom(tx, cols, from, where, args)
}

// relevanceSQLite ranks with bm25 the matches stored since the window: on the first page the
// rankCap newest-stored matches that pass the filters, looked for among at most 10·rankCap
// newest-stored matches of the text (FTS5 walks rowids downwards, so finding them costs no sort,
// and the filters cost one row read per match looked at); after it, the cursor's window.
func (p *searchPlan) relevanceSQLite(tx *gorm.DB, cols string) ([]searchRow, error) {
	where, args := p.filters()
	limit := ""
	if p.cur != nil {
		p.window = p.cur.Window
	} else {
		limit = " LIMIT " + strconv.Itoa(p.rankCap)
		lo, hi, none, err := p.dateRowids(tx)
		if err != nil || none {
			return nil, err
		}
		p.window = &searchWindow{RowID: lo, Top: hi}
		budget, bargs := "claims_fts MATCH ?", []any{p.fts}
		budget, bargs = p.window.rowidRange(budget, bargs)
		var floor []int64
		if err := tx.Raw("SELECT rowid FROM claims_fts WHERE "+budget+" ORDER BY rowid DESC LIMIT 1 OFFSET ?",
			append(bargs, searchBudgetFactor*p.rankCap-1)...).Scan(&floor).Error; err != nil {
			return nil, fmt.Errorf("rank budget: %w", err)
		}
		if len(floor) == 1 {
			p.window.RowID = &floor[0]
		}
		if p.window.RowID == nil && p.window.Top == nil {
			p.window = nil
		}
	}
	match, margs := "claims_fts MATCH ?", []any{p.fts}
	match, margs = p.window.rowidRange(match, margs)
	q := "SELECT " + cols + ", r.search_rank, r.window_n, r.window_rid FROM (" +
		"SELECT x.*, count(*) OVER () AS window_n, min(x.rid) OVER () AS window_rid FROM (" +
		"SELECT claims_fts.rowid AS rid, " + searchSQLiteRank + " AS search_rank, c.created_at AS created_at, c.id AS id " +
		"FROM claims_fts JOIN claims c ON c.rowid = claims_fts.rowid WHERE " + match + " AND " + strings.Join(where, " AND ") +
		" ORDER BY claims_fts.rowid DESC" + limit + ") x) r JOIN claims c ON c.rowid = r.rid"
	args = append(margs, args...)
	if p.cur != nil {
		after, err := p.cursorRank(tx)
		if err != nil {
			return nil, err
		}
		q += " WHERE (r.search_rank > ? OR (r.search_rank = ? AND (r.created_at < ? OR (r.created_at = ? AND r.id < ?))))"
		args = append(args, after, after, p.cur.CreatedAt, p.cur.CreatedAt, p.cur.ID)
	}
	q += " ORDER BY r.search_rank ASC, r.created_at DESC, r.id DESC LIMIT ?"
	args = append(args, p.limit+1)
	var rows []searchRow
	if err := tx.Raw(q, args...).Scan(&rows).Error; err != nil {
		return nil, err
	}
	if p.cur == nil && len(rows) > 0 && rows[0].WindowN >= int64(p.rankCap) && rows[0].WindowRID != nil {
		if p.window == nil {
			p.window = &searchWindow{}
		}
		p.window.RowID = rows[0].WindowRID
	}
	return rows, nil
}

// rowidRange adds the window's rowid bounds on claims_fts to a predicate; a nil window adds none.
func (w *searchWindow) rowidRange(pred string, args []any) (string, []any) {
	if w == nil {
		return pred, args
	}
	if w.RowID != nil {
		pred, args = pred+" AND claims_fts.rowid >= ?", append(args, *w.RowID)
	}
	if w.Top != nil {
		pred, args = pred+" AND claims_fts.rowid <= ?", append(args, *w.Top)
	}
	return pred, args
}

// searchRowidSlack widens the rowid range a date range maps to, for claims stored a little out of
// date order.
const searchRowidSlack = 1000

// dateRowids maps the From/To filters to a range of rowids to walk (SQLite): claims are stored
// about in date order, so the walk for an old date range can start near it instead of at the
// newest claim. The filters themselves still apply exactly; the range only bounds the walk, each
// end found with one seek of claims_created_idx. none reports that no claim is in the range.
func (p *searchPlan) dateRowids(tx *gorm.DB) (lo, hi *int64, none bool, err error) {
	seek := func(cond, order string, at time.Time) (*int64, bool, error) {
		var r []int64
		if err := tx.Raw("SELECT rowid FROM claims INDEXED BY claims_created_idx WHERE "+cond+" ORDER BY "+order+" LIMIT 1", at.UTC()).Scan(&r).Error; err != nil {
			return nil, false, fmt.Errorf("rowid at %s: %w", at, err)
		}
		if len(r) == 0 {
			return nil, true, nil
		}
		return &r[0], false, nil
	}
	if p.q.From != nil {
		if lo, none, err = seek("created_at >= ?", "created_at ASC, id ASC", *p.q.From); err != nil || none {
			return nil, nil, none, err
		}
		*lo -= p.slack
	}
	if p.q.To != nil {
		if hi, none, err = seek("created_at < ?", "created_at DESC, id DESC", *p.q.To); err != nil || none {
			return nil, nil, none, err
		}
		*hi += p.slack
	}
	return lo, hi, false, nil
}

// cursorRank is the bm25 score the next page continues after. bm25 weighs words by how rare they
// are in the whole table, so every score moves a little when claims are added; ranking the
// cursor's claim again keeps the page boundary where it is in the current order (a claim that has
// left the index since falls back to the remembered score).
func (p *searchPlan) cursorRank(tx *gorm.DB) (float64, error) {
	var now []float64
	err := tx.Raw("SELECT "+searchSQLiteRank+" FROM claims_fts WHERE claims_fts MATCH ? AND claims_fts.rowid = (SELECT rowid FROM claims WHERE id = ?)",
		p.fts, p.cur.ID).Scan(&now).Error
	if err != nil {
		return 0, fmt.Errorf("rank of the cursor's claim: %w", err)
	}
	if len(now) == 1 {
		return now[0], nil
	}
	return *p.cur.Rank, nil
}

// filters returns the visibility and filter predicates over claims c.
func (p *searchPlan) filters() ([]string, []any) {
	var where []string
	switch p.q.Hidden {
	case SearchHiddenOnly:
		where = append(where, "c.hidden_at IS NOT NULL")
	case SearchHiddenAny:
		where = append(where, "1 = 1") // callers join the predicates with AND after WHERE
	default:
		where = append(where, "c.hidden_at IS NULL")
	}
	var args []any
	if p.q.Analyzer != "" {
		where, args = append(where, "c.analyzer = ?"), append(args, p.q.Analyzer)
	}
	switch p.q.Via {
	case SearchViaWeb:
		where = append(where, "c.api_key_id IS NULL")
	case SearchViaAPI:
		where = append(where, "c.api_key_id IS NOT NULL")
	}
	if p.q.Category != "" {
		where, args = append(where, "c.category = ?"), append(args, p.q.Category)
	}
	if p.q.Verdict != "" {
		where = append(where, "COALESCE(CASE WHEN c.expert_count > 0 THEN c.community_verdict END, c.ai_verdict) = ?")
		args = append(args, p.q.Verdict)
	}
	if p.q.FirmID != "" {
		where, args = append(where, "c.firm_id = ?"), append(args, p.q.FirmID)
	}
	if p.q.Language != "" {
		where, args = append(where, "c.language = ?"), append(args, p.q.Language)
	}
	if p.q.From != nil {
		where, args = append(where, "c.created_at >= ?"), append(args, p.q.From.UTC())
	}
	if p.q.To != nil {
		where, args = append(where, "c.created_at < ?"), append(args, p.q.To.UTC())
	}
	return where, args
}

// searchClaimColumns lists the mapped claim columns qualified with c., so PostgreSQL does not ship the
// search vector back with every row.
func searchClaimColumns(tx *gorm.DB) (string, error) {
	stmt := &gorm.Statement{DB: tx}
	if err := stmt.Parse(&Claim{}); err != nil {
		return "", fmt.Errorf("claim columns: %w", err)
	}
	cols := make([]string, 0, len(stmt.Schema.DBNames))
	for _, n := range stmt.Schema.DBNames {
		cols = append(cols, "c."+n)
	}
	return strings.Join(cols, ", "), nil
}

// searchFTSTerm is v as an FTS5 query term: the quoted word anywhere or, when prefix, also a
// prefix of a word of the claim text.
func searchFTSTerm(v string, prefix bool) string {
	if prefix {
		return "(" + searchFTSString(v) + " OR content : " + searchFTSString(v) + "*)"
	}
	return searchFTSString(v)
}

// searchFTSString quotes v as an FTS5 string: inside double quotes nothing is syntax.
func searchFTSString(v string) string {
	return `"` + strings.ReplaceAll(v, `"`, `""`) + `"`
}

// searchFoldFrom and searchFoldTo are the letters the folded copy of the claim text in
// claims.search_tsv replaces (migration 00012 passes the same two lists to translate()): Turkish
// letters and the common Latin accents to their base letters, I and İ to i, and the combining dot
// of a decomposed İ dropped (it has no counterpart). FTS5's remove_diacritics folds the same
// letters on SQLite, and ı → i makes the I/İ/ı spellings meet, so typing without Turkish letters
// finds the same claims on both databases.
const (
	searchFoldFrom = "çğıöşüâîûáàäãåéèêëíìïóòôõúùñÇĞIİÖŞÜÂÎÛÁÀÄÃÅÉÈÊËÍÌÏÓÒÔÕÚÙÑ\u0307"
	searchFoldTo   = "cgiosuaiuaaaaaeeeeiiioooouunCGiiOSUAIUAAAAAEEEEIIIOOOOUUN"
)

// searchAccentFolder applies searchFoldFrom → searchFoldTo as translate() does.
var searchAccentFolder = func() *strings.Replacer {
	from, to := []rune(searchFoldFrom), []rune(searchFoldTo)
	pairs := make([]string, 0, 2*len(from))
	for i, r := range from {
		t := ""
		if i < len(to) {
			t = string(to[i])
		}
		pairs = append(pairs, string(r), t)
	}
	return strings.NewReplacer(pairs...)
}()

// searchFoldAccents is s as the folded copy in search_tsv holds it, before PostgreSQL's parser
// splits and lower-cases it.
func searchFoldAccents(s string) string { return strings.ToLower(searchAccentFolder.Replace(s)) }

// searchWeightUnion merges two sets of tsvector weights ("A", "C", "AC") in the order tsquery
// writes them.
func searchWeightUnion(a, b string) string {
	var out []byte
	for _, w := range []byte("ABCD") {
		if strings.IndexByte(a, w) >= 0 || strings.IndexByte(b, w) >= 0 {
			out = append(out, w)
		}
	}
	return string(out)
}

// searchCursor is what a NextCursor carries: the query it belongs to and the last hit's position.
type searchCursor struct {
	Hash      string        `json:"h"`
	Order     string        `json:"o"`
	CreatedAt time.Time     `json:"t"`
	ID        string        `json:"i"`
	Rank      *float64      `json:"r,omitempty"` // raw rank of the last hit (relevance order)
	Window    *searchWindow `json:"w,omitempty"` // where the ranked matches end (relevance order, capped)
}

// encode makes the cursor opaque: base64url of its JSON.
func (c searchCursor) encode() string {
	b, _ := json.Marshal(c) // plain fields: cannot fail
	return base64.RawURLEncoding.EncodeToString(b)
}

// decodeSearchCursor parses s and checks that it belongs to the query with hash and order and has
// the shape Search makes on dialect d, so nothing in it can break the SQL it is bound into.
func decodeSearchCursor(s, hash, order string, d database.Dialect) (*searchCursor, error) {
	if len(s) > searchMaxCursor {
		return nil, ErrBadCursor
	}
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return nil, ErrBadCursor
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	var c searchCursor
	if err := dec.Decode(&c); err != nil || dec.More() {
		return nil, ErrBadCursor
	}
	if c.Hash != hash || c.Order != order || c.CreatedAt.IsZero() || uuid.Validate(c.ID) != nil ||
		(order == SearchRelevance) != (c.Rank != nil) || (c.Window != nil && !c.Window.valid(order, d)) {
		return nil, ErrBadCursor
	}
	return &c, nil
}

// valid reports whether a decoded window has the shape Search makes on dialect d.
func (w *searchWindow) valid(order string, d database.Dialect) bool {
	if order != SearchRelevance {
		return false
	}
	if d == database.Postgres {
		return w.Key != nil && w.RowID == nil && w.Top == nil && uuid.Validate(w.Key.ID) == nil && !w.Key.CreatedAt.IsZero()
	}
	return w.Key == nil && (w.RowID != nil || w.Top != nil)
}

// searchHash identifies the query a cursor belongs to: text, filters and order, not the page size.
func searchHash(q SearchQuery, order string) string {
	ts := func(t *time.Time) string {
		if t == nil {
			return ""
		}
		return t.UTC().Format(time.RFC3339Nano)
	}
	parts := []string{q.Q, q.Category, q.Verdict, q.FirmID, q.Language, ts(q.From), ts(q.To), order}
	if q.Hidden != "" || q.Analyzer != "" || q.Via != "" {
		// Only the console sets these; public cursors keep the hash they always had.
		parts = append(parts, q.Hidden, q.Analyzer, q.Via)
	}
	b, _ := json.Marshal(parts)
	sum := sha256.Sum256(b)
	return base64.RawURLEncoding.EncodeToString(sum[:12])
}

// searchTruncate keeps at most n runes of s.
func searchTruncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}
