package webhooks_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/internal/webhooks"
)

func TestBlocked(t *testing.T) {
	for _, tc := range []struct {
		addr    string
		blocked bool
	}{
		{"127.0.0.1", true},
		{"127.1.2.3", true},
		{"10.0.0.1", true},
		{"172.16.5.4", true},
		{"192.168.1.1", true},
		{"169.254.169.254", true},
		{"0.0.0.0", true},
		{"100.64.0.1", true},
		{"100.127.255.254", true},
		{"224.0.0.1", true},
		{"255.255.255.255", true},
		{"::1", true},
		{"::", true},
		{"fe80::1", true},
		{"fc00::1", true},
		{"fd12:3456::1", true},
		{"ff02::1", true},
		{"::ffff:127.0.0.1", true},
		{"::ffff:10.0.0.1", true},
		{"::ffff:169.254.169.254", true},
		{"64:ff9b::a00:1", true}, // NAT64 of 10.0.0.1
		{"8.8.8.8", false},
		{"1.1.1.1", false},
		{"100.128.0.1", false},
		{"172.32.0.1", false},
		{"2606:4700:4700::1111", false},
		{"::ffff:8.8.8.8", false},
		{"64:ff9b::808:808", false},                    // NAT64 of 8.8.8.8
		{"64:ff9b::7f00:1", true},                      // NAT64 of 127.0.0.1
		{"64:ff9b::a9fe:a9fe", true},                   // NAT64 of 169.254.169.254
		{"64:ff9b:1::808:808", true},                   // local-use NAT64: translated inside one network
		{"::ffff:0:7f00:1", true},                      // IPv4-translated 127.0.0.1
		{"::ffff:0:808:808", false},                    // IPv4-translated 8.8.8.8
		{"::127.0.0.1", true},                          // IPv4-compatible (deprecated)
		{"::8.8.8.8", true},                            // IPv4-compatible, refused whatever it embeds
		{"::ffff:0.0.0.0", true},                       // mapped unspecified
		{"::ffff:100.64.0.1", true},                    // mapped CGNAT
		{"2002:7f00:1::", true},                        // 6to4 of 127.0.0.1
		{"2002:7f00:1::1", true},                       // 6to4 of 127.0.0.1, host part set
		{"2002:a00:1::1", true},                        // 6to4 of 10.0.0.1
		{"2002:c0a8:101::1", true},                     // 6to4 of 192.168.1.1
		{"2002:a9fe:a9fe::1", true},                    // 6to4 of 169.254.169.254
		{"2002:0:0::1", true},                          // 6to4 of 0.0.0.0
		{"2002:808:808::1", false},                     // 6to4 of 8.8.8.8
		{"2001:0:4136:e378:8000:63bf:80ff:fffe", true}, // Teredo server 65.54.227.120, client 127.0.0.1
		{"2001:0:7f00:1::", true},                      // Teredo server 127.0.0.1
		{"2001:0:a00:1:0:0:f7f7:f7f7", true},           // Teredo server 10.0.0.1
		{"2001:0:808:808:0:0:80ff:fffe", true},         // Teredo client 127.0.0.1 (inverted bits)
		{"2001:0:808:808:0:0:f5ff:fefe", true},         // Teredo client 10.0.1.1 (inverted bits)
		{"2001:0:808:808:0:0:f7f7:f7f7", false},        // Teredo server and client 8.8.8.8
		{"192.88.99.1", true},                          // 6to4 relay anycast
		{"fec0::1", true},                              // site-local (deprecated)
		{"3fff::1", true},                              // documentation
		{"::", true},
		{"0.0.0.0", true},
	} {
		if got := webhooks.Blocked(netip.MustParseAddr(tc.addr)); got != tc.blocked {
			t.Errorf("Blocked(%s) = %v, want %v", tc.addr, got, tc.blocked)
		}
	}
}

// fakeResolver answers from a table, so URL checks never touch the network.
type fakeResolver map[string][]string

func (f fakeResolver) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	ips, ok := f[host]
	if !ok {
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	out := make([]netip.Addr, len(ips))
	for i, s := range ips {
		out[i] = netip.MustParseAddr(s)
	}
	return out, nil
}

