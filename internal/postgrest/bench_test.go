package postgrest

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

// benchRequests are the reads the load test drives (issue: a read by id and a list of 20) plus
// a wide select and a long in-list.
func benchRequests() []struct {
	name string
	req  Request
} {
	ids := make([]string, 500)
	for i := range ids {
		ids[i] = "0190b8a0-0000-7000-8000-" + strings.Repeat("0", 9) + string(rune('0'+i%10)) + string(rune('0'+i/10%10)) + string(rune('0'+i/100))
	}
	return []struct {
		name string
		req  Request
	}{
		{"read-by-id", Request{Method: "GET", RawQuery: "id=eq." + idR1 + "&select=*"}},
		{"list-20", Request{Method: "GET", RawQuery: "select=id,content,ai_score,ai_verdict,created_at&order=created_at.desc&limit=20"}},
		{"wide-select", Request{Method: "GET", RawQuery: "select=" + url.QueryEscape("id,content,source_url,language,category,en_query,ai_score,ai_verdict,ai_summary,source_score,science_score,academic_score,public_score,created_at,score:ai_score::text") + "&ai_score=gte.10&or=(language.eq.tr,category.eq.health)&order=ai_score.desc.nullslast,created_at.desc"}},
		{"in-500", Request{Method: "GET", RawQuery: "select=id,ai_score&id=in.(" + strings.Join(ids, ",") + ")"}},
	}
}

// BenchmarkParseEach is the parse of one request from its text, every time.
func BenchmarkParseEach(b *testing.B) {
	t := claimsTable()
	for _, bc := range benchRequests() {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				if _, e := Parse(t, bc.req); e != nil {
					b.Fatal(e.Message)
				}
			}
		})
	}
}

// BenchmarkParseCached is the same parses through a Reader's warm cache: an identical request
// reuses its plan, and "read-by-varying-id" (a new id each time) reuses the parsed select list
// and column names while parsing the filter value.
func BenchmarkParseCached(b *testing.B) {
	t := claimsTable()
	for _, bc := range append(benchRequests(), varyingID()) {
		b.Run(bc.name, func(b *testing.B) {
			c := newParseCache()
			b.ReportAllocs()
			i := 0
			for range b.N {
				req := bc.req
				if bc.name == "read-by-varying-id" {
					req.RawQuery = fmt.Sprintf(req.RawQuery, i%100000)
					i++
				}
				if _, e := c.plan(t, req); e != nil {
					b.Fatal(e.Message)
				}
			}
		})
	}
}

func varyingID() struct {
	name string
	req  Request
} {
	return struct {
		name string
		req  Request
	}{"read-by-varying-id", Request{Method: "GET", RawQuery: "id=eq.0190b8a0-0000-7000-8000-%012d&select=*"}}
}

// BenchmarkReadREST is a whole read over the claims store on SQLite (parse, query, encode),
// without the parse caches ("uncached", as before they existed) and through the Reader.
func BenchmarkReadREST(b *testing.B) {
	db := testdb.Open(b, database.SQLite)
	sqlDB, err := db.Gorm.DB()
	if err != nil {
		b.Fatal(err)
	}
	seed(b, sqlDB, SQLite)
	store := storerules.Stores(db).Claims
	r, err := NewReader(models.ClaimsTable(), store)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for _, cached := range []bool{false, true} {
		for _, bc := range benchRequests() {
			name := bc.name + "/uncached"
			if cached {
				name = bc.name + "/cached"
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				for range b.N {
					var resp Response
					var err error
					if cached {
						resp, err = r.ReadREST(ctx, bc.req)
					} else {
						resp, err = Execute(ctx, store, SQLite, r.table, bc.req)
					}
					if err != nil || resp.Status != 200 {
						b.Fatalf("status %d, err %v: %s", resp.Status, err, resp.Body)
					}
				}
			})
		}
	}
}
