package app_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/claimcheck/claimcheck/internal/testdb"
)

// navState reads whether the header's links and its Menu button are displayed, and the menu's
// checkbox state.
const navState = `(function () {
	var shown = function (el) { return !!el && getComputedStyle(el).display !== 'none' && el.getBoundingClientRect().height > 0; };
	return [shown(document.getElementById('site-nav')), shown(document.querySelector('[data-testid="nav-menu-button"]')),
		document.getElementById('nav-toggle').checked, document.documentElement.scrollWidth];
})()`

// TestBrowserNavMenuButton: at 375 px the header shows a Menu button instead of wrapping its
// links over three rows; the button (a label of a checkbox: CSS only, no script) opens the links
// by pointer and keyboard, and at 1280 px the links show without it.
func TestBrowserNavMenuButton(t *testing.T) {
	for _, d := range testdb.Dialects() {
		t.Run(string(d), func(t *testing.T) {
			s := startServer(t, testdb.Open(t, d), nil)
			ctx := browser(t)
			want := func(step string, nav, button, checked bool) {
				t.Helper()
				st, err := chromedp.Run(ctx, chromedp.Evaluate[[]any](navState))
				if err != nil {
					t.Fatalf("%s: %v", step, err)
				}
				if st[0] != nav || st[1] != button || st[2] != checked {
					t.Errorf("%s: nav shown %v, menu button shown %v, open %v; want %v, %v, %v", step, st[0], st[1], st[2], nav, button, checked)
				}
			}
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(375, 800), chromedp.Navigate(s.base+"/"), chromedp.WaitVisible(`[data-testid="nav-menu-button"]`)); err != nil {
				t.Fatal(err)
			}
			want("375 px, closed", false, true, false)
			hdr, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`document.querySelector('.site-header').getBoundingClientRect().height`))
			if err != nil || hdr > 90 {
				t.Errorf("the closed header is %v px tall at 375 px, want one row (%v)", hdr, err)
			}
			if err := chromedp.Do(ctx, chromedp.Click(`[data-testid="nav-menu-button"]`), chromedp.WaitVisible(`#site-nav a[href="/pricing"]`)); err != nil {
				t.Fatalf("open the menu: %v", err)
			}
			want("375 px, opened by pointer", true, true, true)
			// The keyboard reaches the checkbox behind the button; Space closes the menu again.
			if err := chromedp.Do(ctx, chromedp.Focus(`#nav-toggle`), chromedp.KeyEvent(" "), chromedp.WaitNotVisible(`#site-nav`)); err != nil {
				t.Fatalf("close the menu by keyboard: %v", err)
			}
			want("375 px, closed by keyboard", false, true, false)
			if err := chromedp.Do(ctx, chromedp.Click(`[data-testid="nav-menu-button"]`), chromedp.Click(`#site-nav a[href="/pricing"]`),
				chromedp.WaitVisible(`[data-testid="nav-menu-button"]`)); err != nil {
				t.Fatalf("follow a menu link: %v", err)
			}
			if loc := text(t, ctx, chromedp.Location()); !strings.HasSuffix(loc, "/pricing") {
				t.Errorf("the menu's Pricing link led to %s", loc)
			}
			want("375 px, next page", false, true, false)

			if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(s.base+"/"), chromedp.WaitVisible(`#site-nav`)); err != nil {
				t.Fatal(err)
			}
			want("1280 px", true, false, false)
		})
	}
}
