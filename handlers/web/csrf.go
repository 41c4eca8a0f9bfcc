package web

import (
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/csrf"
)

// CSRFContextKey is the Locals key the CSRF middleware stores the form token under.
const CSRFContextKey = "csrf"

// CSRFConfig is what the CSRF middleware is built from.
type CSRFConfig struct {
	// Secure marks the token cookie Secure (the site is served over https).
	Secure bool
	// Storage keeps issued tokens so every process accepts them.
	Storage fiber.Storage
	// ErrorPage answers a refused form; nil answers plain text.
	ErrorPage func(c *fiber.Ctx, status int, title, msg string) error
}

// NewCSRF builds the CSRF middleware every page surface puts in front of its form routes: the
// token travels in the _csrf form field and a Lax cookie.
func NewCSRF(cfg CSRFConfig) fiber.Handler {
	return csrf.New(csrf.Config{
		KeyLookup:      "form:_csrf",
		CookieName:     "cc_csrf",
		CookieSameSite: "Lax",
		CookieSecure:   cfg.Secure,
		CookieHTTPOnly: true,
		Expiration:     2 * time.Hour,
		ContextKey:     CSRFContextKey,
		Storage:        cfg.Storage,
		ErrorHandler: func(c *fiber.Ctx, err error) error {
			const title = "This form has expired"
			const msg = "For your security the form could not be accepted. Go back, reload the page and submit again."
			if cfg.ErrorPage == nil {
				return c.Status(fiber.StatusForbidden).SendString(title + "\n\n" + msg + "\n")
			}
			return cfg.ErrorPage(c, fiber.StatusForbidden, title, msg)
		},
	})
}
