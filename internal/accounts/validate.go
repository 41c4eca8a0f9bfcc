package accounts

import (
	_ "embed"
	"fmt"
	"net/mail"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Input limits, shared with the pages so forms can state them.
const (
	// MinPasswordChars is the shortest password accepted, in characters.
	MinPasswordChars = 8
	// MaxPasswordChars is the longest password accepted; the cap keeps hashing cost bounded.
	MaxPasswordChars = 128
	// MaxEmailChars is RFC 5321's practical limit on an address.
	MaxEmailChars = 254
	// MaxNameChars is the longest display name accepted.
	MaxNameChars = 100
)

// FieldError says what is wrong with one input field.
type FieldError struct {
	// Field is the form field: "email", "name", "password", "current_password" or "new_password".
	Field string
	// Message is a sentence for the person who sent it.
	Message string
}

// ValidationError lists every problem with an input, so a form can show them all at once.
type ValidationError struct {
	// Fields holds one entry per failing field.
	Fields []FieldError
	// cause lets errors.Is see a sentinel such as models.ErrEmailTaken behind the message.
	cause error
}

// Error joins the field messages.
func (e *ValidationError) Error() string {
	parts := make([]string, len(e.Fields))
	for i, f := range e.Fields {
		parts[i] = f.Message
	}
	return strings.Join(parts, " ")
}

// Message returns the message for field, or "".
func (e *ValidationError) Message(field string) string {
	for _, f := range e.Fields {
		if f.Field == field {
			return f.Message
		}
	}
	return ""
}

// Unwrap exposes the cause, so callers can tell "email taken" apart without parsing messages.
func (e *ValidationError) Unwrap() error { return e.cause }

// invalid builds a one-field ValidationError.
func invalid(field, msg string, cause error) *ValidationError {
	return &ValidationError{Fields: []FieldError{{field, msg}}, cause: cause}
}

// NormalizeEmail is the stored form of an address: trimmed and lower-cased, so look-ups and the
// unique index agree however the person typed it.
func NormalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// checkEmail returns what is wrong with a normalised address, or "".
func checkEmail(email string) string {
	if email == "" {
		return "Enter your email address."
	}
	const bad = "Enter a valid email address, such as name@example.com."
	if len(email) > MaxEmailChars || !utf8.ValidString(email) {
		return bad
	}
	// ParseAddress alone accepts display names and comments; requiring the round trip to give
	// back exactly the input keeps only bare addresses.
	a, err := mail.ParseAddress(email)
	if err != nil || a.Name != "" || a.Address != email {
		return bad
	}
	at := strings.LastIndexByte(email, '@')
	domain := email[at+1:]
	if at < 1 || !strings.Contains(domain, ".") || strings.HasPrefix(domain, ".") || strings.HasSuffix(domain, ".") ||
		strings.Contains(domain, "..") {
		return bad
	}
	return ""
}

// checkName returns what is wrong with a trimmed display name, or "".
func checkName(name string) string {
	switch n := utf8.RuneCountInString(name); {
	case !utf8.ValidString(name):
		return "The name must be valid text."
	case n == 0:
		return "Enter your name."
	case n > MaxNameChars:
		return fmt.Sprintf("The name is %d characters long; the limit is %d.", n, MaxNameChars)
	}
	for _, r := range name {
		if unicode.IsControl(r) {
			return "The name must not contain control characters."
		}
	}
	return ""
}

//go:embed common_passwords.txt
var commonPasswordsFile string

// commonPasswords is the refused set, lower case.
var commonPasswords = func() map[string]struct{} {
	m := map[string]struct{}{}
	for line := range strings.SplitSeq(commonPasswordsFile, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		m[strings.ToLower(line)] = struct{}{}
	}
	return m
}()

// IsCommonPassword reports whether pw is on the embedded list or is one character repeated,
// the guesses every attacker tries first.
func IsCommonPassword(pw string) bool {
	lower := strings.ToLower(pw)
	if _, ok := commonPasswords[lower]; ok {
		return true
	}
	first, _ := utf8.DecodeRuneInString(pw)
	return strings.Trim(pw, string(first)) == ""
}

// checkPassword returns what is wrong with a new password for the account (email, name), or "".
// Passwords are never trimmed: spaces are legitimate characters of a passphrase.
func checkPassword(pw, email, name string) string {
	if !utf8.ValidString(pw) {
		return "The password must be valid text."
	}
	switch n := utf8.RuneCountInString(pw); {
	case n < MinPasswordChars:
		return fmt.Sprintf("Use at least %d characters.", MinPasswordChars)
	case n > MaxPasswordChars:
		return fmt.Sprintf("Use at most %d characters.", MaxPasswordChars)
	}
	if IsCommonPassword(pw) {
		return "This password is one of the most common ones; choose another."
	}
	lower := strings.ToLower(pw)
	local, _, _ := strings.Cut(email, "@")
	for _, s := range []string{email, local, strings.ToLower(strings.TrimSpace(name))} {
		if s != "" && lower == s {
			return "The password must not be your email address or name."
		}
	}
	return ""
}
