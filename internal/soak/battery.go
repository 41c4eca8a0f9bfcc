package soak

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
)

// Case is one hostile request (sent Repeat times, all at once when Concurrent).
type Case struct {
	// Surface groups cases in the report: rest, functions, v1, web.
	Surface string
	// Name says what the request tries.
	Name string
	// Method is the HTTP method.
	Method string
	// Path is the path and raw query, sent exactly as written.
	Path string
	// Header holds the headers to set.
	Header map[string]string
	// Body is the request body; BodySize, when set, sends a body of that many bytes instead,
	// generated while it is sent so the suite's own memory stays small.
	Body     string
	BodySize int64
	// Form sends the web form's CSRF token and cookie (fetched from the home page) with Body.
	Form bool
	// Repeat is how many times the request is sent (1 when 0); Concurrent sends them all at once.
	Repeat     int
	Concurrent bool
	Expect     Expect
}

// Oversized reports whether the request is larger than a server need read (a body, a URL or a
// header over 4 KB): the server may refuse it by closing the connection, and the client may then
// see the close rather than the answer, so an unanswered oversized request is not a problem by itself.
func (c Case) Oversized() bool {
	n := 0
	for k, v := range c.Header {
		n = max(n, len(k)+len(v))
	}
	return c.BodySize > 0 || len(c.Path) > 4000 || n > 4000
}

// Env is what the battery needs to address the server.
type Env struct {
	// Base is the server's address, http://127.0.0.1:PORT.
	Base string
	// CompatKey is a key of the compatible API with quota to spare.
	CompatKey string
	// V1Key is a key with /v1 access and quota to spare.
	V1Key string
	// ClaimID is a stored claim.
	ClaimID string
	// RSS reads the server's resident memory now (nil: not measured); the battery records its peak
	// during each group of concurrent requests.
	RSS func() int64
}

// hostileClaims have no word to analyse or carry control characters (internal/app/hostile_test.go).
var hostileClaims = map[string]string{
	"question marks":  "???",
	"slashes":         "//",
	"one emoji":       "🙂",
	"NUL":             "\x00",
	"NUL inside text": "Aşılar\x00otizme neden olur",
	"5000 emoji":      strings.Repeat("🙂", 5000),
	"escape sequence": "Aşılar otizme neden olur\x1b[2J",
}

// ssrfURLs are webhook addresses that reach the server's own network; each must be refused.
var ssrfURLs = []string{
	"http://127.0.0.1/", "http://localhost:3000/", "http://[::1]/", "http://169.254.169.254/latest/meta-data/",
	"http://10.0.0.1/", "http://192.168.1.1/", "http://172.16.0.1/", "http://0.0.0.0/", "http://0x7f000001/",
	"http://2130706433/", "http://017700000001/", "http://[::ffff:127.0.0.1]/", "http://[2002:7f00:1::]/",
	"http://[fe80::1]/", "http://[fc00::1]/", "http://100.64.0.1/", "file:///etc/passwd", "gopher://127.0.0.1:6379/_INFO",
	"http://user:pass@127.0.0.1/", "http://127.1/",
}

// badValues are values every query parameter is tried with (query-escaped when sent).
var badValues = []string{
	"", "\x00", "'", "';--", `"`, "abc", "-1", "99999999999999999999", "1e309", "NaN", "\xff\xfe",
	"../../etc/passwd", strings.Repeat("a", 3000), "eq.", "eq.\x00", "in.(", "in.()", "in.(1,2", "not.not.not.eq.1",
	"like.%%%", "is.maybe", "cs.{", "fts.(", "(", ")", ",,,,", "*", "id.desc.nullsfirst.extra", "🙂",
	"\r\nSet-Cookie: x=1", "eq." + strings.Repeat("(", 500), "or(" + strings.Repeat("or(", 300),
}

