// Package app wires Claimcheck together: config → database → migrations → stores → services →
// handlers → Fiber. `main` and the tests build the service through the same functions.
package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/handlers/admin"
	"github.com/claimcheck/claimcheck/handlers/v1api"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/accounts"
	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/beta"
	"github.com/claimcheck/claimcheck/internal/billing"
	"github.com/claimcheck/claimcheck/internal/checking"
	"github.com/claimcheck/claimcheck/internal/config"
	"github.com/claimcheck/claimcheck/internal/custommodel"
	"github.com/claimcheck/claimcheck/internal/feed/emit"
	"github.com/claimcheck/claimcheck/internal/firms"
	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/internal/mail"
	"github.com/claimcheck/claimcheck/internal/metering"
	"github.com/claimcheck/claimcheck/internal/postgrest"
	"github.com/claimcheck/claimcheck/internal/telemetry"
	"github.com/claimcheck/claimcheck/internal/viewcount"
	"github.com/claimcheck/claimcheck/internal/webhooks"
	"github.com/claimcheck/claimcheck/migrations"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/recover"
	"github.com/gofiber/fiber/v2/middleware/requestid"
)

// App is a fully wired service.
type App struct {
	// Config is what the service was built from.
	Config config.Config
	// DB is the open database.
	DB *database.DB
	// Stores are the data stores over DB.
	Stores *models.Stores
	// Analyzer is the active analysis engine.
	Analyzer analysis.Analyzer
	// Knowledge is the fact-check knowledge base and its index.
	Knowledge *Knowledge
	// Checker runs claim checks for every surface.
	Checker *checking.Service
	// HTTP is the Fiber application with every route mounted.
	HTTP *fiber.App
	// Log is the structured logger.
	Log *slog.Logger
	// Mail is the durable outbox every mail goes through.
	Mail *mail.Outbox
	// Accounts runs sign-up, login and sessions.
	Accounts *accounts.Service
	// Billing talks to Stripe and applies its webhooks.
	Billing *billing.Service
	// Beta runs the waiting list, invitations and beta access.
	Beta *beta.Service
	// Background is the set of workers Serve runs beside HTTP.
	Background *Background
	// Metrics is the Prometheus registry /metrics serves.
	Metrics *telemetry.Metrics
	// Views holds claim page views until a background flush (or Close) writes them.
	Views *viewcount.Counter

	ownsDB bool
}

// Open connects to the configured database, applies migrations when configured to, and builds the app.
func Open(ctx context.Context, cfg config.Config, log *slog.Logger) (*App, error) {
	db, err := database.Open(ctx, cfg.DatabaseURL, database.Options{MaxOpenConns: cfg.DBMaxOpenConns})
	if err != nil {
		return nil, err
	}
	if cfg.MigrateOnStart {
		if err := Migrate(ctx, db); err != nil {
			db.Close()
			return nil, err
		}
	}
	a, err := New(ctx, cfg, db, log)
	if err != nil {
		db.Close()
		return nil, err
	}
	a.ownsDB = true
	return a, nil
}

// Migrate applies pending migrations to db.
func Migrate(ctx context.Context, db *database.DB) error {
	sqlDB, err := db.Gorm.DB()
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return migrations.Up(ctx, sqlDB, string(db.Dialect))
}

// Option changes what New builds; the service uses none, tests replace what they must control.
type Option func(*options)

// options are the replaceable parts.
type options struct {
	analyzer    analysis.Analyzer
	accounts    []accounts.Option
	now         func() time.Time
	planChanged billing.PlanChangedFunc
	resolver    webhooks.Resolver
}

// WithAnalyzer uses a instead of the analyzer the configuration names.
func WithAnalyzer(a analysis.Analyzer) Option { return func(o *options) { o.analyzer = a } }

// WithAccountOptions passes opts to the accounts service (cheaper password hashing, throttles).
func WithAccountOptions(opts ...accounts.Option) Option {
	return func(o *options) { o.accounts = append(o.accounts, opts...) }
}

// WithPlanChanged replaces what billing runs when a subscription changes an account's plan.
func WithPlanChanged(fn billing.PlanChangedFunc) Option {
	return func(o *options) { o.planChanged = fn }
}

// WithWebhookResolver makes the webhook URL guard look host names up with r.
func WithWebhookResolver(r webhooks.Resolver) Option { return func(o *options) { o.resolver = r } }

// WithClock makes every part read the time from now.
func WithClock(now func() time.Time) Option { return func(o *options) { o.now = now } }

