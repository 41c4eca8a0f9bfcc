package postgrest

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// Value conversion mirrors PostgreSQL's input functions (uuid_in, int4in, timestamptz_in,
// array_in) so that both dialects reject exactly what PostgreSQL would, with PostgreSQL's
// SQLSTATE and wording, before any SQL runs. SQLite would otherwise compare anything with
// anything and silently return no rows.

// cIsSpace is C's isspace in the "C" locale, used by PostgreSQL's input functions.
func cIsSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func isHex(c byte) bool {
	_, ok := unhex(c)
	return ok
}

// parseUUID is PostgreSQL's string_to_uuid: optional braces, hex pairs, and an optional hyphen
// after any group of four hex digits. It returns the canonical lowercase form.
func parseUUID(s string) (string, *Error) {
	p := s
	braces := false
	if strings.HasPrefix(p, "{") {
		p = p[1:]
		braces = true
	}
	var hexs [32]byte
	for i := 0; i < 16; i++ {
		if len(p) < 2 || !isHex(p[0]) || !isHex(p[1]) {
			return "", errInvalidText("uuid", s)
		}
		hexs[2*i], hexs[2*i+1] = lowerHex(p[0]), lowerHex(p[1])
		p = p[2:]
		if len(p) > 0 && p[0] == '-' && i%2 == 1 && i < 15 {
			p = p[1:]
		}
	}
	if braces {
		if !strings.HasPrefix(p, "}") {
			return "", errInvalidText("uuid", s)
		}
		p = p[1:]
	}
	if p != "" {
		return "", errInvalidText("uuid", s)
	}
	h := string(hexs[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32], nil
}

func lowerHex(c byte) byte {
	if c >= 'A' && c <= 'F' {
		return c + 'a' - 'A'
	}
	return c
}

// parseInt4 is PostgreSQL 15's pg_strtoint32: surrounding whitespace and a sign are allowed,
// overflow is reported as soon as the digits exceed the range (even with trailing junk).
func parseInt4(s string) (int64, *Error) {
	i := 0
	for i < len(s) && cIsSpace(s[i]) {
		i++
	}
	neg := false
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		neg = s[i] == '-'
		i++
	}
	if i >= len(s) || s[i] < '0' || s[i] > '9' {
		return 0, errInvalidText("integer", s)
	}
	var v int64
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		v = v*10 + int64(s[i]-'0')
		if (!neg && v > math.MaxInt32) || (neg && v > -math.MinInt32) {
			return 0, errIntRange(s)
		}
		i++
	}
	for i < len(s) && cIsSpace(s[i]) {
		i++
	}
	if i != len(s) {
		return 0, errInvalidText("integer", s)
	}
	if neg {
		v = -v
	}
	return v, nil
}

// tsValue is a validated timestamptz operand: a UTC instant, or PostgreSQL's special
// "infinity"/"-infinity", which are bound as those strings (on SQLite they also sort after and
// before every stored "YYYY-..." text, so comparisons keep their meaning).
type tsValue struct {
	t       time.Time
	special string
}

var nowFunc = time.Now

