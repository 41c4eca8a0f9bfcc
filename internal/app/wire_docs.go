package app

import "github.com/gofiber/fiber/v2"

// wireOpenAPI mounts GET /v1/openapi.json, public (no key), before the /v1 access middleware.
func wireOpenAPI(d *v1Deps, f *fiber.App) {}

// wireDocs mounts /docs, the readable API reference.
func wireDocs(d *v1Deps, f *fiber.App) {}
