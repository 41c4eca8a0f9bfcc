package app

import (
	"github.com/claimcheck/claimcheck/handlers"
	"github.com/claimcheck/claimcheck/internal/community"
	"github.com/claimcheck/claimcheck/models"
	"github.com/gofiber/fiber/v2"
)

// wireExpertsPages mounts the experts' review queue and vote forms, and the public expert profiles.
// Admins promote accounts to experts in the existing /admin/users page, so admin gets nothing here.
func wireExpertsPages(d *v1Deps, f *fiber.App, admin fiber.Router) {
	store := models.NewExpertStore(d.db)
	cfg := community.Config{Store: store, BaseURL: d.cfg.BaseURL, Now: d.now, Log: d.log}
	if d.kb != nil && d.kb.Importer != nil {
		cfg.KB = d.kb.Importer
	}
	votes := community.New(cfg)
	f.Use("/review", d.sessions.RequireRole(models.RoleExpert, models.RoleAdmin))
	handlers.NewReview(handlers.ReviewDeps{Kit: d.kit, Experts: store, Claims: d.stores.Claims, Votes: votes,
		Firms: models.NewFirmStore(d.db), Now: d.now, Log: d.log}).Routes(f)
	handlers.NewExperts(handlers.ExpertsDeps{Kit: d.kit, Experts: store, Now: d.now, Log: d.log}).Routes(f)
}
