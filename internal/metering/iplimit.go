package metering

import (
	"context"
	"fmt"
	"time"
)

// WindowCounter counts events in fixed windows shared by every process.
type WindowCounter interface {
	Hit(ctx context.Context, bucket string, windowStart int64, limit int) (bool, int, error)
}

// IPLimiter limits anonymous web-form checks per client IP per hour.
type IPLimiter struct {
	counter WindowCounter
	perHour int
	now     func() time.Time
}

// NewIPLimiter builds a limiter allowing perHour checks per IP per clock hour (0 = no limit).
func NewIPLimiter(c WindowCounter, perHour int, now func() time.Time) *IPLimiter {
	if now == nil {
		now = time.Now
	}
	return &IPLimiter{counter: c, perHour: perHour, now: now}
}

// Allow counts one check from ip; when refused it says how long until the next window.
func (l *IPLimiter) Allow(ctx context.Context, ip string) (bool, time.Duration, error) {
	if l.perHour <= 0 {
		return true, 0, nil
	}
	now := l.now().UTC()
	window := now.Truncate(time.Hour)
	ok, _, err := l.counter.Hit(ctx, "anon-check:"+ip, window.Unix(), l.perHour)
	if err != nil {
		return false, 0, fmt.Errorf("anonymous limit for %s: %w", ip, err)
	}
	if ok {
		return true, 0, nil
	}
	return false, window.Add(time.Hour).Sub(now), nil
}
