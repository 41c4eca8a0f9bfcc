package app_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

func modelsFilterAll() models.ClaimFilter { return models.ClaimFilter{Limit: 1} }

// seedClaims stores n analysed claims through the function endpoint, oldest first, and returns their ids.
func seedClaims(t *testing.T, s *server, secret string, texts ...string) []string {
	t.Helper()
	var ids []string
	for _, tx := range texts {
		st, _, b := do(t, "POST", s.base+"/functions/v1/quick-responder",
			map[string]string{"apikey": secret, "Content-Type": "application/json"}, []byte(`{"claim":"`+tx+`"}`))
		if st != 200 {
			t.Fatalf("seed %q: %d %s", tx, st, b)
		}
		var r map[string]any
		mustJSON(t, b, &r)
		ids = append(ids, r["id"].(string))
		time.Sleep(2 * time.Millisecond) // distinct created_at for a deterministic order
	}
	return ids
}

func TestRestReadsAsPostgREST(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s := startServer(t, db, nil)
		secret, _ := issueKey(t, s.app.Stores, "enterprise", nil)
		ids := seedClaims(t, s, secret, "Vaccines cause autism", "Enflasyon yüzde 60'a ulaştı", "The moon landing was staged")
		auth := map[string]string{"apikey": secret, "Authorization": "Bearer " + secret, "Accept-Profile": "public", "X-Client-Info": "supabase-js/2.45.0"}
		get := func(q string, extra map[string]string) (int, http.Header, []byte) {
			h := map[string]string{}
			for k, v := range auth {
				h[k] = v
			}
			for k, v := range extra {
				h[k] = v
			}
			st, hdr, b := do(t, "GET", s.base+"/rest/v1/claims?"+q, h, nil)
			return st, hdr, b
		}

		// Fetch one (SPEC §4.1): select=* gives exactly the public columns.
		st, _, b := get("id=eq."+ids[1]+"&select=*", nil)
		var rows []map[string]any
		mustJSON(t, b, &rows)
		if st != 200 || len(rows) != 1 || rows[0]["id"] != ids[1] || rows[0]["content"] != "Enflasyon yüzde 60'a ulaştı" {
			t.Fatalf("fetch one: %d %s", st, b)
		}
		cols := []string{"id", "content", "source_url", "language", "category", "en_query", "ai_score", "ai_verdict", "ai_summary",
			"source_score", "science_score", "academic_score", "public_score", "created_at"}
		if got := orderedKeys(t, b[1:len(b)-1]); strings.Join(got, ",") != strings.Join(cols, ",") {
			t.Errorf("select=* columns = %v, want %v", got, cols)
		}
		if ca, _ := rows[0]["created_at"].(string); !strings.HasSuffix(ca, "+00:00") {
			t.Errorf("created_at %q not in PostgreSQL's JSON form", ca)
		}

		// List recent (SPEC §4.1).
		st, hdr, b := get("order=created_at.desc&limit=2&select="+url.QueryEscape("id,content,ai_verdict,ai_score,category"), nil)
		mustJSON(t, b, &rows)
		if st != 200 || len(rows) != 2 || rows[0]["id"] != ids[2] || rows[1]["id"] != ids[1] {
			t.Fatalf("list: %d %s", st, b)
		}
		if got := orderedKeys(t, []byte(strings.SplitN(string(b[1:]), "},", 2)[0]+"}")); strings.Join(got, ",") != "id,content,ai_verdict,ai_score,category" {
			t.Errorf("list columns = %v", got)
		}
		if cr := hdr["Content-Range"]; len(cr) != 1 || cr[0] != "0-1/*" {
			t.Errorf("Content-Range = %v, want 0-1/*", cr)
		}

		// count=exact and a Range header.
		st, hdr, _ = get("select=id", map[string]string{"Prefer": "count=exact", "Range": "0-0", "Range-Unit": "items"})
		if cr := strings.Join(hdr["Content-Range"], ""); !contentRange.MatchString(cr) || !strings.HasSuffix(cr, "/3") || !strings.HasPrefix(cr, "0-0") {
			t.Errorf("count=exact Content-Range = %q (status %d), want 0-0/3", cr, st)
		}

		// .single()
		st, hdr, b = get("id=eq."+ids[0]+"&select=id,content", map[string]string{"Accept": "application/vnd.pgrst.object+json"})
		var obj map[string]any
		mustJSON(t, b, &obj)
		if st != 200 || obj["id"] != ids[0] || !strings.HasPrefix(hdr.Get("Content-Type"), "application/vnd.pgrst.object+json") {
			t.Errorf("single: %d %s %s", st, hdr.Get("Content-Type"), b)
		}

		// HEAD with count, as supabase-js sends for { count: 'exact', head: true }.
		hst, hhdr, hb := do(t, "HEAD", s.base+"/rest/v1/claims?select=*", map[string]string{"apikey": secret, "Prefer": "count=exact"}, nil)
		if hst != 200 || len(hb) != 0 || !strings.HasSuffix(hhdr.Get("Content-Range"), "/3") {
			t.Errorf("HEAD: %d %q body %q", hst, hhdr.Get("Content-Range"), hb)
		}

		// Errors, as PostgREST shapes them.
		for _, tc := range []struct {
			name, q   string
			headers   map[string]string
			status    int
			code, msg string
		}{
			{"unknown column", "select=nope", nil, 400, "42703", "column claims.nope does not exist"},
			{"internal column", "select=basis", nil, 400, "42703", "column claims.basis does not exist"},
			{"bad uuid", "id=eq.not-a-uuid", nil, 400, "22P02", `invalid input syntax for type uuid: "not-a-uuid"`},
			{"bad filter", "id=equals.5", nil, 400, "PGRST100", ""},
			{"bad order", "order=created_at.sideways", nil, 400, "PGRST100", ""},
			{"single with none", "id=eq.00000000-0000-0000-0000-000000000000", map[string]string{"Accept": "application/vnd.pgrst.object+json"}, 406, "PGRST116", ""},
			{"single with many", "select=id", map[string]string{"Accept": "application/vnd.pgrst.object+json"}, 406, "PGRST116", ""},
		} {
			t.Run(tc.name, func(t *testing.T) {
				st, _, b := get(tc.q, tc.headers)
				var e map[string]any
				mustJSON(t, b, &e)
				for _, k := range []string{"code", "details", "hint", "message"} {
					if _, ok := e[k]; !ok {
						t.Errorf("error body lacks %q: %s", k, b)
					}
				}
				if st != tc.status || e["code"] != tc.code || (tc.msg != "" && e["message"] != tc.msg) {
					t.Errorf("got %d %s; want %d %s %q", st, b, tc.status, tc.code, tc.msg)
				}
			})
		}
		st, _, b = do(t, "GET", s.base+"/rest/v1/posts?select=*", auth, nil)
		var e map[string]any
		mustJSON(t, b, &e)
		if st != 404 || e["code"] != "PGRST205" {
			t.Errorf("unknown table: %d %s", st, b)
		}

		// A hidden claim disappears from reads.
		if err := db.Gorm.Exec("UPDATE claims SET hidden_at = ?, hidden_reason = 'test' WHERE id = ?", time.Now().UTC(), ids[0]).Error; err != nil {
			t.Fatal(err)
		}
		_, _, b = get("id=eq."+ids[0], nil)
		if string(b) != "[]" {
			t.Errorf("hidden claim still readable: %s", b)
		}
		if _, err := s.app.Stores.Claims.Get(context.Background(), ids[0]); err == nil {
			t.Error("hidden claim still returned by the store")
		}
	})
}
