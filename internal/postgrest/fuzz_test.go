package postgrest

import (
	"context"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/testdb"
)

// sqlToken matches every token the builder may emit besides quoted identifiers: keywords,
// placeholders, punctuation and the fixed constants of "1 = 0" and ESCAPE '\'.
var sqlToken = regexp.MustCompile(`^(SELECT|FROM|WHERE|AND|OR|NOT|IN|IS|NULL|DISTINCT|LIKE|ILIKE|ESCAPE|ORDER|BY|ASC|DESC|NULLS|FIRST|LAST|LIMIT|OFFSET|count|unicode_lower|\$[0-9]+|\?|[(),*=<>]|<>|>=|<=|'\\'|0|1)$`)

// sqliteInt is a LIMIT or OFFSET written into SQLite's SQL: a non-negative decimal integer.
var sqliteInt = regexp.MustCompile(`^(0|[1-9][0-9]{0,18})$`)

var quotedIdent = regexp.MustCompile(`"(?:[^"]|"")*"`)

// checkSQL asserts that a statement is made only of whitelisted identifiers, the table's fixed
// filter and builder keywords, and that placeholders and arguments line up.
func checkSQL(t *testing.T, tb *Table, d Dialect, query string, args []any) {
	t.Helper()
	allowed := map[string]bool{quoteIdent(tb.Name): true}
	for _, c := range tb.Columns {
		allowed[quoteIdent(c.Name)] = true
	}
	rest := strings.Replace(query, "("+tb.Filter+")", "( )", 1)
	for _, id := range quotedIdent.FindAllString(rest, -1) {
		if !allowed[id] {
			t.Fatalf("identifier %s is not whitelisted in %s", id, query)
		}
	}
	rest = quotedIdent.ReplaceAllString(rest, " ")
	rest = strings.NewReplacer("(", " ( ", ")", " ) ", ",", " , ").Replace(rest)
	placeholders := 0
	toks := strings.Fields(rest)
	for i, tok := range toks {
		// SQLite gets LIMIT and OFFSET as integer literals, and only there.
		if d == SQLite && i > 0 && (toks[i-1] == "LIMIT" || toks[i-1] == "OFFSET") && sqliteInt.MatchString(tok) {
			continue
		}
		if !sqlToken.MatchString(tok) {
			t.Fatalf("unexpected token %q in %s", tok, query)
		}
		if d == Postgres && strings.HasPrefix(tok, "$") {
			placeholders++
			if tok != "$"+strconv.Itoa(placeholders) {
				t.Fatalf("placeholder %s out of sequence in %s", tok, query)
			}
		}
		if d == SQLite && tok == "?" {
			placeholders++
		}
		if (d == SQLite && strings.HasPrefix(tok, "$")) || (d == Postgres && tok == "?") {
			t.Fatalf("wrong placeholder style %s in %s", tok, query)
		}
	}
	if placeholders != len(args) {
		t.Fatalf("%d placeholders for %d args in %s", placeholders, len(args), query)
	}
}

