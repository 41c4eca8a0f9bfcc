package app_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/testdb"
)

// sbResult is what postgrest-js resolves a query to.
type sbResult struct {
	Data   json.RawMessage            `json:"data"`
	Error  map[string]json.RawMessage `json:"error"`
	Count  *int                       `json:"count"`
	Status int                        `json:"status"`
}

// fnResult is what check.mjs reports for functions.invoke.
type fnResult struct {
	Data  map[string]any `json:"data"`
	Error *struct {
		Name   string         `json:"name"`
		Status int            `json:"status"`
		Body   map[string]any `json:"body"`
	} `json:"error"`
}

// TestUnmodifiedSupabaseJS runs the real supabase-js client (compat/supabase-js, installed by
// `npm ci` there; .ci/run does it) against the served app on each database.
func TestUnmodifiedSupabaseJS(t *testing.T) {
	dir, _ := filepath.Abs("../../compat/supabase-js")
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("supabase-js test skipped: node is not installed")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@supabase", "supabase-js")); err != nil {
		t.Skip("supabase-js test skipped: run `npm ci --prefix compat/supabase-js` first (.ci/run does)")
	}
	for _, c := range []struct{ name, pkg string }{
		{"current", "@supabase/supabase-js"},
		{"v2.45", "supabase-js-2-45"},
	} {
		for _, d := range testdb.Dialects() {
			t.Run(c.name+"/"+string(d), func(t *testing.T) {
				checkSupabaseJS(t, node, dir, c.pkg, d)
			})
		}
	}
}

func checkSupabaseJS(t *testing.T, node, dir, pkg string, d database.Dialect) {
	{
		{
			s := startServer(t, testdb.Open(t, d), nil)
			secret, _ := issueKey(t, s.app.Stores, "starter", nil)
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, node, "check.mjs", pkg, s.base, secret)
			cmd.Dir = dir
			out, err := cmd.Output()
			if err != nil {
				var stderr string
				if ee, ok := err.(*exec.ExitError); ok {
					stderr = string(ee.Stderr)
				}
				t.Fatalf("node check.mjs: %v\n%s", err, stderr)
			}
			var raw map[string]json.RawMessage
			if err := json.Unmarshal(out, &raw); err != nil {
				t.Fatalf("check.mjs output is not JSON: %v\n%s", err, out)
			}
			fn := func(name string) fnResult {
				var r fnResult
				if err := json.Unmarshal(raw[name], &r); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				return r
			}
			q := func(name string) sbResult {
				var r sbResult
				if err := json.Unmarshal(raw[name], &r); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				return r
			}
			code := func(r sbResult) string {
				var c string
				_ = json.Unmarshal(r.Error["code"], &c)
				return c
			}

			inv := fn("invoke")
			if inv.Error != nil || len(inv.Data) != 10 || inv.Data["verdict"] != "yanlis" {
				t.Fatalf("functions.invoke: %s", raw["invoke"])
			}
			id := inv.Data["id"].(string)
			if m := fn("invokeMissingClaim"); m.Error == nil || m.Error.Status != 400 || !strings.Contains(m.Error.Body["error"].(string), "claim") {
				t.Errorf("invoke without claim: %s", raw["invokeMissingClaim"])
			}
			if b := fn("badKeyInvoke"); b.Error == nil || b.Error.Status != 401 {
				t.Errorf("invoke with a bad key: %s", raw["badKeyInvoke"])
			}

			var rows []map[string]any
			if r := q("fetchOne"); r.Error != nil || !decodeRows(r.Data, &rows) || len(rows) != 1 || rows[0]["id"] != id || len(rows[0]) != 14 {
				t.Errorf("select('*').eq('id'): %s", raw["fetchOne"])
			}
			var one map[string]any
			if r := q("single"); r.Error != nil || !decodeRows(r.Data, &one) || one["id"] != id || one["content"] != "Aşılar otizme neden olur" {
				t.Errorf(".single(): %s", raw["single"])
			}
			if r := q("singleNone"); r.Status != 406 || code(r) != "PGRST116" || string(r.Data) != "null" {
				t.Errorf(".single() with no row: %s", raw["singleNone"])
			}
			if r := q("maybeSingle"); r.Error != nil || !decodeRows(r.Data, &one) || one["id"] != id {
				t.Errorf(".maybeSingle(): %s", raw["maybeSingle"])
			}
			if r := q("maybeSingleNone"); r.Error != nil || string(r.Data) != "null" {
				t.Errorf(".maybeSingle() with no row: %s", raw["maybeSingleNone"])
			}
			if r := q("list"); r.Error != nil || r.Count == nil || *r.Count != 2 || !decodeRows(r.Data, &rows) || len(rows) != 2 || len(rows[0]) != 5 {
				t.Errorf("list with count: %s", raw["list"])
			} else if rows[1]["id"] != id {
				t.Errorf("list is not newest first: %s", raw["list"])
			}
			if r := q("range"); r.Error != nil || r.Count == nil || *r.Count != 2 || !decodeRows(r.Data, &rows) || len(rows) != 1 || rows[0]["id"] == id {
				t.Errorf(".range(1,1): %s", raw["range"])
			}
			if r := q("head"); r.Error != nil || r.Count == nil || *r.Count != 2 || string(r.Data) != "null" {
				t.Errorf("head: true: %s", raw["head"])
			}
			if r := q("filters"); r.Error != nil || !decodeRows(r.Data, &rows) || len(rows) != 1 || rows[0]["id"] != id {
				t.Errorf("in/ilike/gte/not.is filters: %s", raw["filters"])
			}
			if r := q("or"); r.Error != nil || !decodeRows(r.Data, &rows) || len(rows) != 2 {
				t.Errorf("or(): %s", raw["or"])
			}
			for name, want := range map[string]string{"badColumn": "42703", "badUUID": "22P02", "badTable": "PGRST205"} {
				if r := q(name); code(r) != want {
					t.Errorf("%s: got %s, want code %s", name, raw[name], want)
				}
			}
			if r := q("badKeyRead"); r.Status != 401 {
				t.Errorf("read with a bad key: %s", raw["badKeyRead"])
			}
		}
	}
}

// decodeRows decodes into a fresh value, so maps left from an earlier query cannot merge in.
func decodeRows[T any](b []byte, v *T) bool {
	var fresh T
	if err := json.Unmarshal(b, &fresh); err != nil {
		return false
	}
	*v = fresh
	return true
}
