package app_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// filler is a body of n bytes that costs the sender no memory.
type filler struct{ left int64 }

func (f *filler) Read(p []byte) (int, error) {
	if f.left <= 0 {
		return 0, io.EOF
	}
	n := min(int64(len(p)), f.left)
	for i := range p[:n] {
		p[i] = 'a'
	}
	f.left -= n
	return int(n), nil
}

// chunked frames a body of n bytes (a multiple of 8 KiB) in 8 KiB HTTP/1.1 chunks, costing the
// sender no memory either.
func chunked(n int64) io.Reader {
	block := []byte(fmt.Sprintf("%x\r\n%s\r\n", 8<<10, strings.Repeat("a", 8<<10)))
	return io.MultiReader(&repeated{block: block, left: n / (8 << 10) * int64(len(block))}, strings.NewReader("0\r\n\r\n"))
}

// repeated reads block over and over, left bytes in all.
type repeated struct {
	block []byte
	off   int
	left  int64
}

func (r *repeated) Read(p []byte) (int, error) {
	if r.left <= 0 {
		return 0, io.EOF
	}
	n := copy(p[:min(int64(len(p)), r.left)], r.block[r.off:])
	r.off = (r.off + n) % len(r.block)
	r.left -= int64(n)
	return n, nil
}

// rawExchange sends head (request line and headers) and then body over a fresh connection, reading
// the answer while the body is still being written, as a client that streams a body does.
func rawExchange(t testing.TB, base, head string, body io.Reader) (*http.Response, []byte) {
	t.Helper()
	u, _ := url.Parse(base)
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
	if _, err := io.WriteString(conn, head+"\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	if body != nil {
		// Write errors are expected: the server stops reading and closes once it has answered.
		go func() { _, _ = io.Copy(conn, body) }()
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("%s: no answer: %v", strings.SplitN(head, "\r\n", 2)[0], err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, b
}

// TestBodyLimitWhileReading: a 30 MB body, announced or chunked, is refused with 413 in the
// surface's own shape after reading at most the route's limit, so the refusals do not cost the
// process their size (issue 14: 20 such posts took 728 MB).
func TestBodyLimitWhileReading(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s := startServer(t, db, nil)
		compat, _ := issueKey(t, s.app.Stores, "starter", nil)
		v1, _ := issueKey(t, s.app.Stores, "beta-free", nil)
		const size = 30 << 20
		cases := []struct {
			name, path, headers string
			chunked             bool
			// shape checks the 413 body is the surface's own.
			shape string
		}{
			{"quick-responder anonymous", "/functions/v1/quick-responder", "Content-Type: application/json", false, `"error":`},
			{"quick-responder with a key", "/functions/v1/quick-responder", "Content-Type: application/json\r\napikey: " + compat, false, `"error":`},
			{"quick-responder chunked", "/functions/v1/quick-responder", "Content-Type: application/json\r\napikey: " + compat, true, `"error":`},
			{"v1 submit", "/v1/claims/submit", "Content-Type: application/json\r\nAuthorization: Bearer " + v1, false, `"type":`},
			{"v1 submit chunked", "/v1/claims/submit", "Content-Type: application/json\r\nAuthorization: Bearer " + v1, true, `"type":`},
			{"rest", "/rest/v1/claims", "Content-Type: application/json\r\napikey: " + compat, false, `"message":`},
			{"web form", "/", "Content-Type: application/x-www-form-urlencoded", false, "<html"},
			{"web form chunked", "/", "Content-Type: application/x-www-form-urlencoded", true, "<html"},
			{"multipart to a page", "/login", "Content-Type: multipart/form-data; boundary=xyz", false, "<html"},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				const rounds = 4
				runtime.GC()
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				for range rounds {
					head := "POST " + tc.path + " HTTP/1.1\r\nHost: x\r\n" + tc.headers
					var body io.Reader
					if tc.chunked {
						head += "\r\nTransfer-Encoding: chunked"
						body = chunked(size)
					} else {
						head += fmt.Sprintf("\r\nContent-Length: %d", size)
						body = &filler{left: size}
					}
					resp, b := rawExchange(t, s.base, head, body)
					if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(string(b), tc.shape) {
						t.Fatalf("%d %.200s, want 413 with %s", resp.StatusCode, b, tc.shape)
					}
					if resp.Header.Get("X-Content-Type-Options") != "nosniff" || !resp.Close {
						// resp.Close: the answer says Connection: close.
						t.Errorf("the 413 lacks the security headers or does not close the connection: %v", resp.Header)
					}
				}
				runtime.ReadMemStats(&after)
				if per := (after.TotalAlloc - before.TotalAlloc) / rounds; per > 8<<20 {
					t.Errorf("each refused 30 MB body allocated %d MB, want under 8 MB", per>>20)
				}
			})
		}
	})
}

