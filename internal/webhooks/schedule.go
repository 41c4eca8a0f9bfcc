package webhooks

import (
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Schedule is the wait after each failed attempt: Schedule[0] after the first, and so on. After the
// attempt that follows the last wait fails, the delivery is dead: len(Schedule)+1 attempts over
// about three days.
var Schedule = []time.Duration{
	5 * time.Second, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour, 5 * time.Hour,
	10 * time.Hour, 14 * time.Hour, 20 * time.Hour, 24 * time.Hour,
}

// MaxAttempts is how many attempts a delivery gets before it is dead.
var MaxAttempts = len(Schedule) + 1

// JitterFraction spreads each wait by up to ±10%, so deliveries that failed together (a receiver's
// outage) do not all come back in the same second.
const JitterFraction = 0.10

// MaxRetryAfter caps how long a receiver's Retry-After may postpone the next attempt.
const MaxRetryAfter = 24 * time.Hour

// Jitter returns a number in [-1, 1]; the wait is scaled by 1 + JitterFraction*Jitter().
type Jitter func() float64

// RandomJitter is the production jitter source.
func RandomJitter() float64 { return rand.Float64()*2 - 1 }

// NextDelay is the wait after attempt (1-based) failed, and false when that was the last attempt.
func NextDelay(attempt int, jitter Jitter) (time.Duration, bool) {
	if attempt < 1 || attempt > len(Schedule) {
		return 0, false
	}
	base := Schedule[attempt-1]
	j := 0.0
	if jitter != nil {
		j = min(max(jitter(), -1), 1)
	}
	return time.Duration(float64(base) * (1 + JitterFraction*j)), true
}

// ParseRetryAfter reads a Retry-After value (delta-seconds or an HTTP-date) as a wait from now,
// capped at MaxRetryAfter; false when the header is absent, malformed or in the past.
func ParseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	var d time.Duration
	if secs, err := strconv.ParseInt(v, 10, 64); err == nil {
		if secs <= 0 {
			return 0, false
		}
		if secs > int64(MaxRetryAfter/time.Second) {
			return MaxRetryAfter, true
		}
		d = time.Duration(secs) * time.Second
	} else if t, err := http.ParseTime(v); err == nil {
		d = t.Sub(now)
		if d <= 0 {
			return 0, false
		}
	} else {
		return 0, false
	}
	return min(d, MaxRetryAfter), true
}
