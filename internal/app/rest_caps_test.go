package app_test

import (
	"fmt"
	"net"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/postgrest"
	"github.com/claimcheck/claimcheck/internal/testdb"
)

// TestRestWorkCapsOverHTTP sends the PostgREST caps' edge cases through the wired routes (key
// check, metering, the claims reader) on both databases: a 500-id in-list in a 20 KB URL as
// postgrest-js encodes it, 501 ids, an over-long select, an answer over the response cap and one
// just under it. How long a URL the connection accepts is the server's read buffer, set with
// the server's other limits in app.go; the test gives the server at least 32 KB so it covers the
// routes and the caps whatever that setting is.
func TestRestWorkCapsOverHTTP(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		a := apptest.New(t, db, apptest.Options{})
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		srv := a.HTTP.Server()
		srv.ReadBufferSize = max(srv.ReadBufferSize, 32<<10)
		go func() { _ = a.HTTP.Listener(ln) }()
		t.Cleanup(func() { _ = a.HTTP.ShutdownWithTimeout(5 * time.Second) })
		base := "http://" + ln.Addr().String()

		secret, _ := issueKey(t, a.Stores, "enterprise", nil)
		t0 := time.Now().Add(-time.Hour)
		first := apptest.SeedClaim(t, a.Stores, "Vaccines cause autism", "yanlis", "health", t0)
		second := apptest.SeedClaim(t, a.Stores, "The moon landing was staged", "yanlis", "science", t0.Add(time.Minute))
		long := strings.Repeat("x", 4000)
		for i := range 30 {
			apptest.SeedClaim(t, a.Stores, long, "belirsiz", "health", t0.Add(time.Duration(i+2)*time.Minute))
		}
		ids := []string{second.ID, first.ID}
		for i := len(ids); i < postgrest.MaxListItems; i++ {
			ids = append(ids, fmt.Sprintf("0190b8a0-0000-7000-8000-%012d", 900000+i))
		}
		in := func(ids []string) string {
			// postgrest-js: .select('id').in('id', ids).order('created_at') through URLSearchParams.
			return url.Values{"select": {"id"}, "id": {"in.(" + strings.Join(ids, ",") + ")"}, "order": {"created_at"}}.Encode()
		}
		fifty := "select=" + strings.Repeat("content,", 49) + "content&content=eq." + long

		for _, tc := range []struct {
			name    string
			query   string
			status  int
			message string   // PostgREST error message, for refusals
			ids     []string // ids in order, for answers that select id
			rows    int      // row count, for the others
		}{
			{name: "500 ids in one in-list", query: in(ids), status: 200, ids: []string{first.ID, second.ID}},
			{name: "501 ids", query: in(append(ids, "0190b8a0-0000-7000-8000-999999999999")), status: 400, message: "Too many list items"},
			{name: "select over the byte cap", query: "select=" + strings.Repeat("ai_score,", postgrest.MaxSelectBytes/9+1) + "id", status: 400, message: "The select parameter is too long"},
			{name: "answer over the response cap", query: fifty, status: 400, message: "The response is too large"},
			{name: "the same under the cap", query: fifty + "&limit=15", status: 200, rows: 15},
			{name: "repeated column kept as PostgREST does", query: "select=id,id&id=eq." + first.ID, status: 200, ids: []string{first.ID}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				st, hdr, b := do(t, "GET", base+"/rest/v1/claims?"+tc.query,
					map[string]string{"apikey": secret, "Authorization": "Bearer " + secret}, nil)
				if st != tc.status {
					t.Fatalf("status %d, want %d: %.300s", st, tc.status, b)
				}
				if tc.status != 200 {
					var e map[string]any
					mustJSON(t, b, &e)
					if e["code"] != "PGRST100" || e["message"] != tc.message || e["details"] == nil {
						t.Errorf("error %v, want PGRST100 %q with details", e, tc.message)
					}
					return
				}
				if len(b) > postgrest.MaxResponseBytes {
					t.Errorf("body of %d bytes is over the cap", len(b))
				}
				if ct := hdr.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
					t.Errorf("Content-Type %q", ct)
				}
				var rows []map[string]any
				mustJSON(t, b, &rows)
				if tc.ids == nil {
					if len(rows) != tc.rows {
						t.Errorf("%d rows, want %d", len(rows), tc.rows)
					}
					return
				}
				var got []string
				for _, r := range rows {
					got = append(got, fmt.Sprint(r["id"]))
				}
				if strings.Join(got, ",") != strings.Join(tc.ids, ",") {
					t.Errorf("ids %v, want %v", got, tc.ids)
				}
				if strings.Contains(tc.query, "select=id,id") && strings.Count(string(b), `"id":`) != 2 {
					t.Errorf("body %s: want the id key twice, as PostgREST answers", b)
				}
			})
		}
	})
}
