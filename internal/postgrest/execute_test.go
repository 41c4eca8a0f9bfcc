package postgrest

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/url"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/testdb"
)

type seedClaim struct {
	id, content   string
	sourceURL     *string
	language      string
	category      string
	enQuery       string
	aiScore       int
	verdict       string
	summary       string
	scores        [4]int
	createdAt     time.Time
	hiddenAt      *time.Time
	internalBasis string
}

func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		panic(err)
	}
	return t
}

func sp(s string) *string { return &s }

const (
	idR1     = "0190b8a0-0000-7000-8000-000000000001"
	idR2     = "0190b8a0-0000-7000-8000-000000000002"
	idR3     = "0190b8a0-0000-7000-8000-000000000003"
	idR4     = "0190b8a0-0000-7000-8000-000000000004"
	idR5     = "0190b8a0-0000-7000-8000-000000000005"
	idHidden = "0190b8a0-0000-7000-8000-000000000009"
	idNone   = "00000000-0000-0000-0000-000000000000"
)

var hiddenAt = at("2024-02-01T00:00:00Z")

var seedClaims = []seedClaim{
	{idR1, "Aşılar otizme neden olur", sp("https://www.reuters.com/health/x"), "tr", "health", "vaccines autism", 12, "yanlis", "False.", [4]int{80, 70, 60, 50}, at("2024-01-01T10:00:00.123456Z"), nil, "{}"},
	{idR2, "The economy grew 5% last year", nil, "en", "economy", "", 55, "kismen", "", [4]int{40, 30, 20, 10}, at("2024-01-02T10:00:00.5Z"), nil, "{}"},
	{idR3, "İSTANBUL depremi yaklaşıyor", sp("https://example.org/a_b"), "tr", "science", "istanbul earthquake", 90, "dogru", "Likely \"true\"\nsee\tnotes \\ <ok>", [4]int{90, 95, 85, 70}, at("2024-01-03T00:00:00Z"), nil, "{}"},
	{idR4, "Aşı takvimi değişti", nil, "tr", "health", "", 0, "belirsiz", "", [4]int{0, 0, 0, 0}, at("2024-01-04T12:30:45.000001Z"), nil, "{}"},
	{idR5, `Inflation, rates and "money"`, sp("https://bbc.com/n"), "en", "economy", "", 100, "dogru", "", [4]int{100, 100, 100, 100}, at("2024-01-05T08:00:00Z"), nil, "{}"},
	{idHidden, "hidden health claim", nil, "en", "health", "", 50, "belirsiz", "", [4]int{1, 2, 3, 4}, at("2024-01-06T00:00:00Z"), &hiddenAt, `{"secret":true}`},
}

func seed(t testing.TB, db *sql.DB, d Dialect) {
	t.Helper()
	seedRows(t, db, d, seedClaims)
}

// seedRows inserts claims as they are.
func seedRows(t testing.TB, db *sql.DB, d Dialect, claims []seedClaim) {
	t.Helper()
	ph := func(n int) string {
		var parts []string
		for i := 1; i <= n; i++ {
			if d == Postgres {
				parts = append(parts, fmt.Sprintf("$%d", i))
			} else {
				parts = append(parts, "?")
			}
		}
		return strings.Join(parts, ", ")
	}
	stamp := func(t *time.Time) any {
		if t == nil {
			return nil
		}
		if d == SQLite {
			return t.UTC().Format(sqlTimeLayout)
		}
		return *t
	}
	q := `INSERT INTO claims (id, content, source_url, language, category, en_query, ai_score, ai_verdict, ai_summary,
		source_score, science_score, academic_score, public_score, analyzer, analyzer_version, basis, created_at, hidden_at)
		VALUES (` + ph(18) + `)`
	for _, c := range claims {
		var src any
		if c.sourceURL != nil {
			src = *c.sourceURL
		}
		created := c.createdAt
		if _, err := db.ExecContext(context.Background(), q, c.id, c.content, src, c.language, c.category, c.enQuery,
			c.aiScore, c.verdict, c.summary, c.scores[0], c.scores[1], c.scores[2], c.scores[3],
			"test-analyzer", "1", c.internalBasis, stamp(&created), stamp(c.hiddenAt)); err != nil {
			t.Fatalf("seed %s: %v", c.id, err)
		}
	}
}