// TestBodyLimitAnswerSurvivesTheClose: a client that sends its whole (refused) body before it
// reads the answer still gets the 413: the server reads and discards the rest before closing,
// instead of resetting the connection, which can throw the answer away under the client.
func TestBodyLimitAnswerSurvivesTheClose(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s := startServer(t, db, nil)
		u, _ := url.Parse(s.base)
		for _, tc := range []struct {
			name, head string
			body       io.Reader
		}{
			{"announced", fmt.Sprintf("POST /functions/v1/quick-responder HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d", 30<<20), &filler{left: 30 << 20}},
			{"chunked", "POST /v1/claims/submit HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked", chunked(30 << 20)},
		} {
			conn, err := net.Dial("tcp", u.Host)
			if err != nil {
				t.Fatal(err)
			}
			_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
			if _, err := io.WriteString(conn, tc.head+"\r\n\r\n"); err != nil {
				t.Fatal(err)
			}
			if _, err := io.Copy(conn, tc.body); err != nil {
				t.Errorf("%s: the server reset the connection while the body was being sent: %v", tc.name, err)
			}
			resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				t.Errorf("%s: the answer was lost: %v", tc.name, err)
			} else if resp.StatusCode != http.StatusRequestEntityTooLarge {
				t.Errorf("%s: %d, want 413", tc.name, resp.StatusCode)
			}
			conn.Close()
		}
	})
}

// TestBodyLimitKeepsConnectionsHonest: a route that answers without reading its body (a refused
// key) must not leave the body on a kept-alive connection, where it would be read as the next
// request.
func TestBodyLimitKeepsConnectionsHonest(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s := startServer(t, db, nil)
		body := bytes.Repeat([]byte("a"), 60<<10)
		for range 3 {
			st, _, b := do(t, "POST", s.base+"/v1/claims/submit", map[string]string{"Authorization": "Bearer nope", "Content-Type": "application/json"}, body)
			if st != http.StatusUnauthorized {
				t.Fatalf("bad key: %d %s", st, b)
			}
			st, _, b = do(t, "GET", s.base+"/v1/openapi.json", nil, nil)
			if st != http.StatusOK {
				t.Fatalf("the next request on the connection: %d %.200s", st, b)
			}
		}
	})
}

// TestAdminUploadBodyLimit: only a logged-in admin may send the fact-check upload's large body, and
// anybody else is answered before the body is read.
func TestAdminUploadBodyLimit(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s := startServer(t, db, nil)
		ctx := context.Background()
		session := func(email string, role models.Role) string {
			u, err := s.app.Accounts.CreateAdmin(ctx, email, "Test", apptest.TestPassword)
			if err != nil {
				t.Fatal(err)
			}
			if role != models.RoleAdmin {
				if err := s.app.Accounts.SetRole(ctx, u.ID, role); err != nil {
					t.Fatal(err)
				}
			}
			sess, err := s.app.Accounts.Login(ctx, email, apptest.TestPassword, "192.0.2.1", "test")
			if err != nil {
				t.Fatal(err)
			}
			return sess.Token
		}
		admin, user := session("limits-admin@example.org", models.RoleAdmin), session("limits-user@example.org", models.RoleUser)
		token := apptest.FormToken(t, s.app.HTTP)

		// A 3 MB file (a valid ClaimReview padded with whitespace) is far over MAX_BODY_BYTES.
		var form bytes.Buffer
		mw := multipart.NewWriter(&form)
		_ = mw.WriteField("_csrf", token)
		fw, _ := mw.CreateFormFile("file", "big.json")
		fmt.Fprintf(fw, `{"@context":"https://schema.org","@type":"ClaimReview","url":"https://factcheck.example/limits","claimReviewed":"The moon is made of cheese","reviewRating":{"@type":"Rating","alternateName":"False"},"author":{"@type":"Organization","name":"Example Checks"},"datePublished":"2024-01-02"%s}`, strings.Repeat(" ", 3<<20))
		_ = mw.Close()
		cookies := "Cookie: cc_session=%s; " + apptest.CSRFCookie + "=" + token
		head := "POST /admin/knowledge HTTP/1.1\r\nHost: x\r\nContent-Type: " + mw.FormDataContentType() + "\r\n" + fmt.Sprintf("Content-Length: %d\r\n", form.Len())
		resp, b := rawExchange(t, s.base, head+fmt.Sprintf(cookies, admin), bytes.NewReader(form.Bytes()))
		if resp.StatusCode != http.StatusOK || !strings.Contains(string(b), "kb-result") {
			t.Fatalf("admin's 3 MB upload: %d %.300s", resp.StatusCode, b)
		}

		// Others announce 20 MB but send only the first 64 KB (the server reads the first 8 KB before
		// any handler runs): the answer comes without the rest.
		stalled := func() io.Reader { return io.MultiReader(strings.NewReader(strings.Repeat("x", 64<<10)), blocked{}) }
		big := "POST /admin/knowledge HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=xyz\r\nContent-Length: 20000000\r\n"
		for name, c := range map[string]string{"a plain user": fmt.Sprintf(cookies, user), "anonymous": "X-Nobody: 1"} {
			resp, _ := rawExchange(t, s.base, big+c, stalled())
			if resp.StatusCode != http.StatusForbidden && resp.StatusCode != http.StatusSeeOther {
				t.Errorf("%s: %d, want 403 or the login redirect before the body is read", name, resp.StatusCode)
			}
		}
		// An admin announcing more than the upload's cap is refused before reading too.
		resp, b = rawExchange(t, s.base, "POST /admin/knowledge HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=xyz\r\nContent-Length: 60000000\r\n"+fmt.Sprintf(cookies, admin), stalled())
		if resp.StatusCode != http.StatusRequestEntityTooLarge {
			t.Errorf("admin announcing 60 MB: %d %.200s, want 413", resp.StatusCode, b)
		}
	})
}