// New builds stores, the knowledge base, services and handlers over an open, migrated database.
func New(ctx context.Context, cfg config.Config, db *database.DB, log *slog.Logger, opts ...Option) (*App, error) {
	if log == nil {
		log = slog.Default()
	}
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	now := func() time.Time { return time.Now().UTC() }
	if o.now != nil {
		now = o.now
	}
	// The stores apply the firm trust rule and the event log's emission rule inside their
	// transactions; the capabilities own both.
	stores := models.NewStores(db, models.Rules{Trust: firms.Trust{}, Events: emit.Rule{}})
	kb, err := OpenKnowledge(ctx, cfg, stores, log)
	if err != nil {
		return nil, fmt.Errorf("app: %w", err)
	}
	analyzer, pipeline := o.analyzer, o.analyzer
	if analyzer == nil {
		if analyzer, pipeline, err = BuildAnalyzers(cfg, kb, stores); err != nil {
			return nil, fmt.Errorf("app: %w", err)
		}
	}
	// Analyses an Enterprise account's keys pay for are made by the account's own model when it
	// configured one (Enterprise's custom model).
	customModels := custommodel.New(custommodel.Config{Store: stores.AccountModels, Secret: cfg.DeviceKey, Offline: pipeline,
		Aligner: kb.Index, Timeout: cfg.LLM.Timeout, MaxRetries: cfg.LLM.MaxRetries, StructuredOutput: cfg.LLM.StructuredOutput,
		AllowPrivate: cfg.LLM.CustomModelAllowPrivate, Resolver: o.resolver, Now: now, Log: log, Audit: stores.Audit})
	analyzer = customModels.Analyzer(analyzer)
	metrics, err := buildMetrics(db, log)
	if err != nil {
		return nil, fmt.Errorf("app: %w", err)
	}
	ready, err := buildReadiness(db)
	if err != nil {
		return nil, fmt.Errorf("app: %w", err)
	}
	// Every analysis, whichever surface asks, is timed and counted by verdict.
	analyzer = telemetry.InstrumentAnalyzer(analyzer, metrics)
	checker := checking.NewService(analyzer, stores.Claims, now)
	outbox := mail.NewOutbox(stores.Outbox)
	accountsSvc := accounts.New(stores.Accounts, stores.RateLimits, append([]accounts.Option{accounts.WithDeviceKey([]byte(cfg.DeviceKey))}, o.accounts...)...)
	hook := planChanged(stores.Keys)
	if o.planChanged != nil {
		hook = o.planChanged
	}
	billingSvc := billing.New(stores.Billing, billing.Config{
		SecretKey: cfg.StripeSecretKey, WebhookSecret: cfg.StripeWebhookSecret, BackendURL: cfg.StripeAPIBase, Logger: log,
		PlanChanged: hook,
	})
	rest, err := postgrest.NewReader(models.ClaimsTable(), stores.Claims)
	if err != nil {
		return nil, fmt.Errorf("app: %w", err)
	}
	kit := web.NewKit(cfg.BaseURL, now, log)
	// One message bundle for the whole process; every page request gets a Localizer from it.
	bundle, err := i18n.NewBundle()
	if err != nil {
		return nil, fmt.Errorf("app: %w", err)
	}
	langs := web.NewLanguages(bundle, cfg.SecureCookies(), stores.Accounts, now, log)
	w := &wiring{bundle: bundle, cfg: cfg, db: db, stores: stores, log: log, now: now, kb: kb, checker: checker,
		meter:    metering.New(metering.Config{Keys: stores.Keys, KeyCacheTTL: cfg.KeyCacheTTL, Usage: stores.Usage, Now: now, Log: log}),
		limiter:  metering.NewIPLimiter(stores.RateLimits, cfg.AnonChecksPerHour, now),
		accounts: accountsSvc, billing: billingSvc, outbox: outbox, bg: &Background{}, rest: rest,
		beta:            beta.New(beta.Config{Waitlist: stores.Waitlist, Tx: stores.Tx, Audit: stores.Audit, Outbox: outbox, BaseURL: cfg.BaseURL, Log: log, Languages: bundle}),
		kit:             kit,
		webhookResolver: o.resolver,
		customModels:    customModels,
		csrf:            web.NewCSRF(web.CSRFConfig{Secure: strings.HasPrefix(cfg.BaseURL, "https://"), Secret: cfg.DeviceKey, ErrorPage: kit.ErrorPage, Log: log}),
		sessions:        web.NewSessions(accountsSvc, cfg.SecureCookies()).WithErrorPage(kit.ErrorPage).WithLogger(log).WithLanguages(langs),
		metrics:         metrics,
		ready:           ready,
		views:           viewcount.New(viewcount.Config{Store: stores.Claims, Log: log}),
	}
	w.bg.Go(w.views.Run)
	// Claims from before repeat checks get their text key once, in the background.
	w.bg.Go(func(ctx context.Context) { BackfillTextKeys(ctx, stores.Claims, log) })
	// Claims from before their score facts were kept get them once, in the background.
	w.bg.Go(func(ctx context.Context) { BackfillScoreFacts(ctx, stores.Claims, log) })
	// Quota leases live while the background runs; stopping it gives the unused tokens back.
	w.bg.Go(w.meter.Run)

	f := fiber.New(fiber.Config{
		AppName: "claimcheck",
		// Bodies are streamed and read by limitBody, at most each route's limit (README "Limits");
		// BodyLimit is only the ceiling of the largest, the admin fact-check upload.
		BodyLimit:                    max(cfg.MaxBodyBytes, kbUploadLimit),
		StreamRequestBody:            true,
		DisablePreParseMultipartForm: true,
		ReadBufferSize:               ReadBufferSize,
		ReadTimeout:                  30 * time.Second,
		WriteTimeout:                 60 * time.Second,
		IdleTimeout:                  120 * time.Second,
		DisableStartupMessage:        true,
		ErrorHandler:                 errorHandler(kit, log),
		ProxyHeader:                  proxyHeader(cfg.TrustProxy),
	})
	// First, so it counts and logs the status the error handler gives, panics included.
	f.Use(telemetry.Middleware(requestTelemetry(metrics, log)))
	f.Use(recover.New())
	f.Use(requestid.New())
	f.Use(securityHeaders(cfg.BaseURL, cfg.TrustProxy, cfg.HSTSMaxAge))
	// After the headers above, so a refused body's answer carries them too.
	f.Use(limitBody(cfg.MaxBodyBytes, largeBody{method: fiber.MethodPost, path: "/admin/knowledge", limit: kbUploadLimit}))
	// Before every surface, so error pages and unknown paths answer in the visitor's language too.
	f.Use(langs.Middleware())
	mountSurfaces(f, w)

	return &App{Config: cfg, DB: db, Stores: stores, Analyzer: analyzer, Knowledge: kb, Checker: checker, HTTP: f, Log: log,
		Mail: outbox, Accounts: accountsSvc, Billing: billingSvc, Beta: w.beta, Background: w.bg, Metrics: metrics, Views: w.views}, nil
}

