// Package openapi holds the OpenAPI 3.1 document of the /v1 API. The document is written by hand
// as openapi.json and embedded in the binary; /v1/openapi.json serves it (with this deployment's
// base URL as its server) and /docs renders it, so the machine-readable and the readable reference
// can never disagree. Load parses it into the typed subset the docs page and the tests need and
// refuses a document whose references do not resolve.
package openapi

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

//go:embed openapi.json
var raw []byte

// Version is the OpenAPI version the document declares.
const Version = "3.1.0"

// Raw returns the embedded document exactly as written.
func Raw() []byte { return bytes.Clone(raw) }

// topOrder is the order of the top-level members when the document is re-encoded, so readers
// see the info and paths before the components, as in the source file.
var topOrder = []string{"openapi", "info", "jsonSchemaDialect", "servers", "security", "tags", "paths", "webhooks", "components", "externalDocs"}

// WithServer returns the document, indented, with a single server whose URL is baseURL (an empty
// baseURL keeps the relative "/" of the source). Clients that generate code from the document
// then call the deployment that served it.
func WithServer(baseURL string) ([]byte, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(raw, &top); err != nil {
		return nil, fmt.Errorf("openapi document: %w", err)
	}
	if baseURL = strings.TrimRight(baseURL, "/"); baseURL != "" {
		servers, err := json.Marshal([]map[string]string{{"url": baseURL, "description": "This deployment"}})
		if err != nil {
			return nil, fmt.Errorf("openapi servers: %w", err)
		}
		top["servers"] = servers
	}
	keys := make([]string, 0, len(top))
	for k := range top {
		keys = append(keys, k)
	}
	rank := func(k string) int {
		for i, o := range topOrder {
			if o == k {
				return i
			}
		}
		return len(topOrder)
	}
	sort.SliceStable(keys, func(i, j int) bool {
		if ri, rj := rank(keys[i]), rank(keys[j]); ri != rj {
			return ri < rj
		}
		return keys[i] < keys[j]
	})
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		name, _ := json.Marshal(k)
		b.Write(name)
		b.WriteByte(':')
		b.Write(top[k])
	}
	b.WriteByte('}')
	var out bytes.Buffer
	if err := json.Indent(&out, b.Bytes(), "", "  "); err != nil {
		return nil, fmt.Errorf("openapi document: %w", err)
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// Methods are the HTTP methods a path item may hold, in the order the docs list them.
var Methods = []string{"get", "head", "post", "put", "patch", "delete", "options", "trace"}

// Document is the typed subset of the document that the docs page renders.
type Document struct {
	// OpenAPI is the declared version ("3.1.0").
	OpenAPI string
	// Info is the title, version and narrative description.
	Info Info
	// Servers are the base URLs the document names.
	Servers []string
	// Tags group the operations; their order is the docs' order.
	Tags []Tag
	// Operations are every operation of every path, in document order.
	Operations []Operation
	// Webhooks are the outgoing events, in document order.
	Webhooks []Operation
	// Schemas are the named component schemas, in document order.
	Schemas []NamedSchema
	// SecuritySchemes are the ways to authenticate, in document order.
	SecuritySchemes []SecurityScheme
	// ProblemTypes are the documented problem types (components.schemas.ProblemType.oneOf).
	ProblemTypes []ProblemType
}

// Info is the document's info object.
type Info struct {
	// Title, Summary, Version and Description are as written; Description is CommonMark.
	Title, Summary, Version, Description string
}

// Tag is one group of operations.
type Tag struct {
	// Name is what operations refer to; Description is CommonMark.
	Name, Description string
}

// SecurityScheme is one way to present a key.
type SecurityScheme struct {
	// Name is the component name; Type is http or apiKey; Scheme is "bearer" for http; In and
	// Header say where an apiKey goes; Description is CommonMark.
	Name, Type, Scheme, In, Header, Description string
}

// Operation is one method on one path (or one webhook event).
type Operation struct {
	// Method is upper case ("GET"); Path is the templated path ("/v1/claims/{id}"), or the event
	// name for a webhook.
	Method, Path string
	// OperationID, Summary and Description are as written; Description is CommonMark.
	OperationID, Summary, Description string
	// Tags name the groups the operation belongs to.
	Tags []string
	// Public is true when the operation overrides security with an empty list (no key needed).
	Public bool
	// Parameters are the path-level and operation-level parameters, resolved.
	Parameters []Parameter
	// RequestBody is the body the operation takes, or nil.
	RequestBody *RequestBody
	// Responses are ordered by status code, "default" last.
	Responses []Response
}

// Parameter is one resolved parameter.
type Parameter struct {
	// Name and In ("path", "query", "header") identify it; Description is CommonMark.
	Name, In, Description string
	// Required is true for path parameters and required query parameters.
	Required bool
	// Schema constrains the value.
	Schema *Schema
	// Example is a realistic value, or nil.
	Example json.RawMessage
}

// RequestBody is one resolved request body.
type RequestBody struct {
	// Description is CommonMark; Required is the body's required flag.
	Description string
	Required    bool
	// Content is one entry per media type, in document order.
	Content []MediaType
}

// Response is one resolved response.
type Response struct {
	// Status is the status code ("200") or "default".
	Status string
	// Description is CommonMark.
	Description string
	// Headers are the documented response headers, resolved, in document order.
	Headers []Header
	// Content is one entry per media type, in document order.
	Content []MediaType
}

// Header is one resolved response header.
type Header struct {
	// Name is the header name; Description is CommonMark.
	Name, Description string
	// Schema constrains the value.
	Schema *Schema
}

// MediaType is one content entry of a body.
type MediaType struct {
	// Type is the media type ("application/json").
	Type string
	// Schema describes the body.
	Schema *Schema
	// Examples are the resolved examples: the single `example`, or every entry of `examples`.
	Examples []Example
}

// Example is one resolved example value.
type Example struct {
	// Name is the key under `examples` ("" for a lone `example`); Summary describes it.
	Name, Summary string
	// Value is the example as JSON (a string for non-JSON media types such as text/event-stream).
	Value json.RawMessage
}

// NamedSchema is one component schema.
type NamedSchema struct {
	// Name is the component name.
	Name string
	// Schema is its definition.
	Schema *Schema
}

// ProblemType is one documented RFC 9457 problem type.
type ProblemType struct {
	// Slug is the stable name ("rate-limited"); URI is the type member ("/docs#problem-rate-limited").
	Slug, URI string
	// Title is the fixed problem title; Description says when it happens (CommonMark).
	Title, Description string
	// Status is the HTTP status the problem comes with.
	Status int
}

// Schema is the JSON Schema subset the docs render and Validate checks. Each field is the JSON
// Schema keyword of the same name.
type Schema struct {
	// Ref is a local reference ("#/components/schemas/Claim").
	Ref string `json:"$ref"`
	// Title and Description explain the value; Description is CommonMark.
	Title       string `json:"title"`
	Description string `json:"description"`
	// Type is one type or several ("string", ["string", "null"]); Format refines it (uuid, date-time, uri).
	Type   typeList `json:"type"`
	Format string   `json:"format"`
	// Enum and Const restrict the value; Default and Examples illustrate it.
	Enum     []any           `json:"enum"`
	Const    any             `json:"const"`
	Default  json.RawMessage `json:"default"`
	Examples []any           `json:"examples"`
	// Minimum and Maximum bound numbers.
	Minimum *float64 `json:"minimum"`
	Maximum *float64 `json:"maximum"`
	// MinLength, MaxLength and Pattern bound strings (lengths in characters).
	MinLength *int   `json:"minLength"`
	MaxLength *int   `json:"maxLength"`
	Pattern   string `json:"pattern"`
	// MinItems, MaxItems and Items constrain arrays.
	MinItems *int    `json:"minItems"`
	MaxItems *int    `json:"maxItems"`
	Items    *Schema `json:"items"`
	// OneOf, AnyOf and AllOf combine schemas.
	OneOf []*Schema `json:"oneOf"`
	AnyOf []*Schema `json:"anyOf"`
	AllOf []*Schema `json:"allOf"`
	// Required lists the object members that must be present.
	Required []string `json:"required"`
	// Properties keep the document's order.
	Properties []Property `json:"-"`
	// AdditionalProperties is set when the schema is a map with values of this schema.
	AdditionalProperties *Schema `json:"-"`
	// Status is the x-status extension of a problem type.
	Status int `json:"x-status"`
}

// Property is one named property of an object schema.
type Property struct {
	// Name is the JSON member name.
	Name string
	// Schema describes its value.
	Schema *Schema
	// Required is true when the object lists it as required.
	Required bool
}

// RefName is the component name a schema refers to ("Claim"), or "".
func (s *Schema) RefName() string {
	if s == nil {
		return ""
	}
	return strings.TrimPrefix(s.Ref, "#/components/schemas/")
}

// UnmarshalJSON decodes a schema, keeping property order.
func (s *Schema) UnmarshalJSON(b []byte) error {
	type plain Schema
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	*s = Schema(p)
	var rest struct {
		Properties           json.RawMessage `json:"properties"`
		AdditionalProperties json.RawMessage `json:"additionalProperties"`
	}
	if err := json.Unmarshal(b, &rest); err != nil {
		return err
	}
	if len(rest.Properties) > 0 {
		names, vals, err := ordered(rest.Properties)
		if err != nil {
			return fmt.Errorf("properties: %w", err)
		}
		for i, n := range names {
			var ps Schema
			if err := json.Unmarshal(vals[i], &ps); err != nil {
				return fmt.Errorf("property %s: %w", n, err)
			}
			req := false
			for _, r := range s.Required {
				req = req || r == n
			}
			s.Properties = append(s.Properties, Property{Name: n, Schema: &ps, Required: req})
		}
	}
	if len(rest.AdditionalProperties) > 0 && rest.AdditionalProperties[0] == '{' {
		var ap Schema
		if err := json.Unmarshal(rest.AdditionalProperties, &ap); err != nil {
			return fmt.Errorf("additionalProperties: %w", err)
		}
		s.AdditionalProperties = &ap
	}
	return nil
}

// typeList is a JSON Schema type: one name or a list ("string" or ["string", "null"]).
type typeList []string

// UnmarshalJSON accepts both forms.
func (t *typeList) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*t = typeList{s}
		return nil
	}
	var l []string
	if err := json.Unmarshal(b, &l); err != nil {
		return err
	}
	*t = l
	return nil
}

