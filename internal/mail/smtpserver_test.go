package mail_test

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	netmail "net/mail"
	"net/textproto"
	"strings"
	"sync"
	"testing"
)

// received is one message the test server accepted.
type received struct {
	From string
	To   []string
	Data []byte
}

// smtpServer is a minimal SMTP server speaking the real protocol over TCP, so the production client
// library is exercised end to end. It can be told to refuse the next transactions with 451.
type smtpServer struct {
	ln net.Listener

	mu       sync.Mutex
	msgs     []received
	failNext int
	wg       sync.WaitGroup
}

// startSMTP starts a server on 127.0.0.1:0, stopped when the test ends.
func startSMTP(t *testing.T) *smtpServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &smtpServer{ln: ln}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s.wg.Add(1)
			go func() {
				defer s.wg.Done()
				s.serve(c)
			}()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		s.wg.Wait()
	})
	return s
}

// URL is an SMTP_URL for this server.
func (s *smtpServer) URL() string {
	return "smtp://" + s.ln.Addr().String() + "?tls=none&timeout=5s&from=" + "Claimcheck%20%3Cnoreply@example.com%3E"
}

// FailNext makes the next n transactions end with 451 after DATA.
func (s *smtpServer) FailNext(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failNext = n
}

// Messages returns a copy of what was accepted so far.
func (s *smtpServer) Messages() []received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]received(nil), s.msgs...)
}

// serve runs one SMTP session.
func (s *smtpServer) serve(c net.Conn) {
	defer c.Close()
	tp := textproto.NewConn(c)
	reply := func(format string, args ...any) bool { return tp.PrintfLine(format, args...) == nil }
	if !reply("220 test.local ESMTP ready") {
		return
	}
	var cur received
	for {
		line, err := tp.ReadLine()
		if err != nil {
			return
		}
		verb, arg, _ := strings.Cut(line, " ")
		switch strings.ToUpper(verb) {
		case "EHLO":
			if !reply("250-test.local greets you") || !reply("250-8BITMIME") || !reply("250 PIPELINING") {
				return
			}
		case "HELO":
			reply("250 test.local")
		case "MAIL":
			cur = received{From: addrOf(arg, "FROM:")}
			reply("250 2.1.0 OK")
		case "RCPT":
			cur.To = append(cur.To, addrOf(arg, "TO:"))
			reply("250 2.1.5 OK")
		case "DATA":
			if !reply("354 end data with <CR><LF>.<CR><LF>") {
				return
			}
			data, err := tp.ReadDotBytes()
			if err != nil {
				return
			}
			cur.Data = data
			s.mu.Lock()
			fail := s.failNext > 0
			if fail {
				s.failNext--
			} else {
				s.msgs = append(s.msgs, cur)
			}
			s.mu.Unlock()
			if fail {
				reply("451 4.3.0 try again later")
			} else {
				reply("250 2.0.0 queued")
			}
			cur = received{}
		case "RSET":
			cur = received{}
			reply("250 2.0.0 OK")
		case "NOOP":
			reply("250 2.0.0 OK")
		case "QUIT":
			reply("221 2.0.0 bye")
			return
		default:
			reply("502 5.5.2 command not implemented")
		}
	}
}

// addrOf extracts the address from "FROM:<a@b> SIZE=…".
func addrOf(arg, prefix string) string {
	arg = strings.TrimSpace(arg)
	if len(arg) >= len(prefix) && strings.EqualFold(arg[:len(prefix)], prefix) {
		arg = arg[len(prefix):]
	}
	if i := strings.IndexByte(arg, '>'); i >= 0 {
		arg = arg[:i]
	}
	return strings.TrimPrefix(strings.TrimSpace(arg), "<")
}

// parsed is a received message split into headers and its text and HTML parts.
type parsed struct {
	Header netmail.Header
	Text   string
	HTML   string
}

// parseMessage decodes a received message, walking multipart bodies and undoing transfer encodings.
func parseMessage(t *testing.T, data []byte) parsed {
	t.Helper()
	m, err := netmail.ReadMessage(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("parse message: %v", err)
	}
	p := parsed{Header: m.Header}
	walkPart(t, textproto.MIMEHeader(m.Header), m.Body, &p)
	return p
}

// walkPart collects the text/plain and text/html leaves of a MIME tree.
func walkPart(t *testing.T, h textproto.MIMEHeader, body io.Reader, p *parsed) {
	t.Helper()
	mt, params, err := mime.ParseMediaType(h.Get("Content-Type"))
	if err != nil {
		t.Fatalf("content type %q: %v", h.Get("Content-Type"), err)
	}
	if strings.HasPrefix(mt, "multipart/") {
		r := multipart.NewReader(body, params["boundary"])
		for {
			part, err := r.NextRawPart()
			if err == io.EOF {
				return
			}
			if err != nil {
				t.Fatalf("multipart: %v", err)
			}
			walkPart(t, part.Header, part, p)
		}
	}
	var r io.Reader = body
	switch strings.ToLower(h.Get("Content-Transfer-Encoding")) {
	case "quoted-printable":
		r = quotedPrintable(body)
	case "base64":
		r = base64Reader(body)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("read %s part: %v", mt, err)
	}
	switch mt {
	case "text/plain":
		p.Text = string(b)
	case "text/html":
		p.HTML = string(b)
	default:
		t.Fatalf("unexpected part %s", mt)
	}
}

// describe summarises messages for failure output.
func describe(ms []received) string {
	var b strings.Builder
	for _, m := range ms {
		sc := bufio.NewScanner(bytes.NewReader(m.Data))
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "Subject:") {
				fmt.Fprintf(&b, "%s -> %v: %s\n", m.From, m.To, sc.Text())
			}
		}
	}
	return b.String()
}

// quotedPrintable decodes a quoted-printable part.
func quotedPrintable(r io.Reader) io.Reader { return quotedprintable.NewReader(r) }

// base64Reader decodes a base64 part, whose lines are wrapped.
func base64Reader(r io.Reader) io.Reader { return base64.NewDecoder(base64.StdEncoding, r) }
