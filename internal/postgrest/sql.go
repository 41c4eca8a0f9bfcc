package postgrest

import (
	"strconv"
	"strings"
)

// sqlTimeLayout is how timestamps are stored as TEXT on SQLite (the driver's own write format);
// in UTC it sorts lexicographically in time order, so bound values use it too.
const sqlTimeLayout = "2006-01-02 15:04:05.999999999-07:00"

// sqlBuilder accumulates SQL text and arguments; only whitelisted identifiers and fixed
// keywords are ever written, every value goes through arg.
type sqlBuilder struct {
	d    Dialect
	b    strings.Builder
	args []any
}

func (s *sqlBuilder) arg(v any) {
	s.args = append(s.args, s.bindValue(v))
	if s.d == Postgres {
		s.b.WriteString("$" + strconv.Itoa(len(s.args)))
	} else {
		s.b.WriteString("?")
	}
}

func (s *sqlBuilder) bindValue(v any) any {
	ts, ok := v.(tsValue)
	if !ok {
		return v
	}
	switch {
	case ts.special != "":
		return ts.special
	case s.d == Postgres:
		return ts.t
	}
	return ts.t.UTC().Format(sqlTimeLayout)
}

// quoteIdent quotes an identifier for both dialects; callers only pass whitelisted names.
func quoteIdent(name string) string {
	return `"` + strings.ReplaceAll(name, `"`, `""`) + `"`
}

func (p *Plan) columnSQL(i int) string { return quoteIdent(p.table.Columns[i].Name) }

// SQL is the SELECT with WHERE/ORDER/LIMIT/OFFSET; every request value is a bound argument (on
// SQLite, LIMIT and OFFSET are written as the plan's integers). A plan is immutable and shared by
// the requests the parse cache gives it to (cache.go), so its text and arguments are built once
// and shared too; the arguments are only read by the driver.
func (p *Plan) SQL(d Dialect) (query string, args []any) {
	if b := p.built.Load(); b != nil && b.d == d {
		return b.query, b.args
	}
	query, args = p.buildSQL(d)
	p.built.Store(&builtSQL{d: d, query: query, args: args})
	return query, args
}

// builtSQL is a plan's SELECT in one dialect.
type builtSQL struct {
	d     Dialect
	query string
	args  []any
}

func (p *Plan) buildSQL(d Dialect) (query string, args []any) {
	s := &sqlBuilder{d: d}
	s.b.WriteString("SELECT ")
	if len(p.cols) == 0 {
		s.b.WriteString("1")
	}
	for i, c := range p.cols {
		if i > 0 {
			s.b.WriteString(", ")
		}
		s.b.WriteString(p.columnSQL(c))
	}
	s.b.WriteString(" FROM ")
	s.b.WriteString(quoteIdent(p.table.Name))
	p.whereSQL(s)
	for i, o := range p.order {
		if i == 0 {
			s.b.WriteString(" ORDER BY ")
		} else {
			s.b.WriteString(", ")
		}
		s.b.WriteString(p.columnSQL(o.col))
		if o.desc {
			s.b.WriteString(" DESC")
		} else {
			s.b.WriteString(" ASC")
		}
		if o.nulls == "first" {
			s.b.WriteString(" NULLS FIRST")
		} else {
			s.b.WriteString(" NULLS LAST")
		}
	}
	if s.d == Postgres {
		s.b.WriteString(" LIMIT ")
		s.arg(p.limit)
		// A bound OFFSET, even of 0, keeps PostgreSQL from ever taking the generic plan of a
		// read by a unique key (its estimate of an unknown offset makes every custom plan look
		// cheaper), so the server planned such a read again at each execution, twice the CPU
		// of the read itself. OFFSET 0 skips nothing and is left out; a real offset is bound.
		if p.offset != 0 {
			s.b.WriteString(" OFFSET ")
			s.arg(p.offset)
		}
		return s.b.String(), s.args
	}
	// SQLite reads a bound LIMIT's value while planning and marks the statement to be prepared
	// again whenever that parameter is bound, so a bound LIMIT costs every read a second parse.
	// Both are integers the plan computed, never request text.
	s.b.WriteString(" LIMIT ")
	s.b.WriteString(strconv.FormatInt(p.limit, 10))
	s.b.WriteString(" OFFSET ")
	s.b.WriteString(strconv.FormatInt(p.offset, 10))
	return s.b.String(), s.args
}

