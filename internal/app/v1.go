package app

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/beta"
	"github.com/claimcheck/claimcheck/internal/checking"
	"github.com/claimcheck/claimcheck/internal/config"
	"github.com/claimcheck/claimcheck/internal/database"
	"github.com/claimcheck/claimcheck/internal/feed"
	"github.com/claimcheck/claimcheck/internal/quota"
	"github.com/claimcheck/claimcheck/models"
)

// v1Deps is what the /v1 features (API, experts, firms, live feed, webhooks) are wired from.
// Each feature has its own wire_*.go file with an API phase (mounted before CSRF and sessions)
// and a pages phase (mounted after them).
type v1Deps struct {
	cfg      config.Config
	db       *database.DB
	stores   *models.Stores
	log      *slog.Logger
	now      func() time.Time
	kb       *Knowledge
	checker  *checking.Service
	auth     *quota.Authenticator
	beta     *beta.Service
	kit      *web.Kit
	sessions *web.Sessions
	audit    *models.AuditStore
	bg       *Background
	// feed is the live-feed hub shared by /v1/feed/live and /live (built by feedHub).
	feed *feed.Hub
}

// Background holds the workers a serving process runs beside HTTP (submission analysis, webhook
// delivery, the live-feed reader) and what must stop before HTTP shuts down (open live streams).
type Background struct {
	mu             sync.Mutex
	workers        []func(ctx context.Context)
	beforeShutdown []func()
}

// Go registers a worker that runs until its context is cancelled.
func (b *Background) Go(w func(ctx context.Context)) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.workers = append(b.workers, w)
}

// BeforeShutdown registers fn to run when shutdown begins, before in-flight requests are drained.
func (b *Background) BeforeShutdown(fn func()) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.beforeShutdown = append(b.beforeShutdown, fn)
}

// start runs every registered worker and returns a function that stops them and waits.
func (b *Background) start(ctx context.Context) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	b.mu.Lock()
	for _, w := range b.workers {
		wg.Add(1)
		go func() { defer wg.Done(); w(ctx) }()
	}
	b.mu.Unlock()
	return func() { cancel(); wg.Wait() }
}

// shuttingDown runs the before-shutdown hooks.
func (b *Background) shuttingDown() {
	b.mu.Lock()
	hooks := append([]func(){}, b.beforeShutdown...)
	b.mu.Unlock()
	for _, h := range hooks {
		h()
	}
}

// StartBackground runs the background workers until the returned stop is called (Serve does this;
// tests call it to exercise queues and the live feed).
func (a *App) StartBackground(ctx context.Context) (stop func()) { return a.Background.start(ctx) }
