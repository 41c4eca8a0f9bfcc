package postgrest

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/claimcheck/claimcheck/database"
	"github.com/jackc/pgx/v5/pgconn"
)

type media int

const (
	mediaJSON media = iota
	mediaJSONStripped
	mediaObject
	mediaObjectStripped
	mediaCSV
)

func (m media) contentType() string {
	switch m {
	case mediaJSONStripped:
		return "application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8"
	case mediaObject:
		return "application/vnd.pgrst.object+json; charset=utf-8"
	case mediaObjectStripped:
		return "application/vnd.pgrst.object+json;nulls=stripped; charset=utf-8"
	case mediaCSV:
		return "text/csv; charset=utf-8"
	}
	return "application/json; charset=utf-8"
}

func (m media) singular() bool { return m == mediaObject || m == mediaObjectStripped }
func (m media) stripped() bool { return m == mediaJSONStripped || m == mediaObjectStripped }

// negotiate picks the answer's media type like PostgREST: Accept entries ordered by q-value and
// specificity (wai-extra's parseHttpAccept), decoded by MediaType.decodeMediaType, first
// producible one wins. postgrest-js sends application/json (or nothing) for lists and for
// maybeSingle(), application/vnd.pgrst.object+json for single(), the ;nulls=stripped variants
// for stripNulls() and text/csv for csv().
func negotiate(accept string) (media, *Error) {
	if accept == "" {
		return mediaJSON, nil
	}
	type entry struct {
		mt   string
		q    float64
		spec int
	}
	var entries []entry
	for _, part := range strings.Split(accept, ",") {
		s := strings.ReplaceAll(part, " ", "")
		q := 1.0
		if i := strings.Index(s, ";q="); i >= 0 {
			qs := s[i+3:]
			if j := strings.IndexByte(qs, ';'); j >= 0 {
				qs = qs[:j]
			}
			if v, ok := readHsDoublePrefix(qs); ok {
				q = v
			}
			s = s[:i]
		}
		entries = append(entries, entry{s, q, strings.Count(s, ";") - strings.Count(s, "*")})
	}
	sort.SliceStable(entries, func(i, j int) bool {
		if entries[i].q != entries[j].q {
			return entries[i].q > entries[j].q
		}
		return entries[i].spec > entries[j].spec
	})
	var names []string
	for _, e := range entries {
		if e.mt == "" {
			return mediaJSON, nil // an empty entry decodes to */*
		}
		parts := strings.Split(e.mt, ";")
		base := strings.ToLower(parts[0])
		strip := len(parts) == 2 && strings.ToLower(parts[1]) == "nulls=stripped"
		switch base {
		case "*/*", "application/json":
			return mediaJSON, nil
		case "text/csv":
			return mediaCSV, nil
		case "application/vnd.pgrst.array+json", "application/vnd.pgrst.array":
			if strip {
				return mediaJSONStripped, nil
			}
			return mediaJSON, nil
		case "application/vnd.pgrst.object+json", "application/vnd.pgrst.object":
			if strip {
				return mediaObjectStripped, nil
			}
			return mediaObject, nil
		}
		names = append(names, parts[0])
	}
	return 0, errMedia(names)
}

// readHsDoublePrefix is `reads :: ReadS Double` keeping the first parse: a decimal number
// with optional fraction and exponent at the start of s.
func readHsDoublePrefix(s string) (float64, bool) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, false
	}
	end := i
	if i+1 < len(s) && s[i] == '.' && s[i+1] >= '0' && s[i+1] <= '9' {
		i++
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		end = i
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j < len(s) && s[j] >= '0' && s[j] <= '9' {
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			end = j
		}
	}
	v, err := strconv.ParseFloat(s[:end], 64)
	return v, err == nil
}

// Execute parses, queries and encodes; any error becomes a PostgREST-shaped error Response (never a Go error for client mistakes; a database failure gives 500/503 with a PostgREST-shaped body and the error logged by the caller via the returned error).
func Execute(ctx context.Context, q Querier, d Dialect, t *Table, r Request) (Response, error) {
	return execute(ctx, q, d, t, r, nil)
}

