package mail

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"net/url"
	"strconv"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Envelope is what a Sender delivers: one outbox row's content and its stable identity.
type Envelope struct {
	// ID is the outbox row id; it becomes the Message-ID so a duplicate delivery is recognisable.
	ID string
	// To is the recipient.
	To string
	// Subject is the subject line.
	Subject string
	// Text is the plain-text part.
	Text string
	// HTML is the HTML part, empty for text-only mail.
	HTML string
}

// Sender delivers one mail; the worker depends on this interface so tests can swap transports.
type Sender interface {
	// Send delivers e or returns why not; ctx bounds the whole SMTP transaction.
	Send(ctx context.Context, e Envelope) error
}

// ErrPermanent marks failures that retrying cannot fix (e.g. an unparsable address); the worker
// gives up on such a mail at once instead of spending its whole backoff schedule.
var ErrPermanent = errors.New("permanent mail failure")

// TLSMode says how the SMTP connection is encrypted.
type TLSMode string

const (
	// TLSStartTLS upgrades a plain connection with STARTTLS and refuses to continue without it.
	TLSStartTLS TLSMode = "starttls"
	// TLSImplicit speaks TLS from the first byte (SMTPS, usually port 465).
	TLSImplicit TLSMode = "tls"
	// TLSNone sends in clear text, for a local relay or a test server only.
	TLSNone TLSMode = "none"
)

// SMTPConfig is the parsed SMTP_URL.
type SMTPConfig struct {
	// Host is the server name, also used to verify its certificate.
	Host string
	// Port defaults by TLS mode: 587 for starttls, 465 for tls, 25 for none.
	Port int
	// Username and Password enable SMTP AUTH when Username is set.
	Username string
	// Password is the SMTP AUTH password.
	Password string
	// From is the sender address with optional display name.
	From string
	// TLS is the encryption mode.
	TLS TLSMode
	// Timeout bounds connecting and each SMTP command.
	Timeout time.Duration
}

// ParseSMTPURL reads smtp://user:pass@host:port?from=Name%20<addr>&tls=starttls|tls|none&timeout=30s.
// from is required because a mail without a valid sender is rejected by every serious server.
func ParseSMTPURL(raw string) (SMTPConfig, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return SMTPConfig{}, fmt.Errorf("SMTP_URL: %w", err)
	}
	if u.Scheme != "smtp" && u.Scheme != "smtps" {
		return SMTPConfig{}, fmt.Errorf("SMTP_URL: scheme %q, want smtp:// or smtps://", u.Scheme)
	}
	c := SMTPConfig{Host: u.Hostname(), TLS: TLSStartTLS, Timeout: 30 * time.Second}
	if c.Host == "" {
		return SMTPConfig{}, errors.New("SMTP_URL: no host")
	}
	if u.Scheme == "smtps" {
		c.TLS = TLSImplicit
	}
	q := u.Query()
	if t := q.Get("tls"); t != "" {
		switch TLSMode(t) {
		case TLSStartTLS, TLSImplicit, TLSNone:
			c.TLS = TLSMode(t)
		default:
			return SMTPConfig{}, fmt.Errorf("SMTP_URL: tls=%q, want starttls, tls or none", t)
		}
	}
	if p := u.Port(); p != "" {
		if c.Port, err = strconv.Atoi(p); err != nil || c.Port < 1 || c.Port > 65535 {
			return SMTPConfig{}, fmt.Errorf("SMTP_URL: bad port %q", p)
		}
	} else {
		c.Port = map[TLSMode]int{TLSStartTLS: 587, TLSImplicit: 465, TLSNone: 25}[c.TLS]
	}
	if u.User != nil {
		c.Username = u.User.Username()
		c.Password, _ = u.User.Password()
	}
	c.From = q.Get("from")
	if _, err := mail.ParseAddress(c.From); err != nil {
		return SMTPConfig{}, fmt.Errorf("SMTP_URL: from=%q: %w", c.From, err)
	}
	if t := q.Get("timeout"); t != "" {
		if c.Timeout, err = time.ParseDuration(t); err != nil || c.Timeout <= 0 {
			return SMTPConfig{}, fmt.Errorf("SMTP_URL: bad timeout %q", t)
		}
	}
	return c, nil
}

// SMTPSender delivers mail with github.com/wneessen/go-mail, one connection per mail: the outbox
// sends little mail, and a fresh connection never inherits a broken session.
type SMTPSender struct {
	cfg  SMTPConfig
	opts []gomail.Option
}

// NewSMTPSender checks cfg and prepares the client options.
func NewSMTPSender(cfg SMTPConfig) (*SMTPSender, error) {
	opts := []gomail.Option{gomail.WithPort(cfg.Port), gomail.WithTimeout(cfg.Timeout)}
	switch cfg.TLS {
	case TLSStartTLS:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	case TLSImplicit:
		opts = append(opts, gomail.WithSSL())
	case TLSNone:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	default:
		return nil, fmt.Errorf("smtp: unknown TLS mode %q", cfg.TLS)
	}
	if cfg.Username != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(cfg.Username), gomail.WithPassword(cfg.Password))
	}
	// Validate the options once now, so a bad configuration fails at startup, not per mail.
	if _, err := gomail.NewClient(cfg.Host, opts...); err != nil {
		return nil, fmt.Errorf("smtp: client for %s: %w", cfg.Host, err)
	}
	return &SMTPSender{cfg: cfg, opts: opts}, nil
}

// Send delivers e as multipart/alternative (text first, so clients prefer HTML) or text-only.
func (s *SMTPSender) Send(ctx context.Context, e Envelope) error {
	m := gomail.NewMsg()
	if err := m.From(s.cfg.From); err != nil {
		return fmt.Errorf("smtp: from %q: %w: %w", s.cfg.From, ErrPermanent, err)
	}
	if err := m.To(e.To); err != nil {
		return fmt.Errorf("smtp: to %q: %w: %w", e.To, ErrPermanent, err)
	}
	m.Subject(e.Subject)
	m.SetMessageIDWithValue("outbox." + e.ID + "@claimcheck")
	m.SetDate()
	m.SetBodyString(gomail.TypeTextPlain, e.Text)
	if e.HTML != "" {
		m.AddAlternativeString(gomail.TypeTextHTML, e.HTML)
	}
	c, err := gomail.NewClient(s.cfg.Host, s.opts...)
	if err != nil {
		return fmt.Errorf("smtp: client for %s: %w", s.cfg.Host, err)
	}
	if err := c.DialAndSendWithContext(ctx, m); err != nil {
		return fmt.Errorf("smtp: send to %s via %s:%d: %w", e.To, s.cfg.Host, s.cfg.Port, err)
	}
	return nil
}
