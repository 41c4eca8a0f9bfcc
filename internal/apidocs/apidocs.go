// Package apidocs turns the OpenAPI document (internal/openapi) into the view model of the /docs
// reference page. Everything the page says about /v1 comes from the document, so the reference
// and /v1/openapi.json cannot disagree; the handler only renders the result.
package apidocs

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"github.com/claimcheck/claimcheck/internal/i18n"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/claimcheck/claimcheck/internal/checking"
	"github.com/claimcheck/claimcheck/internal/openapi"
	"github.com/claimcheck/claimcheck/views/format"
	docspage "github.com/claimcheck/claimcheck/views/pages/docs"
)

// exampleHost is the placeholder address of the document's examples.
const exampleHost = "https://claimcheck.example"

// Page turns the OpenAPI document into the /docs view model. baseURL is this deployment's
// address, which the examples name; freeQuota is the monthly requests the free plan announces.
func Page(doc *openapi.Document, baseURL string, freeQuota int64) docspage.Page {
	p := docspage.Page{Title: doc.Info.Title, Version: doc.Info.Version, BaseURL: baseURL,
		FreeQuota: format.Thousands(freeQuota), CompatMaxClaim: format.Thousands(checking.MaxClaimChars)}
	p.Intro, p.Guides = docspage.Sections(doc.Info.Description, "")
	// The guides' shell examples name a placeholder host; on the page they name this deployment,
	// so they can be pasted as they are.
	if base := strings.TrimRight(baseURL, "/"); base != "" {
		for i := range p.Guides {
			for j, b := range p.Guides[i].Blocks {
				if b.Kind == docspage.BlockCode {
					p.Guides[i].Blocks[j].Code = strings.ReplaceAll(b.Code, exampleHost, base)
				}
			}
		}
	}
	for _, s := range doc.SecuritySchemes {
		how := s.Name
		switch {
		case s.Type == "http" && strings.EqualFold(s.Scheme, "bearer"):
			how = "Authorization: Bearer <key>"
		case s.Type == "apiKey":
			how = s.Header + ": <key>"
		}
		p.Security = append(p.Security, docspage.Scheme{Name: s.Name, How: how, Description: docspage.Markdown(s.Description, "")})
	}
	examples := problemExamples(doc)
	for _, pt := range doc.ProblemTypes {
		p.Problems = append(p.Problems, docspage.Problem{ID: problemAnchor(pt.Slug), Slug: pt.Slug, URI: pt.URI, Title: pt.Title,
			Status: strconv.Itoa(pt.Status), Description: docspage.Markdown(pt.Description, ""), Example: examples[pt.Slug]})
	}
	// The /v1 guides fold into one entry, so the contents fit one screen.
	guides := docspage.TOCItem{ID: "overview", Label: "docs.toc.v1_guides", Children: []docspage.TOCItem{{ID: "overview", Label: "docs.overview"}}}
	for _, g := range p.Guides {
		guides.Children = append(guides.Children, docspage.TOCItem{ID: g.ID, Label: g.Title})
	}
	guides.Children = append(guides.Children, docspage.TOCItem{ID: "errors", Label: "docs.errors.title"})
	toc := []docspage.TOCItem{guides}
	for _, t := range doc.Tags {
		g := docspage.Group{ID: docspage.Slug(t.Name), Name: t.Name, Description: docspage.Markdown(t.Description, docspage.Slug(t.Name)+"-")}
		item := docspage.TOCItem{ID: g.ID, Label: t.Name}
		for _, op := range doc.Operations {
			if len(op.Tags) > 0 && op.Tags[0] == t.Name {
				v := docsOperation(doc, op, baseURL, false)
				g.Operations = append(g.Operations, v)
				item.Children = append(item.Children, docspage.TOCItem{ID: v.ID, Label: op.Summary, Method: op.Method})
			}
		}
		if len(g.Operations) == 0 && len(g.Description) == 0 {
			continue
		}
		p.Groups = append(p.Groups, g)
		toc = append(toc, item)
	}
	if len(doc.Webhooks) > 0 {
		item := docspage.TOCItem{ID: "webhook-events", Label: "docs.events.title"}
		for _, ev := range doc.Webhooks {
			v := docsOperation(doc, ev, baseURL, true)
			p.Events = append(p.Events, v)
			item.Children = append(item.Children, docspage.TOCItem{ID: v.ID, Label: ev.Path})
		}
		toc = append(toc, item)
	}
	objects := docspage.TOCItem{ID: "objects", Label: "docs.objects.title"}
	for _, s := range doc.Schemas {
		o := docsObject(doc, s)
		p.Objects = append(p.Objects, o)
		objects.Children = append(objects.Children, docspage.TOCItem{ID: o.ID, Label: s.Name})
	}
	p.TOCV1 = append(toc, objects)
	p.TOCCompat = docspage.TOCItem{ID: "compatible-api", Label: "docs.toc.compat", Children: []docspage.TOCItem{
		{ID: "compat-analyse", Label: "docs.toc.compat_analyse", Method: "POST"},
		{ID: "compat-claims", Label: "docs.toc.compat_read", Method: "GET"},
		{ID: "compat-supabase-js", Label: "docs.toc.compat_supabase"},
	}}
	p.TOCMore = docspage.TOCItem{ID: "running", Label: "docs.running.title", Children: []docspage.TOCItem{
		{ID: "self-hosting", Label: "docs.toc.self_hosting", URL: "/docs/self-hosting"},
		{ID: "custom-model", Label: "docs.toc.custom_model", URL: "/docs/custom-model"},
	}}
	p.QuickStart = docspage.NewQuickStart(baseURL, "", false, "", false)
	return p
}