// kbUploadLimit is the body of the admin fact-check upload: the file plus the multipart framing
// (the route's own reader, handlers/admin/admin_kb.go, holds it to the same).
const kbUploadLimit = admin.MaxKBUploadBytes + 1<<20

// proxyHeader trusts X-Forwarded-For only when the operator says a proxy sets it.
func proxyHeader(trust bool) string {
	if trust {
		return fiber.HeaderXForwardedFor
	}
	return ""
}

// notFound answers unknown paths in the shape of the surface they fall under.
func notFound(kit *web.Kit) fiber.Handler {
	return func(c *fiber.Ctx) error {
		p := c.Path()
		switch {
		case strings.HasPrefix(p, "/rest/"):
			return c.Status(fiber.StatusNotFound).JSON(fiber.Map{"code": "PGRST125", "details": nil, "hint": nil,
				"message": "Invalid path specified in request URL"})
		case strings.HasPrefix(p, "/functions/"):
			return c.Status(fiber.StatusNotFound).JSON(fiber.Map{"error": "Function not found."})
		case p == "/v1" || strings.HasPrefix(p, "/v1/"):
			return v1api.WriteProblem(c, fiber.StatusNotFound, v1api.ProblemNotFound,
				"There is no /v1 route "+c.Method()+" "+p+". The routes are listed in /v1/openapi.json.")
		}
		return kit.NotFound(c)
	}
}

// errorHandler turns errors that escape handlers (body too large, panics, fiber errors) into answers in
// the shape of the surface: JSON for the APIs, an HTML page for browsers.
func errorHandler(kit *web.Kit, log *slog.Logger) fiber.ErrorHandler {
	return func(c *fiber.Ctx, err error) error {
		status := fiber.StatusInternalServerError
		msg := ""
		var fe *fiber.Error
		if errors.As(err, &fe) {
			status, msg = fe.Code, fe.Message
		}
		if c.Locals(localReached) == nil {
			// The server could not read the request (see clientStatus).
			status, msg = clientStatus(status)
			web.CloseUnread(c)
		} else if status >= 500 {
			log.Error("request failed", "path", c.Path(), "err", err)
		}
		msg = errorMessage(status, msg)
		p := c.Path()
		switch {
		case strings.HasPrefix(p, "/functions/"):
			return c.Status(status).JSON(fiber.Map{"error": msg})
		case strings.HasPrefix(p, "/rest/"):
			return c.Status(status).JSON(fiber.Map{"code": fmt.Sprintf("HTTP%d", status), "details": nil, "hint": nil, "message": msg})
		case p == "/v1" || strings.HasPrefix(p, "/v1/"):
			return v1api.WriteProblem(c, status, problemSlug(status), msg)
		}
		if status == fiber.StatusNotFound {
			return kit.NotFound(c)
		}
		// The page's words come from the message files where the status has them; the title is
		// the status's own (Kit.ErrorPage), and a fiber message equal to the status text is too.
		switch {
		case status >= 500:
			msg = "error.generic"
		case status == fiber.StatusRequestEntityTooLarge:
			msg = "error.too_large"
		case msg == http.StatusText(status):
			msg = ""
		}
		return kit.ErrorPage(c, status, "", msg)
	}
}

