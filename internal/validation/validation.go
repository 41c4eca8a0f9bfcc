// Package validation is the shape every input check in Claimcheck reports: one message per
// invalid field, all at once, so a form or an API client can fix everything in one go.
package validation

import (
	"fmt"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"
)

// FieldError says what is wrong with one input field.
type FieldError struct {
	// Field names the input the way the client sent it ("claim", "url", "confidence").
	Field string
	// Message is a sentence for the person who sent it: what is wrong and what is accepted. It is
	// English: the APIs send it as it is.
	Message string
	// Key is the message id pages translate instead of Message ("" = none yet: pages show
	// Message); Data fills the message's template.
	Key  string
	Data map[string]any
}

// Params turns ("Name", v, …) into a message's template data (FieldError.Data); nil when there
// is none, and a name that is not a string is skipped.
func Params(kv ...any) map[string]any {
	if len(kv) < 2 {
		return nil
	}
	m := make(map[string]any, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		if k, ok := kv[i].(string); ok {
			m[k] = kv[i+1]
		}
	}
	return m
}

// Translator writes a message id with its data in a reader's language (i18n.Localizer.TData).
type Translator func(key string, data map[string]any) string

// Localized is the message for field in the language t writes, "" when the field is fine (or e
// is nil); an error without a key falls back to its English Message.
func (e *Errors) Localized(field string, t Translator) string {
	if e == nil {
		return ""
	}
	for _, f := range e.Fields {
		if f.Field == field {
			if f.Key != "" && t != nil {
				return t(f.Key, f.Data)
			}
			return f.Message
		}
	}
	return ""
}

// Errors lists every invalid field of one input.
type Errors struct {
	// What names the input in Error ("vote", "webhook endpoint"); empty makes Error the bare messages.
	What string
	// Fields holds one entry per failing field, in form order.
	Fields []FieldError
}

// Error joins the field messages: "invalid <what>: field: message; …", or the messages alone.
func (e *Errors) Error() string {
	parts := make([]string, len(e.Fields))
	for i, f := range e.Fields {
		if e.What == "" {
			parts[i] = f.Message
		} else {
			parts[i] = f.Field + ": " + f.Message
		}
	}
	if e.What == "" {
		return strings.Join(parts, " ")
	}
	return "invalid " + e.What + ": " + strings.Join(parts, "; ")
}

// Message returns the message for field, "" when the field is fine (or e is nil).
func (e *Errors) Message(field string) string {
	if e == nil {
		return ""
	}
	for _, f := range e.Fields {
		if f.Field == field {
			return f.Message
		}
	}
	return ""
}

// WebURL reports whether s is an address a reader's browser can open as a web page: an absolute
// http(s) URL of at most maxBytes bytes (0 = no limit) with no spaces and no user:password part,
// whose host is a domain name (see DomainLike). Shared so a firm's website and a vote's sources
// accept the same addresses.
func WebURL(s string, maxBytes int) bool {
	if s == "" || (maxBytes > 0 && len(s) > maxBytes) || strings.ContainsAny(s, " \t\r\n") {
		return false
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.User != nil || u.Opaque != "" {
		return false
	}
	return DomainLike(u.Hostname())
}

// DomainLike reports whether host looks like a public domain name: at least two dot-separated
// labels of letters (any script, for internationalised names), digits and inner hyphens, each at
// most 63 bytes, a top-level label that is not all digits (so IP addresses fail), and at most 253
// bytes in all. It does not ask DNS: the point is to catch typing mistakes such as "notaurl".
func DomainLike(host string) bool {
	host = strings.TrimSuffix(host, ".")
	if host == "" || len(host) > 253 {
		return false
	}
	labels := strings.Split(host, ".")
	if len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
		for _, r := range l {
			if r != '-' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				return false
			}
		}
	}
	tld := labels[len(labels)-1]
	return strings.IndexFunc(tld, func(r rune) bool { return !unicode.IsDigit(r) }) >= 0
}

// ControlChar returns the first control character in s that is not a tab, line feed or carriage
// return (C0 U+0000–U+001F, DEL U+007F, C1 U+0080–U+009F), or -1 when there is none. Free text is
// checked with it because PostgreSQL refuses NUL in text columns while SQLite stores it, and the
// rest are invisible on every page that shows the text.
func ControlChar(s string) rune {
	for _, r := range s {
		if unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r' {
			return r
		}
	}
	return -1
}

// HasWord reports whether s contains a letter or a digit in any script: the least a text needs to
// be a statement someone can check or search for, rather than punctuation, symbols or emoji alone.
func HasWord(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) })
}

// CheckSearch is CheckText for a search box sent as field: the English message with the message
// id pages write in the reader's language (search.utf8, search.control), an empty FieldError when
// the text is fine.
func CheckSearch(field, s string) FieldError {
	msg := CheckText("The search text", s)
	switch {
	case msg == "":
		return FieldError{}
	case !utf8.ValidString(s):
		return FieldError{Field: field, Message: msg, Key: "search.utf8"}
	}
	return FieldError{Field: field, Message: msg, Key: "search.control", Data: map[string]any{"Char": fmt.Sprintf("U+%04X", ControlChar(s))}}
}

// CheckText says what is wrong with free text a client sent as the field called name (a search
// box, a filter), "" when it is fine: it must be valid UTF-8 without control characters other than
// tab, line feed and carriage return. A NUL that reached PostgreSQL would fail the whole query
// (a 5xx); SQLite would take it, so checking first also keeps the two databases alike.
func CheckText(name, s string) string {
	if !utf8.ValidString(s) {
		return name + " must be valid UTF-8 text."
	}
	if r := ControlChar(s); r >= 0 {
		return fmt.Sprintf("%s contains an invisible control character (U+%04X); remove it.", name, r)
	}
	return ""
}
