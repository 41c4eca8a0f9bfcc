package openapi

import (
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode/utf8"
)

// uuidPattern is the textual form of a UUID.
var uuidPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// ValidateJSON checks a JSON document against a schema of this document; see Validate.
func (d *Document) ValidateJSON(s *Schema, body []byte) []string {
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return []string{"not JSON: " + err.Error()}
	}
	return d.Validate(s, v)
}

// Validate checks a decoded JSON value against a schema of this document, following references to
// the component schemas, and returns every mismatch with its JSON path. It is strict about
// objects: a member the schema does not declare is a mismatch, so the document has to describe
// everything the API sends. It covers the JSON Schema keywords the document uses.
func (d *Document) Validate(s *Schema, v any) []string {
	var errs []string
	d.validate(s, v, "$", &errs, 0)
	return errs
}

// resolve follows a schema's reference.
func (d *Document) resolve(s *Schema) (*Schema, error) {
	for i := 0; s != nil && s.Ref != ""; i++ {
		if i > 8 {
			return nil, fmt.Errorf("reference chain too long at %s", s.Ref)
		}
		name := s.RefName()
		next := d.Schema(name)
		if next == nil {
			return nil, fmt.Errorf("unknown schema %s", s.Ref)
		}
		s = next
	}
	return s, nil
}

func (d *Document) validate(s *Schema, v any, path string, errs *[]string, depth int) {
	if depth > 32 {
		*errs = append(*errs, path+": schema nested too deep")
		return
	}
	s, err := d.resolve(s)
	if err != nil {
		*errs = append(*errs, path+": "+err.Error())
		return
	}
	if s == nil {
		return
	}
	bad := func(format string, args ...any) { *errs = append(*errs, path+": "+fmt.Sprintf(format, args...)) }

	if len(s.OneOf) > 0 {
		passed := 0
		var first []string
		for _, alt := range s.OneOf {
			var sub []string
			d.validate(alt, v, path, &sub, depth+1)
			if len(sub) == 0 {
				passed++
			} else if first == nil {
				first = sub
			}
		}
		if passed != 1 {
			bad("matches %d of the %d oneOf alternatives, want exactly 1 (first mismatch: %s)", passed, len(s.OneOf), strings.Join(first, "; "))
		}
	}
	if len(s.AnyOf) > 0 {
		ok := false
		for _, alt := range s.AnyOf {
			var sub []string
			d.validate(alt, v, path, &sub, depth+1)
			ok = ok || len(sub) == 0
		}
		if !ok {
			bad("matches none of the anyOf alternatives")
		}
	}
	if len(s.Type) > 0 && !typeMatches(s.Type, v) {
		bad("is %s, want %s", jsonType(v), strings.Join(s.Type, " or "))
		return
	}
	if len(s.Enum) > 0 {
		found := false
		for _, e := range s.Enum {
			found = found || equalJSON(e, v)
		}
		if !found {
			bad("%v is not one of %v", v, s.Enum)
		}
	}
	if s.Const != nil && !equalJSON(s.Const, v) {
		bad("is %v, want %v", v, s.Const)
	}
	switch t := v.(type) {
	case string:
		n := utf8.RuneCountInString(t)
		if s.MinLength != nil && n < *s.MinLength {
			bad("is %d characters, want at least %d", n, *s.MinLength)
		}
		if s.MaxLength != nil && n > *s.MaxLength {
			bad("is %d characters, want at most %d", n, *s.MaxLength)
		}
		if s.Pattern != "" {
			if re, err := regexp.Compile(s.Pattern); err != nil {
				bad("bad pattern %q: %v", s.Pattern, err)
			} else if !re.MatchString(t) {
				bad("%q does not match %s", t, s.Pattern)
			}
		}
		if msg := formatError(s.Format, t); msg != "" {
			bad("%q %s", t, msg)
		}
	case float64:
		if s.Minimum != nil && t < *s.Minimum {
			bad("%v is below the minimum %v", t, *s.Minimum)
		}
		if s.Maximum != nil && t > *s.Maximum {
			bad("%v is above the maximum %v", t, *s.Maximum)
		}
	case []any:
		if s.MinItems != nil && len(t) < *s.MinItems {
			bad("has %d items, want at least %d", len(t), *s.MinItems)
		}
		if s.MaxItems != nil && len(t) > *s.MaxItems {
			bad("has %d items, want at most %d", len(t), *s.MaxItems)
		}
		if s.Items != nil {
			for i, it := range t {
				d.validate(s.Items, it, fmt.Sprintf("%s[%d]", path, i), errs, depth+1)
			}
		}
	case map[string]any:
		props, required, open := d.objectShape(s, depth)
		for _, r := range required {
			if _, ok := t[r]; !ok {
				bad("lacks required member %q", r)
			}
		}
		names := make([]string, 0, len(t))
		for k := range t {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			ps, ok := props[k]
			switch {
			case ok:
				d.validate(ps, t[k], path+"."+k, errs, depth+1)
			case s.AdditionalProperties != nil:
				d.validate(s.AdditionalProperties, t[k], path+"."+k, errs, depth+1)
			case !open:
				bad("has member %q that the document does not describe", k)
			}
		}
	}
	for _, all := range s.AllOf {
		// Members are checked against the combined shape above; allOf adds its other constraints.
		d.validateNonObject(all, v, path, errs, depth+1)
	}
}