// ordered decodes a JSON object into its keys and values in document order (encoding/json maps
// forget the order, and the order is how the author meant the reference to be read).
func ordered(b json.RawMessage) ([]string, []json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	tok, err := dec.Token()
	if err != nil {
		return nil, nil, err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, nil, fmt.Errorf("want an object, got %v", tok)
	}
	var keys []string
	var vals []json.RawMessage
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, nil, err
		}
		k, ok := tok.(string)
		if !ok {
			return nil, nil, fmt.Errorf("want a key, got %v", tok)
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", k, err)
		}
		keys = append(keys, k)
		vals = append(vals, v)
	}
	return keys, vals, nil
}

// Load parses the embedded document; it fails when the document is not what Check accepts.
func Load() (*Document, error) { return Parse(raw) }

// Parse parses a document, checking it first.
func Parse(b []byte) (*Document, error) {
	if err := Check(b); err != nil {
		return nil, err
	}
	var tree map[string]any
	if err := json.Unmarshal(b, &tree); err != nil {
		return nil, fmt.Errorf("openapi document: %w", err)
	}
	var top struct {
		OpenAPI string `json:"openapi"`
		Info    Info   `json:"info"`
		Servers []struct {
			URL string `json:"url"`
		} `json:"servers"`
		Tags       []Tag           `json:"tags"`
		Paths      json.RawMessage `json:"paths"`
		Webhooks   json.RawMessage `json:"webhooks"`
		Components struct {
			Schemas         json.RawMessage `json:"schemas"`
			SecuritySchemes json.RawMessage `json:"securitySchemes"`
		} `json:"components"`
	}
	if err := json.Unmarshal(b, &top); err != nil {
		return nil, fmt.Errorf("openapi document: %w", err)
	}
	d := &Document{OpenAPI: top.OpenAPI, Info: top.Info, Tags: top.Tags}
	for _, s := range top.Servers {
		d.Servers = append(d.Servers, s.URL)
	}
	r := resolver{tree: tree}
	var err error
	if d.Operations, err = r.pathItems(top.Paths); err != nil {
		return nil, fmt.Errorf("paths: %w", err)
	}
	if len(top.Webhooks) > 0 {
		if d.Webhooks, err = r.pathItems(top.Webhooks); err != nil {
			return nil, fmt.Errorf("webhooks: %w", err)
		}
	}
	if len(top.Components.Schemas) > 0 {
		names, vals, err := ordered(top.Components.Schemas)
		if err != nil {
			return nil, fmt.Errorf("schemas: %w", err)
		}
		for i, n := range names {
			var s Schema
			if err := json.Unmarshal(vals[i], &s); err != nil {
				return nil, fmt.Errorf("schema %s: %w", n, err)
			}
			d.Schemas = append(d.Schemas, NamedSchema{Name: n, Schema: &s})
			if n == "ProblemType" {
				d.ProblemTypes = problemTypes(&s)
			}
		}
	}
	if len(top.Components.SecuritySchemes) > 0 {
		names, vals, err := ordered(top.Components.SecuritySchemes)
		if err != nil {
			return nil, fmt.Errorf("securitySchemes: %w", err)
		}
		for i, n := range names {
			var s struct {
				Type, Scheme, In, Name, Description string
			}
			if err := json.Unmarshal(vals[i], &s); err != nil {
				return nil, fmt.Errorf("security scheme %s: %w", n, err)
			}
			d.SecuritySchemes = append(d.SecuritySchemes, SecurityScheme{Name: n, Type: s.Type, Scheme: s.Scheme, In: s.In,
				Header: s.Name, Description: s.Description})
		}
	}
	return d, nil
}

