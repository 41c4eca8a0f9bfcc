package handlers

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/handlers/web/paths"
	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/feed"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/views/components"
	"github.com/claimcheck/claimcheck/views/format"
	"github.com/claimcheck/claimcheck/views/layouts"
	livepages "github.com/claimcheck/claimcheck/views/pages/live"
	"github.com/gofiber/fiber/v2"
)

// Live feed limits.
const (
	// LivePageItems is how many events /live lists.
	LivePageItems = 30
	// DefaultStreamsPerIP caps concurrent public streams from one address.
	DefaultStreamsPerIP = 5
	// DefaultMaxPublicStreams caps concurrent public streams in all, so the public page cannot
	// take every connection the server has.
	DefaultMaxPublicStreams = 2000
	// maxLastEventIDLen is the longest Last-Event-ID accepted: an int64 has at most 19 digits.
	maxLastEventIDLen = 19
	// maxTypesLen bounds the types parameter; the three types with commas take 53 characters.
	maxTypesLen = 200
	// visibleTTL is how long a claim found public stays known as public to the live page, so one
	// event fanned out to many viewers costs one lookup; a claim hidden by a moderator leaves the
	// public stream at most this much later.
	visibleTTL = 5 * time.Second
	// visibleCacheSize bounds that memory.
	visibleCacheSize = 4096
	// publicHeartbeat is the longest idle time on the public stream.
	publicHeartbeat = 5 * time.Second
)

// FeedHub is the live-feed hub a stream subscribes to (feed.Hub).
type FeedHub interface {
	Subscribe(ctx context.Context, types []string) (*feed.Subscription, error)
}

// FeedClaims finds public claims; hidden ones are ErrNotFound (models.ClaimStore).
type FeedClaims interface {
	Get(ctx context.Context, id string) (*models.Claim, error)
}

// FeedHidden tells which claims a moderator hid (models.ClaimStore).
type FeedHidden interface {
	Hidden(ctx context.Context, id string) (bool, error)
}