// blocked is a body that never sends more: the server must answer without it.
type blocked struct{}

func (blocked) Read([]byte) (int, error) {
	time.Sleep(time.Hour)
	return 0, io.EOF
}

// TestLongInListURLs: the REST grammar advertises 500 items in in.(…); a URL carrying 500 UUIDs
// fits the server's header buffer, and a longer request line is 431 in the surface's shape.
func TestLongInListURLs(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s := startServer(t, db, nil)
		secret, _ := issueKey(t, s.app.Stores, "starter", nil)
		seeded := apptest.SeedClaim(t, s.app.Stores, "Aşılar otizme neden olur", "yanlis", "health", time.Now())
		for _, n := range []int{110, 500} {
			ids := []string{seeded.ID}
			for len(ids) < n {
				ids = append(ids, uuid.NewString())
			}
			st, _, b := do(t, "GET", s.base+"/rest/v1/claims?select=id&id=in.("+strings.Join(ids, ",")+")", map[string]string{"apikey": secret}, nil)
			switch {
			case n == 110 && (st != http.StatusOK || !strings.Contains(string(b), seeded.ID)):
				t.Errorf("%d UUIDs: %d %.200s, want 200 with the claim", n, st, b)
			case st == http.StatusOK && !strings.Contains(string(b), seeded.ID):
				t.Errorf("%d UUIDs: %.200s, want the claim", n, b)
			case st != http.StatusOK && !strings.Contains(string(b), "PGRST"):
				// The URL reached the REST reader; its own query-string cap
				// (internal/postgrest.MaxQueryBytes) is the REST surface's to set.
				t.Errorf("%d UUIDs: %d %.200s, want the URL to reach the REST reader", n, st, b)
			}
		}
		long := "/rest/v1/claims?select=id&id=in.(" + strings.Repeat(uuid.NewString()+",", 1000) + "x)"
		st, _, b := do(t, "GET", s.base+long, map[string]string{"apikey": secret}, nil)
		if st != http.StatusRequestHeaderFieldsTooLarge && st != http.StatusRequestURITooLong {
			t.Errorf("a 37 KB URL: %d %.200s, want 414 or 431", st, b)
		}
		if strings.Contains(string(b), "uffer") || strings.Contains(string(b), "claims?") {
			t.Errorf("the refusal quotes the server's parser or the request: %.300s", b)
		}
	})
}