type scenario struct {
	name    string
	req     Request
	maxRows int
	status  int
	header  map[string]string // subset that must match
	body    string            // exact body when non-empty
	ids     []string          // expected "id" values in order, when set
}

func q(pairs ...string) string {
	var parts []string
	for i := 0; i < len(pairs); i += 2 {
		parts = append(parts, pairs[i]+"="+url.QueryEscape(pairs[i+1]))
	}
	return strings.Join(parts, "&")
}

const objectJSON = "application/vnd.pgrst.object+json"

var scenarios = []scenario{
	{name: "list like check.mjs", req: Request{RawQuery: q("select", "id,content,ai_verdict,ai_score,category", "order", "created_at.desc", "limit", "3"), Prefer: "count=exact", AcceptProfile: "public"},
		status: 206, header: map[string]string{"Content-Range": "0-2/5", "Content-Type": "application/json; charset=utf-8", "Content-Profile": "public", "Preference-Applied": "count=exact"},
		body: `[{"id":"` + idR5 + `","content":"Inflation, rates and \"money\"","ai_verdict":"dogru","ai_score":100,"category":"economy"}, ` + "\n " +
			`{"id":"` + idR4 + `","content":"Aşı takvimi değişti","ai_verdict":"belirsiz","ai_score":0,"category":"health"}, ` + "\n " +
			`{"id":"` + idR3 + `","content":"İSTANBUL depremi yaklaşıyor","ai_verdict":"dogru","ai_score":90,"category":"science"}]`},
	{name: "fetch one with star", req: Request{RawQuery: q("select", "*", "id", "eq."+strings.ToUpper(idR1))},
		status: 200, header: map[string]string{"Content-Range": "0-0/*"},
		body: `[{"id":"` + idR1 + `","content":"Aşılar otizme neden olur","source_url":"https://www.reuters.com/health/x","language":"tr","category":"health","en_query":"vaccines autism","ai_score":12,"ai_verdict":"yanlis","ai_summary":"False.","source_score":80,"science_score":70,"academic_score":60,"public_score":50,"created_at":"2024-01-01T10:00:00.123456+00:00"}]`},
	{name: "single", req: Request{RawQuery: q("select", "id,created_at", "id", "eq."+idR2), Accept: objectJSON},
		status: 200, header: map[string]string{"Content-Type": "application/vnd.pgrst.object+json; charset=utf-8", "Content-Range": "0-0/*"},
		body: `{"id":"` + idR2 + `","created_at":"2024-01-02T10:00:00.5+00:00"}`},
	{name: "single none", req: Request{RawQuery: q("select", "*", "id", "eq."+idNone), Accept: objectJSON},
		status: 406, body: `{"code":"PGRST116","details":"The result contains 0 rows","hint":null,"message":"Cannot coerce the result to a single JSON object"}`},
	{name: "single many", req: Request{RawQuery: q("category", "eq.health"), Accept: objectJSON},
		status: 406, body: `{"code":"PGRST116","details":"The result contains 2 rows","hint":null,"message":"Cannot coerce the result to a single JSON object"}`},
	{name: "maybeSingle as current postgrest-js sends it", req: Request{RawQuery: q("select", "id, content", "id", "eq."+idR4)},
		status: 200, body: `[{"id":"` + idR4 + `","content":"Aşı takvimi değişti"}]`},
	{name: "maybeSingle none", req: Request{RawQuery: q("select", "*", "id", "eq."+idNone)},
		status: 200, header: map[string]string{"Content-Range": "*/*"}, body: `[]`},
	{name: "hidden rows never show", req: Request{RawQuery: q("select", "id", "id", "eq."+idHidden), Prefer: "count=exact"},
		status: 200, header: map[string]string{"Content-Range": "*/0"}, body: `[]`},
	{name: "nulls last ascending", req: Request{RawQuery: q("select", "id", "order", "source_url,created_at")},
		status: 200, ids: []string{idR5, idR3, idR1, idR2, idR4}},
	{name: "nulls first descending", req: Request{RawQuery: q("select", "id", "order", "source_url.desc,created_at")},
		status: 200, ids: []string{idR2, idR4, idR1, idR3, idR5}},
	{name: "explicit nulls", req: Request{RawQuery: q("select", "id", "order", "source_url.asc.nullsfirst,created_at.desc")},
		status: 200, ids: []string{idR4, idR2, idR5, idR3, idR1}},
	{name: "multiple order columns", req: Request{RawQuery: q("select", "id", "order", "category,ai_score.desc")},
		status: 200, ids: []string{idR5, idR2, idR1, idR4, idR3}},
	{name: "ilike unicode", req: Request{RawQuery: q("select", "id", "content", "ilike.*aşı*", "order", "created_at")},
		status: 200, ids: []string{idR1, idR3, idR4}},
	{name: "ilike folds case", req: Request{RawQuery: q("select", "id", "content", "ilike.AŞıLAR*")},
		status: 200, ids: []string{idR1}},
	{name: "ilike dotted capital I", req: Request{RawQuery: q("select", "id", "content", "ilike.*istanbul*")},
		status: 200, ids: []string{idR3}},
	{name: "like is case sensitive", req: Request{RawQuery: q("select", "id", "content", "like.aşılar*")},
		status: 200, ids: []string{}},
	{name: "like exact case", req: Request{RawQuery: q("select", "id", "content", "like.Aşı*", "order", "created_at")},
		status: 200, ids: []string{idR1, idR4}},
	{name: "like escaped percent", req: Request{RawQuery: q("select", "id", "content", `like.*5\%*`)},
		status: 200, ids: []string{idR2}},
	{name: "like underscore wildcard", req: Request{RawQuery: q("select", "id", "source_url", "like.*a_b")},
		status: 200, ids: []string{idR3}},
	{name: "filters like check.mjs", req: Request{RawQuery: q("select", "id,category", "category", "in.(health,economy)", "content", "ilike.%aşı%", "ai_score", "gte.0", "source_url", "not.is.null")},
		status: 200, body: `[{"id":"` + idR1 + `","category":"health"}]`},
	{name: "or like check.mjs", req: Request{RawQuery: q("select", "id", "or", "(category.eq.health,category.eq.economy)", "order", "created_at")},
		status: 200, ids: []string{idR1, idR2, idR4, idR5}},
	{name: "nested logic", req: Request{RawQuery: q("select", "id", "or", "(ai_score.eq.0,and(category.eq.economy,ai_score.lt.60))", "order", "created_at")},
		status: 200, ids: []string{idR2, idR4}},
	{name: "not.or", req: Request{RawQuery: q("select", "id", "not.or", "(category.eq.health,source_url.is.null)", "order", "created_at")},
		status: 200, ids: []string{idR3, idR5}},
	{name: "in with quoted comma", req: Request{RawQuery: q("select", "id", "content", `in.("Inflation, rates and \"money\"",x)`)},
		status: 200, ids: []string{idR5}},
	{name: "in uuids", req: Request{RawQuery: q("select", "id", "id", "in.("+idR3+","+strings.ToUpper(idR1)+","+idHidden+")", "order", "created_at")},
		status: 200, ids: []string{idR1, idR3}},
	{name: "not in", req: Request{RawQuery: q("select", "id", "category", "not.in.(health)", "order", "created_at")},
		status: 200, ids: []string{idR2, idR3, idR5}},
	{name: "empty in", req: Request{RawQuery: q("select", "id", "id", "in.()")},
		status: 200, ids: []string{}},
	{name: "neq excludes nulls", req: Request{RawQuery: q("select", "id", "source_url", "neq.https://bbc.com/n", "order", "created_at")},
		status: 200, ids: []string{idR1, idR3}},
	{name: "isdistinct keeps nulls", req: Request{RawQuery: q("select", "id", "source_url", "isdistinct.https://bbc.com/n", "order", "created_at")},
		status: 200, ids: []string{idR1, idR2, idR3, idR4}},
	{name: "quantified any", req: Request{RawQuery: q("select", "id", "ai_score", "gt(any).{95,50}", "order", "created_at")},
		status: 200, ids: []string{idR2, idR3, idR5}},
	{name: "quantified like all", req: Request{RawQuery: q("select", "id", "content", "like(all).{*a*,*e*}", "order", "created_at")},
		status: 200, ids: []string{idR1, idR2, idR3, idR4, idR5}},
	{name: "timestamp gte fractional boundary", req: Request{RawQuery: q("select", "id", "created_at", "gte.2024-01-02T10:00:00.5Z", "order", "created_at")},
		status: 200, ids: []string{idR2, idR3, idR4, idR5}},
	{name: "timestamp eq exact with offset", req: Request{RawQuery: q("select", "id", "created_at", "eq.2024-01-02 12:00:00.500+02:00")},
		status: 200, ids: []string{idR2}},
	{name: "timestamp date only", req: Request{RawQuery: q("select", "id", "created_at", "lt.2024-01-03", "order", "created_at.desc")},
		status: 200, ids: []string{idR2, idR1}},
	// Ordered: without an order SQL promises none, and the dialects' plans legitimately differ.
	{name: "timestamp infinity", req: Request{RawQuery: q("select", "id", "created_at", "lt.infinity", "created_at", "gt.-infinity", "order", "id"), Prefer: "count=exact"},
		status: 200, header: map[string]string{"Content-Range": "0-4/5"}},
	{name: "text casts", req: Request{RawQuery: q("select", "i:id::text,ai_score::text,created_at::text", "id", "eq."+idR1)},
		status: 200, body: `[{"i":"` + idR1 + `","ai_score":"12","created_at":"2024-01-01 10:00:00.123456+00"}]`},
	{name: "json escaping", req: Request{RawQuery: q("select", "ai_summary", "id", "eq."+idR3)},
		status: 200, body: `[{"ai_summary":"Likely \"true\"\nsee\tnotes \\ <ok>"}]`},
	{name: "duplicate keys and star", req: Request{RawQuery: q("select", "id,a:ai_score,id", "id", "eq."+idR4)},
		status: 200, body: `[{"id":"` + idR4 + `","a":0,"id":"` + idR4 + `"}]`},
	{name: "empty select", req: Request{RawQuery: q("select", "", "order", "created_at", "limit", "2")},
		status: 200, body: "[{}, \n {}]"},
	{name: "nulls stripped", req: Request{RawQuery: q("select", "id,source_url", "order", "created_at", "limit", "2"), Accept: "application/vnd.pgrst.array+json;nulls=stripped"},
		status: 200, header: map[string]string{"Content-Type": "application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8"},
		body: `[{"id":"` + idR1 + `","source_url":"https://www.reuters.com/health/x"},{"id":"` + idR2 + `"}]`},
	{name: "csv", req: Request{RawQuery: q("select", "id,content,source_url,ai_score,created_at,ai_summary", "id", "in.("+idR2+","+idR3+")", "order", "created_at"), Accept: "text/csv"},
		status: 200, header: map[string]string{"Content-Type": "text/csv; charset=utf-8"},
		body: "id,content,source_url,ai_score,created_at,ai_summary\n" +
			idR2 + `,"The economy grew 5% last year",,55,"2024-01-02 10:00:00.5+00",""` + "\n" +
			idR3 + `,"İSTANBUL depremi yaklaşıyor",https://example.org/a_b,90,"2024-01-03 00:00:00+00","Likely ""true""` + "\nsee\tnotes \\\\ <ok>\""},
	{name: "csv empty", req: Request{RawQuery: q("select", "id", "id", "eq."+idNone), Accept: "text/csv"},
		status: 200, body: "\n"},
	{name: "range offset limit", req: Request{RawQuery: q("select", "id", "order", "created_at.asc", "offset", "1", "limit", "1"), Prefer: "count=exact"},
		status: 206, header: map[string]string{"Content-Range": "1-1/5"}, ids: []string{idR2}},
	{name: "range header", req: Request{RawQuery: q("select", "id", "order", "created_at"), Range: "1-2", RangeUnit: "items"},
		status: 200, header: map[string]string{"Content-Range": "1-2/*"}, ids: []string{idR2, idR3}},
	{name: "range header open", req: Request{RawQuery: q("select", "id", "order", "created_at"), Range: "3-", Prefer: "count=exact"},
		status: 206, header: map[string]string{"Content-Range": "3-4/5"}, ids: []string{idR4, idR5}},
	{name: "head with count", req: Request{Method: "HEAD", RawQuery: q("select", "*"), Prefer: "count=exact"},
		status: 200, header: map[string]string{"Content-Range": "0-4/5"}},
	{name: "head partial", req: Request{Method: "HEAD", RawQuery: q("limit", "2"), Prefer: "count=exact"},
		status: 206, header: map[string]string{"Content-Range": "0-1/5"}},
	{name: "empty with count", req: Request{RawQuery: q("id", "eq."+idNone), Prefer: "count=exact"},
		status: 200, header: map[string]string{"Content-Range": "*/0"}, body: `[]`},
	{name: "empty without count", req: Request{RawQuery: q("id", "eq."+idNone)},
		status: 200, header: map[string]string{"Content-Range": "*/*"}, body: `[]`},
	{name: "limit zero with count", req: Request{RawQuery: q("limit", "0"), Prefer: "count=planned"},
		status: 206, header: map[string]string{"Content-Range": "*/5", "Preference-Applied": "count=planned"}, body: `[]`},
	{name: "offset at total", req: Request{RawQuery: q("offset", "5"), Prefer: "count=exact"},
		status: 206, header: map[string]string{"Content-Range": "*/5"}, body: `[]`},
	{name: "offset beyond total", req: Request{RawQuery: q("offset", "10"), Prefer: "count=estimated"},
		status: 416, header: map[string]string{"Content-Range": "*/5"},
		body: `{"code":"PGRST103","details":"An offset of 10 was requested, but there are only 5 rows.","hint":null,"message":"Requested range not satisfiable"}`},
	{name: "max rows", maxRows: 2, req: Request{RawQuery: q("select", "id", "order", "created_at"), Prefer: "count=exact"},
		status: 206, header: map[string]string{"Content-Range": "0-1/5"}, ids: []string{idR1, idR2}},
	{name: "max rows with offset", maxRows: 2, req: Request{RawQuery: q("select", "id", "order", "created_at", "offset", "2", "limit", "10")},
		status: 200, header: map[string]string{"Content-Range": "2-3/*"}, ids: []string{idR3, idR4}},
	{name: "bad uuid", req: Request{RawQuery: q("select", "*", "id", "eq.not-a-uuid")},
		status: 400, body: `{"code":"22P02","details":null,"hint":null,"message":"invalid input syntax for type uuid: \"not-a-uuid\""}`},
	{name: "bad column", req: Request{RawQuery: q("select", "nope")},
		status: 400, body: `{"code":"42703","details":null,"hint":null,"message":"column claims.nope does not exist"}`},
	{name: "bad column on HEAD has no body", req: Request{Method: "HEAD", RawQuery: q("select", "nope")},
		status: 400},
}

