package postgrest

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Error is PostgREST's error body; Details and Hint serialize as null when nil.
type Error struct {
	Status  int     `json:"-"`
	Code    string  `json:"code"`
	Details *string `json:"details"`
	Hint    *string `json:"hint"`
	Message string  `json:"message"`
}

// Response renders the error the way PostgREST does: compact JSON with keys in aeson's
// (alphabetical) order, Content-Type application/json, and the Proxy-Status header PostgREST
// adds to error answers.
func (e *Error) Response() Response {
	var b strings.Builder
	b.WriteString(`{"code":`)
	writeAesonString(&b, e.Code)
	b.WriteString(`,"details":`)
	writeAesonNullable(&b, e.Details)
	b.WriteString(`,"hint":`)
	writeAesonNullable(&b, e.Hint)
	b.WriteString(`,"message":`)
	writeAesonString(&b, e.Message)
	b.WriteString("}")
	return Response{
		Status: e.Status,
		Header: map[string]string{
			"Content-Type": "application/json; charset=utf-8",
			"Proxy-Status": "PostgREST; error=" + e.Code,
		},
		Body: []byte(b.String()),
	}
}

func writeAesonNullable(b *strings.Builder, s *string) {
	if s == nil {
		b.WriteString("null")
		return
	}
	writeAesonString(b, *s)
}

// writeAesonString escapes like aeson: quote, backslash and control characters only.
func writeAesonString(b *strings.Builder, s string) {
	const hexDigits = "0123456789abcdef"
	b.WriteByte('"')
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte(hexDigits[r>>4])
			b.WriteByte(hexDigits[r&15])
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}

func strp(s string) *string { return &s }

func newErr(status int, code, message string, details, hint *string) *Error {
	return &Error{Status: status, Code: code, Message: message, Details: details, Hint: hint}
}

// UnknownTable is the 404 PGRST205 answer for /rest/v1/<name> when name is not exposed.
func UnknownTable(name string) Response {
	return unknownTableError(name, ExposedTables).Response()
}

// ExposedTables are the table names UnknownTable may suggest ("Perhaps you meant ..."); the
// handler exposes only claims.
var ExposedTables = []string{"claims"}

func unknownTableError(name string, tables []string) *Error {
	var hint *string
	if best := fuzzyBest(name, tables, 0.75); best != "" {
		hint = strp("Perhaps you meant the table 'public." + best + "'")
	}
	return newErr(http.StatusNotFound, "PGRST205", "Could not find the table 'public."+name+"' in the schema cache", nil, hint)
}

func errQueryParam(pe *parseError) *Error {
	return newErr(http.StatusBadRequest, "PGRST100", pe.message, strp(pe.details), nil)
}

// errLimit reports one of our own request limits in PostgREST's query-parameter error shape.
func errLimit(message, details string) *Error {
	return newErr(http.StatusBadRequest, "PGRST100", message, strp(details), nil)
}

// errTooLarge refuses a read whose body would exceed MaxResponseBytes; fitted is how many rows
// fitted, so the hint can name a limit that works.
func errTooLarge(fitted int) *Error {
	return newErr(http.StatusBadRequest, "PGRST100", "The response is too large",
		strp("The rows asked for take more than "+strconv.Itoa(MaxResponseBytes)+" bytes, the most one response carries."),
		strp("Ask for fewer rows (limit="+strconv.Itoa(max(fitted, 1))+" fits) or fewer columns (select), and page with offset or Range."))
}

func errSchema() *Error {
	return newErr(http.StatusNotAcceptable, "PGRST106", "The schema must be one of the following: public", nil, nil)
}

func errMedia(mimes []string) *Error {
	return newErr(http.StatusNotAcceptable, "PGRST107", "None of these media types are available: "+strings.Join(mimes, ", "), nil, nil)
}

func errNotEmbedded(rel string) *Error {
	return newErr(http.StatusBadRequest, "PGRST108", "'"+rel+"' is not an embedded resource in this request", nil,
		strp("Verify that '"+rel+"' is included in the 'select' query parameter."))
}

func errSingular(n int) *Error {
	return newErr(http.StatusNotAcceptable, "PGRST116", "Cannot coerce the result to a single JSON object",
		strp("The result contains "+strconv.Itoa(n)+" rows"), nil)
}

func errUnsupportedMethod(m string) *Error {
	return newErr(http.StatusMethodNotAllowed, "PGRST117", "Unsupported HTTP method: "+m, nil, nil)
}

func errInvalidPrefs(prefs []string) *Error {
	return newErr(http.StatusBadRequest, "PGRST122", "Invalid preferences given with handling=strict",
		strp("Invalid preferences: "+strings.Join(prefs, ", ")), nil)
}

func errAggregates() *Error {
	return newErr(http.StatusBadRequest, "PGRST123", "Use of aggregate functions is not allowed", nil, nil)
}

func errNotImplemented(details string) *Error {
	return newErr(http.StatusBadRequest, "PGRST127", "Feature not implemented", strp(details), nil)
}

func errRange(details string) *Error {
	return newErr(http.StatusRequestedRangeNotSatisfiable, "PGRST103", "Requested range not satisfiable", strp(details), nil)
}

func errNoRelationship(table, rel string) *Error {
	return newErr(http.StatusBadRequest, "PGRST200",
		"Could not find a relationship between '"+table+"' and '"+rel+"' in the schema cache",
		strp("Searched for a foreign key relationship between '"+table+"' and '"+rel+"' in the schema 'public', but no matches were found."),
		nil)
}