//go:embed guides/*.md
var guideFiles embed.FS

// Guides are the stand-alone guides under /docs, by the last part of their address, with the
// message id of their title.
var Guides = map[string]string{
	"self-hosting": "docs.guide.self_hosting",
	"custom-model": "docs.guide.custom_model",
}

// Guide builds the guide named name (a key of Guides) in lang from its markdown (guides/<name>.md
// in English, guides/<name>.<lang>.md in another language, English when there is none); false for
// no such guide. Title is the title's message id.
func Guide(name string, lang i18n.Lang) (docspage.GuidePage, bool) {
	title, ok := Guides[name]
	if !ok {
		return docspage.GuidePage{}, false
	}
	written := i18n.EN
	md, err := guideFiles.ReadFile("guides/" + name + ".md")
	if lang != i18n.EN {
		if tr, terr := guideFiles.ReadFile("guides/" + name + "." + string(lang) + ".md"); terr == nil {
			md, err, written = tr, nil, lang
		}
	}
	if err != nil {
		return docspage.GuidePage{}, false
	}
	g := docspage.GuidePage{ID: name, Title: title, Lang: string(written)}
	g.Intro, g.Sections = docspage.Sections(string(md), "")
	return g, true
}

// problemAnchor is the id of a problem type's entry; problem type URIs end in it.
func problemAnchor(slug string) string { return "problem-" + slug }

// objectAnchor is the id of a named schema's entry.
func objectAnchor(name string) string { return "object-" + name }

// problemExamples finds one documented example problem per type, to show beside its entry.
func problemExamples(doc *openapi.Document) map[string]string {
	out := map[string]string{}
	for _, op := range doc.Operations {
		for _, r := range op.Responses {
			for _, c := range r.Content {
				if c.Type != openapi.ProblemMediaType {
					continue
				}
				for _, e := range c.Examples {
					slug := problemSlugOf(e.Value)
					if slug != "" && out[slug] == "" {
						out[slug] = prettyJSON(e.Value)
					}
				}
			}
		}
	}
	return out
}

// problemSlugOf reads the slug from an example problem's type.
func problemSlugOf(v json.RawMessage) string {
	var p struct {
		Type string `json:"type"`
	}
	if json.Unmarshal(v, &p) != nil || !strings.HasPrefix(p.Type, openapi.ProblemTypeBase) {
		return ""
	}
	return strings.TrimPrefix(p.Type, openapi.ProblemTypeBase)
}

