package app

import (
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/gofiber/fiber/v2"
)

// ReadBufferSize bounds a request's first line and headers together. 32 KB fits the longest URL
// the grammar advertises (an `id=in.(…)` list of 500 UUIDs is about 19 KB) with room for headers;
// more gets 431 (README "Limits").
const ReadBufferSize = 32 << 10

// localReached marks a request that got past the server's own parsing into the middleware, so the
// error handler can tell a request it could not even read (always the client's doing) from an
// error inside a handler.
const localReached = "app.reached"

// largeBody is a route that reads its own, larger body after its own access checks (the admin
// fact-check upload): limitBody only checks its announced length against limit.
type largeBody struct {
	method, path string
	limit        int
}

// limitBody holds every request body to limit while reading it, before any handler runs; the
// server streams bodies, so a refused one costs at most limit bytes, announced or chunked. The
// routes in large read their bodies themselves (web.ReadBody) once they know who is asking.
// Compressed request bodies are refused: fiber would inflate them without a bound.
func limitBody(limit int, large ...largeBody) fiber.Handler {
	return func(c *fiber.Ctx) error {
		c.Locals(localReached, true)
		req := c.Request()
		if ce := strings.TrimSpace(c.Get(fiber.HeaderContentEncoding)); ce != "" && !strings.EqualFold(ce, "identity") {
			web.CloseUnread(c)
			return fiber.NewError(fiber.StatusUnsupportedMediaType, "Compressed request bodies (Content-Encoding) are not accepted.")
		}
		own := false
		for _, l := range large {
			if c.Method() == l.method && c.Path() == l.path {
				limit, own = l.limit, true
				break
			}
		}
		if own {
			if req.Header.ContentLength() > limit {
				web.CloseUnread(c)
				return fiber.ErrRequestEntityTooLarge
			}
		} else if err := web.ReadBody(c, limit); err != nil {
			return err
		}
		err := c.Next()
		if req.IsBodyStream() {
			// The route answered without reading its body (refused before it): what is left on the
			// connection is not a next request.
			web.CloseUnread(c)
		}
		return err
	}
}

// Lingering bounds what a connection closed with part of a request unread reads and discards
// before it closes: enough for a client streaming a body it was refused to reach its end or give
// up, and no more.
const (
	lingerTime  = 5 * time.Second
	lingerBytes = 64 << 20
)

// LingerListener wraps ln so that a connection closed with part of a request unread (a refused
// body, see web.CloseUnread) closes the way RFC 9112 §9.6 asks: the answer is sent, the sending
// side is shut, and what the client still sends is read and discarded for up to lingerTime before
// the connection is closed. Closing at once would reset the connection while the client is still
// sending, and a reset can discard the answer before the client reads it. Discarding costs no
// memory beyond a shared copy buffer.
func LingerListener(ln net.Listener) net.Listener { return lingerListener{ln} }

// lingerListener hands out lingerConns.
type lingerListener struct{ net.Listener }

// Accept wraps the next connection.
func (l lingerListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &lingerConn{Conn: c}, nil
}

// lingerConn is a connection that lingers on Close once asked to.
type lingerConn struct {
	net.Conn
	linger atomic.Bool
}

// LingerOnClose makes the next Close linger (web.CloseUnread calls it).
func (c *lingerConn) LingerOnClose() { c.linger.Store(true) }

// Close closes at once, or shuts the sending side and drains in the background when asked to linger.
func (c *lingerConn) Close() error {
	if !c.linger.Load() {
		return c.Conn.Close()
	}
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		_ = cw.CloseWrite()
	}
	go func() {
		_ = c.Conn.SetReadDeadline(time.Now().Add(lingerTime))
		_, _ = io.CopyN(io.Discard, c.Conn, lingerBytes)
		_ = c.Conn.Close()
	}()
	return nil
}

// securityHeaders sets the headers every answer should carry. Strict-Transport-Security goes out
// whenever the service is https: its public address is, the connection is TLS, or (with
// TRUST_PROXY) the proxy says the request came over https.
func securityHeaders(baseURL string, trustProxy bool, hstsMaxAge time.Duration) fiber.Handler {
	https := strings.HasPrefix(baseURL, "https://")
	hsts := "max-age=" + strconv.FormatInt(int64(hstsMaxAge/time.Second), 10) + "; includeSubDomains"
	return func(c *fiber.Ctx) error {
		c.Set("X-Content-Type-Options", "nosniff")
		c.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		c.Set("X-Frame-Options", "DENY")
		c.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'self'; form-action 'self' https://checkout.stripe.com https://billing.stripe.com")
		if hstsMaxAge > 0 && (https || c.Context().IsTLS() || (trustProxy && strings.EqualFold(c.Get(fiber.HeaderXForwardedProto), "https"))) {
			c.Set(fiber.HeaderStrictTransportSecurity, hsts)
		}
		return c.Next()
	}
}

// clientStatus is what a request the server could not read is answered with: the client's fault
// every time (fiber reports a broken connection as 502, an unparsable request as 400 with the
// parser's text, which quotes the request back). The message is ours, never the parser's.
func clientStatus(status int) (int, string) {
	switch status {
	case fiber.StatusRequestEntityTooLarge:
		return status, "The request body is too large."
	case fiber.StatusRequestHeaderFieldsTooLarge:
		return status, "The request URL and headers are too long: together they may take at most " + strconv.Itoa(ReadBufferSize>>10) + " KB."
	case fiber.StatusRequestTimeout:
		return status, "The request took too long to arrive."
	case fiber.StatusMethodNotAllowed:
		return status, "This method is not allowed here."
	}
	return fiber.StatusBadRequest, "The request could not be read: it is not well-formed HTTP."
}

// errorMessage is the text an answer with status gives when the error carried no message of ours.
func errorMessage(status int, msg string) string {
	switch {
	case status >= 500:
		// Whatever went wrong is in the log; the client learns nothing about the inside.
		return "Something went wrong on our side."
	case status == fiber.StatusRequestEntityTooLarge:
		return "The request body is too large."
	case msg == "":
		return http.StatusText(status)
	}
	return msg
}
