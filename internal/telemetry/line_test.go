package telemetry

import (
	"bytes"
	"context"
	"log/slog"
	"testing"
	"time"
)

// The request line's own encoder writes byte for byte what slog's handlers write for the same
// record, in both formats, and leaves to slog every line it cannot write plainly.
func TestRequestLineMatchesSlog(t *testing.T) {
	at := time.Date(2026, 11, 26, 8, 35, 33, 120_456_789, time.UTC)
	base := requestLine{time: at, level: slog.LevelInfo, requestID: "6f1c2d3e-aaaa-bbbb-cccc-1234567890ab", method: "GET",
		route: "/rest/v1/:table", path: "/rest/v1/claims", status: 200, duration: 0.412, bytes: 873, ip: "127.0.0.1"}
	for _, tc := range []struct {
		name    string
		edit    func(l *requestLine)
		encodes bool // false: the encoder must decline and slog write the line
	}{
		{"plain", func(*requestLine) {}, true},
		{"key prefix", func(l *requestLine) { l.keyPrefix = "cc_live_ab12" }, true},
		{"no request id", func(l *requestLine) { l.requestID = "" }, true},
		{"warn", func(l *requestLine) { l.level, l.status = slog.LevelWarn, 503 }, true},
		{"debug", func(l *requestLine) { l.level, l.path = slog.LevelDebug, "/healthz" }, true},
		{"zero duration", func(l *requestLine) { l.duration = 0 }, true},
		{"long duration", func(l *requestLine) { l.duration = 1_234_567.891 }, true},
		{"whole duration", func(l *requestLine) { l.duration = 12 }, true},
		{"zone", func(l *requestLine) { l.time = at.In(time.FixedZone("TRT", 3*3600)) }, true},
		{"whole second", func(l *requestLine) { l.time = at.Truncate(time.Second) }, true},
		{"space in path", func(l *requestLine) { l.path = "/claims/a b" }, false},
		{"quote in path", func(l *requestLine) { l.path = `/claims/"x"` }, false},
		{"equals in path", func(l *requestLine) { l.path = "/claims/a=b" }, false},
		{"backslash in path", func(l *requestLine) { l.path = `/claims/a\b` }, false},
		{"non-ASCII path", func(l *requestLine) { l.path = "/iddialar/doğru" }, false},
		{"truncated path", func(l *requestLine) { l.path = "/x" + "…" }, false},
		{"control byte", func(l *requestLine) { l.ip = "1.2.3.4\n" }, false},
		{"custom level", func(l *requestLine) { l.level = slog.LevelInfo + 2 }, false},
	} {
		for _, format := range []string{"text", "json"} {
			t.Run(tc.name+"/"+format, func(t *testing.T) {
				l := base
				tc.edit(&l)
				var fast, want bytes.Buffer
				lg := NewLogger(&fast, format, "debug")
				h := lg.Handler().(*lineHandler)
				if got := h.writeRequest(context.Background(), &l); got != tc.encodes {
					t.Fatalf("encoded = %v, want %v", got, tc.encodes)
				}
				ref := NewLogger(&want, format, "debug").Handler().(*lineHandler).Handler
				r := slog.NewRecord(l.time, l.level, "request", 0)
				r.AddAttrs(slog.String("request_id", l.requestID), slog.String("method", l.method), slog.String("route", l.route),
					slog.String("path", l.path), slog.Int("status", l.status), slog.Float64("duration_ms", l.duration),
					slog.Int("bytes", l.bytes), slog.String("ip", l.ip))
				if l.keyPrefix != "" {
					r.AddAttrs(slog.String("key_prefix", l.keyPrefix))
				}
				if err := ref.Handle(context.Background(), r); err != nil {
					t.Fatal(err)
				}
				if !tc.encodes {
					if fast.Len() != 0 {
						t.Fatalf("declined but wrote %q", fast.String())
					}
					return
				}
				if fast.String() != want.String() {
					t.Errorf("encoder wrote\n%s\nslog writes\n%s", fast.String(), want.String())
				}
			})
		}
	}
}

// A logger derived with attributes or a group is slog's own handler, so its request lines keep
// what was added.
func TestDerivedLoggerKeepsSlog(t *testing.T) {
	var buf bytes.Buffer
	lg := NewLogger(&buf, "text", "info")
	for _, d := range []*slog.Logger{lg.With("proc", "a"), lg.WithGroup("g")} {
		if _, ok := d.Handler().(*lineHandler); ok {
			t.Errorf("derived logger %T keeps the direct encoder", d.Handler())
		}
	}
}
