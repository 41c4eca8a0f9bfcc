package site

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/claimcheck/claimcheck/handlers/livefeed"
	"github.com/claimcheck/claimcheck/handlers/viewmodel"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/handlers/web/paths"
	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/feed"
	"github.com/claimcheck/claimcheck/internal/i18n"
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
	// publicHeartbeat is the longest idle time on the public stream.
	publicHeartbeat = 5 * time.Second
)

// FeedClaims finds public claims; hidden ones are ErrNotFound (models.ClaimStore).
type FeedClaims interface {
	Get(ctx context.Context, id string) (*models.Claim, error)
}

// LiveDeps is what the public live page and its stream need.
type LiveDeps struct {
	// Hub delivers live events.
	Hub livefeed.Hub
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
	hub       livefeed.Hub
	events    feed.Log
	baseURL   string
	heartbeat time.Duration
	now       func() time.Time
	log       *slog.Logger
	slots     *streamSlots
	visible   *livefeed.VisibleClaims
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
	h.visible = livefeed.NewVisibleClaims(h.now, func(ctx context.Context, id string) (bool, error) {
		_, err := d.Claims.Get(ctx, id)
		if errors.Is(err, models.ErrNotFound) {
			return false, nil
		}
		return err == nil, err
	})
	return h
}

// Routes mounts /live and /live/stream.
func (h *Live) Routes(r *web.Routes) {
	r.Get("/live", h.page)
	r.Get("/live/stream", h.stream)
}

// page serves GET /live: the newest public events, rendered on the server.
func (h *Live) page(c *fiber.Ctx) error {
	ctx := c.UserContext()
	// Read past the list length so hidden claims, and the claim.created events of checks (listed
	// once, as claim.analysed), do not leave it short.
	evs, err := h.events.Latest(ctx, 4*LivePageItems)
	if err != nil {
		return fmt.Errorf("live page: %w", err)
	}
	p := livepages.Page{
		Meta: layouts.Page{Title: i18n.T(ctx, "live.title"), Path: c.Path(), Year: h.now().UTC().Year(), Canonical: h.baseURL + "/live",
			Description: i18n.T(ctx, "live.meta_desc"), Self: h.baseURL + "/live", Query: string(c.Request().URI().QueryString())},
		Max: LivePageItems, StreamURL: "/live/stream",
		Verdicts: []components.Verdict{viewmodel.VerdictView(components.VerdictTrue), viewmodel.VerdictView(components.VerdictPartly),
			viewmodel.VerdictView(components.VerdictFalse), viewmodel.VerdictView(components.VerdictUncertain)},
		Empty: components.EmptyState{Kind: "no-events", Title: "live.empty.title",
			Body: "live.empty.body", ActionText: "nav.check", ActionURL: "/"},
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
	// A bad resume position starts the public stream from now (ok is false then).
	after, resume, _, _ := livefeed.LastEventID(c)
	sub, err := h.hub.Subscribe(c.UserContext(), nil)
	if err != nil {
		h.slots.release(ip)
		if !errors.Is(err, feed.ErrClosed) {
			h.log.Error("live page stream: subscribe", "err", err)
		}
		c.Set(fiber.HeaderRetryAfter, "5")
		return c.Status(fiber.StatusServiceUnavailable).SendString("The live feed is unavailable right now. Try again in a few seconds.")
	}
	livefeed.StartStream(c, sub, feed.StreamOptions{Log: h.events, Resume: resume, After: after, Heartbeat: h.heartbeat,
		// The page keeps a short list: a visitor who was away long gets the newest items, not all.
		// Twice the list: a check's claim.created event is replayed but not sent.
		ReplayLimit: 2 * LivePageItems, Recent: true, Encode: h.encode}, h.log, func() { h.slots.release(ip) })
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
	loc := i18n.From(ctx)
	f := format.For(loc)
	var text string
	switch ev.Type {
	case models.EventClaimCreated:
		text = loc.T("live.type.created")
	case models.EventClaimAnalysed:
		text = loc.T("live.type.analysed")
	case models.EventClaimScoreChanged:
		text = loc.T("live.type.changed")
	default:
		return livepages.Item{}, false, nil
	}
	var d models.ClaimEventData
	if err := json.Unmarshal([]byte(ev.Data), &d); err != nil || d.ID == "" {
		return livepages.Item{}, false, nil
	}
	// A check analysed on the spot writes claim.created and claim.analysed together with the same
	// verdict (internal/feed/emit); the page shows that check once, as its claim.analysed event.
	// A created event without a score is a queued submission, the only one its claim has so far.
	if ev.Type == models.EventClaimCreated && d.Score != nil {
		return livepages.Item{}, false, nil
	}
	vis, err := h.visible.Check(ctx, d.ID)
	if err != nil || !vis {
		return livepages.Item{}, false, err
	}
	it := livepages.Item{EventID: ev.ID, Type: ev.Type, TypeText: text, URL: paths.Claim(d.ID),
		Text: format.Truncate(d.Content, viewmodel.ListTextRunes), CreatedISO: format.ISO(ev.CreatedAt),
		CreatedText: f.Ago(now, ev.CreatedAt), CreatedTitle: f.Time(ev.CreatedAt)}
	if d.Score != nil && d.Verdict != nil {
		slug, ok := models.VerdictFromV1(*d.Verdict)
		if !ok {
			slug = components.VerdictUncertain
		}
		it.Analysed, it.Verdict, it.VerdictSlug, it.Score = true, viewmodel.VerdictView(slug), slug, scoreText(loc, *d.Score)
		it.NotEnoughEvidence = d.Decided != nil && !*d.Decided
	}
	var change []string
	if it.Analysed && d.Experts > 0 {
		// The experts' verdict leads; the analyzer's follows, in the line the script also fills.
		it.ByExperts = true
		change = append(change, loc.T("live.experts_verdict"))
		if d.AIVerdict != nil && d.AIScore != nil {
			label, _ := analysis.VerdictInfo(analysis.Verdict(*d.AIVerdict))
			if analysis.ValidVerdict(*d.AIVerdict) {
				label = loc.T("verdict." + *d.AIVerdict + ".label")
			}
			it.Analyzer = loc.T("live.analyzer", "Verdict", label, "Score", strconv.Itoa(*d.AIScore))
			change = append(change, it.Analyzer)
		}
	}
	if ev.Type == models.EventClaimScoreChanged && d.Previous != nil {
		prev := loc.T("live.previously", "Score", scoreText(loc, d.Previous.Score))
		if d.Experts > 0 {
			prev += " · " + loc.N("live.expert_reviews", d.Experts)
		}
		change = append(change, prev)
	}
	it.Change = strings.Join(change, " · ")
	return it, true, nil
}

// scoreText writes a 0–100 score with at most one decimal as loc writes numbers: 87.5 (87,5 in
// Turkish), 62.
func scoreText(loc *i18n.Localizer, s float64) string { return format.For(loc).Number(s, 1) }

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