func FuzzParse(f *testing.F) {
	seeds := []struct{ q, accept, rng, prefer string }{
		{"select=*", "", "", ""},
		{"select=id,content&id=eq.0190b8a0-0000-7000-8000-000000000001&order=created_at.desc", "application/vnd.pgrst.object+json", "", "count=exact"},
		{"select=id&category=in.(health,%22a,b%22)&content=ilike.*x*&ai_score=gte.0&source_url=not.is.null", "*/*", "0-9", ""},
		{"or=(category.eq.health,and(ai_score.gt.2,ai_score.lt.3))&not.and=(id.is.null,content.not.like.a*)", "", "", "count=planned"},
		{"select=a:content,id::text&ai_score=eq(any).{1,2}&content=like(all).{a*,%22b,c%22}&limit=5&offset=2", "application/json;q=0.5, text/csv", "3-", "handling=strict"},
		{"select=id,rel(*)&rel.id=eq.1&order=rel(id)", "", "", ""},
		{"id=eqq.5&order=id.ac&select=id,&or=()", "", "5-2", ""},
		{"created_at=gte.2024-01-01T00:00:00%2B02:00&created_at=lt.infinity&ai_score=isdistinct.3", "", "", ""},
		{"select=content->x,count()&content->>0=eq.1&limit=-1", "", "", ""},
		{"select=%22quoted%20name%22,%20id%20&columns=x&on_conflict=id;a=b", "", "", ""},
		{"content=eq.%00&id=in.()&ai_score=sl.1&content=cs.{a}", "", "", ""},
	}
	for _, s := range seeds {
		f.Add(s.q, s.accept, s.rng, s.prefer)
	}
	tb := claimsTable()
	f.Fuzz(func(t *testing.T, rawQuery, accept, rangeHeader, prefer string) {
		for _, method := range []string{"GET", "HEAD"} {
			p, e := Parse(tb, Request{Method: method, RawQuery: rawQuery, Accept: accept, Range: rangeHeader, Prefer: prefer})
			if e != nil {
				if p != nil {
					t.Fatal("both a plan and an error")
				}
				if e.Status < 400 || e.Status > 499 {
					t.Fatalf("status %d for a client request: %+v", e.Status, e)
				}
				if r := e.Response(); len(r.Body) == 0 || r.Body[0] != '{' {
					t.Fatalf("bad error body %q", r.Body)
				}
				continue
			}
			if p.limit < 0 || p.limit > tb.maxRows() || p.offset < 0 {
				t.Fatalf("limit %d offset %d", p.limit, p.offset)
			}
			for _, d := range []Dialect{Postgres, SQLite} {
				q, args := p.SQL(d)
				checkSQL(t, tb, d, q, args)
				q, args = p.CountSQL(d)
				checkSQL(t, tb, d, q, args)
			}
			for _, o := range p.out {
				if o.col < 0 || o.col >= len(tb.Columns) || o.slot < 0 || o.slot >= len(p.cols) {
					t.Fatalf("bad output item %+v", o)
				}
			}
		}
	})
}

func BenchmarkParse(b *testing.B) {
	tb := claimsTable()
	r := Request{
		RawQuery: "select=id,content,ai_verdict,ai_score,category&category=in.(health,economy)&content=ilike.*a%C5%9F%C4%B1*" +
			"&ai_score=gte.10&or=(source_url.is.null,and(source_score.gt.50,created_at.gte.2024-01-01))&order=created_at.desc,id&limit=25",
		Prefer: "count=exact",
	}
	b.ReportAllocs()
	for b.Loop() {
		p, e := Parse(tb, r)
		if e != nil {
			b.Fatal(e)
		}
		p.SQL(Postgres)
		p.CountSQL(Postgres)
	}
}

// FuzzExecuteSQLite runs fuzzed requests against a seeded SQLite database: whatever the
// request, the answer must be a well-formed client error or success, never a database failure
// (which would mean the generated SQL or a binding was wrong).
func FuzzExecuteSQLite(f *testing.F) {
	f.Add("select=id,content&or=(category.eq.health,content.ilike.*a*)&order=source_url.desc&limit=2", "", "", "count=exact")
	f.Add("ai_score=gt(any).{1,50}&created_at=gte.2024-01-02&source_url=isdistinct.x", "text/csv", "1-3", "")
	f.Add("select=id::text,created_at::text&id=in.(0190b8a0-0000-7000-8000-000000000001)", "application/vnd.pgrst.object+json", "", "")
	f.Add("content=like.*\\%25*&offset=3", "application/vnd.pgrst.array+json;nulls=stripped", "", "count=exact")
	db := testdb.Open(f, database.SQLite)
	sqlDB, err := db.Gorm.DB()
	if err != nil {
		f.Fatal(err)
	}
	seed(f, sqlDB, SQLite)
	tb := claimsTable()
	f.Fuzz(func(t *testing.T, rawQuery, accept, rangeHeader, prefer string) {
		resp, err := Execute(context.Background(), SQL(sqlDB), SQLite, tb, Request{RawQuery: rawQuery, Accept: accept, Range: rangeHeader, Prefer: prefer})
		if err != nil || resp.Status >= 500 {
			t.Fatalf("%d %s: %v", resp.Status, resp.Body, err)
		}
		ct := resp.Header["Content-Type"]
		if !strings.HasPrefix(ct, "text/csv") && !json.Valid(resp.Body) {
			t.Fatalf("invalid JSON %q", resp.Body)
		}
	})
}