// CountSQL is SELECT count(*) with the same WHERE.
func (p *Plan) CountSQL(d Dialect) (query string, args []any) {
	s := &sqlBuilder{d: d}
	s.b.WriteString("SELECT count(*) FROM ")
	s.b.WriteString(quoteIdent(p.table.Name))
	p.whereSQL(s)
	return s.b.String(), s.args
}

func (p *Plan) whereSQL(s *sqlBuilder) {
	n := 0
	next := func() {
		if n == 0 {
			s.b.WriteString(" WHERE ")
		} else {
			s.b.WriteString(" AND ")
		}
		n++
	}
	if p.table.Filter != "" {
		next()
		s.b.WriteString("(" + p.table.Filter + ")")
	}
	for i := range p.where {
		next()
		p.condSQL(s, &p.where[i])
	}
}

func (p *Plan) condSQL(s *sqlBuilder, c *cond) {
	if c.not {
		s.b.WriteString("NOT ")
	}
	if c.kind == condGroup {
		s.b.WriteString("(")
		for i := range c.children {
			if i > 0 {
				if c.or {
					s.b.WriteString(" OR ")
				} else {
					s.b.WriteString(" AND ")
				}
			}
			p.condSQL(s, &c.children[i])
		}
		s.b.WriteString(")")
		return
	}
	col := p.columnSQL(c.col)
	s.b.WriteString("(")
	defer s.b.WriteString(")")
	switch c.kind {
	case condIsNull:
		s.b.WriteString(col + " IS NULL")
	case condNotNull:
		s.b.WriteString(col + " IS NOT NULL")
	case condIn:
		if len(c.args) == 0 {
			s.b.WriteString("1 = 0")
			return
		}
		s.b.WriteString(col + " IN (")
		for i, a := range c.args {
			if i > 0 {
				s.b.WriteString(", ")
			}
			s.arg(a)
		}
		s.b.WriteString(")")
	case condDistinct:
		if s.d == Postgres {
			s.b.WriteString(col + " IS DISTINCT FROM ")
		} else {
			s.b.WriteString(col + " IS NOT ")
		}
		s.arg(c.args[0])
	case condCmp, condLike:
		if c.quant == "" {
			p.comparison(s, c, col, c.args[0])
			return
		}
		if len(c.args) == 0 {
			// = ANY('{}') is false and = ALL('{}') is true, whatever the column holds.
			if c.quant == "any" {
				s.b.WriteString("1 = 0")
			} else {
				s.b.WriteString("1 = 1")
			}
			return
		}
		for i, a := range c.args {
			if i > 0 {
				if c.quant == "any" {
					s.b.WriteString(" OR ")
				} else {
					s.b.WriteString(" AND ")
				}
			}
			p.comparison(s, c, col, a)
		}
	}
}

func (p *Plan) comparison(s *sqlBuilder, c *cond, col string, v any) {
	switch {
	case c.kind == condCmp:
		s.b.WriteString(col + " " + c.op + " ")
		s.arg(v)
	case s.d == Postgres && c.op == "ilike":
		s.b.WriteString(col + " ILIKE ")
		s.arg(v)
	case s.d == Postgres:
		s.b.WriteString(col + " LIKE ")
		s.arg(v)
	case c.op == "ilike":
		// unicode_lower is registered by database (database/database.go): SQLite's lower() folds ASCII only.
		s.b.WriteString("unicode_lower(" + col + ") LIKE unicode_lower(")
		s.arg(v)
		s.b.WriteString(`) ESCAPE '\'`)
	default:
		// The connection runs with case_sensitive_like=ON; backslash escapes as in PostgreSQL.
		s.b.WriteString(col + " LIKE ")
		s.arg(v)
		s.b.WriteString(` ESCAPE '\'`)
	}
}
