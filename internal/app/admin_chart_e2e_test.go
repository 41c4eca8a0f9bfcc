package app_test

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/testdb"
)

// TestBrowserAdminChartLabelsReadableOnPhones: on a 375 px screen every label of the console's
// charts (bar labels and axis values) renders at 12 px or more, none is cut by the chart's edge,
// and at 1280 px they stay a normal size (not blown up).
func TestBrowserAdminChartLabelsReadableOnPhones(t *testing.T) {
	ctx := browser(t)
	s := startServer(t, testdb.Open(t, database.SQLite), nil)
	const email, password = "charts-admin@example.org", "kirmizi-Balon-42-uçuyor"
	if _, err := s.app.Accounts.CreateAdmin(context.Background(), email, "Chart Admin", password); err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	for i, v := range []string{"dogru", "kismen", "yanlis", "yanlis", "belirsiz"} {
		apptest.SeedClaim(t, s.app.Stores, "Claim "+v+string(rune('a'+i)), v, "health", now.Add(-time.Duration(i)*48*time.Hour))
	}
	if err := logIn(ctx, s.base, email, password); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		width      int64
		minPx, max float64
	}{{375, 12, 20}, {1280, 12, 24}} {
		err := chromedp.Do(ctx,
			chromedp.EmulateViewport(tc.width, 900),
			chromedp.Navigate(s.base+"/admin"),
			chromedp.WaitVisible(`[data-testid="daily-chart"] svg`),
		)
		if err != nil {
			t.Fatalf("%d px: %v", tc.width, err)
		}
		got, err := chromedp.Run(ctx, chromedp.Evaluate[[]any](`(() => {
				const out = [];
				for (const svg of document.querySelectorAll('.admin .chart__svg')) {
					const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
					const box = svg.getBoundingClientRect();
					for (const t of svg.querySelectorAll('text')) {
						const r = t.getBoundingClientRect();
						out.push([t.textContent, parseFloat(getComputedStyle(t).fontSize) * scale,
							r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5]);
					}
				}
				return out;
			})()`))
		if err != nil {
			t.Fatalf("%d px: %v", tc.width, err)
		}
		if len(got) < 8 {
			t.Fatalf("%d px: %d chart labels, want the axis values and bar labels of both charts", tc.width, len(got))
		}
		for _, g := range got {
			l := g.([]any)
			px, inside := l[1].(float64), l[2].(bool)
			if px < tc.minPx || px > tc.max {
				t.Errorf("%d px wide: label %q renders at %.1f px, want %.0f–%.0f", tc.width, l[0], px, tc.minPx, tc.max)
			}
			if !inside {
				t.Errorf("%d px wide: label %q is cut by the chart's edge", tc.width, l[0])
			}
		}
	}
}
