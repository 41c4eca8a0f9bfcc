// Package app wires Claimcheck together: config → database → migrations → stores → services →
// handlers → Fiber. `main` and the tests build the service through the same functions.
package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/claimcheck/claimcheck/handlers"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/accounts"
	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/beta"
	"github.com/claimcheck/claimcheck/internal/billing"
	"github.com/claimcheck/claimcheck/internal/checking"
	"github.com/claimcheck/claimcheck/internal/config"
	"github.com/claimcheck/claimcheck/internal/database"
	"github.com/claimcheck/claimcheck/internal/mail"
	"github.com/claimcheck/claimcheck/internal/quota"
	"github.com/claimcheck/claimcheck/migrations"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/static"
	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/cors"
	"github.com/gofiber/fiber/v2/middleware/filesystem"
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
	// Background is the set of workers Serve runs beside HTTP.
	Background *Background

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

// New builds stores, the knowledge base, services and handlers over an open, migrated database.
func New(ctx context.Context, cfg config.Config, db *database.DB, log *slog.Logger) (*App, error) {
	if log == nil {
		log = slog.Default()
	}
	now := func() time.Time { return time.Now().UTC() }
	stores := models.NewStores(db)
	kb, err := OpenKnowledge(ctx, cfg, stores, log)
	if err != nil {
		return nil, fmt.Errorf("app: %w", err)
	}
	analyzer, err := BuildAnalyzer(cfg, kb, stores)
	if err != nil {
		return nil, fmt.Errorf("app: %w", err)
	}
	checker := checking.NewService(analyzer, stores.Claims, now)
	outbox := mail.NewOutbox(stores.Outbox)
	accountsSvc := accounts.New(stores.Accounts, stores.RateLimits)
	billingSvc := billing.New(db, billing.Config{
		SecretKey: cfg.StripeSecretKey, WebhookSecret: cfg.StripeWebhookSecret, BackendURL: cfg.StripeAPIBase, Logger: log,
		PlanChanged: handlers.PlanChangedHook(stores.Keys),
	})
	auth := quota.NewAuthenticator(stores.Keys, cfg.KeyCacheTTL, now)
	limiter := quota.NewIPLimiter(stores.RateLimits, cfg.AnonChecksPerHour, now)

	kit := web.NewKit(cfg.BaseURL, now, log)
	pages := handlers.NewPages(handlers.PagesDeps{
		Claims: stores.Claims, Community: models.NewExpertStore(db), Firms: models.NewFirmStore(db), Checker: checker, Limiter: limiter, Kit: kit,
	})
	functions := handlers.NewFunctions(auth, stores.Usage, checker, log, now)
	rest := handlers.NewRest(auth, stores.Usage, stores.Claims, log, now)

	f := fiber.New(fiber.Config{
		AppName: "claimcheck",
		// Only the admin fact-check upload may exceed MAX_BODY_BYTES; limitBody holds every other route to it.
		BodyLimit:             max(cfg.MaxBodyBytes, handlers.MaxKBUploadBytes+1<<20),
		ReadTimeout:           30 * time.Second,
		WriteTimeout:          60 * time.Second,
		IdleTimeout:           120 * time.Second,
		DisableStartupMessage: true,
		ErrorHandler:          errorHandler(kit, log),
		ProxyHeader:           proxyHeader(cfg.TrustProxy),
	})
	f.Use(recover.New())
	f.Use(limitBody(cfg.MaxBodyBytes))
	f.Use(requestid.New())
	f.Use(securityHeaders)

	apiCORS := cors.New(cors.Config{
		AllowOrigins:  cfg.CORSOrigins,
		AllowMethods:  "GET,HEAD,POST,OPTIONS",
		AllowHeaders:  "authorization, apikey, content-type, x-client-info, x-region, accept, accept-profile, content-profile, prefer, range, range-unit",
		ExposeHeaders: "Content-Range, Content-Location, Location, Preference-Applied, Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset",
		MaxAge:        86400,
	})
	functions.Routes(f.Group("/functions/v1", apiCORS))
	rest.Routes(f.Group("/rest/v1", apiCORS))

	betaSvc := beta.New(beta.Config{DB: db, Outbox: outbox, BaseURL: cfg.BaseURL, Log: log})
	bg := &Background{}
	v1d := &v1Deps{cfg: cfg, db: db, stores: stores, log: log, now: now, kb: kb, checker: checker, auth: auth, beta: betaSvc,
		kit: kit, audit: models.NewAuditStore(db), bg: bg}
	wireOpenAPI(v1d, f)
	v1 := wireV1API(v1d, f)
	wireFeedAPI(v1d, v1)
	wireWebhooksAPI(v1d, v1)

	f.Use("/static", filesystem.New(filesystem.Config{Root: http.FS(static.FS), MaxAge: 3600}))
	billingH := handlers.NewBilling(handlers.BillingDeps{Kit: kit, Billing: billingSvc, Plans: stores.Plans, Keys: stores.Keys, BaseURL: cfg.BaseURL, Log: log})
	// Stripe signs the raw body; its deliveries carry no CSRF token and need none.
	f.Post("/webhooks/stripe", billingH.Webhook)
	csrfPages := web.NewCSRF(web.CSRFConfig{Secure: strings.HasPrefix(cfg.BaseURL, "https://"), Storage: stores.KV, ErrorPage: kit.ErrorPage})
	f.Use(func(c *fiber.Ctx) error {
		// One-click unsubscribe (RFC 8058) posts from the mail client with no token; the
		// unguessable leave token in the path is the proof, and leaving is all it can do.
		if c.Method() == fiber.MethodPost && strings.HasPrefix(c.Path(), "/beta/leave/") {
			return c.Next()
		}
		return csrfPages(c)
	})
	sessions := web.NewSessions(accountsSvc, cfg.SecureCookies()).WithErrorPage(kit.ErrorPage).WithLogger(log)
	v1d.sessions = sessions
	f.Use(sessions.Middleware())
	pages.Routes(f)
	handlers.NewAuth(handlers.AuthDeps{Accounts: accountsSvc, Sessions: sessions, Mailer: outbox, BaseURL: cfg.BaseURL,
		ErrorPage: kit.ErrorPage, Now: now, Log: log,
		AfterVerified: func(ctx context.Context, userID, email string) {
			if _, err := betaSvc.GrantIfInvited(ctx, userID, email); err != nil {
				log.Warn("beta access", "user", userID, "err", err)
			}
		}}).Routes(f)
	handlers.NewBeta(handlers.BetaDeps{Beta: betaSvc, ErrorPage: kit.ErrorPage, Now: now, Log: log}).Routes(f)
	f.Use("/account", sessions.RequireUser())
	f.Use("/billing", sessions.RequireUser())
	handlers.NewAccount(handlers.AccountDeps{Kit: kit, Keys: stores.Keys, Usage: stores.Usage,
		BillingPortal: billingSvc.Enabled(), Now: now, Log: log, Beta: betaSvc}).Routes(f)
	handlers.NewPricing(handlers.PricingDeps{Kit: kit, Plans: stores.Plans, Keys: stores.Keys, Billing: billingSvc, Log: log}).Routes(f)
	billingH.Routes(f)
	admin := f.Group("/admin", sessions.RequireRole(models.RoleAdmin))
	handlers.NewAdmin(handlers.AdminDeps{Kit: kit, Store: models.NewAdminStore(db), Accounts: accountsSvc, Users: stores.Accounts,
		Keys: stores.Keys, Billing: billingSvc.Store(), Outbox: stores.Outbox, Audit: models.NewAuditStore(db),
		SMTP: cfg.SMTPURL != "", Now: now, Log: log, Knowledge: kb.Importer, Reviews: stores.Reviews}).Routes(f)
	handlers.NewAdminWaitlist(handlers.AdminWaitlistDeps{Beta: betaSvc, Waitlist: models.NewWaitlistStore(db), Now: now, Log: log}).Routes(admin)
	wireDocs(v1d, f)
	wireFeedPages(v1d, f)
	wireWebhooksPages(v1d, f)
	wireFirmsPages(v1d, f, admin)
	wireExpertsPages(v1d, f, admin)
	f.Use(notFound(kit))

	return &App{Config: cfg, DB: db, Stores: stores, Analyzer: analyzer, Knowledge: kb, Checker: checker, HTTP: f, Log: log,
		Mail: outbox, Accounts: accountsSvc, Billing: billingSvc, Background: bg}, nil
}