func TestExecute(t *testing.T) {
	results := map[Dialect]map[string]Response{}
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		sqlDB, err := db.Gorm.DB()
		if err != nil {
			t.Fatal(err)
		}
		d := Dialect(db.Dialect)
		seed(t, sqlDB, d)
		got := map[string]Response{}
		results[d] = got
		for _, sc := range scenarios {
			t.Run(sc.name, func(t *testing.T) {
				tb := claimsTable()
				tb.MaxRows = sc.maxRows
				resp, err := Execute(context.Background(), SQL(sqlDB), d, tb, sc.req)
				if err != nil {
					t.Fatalf("Execute: %v", err)
				}
				got[sc.name] = resp
				checkScenario(t, sc, resp)
				if d != Postgres {
					return
				}
				// The same read on pgx's own rows, whose values Plan.fetch renders from the
				// bytes received (rawcell.go), must answer byte for byte as database/sql's.
				viaPgx, err := Execute(context.Background(), pgxQuerier{db}, d, tb, sc.req)
				if err != nil {
					t.Fatalf("Execute on pgx: %v", err)
				}
				if viaPgx.Status != resp.Status || !reflect.DeepEqual(viaPgx.Header, resp.Header) || string(viaPgx.Body) != string(resp.Body) {
					t.Errorf("pgx rows and database/sql disagree\npgx:          %d %v %s\ndatabase/sql: %d %v %s",
						viaPgx.Status, viaPgx.Header, viaPgx.Body, resp.Status, resp.Header, resp.Body)
				}
			})
		}
	})
	pg, sq := results[Postgres], results[SQLite]
	if pg == nil || sq == nil {
		t.Logf("cross-dialect comparison skipped: only %d dialect(s) ran", len(results))
		return
	}
	for _, sc := range scenarios {
		a, b := sq[sc.name], pg[sc.name]
		if a.Status != b.Status || !reflect.DeepEqual(a.Header, b.Header) || string(a.Body) != string(b.Body) {
			t.Errorf("%s: dialects disagree\nsqlite:   %d %v %s\npostgres: %d %v %s", sc.name, a.Status, a.Header, a.Body, b.Status, b.Header, b.Body)
		}
	}
}

