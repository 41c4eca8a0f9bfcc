package postgrest

import (
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"
)

const (
	allCols = `"id", "content", "source_url", "language", "category", "en_query", "ai_score", "ai_verdict", "ai_summary", "source_score", "science_score", "academic_score", "public_score", "created_at"`
	uuid1   = "0190b8a0-0000-7000-8000-000000000001"
	uuid2   = "0190b8a0-0000-7000-8000-000000000002"
)

var placeholderRE = regexp.MustCompile(`\$\d+`)

// sqliteOf derives the SQLite statement from a PostgreSQL one when they differ only in
// placeholders.
func sqliteOf(pg string) string { return placeholderRE.ReplaceAllString(pg, "?") }

// sqliteLimits turns the bound LIMIT ? OFFSET ? that ends a statement (the last two arguments)
// into the integers SQLite gets written into its SQL.
func sqliteLimits(t *testing.T, q string, args []any) (string, []any) {
	t.Helper()
	rest, ok := strings.CutSuffix(q, " LIMIT ? OFFSET ?")
	if !ok || len(args) < 2 {
		t.Fatalf("statement does not end in LIMIT ? OFFSET ?: %s", q)
	}
	n := len(args)
	q = fmt.Sprintf("%s LIMIT %d OFFSET %d", rest, args[n-2], args[n-1])
	if n == 2 {
		return q, nil
	}
	return q, args[: n-2 : n-2]
}

// pgOffset drops the OFFSET of 0 that ends a case's statement (its last argument), which SQL
// leaves out on PostgreSQL so that the server can keep one generic plan of the read.
func pgOffset(q string, args []any) (string, []any) {
	n := len(args)
	if n == 0 || args[n-1] != any(int64(0)) {
		return q, args
	}
	i := strings.LastIndex(q, " OFFSET $")
	if i < 0 {
		return q, args
	}
	return q[:i], args[: n-1 : n-1]
}

func ts(s string) tsValue {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		panic(err)
	}
	return tsValue{t: t.UTC()}
}

type sqlCase struct {
	name   string
	req    Request
	pg     string
	sqlite string // defaults to sqliteOf(pg)
	args   []any  // PostgreSQL arguments; SQLite's differ only for timestamps
	sqArgs []any  // SQLite arguments when they differ
}

