// Package docs renders /docs, the API reference: the /v1 API generated from its OpenAPI document
// (guides, problem types, every operation, webhook events and objects) and the compatible API
// (the analyse function and the PostgREST-style claims reads), which has no OpenAPI document and
// is written here by hand.
package docs

import (
	"context"

	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/views/layouts"
)

// Page is /docs.
type Page struct {
	// Meta is the head metadata and navigation state.
	Meta layouts.Page
	// Title and Version are the document's info.
	Title, Version string
	// BaseURL is this deployment's address, used in the examples.
	BaseURL string
	// Intro is the document's description before its first section.
	Intro []Block
	// Guides are the sections of the document's description (getting started, authentication, …).
	Guides []Section
	// Security are the ways to present a key.
	Security []Scheme
	// Problems are the problem types, each with its problem-<slug> anchor.
	Problems []Problem
	// Groups are the operations grouped by tag, in the document's tag order.
	Groups []Group
	// Events are the outgoing webhook events.
	Events []Operation
	// Objects are the named schemas.
	Objects []Object
	// TOCCompat, TOCV1 and TOCMore are the table of contents' parts: the compatible API, the /v1
	// material, and the guides to running Claimcheck; Contents orders them for the reader.
	TOCCompat TOCItem
	TOCV1     []TOCItem
	TOCMore   TOCItem
	// QuickStart is the first call, filled in for the reader (their key's start, their plan).
	QuickStart QuickStart
	// V1First puts /v1 before the compatible API: the reader's keys work on it. Visitors and
	// Starter accounts read the compatible API first, the one their key can call.
	V1First bool
	// FreeQuota is the free beta plan's monthly requests, formatted ("1,000").
	FreeQuota string
	// CompatMaxClaim is the longest claim the analyse function accepts, in characters, formatted.
	CompatMaxClaim string
}

// Contents is the table of contents in the order the page shows its sections: the quick start,
// then what the reader's plan can call first, then the rest. Only the top entries show at once;
// their children fold away, so the list fits one screen.
func (p Page) Contents() []TOCItem {
	out := []TOCItem{{ID: "quickstart", Label: "docs.toc.quickstart"}}
	if p.V1First {
		out = append(append(out, p.TOCV1...), p.TOCCompat)
	} else {
		out = append(append(out, p.TOCCompat), p.TOCV1...)
	}
	if p.TOCMore.Label != "" {
		out = append(out, p.TOCMore)
	}
	return out
}

// href is where a contents entry links: its page, or its anchor on this one.
func (it TOCItem) href() string {
	if it.URL != "" {
		return it.URL
	}
	return "#" + it.ID
}

// GuidePage is a stand-alone guide under /docs (self-hosting, custom models).
type GuidePage struct {
	// Meta is the head metadata and navigation state.
	Meta layouts.Page
	// ID names the guide for tests; Title heads it; Intro comes before its first section.
	ID, Title string
	// Lang is the language the guide's text is written in ("en", "tr").
	Lang  string
	Intro []Block
	// Sections are its parts, each with an anchor.
	Sections []Section
}

// TOCItem is one entry of the table of contents.
type TOCItem struct {
	// ID is the anchor it links to; Label its text; URL, when set, a page it links to instead.
	ID, Label, URL string
	// Method marks an operation entry ("GET"), shown as a badge.
	Method string
	// Children are the entries under it.
	Children []TOCItem
}

// Scheme is one way to authenticate.
type Scheme struct {
	// Name is the scheme's name; How says what to send ("Authorization: Bearer <key>").
	Name, How string
	// Description is the scheme's explanation.
	Description []Block
}

// Problem is one problem type of the errors section.
type Problem struct {
	// ID is the anchor ("problem-rate-limited"); Slug, URI and Title are the type's.
	ID, Slug, URI, Title string
	// Status is the HTTP status, as text.
	Status string
	// Description says when the problem happens.
	Description []Block
	// Example is a problem document of this type, or "".
	Example string
}

// Group is the operations of one tag.
type Group struct {
	// ID is the anchor; Name the tag's name.
	ID, Name string
	// Description is the tag's description.
	Description []Block
	// Operations are the tag's operations in document order.
	Operations []Operation
}

// Operation is one documented operation or webhook event.
type Operation struct {
	// ID is the anchor: the operationId.
	ID string
	// Method and Path say what to call (for an event, Method is "POST" and Path its name).
	Method, Path string
	// Summary is a one-line title; Description the full text.
	Summary     string
	Description []Block
	// Public is true when no key is needed.
	Public bool
	// Params are the parameters, path ones first.
	Params []Param
	// Body is the request body, or nil.
	Body *Body
	// Request is an example request (curl), or "".
	Request string
	// Responses are the success (and other non-error) responses with their examples.
	Responses []Response
	// Errors are the error statuses, each with its problem types.
	Errors []ErrorStatus
}

