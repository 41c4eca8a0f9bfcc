package webhooks

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"

	"github.com/claimcheck/claimcheck/internal/validation"
)

// MaxURLLength caps a receiver URL.
const MaxURLLength = 2048

// resolveTimeout bounds the DNS lookup of a URL being registered.
const resolveTimeout = 5 * time.Second

// ErrRefusedAddress marks a dial refused because the address is not on the public internet.
var ErrRefusedAddress = errors.New("address is not public")

// blockedPrefixes are ranges no webhook may reach, beyond what netip's predicates cover: shared
// carrier-grade NAT space, "this network", benchmarking, reserved and broadcast addresses, the
// deprecated 6to4 relay anycast block, the deprecated IPv4-compatible IPv6 block (::a.b.c.d, which
// no host uses any more), local-use NAT64 (translated inside one network), deprecated site-local
// IPv6, and documentation ranges.
var blockedPrefixes = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("192.0.2.0/24"),
	netip.MustParsePrefix("192.88.99.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("198.51.100.0/24"),
	netip.MustParsePrefix("203.0.113.0/24"),
	netip.MustParsePrefix("240.0.0.0/4"),
	netip.MustParsePrefix("::/96"),
	netip.MustParsePrefix("64:ff9b:1::/48"),
	netip.MustParsePrefix("100::/64"),
	netip.MustParsePrefix("2001:2::/48"),
	netip.MustParsePrefix("2001:db8::/32"),
	netip.MustParsePrefix("3fff::/20"),
	netip.MustParsePrefix("fec0::/10"),
}

// IPv6 forms that carry an IPv4 address inside them; a packet to one can end up at that IPv4
// address (through a translator or a tunnel relay), so each is judged by what it embeds.
var (
	// nat64 is the well-known NAT64 prefix: the IPv4 address is the last 32 bits.
	nat64 = netip.MustParsePrefix("64:ff9b::/96")
	// siit is the IPv4-translated form ::ffff:0:a.b.c.d: the IPv4 address is the last 32 bits.
	siit = netip.MustParsePrefix("::ffff:0:0:0/96")
	// sixToFour is 6to4, 2002:AABB:CCDD::/48 for the IPv4 address AA.BB.CC.DD.
	sixToFour = netip.MustParsePrefix("2002::/16")
	// teredo is 2001:0:SSSS:SSSS:…:CCCC:CCCC: the server's IPv4 address in bits 32–63 and the
	// client's, inverted, in the last 32 bits.
	teredo = netip.MustParsePrefix("2001::/32")
)

// embeddedIPv4 returns the IPv4 addresses an IPv6 address carries (NAT64, IPv4-translated, 6to4,
// Teredo server and client), none for any other address.
func embeddedIPv4(a netip.Addr) []netip.Addr {
	if !a.Is6() {
		return nil
	}
	b := a.As16()
	last := netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]})
	switch {
	case nat64.Contains(a), siit.Contains(a):
		return []netip.Addr{last}
	case sixToFour.Contains(a):
		return []netip.Addr{netip.AddrFrom4([4]byte{b[2], b[3], b[4], b[5]})}
	case teredo.Contains(a):
		return []netip.Addr{
			netip.AddrFrom4([4]byte{b[4], b[5], b[6], b[7]}),
			netip.AddrFrom4([4]byte{^b[12], ^b[13], ^b[14], ^b[15]}),
		}
	}
	return nil
}