func TestCheckURL(t *testing.T) {
	res := fakeResolver{
		"hooks.example.com": {"93.184.216.34"},
		"internal.example":  {"10.1.2.3"},
		"mixed.example":     {"93.184.216.34", "127.0.0.1"},
		"v6.example":        {"2606:4700::1"},
		"rebind.example":    {"::ffff:192.168.0.1"},
	}
	guard := webhooks.Guard{Resolver: res}
	open := webhooks.Guard{AllowPrivate: true, Resolver: res}
	for _, tc := range []struct {
		url      string
		guardMsg string // "" = accepted with the guard on; else a fragment of the message
		openMsg  string // the same with AllowPrivate
	}{
		{"https://hooks.example.com/claimcheck", "", ""},
		{"http://hooks.example.com:8080/x?y=1", "", ""},
		{"https://v6.example/", "", ""},
		{"https://93.184.216.34/hook", "", ""},
		{"", "Enter the URL", "Enter the URL"},
		{"hooks.example.com/x", "absolute URL", "absolute URL"},
		{"ftp://hooks.example.com/", "https:// or http://", "https:// or http://"},
		{"javascript:alert(1)", "absolute URL", "absolute URL"},
		{"https://user:pw@hooks.example.com/", "user name and password", "user name and password"},
		{"https:///path", "host name", "host name"},
		{"https://hooks.example.com/#frag", "fragment", "fragment"},
		{"https://hooks.example.com:99999/", "port", "port"},
		{"https://hooks.example.com/" + strings.Repeat("a", 2100), "at most 2048", "at most 2048"},
		{"http://127.0.0.1:8080/hook", "private, loopback or link-local address (127.0.0.1)", ""},
		{"http://10.0.0.1/", "(10.0.0.1)", ""},
		{"http://169.254.169.254/latest/meta-data/", "(169.254.169.254)", ""},
		{"http://[::1]:9000/", "(::1)", ""},
		{"http://[::ffff:127.0.0.1]/", "private", ""},
		{"http://[2002:7f00:1::]/", "private", ""},
		{"http://[2002:a9fe:a9fe::1]/latest/meta-data/", "private", ""},
		{"http://[64:ff9b::7f00:1]/", "private", ""},
		{"http://[::127.0.0.1]/", "private", ""},
		{"http://[2001:0:7f00:1::]/", "private", ""},
		{"http://[::]/", "private", ""},
		{"http://0.0.0.0/", "private", ""},
		{"http://[2002:808:808::1]/", "", ""},
		{"http://100.64.1.1/", "private", ""},
		{"http://[fd00::1]/", "private", ""},
		{"http://localhost:3000/hook", "private", ""},
		{"http://api.localhost/hook", "private", ""},
		{"https://internal.example/", "resolves to 10.1.2.3", ""},
		{"https://mixed.example/", "resolves to 127.0.0.1", ""},
		{"https://rebind.example/", "resolves to 192.168.0.1", ""},
		{"https://nowhere.example/", "could not be found", ""},
	} {
		for _, g := range []struct {
			name  string
			guard webhooks.Guard
			want  string
		}{{"guard on", guard, tc.guardMsg}, {"allow private", open, tc.openMsg}} {
			fe := g.guard.CheckURL(context.Background(), tc.url)
			got := fe.Message
			if (g.want == "") != (got == "") || !strings.Contains(got, g.want) {
				t.Errorf("%s: CheckURL(%.60q) = %q, want message containing %q", g.name, tc.url, got, g.want)
			}
			// Pages say it in the reader's language through the message id.
			if (got == "") != (fe.Key == "") || (got != "" && !strings.HasPrefix(fe.Key, "wh.invalid.")) {
				t.Errorf("%s: CheckURL(%.60q) has message id %q for %q", g.name, tc.url, fe.Key, got)
			}
		}
	}
}

// The client refuses non-public addresses when it dials, whatever the URL said, and never follows redirects.
func TestClientRefusesPrivateAddressesAndRedirects(t *testing.T) {
	hits := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits++
		if r.URL.Path == "/redirect" {
			http.Redirect(w, r, "/target", http.StatusFound)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	defer srv.Close()
	guarded := webhooks.NewClient(2*time.Second, false)
	for _, u := range []string{srv.URL, strings.Replace(srv.URL, "127.0.0.1", "localhost", 1),
		strings.Replace(srv.URL, "127.0.0.1", "[::ffff:127.0.0.1]", 1)} {
		resp, err := guarded.Post(u, "application/json", strings.NewReader("{}"))
		if err == nil {
			resp.Body.Close()
			t.Fatalf("guarded client reached %s", u)
		}
		if !errors.Is(err, webhooks.ErrRefusedAddress) {
			t.Fatalf("%s: want ErrRefusedAddress, got %v", u, err)
		}
	}
	if hits != 0 {
		t.Fatalf("receiver was reached %d times", hits)
	}
	open := webhooks.NewClient(2*time.Second, true)
	resp, err := open.Post(srv.URL+"/redirect", "application/json", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusFound || hits != 1 {
		t.Fatalf("redirect followed: status %d, hits %d", resp.StatusCode, hits)
	}
}