// execute is Execute with parses kept in c (nil keeps nothing).
func execute(ctx context.Context, q Querier, d Dialect, t *Table, r Request, c *parseCache) (Response, error) {
	head := r.Method == http.MethodHead
	finish := func(resp Response) Response {
		if head {
			resp.Body = nil
		}
		return resp
	}
	p, perr := c.plan(t, r)
	if perr != nil {
		return finish(perr.Response()), nil
	}
	rows, size, err := p.fetch(ctx, q, d)
	if errors.Is(err, errResponseTooLarge) {
		return finish(errTooLarge(len(rows)).Response()), nil
	}
	if err != nil {
		return finish(dbError(err).Response()), fmt.Errorf("postgrest: read %s: %w", t.Name, err)
	}
	var total int64 = -1
	if p.count != "" {
		if total, err = p.total(ctx, q, d); err != nil {
			return finish(dbError(err).Response()), fmt.Errorf("postgrest: count %s: %w", t.Name, err)
		}
	}
	if p.media.singular() && len(rows) != 1 {
		return finish(errSingular(len(rows)).Response()), nil
	}

	// RangeQuery.rangeStatusHeader.
	lower := p.lower
	upper := lower + int64(len(rows)) - 1
	status := http.StatusOK
	totalStr := "*"
	if total >= 0 {
		totalStr = strconv.FormatInt(total, 10)
		switch {
		case lower > total:
			status = http.StatusRequestedRangeNotSatisfiable
		case int64(len(rows)) < total:
			status = http.StatusPartialContent
		}
	}
	rangeStr := "*"
	if total != 0 && lower <= upper {
		rangeStr = strconv.FormatInt(lower, 10) + "-" + strconv.FormatInt(upper, 10)
	}
	header := map[string]string{
		"Content-Type":     p.media.contentType(),
		"Content-Range":    rangeStr + "/" + totalStr,
		"Content-Location": p.location,
	}
	if p.profile {
		header["Content-Profile"] = "public"
	}
	if p.prefApplied != "" {
		header["Preference-Applied"] = p.prefApplied
	}
	var body []byte
	if status == http.StatusRequestedRangeNotSatisfiable {
		e := errRange("An offset of " + strconv.FormatInt(lower, 10) + " was requested, but there are only " + totalStr + " rows.")
		body = e.Response().Body
	} else {
		body = p.encode(rows, size)
	}
	return finish(Response{Status: status, Header: header, Body: body}), nil
}

// rowsHint is how many rows a read of the plan is expected to bring: its limit, within reason.
func (p *Plan) rowsHint() int {
	if p.limit > 0 && p.limit <= 100 {
		return int(p.limit)
	}
	return 1
}

// errResponseTooLarge stops a read whose answer would exceed MaxResponseBytes.
var errResponseTooLarge = errors.New("response too large")

// fetch runs the SELECT and renders each cell to its JSON text right away, so rows hold no
// driver-owned memory. It also sums what the body will take (an upper bound: every key and
// separator counted) and stops with errResponseTooLarge, returning as many (empty) rows as
// fitted, as soon as that passes MaxResponseBytes, so a wide or long read never builds more than
// that in memory.
func (p *Plan) fetch(ctx context.Context, q Querier, d Dialect) ([][]cell, int, error) {
	query, args := p.SQL(d)
	rs, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, 0, err
	}
	perRow := 4 // "{}" and the separator between rows
	for _, o := range p.out {
		perRow += len(o.key) + 4 // quotes, colon, comma
	}
	size := 2
	defer rs.Close()
	// On PostgreSQL the values are rendered from the bytes pgx received wherever their format is
	// one appendRawCell reads, without decoding each into a Go value first; the others, and
	// every value on SQLite, are scanned into vals.
	var vals, ptrs []any
	raw, _ := rs.(database.RawRows)
	var fields []pgconn.FieldDescription
	if raw != nil {
		fields = raw.FieldDescriptions()
	}
	csv := p.media == mediaCSV
	// Every cell is rendered into one buffer, and the rows' cells are one slice cut into rows at
	// the end, so a read allocates the same few times however many rows it has. The buffer starts
	// at the size the plan's last read took (a cached plan is one query text, read again and
	// again), so it rarely grows.
	width := len(p.out)
	hint := int(p.textHint.Load())
	text := make([]byte, 0, min(max(hint+hint/8, 512), 64<<10)) // larger reads grow as they go
	cells := make([]cell, 0, width*p.rowsHint())
	ends := make([]int, 0, cap(cells))
	rows := 0
	for rs.Next() {
		var values [][]byte
		if raw != nil {
			values = raw.RawValues()
		}
		scanned := false
		rowStart := len(text)
		for _, o := range p.out {
			col := p.table.Columns[o.col]
			var null, done bool
			if o.slot < len(values) && o.slot < len(fields) {
				text, null, done = appendRawCell(text, col, values[o.slot], fields[o.slot], o.asText, csv)
			}
			if !done {
				if !scanned {
					if vals == nil {
						vals = make([]any, max(len(p.cols), 1))
						ptrs = make([]any, len(vals))
						for i := range vals {
							ptrs[i] = &vals[i]
						}
					}
					if err := rs.Scan(ptrs...); err != nil {
						return nil, 0, fmt.Errorf("scan: %w", err)
					}
					scanned = true
				}
				var err error
				if text, null, err = appendCell(text, col, vals[o.slot], o.asText, csv); err != nil {
					return nil, 0, fmt.Errorf("column %s: %w", col.Name, err)
				}
			}
			cells = append(cells, cell{null: null})
			ends = append(ends, len(text))
		}
		rows++
		size += perRow + len(text) - rowStart + 4*width // "null" when a cell is null
		if size > MaxResponseBytes {
			return make([][]cell, rows-1), size, errResponseTooLarge
		}
	}
	if err := rs.Err(); err != nil {
		return nil, 0, err
	}
	p.textHint.Store(int32(min(len(text), MaxResponseBytes)))
	// text is not written again: the cells' strings share its bytes instead of a copy.
	all := bytesText(text)
	start := 0
	for i := range cells {
		if !cells[i].null {
			cells[i].json = all[start:ends[i]]
		}
		start = ends[i]
	}
	out := make([][]cell, rows)
	for r := range out {
		out[r] = cells[r*width : (r+1)*width : (r+1)*width]
	}
	return out, size, nil

}