// problemTypes reads the problem types from the oneOf of the ProblemType schema: each entry is a
// const URI with a title, a description and an x-status.
func problemTypes(s *Schema) []ProblemType {
	var out []ProblemType
	for _, o := range s.OneOf {
		uri, _ := o.Const.(string)
		out = append(out, ProblemType{Slug: strings.TrimPrefix(uri, ProblemTypeBase), URI: uri, Title: o.Title,
			Description: o.Description, Status: o.Status})
	}
	return out
}

// ProblemTypeBase prefixes every problem type URI (v1api.ProblemType must agree).
const ProblemTypeBase = "/docs#problem-"

// Operation finds an operation by its id.
func (d *Document) Operation(id string) (Operation, bool) {
	for _, o := range d.Operations {
		if o.OperationID == id {
			return o, true
		}
	}
	return Operation{}, false
}

// Schema finds a component schema by name.
func (d *Document) Schema(name string) *Schema {
	for _, s := range d.Schemas {
		if s.Name == name {
			return s.Schema
		}
	}
	return nil
}

// resolver resolves local references against the whole document.
type resolver struct{ tree map[string]any }

// pointer returns the value a local reference ("#/components/...") points at.
func (r resolver) pointer(ref string) (any, error) {
	if !strings.HasPrefix(ref, "#/") {
		return nil, fmt.Errorf("reference %q is not local", ref)
	}
	var cur any = r.tree
	for _, part := range strings.Split(ref[2:], "/") {
		part = strings.ReplaceAll(strings.ReplaceAll(part, "~1", "/"), "~0", "~")
		switch v := cur.(type) {
		case map[string]any:
			next, ok := v[part]
			if !ok {
				return nil, fmt.Errorf("reference %q does not resolve (no %q)", ref, part)
			}
			cur = next
		case []any:
			i, err := strconv.Atoi(part)
			if err != nil || i < 0 || i >= len(v) {
				return nil, fmt.Errorf("reference %q does not resolve (no index %q)", ref, part)
			}
			cur = v[i]
		default:
			return nil, fmt.Errorf("reference %q does not resolve (%q is not in a container)", ref, part)
		}
	}
	return cur, nil
}

