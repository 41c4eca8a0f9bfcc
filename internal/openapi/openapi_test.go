package openapi_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/internal/openapi"
)

// TestEmbeddedDocumentPassesCheck is the gate on the hand-written document: valid JSON, OpenAPI
// 3.1.0, every reference resolving, every operation complete (see Check).
func TestEmbeddedDocumentPassesCheck(t *testing.T) {
	if err := openapi.Check(openapi.Raw()); err != nil {
		t.Fatalf("the embedded document fails its check:\n%v", err)
	}
	var top map[string]any
	if err := json.Unmarshal(openapi.Raw(), &top); err != nil {
		t.Fatal(err)
	}
	if top["openapi"] != "3.1.0" {
		t.Errorf("openapi = %v, want 3.1.0", top["openapi"])
	}
}

// TestLoadReadsEveryOperation checks the typed reading the docs page relies on: order kept,
// references resolved, examples and problem responses present.
func TestLoadReadsEveryOperation(t *testing.T) {
	doc, err := openapi.Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Operations) == 0 || len(doc.Webhooks) == 0 || len(doc.Schemas) == 0 || len(doc.Tags) == 0 {
		t.Fatalf("document looks empty: %d operations, %d webhooks, %d schemas, %d tags",
			len(doc.Operations), len(doc.Webhooks), len(doc.Schemas), len(doc.Tags))
	}
	ids := map[string]bool{}
	for _, op := range doc.Operations {
		where := op.Method + " " + op.Path
		if op.OperationID == "" || op.Summary == "" {
			t.Errorf("%s: operationId %q summary %q", where, op.OperationID, op.Summary)
		}
		if ids[op.OperationID] {
			t.Errorf("%s: operationId %s repeated", where, op.OperationID)
		}
		ids[op.OperationID] = true
		if !strings.HasPrefix(op.Path, "/v1/") {
			t.Errorf("%s: not a /v1 path", where)
		}
		var success bool
		for _, r := range op.Responses {
			if strings.HasPrefix(r.Status, "2") && (r.Status == "204" || len(r.Content) > 0 && len(r.Content[0].Examples) > 0) {
				success = true
			}
			if n := r.Status; n >= "400" && n < "600" {
				if len(r.Content) == 0 || r.Content[0].Type != openapi.ProblemMediaType || r.Content[0].Schema.RefName() != "Problem" {
					t.Errorf("%s %s: error response is not a Problem", where, r.Status)
				}
				for _, ex := range r.Content[0].Examples {
					var p struct {
						Type   string `json:"type"`
						Status int    `json:"status"`
					}
					if err := json.Unmarshal(ex.Value, &p); err != nil {
						t.Errorf("%s %s: example %s: %v", where, r.Status, ex.Name, err)
					}
					if !strings.HasPrefix(p.Type, openapi.ProblemTypeBase) || r.Status != "4XX" && itoa(p.Status) != r.Status {
						t.Errorf("%s %s: example %s has type %q status %d", where, r.Status, ex.Name, p.Type, p.Status)
					}
				}
			}
		}
		if !success {
			t.Errorf("%s: no 2xx response with an example", where)
		}
		if !op.Public {
			for _, want := range []string{"401", "403", "429"} {
				if !hasStatus(op, want) {
					t.Errorf("%s: does not document %s", where, want)
				}
			}
		}
	}
	if op, ok := doc.Operation("getOpenAPIDocument"); !ok || !op.Public {
		t.Errorf("GET /v1/openapi.json must be documented as public: %+v", op)
	}
	// Order: the paths come out in the file's order, not sorted.
	if doc.Operations[0].OperationID != "getClaimScore" {
		t.Errorf("first operation = %s, want getClaimScore (document order)", doc.Operations[0].OperationID)
	}
}

// TestProblemTypesAreDocumented checks every problem type has a title, a description and a status
// matching its documented responses.
func TestProblemTypesAreDocumented(t *testing.T) {
	doc, err := openapi.Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.ProblemTypes) == 0 {
		t.Fatal("no problem types")
	}
	for _, p := range doc.ProblemTypes {
		if p.Slug == "" || p.Title == "" || p.Description == "" || p.Status < 400 || p.URI != openapi.ProblemTypeBase+p.Slug {
			t.Errorf("incomplete problem type %+v", p)
		}
	}
}

