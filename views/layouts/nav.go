// Package layouts holds the page frame every HTML page shares: head metadata, header, navigation
// and footer.
package layouts

import (
	"net/url"
	"strings"

	"github.com/claimcheck/claimcheck/internal/i18n"
)

// NavItem is one entry of the main navigation.
type NavItem struct {
	// Label is the message id of the link text.
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
	{Label: "nav.check", Href: "/"},
	{Label: "nav.history", Href: "/claims"},
	{Label: "nav.live", Href: "/live"},
	{Label: "nav.pricing", Href: "/pricing"},
	{Label: "nav.docs", Href: "/docs"},
	{Label: "nav.beta", Href: "/beta"},
}

// FooterNav is the directory of the site's reference pages, linked from the footer. Firms and
// experts live here rather than in the header: they fill slowly, so a header link would often
// open an empty list, and the footer costs no query on every page view to find out.
var FooterNav = []NavItem{
	{Label: "footer.nav.history", Href: "/claims"},
	{Label: "footer.nav.live", Href: "/live"},
	{Label: "footer.nav.firms", Href: "/firms"},
	{Label: "footer.nav.experts", Href: "/experts"},
	{Label: "nav.pricing", Href: "/pricing"},
	{Label: "footer.nav.docs", Href: "/docs"},
	{Label: "nav.beta", Href: "/beta"},
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
	// Self is the page's absolute address without its query (Kit.Meta fills it), the base of
	// the hreflang alternates when the page names no Canonical.
	Self string
	// Query is the request's raw query, kept by the language switcher's links.
	Query string
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

// langParam is the query parameter that picks a language (web.LangParam; views cannot import web).
const langParam = "lang"

// withLang is u with lang= set to l, replacing any lang already there.
func withLang(u string, l i18n.Lang) string {
	base, raw, _ := strings.Cut(u, "?")
	q, err := url.ParseQuery(raw)
	if err != nil {
		q = url.Values{}
	}
	q.Set(langParam, string(l))
	return base + "?" + q.Encode()
}

// withoutLang is u without its lang= parameter: the x-default address, which answers in the
// visitor's own language.
func withoutLang(u string) string {
	base, raw, _ := strings.Cut(u, "?")
	q, err := url.ParseQuery(raw)
	if err != nil || raw == "" {
		return base
	}
	q.Del(langParam)
	if len(q) == 0 {
		return base
	}
	return base + "?" + q.Encode()
}

// home is the address the alternates and the canonical link derive from: the page's canonical
// URL, else its own address.
func home(p Page) string {
	if p.Canonical != "" {
		return p.Canonical
	}
	return p.Self
}

// switchURL is the switcher's link to this page in l: the path and query with lang= set.
func switchURL(p Page, l i18n.Lang) string {
	path := p.Path
	if path == "" {
		path = "/"
	}
	if p.Query != "" {
		path += "?" + p.Query
	}
	return withLang(path, l)
}
