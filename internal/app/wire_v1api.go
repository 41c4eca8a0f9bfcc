package app

import "github.com/gofiber/fiber/v2"

// wireV1API mounts the /v1 API: access (beta key, burst limit, quota), claims, search, firms,
// experts, submit and the OpenAPI document. It returns the router the other /v1 features mount on.
func wireV1API(d *v1Deps, f *fiber.App) fiber.Router {
	return f.Group("/v1")
}
