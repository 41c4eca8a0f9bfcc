package postgrest

import (
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
)

// Request limits: PostgREST has none, but a public endpoint needs some. They answer 400 PGRST100
// so clients see the usual query-parameter error shape.
const (
	// MaxSelectItems bounds the select list, counted after '*' expands to the table's columns.
	// PostgREST repeats a column as often as it is selected (duplicate keys in the JSON object,
	// which a JSON parser reads as one); so do we, up to this many keys per row, so a short query
	// string cannot make every row thousands of keys long.
	MaxSelectItems = 50
	// MaxSelectBytes bounds the select parameter's text, which bounds the work of parsing it.
	MaxSelectBytes = 2 << 10
	// MaxCells bounds rows × keys of one answer: a select of more than MaxCells/DefaultMaxRows
	// keys lowers the implicit row limit (as db-max-rows does, shown in Content-Range) to
	// MaxCells divided by the number of keys.
	MaxCells = 20_000
	// MaxResponseBytes bounds the body of one answer; a read whose rows would exceed it is refused
	// with 400 PGRST100 (ask for fewer rows or columns) instead of being built in memory.
	MaxResponseBytes = 4 << 20
	// MaxOrderTerms bounds the terms of all order parameters together.
	MaxOrderTerms = 50
	// MaxQueryBytes bounds the raw query string; it leaves room for MaxListItems UUIDs in one
	// in.(...) list, percent-encoded as postgrest-js sends them (about 20 KB).
	MaxQueryBytes = 32 << 10
	// MaxFilters bounds the conditions (filters plus leaves of and/or trees) of one request.
	MaxFilters = 50
	// MaxLogicDepth bounds the nesting of and/or trees.
	MaxLogicDepth = 10
	// MaxListItems bounds in.(...) lists and {...} operands of any/all.
	MaxListItems = 500
)

// Plan is a parsed, validated read request: everything needed to build SQL and the response.
type Plan struct {
	table       *Table
	out         []outItem
	cols        []int // distinct table columns the SQL selects, in first-use order
	where       []cond
	order       []orderBy
	offset      int64
	limit       int64
	lower       int64  // first row position of the request's range, for Content-Range
	count       string // "", "exact", "planned" or "estimated"
	media       media
	head        bool
	profile     bool
	prefApplied string
	location    string
	// built is the SELECT the plan was last asked for (Plan.SQL).
	built atomic.Pointer[builtSQL]
	// textHint is how many bytes of rendered cells the plan's last read made (Plan.fetch).
	textHint atomic.Int32
}

// outItem is one key of the JSON objects, in select order.
type outItem struct {
	key string
	// jsonKey is key as a JSON string, quoted once for every response the cached plan renders.
	jsonKey string
	col     int  // index into Table.Columns
	slot    int  // index into Plan.cols (the scanned value)
	asText  bool // ::text cast
}

type orderBy struct {
	col   int
	desc  bool
	nulls string // "first" or "last", always explicit so both dialects agree
}

type condKind int

const (
	condGroup condKind = iota
	condCmp            // = <> > >= < <=, possibly quantified
	condLike           // like / ilike, possibly quantified
	condIn
	condIsNull
	condNotNull
	condDistinct
)

// cond is one node of the WHERE tree; leaves carry already-typed values.
type cond struct {
	kind     condKind
	not      bool
	or       bool   // for groups
	children []cond // for groups
	col      int
	op       string // SQL comparison operator for condCmp, "like"/"ilike" for condLike
	quant    string // "", "any", "all"
	args     []any  // string, int64, tsValue or nil (NULL element of an array operand)
}

// rng is a Data.Ranged range of row positions with a lower bound, as PostgREST keeps them.
type rng struct {
	lo, hi int64
	hasHi  bool
}

var allRange = rng{}

func (r rng) empty() bool { return r.hasHi && r.hi < r.lo }