// limitBody refuses bodies over limit on every route but the admin fact-check upload, with the
// same 413 the server's own limit gives (the error handler shapes it per surface).
func limitBody(limit int) fiber.Handler {
	return func(c *fiber.Ctx) error {
		if len(c.Request().Body()) > limit && !(c.Method() == fiber.MethodPost && c.Path() == "/admin/knowledge") {
			return fiber.ErrRequestEntityTooLarge
		}
		return c.Next()
	}
}

// proxyHeader trusts X-Forwarded-For only when the operator says a proxy sets it.
func proxyHeader(trust bool) string {
	if trust {
		return fiber.HeaderXForwardedFor
	}
	return ""
}

// securityHeaders sets the headers every answer should carry.
func securityHeaders(c *fiber.Ctx) error {
	c.Set("X-Content-Type-Options", "nosniff")
	c.Set("Referrer-Policy", "strict-origin-when-cross-origin")
	c.Set("X-Frame-Options", "DENY")
	c.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'self'; form-action 'self' https://checkout.stripe.com https://billing.stripe.com")
	return c.Next()
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
			return handlers.WriteProblem(c, fiber.StatusNotFound, handlers.ProblemNotFound,
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
		msg := "Something went wrong on our side."
		var fe *fiber.Error
		if errors.As(err, &fe) {
			status, msg = fe.Code, fe.Message
		}
		if status == fiber.StatusRequestEntityTooLarge {
			msg = "The request body is too large."
		}
		if status >= 500 {
			log.Error("request failed", "path", c.Path(), "err", err)
		}
		p := c.Path()
		switch {
		case strings.HasPrefix(p, "/functions/"):
			return c.Status(status).JSON(fiber.Map{"error": msg})
		case strings.HasPrefix(p, "/rest/"):
			return c.Status(status).JSON(fiber.Map{"code": fmt.Sprintf("HTTP%d", status), "details": nil, "hint": nil, "message": msg})
		case p == "/v1" || strings.HasPrefix(p, "/v1/"):
			return handlers.WriteProblem(c, status, problemSlug(status), msg)
		}
		if status == fiber.StatusNotFound {
			return kit.NotFound(c)
		}
		return kit.ErrorPage(c, status, http.StatusText(status), msg)
	}
}

// problemSlug names the problem type of an error status that escaped a /v1 handler.
func problemSlug(status int) string {
	switch status {
	case fiber.StatusRequestEntityTooLarge:
		return handlers.ProblemPayloadTooLarge
	case fiber.StatusNotFound:
		return handlers.ProblemNotFound
	case fiber.StatusMethodNotAllowed:
		return handlers.ProblemMethodNotAllowed
	case fiber.StatusUnsupportedMediaType:
		return handlers.ProblemUnsupportedMediaType
	case fiber.StatusServiceUnavailable:
		return handlers.ProblemUnavailable
	}
	if status >= 400 && status < 500 {
		return handlers.ProblemInvalidRequest
	}
	return handlers.ProblemInternal
}

// Serve listens on the configured port until ctx is cancelled, then drains in-flight requests.
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
	addr := fmt.Sprintf(":%d", a.Config.Port)
	go func() { errc <- a.HTTP.Listen(addr) }()
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

// Close releases what Open acquired.
func (a *App) Close() error {
	if a.ownsDB {
		return a.DB.Close()
	}
	return nil
}
