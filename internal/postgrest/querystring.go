package postgrest

import (
	"sort"
	"strings"
)

// queryParam is one key[=value] pair; hasVal is false for a bare "key" (no '='), which
// PostgREST keeps apart from "key=" (an empty value).
type queryParam struct {
	key    string
	val    string
	hasVal bool
	rawKey []byte
	rawVal []byte
}

// splitQuery follows http-types' parseQueryReplacePlus True, which PostgREST uses: pairs are
// separated by '&' *and* ';', '+' means space, "%XY" decodes (case-insensitive hex) and a '%'
// not followed by two hex digits stays literal. Decoding happens after splitting, so an encoded
// "%26" is part of a value, not a separator. Invalid UTF-8 becomes U+FFFD rather than an error.
func splitQuery(raw string) []queryParam {
	raw = strings.TrimPrefix(raw, "?")
	var out []queryParam
	for raw != "" {
		i := strings.IndexAny(raw, "&;")
		part := raw
		if i >= 0 {
			part, raw = raw[:i], raw[i+1:]
		} else {
			raw = ""
		}
		k, v, hasVal := strings.Cut(part, "=")
		qp := queryParam{rawKey: urlDecode(k), hasVal: hasVal}
		qp.key = strings.ToValidUTF8(string(qp.rawKey), "\uFFFD")
		if hasVal {
			qp.rawVal = urlDecode(v)
			qp.val = strings.ToValidUTF8(string(qp.rawVal), "\uFFFD")
		}
		out = append(out, qp)
	}
	return out
}

func unhex(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

func urlDecode(s string) []byte {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '+':
			out = append(out, ' ')
			continue
		case '%':
			if i+2 < len(s) {
				if h, ok := unhex(s[i+1]); ok {
					if l, ok := unhex(s[i+2]); ok {
						out = append(out, h<<4|l)
						i += 2
						continue
					}
				}
			}
		}
		out = append(out, c)
	}
	return out
}

// canonicalQuery is PostgREST's qsCanonical (used in Content-Location): parameters sorted by
// key (stably), values of repeated keys joined with ',', everything outside [A-Za-z0-9-_.~]
// percent-encoded byte by byte, as Network.HTTP.Base.urlEncodeVars does.
func canonicalQuery(params []queryParam) string {
	sorted := append([]queryParam(nil), params...)
	sort.SliceStable(sorted, func(i, j int) bool { return string(sorted[i].rawKey) < string(sorted[j].rawKey) })
	var b strings.Builder
	done := make([]bool, len(sorted))
	for i := range sorted {
		if done[i] {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		urlEncodeTo(&b, sorted[i].rawKey)
		b.WriteByte('=')
		urlEncodeTo(&b, sorted[i].rawVal)
		for j := i + 1; j < len(sorted); j++ {
			if !done[j] && string(sorted[j].rawKey) == string(sorted[i].rawKey) {
				done[j] = true
				b.WriteByte(',')
				urlEncodeTo(&b, sorted[j].rawVal)
			}
		}
	}
	return b.String()
}

func urlEncodeTo(b *strings.Builder, s []byte) {
	const hexDigits = "0123456789ABCDEF"
	for _, c := range s {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == '~' {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hexDigits[c>>4])
		b.WriteByte(hexDigits[c&15])
	}
}

// lastSegment is PostgREST's `endingIn` helper: the part of a key after its last dot.
func lastSegment(key string) string {
	if i := strings.LastIndexByte(key, '.'); i >= 0 {
		return key[i+1:]
	}
	return key
}
