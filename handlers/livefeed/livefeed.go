// Package livefeed holds what the two live-feed streams share (GET /v1/feed/live and the public
// /live/stream): the hub they subscribe to, where a client resumes, the public-claim check and
// the Server-Sent Events answer.
package livefeed

import (
	"bufio"
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/claimcheck/claimcheck/internal/feed"
	"github.com/gofiber/fiber/v2"
)

// Hub is the live-feed hub a stream subscribes to (feed.Hub).
type Hub interface {
	Subscribe(ctx context.Context, types []string) (*feed.Subscription, error)
}

// Limits shared by both streams.
const (
	// maxLastEventIDLen is the longest Last-Event-ID accepted: an int64 has at most 19 digits.
	maxLastEventIDLen = 19
	// visibleTTL is how long a claim found public stays known as public, so one event fanned out
	// to many viewers costs one lookup; a claim hidden by a moderator leaves the public stream at
	// most this much later.
	visibleTTL = 5 * time.Second
	// visibleCacheSize bounds that memory.
	visibleCacheSize = 4096
)

// LastEventID reads where a client resumes: the Last-Event-ID header EventSource sends on
// reconnecting, else ?last_event_id= for clients that cannot set headers. ok is false when the
// client sent neither.
// A bad value names the field it came from (field) and says what is accepted (problem).
func LastEventID(c *fiber.Ctx) (id int64, ok bool, field, problem string) {
	field, v := "Last-Event-ID", strings.TrimSpace(c.Get("Last-Event-ID"))
	if v == "" {
		field, v = "last_event_id", strings.TrimSpace(c.Query("last_event_id"))
	}
	if v == "" {
		return 0, false, "", ""
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 || len(v) > maxLastEventIDLen || strings.HasPrefix(v, "+") {
		return 0, false, field, "Must be the id of an event this feed sent: a whole number, 0 or more."
	}
	return n, true, "", ""
}

// StartStream answers with the event stream. The stream runs after the handler returns, on the
// server's connection, so it captures everything it needs now; done runs when it ends.
func StartStream(c *fiber.Ctx, sub *feed.Subscription, o feed.StreamOptions, log *slog.Logger, done func()) {
	c.Set(fiber.HeaderContentType, "text/event-stream")
	c.Set(fiber.HeaderCacheControl, "no-cache")
	// Nginx and similar proxies would otherwise buffer the stream.
	c.Set("X-Accel-Buffering", "no")
	var conn feed.Deadliner
	if nc := c.Context().Conn(); nc != nil {
		conn = nc
	}
	c.Status(fiber.StatusOK)
	c.Context().SetBodyStreamWriter(func(w *bufio.Writer) {
		defer done()
		err := feed.Stream(feed.NewWriter(w, conn, feed.DefaultWriteTimeout), sub, o)
		log.Debug("live stream ended", "err", err)
	})
}

// VisibleClaims remembers for a few seconds which claims are visible, so an event fanned out to
// every viewer costs one lookup. Only "visible" is remembered: a claim not visible yet (a queued
// submission, for the public page) is looked up again, so its claim.analysed event is not lost to
// a stale answer.
type VisibleClaims struct {
	lookup func(ctx context.Context, id string) (bool, error)
	now    func() time.Time
	mu     sync.Mutex
	until  map[string]time.Time
}

// NewVisibleClaims caches lookup's positive answers for visibleTTL.
func NewVisibleClaims(now func() time.Time, lookup func(ctx context.Context, id string) (bool, error)) *VisibleClaims {
	return &VisibleClaims{lookup: lookup, now: now, until: map[string]time.Time{}}
}

// check reports whether the claim is visible.
func (v *VisibleClaims) Check(ctx context.Context, id string) (bool, error) {
	now := v.now()
	v.mu.Lock()
	exp, ok := v.until[id]
	v.mu.Unlock()
	if ok && now.Before(exp) {
		return true, nil
	}
	vis, err := v.lookup(ctx, id)
	if err != nil {
		return false, fmt.Errorf("is claim %s visible: %w", id, err)
	}
	if !vis {
		return false, nil
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	if len(v.until) >= visibleCacheSize {
		for k, e := range v.until {
			if !now.Before(e) {
				delete(v.until, k)
			}
		}
		if len(v.until) >= visibleCacheSize {
			clear(v.until)
		}
	}
	v.until[id] = now.Add(visibleTTL)
	return true, nil
}
