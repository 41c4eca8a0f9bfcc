package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"

	"github.com/gofiber/fiber/v2"
)

// ReadBody reads the request body into memory, refusing it with 413 after at most limit+1 bytes.
// The server streams bodies (fiber.Config.StreamRequestBody): until this runs, only the first few
// kilobytes have been read from the connection, so an oversized body costs at most limit bytes
// whether it announced its length or came chunked. A refused or unreadable body leaves bytes on
// the connection, so the connection is closed after the answer.
func ReadBody(c *fiber.Ctx, limit int) error {
	req := c.Request()
	if cl := req.Header.ContentLength(); cl > limit {
		CloseUnread(c)
		return fiber.ErrRequestEntityTooLarge
	}
	if !req.IsBodyStream() {
		if len(req.Body()) > limit {
			return fiber.ErrRequestEntityTooLarge
		}
		return nil
	}
	var buf bytes.Buffer
	if cl := req.Header.ContentLength(); cl > 0 {
		buf.Grow(cl)
	}
	n, err := io.Copy(&buf, io.LimitReader(c.Context().RequestBodyStream(), int64(limit)+1))
	if err != nil {
		CloseUnread(c)
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return fiber.ErrRequestTimeout
		}
		return fiber.NewError(fiber.StatusBadRequest, "The request body could not be read.")
	}
	if n > int64(limit) {
		CloseUnread(c)
		return fiber.ErrRequestEntityTooLarge
	}
	// The body is now in memory: handlers, form parsing and CSRF read it from there.
	req.SetBodyRaw(buf.Bytes())
	req.Header.SetContentLength(buf.Len())
	return nil
}

// CloseUnread closes the connection after the answer, when part of the request is left unread on
// it. A connection that supports it (internal/app's listener) first reads and throws away what the
// client is still sending, for a bounded time, so closing does not reset the connection under the
// client before it has read the answer.
func CloseUnread(c *fiber.Ctx) {
	c.Context().SetConnectionClose()
	if l, ok := c.Context().Conn().(interface{ LingerOnClose() }); ok {
		l.LingerOnClose()
	}
}

// JSONProblem says in plain words what is wrong with a request body that did not decode: the
// decoder's own messages name Go types ("cannot unmarshal array into Go value of type map…"),
// which mean nothing to a client and tell an attacker how the server is built.
func JSONProblem(err error) string {
	var syn *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return "the body is empty: send a JSON object"
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "the JSON ends too early (an unclosed object, array or string)"
	case errors.As(err, &syn):
		return fmt.Sprintf("malformed JSON at byte %d", syn.Offset)
	case errors.As(err, &te):
		if te.Field == "" {
			return "the body must be a JSON object, not " + jsonKind(te.Value)
		}
		return fmt.Sprintf("field %s must not be %s", te.Field, jsonKind(te.Value))
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return "unknown field " + strings.TrimPrefix(err.Error(), "json: unknown field ")
	}
	return "the body is not valid JSON"
}

// jsonKind names a JSON value kind as the decoder reports it ("array", "number 5", "string").
func jsonKind(v string) string {
	kind, _, _ := strings.Cut(v, " ")
	switch kind {
	case "array", "object", "string", "number", "bool":
		if kind == "bool" {
			return "a boolean"
		}
		if kind == "array" || kind == "object" {
			return "an " + kind
		}
		return "a " + kind
	}
	return "that kind of value"
}
