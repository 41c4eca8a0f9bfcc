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
	"unsafe"
)

// cell is one rendered value: its JSON text (or CSV field), or null.
type cell struct {
	json string
	null bool
}

// appendCell appends what PostgreSQL would produce for value v of column c to b: row_to_json's
// JSON, or for CSV the record text output PostgREST concatenates; it reports a null. It accepts
// what either driver returns: pgx gives time.Time and UUID strings or [16]byte; the SQLite driver gives
// time.Time or TEXT for timestamps, strings for UUIDs, int64 for integers.
func appendCell(b []byte, c Column, v any, asText, csv bool) ([]byte, bool, error) {
	if v == nil {
		return b, true, nil
	}
	switch c.Type {
	case UUID:
		switch x := v.(type) {
		case [16]byte:
			return appendUUIDCell(b, x, csv), false, nil
		case []byte:
			if len(x) == 16 {
				return appendUUIDCell(b, [16]byte(x), csv), false, nil
			}
		}
		s, err := uuidString(v)
		if err != nil {
			return b, false, err
		}
		return appendTextCell(b, s, csv), false, nil
	case Integer:
		n, err := integerValue(v)
		if err != nil {
			return b, false, err
		}
		return appendIntegerCell(b, n, asText, csv), false, nil
	case Timestamp:
		t, err := timeValue(v)
		if err != nil {
			return b, false, err
		}
		return appendTimeCell(b, t, asText, csv), false, nil
	}
	switch x := v.(type) {
	case string:
		return appendTextCell(b, x, csv), false, nil
	case []byte:
		return appendTextCell(b, bytesText(x), csv), false, nil
	}
	return b, false, fmt.Errorf("unexpected %T for a text column", v)
}

// appendTextCell appends a text value as a JSON string, or as a CSV record field.
func appendTextCell(b []byte, s string, csv bool) []byte {
	if csv {
		return append(b, recordField(s)...)
	}
	return appendJSONString(b, s)
}

// appendUUIDCell appends a UUID in PostgreSQL's canonical lowercase form.
func appendUUIDCell(b []byte, u [16]byte, csv bool) []byte {
	var text [36]byte
	hex.Encode(text[0:8], u[0:4])
	text[8] = '-'
	hex.Encode(text[9:13], u[4:6])
	text[13] = '-'
	hex.Encode(text[14:18], u[6:8])
	text[18] = '-'
	hex.Encode(text[19:23], u[8:10])
	text[23] = '-'
	hex.Encode(text[24:36], u[10:16])
	if csv {
		return append(b, text[:]...)
	}
	return append(append(append(b, '"'), text[:]...), '"')
}

// appendIntegerCell appends an integer: a JSON number, or a string when cast to text.
func appendIntegerCell(b []byte, n int64, asText, csv bool) []byte {
	if asText && !csv {
		return append(strconv.AppendInt(append(b, '"'), n, 10), '"')
	}
	return strconv.AppendInt(b, n, 10)
}

// appendTimeCell appends a timestamp as to_json writes it, or as timestamptz::text when cast to
// text or in CSV.
func appendTimeCell(b []byte, t time.Time, asText, csv bool) []byte {
	if !asText && !csv {
		return append(appendPGJSONTime(append(b, '"'), t), '"')
	}
	return appendTextCell(b, pgTextTime(t), csv)
}

// bytesText reads b as a string without copying it, for a value that is appended (copied) at
// once and never kept: b must not change while the string is in use.
func bytesText(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
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
	case []byte: // a 16-byte one is binary, appendCell's
		return strings.ToLower(string(x)), nil
	case fmt.Stringer:
		return strings.ToLower(x.String()), nil
	}
	return "", fmt.Errorf("unexpected %T for a uuid column", v)
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
	return string(appendJSONString(make([]byte, 0, len(s)+2), s))
}

// appendJSONString appends jsonString(s) to b.
func appendJSONString(b []byte, s string) []byte {
	const hexDigits = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				b = append(b, "\uFFFD"...)
			} else {
				b = append(b, s[i:i+size]...)
			}
			i += size
			continue
		}
		switch c {
		case '"':
			b = append(b, `\"`...)
		case '\\':
			b = append(b, `\\`...)
		case '\b':
			b = append(b, `\b`...)
		case '\f':
			b = append(b, `\f`...)
		case '\n':
			b = append(b, `\n`...)
		case '\r':
			b = append(b, `\r`...)
		case '\t':
			b = append(b, `\t`...)
		default:
			if c < 0x20 {
				b = append(b, `\u00`...)
				b = append(b, hexDigits[c>>4], hexDigits[c&15])
			} else {
				b = append(b, c)
			}
		}
		i++
	}
	return append(b, '"')
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
			b.WriteString(p.out[i].jsonKey)
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