func (p *Plan) total(ctx context.Context, q Querier, d Dialect) (int64, error) {
	query, args := p.CountSQL(d)
	rs, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	defer rs.Close()
	var n int64
	if !rs.Next() {
		if err := rs.Err(); err != nil {
			return 0, err
		}
		return 0, errors.New("count returned no row")
	}
	if err := rs.Scan(&n); err != nil {
		return 0, fmt.Errorf("scan count: %w", err)
	}
	return n, rs.Err()
}

// dbError shapes a database failure like PostgREST: PostgreSQL errors keep their SQLSTATE,
// message, detail and hint with PostgREST's status mapping; lost connections are 503 PGRST001;
// anything else (e.g. SQLite) is a 500 without driver text, which goes to the log instead.
func dbError(err error) *Error {
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		e := newErr(pgStatus(pg.Code), pg.Code, pg.Message, nil, nil)
		if pg.Detail != "" {
			e.Details = strp(pg.Detail)
		}
		if pg.Hint != "" {
			e.Hint = strp(pg.Hint)
		}
		return e
	}
	var netErr net.Error
	if errors.Is(err, driver.ErrBadConn) || errors.Is(err, sql.ErrConnDone) || errors.As(err, &netErr) || pgconn.SafeToRetry(err) {
		return newErr(http.StatusServiceUnavailable, "PGRST001", "Database client error. Retrying the connection.", nil, nil)
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return newErr(http.StatusServiceUnavailable, "PGRST003", "Timed out acquiring connection from connection pool.", nil, nil)
	}
	return newErr(http.StatusInternalServerError, "XX000", "Internal database error", nil, nil)
}

// pgStatus is PostgREST's mapSQLtoHTTP for the errors a read can meet.
func pgStatus(code string) int {
	switch {
	case strings.HasPrefix(code, "08"), code == "57P01":
		return http.StatusServiceUnavailable
	case code == "53400":
		return http.StatusInternalServerError
	case strings.HasPrefix(code, "53"):
		return http.StatusServiceUnavailable
	case code == "42883", code == "42P01":
		return http.StatusNotFound
	case code == "42501":
		return http.StatusUnauthorized
	case code == "P0001", code == "22023":
		return http.StatusBadRequest
	}
	for _, prefix := range []string{"09", "25", "2D", "38", "39", "3B", "40", "54", "55", "57", "58", "F0", "HV", "P0", "XX"} {
		if strings.HasPrefix(code, prefix) {
			return http.StatusInternalServerError
		}
	}
	if code == "42P17" {
		return http.StatusInternalServerError
	}
	if strings.HasPrefix(code, "0L") || strings.HasPrefix(code, "0P") || strings.HasPrefix(code, "28") {
		return http.StatusForbidden
	}
	return http.StatusBadRequest
}