// parseTimestamptz accepts the timestamptz inputs clients actually send: ISO 8601 / RFC 3339
// with 'T' or space, optional seconds and fraction, optional zone (Z, UTC, GMT, ±hh, ±hhmm,
// ±hh:mm, ±hh:mm:ss), plain dates (YYYY-MM-DD or YYYYMMDD), and the special words epoch, now,
// today, tomorrow, yesterday, infinity and -infinity. A zone-less value is UTC (the server's
// TimeZone). Field and zone range errors use PostgreSQL's codes and messages (22008, 22009);
// any other shape is 22007, as PostgreSQL reports unparsable datetimes.
func parseTimestamptz(s string) (tsValue, *Error) {
	in := strings.TrimFunc(s, func(r rune) bool { return r < 128 && cIsSpace(byte(r)) })
	lower := strings.ToLower(in)
	now := nowFunc().UTC()
	midnight := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	switch lower {
	case "epoch":
		return tsValue{t: time.Unix(0, 0).UTC()}, nil
	case "infinity", "+infinity":
		return tsValue{special: "infinity"}, nil
	case "-infinity":
		return tsValue{special: "-infinity"}, nil
	case "now":
		return tsValue{t: now.Truncate(time.Microsecond)}, nil
	case "today":
		return tsValue{t: midnight}, nil
	case "tomorrow":
		return tsValue{t: midnight.AddDate(0, 0, 1)}, nil
	case "yesterday":
		return tsValue{t: midnight.AddDate(0, 0, -1)}, nil
	}
	syntax := func() (tsValue, *Error) { return tsValue{}, errTimestampSyntax(s) }
	p := &scanner{s: in}

	// Date.
	var year, month, day int
	if n := p.digits(); len(n) == 8 && !p.peek('-') {
		year, _ = strconv.Atoi(n[:4])
		month, _ = strconv.Atoi(n[4:6])
		day, _ = strconv.Atoi(n[6:])
	} else {
		if len(n) == 0 || len(n) > 9 || !p.eat('-') {
			return syntax()
		}
		year, _ = strconv.Atoi(n)
		m := p.digits()
		if len(m) == 0 || len(m) > 2 || !p.eat('-') {
			return syntax()
		}
		d := p.digits()
		if len(d) == 0 || len(d) > 2 {
			return syntax()
		}
		month, _ = strconv.Atoi(m)
		day, _ = strconv.Atoi(d)
	}

	// Time.
	hour, minute, sec, nanos := 0, 0, 0, 0
	hasTime := false
	mark := p.i
	if p.eat('T') || p.eat('t') || p.spaces() > 0 {
		h := p.digits()
		if len(h) > 0 {
			if len(h) > 2 || !p.eat(':') {
				return syntax()
			}
			m := p.digits()
			if len(m) == 0 || len(m) > 2 {
				return syntax()
			}
			hour, _ = strconv.Atoi(h)
			minute, _ = strconv.Atoi(m)
			hasTime = true
			if p.eat(':') {
				sc := p.digits()
				if len(sc) == 0 || len(sc) > 2 {
					return syntax()
				}
				sec, _ = strconv.Atoi(sc)
				if p.eat('.') {
					f := p.digits()
					if f == "" {
						return syntax()
					}
					frac, _ := strconv.ParseFloat("0."+f, 64)
					nanos = int(math.Round(frac*1e6)) * 1000
				}
			}
		} else if in[mark] == 'T' || in[mark] == 't' {
			return syntax()
		} else {
			p.i = mark // whitespace before a zone name, handled below
		}
	}

	// Zone.
	offset := 0
	p.spaces()
	if p.i < len(in) {
		rest := strings.ToLower(in[p.i:])
		switch {
		case rest == "z" || rest == "utc" || rest == "gmt":
			p.i = len(in)
		case rest[0] == '+' || rest[0] == '-':
			if !hasTime {
				return syntax()
			}
			sign := 1
			if rest[0] == '-' {
				sign = -1
			}
			p.i++
			zh := p.digits()
			zm, zs := "0", "0"
			switch {
			case len(zh) == 4:
				zh, zm = zh[:2], zh[2:]
			case len(zh) == 6:
				zh, zm, zs = zh[:2], zh[2:4], zh[4:]
			case len(zh) == 1 || len(zh) == 2:
				if p.eat(':') {
					if zm = p.digits(); len(zm) != 2 {
						return syntax()
					}
					if p.eat(':') {
						if zs = p.digits(); len(zs) != 2 {
							return syntax()
						}
					}
				}
			default:
				return syntax()
			}
			h, _ := strconv.Atoi(zh)
			m, _ := strconv.Atoi(zm)
			sc, _ := strconv.Atoi(zs)
			if h > 15 || m >= 60 || sc >= 60 {
				return tsValue{}, errTZRange(s)
			}
			offset = sign * (h*3600 + m*60 + sc)
		default:
			return syntax()
		}
	}
	if p.i != len(in) {
		return syntax()
	}

	if month < 1 || month > 12 || day < 1 || day > 31 {
		return tsValue{}, errDateRange(s, true)
	}
	if year < 1 || year > 9999 || day > daysIn(year, month) {
		return tsValue{}, errDateRange(s, false)
	}
	if hour > 24 || minute > 59 || sec > 60 || (hour == 24 && (minute != 0 || sec != 0 || nanos != 0)) {
		return tsValue{}, errDateRange(s, false)
	}
	t := time.Date(year, time.Month(month), day, hour, minute, sec, nanos, time.UTC).Add(-time.Duration(offset) * time.Second)
	return tsValue{t: t}, nil
}

func daysIn(year, month int) int {
	return time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

type scanner struct {
	s string
	i int
}

func (p *scanner) digits() string {
	start := p.i
	for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
		p.i++
	}
	return p.s[start:p.i]
}

func (p *scanner) peek(c byte) bool { return p.i < len(p.s) && p.s[p.i] == c }

func (p *scanner) eat(c byte) bool {
	if p.peek(c) {
		p.i++
		return true
	}
	return false
}

func (p *scanner) spaces() int {
	n := 0
	for p.i < len(p.s) && cIsSpace(p.s[p.i]) {
		p.i++
		n++
	}
	return n
}

