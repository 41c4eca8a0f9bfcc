package app_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/models"
)

// axeWidths are the viewport widths every page is checked at: a laptop and a small phone.
var axeWidths = []int64{1280, 375}

// axeSource is axe-core's browser build from compat/axe (pinned by its package-lock.json), or
// skips the test saying how to install it.
func axeSource(t *testing.T) string {
	t.Helper()
	path := filepath.Join("..", "..", "compat", "axe", "node_modules", "axe-core", "axe.min.js")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("accessibility test skipped: %s is missing (run `npm ci --prefix compat/axe`; .ci/run does)", path)
	}
	return string(b)
}

// axePage is one page the accessibility test opens.
type axePage struct {
	// name says what the page is in failures.
	name string
	// path is opened directly; act, when set, reaches the page instead (a form's answer).
	path string
	act  func(ctx context.Context, base string) error
}

// axeReport is what one axe run and the layout check found on a page, one line per problem.
func axeReport(ctx context.Context, src string, width int64) ([]string, error) {
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](src+";\ntypeof window.axe === 'object'")); err != nil {
		return nil, fmt.Errorf("inject axe: %w", err)
	}
	// Runs every rule axe applies by default (WCAG 2.x A and AA and best practices); each failing
	// node is named by its selector and the start of its HTML so the line says where to look.
	lines, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`axe.run(document, {resultTypes: ['violations']}).then(function (r) {
		return r.violations.map(function (v) {
			return v.id + ' (' + v.impact + '): ' + v.help + ' — ' + v.nodes.slice(0, 6).map(function (n) {
				return n.target.join(' ') + ' ' + n.html.replace(/\s+/g, ' ').slice(0, 140);
			}).join(' | ') + (v.nodes.length > 6 ? ' | … ' + (v.nodes.length - 6) + ' more' : '');
		});
	})`, chromedp.EvalAwaitPromise))
	if err != nil {
		return nil, fmt.Errorf("run axe: %w", err)
	}
	// Nothing may scroll sideways: the document is never wider than the viewport.
	sw, err := chromedp.Run(ctx, chromedp.Evaluate[int64](`document.documentElement.scrollWidth`))
	if err != nil {
		return nil, fmt.Errorf("measure: %w", err)
	}
	if sw > width {
		wide, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll('body *')).filter(function (el) {
			var r = el.getBoundingClientRect(); return r.right > `+fmt.Sprint(width)+` + 0.5 && r.width > 0;
		}).slice(0, 5).map(function (el) { return el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).trim().split(/\s+/).join('.') : '') + ' right=' + Math.round(el.getBoundingClientRect().right); })`))
		lines = append(lines, fmt.Sprintf("scrolls sideways: document is %d px wide at %d px (%s)", sw, width, strings.Join(wide, ", ")))
	}
	return lines, nil
}

// checkAxe opens each page at every width and fails listing what axe and the layout check found.
func checkAxe(t *testing.T, ctx context.Context, base, src string, pages []axePage) {
	t.Helper()
	for _, w := range axeWidths {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 900)); err != nil {
			t.Fatalf("viewport %d: %v", w, err)
		}
		for _, p := range pages {
			step, cancel := context.WithTimeout(ctx, 45*time.Second)
			var err error
			if p.act != nil {
				err = p.act(step, base)
			} else {
				err = chromedp.Do(step, chromedp.Navigate(base+p.path), chromedp.WaitReady(`body`))
			}
			if err != nil {
				cancel()
				t.Errorf("%s at %d px: open: %v", p.name, w, err)
				continue
			}
			lines, err := axeReport(step, src, w)
			cancel()
			if err != nil {
				t.Errorf("%s at %d px: %v", p.name, w, err)
				continue
			}
			for _, l := range lines {
				t.Errorf("%s at %d px: %s", p.name, w, l)
			}
		}
	}
}

// logIn signs in through the login form and waits for the account link in the header.
func logIn(ctx context.Context, base, email, password string) error {
	return chromedp.Do(ctx,
		chromedp.Navigate(base+"/login"),
		chromedp.WaitVisible(`input[name="email"]`),
		chromedp.SendKeys(`input[name="email"]`, email),
		chromedp.SendKeys(`input[name="password"]`, password),
		chromedp.Click(`[data-testid="submit"]`),
		chromedp.WaitReady(`[data-testid="nav-account"]`),
	)
}

// logOut submits the header's log-out form and waits for the log-in link.
func logOut(ctx context.Context) error {
	return chromedp.Do(ctx,
		chromedp.Submit(`[data-testid="logout-form"]`),
		chromedp.WaitReady(`[data-testid="nav-login"]`),
	)
}

// browserPeople signs up a verified developer on the Enterprise plan (the new-key page is opened
// once per width, so the plan must allow two more keys) and a verified expert, returning each
// role's e-mail and password and its user id. A language other than "" is kept on both accounts.
func browserPeople(t *testing.T, s *server, d database.Dialect, language string) (map[models.Role][2]string, map[models.Role]string) {
	t.Helper()
	bg := t.Context()
	people := map[models.Role][2]string{
		models.RoleUser:   {"gelistirici-" + string(d) + "@example.com", "mavi-Deniz-2026-kumsal"},
		models.RoleExpert: {"uzman-" + string(d) + "@university.example", "tarih-Uzmani-1769-Korsika"},
	}
	ids := map[models.Role]string{}
	for role, cred := range people {
		u, _, err := s.app.Accounts.SignUp(bg, cred[0], cred[1], "Elif Demir")
		if err != nil {
			t.Fatal(err)
		}
		if err := s.app.Stores.Accounts.MarkEmailVerified(bg, u.ID, u.CreatedAt); err != nil {
			t.Fatal(err)
		}
		if err := s.app.Accounts.SetRole(bg, u.ID, role); err != nil {
			t.Fatal(err)
		}
		if language != "" {
			if err := s.app.Stores.Accounts.SetLanguage(bg, u.ID, language, time.Now().UTC()); err != nil {
				t.Fatal(err)
			}
		}
		ids[role] = u.ID
	}
	enterprise, err := s.app.Stores.Plans.BySlug(bg, "enterprise")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.app.Stores.Accounts.SetPlan(bg, ids[models.RoleUser], &enterprise.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	return people, ids
}

// createKey is the browser action that creates an API key named name on the dashboard and
// waits for the page that shows it once.
func createKey(name string) func(context.Context, string) error {
	return func(ctx context.Context, base string) error {
		return chromedp.Do(ctx,
			chromedp.Navigate(base+"/account"),
			chromedp.WaitVisible(`[data-testid="create-key-form"]`),
			chromedp.SetValue(`[data-testid="create-key-form"] input[name="name"]`, name),
			chromedp.Click(`[data-testid="create-key"]`),
			chromedp.WaitVisible(`[data-testid="new-key"]`),
		)
	}
}
