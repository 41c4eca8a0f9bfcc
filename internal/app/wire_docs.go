package app

import (
	"github.com/claimcheck/claimcheck/handlers"
	"github.com/claimcheck/claimcheck/internal/openapi"
	"github.com/gofiber/fiber/v2"
)

// wireOpenAPI mounts GET /v1/openapi.json, public (no key), before the /v1 access middleware.
func wireOpenAPI(d *v1Deps, f *fiber.App) {
	handlers.NewOpenAPI(handlers.OpenAPIDeps{BaseURL: d.cfg.BaseURL, Log: d.log}).Routes(f)
}

// wireDocs mounts /docs, the readable API reference generated from the same document.
func wireDocs(d *v1Deps, f *fiber.App) {
	doc, err := openapi.Load()
	if err != nil {
		// The embedded document is checked by its tests; a failure here is a build defect, and
		// /docs says so rather than taking the whole service down.
		d.log.Error("openapi document", "err", err)
	}
	handlers.NewDocs(handlers.DocsDeps{Document: doc, BaseURL: d.cfg.BaseURL, ErrorPage: d.kit.ErrorPage, Now: d.now}).Routes(f)
}
