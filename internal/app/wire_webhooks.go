package app

import "github.com/gofiber/fiber/v2"

// wireWebhooksAPI mounts /v1/webhooks and registers the delivery workers.
func wireWebhooksAPI(d *v1Deps, v1 fiber.Router) {}

// wireWebhooksPages mounts the account's webhook pages (under /account, which requires a login).
func wireWebhooksPages(d *v1Deps, f *fiber.App) {}
