package app_test

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/claimcheck/claimcheck/internal/datasets"
	"github.com/claimcheck/claimcheck/internal/datasets/datasetstest"
	"github.com/claimcheck/claimcheck/internal/testdb"
)

// browser starts headless Chromium, or skips the test with the reason when none is installed.
func browser(t *testing.T) context.Context {
	t.Helper()
	return browserWithin(t, 90*time.Second)
}

// browserWithin is browser for a test whose steps together may take up to limit.
func browserWithin(t *testing.T, limit time.Duration) context.Context {
	t.Helper()
	path := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		t.Skip("browser test skipped: no chromium on PATH (install it with `apt-get install chromium`; .ci/run does)")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.UserDataDir(t.TempDir()),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelCtx(); cancelAlloc() })
	// The first run starts the browser and must not carry a timeout (it would stop the browser);
	// later steps get one from the returned context.
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	tctx, cancelTimeout := context.WithTimeout(ctx, limit)
	t.Cleanup(cancelTimeout)
	return tctx
}

// text runs one value-returning action, failing the test on error.
func text(t *testing.T, ctx context.Context, a chromedp.Action[string]) string {
	t.Helper()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		t.Fatalf("browser: %v", err)
	}
	return v
}

// TestBrowserChecksAClaim submits the home-page form in a real browser and reads the result page.
func TestBrowserChecksAClaim(t *testing.T) {
	for _, d := range testdb.Dialects() {
		t.Run(string(d), func(t *testing.T) {
			ctx := browser(t)
			s := startServer(t, testdb.Open(t, d), nil)
			err := chromedp.Do(ctx,
				chromedp.Navigate(s.base+"/"),
				chromedp.WaitVisible(`[data-testid="claim-form"]`),
				chromedp.SendKeys(`textarea[name="claim"]`, "Aşılar otizme neden olur"),
				chromedp.SendKeys(`input[name="source_url"]`, "https://www.reuters.com/health/vaccines"),
				chromedp.Submit(`[data-testid="claim-form"]`),
				chromedp.WaitVisible(`[data-testid="verdict-badge"]`),
			)
			if err != nil {
				t.Fatalf("submit the form: %v", err)
			}
			location := text(t, ctx, chromedp.Location())
			title := text(t, ctx, chromedp.Title())
			verdict := text(t, ctx, chromedp.Text(`[data-testid="verdict-badge"]`))
			score := text(t, ctx, chromedp.Text(`[data-testid="score"]`))
			source := text(t, ctx, chromedp.Text(`[data-testid="subscore-source"]`))
			used := text(t, ctx, chromedp.Text(`[data-testid="match-used"]`))
			if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/claims"), chromedp.WaitVisible(`[data-testid="history-item"]`)); err != nil {
				t.Fatalf("history: %v", err)
			}
			history := text(t, ctx, chromedp.Text(`[data-testid="history-item"]`))
			if !strings.Contains(location, "/claims/") {
				t.Errorf("after submit the browser is at %s, want a claim page", location)
			}
			if !strings.Contains(verdict, "Yanlış") {
				t.Errorf("verdict badge %q, want Yanlış from the starter fact-check", verdict)
			}
			if !strings.Contains(score, "10") {
				t.Errorf("score %q, want 10 (the fact-check's false rating)", score)
			}
			wantSource := []string{"100", "reuters.com"}
			if !datasetstest.Installed(t, datasets.DomainRatings) {
				wantSource = []string{"Not assessed", "ratings are not installed"}
			}
			if !strings.Contains(source, wantSource[0]) || !strings.Contains(source, wantSource[1]) {
				t.Errorf("source sub-score %q, want %q", source, wantSource)
			}
			if !strings.Contains(strings.ToLower(used), "verdict taken from this") {
				t.Errorf("the matched fact-check is not shown as the verdict's basis: %q", used)
			}
			if !strings.Contains(history, "Aşılar otizme neden olur") {
				t.Errorf("history item %q lacks the claim", history)
			}
			if !strings.Contains(title, "Claimcheck") {
				t.Errorf("page title %q does not name the service", title)
			}
		})
	}
}
