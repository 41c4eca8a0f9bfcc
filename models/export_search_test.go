package models

// What the search tests in package models_test need of the store's insides: they drive the store
// through internal/search, which imports this package, so they cannot live in it.

// Search cursor parts, so tests can forge cursors the store must reject.
type (
	SearchCursorForTest = searchCursor
	SearchWindowForTest = searchWindow
	SearchKeyForTest    = searchKey
)

// SearchHashForTest is the hash a cursor of q in order carries.
var SearchHashForTest = searchHash

// SearchFTSStringForTest quotes a word as an FTS5 string.
var SearchFTSStringForTest = searchFTSString

// Encode makes the cursor opaque as Search does.
func (c searchCursor) Encode() string { return c.encode() }

// Ways of reading matches a test can force.
const (
	SearchPathAutoForTest    = searchPathAuto
	SearchPathCollectForTest = searchPathCollect
	SearchPathWalkForTest    = searchPathWalk
)

// SearchPathForTest is a way of reading matches.
type SearchPathForTest = searchPath

// SetSearchPathForTest forces how st reads matches.
func SetSearchPathForTest(st *SearchStore, p searchPath) { st.path = p }

// SetSearchWindowForTest lowers how many matches relevance order ranks and the rowid slack.
func SetSearchWindowForTest(st *SearchStore, rankCap int, slack int64) {
	st.rankCap, st.rowidSlack = rankCap, slack
}

// SetSearchRankCapForTest lowers how many matches relevance order ranks.
func SetSearchRankCapForTest(st *SearchStore, rankCap int) { st.rankCap = rankCap }

// The letters the folded copy of the claim text replaces, and the query's fold of them.
const SearchFoldFromForTest = searchFoldFrom

// SearchFoldAccentsForTest folds s as the folded copy in search_tsv holds it.
var SearchFoldAccentsForTest = searchFoldAccents

// SearchDefaultLimitForTest is the page size when Limit is 0.
const SearchDefaultLimitForTest = searchDefaultLimit

// ScoreFromRawForTest decodes a score read's row from the bytes PostgreSQL sent.
var ScoreFromRawForTest = scoreFromRaw

// ScorePostgresForTest is the score read's statement on PostgreSQL.
const ScorePostgresForTest = scorePostgres