// FeedAPIDeps is what GET /v1/feed/live needs.
type FeedAPIDeps struct {
	// Hub delivers live events.
	Hub FeedHub
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
	hub       FeedHub
	events    feed.Log
	heartbeat time.Duration
	log       *slog.Logger
	visible   *visibleClaims
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
	h.visible = newVisibleClaims(now, func(ctx context.Context, id string) (bool, error) {
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
		vis, err := h.visible.check(ctx, *ev.ClaimID)
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
	after, resume, perr := lastEventID(c)
	if perr != nil {
		return WriteProblem(c, fiber.StatusBadRequest, ProblemInvalidRequest, "The resume position is not valid.", *perr)
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
	startStream(c, sub, feed.StreamOptions{Log: h.events, Resume: resume, After: after, Types: filter,
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

// lastEventID reads where a client resumes: the Last-Event-ID header EventSource sends on
// reconnecting, else ?last_event_id= for clients that cannot set headers. ok is false when the
// client sent neither.
func lastEventID(c *fiber.Ctx) (id int64, ok bool, perr *ProblemField) {
	field, v := "Last-Event-ID", strings.TrimSpace(c.Get("Last-Event-ID"))
	if v == "" {
		field, v = "last_event_id", strings.TrimSpace(c.Query("last_event_id"))
	}
	if v == "" {
		return 0, false, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 || len(v) > maxLastEventIDLen || strings.HasPrefix(v, "+") {
		return 0, false, &ProblemField{Field: field, Message: "Must be the id of an event this feed sent: a whole number, 0 or more."}
	}
	return n, true, nil
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

// startStream answers with the event stream. The stream runs after the handler returns, on the
// server's connection, so it captures everything it needs now; done runs when it ends.
func startStream(c *fiber.Ctx, sub *feed.Subscription, o feed.StreamOptions, log *slog.Logger, done func()) {
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

// LiveDeps is what the public live page and its stream need.
type LiveDeps struct {
	// Hub delivers live events.
	Hub FeedHub
	// Events is the event log the page lists and the stream replays.
	Events feed.Log
	// Claims tells which claims are public; events of hidden claims are left out.
	Claims FeedClaims
	// BaseURL makes the canonical link.
	BaseURL string
	// Heartbeat is the idle time before a keep-alive comment, at most 5 seconds.
	Heartbeat time.Duration
	// StreamsPerIP caps concurrent streams from one address (DefaultStreamsPerIP when 0).
	StreamsPerIP int
	// MaxStreams caps concurrent public streams in all (DefaultMaxPublicStreams when 0).
	MaxStreams int
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Log receives failures; nil means slog.Default().
	Log *slog.Logger
}

// Live serves the public live feed: the page at /live and the stream at /live/stream, which needs
// no key and sends display-ready items of public claims only.
type Live struct {
	hub       FeedHub
	events    feed.Log
	baseURL   string
	heartbeat time.Duration
	now       func() time.Time
	log       *slog.Logger
	slots     *streamSlots
	visible   *visibleClaims
}

// NewLive builds the public live feed.
func NewLive(d LiveDeps) *Live {
	h := &Live{hub: d.Hub, events: d.Events, baseURL: strings.TrimRight(d.BaseURL, "/"), heartbeat: d.Heartbeat,
		now: d.Now, log: d.Log}
	if h.now == nil {
		h.now = time.Now
	}
	if h.log == nil {
		h.log = slog.Default()
	}
	// A closed tab is only noticed when a write to it fails; beating often frees its slot of the
	// address's few soon after, so reloading the page does not run into the limit.
	if h.heartbeat <= 0 || h.heartbeat > publicHeartbeat {
		h.heartbeat = publicHeartbeat
	}
	perIP, total := d.StreamsPerIP, d.MaxStreams
	if perIP <= 0 {
		perIP = DefaultStreamsPerIP
	}
	if total <= 0 {
		total = DefaultMaxPublicStreams
	}
	h.slots = &streamSlots{perIP: perIP, total: total, byIP: map[string]int{}}
	h.visible = newVisibleClaims(h.now, func(ctx context.Context, id string) (bool, error) {
		_, err := d.Claims.Get(ctx, id)
		if errors.Is(err, models.ErrNotFound) {
			return false, nil
		}
		return err == nil, err
	})
	return h
}

// Routes mounts /live and /live/stream.
func (h *Live) Routes(r fiber.Router) {
	r.Get("/live", h.page)
	r.Get("/live/stream", h.stream)
}

// page serves GET /live: the newest public events, rendered on the server.
func (h *Live) page(c *fiber.Ctx) error {
	ctx := c.UserContext()
	// Read past the list length so hidden claims do not leave it short.
	evs, err := h.events.Latest(ctx, 2*LivePageItems)
	if err != nil {
		return fmt.Errorf("live page: %w", err)
	}
	p := livepages.Page{
		Meta: layouts.Page{Title: "Live feed", Path: c.Path(), Year: h.now().UTC().Year(), Canonical: h.baseURL + "/live",
			Description: "Claims as Claimcheck checks, analyses and re-scores them, live."},
		Max: LivePageItems, StreamURL: "/live/stream",
		Verdicts: []components.Verdict{verdictView(components.VerdictTrue), verdictView(components.VerdictPartly),
			verdictView(components.VerdictFalse), verdictView(components.VerdictUncertain)},
		Empty: components.EmptyState{Kind: "no-events", Title: "Nothing has happened yet",
			Body: "No claim has been checked yet. Check one and it appears here.", ActionText: "Check a claim", ActionURL: "/"},
	}
	if len(evs) > 0 {
		// The stream resumes after the newest event, shown or not.
		p.LastEventID = evs[0].ID
	}
	now := h.now()
	for _, ev := range evs {
		if len(p.Items) == LivePageItems {
			break
		}
		it, ok, err := h.item(ctx, ev, now)
		if err != nil {
			return fmt.Errorf("live page: %w", err)
		}
		if ok {
			p.Items = append(p.Items, it)
		}
	}
	return web.RenderNoStore(c, fiber.StatusOK, livepages.Live(p))
}

// stream serves GET /live/stream for the page's script: no key, a few streams per address, and a
// bad resume position starts from now instead of failing (the page can do nothing about it).
func (h *Live) stream(c *fiber.Ctx) error {
	// Cloned: the slot is released after the handler returns, when Fiber has reused its memory.
	ip := strings.Clone(c.IP())
	if !h.slots.acquire(ip) {
		c.Set(fiber.HeaderRetryAfter, "30")
		c.Set(fiber.HeaderCacheControl, "no-store")
		return c.Status(fiber.StatusTooManyRequests).SendString("Too many live feed connections from your address. Close another tab showing the live feed and try again.")
	}
	after, resume, perr := lastEventID(c)
	if perr != nil {
		after, resume = 0, false
	}
	sub, err := h.hub.Subscribe(c.UserContext(), nil)
	if err != nil {
		h.slots.release(ip)
		if !errors.Is(err, feed.ErrClosed) {
			h.log.Error("live page stream: subscribe", "err", err)
		}
		c.Set(fiber.HeaderRetryAfter, "5")
		return c.Status(fiber.StatusServiceUnavailable).SendString("The live feed is unavailable right now. Try again in a few seconds.")
	}
	startStream(c, sub, feed.StreamOptions{Log: h.events, Resume: resume, After: after, Heartbeat: h.heartbeat,
		// The page keeps a short list: a visitor who was away long gets the newest items, not all.
		ReplayLimit: LivePageItems, Recent: true, Encode: h.encode}, h.log, func() { h.slots.release(ip) })
	return nil
}

// encode is the public stream's frame data: the item as the page shows it, or nothing for a
// claim that is not public.
func (h *Live) encode(ev models.Event) ([]byte, bool) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	it, ok, err := h.item(ctx, ev, h.now())
	if err != nil {
		h.log.Warn("live page stream: leaving out an event", "event", ev.ID, "err", err)
		return nil, false
	}
	if !ok {
		return nil, false
	}
	b, err := json.Marshal(it)
	if err != nil {
		h.log.Warn("live page stream: encode", "event", ev.ID, "err", err)
		return nil, false
	}
	return b, true
}

// item converts an event for the page; ok is false for events the public does not see (hidden
// claims, types the page does not show, unreadable data).
func (h *Live) item(ctx context.Context, ev models.Event, now time.Time) (livepages.Item, bool, error) {
	var text string
	switch ev.Type {
	case models.EventClaimCreated:
		text = "New claim"
	case models.EventClaimAnalysed:
		text = "Analysed"
	case models.EventClaimScoreChanged:
		text = "Score changed"
	default:
		return livepages.Item{}, false, nil
	}
	var d models.ClaimEventData
	if err := json.Unmarshal([]byte(ev.Data), &d); err != nil || d.ID == "" {
		return livepages.Item{}, false, nil
	}
	vis, err := h.visible.check(ctx, d.ID)
	if err != nil || !vis {
		return livepages.Item{}, false, err
	}
	it := livepages.Item{EventID: ev.ID, Type: ev.Type, TypeText: text, URL: paths.Claim(d.ID),
		Text: format.Truncate(d.Content, listTextRunes), CreatedISO: format.ISO(ev.CreatedAt),
		CreatedText: format.Ago(now, ev.CreatedAt), CreatedTitle: format.Time(ev.CreatedAt)}
	if d.Score != nil && d.Verdict != nil {
		slug, ok := models.VerdictFromV1(*d.Verdict)
		if !ok {
			slug = components.VerdictUncertain
		}
		it.Analysed, it.Verdict, it.VerdictSlug, it.Score = true, verdictView(slug), slug, scoreText(*d.Score)
		it.NotEnoughEvidence = d.Decided != nil && !*d.Decided
	}
	var change []string
	if it.Analysed && d.Experts > 0 {
		// The experts' verdict leads; the analyzer's follows, in the line the script also fills.
		it.ByExperts = true
		change = append(change, "Experts' verdict")
		if d.AIVerdict != nil && d.AIScore != nil {
			label, _ := analysis.VerdictInfo(analysis.Verdict(*d.AIVerdict))
			it.Analyzer = "analyzer: " + label + " " + strconv.Itoa(*d.AIScore) + "/100"
			change = append(change, it.Analyzer)
		}
	}
	if ev.Type == models.EventClaimScoreChanged && d.Previous != nil {
		prev := "Previously " + scoreText(d.Previous.Score) + "/100"
		if d.Experts > 0 {
			prev += " · " + format.Plural(d.Experts, "expert review")
		}
		change = append(change, prev)
	}
	it.Change = strings.Join(change, " · ")
	return it, true, nil
}

// scoreText writes a 0–100 score with at most one decimal: 87.5, 62.
func scoreText(s float64) string {
	return strconv.FormatFloat(math.Round(s*10)/10, 'f', -1, 64)
}

// visibleClaims remembers for a few seconds which claims are visible, so an event fanned out to
// every viewer costs one lookup. Only "visible" is remembered: a claim not visible yet (a queued
// submission, for the public page) is looked up again, so its claim.analysed event is not lost to
// a stale answer.
type visibleClaims struct {
	lookup func(ctx context.Context, id string) (bool, error)
	now    func() time.Time
	mu     sync.Mutex
	until  map[string]time.Time
}

// newVisibleClaims caches lookup's positive answers for visibleTTL.
func newVisibleClaims(now func() time.Time, lookup func(ctx context.Context, id string) (bool, error)) *visibleClaims {
	return &visibleClaims{lookup: lookup, now: now, until: map[string]time.Time{}}
}

// check reports whether the claim is visible.
func (v *visibleClaims) check(ctx context.Context, id string) (bool, error) {
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

// streamSlots counts open public streams per address and in all.
type streamSlots struct {
	mu    sync.Mutex
	perIP int
	total int
	open  int
	byIP  map[string]int
}

// acquire takes a slot for ip, or reports false when its address or the server is at the cap.
func (s *streamSlots) acquire(ip string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.open >= s.total || s.byIP[ip] >= s.perIP {
		return false
	}
	s.open++
	s.byIP[ip]++
	return true
}

// release gives back a slot taken by acquire.
func (s *streamSlots) release(ip string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.open--
	if s.byIP[ip]--; s.byIP[ip] <= 0 {
		delete(s.byIP, ip)
	}
}
