package postgrest

import (
	"strconv"
	"strings"
	"sync"
	"testing"
)

// TestGenerationsStayBounded checks that the cache never holds more than two generations of
// entries or of cost, whatever is put, and that an entry read again survives the turnover.
func TestGenerationsStayBounded(t *testing.T) {
	for _, tc := range []struct {
		name      string
		cost      int
		maxLen    int // entries both generations may hold together
		maxCostOf int // cost both generations may hold together
	}{
		{"bounded by entries", 1, 8, 8},
		{"bounded by cost", 30, 6, 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGenerations[string, int](4, 100)
			g.put("kept", 1, tc.cost)
			for i := range 100 {
				g.put(strconv.Itoa(i), i, tc.cost)
				if _, ok := g.get("kept"); !ok {
					t.Fatalf("after %d puts the entry read every time was evicted", i+1)
				}
				cost := 0
				for _, m := range []map[string]costed[int]{g.cur, g.old} {
					for _, e := range m {
						cost += e.cost
					}
				}
				if n := len(g.cur) + len(g.old); n > tc.maxLen || cost > tc.maxCostOf {
					t.Fatalf("after %d puts the cache holds %d entries costing %d, want at most %d and %d", i+1, n, cost, tc.maxLen, tc.maxCostOf)
				}
			}
			if _, ok := g.get("3"); ok {
				t.Error("an entry never read again survived 97 newer ones")
			}
		})
	}
}

// TestPlanCacheKeysOnTheWholeRequest checks that requests differing only in a header get their
// own plans, that errors are answered but not kept, that long requests are not kept, and that
// concurrent readers share plans safely (run with -race).
func TestPlanCacheKeysOnTheWholeRequest(t *testing.T) {
	tb := claimsTable()
	c := newParseCache()
	list := Request{RawQuery: "select=id,content&order=created_at.desc&limit=20"}
	single := list
	single.Accept = objectJSON
	a, e1 := c.plan(tb, list)
	b, e2 := c.plan(tb, single)
	if e1 != nil || e2 != nil {
		t.Fatal(e1, e2)
	}
	if a == b || a.media != mediaJSON || b.media != mediaObject {
		t.Errorf("Accept ignored by the cache: media %v and %v", a.media, b.media)
	}
	if again, _ := c.plan(tb, list); again != a {
		t.Error("an identical request was parsed again")
	}
	if _, e := c.plan(tb, Request{RawQuery: "select=nope"}); e == nil {
		t.Fatal("unknown column accepted")
	}
	if _, ok := c.plans.get(Request{Method: "GET", RawQuery: "select=nope"}); ok {
		t.Error("an error was kept")
	}
	long := Request{RawQuery: "content=eq." + strings.Repeat("a", planCacheKeyBytes)}
	if _, e := c.plan(tb, long); e != nil {
		t.Fatal(e.Message)
	}
	if _, ok := c.plans.get(Request{Method: "GET", RawQuery: long.RawQuery}); ok {
		t.Error("a request over planCacheKeyBytes was kept")
	}

	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 200 {
				r := Request{RawQuery: "select=id,ai_score&ai_score=gte." + strconv.Itoa((i*200+j)%50) + "&order=created_at.desc"}
				p, e := c.plan(tb, r)
				if e != nil {
					t.Error(e.Message)
					return
				}
				p.SQL(Postgres)
				p.SQL(SQLite)
			}
		}()
	}
	wg.Wait()
}
