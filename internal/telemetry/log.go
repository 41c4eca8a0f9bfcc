package telemetry

import (
	"io"
	"log/slog"
	"strings"
)

// NewLogger builds the process logger: format "json" writes one JSON object per record (for log
// collectors), anything else the text handler's key=value lines; level is debug, info, warn or
// error (info when unknown; config.Load refuses unknown values before this runs). Request lines
// are encoded directly in the same format (line.go).
func NewLogger(w io.Writer, format, level string) *slog.Logger {
	opts := &slog.HandlerOptions{Level: ParseLevel(level)}
	lw := &lockedWriter{w: w}
	if strings.EqualFold(format, "json") {
		return slog.New(&lineHandler{Handler: slog.NewJSONHandler(lw, opts), json: true, w: lw})
	}
	return slog.New(&lineHandler{Handler: slog.NewTextHandler(lw, opts), w: lw})
}

// ParseLevel maps a level name to its slog level, info when the name is unknown.
func ParseLevel(level string) slog.Level {
	switch strings.ToLower(level) {
	case "debug":
		return slog.LevelDebug
	case "warn", "warning":
		return slog.LevelWarn
	case "error":
		return slog.LevelError
	}
	return slog.LevelInfo
}
