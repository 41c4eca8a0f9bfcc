package app

import (
	"github.com/claimcheck/claimcheck/handlers"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
)

// wireFirmsPages mounts the public firm pages and the admin console's firm management; admin is
// the /admin group, already behind RequireRole(admin).
func wireFirmsPages(d *v1Deps, f *fiber.App, admin fiber.Router) {
	store := models.NewFirmStore(d.db)
	handlers.NewFirmPages(handlers.FirmPagesDeps{Kit: d.kit, Firms: store, Now: d.now, Log: d.log}).Routes(f)
	handlers.NewFirmConsole(handlers.FirmConsoleDeps{Kit: d.kit, Firms: store, Claims: d.stores.Claims, Audit: d.audit,
		Now: d.now, Log: d.log}).Routes(admin)
}