// Battery builds the hostile cases for env; quick trims the repeated ones.
func Battery(env Env, quick bool) []Case {
	compat := map[string]string{"apikey": env.CompatKey}
	compatJSON := map[string]string{"apikey": env.CompatKey, "Content-Type": "application/json"}
	v1 := map[string]string{"Authorization": "Bearer " + env.V1Key}
	v1JSON := map[string]string{"Authorization": "Bearer " + env.V1Key, "Content-Type": "application/json"}
	four := Expect{Client4xx: true, Why: "a client error"}
	bigConc := 20
	if quick {
		bigConc = 8
	}
	var cs []Case
	add := func(c Case) {
		// The compatible REST API answers with PostgREST's own error texts on purpose.
		c.Expect.PostgRESTErrors = c.Surface == "rest"
		cs = append(cs, c)
	}

	// The compatible REST API.
	ids := make([]string, 500)
	for i := range ids {
		ids[i] = uuid.NewString()
	}
	ids[0] = env.ClaimID
	dup := strings.TrimSuffix(strings.Repeat("id,", 1200), ",")
	add(Case{Surface: "rest", Name: "select=id,id,… (1,200 columns), 8 at once", Method: "GET",
		Path: "/rest/v1/claims?select=" + dup, Header: compat, Repeat: 8, Concurrent: true})
	add(Case{Surface: "rest", Name: "select=content,… (400 columns), 8 at once", Method: "GET",
		Path: "/rest/v1/claims?select=" + strings.TrimSuffix(strings.Repeat("content,", 400), ","), Header: compat, Repeat: 8, Concurrent: true})
	aliases := make([]string, 200)
	for i := range aliases {
		aliases[i] = fmt.Sprintf("c%d:content", i)
	}
	add(Case{Surface: "rest", Name: "select=c0:content,c1:content,… (200 aliases), 8 at once", Method: "GET",
		Path: "/rest/v1/claims?select=" + strings.Join(aliases, ","), Header: compat, Repeat: 8, Concurrent: true})
	// internal/postgrest caps the select list at 50 items: the largest one allowed, 1,000 rows of it.
	add(Case{Surface: "rest", Name: "select=c0:content,…,c49:content (50 aliases, all rows), 8 at once", Method: "GET",
		Path: "/rest/v1/claims?select=" + strings.Join(aliases[:50], ","), Header: compat, Repeat: 8, Concurrent: true})
	add(Case{Surface: "rest", Name: "select=*,*,… (150 stars), 8 at once", Method: "GET",
		Path: "/rest/v1/claims?select=" + strings.TrimSuffix(strings.Repeat("*,", 150), ","), Header: compat, Repeat: 8, Concurrent: true})
	add(Case{Surface: "rest", Name: "id=in.(500 UUIDs)", Method: "GET", Path: "/rest/v1/claims?select=id&id=in.(" + strings.Join(ids, ",") + ")",
		Header: compat, Expect: Expect{Status: []int{200}, Why: "issue 14 item 5: 500 items in in.() are advertised"}})
	add(Case{Surface: "rest", Name: "limit=abc", Method: "GET", Path: "/rest/v1/claims?select=id&limit=abc", Header: compat,
		Expect: Expect{Status: []int{400}, Why: "issue 14 item 7: PostgREST answers 400"}})
	add(Case{Surface: "rest", Name: "select=id;drop table claims (raw ;)", Method: "GET", Path: "/rest/v1/claims?select=id;drop%20table%20claims", Header: compat,
		Expect: Expect{Status: []int{400}, Why: "issue 14 item 7: ; is not a separator"}})
	add(Case{Surface: "rest", Name: "a=1;select=id (raw ;)", Method: "GET", Path: "/rest/v1/claims?limit=1;select=id", Header: compat,
		Expect: Expect{Status: []int{400}, Why: "issue 14 item 7: ; is not a separator"}})
	add(Case{Surface: "rest", Name: "unknown column", Method: "GET", Path: "/rest/v1/claims?select=password_hash", Header: compat, Expect: four})
	add(Case{Surface: "rest", Name: "unknown table", Method: "GET", Path: "/rest/v1/api_keys?select=*", Header: compat, Expect: four})
	add(Case{Surface: "rest", Name: "order by 500 columns", Method: "GET", Path: "/rest/v1/claims?select=id&order=" + strings.TrimSuffix(strings.Repeat("id.asc,", 500), ","), Header: compat})
	add(Case{Surface: "rest", Name: "nested or 200 deep", Method: "GET", Path: "/rest/v1/claims?select=id&or=(" + strings.Repeat("or(", 200) + "id.eq.1" + strings.Repeat(")", 201), Header: compat})
	add(Case{Surface: "rest", Name: "Range 0-999999999", Method: "GET", Path: "/rest/v1/claims?select=id", Header: merge(compat, map[string]string{"Range": "0-999999999", "Range-Unit": "items"})})
	add(Case{Surface: "rest", Name: "Prefer count=exact", Method: "GET", Path: "/rest/v1/claims?select=id&limit=1", Header: merge(compat, map[string]string{"Prefer": "count=exact"})})
	add(Case{Surface: "rest", Name: "Accept text/csv", Method: "GET", Path: "/rest/v1/claims?select=*", Header: merge(compat, map[string]string{"Accept": "text/csv"})})
	add(Case{Surface: "rest", Name: "Accept-Profile private", Method: "GET", Path: "/rest/v1/claims?select=id", Header: merge(compat, map[string]string{"Accept-Profile": "private"}), Expect: four})
	add(Case{Surface: "rest", Name: "POST to the read-only table", Method: "POST", Path: "/rest/v1/claims", Header: compatJSON, Body: `{"content":"x"}`, Expect: four})
	add(Case{Surface: "rest", Name: "10 KB filter value", Method: "GET", Path: "/rest/v1/claims?select=id&content=eq." + strings.Repeat("a", 10_000), Header: compat})
	for _, param := range []string{"select", "order", "limit", "offset", "id", "content", "ai_score", "created_at", "or", "and", "not.id"} {
		for i, v := range badValues {
			add(Case{Surface: "rest", Name: fmt.Sprintf("%s=bad value #%d", param, i), Method: "GET",
				Path: "/rest/v1/claims?" + param + "=" + url.QueryEscape(v), Header: compat})
		}
	}
	for name, key := range badKeys() {
		add(Case{Surface: "rest", Name: "key: " + name, Method: "GET", Path: "/rest/v1/claims?select=id", Header: map[string]string{"apikey": key}, Expect: four})
		add(Case{Surface: "functions", Name: "key: " + name, Method: "POST", Path: "/functions/v1/quick-responder",
			Header: map[string]string{"apikey": key, "Content-Type": "application/json"}, Body: `{"claim":"Aşılar otizme neden olur"}`, Expect: four})
		add(Case{Surface: "v1", Name: "key: " + name, Method: "GET", Path: "/v1/claims/search?q=a",
			Header: map[string]string{"Authorization": "Bearer " + key}, Expect: four})
	}

	// The analyse function and /v1 submit: bodies.
	add(Case{Surface: "functions", Name: fmt.Sprintf("30 MB body without a key, %d at once", bigConc), Method: "POST", Path: "/functions/v1/quick-responder",
		Header: map[string]string{"Content-Type": "application/json"}, BodySize: 30 << 20, Repeat: bigConc, Concurrent: true,
		Expect: Expect{Status: []int{401, 413}, Why: "issue 14 item 2: refused before the body is read"}})
	add(Case{Surface: "functions", Name: "30 MB body with a key, 4 at once", Method: "POST", Path: "/functions/v1/quick-responder",
		Header: compatJSON, BodySize: 30 << 20, Repeat: 4, Concurrent: true, Expect: Expect{Status: []int{413}, Why: "issue 14 item 2"}})
	add(Case{Surface: "v1", Name: fmt.Sprintf("30 MB body to /v1/claims/submit, %d at once", bigConc), Method: "POST", Path: "/v1/claims/submit",
		Header: v1JSON, BodySize: 30 << 20, Repeat: bigConc, Concurrent: true, Expect: Expect{Status: []int{413}, Why: "issue 14 item 2"}})
	names := make([]string, 0, len(hostileClaims))
	for n := range hostileClaims {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		body := jsonString(map[string]string{"claim": hostileClaims[n]})
		add(Case{Surface: "functions", Name: "claim: " + n, Method: "POST", Path: "/functions/v1/quick-responder", Header: compatJSON, Body: body,
			Expect: Expect{Status: []int{400}, Why: "issue 14 item 3: a field error"}})
		add(Case{Surface: "v1", Name: "submit claim: " + n, Method: "POST", Path: "/v1/claims/submit", Header: v1JSON, Body: body,
			Expect: Expect{Status: []int{400}, Why: "issue 14 item 3: a field error before anything is charged"}})
		add(Case{Surface: "web", Name: "form claim: " + n, Method: "POST", Path: "/", Form: true,
			Body: "claim=" + url.QueryEscape(hostileClaims[n]), Expect: Expect{Client4xx: true, Why: "issue 14 item 3: a form error"}})
	}
	for i, b := range malformedJSON() {
		add(Case{Surface: "functions", Name: fmt.Sprintf("malformed JSON #%d", i), Method: "POST", Path: "/functions/v1/quick-responder", Header: compatJSON, Body: b, Expect: four})
		add(Case{Surface: "v1", Name: fmt.Sprintf("submit malformed JSON #%d", i), Method: "POST", Path: "/v1/claims/submit", Header: v1JSON, Body: b, Expect: four})
		add(Case{Surface: "v1", Name: fmt.Sprintf("webhook malformed JSON #%d", i), Method: "POST", Path: "/v1/webhooks", Header: v1JSON, Body: b, Expect: four})
	}
	add(Case{Surface: "functions", Name: "text/plain body", Method: "POST", Path: "/functions/v1/quick-responder",
		Header: merge(compat, map[string]string{"Content-Type": "text/plain"}), Body: `{"claim":"x y z"}`, Expect: four})
	add(Case{Surface: "functions", Name: "source_url javascript:", Method: "POST", Path: "/functions/v1/quick-responder", Header: compatJSON,
		Body: `{"claim":"Aşılar otizme neden olur","source_url":"javascript:alert(1)"}`, Expect: four})
	add(Case{Surface: "functions", Name: "source_url 10 KB", Method: "POST", Path: "/functions/v1/quick-responder", Header: compatJSON,
		Body: `{"claim":"Aşılar otizme neden olur","source_url":"https://example.com/` + strings.Repeat("a", 10_000) + `"}`, Expect: four})
	add(Case{Surface: "functions", Name: "GET the function", Method: "GET", Path: "/functions/v1/quick-responder", Header: compat, Expect: four})
	add(Case{Surface: "functions", Name: "unknown function", Method: "POST", Path: "/functions/v1/../../etc/passwd", Header: compatJSON, Body: "{}", Expect: four})

	// /v1 reads.
	for i, v := range badValues {
		q := url.QueryEscape(v)
		add(Case{Surface: "v1", Name: fmt.Sprintf("search q bad value #%d", i), Method: "GET", Path: "/v1/claims/search?q=" + q, Header: v1})
		add(Case{Surface: "v1", Name: fmt.Sprintf("search limit bad value #%d", i), Method: "GET", Path: "/v1/claims/search?q=a&limit=" + q + "&cursor=" + q, Header: v1})
		add(Case{Surface: "v1", Name: fmt.Sprintf("score of bad id #%d", i), Method: "GET", Path: "/v1/claims/" + url.PathEscape(v) + "/score", Header: v1})
		add(Case{Surface: "v1", Name: fmt.Sprintf("experts bad params #%d", i), Method: "GET", Path: "/v1/experts?limit=" + q + "&cursor=" + q, Header: v1})
		add(Case{Surface: "v1", Name: fmt.Sprintf("firm bad slug #%d", i), Method: "GET", Path: "/v1/firms/" + url.PathEscape(v), Header: v1})
	}
	add(Case{Surface: "v1", Name: "search q=a%00b", Method: "GET", Path: "/v1/claims/search?q=a%00b", Header: v1,
		Expect: Expect{Status: []int{200, 400}, Why: "issue 14 item 4: NUL refused or handled alike on both databases"}})

	// Webhook addresses that reach inside.
	for _, u := range ssrfURLs {
		add(Case{Surface: "v1", Name: "webhook to " + u, Method: "POST", Path: "/v1/webhooks", Header: v1JSON,
			Body: jsonString(map[string]any{"url": u, "event_types": []string{"claim.created"}}), Expect: Expect{Client4xx: true, Why: "SSRF guard"}})
	}

	// The web: forms without CSRF, odd paths and parameters.
	for _, p := range []string{"/", "/login", "/signup", "/beta", "/pricing/contact", "/password/forgot", "/logout", "/login/unlock", "/account/keys", "/billing/checkout"} {
		add(Case{Surface: "web", Name: "form without CSRF: " + p, Method: "POST", Path: p,
			Header: map[string]string{"Content-Type": "application/x-www-form-urlencoded"},
			Body:   "claim=A%C5%9F%C4%B1lar+otizme+neden+olur&email=a%40example.com&password=hunter22hunter22&name=x",
			Expect: Expect{Status: []int{400, 401, 403, 404, 405}, Why: "CSRF refused"}})
	}
	for _, p := range []string{
		"/claims?page=abc", "/claims?page=-1", "/claims?page=99999999999999", "/claims?q=%00", "/claims?q=" + strings.Repeat("a", 3000),
		"/claims/not-a-uuid", "/claims/%00", "/claims/" + strings.Repeat("a", 500), "/claims/" + uuid.NewString(),
		"/firms/%00", "/firms/" + strings.Repeat("x", 300), "/experts/not-an-id", "/verify/junk", "/setup/junk",
		"/password/reset/junk", "/login/unlock/junk", "/beta/confirm/junk", "/beta/leave/junk", "/email/confirm/junk",
		"/account", "/admin", "/admin/waitlist.csv", "/live?since=abc", "/docs?x=%ff", "/%ff%fe", "/" + strings.Repeat("a", 8000),
		"/static/../../etc/passwd", "/static/%2e%2e/%2e%2e/etc/passwd",
	} {
		add(Case{Surface: "web", Name: "GET " + clip(p, 60), Method: "GET", Path: p})
	}
	add(Case{Surface: "web", Name: "Stripe webhook with a bad signature", Method: "POST", Path: "/webhooks/stripe",
		Header: map[string]string{"Content-Type": "application/json", "Stripe-Signature": "t=1,v1=00"}, Body: `{"id":"evt_1","type":"checkout.session.completed"}`, Expect: four})
	add(Case{Surface: "web", Name: "64 KB cookie", Method: "GET", Path: "/", Header: map[string]string{"Cookie": "s=" + strings.Repeat("a", 64<<10)}})
	return cs
}