// Blocked reports whether a is an address webhooks must not reach: private, loopback, link-local,
// unspecified, multicast, CGNAT, IPv6 unique-local or link-local, or reserved. IPv4-mapped IPv6
// addresses (::ffff:127.0.0.1) are judged as the IPv4 address they are, and the IPv6 forms that
// embed an IPv4 address (NAT64 64:ff9b::/96, ::ffff:0:a.b.c.d, 6to4 2002::/16, Teredo 2001::/32)
// are blocked when any address they embed is.
func Blocked(a netip.Addr) bool {
	if !a.IsValid() {
		return true
	}
	a = a.Unmap()
	for _, v4 := range embeddedIPv4(a) {
		if Blocked(v4) {
			return true
		}
	}
	if a.IsUnspecified() || a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsInterfaceLocalMulticast() || a.IsMulticast() {
		return true
	}
	if a == netip.AddrFrom4([4]byte{255, 255, 255, 255}) {
		return true
	}
	for _, p := range blockedPrefixes {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// Resolver looks up a host's addresses; *net.Resolver is one.
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// Guard decides which receiver URLs are acceptable.
type Guard struct {
	// AllowPrivate turns the address check off, for receivers on the same machine or network
	// (development and tests); the URL's form is still checked.
	AllowPrivate bool
	// Resolver looks up host names; nil uses net.DefaultResolver.
	Resolver Resolver
}

// CheckURL says what is wrong with raw as a receiver URL: a FieldError for the field "url" whose
// Message is the English sentence the API sends and whose Key (under wh.invalid) is the message
// pages write in the reader's language; the zero FieldError means it is acceptable. With the
// guard on, a host that is, or resolves to, a non-public address is refused; the sender checks
// again on every connection, so a later DNS change cannot get around it.
func (g Guard) CheckURL(ctx context.Context, raw string) validation.FieldError {
	bad := func(key, msg string, kv ...any) validation.FieldError {
		return validation.FieldError{Field: "url", Message: msg, Key: "wh.invalid." + key, Data: validation.Params(kv...)}
	}
	if raw == "" {
		return bad("url_empty", "Enter the URL of your receiver, e.g. https://example.com/webhooks/claimcheck.")
	}
	if len(raw) > MaxURLLength {
		return bad("url_long", fmt.Sprintf("Use a URL of at most %d characters.", MaxURLLength), "Max", MaxURLLength)
	}
	u, err := url.Parse(raw)
	if err != nil || !u.IsAbs() || u.Opaque != "" {
		return bad("url_relative", "Enter an absolute URL that starts with https:// or http://.")
	}
	if u.Scheme != "https" && u.Scheme != "http" {
		return bad("url_scheme", "Use an https:// or http:// URL.")
	}
	if u.User != nil {
		return bad("url_user", "Leave out the user name and password: receivers verify the webhook-signature header instead.")
	}
	host := u.Hostname()
	if host == "" {
		return bad("url_host", "The URL needs a host name, e.g. https://example.com/webhooks.")
	}
	if u.Fragment != "" || strings.HasSuffix(raw, "#") {
		return bad("url_fragment", "Leave out the #fragment: it is never sent to the receiver.")
	}
	if p := u.Port(); p != "" {
		if n, err := parsePort(p); err != nil || n == 0 {
			return bad("url_port", "The port must be a number from 1 to 65535.")
		}
	}
	if g.AllowPrivate {
		return validation.FieldError{}
	}
	switch addr, resolved, err := NonPublicAddress(ctx, g.Resolver, host); {
	case errors.Is(err, ErrHostNotFound):
		return bad("url_not_found", fmt.Sprintf("The host %s could not be found. Check the address, or try again if its DNS was just set up.", host), "Host", host)
	case addr != "" && resolved:
		return bad("url_resolves_private", fmt.Sprintf("The host %s resolves to %s, a private, loopback or link-local address, which webhooks may not call. Use an address on the public internet.", host, addr), "Host", host, "Addr", addr)
	case addr != "":
		return bad("url_private", fmt.Sprintf("This URL points to a private, loopback or link-local address (%s), which webhooks may not call. Use an address on the public internet.", addr), "Addr", addr)
	}
	return validation.FieldError{}
}

// ErrHostNotFound is a host name that resolves to no address.
var ErrHostNotFound = errors.New("host not found")

// NonPublicAddress says whether host (a name or an address literal) is, or resolves to, an
// address Blocked refuses: bad is that address ("localhost" for a localhost name, "" when every
// address is public) and resolved tells that it came from a DNS look-up. A name that resolves to
// nothing is ErrHostNotFound. The webhook guard and the custom-model check both call it; each
// phrases its own refusal.
func NonPublicAddress(ctx context.Context, res Resolver, host string) (bad string, resolved bool, err error) {
	if a, err := netip.ParseAddr(strings.Trim(host, "[]")); err == nil {
		if Blocked(a) {
			return a.String(), false, nil
		}
		return "", false, nil
	}
	lower := strings.TrimSuffix(strings.ToLower(host), ".")
	if lower == "localhost" || strings.HasSuffix(lower, ".localhost") {
		return host, false, nil
	}
	if res == nil {
		res = net.DefaultResolver
	}
	rctx, cancel := context.WithTimeout(ctx, resolveTimeout)
	defer cancel()
	addrs, err := res.LookupNetIP(rctx, "ip", host)
	if err != nil || len(addrs) == 0 {
		return "", false, ErrHostNotFound
	}
	for _, a := range addrs {
		if Blocked(a) {
			return a.Unmap().String(), true, nil
		}
	}
	return "", false, nil
}

// parsePort parses a decimal port without accepting signs or spaces.
func parsePort(p string) (int, error) {
	n := 0
	for _, r := range p {
		if r < '0' || r > '9' {
			return 0, fmt.Errorf("port %q", p)
		}
		n = n*10 + int(r-'0')
		if n > 65535 {
			return 0, fmt.Errorf("port %q", p)
		}
	}
	return n, nil
}

// dialControl refuses connections to blocked addresses. It runs on the address actually dialled,
// after DNS resolution, so a name that resolved to a public address at registration and to a
// private one now (DNS rebinding) is still refused.
func dialControl(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("dial %s: %w", address, ErrRefusedAddress)
	}
	if Blocked(ap.Addr()) {
		return fmt.Errorf("dial %s: %w", ap.Addr().Unmap(), ErrRefusedAddress)
	}
	return nil
}

// NewClient returns the HTTP client deliveries go through: a whole-attempt timeout, no redirects
// (a 3xx answer is the result, and it is a failure), no proxy from the environment (the address
// check must see the receiver's address, not a proxy's), and unless allowPrivate, the address check
// on every connection.
func NewClient(timeout time.Duration, allowPrivate bool) *http.Client {
	d := &net.Dialer{Timeout: min(timeout, 10*time.Second), KeepAlive: 30 * time.Second}
	if !allowPrivate {
		d.Control = dialControl
	}
	tr := &http.Transport{
		Proxy:                 nil,
		DialContext:           d.DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          50,
		MaxIdleConnsPerHost:   2,
		IdleConnTimeout:       60 * time.Second,
		TLSHandshakeTimeout:   min(timeout, 10*time.Second),
		ResponseHeaderTimeout: timeout,
	}
	return &http.Client{
		Timeout:   timeout,
		Transport: tr,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
}