// TestWithServer checks the served document names this deployment and keeps everything else.
func TestWithServer(t *testing.T) {
	for _, tc := range []struct{ base, want string }{
		{"https://api.example.org/", "https://api.example.org"},
		{"http://127.0.0.1:8080", "http://127.0.0.1:8080"},
		{"", "/"},
	} {
		b, err := openapi.WithServer(tc.base)
		if err != nil {
			t.Fatal(err)
		}
		var d struct {
			OpenAPI string `json:"openapi"`
			Servers []struct {
				URL string `json:"url"`
			} `json:"servers"`
			Paths map[string]any `json:"paths"`
		}
		if err := json.Unmarshal(b, &d); err != nil {
			t.Fatal(err)
		}
		if len(d.Servers) != 1 || d.Servers[0].URL != tc.want {
			t.Errorf("base %q: servers = %+v, want one with %q", tc.base, d.Servers, tc.want)
		}
		if d.OpenAPI != "3.1.0" || len(d.Paths) == 0 {
			t.Errorf("base %q: document lost its content", tc.base)
		}
		if !strings.HasPrefix(string(b), "{\n  \"openapi\"") {
			t.Errorf("base %q: openapi should come first, got %.40q", tc.base, b)
		}
		if err := openapi.Check(b); err != nil {
			t.Errorf("base %q: served document fails its check: %v", tc.base, err)
		}
	}
}

