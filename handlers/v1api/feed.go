package v1api

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/claimcheck/claimcheck/handlers/livefeed"
	"github.com/claimcheck/claimcheck/internal/feed"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/views/format"
	"github.com/gofiber/fiber/v2"
)

// maxTypesLen bounds the types parameter; the three types with commas take 53 characters.
const maxTypesLen = 200

// FeedHidden tells which claims a moderator hid (models.ClaimStore).
type FeedHidden interface {
	Hidden(ctx context.Context, id string) (bool, error)
}

// FeedAPIDeps is what GET /v1/feed/live needs.
type FeedAPIDeps struct {
	// Hub delivers live events.
	Hub livefeed.Hub
	// Events is the event log resumed streams replay from.
	Events feed.Log
	// Claims tells which claims are hidden; their events are left out, replayed or live.
	Claims FeedHidden
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Heartbeat is the idle time before a keep-alive comment (feed.DefaultHeartbeat when 0).
	Heartbeat time.Duration
	// Log receives failures to subscribe; nil means slog.Default().
	Log *slog.Logger
}

// FeedAPI serves GET /v1/feed/live, the Server-Sent Events stream of the event log.
type FeedAPI struct {
	hub       livefeed.Hub
	events    feed.Log
	heartbeat time.Duration
	log       *slog.Logger
	visible   *livefeed.VisibleClaims
}

// NewFeedAPI builds the /v1 live feed.
func NewFeedAPI(d FeedAPIDeps) *FeedAPI {
	h := &FeedAPI{hub: d.Hub, events: d.Events, heartbeat: d.Heartbeat, log: d.Log}
	if h.log == nil {
		h.log = slog.Default()
	}
	now := d.Now
	if now == nil {
		now = time.Now
	}
	h.visible = livefeed.NewVisibleClaims(now, func(ctx context.Context, id string) (bool, error) {
		hidden, err := d.Claims.Hidden(ctx, id)
		return !hidden, err
	})
	return h
}

// encode is the /v1 frame of an event, left out when its claim is hidden: a moderated claim
// disappears from the feed's replay as it does from every other /v1 answer. Should the check fail,
// the event is left out too, since sending could publish what a moderator took down.
func (h *FeedAPI) encode(ev models.Event) ([]byte, bool) {
	if ev.ClaimID != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		vis, err := h.visible.Check(ctx, *ev.ClaimID)
		if err != nil {
			h.log.Warn("live feed: leaving out an event", "event", ev.ID, "err", err)
		}
		if !vis {
			return nil, false
		}
	}
	return feed.EncodeEnvelope(ev)
}

// Routes mounts the feed on the /v1 router, whose access middleware has already checked the key.
func (h *FeedAPI) Routes(r fiber.Router) {
	r.Get("/feed/live", h.live)
}

// live serves GET /v1/feed/live[?types=a,b][&last_event_id=n] (Last-Event-ID header preferred).
func (h *FeedAPI) live(c *fiber.Ctx) error {
	after, resume, field, problem := livefeed.LastEventID(c)
	if problem != "" {
		return WriteProblem(c, fiber.StatusBadRequest, ProblemInvalidRequest, "The resume position is not valid.",
			ProblemField{Field: field, Message: problem})
	}
	types, perr := parseFeedTypes(c.Query("types"))
	if perr != nil {
		return WriteProblem(c, fiber.StatusBadRequest, ProblemInvalidRequest, "The event type filter is not valid.", *perr)
	}
	sub, err := h.hub.Subscribe(c.UserContext(), types)
	if err != nil {
		return feedUnavailable(c, h.log, err)
	}
	var filter map[string]bool
	if len(types) > 0 {
		filter = make(map[string]bool, len(types))
		for _, t := range types {
			filter[t] = true
		}
	}
	livefeed.StartStream(c, sub, feed.StreamOptions{Log: h.events, Resume: resume, After: after, Types: filter,
		Heartbeat: h.heartbeat, ReplayLimit: feed.DefaultReplayLimit, Encode: h.encode}, h.log, func() {})
	return nil
}

// feedUnavailable answers a stream that could not start: shutting down, or the log unreadable.
func feedUnavailable(c *fiber.Ctx, log *slog.Logger, err error) error {
	c.Set(fiber.HeaderRetryAfter, "5")
	if errors.Is(err, feed.ErrClosed) {
		return WriteProblem(c, fiber.StatusServiceUnavailable, ProblemUnavailable, "The live feed is restarting. Reconnect in a few seconds.")
	}
	log.Error("live feed: subscribe", "err", err)
	return WriteProblem(c, fiber.StatusServiceUnavailable, ProblemUnavailable, "The live feed cannot read the event log right now. Reconnect in a few seconds.")
}

// parseFeedTypes reads ?types=claim.analysed,claim.score_changed; empty means every type.
func parseFeedTypes(raw string) ([]string, *ProblemField) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return nil, nil
	}
	allowed := strings.Join(models.EventTypes, ", ")
	if len(raw) > maxTypesLen {
		return nil, &ProblemField{Field: "types", Message: "Too long. Use a comma-separated list of: " + allowed + "."}
	}
	var out []string
	seen := map[string]bool{}
	for _, t := range strings.Split(raw, ",") {
		t = strings.TrimSpace(t)
		if t == "" || seen[t] {
			continue
		}
		// The known constant is kept, not t: Fiber reuses the request's memory after the handler.
		known := ""
		for _, k := range models.EventTypes {
			if k == t {
				known = k
			}
		}
		if known == "" {
			return nil, &ProblemField{Field: "types", Message: fmt.Sprintf("Unknown event type %q. Use a comma-separated list of: %s.", format.Truncate(t, 40), allowed)}
		}
		seen[known] = true
		out = append(out, known)
	}
	return out, nil
}