// docsOperation turns one operation (or webhook event) into its view model.
func docsOperation(doc *openapi.Document, op openapi.Operation, baseURL string, event bool) docspage.Operation {
	v := docspage.Operation{ID: op.OperationID, Method: op.Method, Path: op.Path, Summary: op.Summary,
		Description: docspage.Markdown(op.Description, op.OperationID+"-"), Public: op.Public}
	params := append([]openapi.Parameter(nil), op.Parameters...)
	order := map[string]int{"path": 0, "query": 1, "header": 2, "cookie": 3}
	sort.SliceStable(params, func(i, j int) bool { return order[params[i].In] < order[params[j].In] })
	for _, pa := range params {
		v.Params = append(v.Params, docspage.Param{Name: pa.Name, In: pa.In, Type: typeText(pa.Schema), Required: pa.Required,
			Description: docspage.Markdown(pa.Description, ""), Constraints: constraints(pa.Schema), Example: exampleText(pa.Example)})
	}
	if rb := op.RequestBody; rb != nil && len(rb.Content) > 0 {
		c := rb.Content[0]
		b := &docspage.Body{ContentType: c.Type, Description: docspage.Markdown(rb.Description, "")}
		b.Schema, b.SchemaID, b.Fields = schemaFields(doc, c.Schema)
		for _, e := range c.Examples {
			b.Examples = append(b.Examples, docspage.Sample{Title: exampleTitle(e, len(c.Examples)), Code: prettyJSON(e.Value)})
		}
		v.Body = b
	}
	if event {
		v.Request = eventRequest(op)
	} else {
		v.Request = curlFor(op, baseURL)
	}
	for _, r := range op.Responses {
		n, _ := strconv.Atoi(r.Status)
		if n >= 400 || r.Status == "default" || strings.HasSuffix(r.Status, "XX") {
			e := docspage.ErrorStatus{Status: r.Status, Description: docspage.Markdown(r.Description, "")}
			seen := map[string]bool{}
			for _, c := range r.Content {
				for _, ex := range c.Examples {
					if s := problemSlugOf(ex.Value); s != "" && !seen[s] {
						seen[s] = true
						e.Problems = append(e.Problems, docspage.ProblemRef{Slug: s, ID: problemAnchor(s)})
					}
				}
			}
			v.Errors = append(v.Errors, e)
			continue
		}
		resp := docspage.Response{Status: r.Status, Description: docspage.Markdown(r.Description, "")}
		rate := 0
		for _, h := range r.Headers {
			if rateHeaders[h.Name] {
				rate++
			}
		}
		resp.RateHeaders = rate == len(rateHeaders)
		for _, h := range r.Headers {
			if resp.RateHeaders && rateHeaders[h.Name] {
				continue
			}
			resp.Headers = append(resp.Headers, docspage.HeaderDoc{Name: h.Name, Description: docspage.Markdown(h.Description, "")})
		}
		if len(r.Content) > 0 {
			c := r.Content[0]
			resp.ContentType = c.Type
			if name := c.Schema.RefName(); name != "" {
				resp.Schema, resp.SchemaID = name, objectAnchor(name)
			}
			for _, e := range c.Examples {
				resp.Examples = append(resp.Examples, docspage.Sample{Title: exampleTitle(e, len(c.Examples)), Code: prettyJSON(e.Value)})
			}
		}
		v.Responses = append(v.Responses, resp)
	}
	return v
}

// rateHeaders are the quota and burst headers most answers carry; the page explains them once.
var rateHeaders = map[string]bool{"X-RateLimit-Limit": true, "X-RateLimit-Remaining": true, "X-RateLimit-Reset": true,
	"RateLimit-Limit": true, "RateLimit-Remaining": true, "RateLimit-Reset": true}

// exampleTitle names an example when there are several.
func exampleTitle(e openapi.Example, n int) string {
	if n < 2 {
		return e.Summary
	}
	if e.Summary != "" {
		return e.Summary
	}
	return e.Name
}

// schemaFields resolves a body schema to its name, anchor and top-level fields.
func schemaFields(doc *openapi.Document, s *openapi.Schema) (name, id string, fields []docspage.Field) {
	if s == nil {
		return "", "", nil
	}
	if name = s.RefName(); name != "" {
		id = objectAnchor(name)
		s = doc.Schema(name)
		if s == nil {
			return name, id, nil
		}
	}
	return name, id, objectFields(s)
}

// docsObject turns one named schema into its view model.
func docsObject(doc *openapi.Document, ns openapi.NamedSchema) docspage.Object {
	s := ns.Schema
	o := docspage.Object{ID: objectAnchor(ns.Name), Name: ns.Name, Description: docspage.Markdown(s.Description, objectAnchor(ns.Name)+"-")}
	switch {
	case len(s.Properties) > 0:
		o.Fields = objectFields(s)
	case len(s.OneOf) > 0 && s.OneOf[0].Const != nil:
		o.Type = fmt.Sprintf("string, one of the %d values listed in its description", len(s.OneOf))
	default:
		o.Type = typeText(s)
		if cs := constraints(s); len(cs) > 0 {
			o.Type += " (" + strings.Join(cs, "; ") + ")"
		}
	}
	return o
}