func TestParseSQL(t *testing.T) {
	where := func(s string) string { return `FROM "claims" WHERE (hidden_at IS NULL)` + s }
	cases := []sqlCase{
		{name: "defaults", req: Request{},
			pg: `SELECT ` + allCols + ` ` + where(` LIMIT $1 OFFSET $2`), args: []any{int64(1000), int64(0)}},
		{name: "select star explicit", req: Request{RawQuery: "select=*"},
			pg: `SELECT ` + allCols + ` ` + where(` LIMIT $1 OFFSET $2`), args: []any{int64(1000), int64(0)}},
		{name: "select columns aliases spaces duplicates", req: Request{RawQuery: "select=%20id%20,text:content,id,*"},
			pg: `SELECT ` + allCols + ` ` + where(` LIMIT $1 OFFSET $2`), args: []any{int64(1000), int64(0)}},
		{name: "select casts", req: Request{RawQuery: "select=id::text,ai_score::int4,created_at::text"},
			pg: `SELECT "id", "ai_score", "created_at" ` + where(` LIMIT $1 OFFSET $2`), args: []any{int64(1000), int64(0)}},
		{name: "empty select", req: Request{RawQuery: "select="},
			pg: `SELECT 1 ` + where(` LIMIT $1 OFFSET $2`), args: []any{int64(1000), int64(0)}},
		{name: "eq uuid canonicalised", req: Request{RawQuery: "select=id&id=eq.{0190B8A0-0000-7000-8000-000000000001}"},
			pg: `SELECT "id" ` + where(` AND ("id" = $1) LIMIT $2 OFFSET $3`), args: []any{uuid1, int64(1000), int64(0)}},
		{name: "all comparison operators", req: Request{RawQuery: "select=id&ai_score=eq.1&ai_score=neq.2&ai_score=gt.3&ai_score=gte.4&ai_score=lt.5&ai_score=lte.+6+"},
			pg:   `SELECT "id" ` + where(` AND ("ai_score" = $1) AND ("ai_score" <> $2) AND ("ai_score" > $3) AND ("ai_score" >= $4) AND ("ai_score" < $5) AND ("ai_score" <= $6) LIMIT $7 OFFSET $8`),
			args: []any{int64(1), int64(2), int64(3), int64(4), int64(5), int64(6), int64(1000), int64(0)}},
		{name: "not on every kind", req: Request{RawQuery: "select=id&content=not.eq.a&content=not.like.b*&content=not.ilike.*c&source_url=not.is.null&category=not.in.(x,y)&ai_score=not.gt.5"},
			pg:     `SELECT "id" ` + where(` AND NOT ("content" = $1) AND NOT ("content" LIKE $2) AND NOT ("content" ILIKE $3) AND NOT ("source_url" IS NULL) AND NOT ("category" IN ($4, $5)) AND NOT ("ai_score" > $6) LIMIT $7 OFFSET $8`),
			sqlite: `SELECT "id" ` + where(` AND NOT ("content" = ?) AND NOT ("content" LIKE ? ESCAPE '\') AND NOT (unicode_lower("content") LIKE unicode_lower(?) ESCAPE '\') AND NOT ("source_url" IS NULL) AND NOT ("category" IN (?, ?)) AND NOT ("ai_score" > ?) LIMIT ? OFFSET ?`),
			args:   []any{"a", "b%", "%c", "x", "y", int64(5), int64(1000), int64(0)}},
		{name: "like wildcards star and percent", req: Request{RawQuery: "select=id&content=like.*a%25b_"},
			pg:     `SELECT "id" ` + where(` AND ("content" LIKE $1) LIMIT $2 OFFSET $3`),
			sqlite: `SELECT "id" ` + where(` AND ("content" LIKE ? ESCAPE '\') LIMIT ? OFFSET ?`),
			args:   []any{"%a%b_", int64(1000), int64(0)}},
		{name: "in with quotes and escapes", req: Request{RawQuery: `select=id&content=in.(a,"b,c","d\"e",%20f%20,"g\\h")`},
			pg:   `SELECT "id" ` + where(` AND ("content" IN ($1, $2, $3, $4, $5)) LIMIT $6 OFFSET $7`),
			args: []any{"a", "b,c", `d"e`, " f ", `g\h`, int64(1000), int64(0)}},
		{name: "in empty matches nothing", req: Request{RawQuery: "select=id&id=in.()"},
			pg: `SELECT "id" ` + where(` AND (1 = 0) LIMIT $1 OFFSET $2`), args: []any{int64(1000), int64(0)}},
		{name: "in uuids", req: Request{RawQuery: "select=id&id=in.(" + uuid1 + "," + strings.ToUpper(uuid2) + ")"},
			pg: `SELECT "id" ` + where(` AND ("id" IN ($1, $2)) LIMIT $3 OFFSET $4`), args: []any{uuid1, uuid2, int64(1000), int64(0)}},
		{name: "is null variants", req: Request{RawQuery: "select=id&source_url=is.NULL&source_url=is.not_null&source_url=not.is.null"},
			pg: `SELECT "id" ` + where(` AND ("source_url" IS NULL) AND ("source_url" IS NOT NULL) AND NOT ("source_url" IS NULL) LIMIT $1 OFFSET $2`), args: []any{int64(1000), int64(0)}},
		{name: "isdistinct", req: Request{RawQuery: "select=id&source_url=isdistinct.x"},
			pg:     `SELECT "id" ` + where(` AND ("source_url" IS DISTINCT FROM $1) LIMIT $2 OFFSET $3`),
			sqlite: `SELECT "id" ` + where(` AND ("source_url" IS NOT ?) LIMIT ? OFFSET ?`),
			args:   []any{"x", int64(1000), int64(0)}},
		{name: "quantifiers", req: Request{RawQuery: "select=id&ai_score=gt(any).{1,%202%20,NULL}&content=ilike(all).{a*,\"*b,c\"}&category=eq(any).{}"},
			pg:     `SELECT "id" ` + where(` AND ("ai_score" > $1 OR "ai_score" > $2 OR "ai_score" > $3) AND ("content" ILIKE $4 AND "content" ILIKE $5) AND (1 = 0) LIMIT $6 OFFSET $7`),
			sqlite: `SELECT "id" ` + where(` AND ("ai_score" > ? OR "ai_score" > ? OR "ai_score" > ?) AND (unicode_lower("content") LIKE unicode_lower(?) ESCAPE '\' AND unicode_lower("content") LIKE unicode_lower(?) ESCAPE '\') AND (1 = 0) LIMIT ? OFFSET ?`),
			args:   []any{int64(1), int64(2), nil, "a%", "%b,c", int64(1000), int64(0)}},
		{name: "timestamps bound per dialect", req: Request{RawQuery: "select=id&created_at=gte.2024-01-02T03:04:05.5%2B02:00&created_at=lt.2024-02-01"},
			pg:     `SELECT "id" ` + where(` AND ("created_at" >= $1) AND ("created_at" < $2) LIMIT $3 OFFSET $4`),
			args:   []any{ts("2024-01-02T01:04:05.5Z").t, ts("2024-02-01T00:00:00Z").t, int64(1000), int64(0)},
			sqArgs: []any{"2024-01-02 01:04:05.5+00:00", "2024-02-01 00:00:00+00:00", int64(1000), int64(0)}},
		{name: "timestamp infinity", req: Request{RawQuery: "select=id&created_at=lt.infinity"},
			pg: `SELECT "id" ` + where(` AND ("created_at" < $1) LIMIT $2 OFFSET $3`), args: []any{"infinity", int64(1000), int64(0)}},
		{name: "or", req: Request{RawQuery: "select=id&or=(category.eq.health,content.ilike.*x*)"},
			pg:     `SELECT "id" ` + where(` AND (("category" = $1) OR ("content" ILIKE $2)) LIMIT $3 OFFSET $4`),
			sqlite: `SELECT "id" ` + where(` AND (("category" = ?) OR (unicode_lower("content") LIKE unicode_lower(?) ESCAPE '\')) LIMIT ? OFFSET ?`),
			args:   []any{"health", "%x%", int64(1000), int64(0)}},
		{name: "nested and inside or, inner not", req: Request{RawQuery: "select=id&or=(ai_score.eq.1,and(ai_score.gt.2,source_score.lt.3,content.not.eq.x))"},
			pg:   `SELECT "id" ` + where(` AND (("ai_score" = $1) OR (("ai_score" > $2) AND ("source_score" < $3) AND NOT ("content" = $4))) LIMIT $5 OFFSET $6`),
			args: []any{int64(1), int64(2), int64(3), "x", int64(1000), int64(0)}},
		{name: "not.or and not.and", req: Request{RawQuery: "select=id&not.or=(ai_score.eq.1,ai_score.eq.2)&not.and=(category.eq.a,not.or(category.eq.b,category.is.null))"},
			pg:   `SELECT "id" ` + where(` AND NOT (("ai_score" = $1) OR ("ai_score" = $2)) AND NOT (("category" = $3) AND NOT (("category" = $4) OR ("category" IS NULL))) LIMIT $5 OFFSET $6`),
			args: []any{int64(1), int64(2), "a", "b", int64(1000), int64(0)}},
		{name: "logic values quoted and in", req: Request{RawQuery: `select=id&and=(content.eq."a,b)",category.in.(x,"y,z"))`},
			pg:   `SELECT "id" ` + where(` AND (("content" = $1) AND ("category" IN ($2, $3))) LIMIT $4 OFFSET $5`),
			args: []any{"a,b)", "x", "y,z", int64(1000), int64(0)}},
		{name: "filters before logic trees", req: Request{RawQuery: "select=id&or=(ai_score.eq.1)&category=eq.a"},
			pg:   `SELECT "id" ` + where(` AND ("category" = $1) AND (("ai_score" = $2)) LIMIT $3 OFFSET $4`),
			args: []any{"a", int64(1), int64(1000), int64(0)}},
		{name: "order default nulls per direction", req: Request{RawQuery: "select=id&order=created_at.desc,source_url,ai_score.asc"},
			pg: `SELECT "id" ` + where(` ORDER BY "created_at" DESC NULLS FIRST, "source_url" ASC NULLS LAST, "ai_score" ASC NULLS LAST LIMIT $1 OFFSET $2`), args: []any{int64(1000), int64(0)}},
		{name: "order explicit nulls", req: Request{RawQuery: "select=id&order=source_url.desc.nullslast,category.nullsfirst"},
			pg: `SELECT "id" ` + where(` ORDER BY "source_url" DESC NULLS LAST, "category" ASC NULLS FIRST LIMIT $1 OFFSET $2`), args: []any{int64(1000), int64(0)}},
		{name: "first order param wins", req: Request{RawQuery: "select=id&order=ai_score&order=category"},
			pg: `SELECT "id" ` + where(` ORDER BY "ai_score" ASC NULLS LAST LIMIT $1 OFFSET $2`), args: []any{int64(1000), int64(0)}},
		{name: "limit offset", req: Request{RawQuery: "select=id&limit=10&offset=20"},
			pg: `SELECT "id" ` + where(` LIMIT $1 OFFSET $2`), args: []any{int64(10), int64(20)}},
		{name: "last limit wins", req: Request{RawQuery: "select=id&limit=10&limit=3"},
			pg: `SELECT "id" ` + where(` LIMIT $1 OFFSET $2`), args: []any{int64(3), int64(0)}},
		{name: "limit zero", req: Request{RawQuery: "select=id&limit=0"},
			pg: `SELECT "id" ` + where(` LIMIT $1 OFFSET $2`), args: []any{int64(0), int64(0)}},
		{name: "limit capped by max rows", req: Request{RawQuery: "select=id&limit=5000"},
			pg: `SELECT "id" ` + where(` LIMIT $1 OFFSET $2`), args: []any{int64(1000), int64(0)}},
		{name: "huge offset saturates", req: Request{RawQuery: "select=id&offset=9000000000000000000&limit=99999999999999999999"},
			pg: `SELECT "id" ` + where(` LIMIT $1 OFFSET $2`), args: []any{int64(1000), int64(9000000000000000000)}},
		{name: "limit in Haskell's integer syntax", req: Request{RawQuery: "select=id&limit=(0x10)&offset=+3"},
			pg: `SELECT "id" ` + where(` LIMIT $1 OFFSET $2`), args: []any{int64(16), int64(3)}},
		{name: "repeated column kept, as PostgREST does", req: Request{RawQuery: "select=id,id,x:id"},
			pg: `SELECT "id" ` + where(` LIMIT $1 OFFSET $2`), args: []any{int64(1000), int64(0)}},
		{name: "encoded semicolon is data", req: Request{RawQuery: "select=id&content=eq.a%3Bdrop"},
			pg: `SELECT "id" ` + where(` AND ("content" = $1) LIMIT $2 OFFSET $3`), args: []any{"a;drop", int64(1000), int64(0)}},
		{name: "negative offset clamps to zero", req: Request{RawQuery: "select=id&offset=-5"},
			pg: `SELECT "id" ` + where(` LIMIT $1 OFFSET $2`), args: []any{int64(1000), int64(0)}},
		{name: "range header", req: Request{Range: "10-19", RangeUnit: "items"},
			pg: `SELECT "id" ` + where(` LIMIT $1 OFFSET $2`), args: []any{int64(10), int64(10)}},
		{name: "open range header", req: Request{Range: "5-"},
			pg: `SELECT "id" ` + where(` LIMIT $1 OFFSET $2`), args: []any{int64(1000), int64(5)}},
		{name: "limit and offset restrict within range", req: Request{Range: "10-19", RawQuery: "limit=5&offset=12"},
			pg: `SELECT "id" ` + where(` LIMIT $1 OFFSET $2`), args: []any{int64(5), int64(12)}},
		{name: "range restricts a larger limit", req: Request{Range: "0-9", RawQuery: "limit=20"},
			pg: `SELECT "id" ` + where(` LIMIT $1 OFFSET $2`), args: []any{int64(10), int64(0)}},
		{name: "offset and limit intersect range", req: Request{Range: "0-9", RawQuery: "limit=5&offset=3"},
			pg: `SELECT "id" ` + where(` LIMIT $1 OFFSET $2`), args: []any{int64(5), int64(3)}},
		{name: "malformed range header ignored", req: Request{Range: "items=0-9"},
			pg: `SELECT "id" ` + where(` LIMIT $1 OFFSET $2`), args: []any{int64(1000), int64(0)}},
		{name: "range header ignored on HEAD", req: Request{Method: "HEAD", Range: "3-4"},
			pg: `SELECT "id" ` + where(` LIMIT $1 OFFSET $2`), args: []any{int64(1000), int64(0)}},
		{name: "plus is a space, percent-decoding after splitting", req: Request{RawQuery: "select=id&content=eq.a+b%2Bc%26d%3De"},
			pg: `SELECT "id" ` + where(` AND ("content" = $1) LIMIT $2 OFFSET $3`), args: []any{"a b+c&d=e", int64(1000), int64(0)}},
		{name: "bare keys and reserved parameters ignored", req: Request{RawQuery: "select=id&flag&columns=id&on_conflict=id"},
			pg: `SELECT "id" ` + where(` LIMIT $1 OFFSET $2`), args: []any{int64(1000), int64(0)}},
		{name: "trailing text after a complete value is ignored like PostgREST", req: Request{RawQuery: "select=id&source_url=is.nullx&category=in.(a)b"},
			pg: `SELECT "id" ` + where(` AND ("source_url" IS NULL) AND ("category" IN ($1)) LIMIT $2 OFFSET $3`), args: []any{"a", int64(1000), int64(0)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if strings.HasPrefix(c.pg, `SELECT "id" `) && !strings.Contains(c.req.RawQuery, "select=") {
				if c.req.RawQuery != "" {
					c.req.RawQuery += "&"
				}
				c.req.RawQuery += "select=id"
			}
			p, e := Parse(claimsTable(), c.req)
			if e != nil {
				t.Fatalf("unexpected error %d %s: %s", e.Status, e.Code, e.Message)
			}
			q, args := p.SQL(Postgres)
			wantPG, wantPGArgs := pgOffset(c.pg, c.args)
			if q != wantPG {
				t.Errorf("postgres SQL\n got %s\nwant %s", q, wantPG)
			}
			if !reflect.DeepEqual(args, wantPGArgs) {
				t.Errorf("postgres args\n got %#v\nwant %#v", args, wantPGArgs)
			}
			wantSQLite := c.sqlite
			if wantSQLite == "" {
				wantSQLite = sqliteOf(c.pg)
			}
			wantSQArgs := c.sqArgs
			if wantSQArgs == nil {
				wantSQArgs = c.args
			}
			wantSQLite, wantSQArgs = sqliteLimits(t, wantSQLite, wantSQArgs)
			q, args = p.SQL(SQLite)
			if q != wantSQLite {
				t.Errorf("sqlite SQL\n got %s\nwant %s", q, wantSQLite)
			}
			if !reflect.DeepEqual(args, wantSQArgs) {
				t.Errorf("sqlite args\n got %#v\nwant %#v", args, wantSQArgs)
			}
			// The count statement shares the WHERE and its arguments.
			cq, cargs := p.CountSQL(Postgres)
			wantCount := "SELECT count(*) FROM " + strings.SplitN(c.pg, " FROM ", 2)[1]
			wantCount = strings.SplitN(strings.SplitN(wantCount, " ORDER BY ", 2)[0], " LIMIT ", 2)[0]
			if cq != wantCount {
				t.Errorf("count SQL\n got %s\nwant %s", cq, wantCount)
			}
			if wantArgs := c.args[:len(c.args)-2]; len(cargs) != len(wantArgs) || (len(wantArgs) > 0 && !reflect.DeepEqual(cargs, wantArgs)) {
				t.Errorf("count args %#v, want %#v", cargs, wantArgs)
			}
		})
	}
}

