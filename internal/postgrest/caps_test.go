package postgrest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

// TestRowCapFollowsSelectWidth checks that rows × keys stays within MaxCells: a wide select
// lowers the implicit row limit (as db-max-rows does), a narrow one keeps DefaultMaxRows, and an
// explicit limit below the cap is kept.
func TestRowCapFollowsSelectWidth(t *testing.T) {
	tb := claimsTable()
	for _, tc := range []struct {
		name   string
		query  string
		offset int64
		limit  int64
	}{
		{"star keeps the table's max rows", "select=*", 0, DefaultMaxRows},
		{"one column", "select=id", 0, DefaultMaxRows},
		{"25 keys", "select=" + strings.Repeat("id,", 24) + "id", 0, MaxCells / 25},
		{"50 keys", "select=" + strings.Repeat("content,", 49) + "content", 0, MaxCells / 50},
		{"star and aliases count as keys", "select=*," + strings.Repeat("ai_score,", 29) + "ai_score", 0, MaxCells / 44},
		{"explicit limit under the cap", "select=" + strings.Repeat("id,", 49) + "id&limit=7&offset=3", 3, 7},
		{"explicit limit over the cap", "select=" + strings.Repeat("id,", 49) + "id&limit=1000", 0, MaxCells / 50},
		{"limit=0 stays empty", "select=" + strings.Repeat("id,", 49) + "id&limit=0", 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, e := Parse(tb, Request{RawQuery: tc.query})
			if e != nil {
				t.Fatalf("Parse: %s %v", e.Message, e.Details)
			}
			if p.offset != tc.offset || p.limit != tc.limit {
				t.Errorf("offset %d limit %d, want %d and %d", p.offset, p.limit, tc.offset, tc.limit)
			}
		})
	}
}

// TestWorkCaps runs the per-request caps through the reader the wiring builds, on both
// databases: a 500-id in-list (as postgrest-js encodes it) works, 501 items, an over-long select
// and an answer over MaxResponseBytes are refused with PostgREST's error shape, and a big answer
// under the cap is sent whole.
func TestWorkCaps(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		sqlDB, err := db.Gorm.DB()
		if err != nil {
			t.Fatal(err)
		}
		d := Dialect(db.Dialect)
		seed(t, sqlDB, d)
		// 20 claims of 5,000 characters: 50 copies of their content come to about 5 MB.
		long := strings.Repeat("x", 5000)
		var big []seedClaim
		for i := range 20 {
			big = append(big, seedClaim{id: fmt.Sprintf("0190b8a0-0000-7000-8000-1000000000%02d", i), content: long, language: "en",
				category: "health", verdict: "belirsiz", createdAt: at("2024-02-01T00:00:00Z").Add(time.Duration(i) * time.Minute), internalBasis: "{}"})
		}
		seedRows(t, sqlDB, d, big)
		r, err := NewReader(models.ClaimsTable(), storerules.Stores(db).Claims)
		if err != nil {
			t.Fatal(err)
		}
		ids := make([]string, 0, MaxListItems+1)
		ids = append(ids, idR3, idR1)
		for i := len(ids); i < MaxListItems; i++ {
			ids = append(ids, fmt.Sprintf("0190b8a0-0000-7000-8000-%012d", 900000+i))
		}
		in := func(ids []string) string {
			// postgrest-js: .in('id', ids) becomes id=in.(a,b,…) run through URLSearchParams.
			v := url.Values{"select": {"id"}, "id": {"in.(" + strings.Join(ids, ",") + ")"}, "order": {"created_at"}}
			return v.Encode()
		}
		fiftyContents := "select=" + strings.Repeat("content,", 49) + "content"

		for _, tc := range []struct {
			name    string
			query   string
			status  int
			message string // for errors
			rows    int    // for successes
		}{
			{"500 ids in one in-list", in(ids), 200, "", 2},
			{"501 ids", in(append(ids, idR2)), 400, "Too many list items", 0},
			{"select over MaxSelectBytes", "select=" + strings.Repeat("ai_score,", MaxSelectBytes/9+1) + "id", 400, "The select parameter is too long", 0},
			{"answer over MaxResponseBytes", fiftyContents + "&content=eq." + long, 400, "The response is too large", 0},
			{"big answer under the cap", fiftyContents + "&content=eq." + long + "&limit=10", 200, "", 10},
		} {
			t.Run(tc.name, func(t *testing.T) {
				if len(tc.query) > MaxQueryBytes {
					t.Fatalf("query of %d bytes is over MaxQueryBytes", len(tc.query))
				}
				resp, err := r.ReadREST(context.Background(), Request{Method: "GET", RawQuery: tc.query})
				if err != nil {
					t.Fatal(err)
				}
				if resp.Status != tc.status {
					t.Fatalf("status %d, want %d: %.300s", resp.Status, tc.status, resp.Body)
				}
				if tc.status != 200 {
					var e struct {
						Code, Message string
						Details, Hint *string
					}
					if err := json.Unmarshal(resp.Body, &e); err != nil {
						t.Fatalf("error body %q: %v", resp.Body, err)
					}
					if e.Code != "PGRST100" || e.Message != tc.message || e.Details == nil {
						t.Errorf("error %+v, want PGRST100 %q with details", e, tc.message)
					}
					return
				}
				if len(resp.Body) > MaxResponseBytes {
					t.Errorf("body of %d bytes is over MaxResponseBytes", len(resp.Body))
				}
				var rows []map[string]any
				if err := json.Unmarshal(resp.Body, &rows); err != nil {
					t.Fatalf("body: %v", err)
				}
				if len(rows) != tc.rows {
					t.Errorf("%d rows, want %d", len(rows), tc.rows)
				}
			})
		}

		t.Run("the refusal names a limit that fits", func(t *testing.T) {
			resp, _ := r.ReadREST(context.Background(), Request{Method: "GET", RawQuery: fiftyContents + "&content=eq." + long})
			var e struct{ Hint string }
			_ = json.Unmarshal(resp.Body, &e)
			var fits int
			if _, err := fmt.Sscanf(e.Hint[strings.Index(e.Hint, "limit=")+len("limit="):], "%d", &fits); err != nil || fits < 1 {
				t.Fatalf("hint %q names no limit", e.Hint)
			}
			ok, _ := r.ReadREST(context.Background(), Request{Method: "GET", RawQuery: fmt.Sprintf("%s&content=eq.%s&limit=%d", fiftyContents, long, fits)})
			if ok.Status != 200 {
				t.Errorf("limit=%d from the hint: status %d", fits, ok.Status)
			}
		})
	})
}