// objectFields lists an object's properties.
func objectFields(s *openapi.Schema) []docspage.Field {
	var out []docspage.Field
	for _, pr := range s.Properties {
		f := docspage.Field{Name: pr.Name, Type: typeText(pr.Schema), Required: pr.Required,
			Description: docspage.Markdown(pr.Schema.Description, ""), Constraints: constraints(pr.Schema)}
		if name := refTarget(pr.Schema); name != "" {
			f.TypeID = objectAnchor(name)
		}
		out = append(out, f)
	}
	return out
}

// refTarget is the named schema a property is (or is an array or nullable of).
func refTarget(s *openapi.Schema) string {
	switch {
	case s == nil:
		return ""
	case s.Ref != "":
		return s.RefName()
	case s.Items != nil:
		return refTarget(s.Items)
	}
	for _, alt := range append(append([]*openapi.Schema{}, s.OneOf...), s.AnyOf...) {
		if n := refTarget(alt); n != "" {
			return n
		}
	}
	return ""
}

// typeText describes a schema's type in words: "string (uuid)", "array of Claim", "number or null".
func typeText(s *openapi.Schema) string {
	if s == nil {
		return "any"
	}
	if s.Ref != "" {
		return s.RefName()
	}
	alts := append(append([]*openapi.Schema{}, s.OneOf...), s.AnyOf...)
	if len(alts) > 0 && len(s.Type) == 0 && (len(alts) > 1 || alts[0].Const == nil) {
		var parts []string
		for _, a := range alts {
			if t := typeText(a); !contains(parts, t) {
				parts = append(parts, t)
			}
		}
		return strings.Join(parts, " or ")
	}
	var parts []string
	for _, t := range s.Type {
		switch t {
		case "array":
			t = "array of " + typeText(s.Items)
		case "object":
			if s.AdditionalProperties != nil {
				t = "map of " + typeText(s.AdditionalProperties)
			}
		case "string", "integer", "number":
			if s.Format != "" {
				t += " (" + s.Format + ")"
			}
		}
		parts = append(parts, t)
	}
	if len(parts) == 0 {
		return "any"
	}
	return strings.Join(parts, " or ")
}

// contains reports whether list has s.
func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// constraints lists a schema's limits and allowed values in words.
func constraints(s *openapi.Schema) []string {
	if s == nil {
		return nil
	}
	var out []string
	if len(s.Enum) > 0 {
		vals := make([]string, 0, len(s.Enum))
		for _, e := range s.Enum {
			if e == nil {
				continue
			}
			vals = append(vals, fmt.Sprint(e))
		}
		out = append(out, "One of: "+strings.Join(vals, ", "))
	}
	if s.Const != nil {
		out = append(out, "Always "+fmt.Sprint(s.Const))
	}
	switch {
	case s.Minimum != nil && s.Maximum != nil:
		out = append(out, "From "+num(*s.Minimum)+" to "+num(*s.Maximum))
	case s.Minimum != nil:
		out = append(out, "At least "+num(*s.Minimum))
	case s.Maximum != nil:
		out = append(out, "At most "+num(*s.Maximum))
	}
	switch {
	case s.MinLength != nil && s.MaxLength != nil:
		out = append(out, strconv.Itoa(*s.MinLength)+"–"+strconv.Itoa(*s.MaxLength)+" characters")
	case s.MaxLength != nil:
		out = append(out, "At most "+strconv.Itoa(*s.MaxLength)+" characters")
	case s.MinLength != nil && *s.MinLength > 0:
		out = append(out, "At least "+strconv.Itoa(*s.MinLength)+" characters")
	}
	switch {
	case s.MinItems != nil && s.MaxItems != nil:
		out = append(out, strconv.Itoa(*s.MinItems)+"–"+strconv.Itoa(*s.MaxItems)+" items")
	case s.MaxItems != nil:
		out = append(out, "At most "+strconv.Itoa(*s.MaxItems)+" items")
	case s.MinItems != nil && *s.MinItems > 0:
		out = append(out, "At least "+strconv.Itoa(*s.MinItems)+" items")
	}
	if s.Items != nil && len(s.Items.Enum) > 0 {
		out = append(out, constraints(&openapi.Schema{Enum: s.Items.Enum})...)
	}
	if s.Pattern != "" {
		out = append(out, "Pattern "+s.Pattern)
	}
	if len(s.Default) > 0 {
		out = append(out, "Default "+exampleText(s.Default))
	}
	return out
}

