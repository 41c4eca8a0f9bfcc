package postgrest

import "sync"

// Parse caches. Parsing a request's text is most of the CPU of a cheap read (the select-list
// grammar above all), and clients repeat the same texts, so the Reader keeps what it parsed: whole
// plans by request, and the parsed parameter texts by text for requests that differ only in a
// value (id=eq.<each id>). Both caches are bounded in entries and in the bytes of text they key
// on (what a parse keeps grows with its text: about 55 bytes per byte of a select list), so
// hostile traffic can only evict, never grow memory past a few megabytes.
const (
	// planCacheEntries bounds each generation of the plan cache.
	planCacheEntries = 512
	// planCacheTextBytes bounds the request text (query and headers) of each plan generation.
	planCacheTextBytes = 64 << 10
	// planCacheKeyBytes is the longest request (query, Accept, Prefer, Range, profile) whose plan
	// is kept; longer ones, such as a 500-id in-list, are parsed each time.
	planCacheKeyBytes = 1 << 10
	// textCacheEntries bounds each generation of the parameter-text cache.
	textCacheEntries = 2048
	// textCacheTextBytes bounds the parameter text of each generation of that cache.
	textCacheTextBytes = 64 << 10
	// textCacheBytes is the longest parameter text whose parse is kept.
	textCacheBytes = 512
)

// generations is a size-bounded map that approximates LRU with two generations: lookups fill the
// current one, which becomes the old one when it holds maxEntries entries or maxCost cost; an old
// entry that is read again moves back. Every value is immutable once stored, so readers share it.
type generations[K comparable, V any] struct {
	mu       sync.Mutex
	maxLen   int
	maxCost  int
	curCost  int
	cur, old map[K]costed[V]
}

type costed[V any] struct {
	v    V
	cost int
}

func newGenerations[K comparable, V any](maxEntries, maxCost int) *generations[K, V] {
	return &generations[K, V]{maxLen: maxEntries, maxCost: maxCost, cur: make(map[K]costed[V])}
}

func (g *generations[K, V]) get(k K) (V, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if e, ok := g.cur[k]; ok {
		return e.v, true
	}
	e, ok := g.old[k]
	if ok {
		delete(g.old, k)
		g.putLocked(k, e)
	}
	return e.v, ok
}

// put stores v under k; cost is what it counts against maxCost (the length of its text).
func (g *generations[K, V]) put(k K, v V, cost int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.putLocked(k, costed[V]{v, cost})
}

func (g *generations[K, V]) putLocked(k K, e costed[V]) {
	if len(g.cur) >= g.maxLen || g.curCost+e.cost > g.maxCost {
		g.old, g.cur, g.curCost = g.cur, make(map[K]costed[V], g.maxLen), 0
	}
	g.cur[k] = e
	g.curCost += e.cost
}

// parseCache is one Reader's caches; a nil *parseCache parses every time.
type parseCache struct {
	plans *generations[Request, *Plan]
	texts *generations[string, any]
}

func newParseCache() *parseCache {
	return &parseCache{
		plans: newGenerations[Request, *Plan](planCacheEntries, planCacheTextBytes),
		texts: newGenerations[string, any](textCacheEntries, textCacheTextBytes),
	}
}

// plan parses r, or returns the plan of an identical earlier request. Only successful plans are
// kept: errors are rare in real traffic and answering them again costs little.
func (c *parseCache) plan(t *Table, r Request) (*Plan, *Error) {
	if c == nil {
		return parse(t, r, nil)
	}
	r.Method = normMethod(r.Method)
	size := len(r.RawQuery) + len(r.Accept) + len(r.Prefer) + len(r.Range) + len(r.RangeUnit) + len(r.AcceptProfile)
	if size > planCacheKeyBytes {
		return parse(t, r, c)
	}
	if p, ok := c.plans.get(r); ok {
		return p, nil
	}
	p, e := parse(t, r, c)
	if e == nil {
		c.plans.put(r, p, size)
	}
	return p, e
}

// cachedParse runs grammar p over input, or returns the value an earlier run over the same
// text gave; kind keeps the grammars' texts apart. The error message names what failed ("select
// parameter") and the text shown, built only when parsing fails.
func cachedParse[T any](c *parseCache, kind string, p parser[T], what, shown, input string) (T, *parseError) {
	name := func() string { return "failed to parse " + what + " (" + shown + ")" }
	if c == nil || len(input) > textCacheBytes {
		return runParser(p, name, input)
	}
	key := kind + "\x00" + input
	if v, ok := c.texts.get(key); ok {
		return v.(T), nil
	}
	v, e := runParser(p, name, input)
	if e == nil {
		c.texts.put(key, v, len(key))
	}
	return v, e
}
