package web

import (
	"net/url"
	"strings"

	"github.com/claimcheck/claimcheck/internal/accounts"
	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/internal/validation"
	"github.com/claimcheck/claimcheck/views/components"
	"github.com/claimcheck/claimcheck/views/format"
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
)

// MaxSearchChars caps every search box of the pages (claim history, firms), in characters.
const MaxSearchChars = 200

// Back redirects to path with a notice or error code.
func Back(c *fiber.Ctx, path, key, code string) error {
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	return c.Redirect(path+sep+key+"="+code, fiber.StatusSeeOther)
}

// ReturnTo keeps the search the admin came from, so a change does not lose the list.
func ReturnTo(c *fiber.Ctx, base string) string {
	if q := strings.TrimSpace(c.FormValue("q")); q != "" {
		return base + "?q=" + url.QueryEscape(q)
	}
	return base
}

// UUIDParam returns :id when it can be a UUID; PostgreSQL would answer anything else with an error.
func UUIDParam(c *fiber.Ctx) (string, bool) {
	id := strings.ToLower(c.Params("id"))
	if _, err := uuid.Parse(id); err != nil || len(id) != 36 {
		return "", false
	}
	return id, true
}

// Field builds a form field with the conventions every account form shares.
func Field(id, name, label, typ, autocomplete, value, errMsg string) components.Field {
	f := components.Field{ID: id, Name: name, Label: label, Type: typ, Autocomplete: autocomplete,
		Value: value, Error: errMsg, Required: true}
	switch typ {
	case "email":
		f.MaxLength = accounts.MaxEmailChars
	case "password":
		f.Value = "" // a password is never sent back to the browser
		f.MaxLength = accounts.MaxPasswordChars
	}
	return f
}

// FieldMessage is the error of field in verr in the request's language ("" when it is fine).
func FieldMessage(c *fiber.Ctx, verr *validation.Errors, field string) string {
	return verr.Localized(field, FieldTranslator(i18n.From(c.UserContext())))
}

// SearchProblem says, in the page's language, what is wrong with a search box's text q ("" when
// it is fine: valid UTF-8 without control characters).
func SearchProblem(c *fiber.Ctx, q string) string {
	f := validation.CheckSearch("q", q)
	if f.Message == "" {
		return ""
	}
	return i18n.From(c.UserContext()).TData(f.Key, f.Data)
}

// FieldErr is the message of field in verr (nil-safe).
func FieldErr(verr *accounts.ValidationError, name string) string {
	if verr == nil {
		return ""
	}
	return verr.Message(name)
}

// FieldTranslator is the translator a form's field errors are said with in loc's language
// (validation.Errors.Localized): whole numbers in their data are written the way loc writes
// numbers ("2.001" in Turkish), except Count, which picks the plural form.
func FieldTranslator(loc *i18n.Localizer) validation.Translator {
	f := format.For(loc)
	return func(key string, data map[string]any) string {
		out := make(map[string]any, len(data))
		for k, v := range data {
			if n, ok := v.(int); ok && k != "Count" {
				out[k] = f.Int(int64(n))
				continue
			}
			out[k] = v
		}
		return loc.TData(key, out)
	}
}