// pgxQuerier reads through database.DB.QueryRows, which on PostgreSQL hands out pgx's rows.
type pgxQuerier struct{ db *database.DB }

// QueryContext runs the read on the pgx pool.
func (q pgxQuerier) QueryContext(ctx context.Context, query string, args ...any) (database.Rows, error) {
	return q.db.QueryRows(ctx, query, args...)
}

func checkScenario(t *testing.T, sc scenario, resp Response) {
	t.Helper()
	if resp.Status != sc.status {
		t.Errorf("status %d, want %d (body %s)", resp.Status, sc.status, resp.Body)
	}
	for k, v := range sc.header {
		if resp.Header[k] != v {
			t.Errorf("header %s = %q, want %q", k, resp.Header[k], v)
		}
	}
	if sc.req.Method == "HEAD" {
		if len(resp.Body) != 0 {
			t.Errorf("HEAD answered with a body: %s", resp.Body)
		}
		return
	}
	if sc.body != "" && string(resp.Body) != sc.body {
		t.Errorf("body\n got %s\nwant %s", resp.Body, sc.body)
	}
	if !json.Valid(resp.Body) && !strings.HasPrefix(resp.Header["Content-Type"], "text/csv") {
		t.Errorf("invalid JSON body %q", resp.Body)
	}
	if sc.ids != nil {
		var rows []map[string]any
		if err := json.Unmarshal(resp.Body, &rows); err != nil {
			t.Fatalf("body %s: %v", resp.Body, err)
		}
		ids := []string{}
		for _, r := range rows {
			ids = append(ids, r["id"].(string))
		}
		if !reflect.DeepEqual(ids, sc.ids) {
			t.Errorf("ids %v, want %v", ids, sc.ids)
		}
	}
}

