// Package admin serves the admin console under /admin: the overview, plans, users, keys, claims,
// leads, outbox, audit log, the fact-check knowledge upload, firms and the beta waiting list.
package admin

import (
	"context"

	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
)

// Deps is what the console is built from. Mount fills each part's Kit, Now and Log from the
// shared ones, so the wiring sets them once.
type Deps struct {
	// Kit renders every page and error page.
	Kit *web.Kit
	// CSRF is the form-token middleware (web.NewCSRF) every page runs.
	CSRF fiber.Handler
	// Sessions makes the visitor known and admits admins only.
	Sessions *web.Sessions
	// Console, Firms and Waitlist are the parts' own dependencies.
	Console  AdminDeps
	Firms    FirmConsoleDeps
	Waitlist AdminWaitlistDeps
}

// Mount mounts the console on r. Every route runs the CSRF check, the session and the admin role
// check, including unknown addresses under /admin, which answer 404 only to admins.
func Mount(r fiber.Router, d Deps) {
	kit := d.Kit
	now, log := kit.Now, kit.Log()
	console := web.Pages(r, d.CSRF, d.Sessions).With(d.Sessions.RequireRole(models.RoleAdmin))

	d.Console.Kit, d.Console.Now, d.Console.Log = kit, now, log
	a := NewAdmin(d.Console)
	// The fact-check upload is the one body larger than MAX_BODY_BYTES. Its sender must be a
	// logged-in admin before a byte past the first few kilobytes is read, so here the session and
	// role come first, then the bounded read, then the CSRF check, which reads the form.
	web.On(r, d.Sessions.Middleware(), d.Sessions.RequireRole(models.RoleAdmin), readUpload, d.CSRF).
		Group("/admin", a.guard).Post("/knowledge", a.uploadKnowledge)
	a.Routes(console)
	g := console.Group("/admin")
	d.Waitlist.Now, d.Waitlist.Log = now, log
	NewAdminWaitlist(d.Waitlist).Routes(g)
	d.Firms.Kit, d.Firms.Now, d.Firms.Log = kit, now, log
	NewFirmConsole(d.Firms).Routes(g)
	console.All("/admin/*", kit.NotFound)
}

// StoreAudit records console changes in the audit store, each in its own transaction.
type StoreAudit struct {
	// Store is the audit log.
	Store *models.AuditStore
}

// Record adds one entry.
func (a StoreAudit) Record(ctx context.Context, actorID, action, subject string, detail any) error {
	return a.Store.Add(ctx, models.Tx{}, actorID, action, subject, detail)
}

// List returns entries newest first.
func (a StoreAudit) List(ctx context.Context, f models.AuditFilter) ([]models.AuditEntry, error) {
	return a.Store.List(ctx, f)
}