// errColumn is PostgreSQL's 42703 for a qualified column reference, with PostgreSQL's
// "Perhaps you meant" hint computed over the whitelist only, so that hidden columns are never
// suggested.
func errColumn(t *Table, name string) *Error {
	var hint *string
	switch best := pgColumnHint(name, t.Columns); len(best) {
	case 1:
		hint = strp("Perhaps you meant to reference the column \"" + t.Name + "." + best[0] + "\".")
	case 2:
		hint = strp("Perhaps you meant to reference the column \"" + t.Name + "." + best[0] +
			"\" or the column \"" + t.Name + "." + best[1] + "\".")
	}
	return newErr(http.StatusBadRequest, "42703", "column "+t.Name+"."+name+" does not exist", nil, hint)
}

// errNoOperator is PostgreSQL's 42883, which PostgREST maps to 404.
func errNoOperator(left, op, right string) *Error {
	return newErr(http.StatusNotFound, "42883", "operator does not exist: "+left+" "+op+" "+right, nil,
		strp("No operator matches the given name and argument types. You might need to add explicit type casts."))
}

func errOperatorNotUnique(left, op, right string) *Error {
	return newErr(http.StatusBadRequest, "42725", "operator is not unique: "+left+" "+op+" "+right, nil,
		strp("Could not choose a best candidate operator. You might need to add explicit type casts."))
}

func errNotBoolean(construct, typ string) *Error {
	return newErr(http.StatusBadRequest, "42804", "argument of "+construct+" must be type boolean, not type "+typ, nil, nil)
}

func errInvalidText(typ, val string) *Error {
	return newErr(http.StatusBadRequest, "22P02", fmt.Sprintf("invalid input syntax for type %s: \"%s\"", typ, val), nil, nil)
}

func errIntRange(val string) *Error {
	return newErr(http.StatusBadRequest, "22003", fmt.Sprintf("value \"%s\" is out of range for type integer", val), nil, nil)
}

func errTimestampSyntax(val string) *Error {
	return newErr(http.StatusBadRequest, "22007", fmt.Sprintf("invalid input syntax for type timestamp with time zone: \"%s\"", val), nil, nil)
}

func errDateRange(val string, datestyleHint bool) *Error {
	var hint *string
	if datestyleHint {
		hint = strp("Perhaps you need a different \"datestyle\" setting.")
	}
	return newErr(http.StatusBadRequest, "22008", fmt.Sprintf("date/time field value out of range: \"%s\"", val), nil, hint)
}

func errTZRange(val string) *Error {
	return newErr(http.StatusBadRequest, "22009", fmt.Sprintf("time zone displacement out of range: \"%s\"", val), nil, nil)
}

func errMalformedArray(val, detail string) *Error {
	return newErr(http.StatusBadRequest, "22P02", fmt.Sprintf("malformed array literal: \"%s\"", val), strp(detail), nil)
}

func errLikeEscape() *Error {
	return newErr(http.StatusBadRequest, "22025", "LIKE pattern must not end with escape character", nil, nil)
}

func errNUL() *Error {
	return newErr(http.StatusBadRequest, "22021", "invalid byte sequence for encoding \"UTF8\": 0x00", nil, nil)
}

// pgColumnHint reproduces PostgreSQL's errorMissingColumn suggestion for a single relation:
// the closest column by Levenshtein distance, at most 3 and at most half the length of the
// misspelt name; two equally close columns are both named, three or more give no hint.
func pgColumnHint(name string, cols []Column) []string {
	const maxFuzzy = 3
	best := maxFuzzy + 1
	first, second := -1, -1
	matchLen := len(name)
	for i, c := range cols {
		d := levenshtein(c.Name, name)
		if d > matchLen/2 {
			continue
		}
		switch {
		case d < best:
			best, first, second = d, i, -1
		case d == best:
			switch {
			case second >= 0:
				first, second = -1, -1
				best = d - 1
			case first >= 0:
				second = i
			case best <= maxFuzzy:
				first = i
			}
		}
	}
	switch {
	case first < 0:
		return nil
	case second >= 0:
		return []string{cols[first].Name, cols[second].Name}
	}
	return []string{cols[first].Name}
}

func levenshtein(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// fuzzyBest approximates Data.FuzzySet (PostgREST's table-name suggestions): candidates must
// share a bigram with the query, and are scored 1 - distance/longer length on lowercased names.
func fuzzyBest(name string, candidates []string, minScore float64) string {
	q := strings.ToLower(name)
	qgrams := bigrams(q)
	best, bestScore := "", 0.0
	for _, c := range candidates {
		lc := strings.ToLower(c)
		shared := false
		for g := range bigrams(lc) {
			if qgrams[g] {
				shared = true
				break
			}
		}
		if !shared {
			continue
		}
		longer := max(utf8.RuneCountInString(q), utf8.RuneCountInString(lc))
		score := 1 - float64(levenshtein(q, lc))/float64(longer)
		if score >= minScore && score > bestScore {
			best, bestScore = c, score
		}
	}
	return best
}

func bigrams(s string) map[string]bool {
	rs := []rune("-" + s + "-")
	out := make(map[string]bool, len(rs))
	for i := 0; i+2 <= len(rs); i++ {
		out[string(rs[i:i+2])] = true
	}
	return out
}
