// Package firms renders the public firm pages (/firms and /firms/{slug}) and the admin console's
// firm management (/admin/firms).
package firms

import (
	"strconv"

	"github.com/a-h/templ"
	"github.com/claimcheck/claimcheck/views/components"
	"github.com/claimcheck/claimcheck/views/layouts"
	"github.com/claimcheck/claimcheck/views/pages/admin"
)

// ListPage is /firms.
type ListPage struct {
	// Meta is the head metadata and navigation state.
	Meta layouts.Page
	// Query is the search text; QueryMax its limit in characters.
	Query    string
	QueryMax int
	// CountText says how many firms the list holds.
	CountText string
	// Rows are this page's firms, by name.
	Rows []Row
	// Empty replaces the list when there is nothing to show (nil otherwise).
	Empty *components.EmptyState
	// Pagination links the neighbouring pages.
	Pagination components.Pagination
}

// Row is one firm in a list.
type Row struct {
	// Name, Slug and Href identify the firm and link its page.
	Name, Slug, Href string
	// Domains lists its domains for people, e.g. "bbc.co.uk, bbc.com".
	Domains string
	// Trust is the trust score as text ("72.4"), "" when the firm is not rated yet.
	Trust string
	// Claims is the number of claims as text, e.g. "12 claims".
	Claims string
}

// Gauge is a trust score drawn as a number and a meter.
type Gauge struct {
	// Value is the score as text ("58.3"); Percent is it rounded and clamped to 0–100 for the meter.
	Value   string
	Percent int
	// Band picks the meter's colour by the verdict class it resembles (dogru, kismen, yanlis); the
	// number and BandText carry the meaning without colour.
	Band, BandText string
}

// Point is one vertex of a sparkline, in view-box coordinates.
type Point struct {
	// X and Y place it; Title says what it is, for the point's tooltip.
	X, Y  float64
	Title string
}

// Sparkline is a small server-drawn chart of the trust history, oldest to newest.
type Sparkline struct {
	// Width and Height are the view box.
	Width, Height int
	// Points are the vertices; Polyline is them in SVG's points syntax.
	Points   []Point
	Polyline string
	// Summary says in words what the line shows, for screen readers and as its caption.
	Summary string
}

// HistoryRow is one entry of the trust history table.
type HistoryRow struct {
	// WhenISO is for <time datetime>; When is for people.
	WhenISO, When string
	// Trust is the score as text, or "Not rated"; Claims is the claim count then.
	Trust, Claims string
}

// ShowPage is /firms/{slug}.
type ShowPage struct {
	// Meta is the head metadata and navigation state.
	Meta layouts.Page
	// Name, Slug and Description describe the firm; Description may be "".
	Name, Slug, Description string
	// Website is an http(s) address or ""; WebsiteLabel is its host for people.
	Website, WebsiteLabel string
	// Domains are the domains whose claims are linked to the firm.
	Domains []string
	// Gauge is the trust score, nil when the firm is not rated yet.
	Gauge *Gauge
	// Rule explains how the score follows from the claims, in plain words.
	Rule string
	// ClaimCount says how many public claims are linked, e.g. "12 claims".
	ClaimCount string
	// History is the trust history, newest first; Sparkline draws it (nil with fewer than two scores).
	History   []HistoryRow
	Sparkline *Sparkline
	// Claims are the most recent linked claims; ClaimsNote says how many of how many are listed.
	Claims     []components.ClaimSummary
	ClaimsNote string
}

// AdminList is /admin/firms.
type AdminList struct {
	admin.Frame
	// Query is the search text.
	Query string
	// CountText says how many firms match.
	CountText string
	// Rows are the firms, by name.
	Rows []AdminRow
	// Pager links the neighbouring pages.
	Pager admin.Pager
}

// AdminRow is one firm in the console's list.
type AdminRow struct {
	// ID, Name and Slug identify it.
	ID, Name, Slug string
	// Domains, Trust and Claims are display text; Trust is "not rated" without a score.
	Domains, Trust, Claims string
}

// FirmForm is the create and edit form's state: the values typed and, after a refused submit,
// one message per field.
type FirmForm struct {
	// ID is "" on the create form.
	ID string
	// Fields are name, slug, website, description and domains, in display order.
	Fields []components.Field
	// Errors says whether any field carries an error, to show the summary.
	Errors bool
}

// AdminClaimRow is one claim linked to the firm on the edit page.
type AdminClaimRow struct {
	// ID and Href identify the claim and link its public page; Text is its start.
	ID, Href, Text string
	// Verdict is the claim's verdict; Source is its source domain or "".
	Verdict components.Verdict
	Source  string
	// ByAdmin is true when an admin linked it, false when its domain did.
	ByAdmin bool
	// Confirmed is true when an admin or expert confirmed the firm published it; Attribution
	// says so, or that only the submitter attributed it (and so it does not count).
	Confirmed   bool
	Attribution string
}

// AdminEdit is /admin/firms/new and /admin/firms/{id}.
type AdminEdit struct {
	admin.Frame
	// Form is the firm's fields.
	Form FirmForm
	// Name is the stored name, for the heading while the form may hold an edited one (edit only).
	Name string
	// PublicURL is the firm's public page ("" on the create form).
	PublicURL string
	// Trust and ClaimCount describe the stored firm (edit only).
	Trust, ClaimCount string
	// Claims are the firm's most recent claims (edit only).
	Claims []AdminClaimRow
	// LinkValue and LinkError are the "link a claim" form's value and refusal.
	LinkValue, LinkError string
}

// AdminDelete is the confirmation step before a firm is deleted.
type AdminDelete struct {
	admin.Frame
	// ID, Name and Slug identify the firm.
	ID, Name, Slug string
	// ClaimCount says how many claims lose their link.
	ClaimCount string
}

// fillStyle is the width of a meter's fill; the value is a clamped integer, so it is safe CSS.
func fillStyle(n int) templ.SafeCSS {
	return templ.SafeCSS("width:" + strconv.Itoa(min(max(n, 0), 100)) + "%")
}

// coord prints an SVG coordinate with one decimal.
func coord(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) }

// boolAttr is "true" or "false", for data attributes tests read.
func boolAttr(b bool) string {
	if b {
		return "true"
	}
	return "false"
}
