package app

import "github.com/gofiber/fiber/v2"

// wireFeedAPI mounts GET /v1/feed/live.
func wireFeedAPI(d *v1Deps, v1 fiber.Router) {}

// wireFeedPages mounts the public live-feed page.
func wireFeedPages(d *v1Deps, f *fiber.App) {}
