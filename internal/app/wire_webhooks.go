package app

import (
	"github.com/claimcheck/claimcheck/handlers"
	"github.com/claimcheck/claimcheck/internal/webhooks"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
)

// webhookService builds the endpoint service; it holds no state, so the API and the pages each get one.
func webhookService(d *v1Deps) *webhooks.Service {
	return webhooks.NewService(models.NewWebhookStore(d.db), webhooks.Guard{AllowPrivate: d.cfg.V1.WebhookAllowPrivate}, d.now)
}

// wireWebhooksAPI mounts /v1/webhooks and registers the delivery workers.
func wireWebhooksAPI(d *v1Deps, v1 fiber.Router) {
	handlers.NewV1Webhooks(handlers.V1WebhooksDeps{Webhooks: webhookService(d), Log: d.log}).Routes(v1)
	store := models.NewWebhookStore(d.db)
	client := webhooks.NewClient(d.cfg.V1.WebhookTimeout, d.cfg.V1.WebhookAllowPrivate)
	for range d.cfg.V1.WebhookWorkers {
		w := webhooks.NewWorker(webhooks.WorkerConfig{Store: store, Timeout: d.cfg.V1.WebhookTimeout,
			AllowPrivate: d.cfg.V1.WebhookAllowPrivate, Client: client, Now: d.now, Log: d.log})
		d.bg.Go(w.Run)
	}
}

// wireWebhooksPages mounts the account's webhook pages (under /account, which requires a login).
func wireWebhooksPages(d *v1Deps, f *fiber.App) {
	handlers.NewAccountWebhooks(handlers.AccountWebhooksDeps{Kit: d.kit, Webhooks: webhookService(d), Beta: d.beta,
		Now: d.now, Log: d.log}).Routes(f)
}
