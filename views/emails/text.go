// Package emails holds the transactional mail templates: an HTML part as a templ component inside
// Layout and a plain-text part built with PlainText, both from the same struct (see VerifyEmail).
package emails

import (
	"strings"

	"github.com/a-h/templ"
)

// Footer ends every mail, in both parts, so recipients always learn why they got it.
const Footer = "You received this mail because of an action on your Claimcheck account."

// Email is what every template offers, so the mail package can render any of them the same way.
type Email interface {
	// Subject is the subject line.
	Subject() string
	// HTML is the HTML part.
	HTML() templ.Component
	// Text is the plain-text part.
	Text() string
}

var (
	_ Email = VerifyEmail{}
	_ Email = ResetPassword{}
	_ Email = ChangeEmail{}
	_ Email = UnlockLogin{}
	_ Email = AccountExists{}
)

// Greeting opens a mail by name, or neutrally when the name is unknown.
func Greeting(name string) string {
	name = strings.TrimSpace(name)
	if name == "" {
		return "Hello,"
	}
	return "Hello " + name + ","
}

// TextButton is the plain-text form of Button: the label, then the bare URL on its own line so
// terminals and text clients make it clickable.
func TextButton(label, url string) string {
	return label + ":\n" + url
}

// PlainText joins paragraphs with blank lines and appends the footer, mirroring Layout.
// Text is not escaped: a text part is not markup.
func PlainText(paragraphs ...string) string {
	return PlainTextFooter(Footer, paragraphs...)
}

// PlainTextFooter is PlainText with its own footer, for mail to people who may have no account
// (the beta waiting list), where "an action on your account" would be untrue.
func PlainTextFooter(footer string, paragraphs ...string) string {
	var b strings.Builder
	for _, p := range paragraphs {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		b.WriteString(p)
		b.WriteString("\n\n")
	}
	b.WriteString("-- \n")
	b.WriteString(footer)
	b.WriteString("\n")
	return b.String()
}