// problemSlug names the problem type of an error status that escaped a /v1 handler.
func problemSlug(status int) string {
	switch status {
	case fiber.StatusRequestEntityTooLarge:
		return v1api.ProblemPayloadTooLarge
	case fiber.StatusNotFound:
		return v1api.ProblemNotFound
	case fiber.StatusMethodNotAllowed:
		return v1api.ProblemMethodNotAllowed
	case fiber.StatusUnsupportedMediaType:
		return v1api.ProblemUnsupportedMediaType
	case fiber.StatusServiceUnavailable:
		return v1api.ProblemUnavailable
	}
	if status >= 400 && status < 500 {
		return v1api.ProblemInvalidRequest
	}
	return v1api.ProblemInternal
}

// Serve listens on the configured address (LISTEN_ADDR, loopback by default) until ctx is
// cancelled, then drains in-flight requests.
func (a *App) Serve(ctx context.Context) error {
	stopJanitor := a.startJanitor(ctx)
	defer stopJanitor()
	bgCtx, stopBackground := context.WithCancel(ctx)
	defer stopBackground()
	go a.Knowledge.Follow(bgCtx, a.Stores.Reviews, a.Config.KBFollowInterval)
	stopWorkers := a.StartBackground(bgCtx)
	defer stopWorkers()
	worker, err := mail.NewWorkerFromURL(a.Stores.Outbox, a.Config.SMTPURL)
	if err != nil {
		return fmt.Errorf("mail: %w", err)
	}
	if worker != nil {
		worker.Log = a.Log
		go worker.Run(bgCtx)
	} else {
		a.Log.Info("SMTP_URL is not set: mail stays in the outbox for admins to read")
	}
	if link, created, err := a.Accounts.EnsureSetupLink(ctx, a.Config.BaseURL); err != nil {
		a.Log.Warn("admin setup link", "err", err)
	} else if created {
		a.Log.Info("no admin account yet: open this one-time link to create one (valid 24h)", "url", link)
	}
	errc := make(chan error, 1)
	addr := a.Config.ListenAddr
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listen %s: %w", addr, err)
	}
	go func() { errc <- a.HTTP.Listener(LingerListener(ln)) }()
	a.Log.Info("claimcheck listening", "url", a.Config.BaseURL, "addr", addr, "database", string(a.DB.Dialect))
	select {
	case err := <-errc:
		return fmt.Errorf("serve %s: %w", addr, err)
	case <-ctx.Done():
	}
	a.Log.Info("shutting down", "timeout", a.Config.ShutdownTimeout.String())
	// Live streams never end on their own; closing them first lets the drain finish.
	a.Background.shuttingDown()
	if err := a.HTTP.ShutdownWithTimeout(a.Config.ShutdownTimeout); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}

// startJanitor prunes expired rate-limit windows and middleware state in the background.
func (a *App) startJanitor(ctx context.Context) func() {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(time.Minute)
		defer t.Stop()
		for {
			now := time.Now()
			if err := a.Stores.RateLimits.Prune(ctx, now.Add(-2*time.Hour).Unix()); err != nil && ctx.Err() == nil {
				a.Log.Warn("janitor", "err", err)
			}
			if err := a.Stores.KV.PruneExpired(now); err != nil && ctx.Err() == nil {
				a.Log.Warn("janitor", "err", err)
			}
			if err := a.Stores.Evidence.PruneExpired(ctx, now); err != nil && ctx.Err() == nil {
				a.Log.Warn("janitor", "err", err)
			}
			if _, err := a.Billing.ApplyDuePlanChanges(ctx, now); err != nil && ctx.Err() == nil {
				a.Log.Warn("janitor: plan changes", "err", err)
			}
			if err := a.Accounts.Prune(ctx); err != nil && ctx.Err() == nil {
				a.Log.Warn("janitor: accounts", "err", err)
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}()
	return func() { cancel(); <-done }
}

// Close writes the page views still pending and releases what Open acquired.
func (a *App) Close() error {
	// Views counted while HTTP drained, after the background flusher stopped.
	flush, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := a.Views.Flush(flush); err != nil {
		a.Log.Warn("view counts lost at close", "err", err)
	}
	if a.ownsDB {
		return a.DB.Close()
	}
	return nil
}