func (r rng) intersect(o rng) rng {
	if r.empty() || o.empty() {
		return rng{lo: 1, hi: 0, hasHi: true}
	}
	out := rng{lo: max(r.lo, o.lo)}
	switch {
	case r.hasHi && o.hasHi:
		out.hi, out.hasHi = min(r.hi, o.hi), true
	case r.hasHi:
		out.hi, out.hasHi = r.hi, true
	case o.hasHi:
		out.hi, out.hasHi = o.hi, true
	}
	return out
}

// hasLimitZero is PostgREST's special case that lets limit=0 through the emptiness check.
func (r rng) hasLimitZero() bool { return r.hasHi && r.hi == -1 }

func satAdd(a, b int64) int64 {
	if b > 0 && a > math.MaxInt64-b {
		return math.MaxInt64
	}
	if b < 0 && a < math.MinInt64-b {
		return math.MinInt64
	}
	return a + b
}

// restrict is RangeQuery.restrictRange: cap the range to limit rows from its offset.
func (r rng) restrict(limit int64) rng {
	return r.intersect(rng{lo: math.MinInt64, hi: satAdd(r.lo, satAdd(limit, -1)), hasHi: true})
}

// parseRangeHeader is RangeQuery.rangeParse: "a-b" or "a-"; anything else means all rows.
func parseRangeHeader(h string) rng {
	lo, hi, ok := strings.Cut(h, "-")
	if !ok || lo == "" || !allDigits(lo) || !allDigits(hi) {
		return allRange
	}
	l, _ := readHsInteger(lo)
	if hi == "" {
		return rng{lo: l}
	}
	u, _ := readHsInteger(hi)
	return rng{lo: l, hi: u, hasHi: true}
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// parsedLogic is one and=/or= parameter after parsing.
type parsedLogic struct {
	embed []string
	tree  logicTree
}

type parsedFilter struct {
	embed []string
	f     filter
}

type parsedOrder struct {
	embed []string
	terms []orderTerm
}

// Parse is exported for tests and fuzzing: parse a request into a plan.
func Parse(t *Table, r Request) (*Plan, *Error) { return parse(t, r, nil) }

// normMethod is the method a request without one is read with.
func normMethod(m string) string {
	if m == "" {
		return http.MethodGet
	}
	return m
}

// parse is Parse with the parameter texts' parses kept in c (nil keeps nothing).
func parse(t *Table, r Request, c *parseCache) (*Plan, *Error) {
	method := normMethod(r.Method)
	if method != http.MethodGet && method != http.MethodHead {
		return nil, errUnsupportedMethod(method)
	}
	if len(r.RawQuery) > MaxQueryBytes {
		return nil, errLimit("The query string is too long",
			"The query string has "+strconv.Itoa(len(r.RawQuery))+" bytes; at most "+strconv.Itoa(MaxQueryBytes)+" are accepted.")
	}
	if r.AcceptProfile != "" && r.AcceptProfile != "public" {
		return nil, errSchema()
	}
	// PostgREST splits parameters on ';' as well as '&' (splitQuery follows it), so
	// "select=id;drop table claims" is select=id plus an ignored bare key there: a 200 that looks
	// as if the rest was accepted, and a parameter boundary that caches and proxies in front do
	// not see. A literal ';' is refused instead (a deliberate difference); %3B is data in both.
	if strings.IndexByte(r.RawQuery, ';') >= 0 {
		return nil, errLimit("Unencoded ';' in the query string",
			"A literal ';' is refused because servers and caches disagree on whether it separates parameters; send it as %3B inside a value.")
	}
	p := &Plan{table: t, head: method == http.MethodHead, profile: r.AcceptProfile != ""}
	params := splitQuery(r.RawQuery)
	p.location = "/" + t.Name
	if c := canonicalQuery(params); c != "" {
		p.location += "?" + c
	}
	qp, e := parseQueryParams(params, c)
	if e != nil {
		return nil, e
	}
	if e := checkLimits(qp.filters, qp.logics); e != nil {
		return nil, e
	}
	if e := qp.checkSizes(); e != nil {
		return nil, e
	}
	headerRange := allRange
	if method == http.MethodGet && r.Range != "" {
		headerRange = parseRangeHeader(r.Range)
	}
	top, e := qp.topLevelRange(headerRange)
	if e != nil {
		return nil, e
	}
	p.lower = top.lo
	invalidPrefs := p.preferences(r.Prefer)

	// Plan checks, in the order of PostgREST's readPlan and wrappedReadPlan.
	if e := qp.checkEmbedding(t); e != nil {
		return nil, e
	}
	for _, s := range qp.selection {
		if s.kind == selCount || s.agg != "" {
			return nil, errAggregates()
		}
	}
	if p.media, e = negotiate(r.Accept); e != nil {
		return nil, e
	}
	if invalidPrefs != nil {
		return nil, errInvalidPrefs(invalidPrefs)
	}

	// What PostgreSQL would report while analysing the statement: select list, WHERE (filters,
	// then and/or trees, as PostgREST orders them), ORDER BY.
	if e := p.planSelect(qp.selection); e != nil {
		return nil, e
	}
	read := top
	if !top.hasLimitZero() {
		read = top.restrict(p.maxRows()) // db-max-rows, lowered for wide selects
	}
	p.offset = read.lo
	p.limit = satAdd(satAdd(read.hi, -read.lo), 1)
	ctx := "WHERE"
	if len(qp.filters)+len(qp.logics) > 1 {
		ctx = "AND"
	}
	for _, f := range qp.filters {
		c, e := p.analyseLeaf(f.f, ctx)
		if e != nil {
			return nil, e
		}
		p.where = append(p.where, c)
	}
	for _, l := range qp.logics {
		c, e := p.analyseTree(l.tree, ctx)
		if e != nil {
			return nil, e
		}
		p.where = append(p.where, c)
	}
	if e := p.planOrder(qp.rootOrder()); e != nil {
		return nil, e
	}

	// What PostgreSQL would report while converting the bound values, in parameter order.
	for i := range p.where {
		if e := p.convert(&p.where[i]); e != nil {
			return nil, e
		}
	}
	return p, nil
}

type rangeParam struct{ key, val string }

// queryParams is the query string as PostgREST's QueryParams.parse splits it.
type queryParams struct {
	orders    []parsedOrder
	logics    []parsedLogic
	filters   []parsedFilter
	selection []selectItem
	limits    []rangeParam
	offsets   []rangeParam // keyed like limits ("limit", "rel.limit") so they pair up
}

// parseQueryParams parses in the order of PostgREST's QueryParams.parse (order, logic,
// columns, select, filters, on_conflict) so that the first PGRST100 reported is the same one.
// Parameters without '=' are ignored; reserved names are never filters.
func parseQueryParams(params []queryParam, c *parseCache) (*queryParams, *Error) {
	qp := &queryParams{}
	lookup := func(name string) (string, bool) {
		for _, q := range params {
			if q.key == name {
				return q.val, q.hasVal
			}
		}
		return "", false
	}
	for _, q := range params {
		if !q.hasVal {
			continue
		}
		switch lastSegment(q.key) {
		case "order":
			tp, perr := cachedParse(c, "tree", gTreePath, "tree path", q.key, q.key)
			if perr != nil {
				return nil, errQueryParam(perr)
			}
			terms, perr := cachedParse(c, "order", gOrder, "order", q.val, q.val)
			if perr != nil {
				return nil, errQueryParam(perr)
			}
			qp.orders = append(qp.orders, parsedOrder{tp.embed, terms})
		case "limit":
			qp.limits = append(qp.limits, rangeParam{q.key, q.val})
		case "offset":
			qp.offsets = append(qp.offsets, rangeParam{strings.TrimSuffix(q.key, "offset") + "limit", q.val})
		}
	}
	for _, q := range params {
		if last := lastSegment(q.key); !q.hasVal || (last != "and" && last != "or") {
			continue
		}
		path, perr := cachedParse(c, "lpath", gLogicPath, "logic path", q.key, q.key)
		if perr != nil {
			return nil, errQueryParam(perr)
		}
		op := path[len(path)-1]
		var embed []string
		negated := false
		for _, s := range path[:len(path)-1] {
			if s == "not" {
				negated = true
			} else {
				embed = append(embed, s)
			}
		}
		if negated {
			op = "not." + op
		}
		// Like PostgREST, parse "or(...)" rather than "(...)" so the tree grammar is regular;
		// error columns therefore count the operator too.
		tree, perr := cachedParse(c, "ltree", gLogicTree, "logic tree", q.val, op+q.val)
		if perr != nil {
			return nil, errQueryParam(perr)
		}
		qp.logics = append(qp.logics, parsedLogic{embed, tree})
	}
	if v, ok := lookup("columns"); ok {
		if _, perr := cachedParse(c, "cols", gColumns, "columns parameter", v, v); perr != nil {
			return nil, errQueryParam(perr)
		}
	}
	selectStr := "*"
	if v, ok := lookup("select"); ok {
		selectStr = v
	}
	if len(selectStr) > MaxSelectBytes {
		return nil, errLimit("The select parameter is too long",
			"The select parameter has "+strconv.Itoa(len(selectStr))+" bytes; at most "+strconv.Itoa(MaxSelectBytes)+" are accepted.")
	}
	selection, perr := cachedParse(c, "select", gFieldForest, "select parameter", selectStr, selectStr)
	if perr != nil {
		return nil, errQueryParam(perr)
	}
	qp.selection = selection
	for _, q := range params {
		if !q.hasVal || q.key == "select" || q.key == "columns" || q.key == "on_conflict" {
			continue
		}
		switch lastSegment(q.key) {
		case "order", "limit", "offset", "and", "or":
			continue
		}
		tp, perr := cachedParse(c, "tree", gTreePath, "tree path", q.key, q.key)
		if perr != nil {
			return nil, errQueryParam(perr)
		}
		expr, ok := fastFilter(q.val)
		if !ok {
			if expr, perr = cachedParse(c, "filter", gFilterValue, "filter", q.val, q.val); perr != nil {
				return nil, errQueryParam(perr)
			}
		}
		qp.filters = append(qp.filters, parsedFilter{tp.embed, filter{tp.field, expr}})
	}
	if v, ok := lookup("on_conflict"); ok {
		if _, perr := cachedParse(c, "cols", gColumns, "on_conflict parameter", v, v); perr != nil {
			return nil, errQueryParam(perr)
		}
	}
	return qp, nil
}

// checkSizes applies MaxSelectItems to the select list as written (the expanded list is checked
// by planSelect), MaxOrderTerms to the order terms, and refuses a top-level limit or offset that
// is not a number.
//
// PostgREST ignores an unparsable limit or offset and answers with every row up to its row limit;
// a typo such as limit=1O then silently pages through nothing. This server refuses it instead
// (400 PGRST100), a deliberate difference: a client that gets rows from PostgREST gets an error
// here, never different rows.
func (qp *queryParams) checkSizes() *Error {
	if n := countSelect(qp.selection); n > MaxSelectItems {
		return tooManySelected(n)
	}
	terms := 0
	for _, o := range qp.orders {
		terms += len(o.terms)
	}
	if terms > MaxOrderTerms {
		return errLimit("Too many order terms",
			"The request orders by "+strconv.Itoa(terms)+" terms; at most "+strconv.Itoa(MaxOrderTerms)+" are accepted.")
	}
	for _, g := range []struct {
		name   string
		params []rangeParam
	}{{"limit", qp.limits}, {"offset", qp.offsets}} {
		for _, l := range g.params {
			if l.key != "limit" {
				continue // an embedding's limit or offset (keyed rel.limit): PGRST108 follows
			}
			if _, ok := readHsInteger(l.val); !ok {
				return errLimit("failed to parse "+g.name+" parameter ("+l.val+")",
					g.name+" must be a whole number such as "+g.name+"=10.")
			}
		}
	}
	return nil
}

// maxRows is the implicit row limit: the table's db-max-rows, lowered so that rows × keys stays
// within MaxCells.
func (p *Plan) maxRows() int64 {
	n := p.table.maxRows()
	if keys := int64(len(p.out)); keys > 0 {
		n = min(n, max(MaxCells/keys, 1))
	}
	return n
}

// countSelect counts select items, those inside embeddings included.
func countSelect(items []selectItem) int {
	n := len(items)
	for _, s := range items {
		n += countSelect(s.children)
	}
	return n
}

func tooManySelected(n int) *Error {
	return errLimit("Too many select items",
		"The select list has "+strconv.Itoa(n)+" items; at most "+strconv.Itoa(MaxSelectItems)+" are accepted.")
}

// topLevelRange is ApiRequest.getRanges: limit/offset become absolute row ranges (later
// parameters win, unparsable values are ignored, Haskell's Integer reader decides what is a
// number), which then intersect the Range header. Only limit=0 may be empty.
func (qp *queryParams) topLevelRange(header rng) (rng, *Error) {
	limits := map[string]rng{}
	for _, l := range qp.limits {
		limits[l.key] = allRange
		if n, ok := readHsInteger(l.val); ok {
			limits[l.key] = allRange.restrict(n)
		}
	}
	offsets := map[string]rng{}
	for _, o := range qp.offsets {
		offsets[o.key] = allRange
		if n, ok := readHsInteger(o.val); ok {
			offsets[o.key] = rng{lo: n}
		}
	}
	limitRange, hasLimit := limits["limit"]
	if !hasLimit {
		limitRange = allRange
	}
	if o, ok := offsets["limit"]; ok {
		if hasLimit {
			n := int64(0)
			if limitRange.hasHi {
				n = satAdd(satAdd(limitRange.hi, -limitRange.lo), 1)
			}
			limitRange = rng{lo: o.lo, hi: satAdd(o.lo, satAdd(n, -1)), hasHi: true}
		} else {
			limitRange = o
		}
	}
	if limitRange.hasLimitZero() {
		return rng{lo: 0, hi: -1, hasHi: true}, nil
	}
	top := header.intersect(limitRange)
	if !top.empty() {
		return top, nil
	}
	if header.empty() {
		return rng{}, errRange("The lower boundary must be lower than or equal to the upper boundary in the Range header.")
	}
	return rng{}, errRange("Limit should be greater than or equal to zero.")
}

// checkEmbedding rejects what would need embedded resources, which this server has none of:
// relations in select (PGRST200), then parameters addressed to an embedding (PGRST108).
func (qp *queryParams) checkEmbedding(t *Table) *Error {
	if rel := firstRelation(qp.selection); rel != "" {
		return errNoRelationship(t.Name, rel)
	}
	for _, l := range qp.logics {
		if len(l.embed) > 0 {
			return errNotEmbedded(strings.Join(l.embed, "."))
		}
	}
	for _, f := range qp.filters {
		if len(f.embed) > 0 {
			return errNotEmbedded(strings.Join(f.embed, "."))
		}
	}
	for _, o := range qp.orders {
		if len(o.embed) > 0 {
			return errNotEmbedded(strings.Join(o.embed, "."))
		}
	}
	for _, l := range append(qp.limits, qp.offsets...) {
		if l.key != "limit" {
			return errNotEmbedded(strings.TrimSuffix(l.key, ".limit"))
		}
	}
	for _, o := range qp.rootOrder() {
		if o.relation != "" {
			return errNotEmbedded(o.relation)
		}
	}
	return nil
}

// rootOrder is the first order= parameter: PostgREST's addOrders lets it win.
func (qp *queryParams) rootOrder() []orderTerm {
	if len(qp.orders) == 0 {
		return nil
	}
	return qp.orders[0].terms
}

// planOrder resolves ORDER BY terms, spelling out PostgreSQL's default null placement (last
// when ascending, first when descending) because SQLite's default is the opposite.
func (p *Plan) planOrder(terms []orderTerm) *Error {
	for _, o := range terms {
		col := p.table.column(o.field.name)
		if col < 0 {
			return errColumn(p.table, o.field.name)
		}
		if len(o.field.path) > 0 {
			return jsonPathError(p.table.Columns[col].Type, o.field.path[0])
		}
		desc := o.dir == "desc"
		nulls := "last"
		if desc {
			nulls = "first"
		}
		switch o.nulls {
		case "nullsfirst":
			nulls = "first"
		case "nullslast":
			nulls = "last"
		}
		p.order = append(p.order, orderBy{col: col, desc: desc, nulls: nulls})
	}
	return nil
}

// preferences parses Prefer like PostgREST's Preferences.fromHeaders and returns the invalid
// preferences when handling=strict asks for them to be rejected.
func (p *Plan) preferences(header string) []string {
	if header == "" {
		return nil
	}
	accepted := map[string]bool{
		"resolution=merge-duplicates": true, "resolution=ignore-duplicates": true,
		"return=representation": true, "return=minimal": true, "return=headers-only": true,
		"params=single-object": true,
		"count=exact":          true, "count=planned": true, "count=estimated": true,
		"tx=commit": true, "tx=rollback": true,
		"missing=default": true, "missing=null": true,
		"handling=strict": true, "handling=lenient": true,
	}
	var count, handling string
	var invalid []string
	for _, raw := range strings.Split(header, ",") {
		pref := strings.TrimFunc(raw, hsIsSpace)
		switch {
		case count == "" && strings.HasPrefix(pref, "count=") && accepted[pref]:
			count = pref
		case handling == "" && strings.HasPrefix(pref, "handling=") && accepted[pref]:
			handling = pref
		}
		if !accepted[pref] && !strings.HasPrefix(pref, "max-affected=") {
			invalid = append(invalid, pref)
		}
	}
	var applied []string
	if count != "" {
		p.count = strings.TrimPrefix(count, "count=")
		applied = append(applied, count)
	}
	if handling != "" {
		applied = append(applied, handling)
	}
	p.prefApplied = strings.Join(applied, ", ")
	if handling == "handling=strict" && len(invalid) > 0 {
		return invalid
	}
	return nil
}

func firstRelation(items []selectItem) string {
	for _, s := range items {
		if s.kind == selRelation || s.kind == selSpread {
			return s.relation
		}
	}
	return ""
}

// checkLimits applies our own request limits (see MaxFilters and friends).
func checkLimits(filters []parsedFilter, logics []parsedLogic) *Error {
	leaves := len(filters)
	for _, f := range filters {
		if e := checkList(f.f); e != nil {
			return e
		}
	}
	var walk func(t logicTree, depth int) *Error
	walk = func(t logicTree, depth int) *Error {
		if t.stmt != nil {
			leaves++
			return checkList(*t.stmt)
		}
		if depth > MaxLogicDepth {
			return errLimit("The logic tree is nested too deeply",
				"and/or trees may nest at most "+strconv.Itoa(MaxLogicDepth)+" levels.")
		}
		for _, c := range t.children {
			if e := walk(c, depth+1); e != nil {
				return e
			}
		}
		return nil
	}
	for _, l := range logics {
		if e := walk(l.tree, 1); e != nil {
			return e
		}
	}
	if leaves > MaxFilters {
		return errLimit("Too many filters",
			"The request has "+strconv.Itoa(leaves)+" conditions; at most "+strconv.Itoa(MaxFilters)+" are accepted.")
	}
	return nil
}

func checkList(f filter) *Error {
	if f.expr.kind == opIn && len(f.expr.list) > MaxListItems {
		return tooManyItems(len(f.expr.list))
	}
	return nil
}

func tooManyItems(n int) *Error {
	return errLimit("Too many list items",
		"A list has "+strconv.Itoa(n)+" items; at most "+strconv.Itoa(MaxListItems)+" are accepted.")
}

// planSelect resolves the select list into output keys and the columns to fetch.
func (p *Plan) planSelect(items []selectItem) *Error {
	t := p.table
	slots := map[int]int{}
	add := func(key string, col int, asText bool) {
		slot, ok := slots[col]
		if !ok {
			slot = len(p.cols)
			slots[col] = slot
			p.cols = append(p.cols, col)
		}
		p.out = append(p.out, outItem{key: key, jsonKey: jsonString(key), col: col, slot: slot, asText: asText})
	}
	for _, s := range items {
		if s.kind == selStar {
			for i, c := range t.Columns {
				add(c.Name, i, false)
			}
			continue
		}
		col := t.column(s.field.name)
		if col < 0 {
			return errColumn(t, s.field.name)
		}
		typ := t.Columns[col].Type
		if len(s.field.path) > 0 {
			return jsonPathError(typ, s.field.path[0])
		}
		asText := false
		if s.cast != nil {
			switch castKind(*s.cast, typ) {
			case castText:
				asText = true
			case castSame:
			default:
				return errNotImplemented("Casting a column to '" + *s.cast + "' is not supported by this server; only text and the column's own type are.")
			}
		}
		key := s.field.name
		if s.alias != nil {
			key = *s.alias
		}
		add(key, col, asText)
	}
	if len(p.out) > MaxSelectItems {
		return tooManySelected(len(p.out))
	}
	return nil
}

const (
	castUnsupported = iota
	castText
	castSame
)

func castKind(name string, typ ColumnType) int {
	n := strings.Join(strings.Fields(strings.ToLower(name)), " ")
	switch n {
	case "text", "varchar", "character varying":
		if typ == Text {
			return castSame
		}
		return castText
	}
	switch typ {
	case UUID:
		if n == "uuid" {
			return castSame
		}
	case Integer:
		switch n {
		case "int", "int4", "integer", "int8", "bigint":
			return castSame
		}
	case Timestamp:
		if n == "timestamptz" || n == "timestamp with time zone" {
			return castSame
		}
	}
	return castUnsupported
}

// jsonPathError is what PostgreSQL says when -> or ->> meets a non-JSON column.
func jsonPathError(typ ColumnType, op jsonOp) *Error {
	arrow := "->"
	if op.double {
		arrow = "->>"
	}
	right := "unknown"
	if op.index {
		right = "integer"
	}
	return errNoOperator(typ.pgName(), arrow, right)
}

// analyseTree turns an and/or tree into a cond group; ctx names the enclosing boolean construct
// for PostgreSQL's "argument of X must be type boolean" errors.
func (p *Plan) analyseTree(t logicTree, ctx string) (cond, *Error) {
	if t.stmt != nil {
		return p.analyseLeaf(*t.stmt, ctx)
	}
	g := cond{kind: condGroup, not: t.not, or: t.op == "or"}
	inner := strings.ToUpper(t.op)
	if len(t.children) == 1 {
		inner = ctx
		if t.not {
			inner = "NOT"
		}
	}
	for _, ch := range t.children {
		c, e := p.analyseTree(ch, inner)
		if e != nil {
			return cond{}, e
		}
		g.children = append(g.children, c)
	}
	return g, nil
}

var cmpOps = map[string]string{"eq": "=", "neq": "<>", "gt": ">", "gte": ">=", "lt": "<", "lte": "<="}

// analyseLeaf checks a filter the way PostgreSQL's parser would (column exists, operator exists
// for the column type) and records the raw operands for convert.
func (p *Plan) analyseLeaf(f filter, ctx string) (cond, *Error) {
	t := p.table
	col := t.column(f.field.name)
	if col < 0 {
		return cond{}, errColumn(t, f.field.name)
	}
	typ := t.Columns[col].Type
	if len(f.field.path) > 0 {
		return cond{}, jsonPathError(typ, f.field.path[0])
	}
	e := f.expr
	c := cond{col: col, not: e.not, quant: e.quant}
	if e.not {
		ctx = "NOT"
	}
	switch e.kind {
	case opIn:
		c.kind = condIn
		for _, v := range e.list {
			c.args = append(c.args, strings.ReplaceAll(v, "\x00", ""))
		}
	case opIs:
		switch e.isVal {
		case "null":
			c.kind = condIsNull
		case "not_null":
			c.kind = condNotNull
		default:
			return cond{}, errNotBoolean("IS "+strings.ToUpper(e.isVal), typ.pgName())
		}
	case opIsDistinct:
		c.kind = condDistinct
		c.args = []any{e.val}
	case opFts:
		return cond{}, errNotImplemented("The full-text search operator '" + e.op + "' is not supported by this server.")
	case opSimple:
		switch e.op {
		case "neq":
			c.kind, c.op, c.args = condCmp, "<>", []any{e.val}
		case "cd":
			return cond{}, errOperatorNotUnique(typ.pgName(), "<@", "unknown")
		case "sl", "sr":
			if typ == Integer {
				return cond{}, errNotBoolean(ctx, "integer")
			}
			return cond{}, errNoOperator(typ.pgName(), map[string]string{"sl": "<<", "sr": ">>"}[e.op], "unknown")
		default:
			sym := map[string]string{"cs": "@>", "ov": "&&", "nxr": "&<", "nxl": "&>", "adj": "-|-"}[e.op]
			return cond{}, errNoOperator(typ.pgName(), sym, "unknown")
		}
	case opQuant:
		switch e.op {
		case "like", "ilike":
			if typ != Text {
				sym := "~~"
				if e.op == "ilike" {
					sym = "~~*"
				}
				return cond{}, errNoOperator(typ.pgName(), sym, "unknown")
			}
			c.kind, c.op = condLike, e.op
			c.args = []any{strings.ReplaceAll(e.val, "*", "%")}
		case "match", "imatch":
			if typ != Text {
				sym := "~"
				if e.op == "imatch" {
					sym = "~*"
				}
				return cond{}, errNoOperator(typ.pgName(), sym, "unknown")
			}
			return cond{}, errNotImplemented("The regular expression operator '" + e.op + "' is not supported by this server.")
		default:
			c.kind, c.op, c.args = condCmp, cmpOps[e.op], []any{e.val}
		}
	}
	return c, nil
}

// convert validates and types the operands of a cond tree, in bound-parameter order.
func (p *Plan) convert(c *cond) *Error {
	if c.kind == condGroup {
		for i := range c.children {
			if e := p.convert(&c.children[i]); e != nil {
				return e
			}
		}
		return nil
	}
	typ := p.table.Columns[c.col].Type
	switch c.kind {
	case condIn:
		if len(c.args) == 1 && c.args[0].(string) == "" {
			c.args = nil // in.() matches nothing, as PostgREST's = ANY('{}')
			return nil
		}
		for i, a := range c.args {
			v, e := typedValue(typ, a.(string))
			if e != nil {
				return e
			}
			c.args[i] = v
		}
	case condCmp, condLike, condDistinct:
		raw := c.args[0].(string)
		if strings.ContainsRune(raw, 0) {
			return errNUL()
		}
		if c.quant == "" {
			v, e := typedValue(typ, raw)
			if e != nil {
				return e
			}
			if c.kind == condLike && endsWithEscape(raw) {
				return errLikeEscape()
			}
			c.args[0] = v
			return nil
		}
		elems, e := parseArrayLiteral(raw)
		if e != nil {
			return e
		}
		if len(elems) > MaxListItems {
			return tooManyItems(len(elems))
		}
		c.args = c.args[:0]
		for _, el := range elems {
			if el == nil {
				c.args = append(c.args, nil)
				continue
			}
			v, e := typedValue(typ, *el)
			if e != nil {
				return e
			}
			if c.kind == condLike && endsWithEscape(*el) {
				return errLikeEscape()
			}
			c.args = append(c.args, v)
		}
	}
	return nil
}

// endsWithEscape reports a LIKE pattern ending in an unpaired backslash. PostgreSQL rejects it
// only when matching reaches that point, which depends on the data; rejecting it up front keeps
// the answer independent of the rows and identical on SQLite.
func endsWithEscape(pattern string) bool {
	n := len(pattern) - len(strings.TrimRight(pattern, `\`))
	return n%2 == 1
}

func typedValue(typ ColumnType, s string) (any, *Error) {
	switch typ {
	case UUID:
		return parseUUIDValue(s)
	case Integer:
		return parseInt4(s)
	case Timestamp:
		return parseTimestamptz(s)
	}
	return s, nil
}

func parseUUIDValue(s string) (any, *Error) {
	u, e := parseUUID(s)
	if e != nil {
		return nil, e
	}
	return u, nil
}