func merge(a, b map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

func badKeys() map[string]string {
	return map[string]string{
		"empty":         " ",
		"wrong scheme":  "sk_live_" + strings.Repeat("a", 43),
		"right shape":   "cc_live_" + strings.Repeat("A", 43),
		"10 KB":         strings.Repeat("k", 10_000),
		"SQL":           "' OR 1=1 --",
		"unicode":       "cc_live_🙂🙂🙂",
		"bearer inside": "Bearer Bearer x",
	}
}

func malformedJSON() []string {
	return []string{
		"{", `{"claim":`, "[]", "null", `"just a string"`, "42", `{"claim": 5}`, `{"claim": ["a"]}`, `{"claim": {"a": 1}}`,
		`{"claim":"Aşılar otizme neden olur"} {"claim":"x"}`, strings.Repeat("[", 100_000), `{"claim":"` + "\xff\xfe" + `"}`,
		`{"url": ["a"], "event_types": "x"}`, `{"claim":"\ud800"}`,
	}
}

func jsonString(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only literal maps of strings are marshalled here
	}
	return string(b)
}

// Outcome is what the battery saw.
type Outcome struct {
	// Requests is how many requests were sent; Answered how many got an HTTP answer.
	Requests, Answered int
	// NoAnswer counts requests the server closed without answering (e.g. while refusing a body).
	NoAnswer int
	// Status counts answers by status.
	Status map[int]int
	// Problems lists every broken rule, with the case that broke it.
	Problems []string
	// Bytes is the total size of the bodies answered.
	Bytes int64
	// Elapsed is the battery's wall time.
	Elapsed time.Duration
	// GroupRSS is the server's peak RSS during each group of concurrent requests, by case name.
	GroupRSS []GroupPeak
}

