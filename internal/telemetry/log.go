package telemetry

import (
	"io"
	"log/slog"
	"strings"
)

// NewLogger builds the process logger: format "json" writes one JSON object per record (for log
// collectors), anything else the text handler's key=value lines; level is debug, info, warn or
// error (info when unknown; config.Load refuses unknown values before this runs).
func NewLogger(w io.Writer, format, level string) *slog.Logger {
	opts := &slog.HandlerOptions{Level: ParseLevel(level)}
	if strings.EqualFold(format, "json") {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
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