// deref follows a $ref (when b is one) and returns the referenced JSON.
func (r resolver) deref(b json.RawMessage) (json.RawMessage, error) {
	for range 8 {
		var ref struct {
			Ref string `json:"$ref"`
		}
		if len(b) == 0 || b[0] != '{' {
			return b, nil
		}
		if err := json.Unmarshal(b, &ref); err != nil {
			return nil, err
		}
		if ref.Ref == "" {
			return b, nil
		}
		v, err := r.pointer(ref.Ref)
		if err != nil {
			return nil, err
		}
		if b, err = json.Marshal(v); err != nil {
			return nil, err
		}
	}
	return nil, fmt.Errorf("reference chain too long")
}

// pathItems decodes the operations of a paths (or webhooks) object.
func (r resolver) pathItems(b json.RawMessage) ([]Operation, error) {
	paths, items, err := ordered(b)
	if err != nil {
		return nil, err
	}
	var out []Operation
	for i, p := range paths {
		item, err := r.deref(items[i])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		var members map[string]json.RawMessage
		if err := json.Unmarshal(item, &members); err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		shared, err := r.parameters(members["parameters"])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		for _, m := range Methods {
			ob, ok := members[m]
			if !ok {
				continue
			}
			op, err := r.operation(ob)
			if err != nil {
				return nil, fmt.Errorf("%s %s: %w", strings.ToUpper(m), p, err)
			}
			op.Method, op.Path = strings.ToUpper(m), p
			op.Parameters = mergeParams(shared, op.Parameters)
			out = append(out, op)
		}
	}
	return out, nil
}