// num formats a schema bound without a needless decimal part.
func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// exampleText is a JSON value for display: strings without quotes, the rest as JSON.
func exampleText(v json.RawMessage) string {
	if len(v) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(v, &s) == nil {
		return s
	}
	return string(v)
}

// prettyJSON indents a JSON example; a JSON string (a text/event-stream sample) is shown as its text.
func prettyJSON(v json.RawMessage) string {
	var s string
	if json.Unmarshal(v, &s) == nil {
		return s
	}
	var b bytes.Buffer
	if err := json.Indent(&b, v, "", "  "); err != nil {
		return string(v)
	}
	return b.String()
}

// curlFor builds an example request from the operation's parameter and body examples.
func curlFor(op openapi.Operation, baseURL string) string {
	path := op.Path
	var query url.Values
	for _, pa := range op.Parameters {
		val := exampleText(pa.Example)
		switch pa.In {
		case "path":
			if val == "" {
				val = "<" + pa.Name + ">"
			}
			path = strings.ReplaceAll(path, "{"+pa.Name+"}", url.PathEscape(val))
		case "query":
			if val != "" {
				if query == nil {
					query = url.Values{}
				}
				query.Set(pa.Name, val)
			}
		}
	}
	u := strings.TrimRight(baseURL, "/")
	if u == "" {
		u = exampleHost
	}
	u += path
	if len(query) > 0 {
		u += "?" + orderedQuery(op.Parameters, query)
	}
	lines := []string{"curl -sS"}
	if op.Method != "GET" {
		lines[0] += " -X " + op.Method
	}
	sse := false
	for _, r := range op.Responses {
		for _, c := range r.Content {
			sse = sse || c.Type == "text/event-stream"
		}
	}
	if sse {
		lines[0] += " -N"
	}
	lines[0] += ` "` + u + `"`
	if !op.Public {
		lines = append(lines, `-H "Authorization: Bearer $CLAIMCHECK_KEY"`)
	}
	if sse {
		lines = append(lines, `-H "Accept: text/event-stream"`)
	}
	if rb := op.RequestBody; rb != nil && len(rb.Content) > 0 && len(rb.Content[0].Examples) > 0 {
		var b bytes.Buffer
		if json.Compact(&b, rb.Content[0].Examples[0].Value) == nil {
			lines = append(lines, `-H "Content-Type: `+rb.Content[0].Type+`"`,
				"-d '"+strings.ReplaceAll(b.String(), "'", `'\''`)+"'")
		}
	}
	return strings.Join(lines, " \\\n  ")
}

// orderedQuery encodes the query in the order the parameters are documented.
func orderedQuery(params []openapi.Parameter, q url.Values) string {
	var parts []string
	for _, pa := range params {
		if pa.In == "query" && q.Has(pa.Name) {
			parts = append(parts, url.QueryEscape(pa.Name)+"="+url.QueryEscape(q.Get(pa.Name)))
		}
	}
	return strings.Join(parts, "&")
}

// eventRequest shows what a webhook delivery of an event looks like on the wire.
func eventRequest(op openapi.Operation) string {
	lines := []string{"POST /your/webhook/endpoint HTTP/1.1", "content-type: application/json"}
	for _, pa := range op.Parameters {
		if pa.In == "header" {
			val := exampleText(pa.Example)
			if val == "" {
				val = "…"
			}
			lines = append(lines, pa.Name+": "+val)
		}
	}
	body := ""
	if rb := op.RequestBody; rb != nil && len(rb.Content) > 0 && len(rb.Content[0].Examples) > 0 {
		var b bytes.Buffer
		if json.Compact(&b, rb.Content[0].Examples[0].Value) == nil {
			body = b.String()
		}
	}
	return strings.Join(lines, "\n") + "\n\n" + body
}