// TestCheckFindsDefects feeds Check broken documents, so the gate above is known to bite.
func TestCheckFindsDefects(t *testing.T) {
	valid := `{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/v1/x/{id}":{"get":{
		"operationId":"getX","summary":"s","description":"d","tags":["T"],
		"parameters":[{"name":"id","in":"path","required":true,"description":"d","schema":{"type":"string"}}],
		"responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"type":"object"},"example":{}}}},
		"401":{"$ref":"#/components/responses/P"},"403":{"$ref":"#/components/responses/P"},"429":{"$ref":"#/components/responses/P"}}}}},
		"components":{"schemas":{"Problem":{"type":"object"}},"responses":{"P":{"description":"p","content":{"application/problem+json":{"schema":{"$ref":"#/components/schemas/Problem"},"example":{"type":"/docs#problem-x"}}}}}}}`
	if err := openapi.Check([]byte(valid)); err != nil {
		t.Fatalf("the minimal valid document is refused: %v", err)
	}
	for _, tc := range []struct{ name, from, to, want string }{
		{"not JSON", `{"openapi"`, `{"openapi",`, "not JSON"},
		{"wrong version", `"3.1.0"`, `"3.0.3"`, "want \"3.1.0\""},
		{"dangling ref", `#/components/schemas/Problem"`, `#/components/schemas/Nope"`, "does not resolve"},
		{"no operationId", `"operationId":"getX",`, ``, "no operationId"},
		{"no summary", `"summary":"s",`, ``, "no summary"},
		{"undeclared path parameter", `"/v1/x/{id}"`, `"/v1/x/{id}/{other}"`, "does not declare path parameter other"},
		{"success without example", `"example":{}}}},`, `"examples":{}}}},`, "no 2xx response"},
		{"error that is not a problem", `"401":{"$ref":"#/components/responses/P"}`, `"401":{"description":"x"}`, "response 401 is not an application/problem+json"},
		{"missing 429", `,"429":{"$ref":"#/components/responses/P"}`, ``, "does not document the 429 problem"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			broken := strings.Replace(valid, tc.from, tc.to, 1)
			if broken == valid {
				t.Fatalf("replacement %q not found", tc.from)
			}
			err := openapi.Check([]byte(broken))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Check = %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

func hasStatus(op openapi.Operation, s string) bool {
	for _, r := range op.Responses {
		if r.Status == s {
			return true
		}
	}
	return false
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestExamplesMatchTheirSchemas validates every example of the document against its schema, so
// the examples readers copy are real instances of what the document promises.
func TestExamplesMatchTheirSchemas(t *testing.T) {
	doc, err := openapi.Load()
	if err != nil {
		t.Fatal(err)
	}
	check := func(where string, s *openapi.Schema, ex openapi.Example) {
		t.Helper()
		if s == nil {
			t.Errorf("%s: example without a schema", where)
			return
		}
		for _, e := range doc.ValidateJSON(s, ex.Value) {
			t.Errorf("%s example %q: %s", where, ex.Name, e)
		}
	}
	n := 0
	for _, op := range append(append([]openapi.Operation{}, doc.Operations...), doc.Webhooks...) {
		where := op.Method + " " + op.Path
		for _, p := range op.Parameters {
			if len(p.Example) > 0 {
				check(where+" parameter "+p.Name, p.Schema, openapi.Example{Value: p.Example})
				n++
			}
		}
		if op.RequestBody != nil {
			for _, c := range op.RequestBody.Content {
				for _, ex := range c.Examples {
					check(where+" request "+c.Type, c.Schema, ex)
					n++
				}
			}
		}
		for _, r := range op.Responses {
			for _, c := range r.Content {
				if !strings.Contains(c.Type, "json") {
					continue
				}
				for _, ex := range c.Examples {
					check(where+" response "+r.Status+" "+c.Type, c.Schema, ex)
					n++
				}
			}
		}
	}
	if n < 40 {
		t.Errorf("only %d examples checked; the document should have many more", n)
	}
}

// TestValidateFindsMismatches shows the validator bites: wrong types, missing and undeclared
// members, enums, formats, bounds, nullable alternatives.
func TestValidateFindsMismatches(t *testing.T) {
	doc, err := openapi.Load()
	if err != nil {
		t.Fatal(err)
	}
	score := &openapi.Schema{Ref: "#/components/schemas/Score"}
	for _, tc := range []struct{ name, body, want string }{
		{"valid", `{"score": 87.5, "verdict": "verified", "experts": 3, "confidence": 0.92}`, ""},
		{"wrong type", `{"score": "87", "verdict": "verified", "experts": 3, "confidence": 0.92}`, "$.score: is string, want number"},
		{"missing member", `{"score": 87.5, "verdict": "verified", "experts": 3}`, `lacks required member "confidence"`},
		{"undeclared member", `{"score": 87.5, "verdict": "verified", "experts": 3, "confidence": 0.9, "extra": 1}`, `member "extra" that the document does not describe`},
		{"enum", `{"score": 87.5, "verdict": "dogru", "experts": 3, "confidence": 0.92}`, "is not one of"},
		{"bound", `{"score": 101, "verdict": "verified", "experts": 3, "confidence": 0.92}`, "above the maximum 100"},
		{"integer", `{"score": 87.5, "verdict": "verified", "experts": 2.5, "confidence": 0.92}`, "$.experts: is number, want integer"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			errs := doc.ValidateJSON(score, []byte(tc.body))
			got := strings.Join(errs, "\n")
			if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
				t.Errorf("errors %q, want %q", got, tc.want)
			}
		})
	}
	firmRef := &openapi.Schema{Ref: "#/components/schemas/ClaimSummary"}
	base := `{"id":"0190f5c2-7a4e-7c1b-9d2e-5b8f3a6c1d40","content":"x","source_url":null,"language":"tr","category":"health",
		"created_at":"2026-11-21T10:15:01Z","score":{"score":1,"verdict":"refuted","experts":0,"confidence":0},"links":{"self":"/v1/claims/x"},`
	if errs := doc.ValidateJSON(firmRef, []byte(base+`"firm":null}`)); len(errs) > 0 {
		t.Errorf("null firm refused: %v", errs)
	}
	if errs := doc.ValidateJSON(firmRef, []byte(base+`"firm":{"slug":"bbc"}}`)); len(errs) == 0 {
		t.Error("an incomplete firm was accepted")
	}
	if errs := doc.ValidateJSON(firmRef, []byte(strings.Replace(base, "2026-11-21T10:15:01Z", "yesterday", 1)+`"firm":null}`)); len(errs) == 0 {
		t.Error("a malformed date-time was accepted")
	}
}

// TestDocumentsNotEnoughEvidence checks that the document tells clients how /v1 says a claim has
// not enough evidence, and that the trust score counts only confirmed or expert-settled claims.
func TestDocumentsNotEnoughEvidence(t *testing.T) {
	var doc struct {
		Info struct {
			Description string `json:"description"`
		} `json:"info"`
		Components struct {
			Schemas map[string]struct {
				Required   []string                   `json:"required"`
				Properties map[string]json.RawMessage `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(openapi.Raw(), &doc); err != nil {
		t.Fatal(err)
	}
	s := doc.Components.Schemas
	for _, tc := range []struct{ schema, property string }{
		{"Score", "decided"}, {"Score", "basis"}, {"Analysis", "decided"}, {"Analysis", "verdict_basis"},
		{"Claim", "evidence"}, {"Evidence", "related"}, {"Evidence", "source"}, {"FactCheckRef", "claim_reviewed"},
	} {
		if _, ok := s[tc.schema].Properties[tc.property]; !ok {
			t.Errorf("schema %s lacks %s", tc.schema, tc.property)
		}
	}
	if !strings.Contains(strings.Join(s["Claim"].Required, ","), "evidence") {
		t.Error("Claim does not require evidence")
	}
	// Existing clients read these; adding must not have removed any.
	for _, f := range []string{"score", "verdict", "experts", "confidence"} {
		if !strings.Contains(strings.Join(s["Score"].Required, ","), f) {
			t.Errorf("Score no longer requires %s", f)
		}
	}
	for _, want := range []string{"not-enough-evidence", "`decided: false`", "different subject: tea ≠ smoking", "attributed by the submitter"} {
		if !strings.Contains(doc.Info.Description, want) {
			t.Errorf("the description does not mention %q", want)
		}
	}
}