// TestExecuteAgainstPostgresErrors checks that the errors raised in Go are the ones PostgreSQL
// itself raises for the same input, by running the equivalent cast on the test server.
func TestExecuteAgainstPostgresErrors(t *testing.T) {
	if !sortedContains(testdb.Dialects(), database.Postgres) {
		t.Skip("needs " + testdb.EnvVar)
	}
	db := testdb.Open(t, database.Postgres)
	sqlDB, err := db.Gorm.DB()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		typ, pgType, val string
	}{
		{"uuid", "uuid", "abc"}, {"uuid", "uuid", "{" + idR1 + "}"}, {"uuid", "uuid", "0190b8a0000070008000000000000001"},
		{"uuid", "uuid", idR1 + "-"}, {"uuid", "uuid", ""},
		{"integer", "integer", " 12 "}, {"integer", "integer", "+3"}, {"integer", "integer", "2147483648"}, {"integer", "integer", "1.5"},
		{"integer", "integer", "-2147483648"}, {"integer", "integer", "99999999999x"},
		{"timestamp", "timestamptz", "x"}, {"timestamp", "timestamptz", "2024-13-01"}, {"timestamp", "timestamptz", "2024-02-30"},
		{"timestamp", "timestamptz", "2024-01-01T10"}, {"timestamp", "timestamptz", "2024-01-01 10:00:00+16"},
		{"timestamp", "timestamptz", "2024-01-01 10:00:00.1234567+05:30"}, {"timestamp", "timestamptz", "2024-01-01 24:00"},
		{"timestamp", "timestamptz", "2024-01-01 23:59:60"}, {"timestamp", "timestamptz", "20240101"},
	}
	for _, c := range cases {
		var pgCode, pgMsg string
		var pgVal any
		if err := sqlDB.QueryRowContext(context.Background(), "SELECT $1::unknown::"+c.pgType, c.val).Scan(&pgVal); err != nil {
			e := dbError(err)
			pgCode, pgMsg = e.Code, e.Message
		}
		var goVal any
		var goErr *Error
		switch c.typ {
		case "uuid":
			goVal, goErr = parseUUIDValue(c.val)
		case "integer":
			goVal, goErr = parseInt4(c.val)
		default:
			var v tsValue
			v, goErr = parseTimestamptz(c.val)
			goVal = v.t
		}
		if goErr != nil || pgCode != "" {
			if goErr == nil || goErr.Code != pgCode || goErr.Message != pgMsg {
				t.Errorf("%s %q: go %v, postgres %s %s", c.typ, c.val, goErr, pgCode, pgMsg)
			}
			continue
		}
		switch gv := goVal.(type) {
		case time.Time:
			if !gv.Equal(pgVal.(time.Time)) {
				t.Errorf("%q: go %v, postgres %v", c.val, gv, pgVal)
			}
		default:
			if fmt.Sprint(gv) != fmt.Sprint(pgVal) {
				t.Errorf("%q: go %v, postgres %v", c.val, gv, pgVal)
			}
		}
	}
}

