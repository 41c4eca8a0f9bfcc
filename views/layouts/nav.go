// Package layouts holds the page frame every HTML page shares: head metadata, header, navigation
// and footer.
package layouts

import "strings"

// NavItem is one entry of the main navigation.
type NavItem struct {
	// Label is the link text.
	Label string
	// Href is the path the item links to.
	Href string
	// Planned items are pages that do not exist yet; they stay out of the rendered navigation
	// until their page joins, so the header never links to a 404.
	Planned bool
}

// MainNav is the site navigation in display order. Pages that join later flip Planned off (or
// append an item) here instead of touching the template.
var MainNav = []NavItem{
	{Label: "Check a claim", Href: "/"},
	{Label: "History", Href: "/claims"},
	{Label: "Live", Href: "/live"},
	{Label: "Pricing", Href: "/pricing"},
	{Label: "Docs", Href: "/docs"},
	{Label: "Beta", Href: "/beta"},
}

// FooterNav is the directory of the site's reference pages, linked from the footer. Firms and
// experts live here rather than in the header: they fill slowly, so a header link would often
// open an empty list, and the footer costs no query on every page view to find out.
var FooterNav = []NavItem{
	{Label: "Claim history", Href: "/claims"},
	{Label: "Live feed", Href: "/live"},
	{Label: "Firms", Href: "/firms"},
	{Label: "Experts", Href: "/experts"},
	{Label: "Pricing", Href: "/pricing"},
	{Label: "API docs", Href: "/docs"},
	{Label: "Beta", Href: "/beta"},
}

// Page is the head metadata and navigation state of one rendered page.
type Page struct {
	// Title is the page's own title; the site name is appended.
	Title string
	// Description is the meta description.
	Description string
	// Canonical is the absolute canonical URL, or "".
	Canonical string
	// Path is the request path, to mark the current navigation item.
	Path string
	// JSONLD is structured data encoded into a script element in the head (nil = none).
	JSONLD any
	// NoIndex asks search engines not to index the page (errors, filtered lists).
	NoIndex bool
	// Nav overrides MainNav when set.
	Nav []NavItem
	// Year is the copyright year in the footer.
	Year int
	// NoFooter leaves out the public footer (the scoring method and data credits), which is for
	// readers of claims and means nothing on the admin console.
	NoFooter bool
}

// fullTitle appends the site name unless the title already is it.
func fullTitle(p Page) string {
	if p.Title == "" || p.Title == "Claimcheck" {
		return "Claimcheck"
	}
	return p.Title + " · Claimcheck"
}

// navItems returns the items to render: everything not planned.
func navItems(p Page) []NavItem {
	items := p.Nav
	if items == nil {
		items = MainNav
	}
	out := make([]NavItem, 0, len(items))
	for _, it := range items {
		if !it.Planned {
			out = append(out, it)
		}
	}
	return out
}

// current reports how an item relates to the page: "page" when it is the page itself, "true" when
// the page is inside the item's section (a claim under History), "" otherwise.
func current(p Page, it NavItem) string {
	switch {
	case p.Path == it.Href:
		return "page"
	case it.Href != "/" && strings.HasPrefix(p.Path, it.Href+"/"):
		return "true"
	}
	return ""
}
