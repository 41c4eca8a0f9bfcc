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
	// Message is a sentence for the person who sent it, in English (logs, tests, the API).
	Message string
	// Key is the message id pages show in the reader's language instead ("" = Message as it
	// is); Data fills the message's template.
	Key  string
	Data map[string]any
}

// problem is what a check found wrong: an English sentence and its message id (see FieldError).
type problem struct {
	msg, key string
	data     map[string]any
}

// ok reports whether the check found nothing wrong.
func (p problem) ok() bool { return p.msg == "" }

// field is p as the error of one form field.
func (p problem) field(name string) FieldError {
	return FieldError{Field: name, Message: p.msg, Key: p.key, Data: p.data}
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

// Localized is the message for field written by t (a Localizer's TData: the message id with its
// data in the reader's language), or the English Message when the field has no id; "" when the
// field is fine.
func (e *ValidationError) Localized(field string, t func(key string, data map[string]any) string) string {
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

// Unwrap exposes the cause, so callers can tell "email taken" apart without parsing messages.
func (e *ValidationError) Unwrap() error { return e.cause }

// invalid builds a one-field ValidationError.
func invalid(field string, p problem, cause error) *ValidationError {
	return &ValidationError{Fields: []FieldError{p.field(field)}, cause: cause}
}

// NormalizeEmail is the stored form of an address: trimmed and lower-cased, so look-ups and the
// unique index agree however the person typed it.
func NormalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// checkEmail returns what is wrong with a normalised address (ok when nothing).
func checkEmail(email string) problem {
	if email == "" {
		return problem{msg: "Enter your email address.", key: "accounts.email.empty"}
	}
	bad := problem{msg: "Enter a valid email address, such as name@example.com.", key: "accounts.email.invalid"}
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
	return problem{}
}

// checkName returns what is wrong with a trimmed display name (ok when nothing).
func checkName(name string) problem {
	switch n := utf8.RuneCountInString(name); {
	case !utf8.ValidString(name):
		return problem{msg: "The name must be valid text.", key: "accounts.name.utf8"}
	case n == 0:
		return problem{msg: "Enter your name.", key: "accounts.name.empty"}
	case n > MaxNameChars:
		return problem{msg: fmt.Sprintf("The name is %d characters long; the limit is %d.", n, MaxNameChars),
			key: "accounts.name.too_long", data: map[string]any{"Length": n, "Limit": MaxNameChars}}
	}
	for _, r := range name {
		if unicode.IsControl(r) {
			return problem{msg: "The name must not contain control characters.", key: "accounts.name.control"}
		}
	}
	return problem{}
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

// checkPassword returns what is wrong with a new password for the account (email, name), ok when
// nothing. Passwords are never trimmed: spaces are legitimate characters of a passphrase.
func checkPassword(pw, email, name string) problem {
	if !utf8.ValidString(pw) {
		return problem{msg: "The password must be valid text.", key: "accounts.password.utf8"}
	}
	switch n := utf8.RuneCountInString(pw); {
	case n < MinPasswordChars:
		return problem{msg: fmt.Sprintf("Use at least %d characters.", MinPasswordChars), key: "accounts.password.too_short",
			data: map[string]any{"Min": MinPasswordChars}}
	case n > MaxPasswordChars:
		return problem{msg: fmt.Sprintf("Use at most %d characters.", MaxPasswordChars), key: "accounts.password.too_long",
			data: map[string]any{"Max": MaxPasswordChars}}
	}
	if IsCommonPassword(pw) {
		return problem{msg: "This password is one of the most common ones; choose another.", key: "accounts.password.common"}
	}
	lower := strings.ToLower(pw)
	local, _, _ := strings.Cut(email, "@")
	for _, s := range []string{email, local, strings.ToLower(strings.TrimSpace(name))} {
		if s != "" && lower == s {
			return problem{msg: "The password must not be your email address or name.", key: "accounts.password.personal"}
		}
	}
	return problem{}
}