// TestHostileRequestsAreClientErrors: requests the server cannot read or will not take are 4xx,
// never 5xx, and the answer quotes neither the parser nor the request.
func TestHostileRequestsAreClientErrors(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s := startServer(t, db, nil)
		secret, _ := issueKey(t, s.app.Stores, "starter", nil)
		cases := []struct {
			name, head string
			body       string
			want       int
		}{
			{"garbage request line", "GARBAGE<script>", "", 400},
			{"no HTTP version", "GET /<script>", "", 404},
			{"header line over 32 KB", "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + strings.Repeat("b", 40<<10), "", 431},
			{"bad chunk size", "POST /functions/v1/quick-responder HTTP/1.1\r\nHost: x\r\napikey: " + secret + "\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked", "zz<script>\r\n{}\r\n0\r\n\r\n", 400},
			{"gzip body", "POST /functions/v1/quick-responder HTTP/1.1\r\nHost: x\r\napikey: " + secret + "\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: 4", "abcd", 415},
			{"malformed multipart form", "POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=xyz\r\nContent-Length: 20", "--xyz\r\nnot a part<sc", 403},
			{"unreadable Content-Length", "POST /v1/claims/submit HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: <script>", "{}", 400},
			{"percent garbage in the path", "GET /v1/claims/%zz%00<script> HTTP/1.1\r\nHost: x", "", 401},
			{"NUL in a header", "GET /v1/openapi.json HTTP/1.1\r\nHost: x\r\nX-A: a\x00b", "", 200},
			{"body shorter than announced", "POST /v1/claims/submit HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100", "{", 0},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				var body io.Reader
				if tc.body != "" {
					body = strings.NewReader(tc.body)
				}
				if tc.want == 0 {
					// The server waits for the rest until its read timeout; the client gives up first.
					u, _ := url.Parse(s.base)
					conn, err := net.Dial("tcp", u.Host)
					if err != nil {
						t.Fatal(err)
					}
					_, _ = io.WriteString(conn, tc.head+"\r\n\r\n"+tc.body)
					_ = conn.Close()
					return
				}
				resp, b := rawExchange(t, s.base, tc.head, body)
				if resp.StatusCode != tc.want {
					t.Errorf("%d %.300s, want %d", resp.StatusCode, b, tc.want)
				}
				for _, leak := range []string{"<script>", "uffer", "error when", "Go value", "fasthttp"} {
					if strings.Contains(string(b), leak) {
						t.Errorf("the answer contains %q: %.300s", leak, b)
					}
				}
			})
		}
		// The service still answers normally after all of that.
		if st, _, b := do(t, "GET", s.base+"/v1/openapi.json", nil, nil); st != http.StatusOK {
			t.Fatalf("after the hostile requests: %d %.200s", st, b)
		}
	})
}

// TestHSTS: Strict-Transport-Security goes out when the service is https (its public address, or
// the proxy it trusts says so), never over plain http.
func TestHSTS(t *testing.T) {
	db := testdb.Open(t, database.SQLite)
	const want = "max-age=31536000; includeSubDomains"
	for _, tc := range []struct {
		name  string
		env   map[string]string
		proto string
		want  string
	}{
		{"https base URL", map[string]string{"BASE_URL": "https://claimcheck.example"}, "", want},
		{"http base URL", map[string]string{"BASE_URL": "http://localhost:3000"}, "", ""},
		{"trusted proxy says https", map[string]string{"BASE_URL": "http://localhost:3000", "TRUST_PROXY": "true"}, "https", want},
		{"untrusted header says https", map[string]string{"BASE_URL": "http://localhost:3000"}, "https", ""},
		{"turned off", map[string]string{"BASE_URL": "https://claimcheck.example", "HSTS_MAX_AGE": "0s"}, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := apptest.New(t, db, apptest.Options{Env: tc.env})
			req, _ := http.NewRequest(http.MethodGet, "/v1/openapi.json", nil)
			if tc.proto != "" {
				req.Header.Set("X-Forwarded-Proto", tc.proto)
			}
			resp, err := a.HTTP.Test(req, 30_000)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if got := resp.Header.Get("Strict-Transport-Security"); got != tc.want {
				t.Errorf("Strict-Transport-Security %q, want %q", got, tc.want)
			}
		})
	}
}

// TestHostileJSONBodiesDecode: every surface that reads a JSON body answers a body of the wrong
// shape with 400 and a message in plain words, never the decoder's Go type names.
func TestHostileJSONBodiesDecode(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		s := startServer(t, db, nil)
		compat, _ := issueKey(t, s.app.Stores, "starter", nil)
		v1, _ := issueKey(t, s.app.Stores, "beta-free", nil)
		surfaces := map[string]struct {
			path    string
			headers map[string]string
		}{
			"quick-responder": {"/functions/v1/quick-responder", map[string]string{"apikey": compat, "Content-Type": "application/json"}},
			"v1 submit":       {"/v1/claims/submit", bearer(v1)},
			"v1 webhooks":     {"/v1/webhooks", bearer(v1)},
		}
		bodies := []string{`[]`, `"x"`, `{"claim": 5}`, `{"url": 5}`, `{`, `{"claim": "a"`, `5`, `true`, `{"claim": ["a"]}`, `{"claim": {}}`, `{"event_types": "x"}`, `{} {}`, `{"a":1,}`}
		for name, sf := range surfaces {
			for _, body := range bodies {
				st, _, b := do(t, "POST", s.base+sf.path, sf.headers, []byte(body))
				if st != http.StatusBadRequest && st != http.StatusUnprocessableEntity {
					t.Errorf("%s %s: %d %.200s, want 400", name, body, st, b)
				}
				for _, leak := range []string{"Go value", "unmarshal", "struct", "json:", "map[", "RawMessage"} {
					if strings.Contains(string(b), leak) {
						t.Errorf("%s %s: the answer names %q: %s", name, body, leak, b)
					}
				}
			}
		}
	})
}
