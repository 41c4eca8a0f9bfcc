package telemetry

import (
	"context"
	"io"
	"log/slog"
	"strconv"
	"sync"
	"time"
)

// lineHandler is the process logger's handler (NewLogger): slog's text or JSON handler, plus a
// direct encoder for the one line every request writes. slog spends about 3 µs of a cheap read's
// CPU on that line (the attribute list, its generic value formatting and quoting checks); the
// encoder writes the same bytes from the request's fields (appendRequestLine) and leaves every
// other record, and any request line with a value that would need quoting or escaping, to slog.
// A logger derived with With or WithGroup gets slog's own handler back, so the encoder never
// writes a line that should have carried more attributes.
type lineHandler struct {
	slog.Handler
	json bool
	w    *lockedWriter
}

// lockedWriter serialises the encoder's writes with slog's, which share the writer.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// requestLine is the one line logged per request, in the order of its attributes.
type requestLine struct {
	time      time.Time
	level     slog.Level
	requestID string
	method    string
	route     string
	path      string
	status    int
	duration  float64
	bytes     int
	ip        string
	keyPrefix string // "" leaves the attribute out
}

var lineBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 512); return &b }}

// writeRequest writes l as slog's handler would write its record and reports whether it did;
// false means the caller must hand the record to slog.
func (h *lineHandler) writeRequest(_ context.Context, l *requestLine) bool {
	if !plain(l.requestID) || !plain(l.method) || !plain(l.route) || !plain(l.path) || !plain(l.ip) || !plain(l.keyPrefix) {
		return false
	}
	lvl, ok := levelText(l.level)
	if !ok {
		return false
	}
	bp := lineBuffers.Get().(*[]byte)
	defer lineBuffers.Put(bp)
	b, ok := h.appendRequestLine((*bp)[:0], l, lvl)
	*bp = b
	if !ok {
		return false
	}
	_, _ = h.w.Write(b)
	return true
}

// appendRequestLine encodes l in slog's text format (time with milliseconds, key=value, values
// unquoted since plain) or its JSON format (time with nanoseconds); ok is false for a duration
// that encoding/json would write in exponent form, which slog's JSON handler follows.
func (h *lineHandler) appendRequestLine(b []byte, l *requestLine, lvl string) ([]byte, bool) {
	t := l.time.Round(0)
	if h.json {
		if y := t.Year(); y < 0 || y >= 10000 {
			return b, false
		}
		if d := l.duration; d != 0 && (d < 1e-6 || d >= 1e21) {
			return b, false
		}
		b = append(b, `{"time":"`...)
		b = t.AppendFormat(b, time.RFC3339Nano)
		b = append(b, `","level":"`...)
		b = append(b, lvl...)
		b = append(b, `","msg":"request","request_id":"`...)
		b = append(b, l.requestID...)
		b = append(b, `","method":"`...)
		b = append(b, l.method...)
		b = append(b, `","route":"`...)
		b = append(b, l.route...)
		b = append(b, `","path":"`...)
		b = append(b, l.path...)
		b = append(b, `","status":`...)
		b = strconv.AppendInt(b, int64(l.status), 10)
		b = append(b, `,"duration_ms":`...)
		b = strconv.AppendFloat(b, l.duration, 'f', -1, 64)
		b = append(b, `,"bytes":`...)
		b = strconv.AppendInt(b, int64(l.bytes), 10)
		b = append(b, `,"ip":"`...)
		b = append(b, l.ip...)
		if l.keyPrefix != "" {
			b = append(b, `","key_prefix":"`...)
			b = append(b, l.keyPrefix...)
		}
		return append(b, "\"}\n"...), true
	}
	b = append(b, "time="...)
	b = appendRFC3339Millis(b, t)
	b = append(b, " level="...)
	b = append(b, lvl...)
	b = append(b, " msg=request request_id="...)
	b = appendTextString(b, l.requestID)
	b = append(b, " method="...)
	b = appendTextString(b, l.method)
	b = append(b, " route="...)
	b = appendTextString(b, l.route)
	b = append(b, " path="...)
	b = appendTextString(b, l.path)
	b = append(b, " status="...)
	b = strconv.AppendInt(b, int64(l.status), 10)
	b = append(b, " duration_ms="...)
	b = strconv.AppendFloat(b, l.duration, 'g', -1, 64)
	b = append(b, " bytes="...)
	b = strconv.AppendInt(b, int64(l.bytes), 10)
	b = append(b, " ip="...)
	b = appendTextString(b, l.ip)
	if l.keyPrefix != "" {
		b = append(b, " key_prefix="...)
		b = append(b, l.keyPrefix...)
	}
	return append(b, '\n'), true
}

// plain reports whether s is written as is by both of slog's handlers: printable ASCII without
// space, quote, backslash or '=' (the empty string is quoted by the text handler: appendTextString).
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f || c == '"' || c == '\\' || c == '=' {
			return false
		}
	}
	return true
}

// appendTextString writes a plain s as slog's text handler does: "" for the empty string.
func appendTextString(b []byte, s string) []byte {
	if s == "" {
		return append(b, `""`...)
	}
	return append(b, s...)
}

// levelText is slog's name of the levels the request line uses.
func levelText(l slog.Level) (string, bool) {
	switch l {
	case slog.LevelDebug:
		return "DEBUG", true
	case slog.LevelInfo:
		return "INFO", true
	case slog.LevelWarn:
		return "WARN", true
	case slog.LevelError:
		return "ERROR", true
	}
	return "", false
}

// appendRFC3339Millis is the text handler's time format: RFC 3339 with exactly three digits of
// milliseconds (log/slog's own helper of the same name).
func appendRFC3339Millis(b []byte, t time.Time) []byte {
	const prefixLen = len("2006-01-02T15:04:05.000")
	n := len(b)
	t = t.Truncate(time.Millisecond).Add(time.Millisecond / 10)
	b = t.AppendFormat(b, time.RFC3339Nano)
	return append(b[:n+prefixLen], b[n+prefixLen+1:]...)
}