// validateNonObject applies an allOf member to v without its object-member checks, which the
// combined shape of the enclosing schema already made.
func (d *Document) validateNonObject(s *Schema, v any, path string, errs *[]string, depth int) {
	if _, isObject := v.(map[string]any); isObject {
		r, err := d.resolve(s)
		if err != nil {
			*errs = append(*errs, path+": "+err.Error())
			return
		}
		if len(r.Type) > 0 && !typeMatches(r.Type, v) {
			*errs = append(*errs, fmt.Sprintf("%s: is %s, want %s", path, jsonType(v), strings.Join(r.Type, " or ")))
		}
		return
	}
	d.validate(s, v, path, errs, depth)
}

// objectShape is the members an object schema declares, with those of its allOf parts, which
// members are required, and whether it is open (declares no members at all, so any are allowed).
func (d *Document) objectShape(s *Schema, depth int) (map[string]*Schema, []string, bool) {
	props := map[string]*Schema{}
	var required []string
	var walk func(s *Schema, depth int)
	walk = func(s *Schema, depth int) {
		r, err := d.resolve(s)
		if err != nil || r == nil || depth > 32 {
			return
		}
		for _, p := range r.Properties {
			props[p.Name] = p.Schema
		}
		required = append(required, r.Required...)
		for _, a := range r.AllOf {
			walk(a, depth+1)
		}
	}
	walk(s, depth)
	return props, required, len(props) == 0
}

// typeMatches reports whether v is one of the JSON Schema types.
func typeMatches(types []string, v any) bool {
	for _, t := range types {
		switch t {
		case "null":
			if v == nil {
				return true
			}
		case "boolean":
			if _, ok := v.(bool); ok {
				return true
			}
		case "string":
			if _, ok := v.(string); ok {
				return true
			}
		case "number":
			if _, ok := v.(float64); ok {
				return true
			}
		case "integer":
			if f, ok := v.(float64); ok && f == math.Trunc(f) {
				return true
			}
		case "array":
			if _, ok := v.([]any); ok {
				return true
			}
		case "object":
			if _, ok := v.(map[string]any); ok {
				return true
			}
		}
	}
	return false
}

// jsonType names the JSON type of a decoded value.
func jsonType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case float64:
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

// equalJSON compares an enum or const value from the document with a decoded value.
func equalJSON(a, b any) bool {
	if fa, ok := toFloat(a); ok {
		fb, ok := toFloat(b)
		return ok && fa == fb
	}
	return reflect.DeepEqual(a, b)
}

// toFloat reads a number of any Go numeric type.
func toFloat(v any) (float64, bool) {
	switch n := v.(type) {
	case float64:
		return n, true
	case int:
		return float64(n), true
	case json.Number:
		f, err := n.Float64()
		return f, err == nil
	}
	return 0, false
}

// formatError checks the formats the document uses; "" means the value is fine.
func formatError(format, s string) string {
	switch format {
	case "date-time":
		if _, err := time.Parse(time.RFC3339Nano, s); err != nil {
			return "is not an RFC 3339 date-time"
		}
	case "uuid":
		if !uuidPattern.MatchString(s) {
			return "is not a UUID"
		}
	case "uri":
		// RFC 3986 absolute URI: a scheme, then anything (https://…, and also urn:…).
		u, err := url.Parse(s)
		if err != nil || !u.IsAbs() {
			return "is not an absolute URI"
		}
	case "uri-reference":
		if _, err := url.Parse(s); err != nil {
			return "is not a URI reference"
		}
	}
	return ""
}