func sortedContains(ds []database.Dialect, d database.Dialect) bool {
	s := append([]database.Dialect(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	for _, x := range s {
		if x == d {
			return true
		}
	}
	return false
}

// TestAnalysisErrorsMatchPostgres compares the errors Parse raises for wrong operators and
// unknown columns with what PostgreSQL says for the statement PostgREST would run, on a
// temporary table shaped exactly like the whitelist.
func TestAnalysisErrorsMatchPostgres(t *testing.T) {
	if !sortedContains(testdb.Dialects(), database.Postgres) {
		t.Skip("needs " + testdb.EnvVar)
	}
	db := testdb.Open(t, database.Postgres)
	sqlDB, err := db.Gorm.DB()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	conn, err := sqlDB.Conn(ctx) // temporary tables live in one session
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	tb := claimsTable()
	var defs []string
	for _, c := range tb.Columns {
		defs = append(defs, quoteIdent(c.Name)+" "+map[ColumnType]string{Text: "text", UUID: "uuid", Integer: "integer", Timestamp: "timestamptz"}[c.Type])
	}
	if _, err := conn.ExecContext(ctx, "CREATE TEMP TABLE claims ("+strings.Join(defs, ", ")+")"); err != nil {
		t.Fatal(err)
	}
	pgErr := func(query string) *Error {
		rows, err := conn.QueryContext(ctx, query)
		if err != nil {
			return dbError(err)
		}
		rows.Close()
		return nil
	}
	same := func(what string, got, want *Error) {
		t.Helper()
		switch {
		case want == nil && got == nil:
		case want == nil || got == nil:
			t.Errorf("%s: parse %v, postgres %v", what, got, want)
		case got.Code != want.Code || got.Message != want.Message || deref(got.Hint) != deref(want.Hint) || got.Status != want.Status:
			t.Errorf("%s:\n parse    %d %s %q hint %s\n postgres %d %s %q hint %s", what, got.Status, got.Code, got.Message, deref(got.Hint), want.Status, want.Code, want.Message, deref(want.Hint))
		}
	}
	ops := map[string]string{"like": "LIKE", "ilike": "ILIKE", "cs": "@>", "cd": "<@", "ov": "&&", "sl": "<<", "sr": ">>",
		"nxr": "&<", "nxl": "&>", "adj": "-|-", "match": "~", "imatch": "~*"}
	for _, col := range []string{"id", "content", "ai_score", "created_at"} {
		for op, sqlOp := range ops {
			// '1' is valid for integer columns: a literal is coerced while PostgreSQL analyses the
			// statement, whereas PostgREST's bound parameters are converted afterwards.
			_, got := Parse(tb, Request{RawQuery: col + "=" + op + ".1"})
			want := pgErr(`SELECT 1 FROM pg_temp.claims WHERE "` + col + `" ` + sqlOp + ` '1'::unknown`)
			if want == nil && got != nil && got.Code == "PGRST127" {
				continue // supported by PostgreSQL, deliberately not by this server
			}
			if want == nil && got != nil && strings.HasPrefix(got.Code, "22") {
				continue // valid operator; "x" is just not a value of the type
			}
			same(col+"="+op, got, want)
		}
		for _, v := range []string{"true", "false", "unknown"} {
			_, got := Parse(tb, Request{RawQuery: col + "=is." + v})
			same(col+"=is."+v, got, pgErr(`SELECT 1 FROM pg_temp.claims WHERE "`+col+`" IS `+strings.ToUpper(v)))
		}
		for _, arrow := range []string{"->x", "->>x", "->0", "->>-1"} {
			_, got := Parse(tb, Request{RawQuery: "select=" + col + arrow})
			lit := "'x'::unknown"
			if strings.HasSuffix(arrow, "0") || strings.HasSuffix(arrow, "1") {
				lit = strings.TrimLeft(arrow, "->")
			}
			op := strings.TrimRight(arrow, "x0-1")
			if strings.HasSuffix(arrow, "-1") {
				op, lit = strings.TrimSuffix(arrow, "-1"), "-1"
			}
			same("select="+col+arrow, got, pgErr(`SELECT "`+col+`" `+op+` `+lit+` FROM pg_temp.claims`))
		}
	}
	for _, name := range []string{"contnt", "ID", "xscore", "ource_score", "_score", "created", "public_scor", "xcience_score",
		"scor", "ai_scor", "langauge", "source", "hidden_at", "ai_verdic", "en_qury", "academic", "c"} {
		_, got := Parse(tb, Request{RawQuery: "select=" + url.QueryEscape(name)})
		same("select="+name, got, pgErr(`SELECT pg_temp.claims."`+name+`" FROM pg_temp.claims`))
	}
	for _, q := range []string{"ai_score=sl.1", "ai_score=sl.1&id=is.null", "ai_score=not.sr.1", "or=(ai_score.sr.1,id.is.null)", "or=(ai_score.sl.1)", "not.and=(ai_score.sl.1)"} {
		_, got := Parse(tb, Request{RawQuery: q})
		if got == nil || got.Code != "42804" {
			t.Errorf("%s: %v", q, got)
		}
	}
	// The boolean context of a shift, as PostgREST writes the WHERE clause (again with a literal
	// that is a valid integer, so analysis errors are what PostgreSQL reports).
	for q, where := range map[string]string{
		"ai_score=sl.1":                     `"ai_score" << '1'::unknown`,
		"ai_score=sl.1&id=is.null":          `"ai_score" << '1'::unknown AND "id" IS NULL`,
		"ai_score=not.sr.1":                 `NOT "ai_score" >> '1'::unknown`,
		"or=(ai_score.sr.1,id.is.null)":     `( "ai_score" >> '1'::unknown OR "id" IS NULL)`,
		"or=(ai_score.sl.1)":                `( "ai_score" << '1'::unknown)`,
		"not.and=(ai_score.sl.1)":           `NOT ( "ai_score" << '1'::unknown)`,
		"not.or=(ai_score.sl.1,id.is.null)": `NOT ( "ai_score" << '1'::unknown OR "id" IS NULL)`,
	} {
		_, got := Parse(tb, Request{RawQuery: q})
		same(q, got, pgErr(`SELECT 1 FROM pg_temp.claims WHERE `+where))
	}
}