// GroupPeak is the server's peak resident memory while one group of concurrent requests ran.
type GroupPeak struct {
	// Name is the group's case.
	Name string
	// Peak is the highest VmRSS sampled while it ran, in bytes.
	Peak int64
	// Answers lists the group's statuses and answer sizes, e.g. "200 (2.1 MB)".
	Answers []string
}

// Count returns how many problems are of kind.
func (o Outcome) Count(kind string) int {
	n := 0
	for _, p := range o.Problems {
		if strings.HasPrefix(p, kind+":") {
			n++
		}
	}
	return n
}

var csrfInput = regexp.MustCompile(`name="_csrf" value="([^"]+)"`)

// Run sends every case to env.Base: the concurrent ones all at once, the others from 4 workers.
func Run(ctx context.Context, env Env, cases []Case) Outcome {
	start := time.Now()
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Timeout: 90 * time.Second, Jar: jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	plain := &http.Client{Timeout: 90 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	token := ""
	if resp, err := client.Get(env.Base + "/"); err == nil {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		resp.Body.Close()
		if m := csrfInput.FindSubmatch(b); m != nil {
			token = string(m[1])
		}
	}
	var (
		mu  sync.Mutex
		out = Outcome{Status: map[int]int{}}
	)
	one := func(c Case) (answer string) {
		cl := plain
		body := c.Body
		if c.Form {
			cl = client
			body += "&_csrf=" + url.QueryEscape(token)
		}
		status, text, n, err := send(ctx, cl, env.Base, c, body)
		mu.Lock()
		defer mu.Unlock()
		out.Requests++
		if err != nil {
			answer = "no answer"
			out.NoAnswer++
			switch {
			case !c.Oversized():
				out.Problems = append(out.Problems, fmt.Sprintf("no answer: %s %s: %s", c.Surface, clip(c.Name, 80), clip(lastPart(err), 160)))
			case c.Expect.wants2xx():
				out.Problems = append(out.Problems, fmt.Sprintf("contract: %s %s → no answer: want %s (%s)", c.Surface, clip(c.Name, 80), statusList(c.Expect.Status), c.Expect.Why))
			}
			return
		}
		answer = fmt.Sprintf("%d (%.1f MB)", status, float64(n)/(1<<20))
		out.Answered++
		out.Bytes += n
		out.Status[status]++
		for _, p := range Classify(status, text, c.Expect) {
			out.Problems = append(out.Problems, fmt.Sprintf("%s: %s %s → %d: %s", p.Kind, c.Surface, clip(c.Name, 80), status, p.Detail))
		}
		return answer
	}
	work := make(chan Case)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range work {
				for range max(c.Repeat, 1) {
					one(c)
				}
			}
		}()
	}
	for _, c := range cases {
		if ctx.Err() != nil {
			break
		}
		if !c.Concurrent {
			work <- c
			continue
		}
		var g sync.WaitGroup
		answers := make([]string, max(c.Repeat, 1))
		for i := range answers {
			g.Add(1)
			go func() { defer g.Done(); answers[i] = one(c) }()
		}
		peak := watchRSS(env.RSS, 20*time.Millisecond)
		g.Wait()
		if p := peak(); p > 0 {
			mu.Lock()
			out.GroupRSS = append(out.GroupRSS, GroupPeak{Name: c.Surface + " " + c.Name, Peak: p, Answers: answers})
			mu.Unlock()
		}
	}
	close(work)
	wg.Wait()
	out.Elapsed = time.Since(start)
	return out
}

