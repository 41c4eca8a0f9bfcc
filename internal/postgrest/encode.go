package postgrest

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// cell is one rendered value: its JSON text (or CSV field), or null.
type cell struct {
	json string
	null bool
}

// renderCell turns a scanned driver value into what PostgreSQL would produce for the column
// type: row_to_json's JSON, or for CSV the record text output PostgREST concatenates. It accepts
// what either driver returns: pgx gives time.Time and UUID strings or [16]byte; the SQLite
// driver gives time.Time or TEXT for timestamps, strings for UUIDs, int64 for integers.
func renderCell(c Column, v any, asText, csv bool) (cell, error) {
	if v == nil {
		return cell{null: true}, nil
	}
	var text string
	switch c.Type {
	case UUID:
		s, err := uuidString(v)
		if err != nil {
			return cell{}, err
		}
		text = s
	case Integer:
		n, err := integerValue(v)
		if err != nil {
			return cell{}, err
		}
		text = strconv.FormatInt(n, 10)
		if !asText && !csv {
			return cell{json: text}, nil
		}
	case Timestamp:
		t, err := timeValue(v)
		if err != nil {
			return cell{}, err
		}
		if !asText && !csv {
			var buf [50]byte
			b := appendPGJSONTime(append(buf[:0], '"'), t)
			return cell{json: string(append(b, '"'))}, nil
		}
		text = pgTextTime(t)
	default:
		switch x := v.(type) {
		case string:
			text = x
		case []byte:
			text = string(x)
		default:
			return cell{}, fmt.Errorf("unexpected %T for a text column", v)
		}
	}
	if csv {
		return cell{json: recordField(text)}, nil
	}
	return cell{json: jsonString(text)}, nil
}

// recordField quotes a value the way PostgreSQL's record_out does, which is what PostgREST's
// CSV rows are made of: quotes around empty values and values holding quotes, backslashes,
// parentheses, commas or whitespace, with quotes and backslashes doubled.
func recordField(s string) string {
	if s != "" && !strings.ContainsAny(s, "\"\\(), \t\n\r\v\f") {
		return s
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' || s[i] == '\\' {
			b.WriteByte(s[i])
		}
		b.WriteByte(s[i])
	}
	b.WriteByte('"')
	return strings.ToValidUTF8(b.String(), "\uFFFD")
}

func uuidString(v any) (string, error) {
	switch x := v.(type) {
	case string:
		return strings.ToLower(x), nil
	case [16]byte:
		return formatUUID(x[:]), nil
	case []byte:
		if len(x) == 16 {
			return formatUUID(x), nil
		}
		return strings.ToLower(string(x)), nil
	case fmt.Stringer:
		return strings.ToLower(x.String()), nil
	}
	return "", fmt.Errorf("unexpected %T for a uuid column", v)
}

func formatUUID(b []byte) string {
	h := hex.EncodeToString(b)
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}

func integerValue(v any) (int64, error) {
	switch x := v.(type) {
	case int64:
		return x, nil
	case int32:
		return int64(x), nil
	case int:
		return int64(x), nil
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1<<53 {
			return int64(x), nil
		}
	case []byte:
		return strconv.ParseInt(string(x), 10, 64)
	case string:
		return strconv.ParseInt(x, 10, 64)
	}
	return 0, fmt.Errorf("unexpected %T for an integer column", v)
}

var storedTimeLayouts = []string{
	"2006-01-02 15:04:05.999999999-07:00",
	"2006-01-02T15:04:05.999999999-07:00",
	"2006-01-02 15:04:05.999999999-07",
	"2006-01-02 15:04:05.999999999Z07:00",
	"2006-01-02T15:04:05.999999999Z07:00",
	"2006-01-02 15:04:05.999999999",
	"2006-01-02T15:04:05.999999999",
	"2006-01-02",
}

