// Package emails holds the transactional mail templates: an HTML part as a templ component inside
// Layout and a plain-text part built with PlainText, both from the same struct (see VerifyEmail).
package emails

import (
	"context"
	"strings"

	"github.com/a-h/templ"
	"github.com/claimcheck/claimcheck/internal/i18n"
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

// Localized is a mail whose subject and text part are written in the recipient's language (the
// HTML part takes it from the context it is rendered with); mail.Compose prefers it to Email's
// English Subject and Text.
type Localized interface {
	// SubjectIn is the subject line in loc's language.
	SubjectIn(loc *i18n.Localizer) string
	// TextIn is the plain-text part in loc's language.
	TextIn(loc *i18n.Localizer) string
}

var _ Localized = VerifyEmail{}

// english is the English localizer, for the Subject and Text every Email still offers.
func english() *i18n.Localizer { return i18n.From(context.Background()) }

// footerIn is the account footer in loc's language; another footer is shown as given.
func footerIn(loc *i18n.Localizer, footer string) string {
	if footer == Footer {
		return loc.T("mail.footer")
	}
	return footer
}

// GreetingIn is Greeting in loc's language.
func GreetingIn(loc *i18n.Localizer, name string) string {
	name = strings.TrimSpace(name)
	if name == "" {
		return loc.T("mail.hello")
	}
	return loc.T("mail.hello_name", "Name", name)
}

// PlainTextIn is PlainText with the account footer in loc's language.
func PlainTextIn(loc *i18n.Localizer, paragraphs ...string) string {
	return PlainTextFooter(loc.T("mail.footer"), paragraphs...)
}

// TextButtonIn is TextButton; the label is already in the reader's language.
func TextButtonIn(label, url string) string { return TextButton(label, url) }

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
