package layouts

import "context"

// Viewer is the logged-in person as the header shows them. It travels in the request context
// rather than in Page, so every page gets the account links without each handler filling them in.
type Viewer struct {
	// Name is shown next to the account link; empty falls back to "Account".
	Name string
	// CSRF returns the token for the header's log-out form. It is a function because the csrf
	// middleware may run after the session middleware has built the Viewer.
	CSRF func() string
	// Admin adds the console link to the header; only administrators may open /admin.
	Admin bool
	// Expert adds the review queue link to the header; experts (and administrators) may open
	// /review.
	Expert bool
}

// viewerKey is the context key of the Viewer; unexported so only this package can set it.
type viewerKey struct{}

// WithViewer returns ctx carrying v, for the session middleware.
func WithViewer(ctx context.Context, v Viewer) context.Context {
	return context.WithValue(ctx, viewerKey{}, v)
}

// ViewerFrom returns the logged-in viewer in ctx; ok is false for anonymous visitors.
func ViewerFrom(ctx context.Context) (Viewer, bool) {
	v, ok := ctx.Value(viewerKey{}).(Viewer)
	return v, ok
}

// csrfOf is the viewer's CSRF token, or "" when no csrf middleware runs (tests).
func csrfOf(v Viewer) string {
	if v.CSRF == nil {
		return ""
	}
	return v.CSRF()
}
