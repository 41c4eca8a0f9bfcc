package web_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a-h/templ"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/gofiber/fiber/v2"
)

// pageOf is a page of n bytes whose every line names the page, so an answer that carried
// another answer's bytes (a render buffer reused too early) cannot pass for it.
func pageOf(name string, n int) string {
	var b strings.Builder
	for b.Len() < n {
		fmt.Fprintf(&b, "<p>%s %d</p>\n", name, b.Len())
	}
	return b.String()
}

// TestRenderWholePagesOverPooledBuffers serves pages of several sizes (one larger than the
// buffers kept for reuse) from pooled render buffers to concurrent keep-alive clients, and
// checks that every answer is its own page, whole, with its length, status and cache header,
// that HEAD answers carry no body, and that a page whose render fails is a 500 with none of it.
func TestRenderWholePagesOverPooledBuffers(t *testing.T) {
	sizes := map[string]int{"tiny": 40, "claim": 30 << 10, "big": 120 << 10, "huge": 400 << 10}
	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	app.Get("/page/:name", func(c *fiber.Ctx) error {
		name := c.Params("name")
		body := pageOf(name, sizes[name])
		page := templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
			_, err := io.WriteString(w, body)
			return err
		})
		if c.Query("private") != "" {
			return web.RenderNoStore(c, fiber.StatusCreated, page)
		}
		return web.Render(c, fiber.StatusOK, page)
	})
	app.Get("/broken", func(c *fiber.Ctx) error {
		return web.Render(c, fiber.StatusOK, templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
			_, _ = io.WriteString(w, "<p>half a page</p>")
			return errors.New("template failed")
		}))
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = app.Listener(ln) }()
	base := "http://" + ln.Addr().String()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 8}}
	defer func() {
		// The server's shutdown waits for open connections, the client's idle ones included.
		client.CloseIdleConnections()
		_ = app.ShutdownWithTimeout(5 * time.Second)
	}()

	type answer struct {
		status int
		length string
		cache  string
		body   string
	}
	get := func(method, path string) (answer, error) {
		req, err := http.NewRequest(method, base+path, nil)
		if err != nil {
			return answer{}, err
		}
		resp, err := client.Do(req)
		if err != nil {
			return answer{}, err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		return answer{resp.StatusCode, resp.Header.Get("Content-Length"), resp.Header.Get("Cache-Control"), string(b)}, err
	}

	names := []string{"tiny", "claim", "big", "huge"}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 60 {
				name := names[(w+i)%len(names)]
				private := (w+i)%3 == 0
				path := "/page/" + name
				wantStatus, wantCache := http.StatusOK, ""
				if private {
					path += "?private=1"
					wantStatus, wantCache = http.StatusCreated, "no-store"
				}
				want := pageOf(name, sizes[name])
				a, err := get(http.MethodGet, path)
				switch {
				case err != nil:
					errs <- err
					return
				case a.status != wantStatus || a.cache != wantCache:
					errs <- fmt.Errorf("GET %s: status %d, Cache-Control %q; want %d, %q", path, a.status, a.cache, wantStatus, wantCache)
					return
				case a.body != want || a.length != strconv.Itoa(len(want)):
					errs <- fmt.Errorf("GET %s: %d bytes (Content-Length %s) not the page of %d bytes", path, len(a.body), a.length, len(want))
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}

	for _, tc := range []struct {
		method, path string
		status       int
		length       string
		body         string
	}{
		{http.MethodHead, "/page/claim", http.StatusOK, strconv.Itoa(len(pageOf("claim", sizes["claim"]))), ""},
		{http.MethodGet, "/page/tiny", http.StatusOK, strconv.Itoa(len(pageOf("tiny", sizes["tiny"]))), pageOf("tiny", sizes["tiny"])},
	} {
		a, err := get(tc.method, tc.path)
		if err != nil {
			t.Fatal(err)
		}
		if a.status != tc.status || a.length != tc.length || a.body != tc.body {
			t.Errorf("%s %s: status %d, Content-Length %s, %d bytes; want %d, %s, %d bytes", tc.method, tc.path, a.status, a.length, len(a.body), tc.status, tc.length, len(tc.body))
		}
	}
	a, err := get(http.MethodGet, "/broken")
	if err != nil {
		t.Fatal(err)
	}
	if a.status != http.StatusInternalServerError || strings.Contains(a.body, "half a page") {
		t.Errorf("failed render: status %d, body %q; want 500 without the half-rendered page", a.status, a.body)
	}
}