type errCase struct {
	name    string
	req     Request
	status  int
	code    string
	message string
	details any // string, or nil to require null; skip with "-"
	hint    any
}

func TestParseErrors(t *testing.T) {
	opHint := "No operator matches the given name and argument types. You might need to add explicit type casts."
	cases := []errCase{
		// Parser errors, with PostgREST's Parsec wording.
		{"unknown operator", Request{RawQuery: "id=eqq.5"}, 400, "PGRST100", `"failed to parse filter (eqq.5)" (line 1, column 3)`, `unexpected "q" expecting operator (eq, gt, ...)`, nil},
		{"bare value", Request{RawQuery: "id=0"}, 400, "PGRST100", `"failed to parse filter (0)" (line 1, column 1)`, `unexpected "0" expecting "not" or operator (eq, gt, ...)`, nil},
		{"empty filter value", Request{RawQuery: "id="}, 400, "PGRST100", `"failed to parse filter ()" (line 1, column 1)`, `unexpected end of input expecting "not" or operator (eq, gt, ...)`, nil},
		{"bad is value", Request{RawQuery: "source_url=is.nul"}, 400, "PGRST100", `"failed to parse filter (is.nul)" (line 1, column 7)`, `unexpected end of input expecting isVal: (null, not_null, true, false, unknown)`, nil},
		{"unclosed in", Request{RawQuery: "id=in.(a,b"}, 400, "PGRST100", `"failed to parse filter (in.(a,b)" (line 1, column 8)`, `unexpected end of input expecting "," or ")"`, nil},
		{"bad order direction", Request{RawQuery: "order=id.ac"}, 400, "PGRST100", `"failed to parse order (id.ac)" (line 1, column 4)`, `unexpected "c" expecting "asc", "desc", "nullsfirst" or "nullslast"`, nil},
		{"bad order nulls", Request{RawQuery: "order=id.asc.nlsfst"}, 400, "PGRST100", `"failed to parse order (id.asc.nlsfst)" (line 1, column 8)`, `unexpected "l" expecting "nullsfirst" or "nullslast"`, nil},
		{"order trailing junk", Request{RawQuery: "order=id.descc"}, 400, "PGRST100", `"failed to parse order (id.descc)" (line 1, column 8)`, `unexpected 'c' expecting delimiter (.), "," or end of input`, nil},
		{"empty or", Request{RawQuery: "or=()"}, 400, "PGRST100", `"failed to parse logic tree (())" (line 1, column 4)`, `unexpected ")" expecting field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)`, nil},
		{"logic missing parens", Request{RawQuery: "or=(id.in.1,2)"}, 400, "PGRST100", `"failed to parse logic tree ((id.in.1,2))" (line 1, column 10)`, `unexpected "1" expecting "("`, nil},
		{"bad nested logic op", Request{RawQuery: "or=(id.eq.1,not.xor(id.eq.2,id.eq.3))"}, 400, "PGRST100", `"failed to parse logic tree ((id.eq.1,not.xor(id.eq.2,id.eq.3)))" (line 1, column 16)`, `unexpected "x" expecting logic operator (and, or)`, nil},
		{"bad select", Request{RawQuery: "select=id,content[]"}, 400, "PGRST100", `"failed to parse select parameter (id,content[])" (line 1, column 11)`, `unexpected '[' expecting letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input`, nil},
		{"trailing comma in select", Request{RawQuery: "select=id,"}, 400, "PGRST100", `"failed to parse select parameter (id,)" (line 1, column 4)`, `unexpected end of input expecting "...", field name (* or [a..z0..9_$]), "*" or "count()"`, nil},
		{"bad cast syntax", Request{RawQuery: "select=id::"}, 400, "PGRST100", `"failed to parse select parameter (id::)" (line 1, column 5)`, `unexpected end of input expecting letter or digit`, nil},
		{"bad columns param", Request{RawQuery: "columns="}, 400, "PGRST100", `"failed to parse columns parameter ()" (line 1, column 1)`, `unexpected end of input expecting field name (* or [a..z0..9_$])`, nil},
		{"order parsed before select", Request{RawQuery: "select=id,&order=x.y"}, 400, "PGRST100", `"failed to parse order (x.y)" (line 1, column 3)`, "-", nil},

		// Our own limits.
		{"query too long", Request{RawQuery: "content=eq." + strings.Repeat("a", MaxQueryBytes)}, 400, "PGRST100", "The query string is too long", "-", nil},
		{"too many filters", Request{RawQuery: strings.Repeat("ai_score=gt.1&", MaxFilters+1)}, 400, "PGRST100", "Too many filters", "The request has 51 conditions; at most 50 are accepted.", nil},
		{"too deep", Request{RawQuery: "or=(" + strings.Repeat("and(", MaxLogicDepth) + "id.is.null" + strings.Repeat(")", MaxLogicDepth) + ")"}, 400, "PGRST100", "The logic tree is nested too deeply", "-", nil},
		{"in list too long", Request{RawQuery: "ai_score=in.(" + strings.Repeat("1,", MaxListItems) + "1)"}, 400, "PGRST100", "Too many list items", "A list has 501 items; at most 500 are accepted.", nil},
		{"too many select items", Request{RawQuery: "select=" + strings.Repeat("id,", MaxSelectItems) + "id"}, 400, "PGRST100", "Too many select items", "The select list has 51 items; at most 50 are accepted.", nil},
		{"too many columns after star expands", Request{RawQuery: "select=*,*,*,*"}, 400, "PGRST100", "Too many select items", "The select list has 56 items; at most 50 are accepted.", nil},
		{"too many order terms", Request{RawQuery: "order=" + strings.Repeat("id,", MaxOrderTerms) + "id"}, 400, "PGRST100", "Too many order terms", "The request orders by 51 terms; at most 50 are accepted.", nil},
		{"order terms counted over parameters", Request{RawQuery: "order=" + strings.Repeat("id,", 30) + "id&order=" + strings.Repeat("id,", 30) + "id"}, 400, "PGRST100", "Too many order terms", "-", nil},
		{"limit not a number", Request{RawQuery: "select=id&limit=abc"}, 400, "PGRST100", "failed to parse limit parameter (abc)", "limit must be a whole number such as limit=10.", nil},
		{"limit with junk", Request{RawQuery: "limit=10abc"}, 400, "PGRST100", "failed to parse limit parameter (10abc)", "-", nil},
		{"empty limit", Request{RawQuery: "limit="}, 400, "PGRST100", "failed to parse limit parameter ()", "-", nil},
		{"offset not a number", Request{RawQuery: "offset=1e3"}, 400, "PGRST100", "failed to parse offset parameter (1e3)", "offset must be a whole number such as offset=10.", nil},
		{"semicolon in select", Request{RawQuery: "select=id;drop%20table%20claims"}, 400, "PGRST100", "Unencoded ';' in the query string", "-", nil},
		{"semicolon as separator", Request{RawQuery: "select=id;ai_score=eq.1"}, 400, "PGRST100", "Unencoded ';' in the query string", "-", nil},
		{"semicolon in a value", Request{RawQuery: "content=eq.a;b"}, 400, "PGRST100", "Unencoded ';' in the query string", "-", nil},
		{"any list too long", Request{RawQuery: "ai_score=eq(any).{" + strings.Repeat("1,", MaxListItems) + "1}"}, 400, "PGRST100", "Too many list items", "-", nil},

		// Columns, never beyond the whitelist.
		{"unknown select column", Request{RawQuery: "select=nope"}, 400, "42703", "column claims.nope does not exist", nil, nil},
		{"hidden column select", Request{RawQuery: "select=hidden_at"}, 400, "42703", "column claims.hidden_at does not exist", nil, nil},
		{"hidden column filter", Request{RawQuery: "api_key_id=is.null"}, 400, "42703", "column claims.api_key_id does not exist", nil, nil},
		{"hidden column order", Request{RawQuery: "order=basis"}, 400, "42703", "column claims.basis does not exist", nil, nil},
		{"hidden column in logic", Request{RawQuery: "or=(analyzer.eq.x,id.is.null)"}, 400, "42703", "column claims.analyzer does not exist", nil, nil},
		{"misspelt column hint", Request{RawQuery: "select=contnt"}, 400, "42703", "column claims.contnt does not exist", nil, `Perhaps you meant to reference the column "claims.content".`},
		{"two equally close columns", Request{RawQuery: "select=xcience_score"}, 400, "42703", "column claims.xcience_score does not exist", nil, `Perhaps you meant to reference the column "claims.science_score".`},
		{"select checked before filters", Request{RawQuery: "select=nope&id=eq.bad"}, 400, "42703", "column claims.nope does not exist", nil, nil},
		{"filter column before bad value", Request{RawQuery: "id=eq.bad&nope=eq.1"}, 400, "42703", "column claims.nope does not exist", nil, nil},

		// Values, validated as PostgreSQL would.
		{"bad uuid", Request{RawQuery: "id=eq.abc"}, 400, "22P02", `invalid input syntax for type uuid: "abc"`, nil, nil},
		{"bad uuid in list", Request{RawQuery: "id=in.(" + uuid1 + ",x)"}, 400, "22P02", `invalid input syntax for type uuid: "x"`, nil, nil},
		{"empty uuid in list", Request{RawQuery: "id=in.(" + uuid1 + ",)"}, 400, "22P02", `invalid input syntax for type uuid: ""`, nil, nil},
		{"bad integer", Request{RawQuery: "ai_score=gt.x"}, 400, "22P02", `invalid input syntax for type integer: "x"`, nil, nil},
		{"integer with decimals", Request{RawQuery: "ai_score=gt.1.5"}, 400, "22P02", `invalid input syntax for type integer: "1.5"`, nil, nil},
		{"integer out of range", Request{RawQuery: "ai_score=eq.2147483648"}, 400, "22003", `value "2147483648" is out of range for type integer`, nil, nil},
		{"bad timestamp", Request{RawQuery: "created_at=gt.x"}, 400, "22007", `invalid input syntax for type timestamp with time zone: "x"`, nil, nil},
		{"bad month", Request{RawQuery: "created_at=gt.2024-13-01"}, 400, "22008", `date/time field value out of range: "2024-13-01"`, nil, `Perhaps you need a different "datestyle" setting.`},
		{"bad day of month", Request{RawQuery: "created_at=gt.2024-02-30"}, 400, "22008", `date/time field value out of range: "2024-02-30"`, nil, nil},
		{"bad zone", Request{RawQuery: "created_at=gt.2024-01-01T00:00:00%2B16"}, 400, "22009", `time zone displacement out of range: "2024-01-01T00:00:00+16"`, nil, nil},
		{"isdistinct value typed", Request{RawQuery: "ai_score=isdistinct.z"}, 400, "22P02", `invalid input syntax for type integer: "z"`, nil, nil},
		{"bad value in logic", Request{RawQuery: "or=(id.eq.zz,id.is.null)"}, 400, "22P02", `invalid input syntax for type uuid: "zz"`, nil, nil},
		{"malformed array", Request{RawQuery: "ai_score=eq(any).1,2"}, 400, "22P02", `malformed array literal: "1,2"`, `Array value must start with "{" or dimension information.`, nil},
		{"bad array element", Request{RawQuery: "ai_score=eq(any).{1,x}"}, 400, "22P02", `invalid input syntax for type integer: "x"`, nil, nil},
		{"like ending in escape", Request{RawQuery: `content=like.*a\`}, 400, "22025", "LIKE pattern must not end with escape character", nil, nil},
		{"ilike any ending in escape", Request{RawQuery: `content=ilike(any).{"a\\",x}`}, 400, "22025", "LIKE pattern must not end with escape character", nil, nil},
		{"NUL in value", Request{RawQuery: "content=eq.a%00b"}, 400, "22021", `invalid byte sequence for encoding "UTF8": 0x00`, nil, nil},

		// Operators that do not exist for the column type.
		{"like on uuid", Request{RawQuery: "id=like.abc"}, 404, "42883", "operator does not exist: uuid ~~ unknown", nil, opHint},
		{"ilike on integer", Request{RawQuery: "ai_score=ilike.1*"}, 404, "42883", "operator does not exist: integer ~~* unknown", nil, opHint},
		{"like on timestamp", Request{RawQuery: "created_at=like.2024*"}, 404, "42883", "operator does not exist: timestamp with time zone ~~ unknown", nil, opHint},
		{"like any on uuid", Request{RawQuery: "id=like(any).{a}"}, 404, "42883", "operator does not exist: uuid ~~ unknown", nil, opHint},
		{"contains on text", Request{RawQuery: "content=cs.{a}"}, 404, "42883", "operator does not exist: text @> unknown", nil, opHint},
		{"contained is ambiguous", Request{RawQuery: "id=cd.{a}"}, 400, "42725", "operator is not unique: uuid <@ unknown", nil, "Could not choose a best candidate operator. You might need to add explicit type casts."},
		{"shift on integer", Request{RawQuery: "ai_score=sl.1"}, 400, "42804", "argument of WHERE must be type boolean, not type integer", nil, nil},
		{"shift on integer among others", Request{RawQuery: "ai_score=sr.1&id=is.null"}, 400, "42804", "argument of AND must be type boolean, not type integer", nil, nil},
		{"negated shift", Request{RawQuery: "ai_score=not.sr.1"}, 400, "42804", "argument of NOT must be type boolean, not type integer", nil, nil},
		{"shift inside or", Request{RawQuery: "or=(ai_score.sr.1,id.is.null)"}, 400, "42804", "argument of OR must be type boolean, not type integer", nil, nil},
		{"is true on text", Request{RawQuery: "content=is.true"}, 400, "42804", "argument of IS TRUE must be type boolean, not type text", nil, nil},
		{"is unknown on uuid", Request{RawQuery: "id=is.unknown"}, 400, "42804", "argument of IS UNKNOWN must be type boolean, not type uuid", nil, nil},
		{"json path on text", Request{RawQuery: "select=content->x"}, 404, "42883", "operator does not exist: text -> unknown", nil, opHint},
		{"json path filter", Request{RawQuery: "ai_score->>0=eq.1"}, 404, "42883", "operator does not exist: integer ->> integer", nil, opHint},
		{"full text search", Request{RawQuery: "content=fts.word"}, 400, "PGRST127", "Feature not implemented", "-", nil},
		{"regex", Request{RawQuery: "content=match.^a"}, 400, "PGRST127", "Feature not implemented", "-", nil},
		{"unsupported cast", Request{RawQuery: "select=content::json"}, 400, "PGRST127", "Feature not implemented", "-", nil},

		// Plan-level errors.
		{"embedded resource", Request{RawQuery: "select=id,rel(*)"}, 400, "PGRST200", "Could not find a relationship between 'claims' and 'rel' in the schema cache", "Searched for a foreign key relationship between 'claims' and 'rel' in the schema 'public', but no matches were found.", nil},
		{"spread resource", Request{RawQuery: "select=...rel(id)"}, 400, "PGRST200", "Could not find a relationship between 'claims' and 'rel' in the schema cache", "-", nil},
		{"embedded filter", Request{RawQuery: "rel.id=eq.1"}, 400, "PGRST108", "'rel' is not an embedded resource in this request", nil, "Verify that 'rel' is included in the 'select' query parameter."},
		{"embedded order", Request{RawQuery: "rel.order=id"}, 400, "PGRST108", "'rel' is not an embedded resource in this request", nil, "-"},
		{"embedded limit", Request{RawQuery: "rel.limit=1"}, 400, "PGRST108", "'rel' is not an embedded resource in this request", nil, "-"},
		{"aggregate", Request{RawQuery: "select=ai_score.sum()"}, 400, "PGRST123", "Use of aggregate functions is not allowed", nil, nil},
		{"count aggregate", Request{RawQuery: "select=count()"}, 400, "PGRST123", "Use of aggregate functions is not allowed", nil, nil},

		// Headers.
		{"bad profile", Request{AcceptProfile: "private"}, 406, "PGRST106", "The schema must be one of the following: public", nil, nil},
		{"html not available", Request{Accept: "text/html"}, 406, "PGRST107", "None of these media types are available: text/html", nil, nil},
		{"application wildcard is not a PostgREST media type", Request{Accept: "application/*"}, 406, "PGRST107", "None of these media types are available: application/*", nil, nil},
		{"no acceptable type", Request{Accept: "text/html, application/xml;q=0.9"}, 406, "PGRST107", "None of these media types are available: text/html, application/xml", nil, nil},
		{"strict preferences", Request{Prefer: "handling=strict, foo=bar, count=exact"}, 400, "PGRST122", "Invalid preferences given with handling=strict", "Invalid preferences: foo=bar", nil},
		{"unsupported method", Request{Method: "POST"}, 405, "PGRST117", "Unsupported HTTP method: POST", nil, nil},

		// Ranges.
		{"negative limit", Request{RawQuery: "limit=-1"}, 416, "PGRST103", "Requested range not satisfiable", "Limit should be greater than or equal to zero.", nil},
		{"inverted range header", Request{Range: "5-2"}, 416, "PGRST103", "Requested range not satisfiable", "The lower boundary must be lower than or equal to the upper boundary in the Range header.", nil},
		{"limit outside the range header", Request{Range: "10-19", RawQuery: "limit=5"}, 416, "PGRST103", "Requested range not satisfiable", "Limit should be greater than or equal to zero.", nil},
		{"limit zero with offset", Request{RawQuery: "limit=0&offset=5"}, 416, "PGRST103", "Requested range not satisfiable", "Limit should be greater than or equal to zero.", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, e := Parse(claimsTable(), c.req)
			if e == nil {
				t.Fatalf("no error")
			}
			if e.Status != c.status || e.Code != c.code || e.Message != c.message {
				t.Errorf("got %d %s %q\nwant %d %s %q", e.Status, e.Code, e.Message, c.status, c.code, c.message)
			}
			checkOpt(t, "details", e.Details, c.details)
			checkOpt(t, "hint", e.Hint, c.hint)
		})
	}
}

func checkOpt(t *testing.T, what string, got *string, want any) {
	t.Helper()
	switch w := want.(type) {
	case nil:
		if got != nil {
			t.Errorf("%s: got %q, want null", what, *got)
		}
	case string:
		if w == "-" {
			return
		}
		if got == nil || *got != w {
			t.Errorf("%s: got %v, want %q", what, deref(got), w)
		}
	}
}

func deref(s *string) string {
	if s == nil {
		return "<null>"
	}
	return fmt.Sprintf("%q", *s)
}

func TestErrorResponseShape(t *testing.T) {
	r := errSingular(0).Response()
	want := `{"code":"PGRST116","details":"The result contains 0 rows","hint":null,"message":"Cannot coerce the result to a single JSON object"}`
	if string(r.Body) != want || r.Status != 406 || r.Header["Content-Type"] != "application/json; charset=utf-8" {
		t.Errorf("got %d %v %s", r.Status, r.Header, r.Body)
	}
	r = UnknownTable("claim")
	want = `{"code":"PGRST205","details":null,"hint":"Perhaps you meant the table 'public.claims'","message":"Could not find the table 'public.claim' in the schema cache"}`
	if string(r.Body) != want || r.Status != 404 {
		t.Errorf("got %d %s", r.Status, r.Body)
	}
	r = UnknownTable("posts")
	want = `{"code":"PGRST205","details":null,"hint":null,"message":"Could not find the table 'public.posts' in the schema cache"}`
	if string(r.Body) != want {
		t.Errorf("got %s", r.Body)
	}
}

func TestNegotiate(t *testing.T) {
	cases := map[string]media{
		"":                                                 mediaJSON,
		"*/*":                                              mediaJSON,
		"application/json":                                 mediaJSON,
		"application/json; charset=utf-8":                  mediaJSON,
		"Application/JSON":                                 mediaJSON,
		"application/vnd.pgrst.object+json":                mediaObject,
		"application/vnd.pgrst.object":                     mediaObject,
		"application/vnd.pgrst.array+json":                 mediaJSON,
		"text/csv, application/json;q=0.5":                 mediaCSV,
		"text/html, application/json;q=0.5":                mediaJSON,
		"application/json;q=0.5, */*":                      mediaJSON,
		"text/html, application/vnd.pgrst.object+json":     mediaObject,
		"application/vnd.pgrst.object+json;nulls=stripped": mediaObjectStripped,
		"application/vnd.pgrst.array+json;nulls=stripped":  mediaJSONStripped,
		"application/vnd.pgrst.object+json, application/json;q=0.9": mediaObject,
	}
	for accept, want := range cases {
		got, e := negotiate(accept)
		if e != nil || got != want {
			t.Errorf("negotiate(%q) = %v, %v; want %v", accept, got, e, want)
		}
	}
}

func TestValueParsers(t *testing.T) {
	for in, want := range map[string]string{
		uuid1: uuid1, strings.ToUpper(uuid1): uuid1, "{" + uuid1 + "}": uuid1,
		"0190b8a000007000800000000000000" + "1": uuid1, "0190-b8a0-0000-7000-8000-0000-0000-0001": uuid1,
	} {
		if got, e := parseUUID(in); e != nil || got != want {
			t.Errorf("parseUUID(%q) = %q, %v", in, got, e)
		}
	}
	for _, bad := range []string{"", "abc", uuid1 + "0", "{" + uuid1, uuid1 + "}", "0190b8a0--0000-7000-8000-000000000001", "-0190b8a0-0000-7000-8000-000000000001"} {
		if _, e := parseUUID(bad); e == nil || e.Code != "22P02" {
			t.Errorf("parseUUID(%q) accepted", bad)
		}
	}
	for in, want := range map[string]int64{"0": 0, " 12 ": 12, "+5": 5, "-2147483648": -2147483648, "2147483647": 2147483647, "\t7\n": 7} {
		if got, e := parseInt4(in); e != nil || got != want {
			t.Errorf("parseInt4(%q) = %d, %v", in, got, e)
		}
	}
	for in, code := range map[string]string{"": "22P02", "x": "22P02", "1_000": "22P02", "0x1F": "22P02", "1 2": "22P02", "2147483648": "22003", "-2147483649": "22003", "99999999999x": "22003"} {
		if _, e := parseInt4(in); e == nil || e.Code != code {
			t.Errorf("parseInt4(%q) = %v, want %s", in, e, code)
		}
	}
	nowFunc = func() time.Time { return time.Date(2025, 6, 7, 8, 9, 10, 0, time.UTC) }
	defer func() { nowFunc = time.Now }()
	for in, want := range map[string]string{
		"2024-01-02":                       "2024-01-02T00:00:00Z",
		"20240102":                         "2024-01-02T00:00:00Z",
		"2024-1-2 3:04":                    "2024-01-02T03:04:00Z",
		"2024-01-02T03:04:05Z":             "2024-01-02T03:04:05Z",
		"2024-01-02 03:04:05.123456789":    "2024-01-02T03:04:05.123457Z",
		"2024-01-02T03:04:05+05:30":        "2024-01-01T21:34:05Z",
		"2024-01-02 03:04:05 -0130":        "2024-01-02T04:34:05Z",
		"2024-01-02 03:04:05-01":           "2024-01-02T04:04:05Z",
		"2024-01-02 03:04:05 UTC":          "2024-01-02T03:04:05Z",
		" 2024-01-02t03:04:05.5z ":         "2024-01-02T03:04:05.5Z",
		"2024-01-01 24:00":                 "2024-01-02T00:00:00Z",
		"2024-01-01 23:59:60":              "2024-01-02T00:00:00Z",
		"epoch":                            "1970-01-01T00:00:00Z",
		"today":                            "2025-06-07T00:00:00Z",
		"Tomorrow":                         "2025-06-08T00:00:00Z",
		"yesterday":                        "2025-06-06T00:00:00Z",
		"now":                              "2025-06-07T08:09:10Z",
		"2024-02-29T12:00:00.000001+00:00": "2024-02-29T12:00:00.000001Z",
	} {
		got, e := parseTimestamptz(in)
		if e != nil || got.t.Format(time.RFC3339Nano) != want {
			t.Errorf("parseTimestamptz(%q) = %v, %v; want %s", in, got.t.Format(time.RFC3339Nano), e, want)
		}
	}
	for in, code := range map[string]string{
		"x": "22007", "2024-01-01T10": "22007", "2024-01-01 10": "22007", "2024/01/01": "22007", "2024-01-01T": "22007",
		"2024-13-01": "22008", "2024-00-10": "22008", "2024-01-32": "22008", "2023-02-29": "22008", "2024-01-01 25:00": "22008",
		"2024-01-01 23:60": "22008", "0000-01-01": "22008", "2024-01-01 10:00+16": "22009", "2024-01-01 10:00+14:60": "22009",
	} {
		if _, e := parseTimestamptz(in); e == nil || e.Code != code {
			t.Errorf("parseTimestamptz(%q) = %v, want %s", in, e, code)
		}
	}
	arr := func(vals ...any) []*string {
		var out []*string
		for _, v := range vals {
			if v == nil {
				out = append(out, nil)
			} else {
				s := v.(string)
				out = append(out, &s)
			}
		}
		return out
	}
	for in, want := range map[string][]*string{
		"{}":                              nil,
		" { a , b } ":                     arr("a", "b"),
		`{"a,b","c\"d",e\,f,NULL,"NULL"}`: arr("a,b", `c"d`, "e,f", nil, "NULL"),
		"{{1,2},{3}}":                     arr("1", "2", "3"),
		`{ \ a\  }`:                       arr(" a "),
	} {
		got, e := parseArrayLiteral(in)
		if e != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("parseArrayLiteral(%q) = %v, %v", in, got, e)
		}
	}
	for in, detail := range map[string]string{
		"abc":     `Array value must start with "{" or dimension information.`,
		"{a,b":    "Unexpected end of input.",
		"{,}":     `Unexpected "," character.`,
		"{a,}":    `Unexpected "}" character.`,
		"{1,2}x":  "Junk after closing right brace.",
		"{1,{2}}": `Unexpected "{" character.`,
	} {
		_, e := parseArrayLiteral(in)
		if e == nil || e.Details == nil || *e.Details != detail {
			t.Errorf("parseArrayLiteral(%q) = %v, want %q", in, e, detail)
		}
	}
	for in, want := range map[string]int64{"5": 5, " 5 ": 5, "(5)": 5, "-5": -5, "- 5": -5, "0x10": 16, "0o10": 8, "99999999999999999999999": 1<<63 - 1} {
		if got, ok := readHsInteger(in); !ok || got != want {
			t.Errorf("readHsInteger(%q) = %d, %v", in, got, ok)
		}
	}
	for _, bad := range []string{"", "+5", "5.0", "1e3", "abc", "0x", "-(5)"} {
		if _, ok := readHsInteger(bad); ok {
			t.Errorf("readHsInteger(%q) accepted", bad)
		}
	}
}

func TestCanonicalLocation(t *testing.T) {
	p, e := Parse(claimsTable(), Request{RawQuery: "select=id,content&order=created_at.desc&id=eq.1&id=neq.2&flag&x=a%20b*"})
	if e == nil {
		t.Fatalf("expected the bare-value filter x=a b* to fail, got plan %+v", p)
	}
	p, e = Parse(claimsTable(), Request{RawQuery: "select=id,content&order=created_at.desc&ai_score=gt.1&ai_score=lt.9&flag"})
	if e != nil {
		t.Fatal(e)
	}
	want := "/claims?ai_score=gt.1,lt.9&flag=&order=created_at.desc&select=id%2Ccontent"
	if p.location != want {
		t.Errorf("location %q, want %q", p.location, want)
	}
}