func timeValue(v any) (time.Time, error) {
	var s string
	switch x := v.(type) {
	case time.Time:
		return x, nil
	case string:
		s = x
	case []byte:
		s = string(x)
	default:
		return time.Time{}, fmt.Errorf("unexpected %T for a timestamp column", v)
	}
	for _, layout := range storedTimeLayouts {
		if t, err := time.ParseInLocation(layout, s, time.UTC); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("unparsable timestamp %q", s)
}

// appendFraction appends the microseconds without trailing zeros, as PostgreSQL writes them
// (nothing for zero), without building strings on the way: timestamps are in every row of a
// list, and formatting them with fmt was a tenth of a list's CPU.
func appendFraction(b []byte, t time.Time) []byte {
	us := t.Nanosecond() / 1000
	if us == 0 {
		return b
	}
	var d [7]byte
	d[0] = '.'
	for i := 6; i >= 1; i-- {
		d[i] = byte('0' + us%10)
		us /= 10
	}
	n := len(d)
	for d[n-1] == '0' {
		n--
	}
	return append(b, d[:n]...)
}

// pgJSONTime is to_json(timestamptz) with TimeZone UTC: 2026-11-21T23:39:17.123456+00:00.
func pgJSONTime(t time.Time) string {
	var buf [48]byte
	return string(appendPGJSONTime(buf[:0], t))
}

// appendPGJSONTime appends pgJSONTime(t) to b.
func appendPGJSONTime(b []byte, t time.Time) []byte {
	t = t.UTC().Round(time.Microsecond)
	b = t.AppendFormat(b, "2006-01-02T15:04:05")
	return append(appendFraction(b, t), "+00:00"...)
}

// pgTextTime is timestamptz::text with DateStyle ISO and TimeZone UTC: 2026-11-21 23:39:17.123+00.
func pgTextTime(t time.Time) string {
	t = t.UTC().Round(time.Microsecond)
	var buf [48]byte
	b := t.AppendFormat(buf[:0], "2006-01-02 15:04:05")
	return string(append(appendFraction(b, t), "+00"...))
}

// jsonString escapes like PostgreSQL's escape_json: quote, backslash, \b \f \n \r \t, other
// control characters as \u00xx; everything else, including non-ASCII, stays literal.
func jsonString(s string) string {
	const hexDigits = "0123456789abcdef"
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				b.WriteString("\uFFFD")
			} else {
				b.WriteString(s[i : i+size])
			}
			i += size
			continue
		}
		switch c {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			if c < 0x20 {
				b.WriteString(`\u00`)
				b.WriteByte(hexDigits[c>>4])
				b.WriteByte(hexDigits[c&15])
			} else {
				b.WriteByte(c)
			}
		}
		i++
	}
	b.WriteByte('"')
	return b.String()
}

// encode renders rows as PostgREST does: json_agg's ", \n " between array elements,
// row_to_json objects without spaces (duplicate keys kept), and json_strip_nulls' compact form
// for the nulls=stripped media types.
func (p *Plan) encode(rows [][]cell, size int) []byte {
	var b bytes.Buffer
	b.Grow(size)
	if p.media == mediaCSV {
		// PostgREST: the keys of the first row (none without rows), a newline, then one record
		// per row with NULL as an empty field.
		if len(rows) > 0 {
			for i, o := range p.out {
				if i > 0 {
					b.WriteByte(',')
				}
				b.WriteString(o.key)
			}
		}
		b.WriteByte('\n')
		for i, row := range rows {
			if i > 0 {
				b.WriteByte('\n')
			}
			for j, c := range row {
				if j > 0 {
					b.WriteByte(',')
				}
				b.WriteString(c.json)
			}
		}
		return b.Bytes()
	}
	strip := p.media.stripped()
	keys := make([]string, len(p.out))
	for i, o := range p.out {
		keys[i] = jsonString(o.key)
	}
	object := func(row []cell) {
		b.WriteByte('{')
		first := true
		for i, c := range row {
			if c.null && strip {
				continue
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			b.WriteString(keys[i])
			b.WriteByte(':')
			if c.null {
				b.WriteString("null")
			} else {
				b.WriteString(c.json)
			}
		}
		b.WriteByte('}')
	}
	if p.media.singular() {
		object(rows[0])
		return b.Bytes()
	}
	b.WriteByte('[')
	for i, row := range rows {
		if i > 0 {
			if strip {
				b.WriteByte(',')
			} else {
				b.WriteString(", \n ")
			}
		}
		object(row)
	}
	b.WriteByte(']')
	return b.Bytes()
}