// scanLimit is how much of an answer is searched for leaks: errors are short, and a 50 MB list
// of ids is not searched whole.
const scanLimit = 1 << 20

func send(ctx context.Context, client *http.Client, base string, c Case, body string) (int, string, int64, error) {
	var r io.Reader
	size := int64(len(body))
	if c.BodySize > 0 {
		r, size = bigJSON(c.BodySize), c.BodySize
	} else if body != "" {
		r = strings.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, c.Method, base+c.Path, r)
	if err != nil {
		// A request the client cannot even form is a defect of the case, not of the server.
		return 0, "", 0, fmt.Errorf("bad case: %w", err)
	}
	req.ContentLength = size
	for k, v := range c.Header {
		req.Header.Set(k, v)
	}
	if c.Form {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, "", 0, err
	}
	defer resp.Body.Close()
	head, _ := io.ReadAll(io.LimitReader(resp.Body, scanLimit))
	rest, _ := io.Copy(io.Discard, resp.Body)
	return resp.StatusCode, string(head), int64(len(head)) + rest, nil
}

// bigJSON is a JSON object of size bytes whose claim is one long word, produced as it is read.
func bigJSON(size int64) io.Reader {
	prefix, suffix := `{"claim":"`, `"}`
	fill := size - int64(len(prefix)+len(suffix))
	return io.MultiReader(strings.NewReader(prefix), io.LimitReader(repeatA{}, fill), strings.NewReader(suffix))
}

type repeatA struct{}

func (repeatA) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'a'
	}
	return len(p), nil
}

// lastPart drops the URL from a client error (it repeats the case, sometimes kilobytes of it).
func lastPart(err error) string {
	s := err.Error()
	if i := strings.LastIndex(s, "\": "); i >= 0 {
		return s[i+3:]
	}
	return s
}

// watchRSS samples rss every interval until the returned function is called, which returns the peak.
func watchRSS(rss func() int64, interval time.Duration) func() int64 {
	if rss == nil {
		return func() int64 { return 0 }
	}
	stop, done := make(chan struct{}), make(chan int64)
	go func() {
		peak := rss()
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-stop:
				done <- max(peak, rss())
				return
			case <-t.C:
				peak = max(peak, rss())
			}
		}
	}()
	return func() int64 { close(stop); return <-done }
}