// mergeParams adds the path-level parameters an operation does not override.
func mergeParams(shared, own []Parameter) []Parameter {
	out := make([]Parameter, 0, len(shared)+len(own))
	for _, s := range shared {
		overridden := false
		for _, o := range own {
			overridden = overridden || (o.Name == s.Name && o.In == s.In)
		}
		if !overridden {
			out = append(out, s)
		}
	}
	return append(out, own...)
}

// operation decodes one operation object.
func (r resolver) operation(b json.RawMessage) (Operation, error) {
	var o struct {
		OperationID string                 `json:"operationId"`
		Summary     string                 `json:"summary"`
		Description string                 `json:"description"`
		Tags        []string               `json:"tags"`
		Security    *[]map[string][]string `json:"security"`
		Parameters  json.RawMessage        `json:"parameters"`
		RequestBody json.RawMessage        `json:"requestBody"`
		Responses   json.RawMessage        `json:"responses"`
	}
	if err := json.Unmarshal(b, &o); err != nil {
		return Operation{}, err
	}
	op := Operation{OperationID: o.OperationID, Summary: o.Summary, Description: o.Description, Tags: o.Tags,
		Public: o.Security != nil && len(*o.Security) == 0}
	var err error
	if op.Parameters, err = r.parameters(o.Parameters); err != nil {
		return op, err
	}
	if len(o.RequestBody) > 0 {
		rb, err := r.deref(o.RequestBody)
		if err != nil {
			return op, fmt.Errorf("requestBody: %w", err)
		}
		var body struct {
			Description string          `json:"description"`
			Required    bool            `json:"required"`
			Content     json.RawMessage `json:"content"`
		}
		if err := json.Unmarshal(rb, &body); err != nil {
			return op, fmt.Errorf("requestBody: %w", err)
		}
		content, err := r.content(body.Content)
		if err != nil {
			return op, fmt.Errorf("requestBody: %w", err)
		}
		op.RequestBody = &RequestBody{Description: body.Description, Required: body.Required, Content: content}
	}
	if len(o.Responses) > 0 {
		codes, vals, err := ordered(o.Responses)
		if err != nil {
			return op, fmt.Errorf("responses: %w", err)
		}
		for i, code := range codes {
			resp, err := r.response(code, vals[i])
			if err != nil {
				return op, fmt.Errorf("response %s: %w", code, err)
			}
			op.Responses = append(op.Responses, resp)
		}
		sort.SliceStable(op.Responses, func(i, j int) bool { return statusRank(op.Responses[i].Status) < statusRank(op.Responses[j].Status) })
	}
	return op, nil
}

// statusRank orders responses by code, with ranges (4XX) after their codes and default last.
func statusRank(s string) int {
	if n, err := strconv.Atoi(s); err == nil {
		return n * 10
	}
	if len(s) == 3 && (s[1] == 'X' || s[1] == 'x') {
		return int(s[0]-'0')*1000 + 999
	}
	return 1 << 20
}

