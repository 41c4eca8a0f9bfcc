package app

import "github.com/gofiber/fiber/v2"

// wireFirmsPages mounts the public firm pages and the admin console's firm management.
func wireFirmsPages(d *v1Deps, f *fiber.App, admin fiber.Router) {}