// Param is one parameter row.
type Param struct {
	// Name, In and Type describe the parameter; Type is readable ("string (date-time)").
	Name, In, Type string
	// Required marks required parameters.
	Required bool
	// Description is the parameter's explanation.
	Description []Block
	// Constraints are its limits and allowed values, readable ("1–100", "one of: newest, relevance").
	Constraints []string
	// Example is a sample value, or "".
	Example string
}

// Body is a request body.
type Body struct {
	// ContentType is its media type; Schema the object's name and SchemaID its anchor ("" when inline).
	ContentType, Schema, SchemaID string
	// Description is the body's explanation.
	Description []Block
	// Fields are the body's top-level fields.
	Fields []Field
	// Examples are sample bodies.
	Examples []Sample
}

// Response is one non-error response.
type Response struct {
	// Status is the code; Description says when it is sent.
	Status      string
	Description []Block
	// ContentType is the media type; Schema and SchemaID name its object ("" when none or inline).
	ContentType, Schema, SchemaID string
	// Headers are the documented response headers other than the rate-limit ones.
	Headers []HeaderDoc
	// RateHeaders is true when the response carries the quota and burst rate-limit headers, which
	// the quotas section explains once instead of every response repeating them.
	RateHeaders bool
	// Examples are sample bodies.
	Examples []Sample
}

// HeaderDoc is one response header.
type HeaderDoc struct {
	// Name is the header; Description says what it carries.
	Name        string
	Description []Block
}

// ErrorStatus is one error status of an operation.
type ErrorStatus struct {
	// Status is the code; Description says when it is sent.
	Status      string
	Description []Block
	// Problems are the problem types it may carry, linked to the errors section.
	Problems []ProblemRef
}

// ProblemRef links to one problem type.
type ProblemRef struct {
	// Slug is the type's slug; ID is its anchor.
	Slug, ID string
}

// Sample is one example body.
type Sample struct {
	// Title says which case it shows ("" for the only example); Code is the formatted text.
	Title, Code string
}

// Object is one named schema.
type Object struct {
	// ID is the anchor ("object-Claim"); Name is the schema's name.
	ID, Name string
	// Description explains it.
	Description []Block
	// Type is readable for non-object schemas ("string, one of …").
	Type string
	// Fields are its properties in document order.
	Fields []Field
}

// Field is one property of an object.
type Field struct {
	// Name and Type describe it; TypeID links to a named object ("" for none).
	Name, Type, TypeID string
	// Required marks members that are always present.
	Required bool
	// Description explains it.
	Description []Block
	// Constraints are its limits and allowed values.
	Constraints []string
}

// methodClass is the badge modifier of an HTTP method.
func methodClass(m string) string {
	switch m {
	case "GET", "HEAD":
		return "docs-method docs-method--get"
	case "POST":
		return "docs-method docs-method--post"
	case "DELETE":
		return "docs-method docs-method--delete"
	}
	return "docs-method"
}

// headingTag picks the heading element for a markdown heading nested under level (the page level of
// the section it is in), never deeper than h6.
func headingTag(mdLevel, under int) int {
	return min(max(under+mdLevel-2, under+1), 6)
}

// sampleLabel names a code sample for screen readers: the kind, then the case when there are several.
func sampleLabel(kind, title string) string {
	if title == "" {
		return kind
	}
	return kind + ": " + title
}

// codeLabel is the message id that names a code block by its language.
func codeLabel(lang string) string {
	switch lang {
	case "sh", "shell", "bash":
		return "docs.code_label.shell"
	case "go":
		return "docs.code_label.go"
	case "js", "javascript":
		return "docs.code_label.js"
	case "json":
		return "docs.code_label.json"
	case "http":
		return "docs.code_label.http"
	}
	return "docs.code_label.code"
}

// apiLang is the language of the text the page takes from the OpenAPI document (operation
// summaries and descriptions, problem titles, object fields): the document is English, as API
// documents are, so pages in another language mark that text as English.
func apiLang(context.Context) string { return string(i18n.EN) }

// tocLang is the language of a contents entry: the page's for the entries the message files
// name, the document's for the groups and operations the OpenAPI document names.
func tocLang(ctx context.Context, label string) string {
	if i18n.From(ctx).Has(label) {
		return pageLang(ctx)
	}
	return apiLang(ctx)
}

// pageLang is the page's own language, for page words inside a part marked as the document's.
func pageLang(ctx context.Context) string { return string(i18n.LangOf(ctx)) }