// parameters decodes a parameter list, resolving references.
func (r resolver) parameters(b json.RawMessage) ([]Parameter, error) {
	if len(b) == 0 {
		return nil, nil
	}
	var list []json.RawMessage
	if err := json.Unmarshal(b, &list); err != nil {
		return nil, fmt.Errorf("parameters: %w", err)
	}
	var out []Parameter
	for _, pb := range list {
		pb, err := r.deref(pb)
		if err != nil {
			return nil, fmt.Errorf("parameter: %w", err)
		}
		var p struct {
			Name        string          `json:"name"`
			In          string          `json:"in"`
			Description string          `json:"description"`
			Required    bool            `json:"required"`
			Schema      *Schema         `json:"schema"`
			Example     json.RawMessage `json:"example"`
		}
		if err := json.Unmarshal(pb, &p); err != nil {
			return nil, fmt.Errorf("parameter: %w", err)
		}
		out = append(out, Parameter{Name: p.Name, In: p.In, Description: p.Description, Required: p.Required, Schema: p.Schema, Example: p.Example})
	}
	return out, nil
}

// response decodes one response, resolving references.
func (r resolver) response(code string, b json.RawMessage) (Response, error) {
	b, err := r.deref(b)
	if err != nil {
		return Response{}, err
	}
	var resp struct {
		Description string          `json:"description"`
		Headers     json.RawMessage `json:"headers"`
		Content     json.RawMessage `json:"content"`
	}
	if err := json.Unmarshal(b, &resp); err != nil {
		return Response{}, err
	}
	out := Response{Status: code, Description: resp.Description}
	if len(resp.Headers) > 0 {
		names, vals, err := ordered(resp.Headers)
		if err != nil {
			return out, fmt.Errorf("headers: %w", err)
		}
		for i, n := range names {
			hb, err := r.deref(vals[i])
			if err != nil {
				return out, fmt.Errorf("header %s: %w", n, err)
			}
			var h struct {
				Description string  `json:"description"`
				Schema      *Schema `json:"schema"`
			}
			if err := json.Unmarshal(hb, &h); err != nil {
				return out, fmt.Errorf("header %s: %w", n, err)
			}
			out.Headers = append(out.Headers, Header{Name: n, Description: h.Description, Schema: h.Schema})
		}
	}
	if out.Content, err = r.content(resp.Content); err != nil {
		return out, err
	}
	return out, nil
}

// content decodes a content map, resolving example references.
func (r resolver) content(b json.RawMessage) ([]MediaType, error) {
	if len(b) == 0 {
		return nil, nil
	}
	types, vals, err := ordered(b)
	if err != nil {
		return nil, fmt.Errorf("content: %w", err)
	}
	var out []MediaType
	for i, t := range types {
		var m struct {
			Schema   *Schema         `json:"schema"`
			Example  json.RawMessage `json:"example"`
			Examples json.RawMessage `json:"examples"`
		}
		if err := json.Unmarshal(vals[i], &m); err != nil {
			return nil, fmt.Errorf("%s: %w", t, err)
		}
		mt := MediaType{Type: t, Schema: m.Schema}
		if len(m.Example) > 0 {
			mt.Examples = append(mt.Examples, Example{Value: m.Example})
		}
		if len(m.Examples) > 0 {
			names, evs, err := ordered(m.Examples)
			if err != nil {
				return nil, fmt.Errorf("%s examples: %w", t, err)
			}
			for j, n := range names {
				eb, err := r.deref(evs[j])
				if err != nil {
					return nil, fmt.Errorf("%s example %s: %w", t, n, err)
				}
				var e struct {
					Summary string          `json:"summary"`
					Value   json.RawMessage `json:"value"`
				}
				if err := json.Unmarshal(eb, &e); err != nil {
					return nil, fmt.Errorf("%s example %s: %w", t, n, err)
				}
				mt.Examples = append(mt.Examples, Example{Name: n, Summary: e.Summary, Value: e.Value})
			}
		}
		out = append(out, mt)
	}
	return out, nil
}
