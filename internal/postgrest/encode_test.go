package postgrest

import (
	"testing"
	"time"
)

// TestTimestampText checks both timestamp renderings against what PostgreSQL writes (to_json and
// ::text with TimeZone UTC): microseconds rounded, trailing zeros dropped, no fraction for a
// whole second, any zone shown in UTC.
func TestTimestampText(t *testing.T) {
	ist := time.FixedZone("TRT", 3*3600)
	for _, c := range []struct {
		in         time.Time
		json, text string
	}{
		{time.Date(2026, 11, 21, 23, 39, 17, 0, time.UTC), "2026-11-21T23:39:17+00:00", "2026-11-21 23:39:17+00"},
		{time.Date(2026, 11, 21, 23, 39, 17, 123456000, time.UTC), "2026-11-21T23:39:17.123456+00:00", "2026-11-21 23:39:17.123456+00"},
		{time.Date(2026, 11, 21, 23, 39, 17, 120000000, time.UTC), "2026-11-21T23:39:17.12+00:00", "2026-11-21 23:39:17.12+00"},
		{time.Date(2026, 11, 21, 23, 39, 17, 1000, time.UTC), "2026-11-21T23:39:17.000001+00:00", "2026-11-21 23:39:17.000001+00"},
		{time.Date(2026, 11, 21, 23, 39, 17, 999999600, time.UTC), "2026-11-21T23:39:18+00:00", "2026-11-21 23:39:18+00"},
		{time.Date(2026, 11, 22, 2, 0, 0, 500000000, ist), "2026-11-21T23:00:00.5+00:00", "2026-11-21 23:00:00.5+00"},
	} {
		if got := pgJSONTime(c.in); got != c.json {
			t.Errorf("pgJSONTime(%v) = %q, want %q", c.in, got, c.json)
		}
		if got := pgTextTime(c.in); got != c.text {
			t.Errorf("pgTextTime(%v) = %q, want %q", c.in, got, c.text)
		}
		b, null, err := appendCell(nil, Column{Name: "created_at", Type: Timestamp}, c.in, false, false)
		if err != nil || null || string(b) != `"`+c.json+`"` {
			t.Errorf("appendCell(%v) = %q, %v, %v; want the JSON string %q", c.in, b, null, err, c.json)
		}
	}
}