// parseArrayLiteral reads a PostgreSQL array literal such as {a,"b,c",NULL} (the operand of
// eq(any), like(all), ...) into its elements; nil stands for an unquoted NULL. Nested braces
// are flattened, which is what = ANY does with a multidimensional array.
func parseArrayLiteral(s string) ([]*string, *Error) {
	bad := func(detail string) ([]*string, *Error) { return nil, errMalformedArray(s, detail) }
	i := 0
	skip := func() {
		for i < len(s) && cIsSpace(s[i]) {
			i++
		}
	}
	skip()
	if i >= len(s) || s[i] != '{' {
		return bad("Array value must start with \"{\" or dimension information.")
	}
	var out []*string
	var parse func(depth int) *Error
	parse = func(depth int) *Error {
		i++ // '{'
		skip()
		if i < len(s) && s[i] == '}' {
			i++
			return nil
		}
		nested := -1 // unknown, 0 scalars, 1 sub-arrays
		for {
			skip()
			if i >= len(s) {
				_, e := bad("Unexpected end of input.")
				return e
			}
			switch c := s[i]; {
			case c == '{':
				if nested == 0 || depth >= 6 {
					_, e := bad("Unexpected \"{\" character.")
					return e
				}
				nested = 1
				if e := parse(depth + 1); e != nil {
					return e
				}
			case c == '}' || c == ',':
				_, e := bad("Unexpected \"" + string(c) + "\" character.")
				return e
			default:
				if nested == 1 {
					_, e := bad("Unexpected array element.")
					return e
				}
				nested = 0
				v, isNull, e := arrayElement(s, &i)
				if e != "" {
					_, err := bad(e)
					return err
				}
				if isNull {
					out = append(out, nil)
				} else {
					out = append(out, &v)
				}
			}
			skip()
			if i >= len(s) {
				_, e := bad("Unexpected end of input.")
				return e
			}
			switch s[i] {
			case ',':
				i++
			case '}':
				i++
				return nil
			default:
				_, e := bad("Unexpected \"" + string(s[i]) + "\" character.")
				return e
			}
		}
	}
	if e := parse(1); e != nil {
		return nil, e
	}
	skip()
	if i != len(s) {
		return bad("Junk after closing right brace.")
	}
	return out, nil
}

// arrayElement reads one scalar element at s[*i]; it returns a detail message on error.
func arrayElement(s string, i *int) (string, bool, string) {
	var b strings.Builder
	if s[*i] == '"' {
		*i++
		for {
			if *i >= len(s) {
				return "", false, "Unexpected end of input."
			}
			c := s[*i]
			*i++
			switch c {
			case '\\':
				if *i >= len(s) {
					return "", false, "Unexpected end of input."
				}
				b.WriteByte(s[*i])
				*i++
			case '"':
				return b.String(), false, ""
			default:
				b.WriteByte(c)
			}
		}
	}
	escaped := false
	lastKept := 0 // length of b up to the last escaped or non-space byte
	for *i < len(s) {
		c := s[*i]
		if c == ',' || c == '}' {
			break
		}
		if c == '{' || c == '"' {
			return "", false, "Unexpected \"" + string(c) + "\" character."
		}
		*i++
		if c == '\\' {
			if *i >= len(s) {
				return "", false, "Unexpected end of input."
			}
			b.WriteByte(s[*i])
			*i++
			escaped = true
			lastKept = b.Len()
			continue
		}
		b.WriteByte(c)
		if !cIsSpace(c) {
			lastKept = b.Len()
		}
	}
	v := b.String()[:lastKept]
	if !escaped && strings.EqualFold(v, "null") {
		return "", true, ""
	}
	return v, false, ""
}

// readHsInteger is Haskell's `readMaybe :: String -> Maybe Integer`, which PostgREST applies to
// limit and offset: surrounding whitespace and parentheses, a separate minus sign, and
// decimal, 0x hex or 0o octal digits. Values beyond int64 saturate.
func readHsInteger(s string) (int64, bool) {
	s = strings.TrimFunc(s, hsIsSpace)
	for strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		s = strings.TrimFunc(s[1:len(s)-1], hsIsSpace)
	}
	neg := false
	if strings.HasPrefix(s, "-") {
		neg = true
		s = strings.TrimLeftFunc(s[1:], hsIsSpace)
		if strings.HasPrefix(s, "(") {
			return 0, false
		}
	}
	base := uint64(10)
	switch {
	case len(s) > 2 && (s[:2] == "0x" || s[:2] == "0X"):
		base, s = 16, s[2:]
	case len(s) > 2 && (s[:2] == "0o" || s[:2] == "0O"):
		base, s = 8, s[2:]
	}
	if s == "" {
		return 0, false
	}
	var v uint64
	sat := false
	for i := 0; i < len(s); i++ {
		d, ok := unhex(s[i])
		if !ok || uint64(d) >= base {
			return 0, false
		}
		if !sat {
			if v > (math.MaxInt64-uint64(d))/base {
				sat = true
			} else {
				v = v*base + uint64(d)
			}
		}
	}
	if sat {
		v = math.MaxInt64
	}
	if neg {
		return -int64(v), true
	}
	return int64(v), true
}
