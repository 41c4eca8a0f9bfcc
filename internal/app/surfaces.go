package app

import (
	"context"
	"github.com/claimcheck/claimcheck/internal/i18n"
	"log/slog"
	"net/http"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/handlers/account"
	"github.com/claimcheck/claimcheck/handlers/admin"
	"github.com/claimcheck/claimcheck/handlers/compat"
	"github.com/claimcheck/claimcheck/handlers/ops"
	"github.com/claimcheck/claimcheck/handlers/site"
	"github.com/claimcheck/claimcheck/handlers/v1api"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/accounts"
	"github.com/claimcheck/claimcheck/internal/beta"
	"github.com/claimcheck/claimcheck/internal/billing"
	"github.com/claimcheck/claimcheck/internal/checking"
	"github.com/claimcheck/claimcheck/internal/community"
	"github.com/claimcheck/claimcheck/internal/config"
	"github.com/claimcheck/claimcheck/internal/custommodel"
	"github.com/claimcheck/claimcheck/internal/feed"
	"github.com/claimcheck/claimcheck/internal/mail"
	"github.com/claimcheck/claimcheck/internal/metering"
	"github.com/claimcheck/claimcheck/internal/openapi"
	"github.com/claimcheck/claimcheck/internal/postgrest"
	"github.com/claimcheck/claimcheck/internal/search"
	"github.com/claimcheck/claimcheck/internal/submit"
	"github.com/claimcheck/claimcheck/internal/telemetry"
	"github.com/claimcheck/claimcheck/internal/viewcount"
	"github.com/claimcheck/claimcheck/internal/webhooks"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/static"
	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/filesystem"
)

// wiring is what every surface is built from: the configuration, the stores, the services and
// the background the workers register with. New builds one; mountSurfaces mounts every surface
// from it, each through its package's Mount.
type wiring struct {
	// bundle writes mail in a recipient's stored language.
	bundle   *i18n.Bundle
	cfg      config.Config
	db       *database.DB
	stores   *models.Stores
	log      *slog.Logger
	now      func() time.Time
	kb       *Knowledge
	checker  *checking.Service
	meter    *metering.Meter
	limiter  *metering.IPLimiter
	accounts *accounts.Service
	billing  *billing.Service
	outbox   *mail.Outbox
	beta     *beta.Service
	bg       *Background
	kit      *web.Kit
	csrf     fiber.Handler
	sessions *web.Sessions
	// webhookResolver looks up webhook hosts for the URL guard; nil is the system resolver.
	webhookResolver webhooks.Resolver
	// feed is the live-feed hub shared by /v1/feed/live and /live (built by feedHub).
	feed *feed.Hub
	// rest answers /rest/v1/claims over the claims store.
	rest *postgrest.Reader
	// metrics is the process's Prometheus registry and instruments.
	metrics *telemetry.Metrics
	// ready is the /readyz check.
	ready *telemetry.Readiness
	// customModels configures accounts' own models and routes their analyses to them.
	customModels *custommodel.Service
	// views batches claim page views (flushed by a background worker and by App.Close).
	views *viewcount.Counter
}

// mountSurfaces mounts every surface on f. Each Mount declares its own middleware (sessions,
// CSRF, roles, API keys, quota), so the order here only decides which of two routes with the same
// path wins, and no two surfaces share a path.
func mountSurfaces(f *fiber.App, w *wiring) {
	// First, so no other surface's sessions, CSRF or metering run for the operator endpoints.
	ops.Mount(f, opsDeps(w))
	compat.Mount(f, compat.Deps{Meter: w.meter, Checker: w.checker,
		Claims: w.rest, CORSOrigins: w.cfg.CORSOrigins, Log: w.log})
	v1api.Mount(f, v1apiDeps(w))
	f.Use("/static", filesystem.New(filesystem.Config{Root: http.FS(static.FS), MaxAge: 3600}))
	site.Mount(f, siteDeps(w))
	account.Mount(f, accountDeps(w))
	admin.Mount(f, adminDeps(w))
	// Anything else is a 404 page, answered like a page: with the CSRF token and the session.
	f.Use(w.csrf, w.sessions.Middleware(), notFound(w.kit))
}

// siteDeps wires the public pages.
func siteDeps(w *wiring) site.Deps {
	experts := w.stores.Experts
	firms := w.stores.Firms
	votes := community.Config{Store: experts, BaseURL: w.cfg.BaseURL, Now: w.now, Log: w.log}
	if w.kb != nil && w.kb.Importer != nil {
		votes.KB = w.kb.Importer
	}
	doc, err := openapi.Load()
	if err != nil {
		// The embedded document is checked by its tests; a failure here is a build defect, and
		// /docs says so rather than taking the whole service down.
		w.log.Error("openapi document", "err", err)
	}
	return site.Deps{Kit: w.kit, CSRF: w.csrf, Sessions: w.sessions,
		Pages:   site.PagesDeps{Claims: w.stores.Claims, Search: search.New(w.stores.Search), Community: experts, Firms: firms, Checker: w.checker, Limiter: w.limiter, Views: w.views},
		Firms:   site.FirmPagesDeps{Firms: firms},
		Experts: site.ExpertsDeps{Experts: experts},
		Review:  site.ReviewDeps{Experts: experts, Claims: w.stores.Claims, Votes: community.New(votes), Firms: firms},
		Docs:    site.DocsDeps{Document: doc, Keys: w.stores.Keys, Beta: w.beta},
		Beta:    site.BetaDeps{Beta: w.beta},
		Live: site.LiveDeps{Hub: feedHub(w), Events: w.stores.Events, Claims: w.stores.Claims,
			Heartbeat: w.cfg.V1.FeedHeartbeat},
	}
}

