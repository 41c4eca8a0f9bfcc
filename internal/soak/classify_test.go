package soak

import (
	"slices"
	"strings"
	"testing"
)

func TestLeaksFindsInternalsAndOnlyThem(t *testing.T) {
	cases := []struct {
		name string
		body string
		want []string
	}{
		{"pgx error", `{"message":"ERROR: invalid input syntax for type uuid: \"x\" (SQLSTATE 22P02)"}`, []string{"SQLSTATE", postgresText}},
		{"gorm", `record not found: gorm: record not found`, []string{"GORM"}},
		{"Go type in a 400", `{"error":"json: cannot unmarshal array into Go value of type map[string]json.RawMessage."}`, []string{"Go type name"}},
		{"runtime error", `runtime error: index out of range [3] with length 3`, []string{"Go runtime error"}},
		{"stack", "goroutine 17 [running]:\nmain.go:42", []string{"Go runtime error", "Go source position"}},
		{"SQLite", `SQL logic error: no such column: passwd (1)`, []string{"SQLite error text"}},
		{"database/sql", `sql: no rows in result set`, []string{"database/sql"}},
		{"panic", `panic: boom`, []string{"panic"}},
		{"plain 400", `{"error":"Missing field \"claim\": the claim text to analyse."}`, nil},
		{"problem JSON", `{"type":"https://claimcheck.example/problems/invalid-request","title":"Invalid request","status":400,"errors":[{"field":"claim","message":"has no words"}]}`, nil},
		{"HTML page", `<html><body><h1>Claim not found</h1><p>Go back to the claims list.</p></body></html>`, nil},
		{"claim about databases", `{"content":"Databases are faster in memory"}`, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Leaks(c.body); !slices.Equal(got, c.want) {
				t.Errorf("Leaks(%q) = %q, want %q", c.body, got, c.want)
			}
		})
	}
}

func TestClassify(t *testing.T) {
	pgrst := `{"code":"22P02","details":null,"hint":null,"message":"invalid input syntax for type uuid: \"\""}`
	cases := []struct {
		name   string
		status int
		body   string
		exp    Expect
		want   []string // problem kinds
	}{
		{"a 503 is a problem whatever was expected", 503, `{"error":"retry shortly"}`, Expect{Client4xx: true}, []string{"5xx"}},
		{"a 500 that leaks is two problems", 500, `sql: database is closed`, Expect{}, []string{"5xx", "leak"}},
		{"a clean 400 passes", 400, `{"error":"bad"}`, Expect{Client4xx: true}, nil},
		{"a 200 where a 4xx is due breaks the contract", 200, `{}`, Expect{Client4xx: true, Why: "x"}, []string{"contract"}},
		{"a listed status passes", 413, ``, Expect{Status: []int{401, 413}}, nil},
		{"an unlisted status breaks the contract", 431, ``, Expect{Status: []int{200}}, []string{"contract"}},
		{"PostgREST's error text is allowed where declared", 400, pgrst, Expect{PostgRESTErrors: true}, nil},
		{"PostgREST's error text elsewhere is a leak", 400, pgrst, Expect{}, []string{"leak"}},
		{"SQLSTATE is a leak even on the REST API", 400, `{"message":"ERROR: x (SQLSTATE 22P02)"}`, Expect{PostgRESTErrors: true}, []string{"leak"}},
		{"no expectation, any 4xx passes", 404, `not found`, Expect{}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var kinds []string
			for _, p := range Classify(c.status, c.body, c.exp) {
				kinds = append(kinds, p.Kind)
			}
			if !slices.Equal(kinds, c.want) {
				t.Errorf("Classify(%d, %q) kinds = %q, want %q", c.status, c.body, kinds, c.want)
			}
		})
	}
}

func TestPanicsReadsTheLog(t *testing.T) {
	log := strings.Join([]string{
		`time=… level=INFO msg="claimcheck listening"`,
		`time=… level=ERROR msg="check claim" err="runtime error: invalid memory address or nil pointer dereference"`,
		`panic: boom`,
		`goroutine 1 [running]:`,
		`time=… level=INFO msg="request"`,
	}, "\n")
	got := Panics(log, 10)
	if len(got) != 3 {
		t.Fatalf("Panics found %d lines, want 3: %q", len(got), got)
	}
	if got := Panics(log, 1); len(got) != 1 {
		t.Errorf("Panics with max 1 returned %d lines", len(got))
	}
	if got := Panics("time=… level=INFO msg=ok\n", 10); got != nil {
		t.Errorf("a clean log gives %q", got)
	}
}

func TestBatteryCoversEverySurfaceWithEnoughRequests(t *testing.T) {
	cases := Battery(Env{Base: "http://127.0.0.1:1", CompatKey: "k", V1Key: "v", ClaimID: "00000000-0000-0000-0000-000000000000"}, false)
	requests := 0
	surfaces := map[string]int{}
	for _, c := range cases {
		requests += max(c.Repeat, 1)
		surfaces[c.Surface]++
		if c.Surface == "rest" && !c.Expect.PostgRESTErrors {
			t.Errorf("rest case %q does not allow PostgREST's error texts", c.Name)
		}
	}
	if requests < 500 {
		t.Errorf("the battery sends %d requests, want 500 or more", requests)
	}
	for _, s := range []string{"rest", "functions", "v1", "web"} {
		if surfaces[s] == 0 {
			t.Errorf("no case on surface %s", s)
		}
	}
}

func TestOversized(t *testing.T) {
	cases := []struct {
		c    Case
		want bool
	}{
		{Case{Path: "/claims"}, false},
		{Case{Path: "/claims", BodySize: 30 << 20}, true},
		{Case{Path: "/" + strings.Repeat("a", 5000)}, true},
		{Case{Path: "/", Header: map[string]string{"Cookie": strings.Repeat("a", 5000)}}, true},
		{Case{Path: "/", Header: map[string]string{"apikey": "k"}, Body: strings.Repeat("a", 10_000)}, false},
	}
	for i, c := range cases {
		if got := c.c.Oversized(); got != c.want {
			t.Errorf("case %d: Oversized = %v, want %v", i, got, c.want)
		}
	}
}