// accountDeps wires the account pages and the Stripe webhook.
func accountDeps(w *wiring) account.Deps {
	return account.Deps{Kit: w.kit, CSRF: w.csrf, Sessions: w.sessions,
		Auth: account.AuthDeps{Accounts: w.accounts, Mailer: w.outbox, Languages: w.bundle, Users: w.stores.Accounts,
			AfterVerified: func(ctx context.Context, userID, email string) {
				// The account's keys were refused while it was unverified; they work from the
				// next request on (other processes within KEY_CACHE_TTL).
				w.meter.ForgetOwner(userID)
				if _, err := w.beta.GrantIfInvited(ctx, userID, email); err != nil {
					w.log.Warn("beta access", "user", userID, "err", err)
				}
			}},
		Account:  account.AccountDeps{Keys: w.stores.Keys, Usage: w.stores.Usage, BillingPortal: w.billing.Enabled(), Beta: w.beta},
		Webhooks: account.AccountWebhooksDeps{Webhooks: webhookService(w), Beta: w.beta},
		Billing:  account.BillingDeps{Billing: w.billing, Plans: w.stores.Plans, Keys: w.stores.Keys},
		Pricing:  account.PricingDeps{Plans: w.stores.Plans, Keys: w.stores.Keys, Billing: w.billing},
		Model:    account.AccountModelDeps{Models: w.customModels, Keys: w.stores.Keys, Users: w.stores.Accounts},
	}
}

// adminDeps wires the console.
func adminDeps(w *wiring) admin.Deps {
	audit := admin.StoreAudit{Store: w.stores.Audit}
	return admin.Deps{Kit: w.kit, CSRF: w.csrf, Sessions: w.sessions,
		Console: admin.AdminDeps{Store: w.stores.Admin, Accounts: w.accounts, Users: w.stores.Accounts,
			Keys: w.stores.Keys, Billing: w.billing.Store(), Outbox: w.stores.Outbox, Audit: audit,
			SMTP: w.cfg.SMTPURL != "", Knowledge: w.kb.Importer, Reviews: w.stores.Reviews,
			Entries: w.kb.Entries, Search: search.New(w.stores.Search)},
		Firms:    admin.FirmConsoleDeps{Firms: w.stores.Firms, Claims: w.stores.Claims, Audit: audit},
		Waitlist: admin.AdminWaitlistDeps{Beta: w.beta, Waitlist: w.stores.Waitlist},
	}
}

// v1apiDeps wires /v1 and registers its workers: submission analysis and webhook delivery.
func v1apiDeps(w *wiring) v1api.Deps {
	subs := w.stores.Submissions
	firms := w.stores.Firms
	experts := w.stores.Experts
	wake := submit.NewWake()
	for i := range w.cfg.V1.SubmitWorkers {
		sw := submit.New(submit.Config{Store: subs, Analyzer: w.checker, Wake: wake, Log: w.log.With("submit_worker", i), Now: w.now})
		w.bg.Go(sw.Run)
	}
	store := w.stores.Webhooks
	client := webhooks.NewClient(w.cfg.V1.WebhookTimeout, w.cfg.V1.WebhookAllowPrivate)
	for range w.cfg.V1.WebhookWorkers {
		ww := webhooks.NewWorker(webhooks.WorkerConfig{Store: store, Timeout: w.cfg.V1.WebhookTimeout,
			AllowPrivate: w.cfg.V1.WebhookAllowPrivate, Client: client, Now: w.now, Log: w.log})
		w.bg.Go(ww.Run)
	}
	return v1api.Deps{BaseURL: w.cfg.BaseURL, CORSOrigins: w.cfg.CORSOrigins, Now: w.now, Log: w.log,
		Access: v1api.V1AccessDeps{Meter: w.meter.WithBurst(metering.Burst{Limiter: v1Limiter(w),
			Limit: w.cfg.V1.BurstLimit, Window: w.cfg.V1.BurstWindow, Bucket: "v1:"})},
		Claims: v1api.V1ClaimsDeps{Claims: w.stores.Claims, Submissions: subs, Search: search.New(w.stores.Search), Firms: firms,
			Experts: experts, Meter: w.meter, Submitted: wake.Notify},
		Directory: v1api.V1DirectoryDeps{Firms: firms, Experts: experts},
		Feed: v1api.FeedAPIDeps{Hub: feedHub(w), Events: w.stores.Events, Claims: w.stores.Claims,
			Heartbeat: w.cfg.V1.FeedHeartbeat},
		Webhooks: v1api.V1WebhooksDeps{Webhooks: webhookService(w)},
	}
}

// webhookService builds the endpoint service; it holds no state, so the API and the pages each get one.
func webhookService(w *wiring) *webhooks.Service {
	return webhooks.NewService(w.stores.Webhooks, webhooks.Guard{AllowPrivate: w.cfg.V1.WebhookAllowPrivate, Resolver: w.webhookResolver}, w.now)
}

// feedHub is the process's one hub, built on first use: it follows the event log while the
// background workers run and ends its streams when shutdown begins. The API and the page share
// it, so the log is read once per poll.
func feedHub(w *wiring) *feed.Hub {
	if w.feed == nil {
		w.feed = feed.New(feed.Config{Log: w.stores.Events, PollInterval: w.cfg.V1.FeedPollInterval, Logger: w.log})
		w.bg.Go(w.feed.Run)
		w.bg.BeforeShutdown(w.feed.Close)
	}
	return w.feed
}

// planChanged moves the account and all its keys to the plan billing decided, inside billing's
// transaction, so the new quota applies to the very next request (after the key cache's TTL).
func planChanged(keys *models.KeyStore) billing.PlanChangedFunc {
	return keys.SetPlanForUser
}
