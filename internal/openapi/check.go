package openapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// ProblemMediaType is the media type of every error response (RFC 9457).
const ProblemMediaType = "application/problem+json"

// pathParam finds the {templated} segments of a path.
var pathParam = regexp.MustCompile(`\{([^}/]+)\}`)

// Check reports everything that makes a document unfit to serve: not JSON, not OpenAPI 3.1, a
// reference that does not resolve, an operation without an id or summary, a path parameter that is
// not declared, a success response without an example, or an error response that is not a problem
// document. Every finding is returned (joined), so one run lists them all.
func Check(b []byte) error {
	var tree map[string]any
	if err := json.Unmarshal(b, &tree); err != nil {
		return fmt.Errorf("openapi document is not JSON: %w", err)
	}
	var errs []error
	if v, _ := tree["openapi"].(string); v != Version {
		errs = append(errs, fmt.Errorf("openapi is %q, want %q", v, Version))
	}
	info, _ := tree["info"].(map[string]any)
	if s, _ := info["title"].(string); s == "" {
		errs = append(errs, errors.New("info.title is empty"))
	}
	if s, _ := info["version"].(string); s == "" {
		errs = append(errs, errors.New("info.version is empty"))
	}
	r := resolver{tree: tree}
	for _, ref := range refs(tree, nil) {
		if _, err := r.pointer(ref); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		// The typed walk below needs references that resolve.
		return errors.Join(errs...)
	}
	paths, _ := json.Marshal(tree["paths"])
	ops, err := r.pathItems(paths)
	if err != nil {
		return fmt.Errorf("paths: %w", err)
	}
	var hooks []Operation
	if tree["webhooks"] != nil {
		wb, _ := json.Marshal(tree["webhooks"])
		if hooks, err = r.pathItems(wb); err != nil {
			return fmt.Errorf("webhooks: %w", err)
		}
	}
	seen := map[string]string{}
	for _, op := range append(append([]Operation{}, ops...), hooks...) {
		where := op.Method + " " + op.Path
		switch {
		case op.OperationID == "":
			errs = append(errs, fmt.Errorf("%s has no operationId", where))
		case seen[op.OperationID] != "":
			errs = append(errs, fmt.Errorf("%s repeats operationId %s of %s", where, op.OperationID, seen[op.OperationID]))
		default:
			seen[op.OperationID] = where
		}
		if op.Summary == "" {
			errs = append(errs, fmt.Errorf("%s has no summary", where))
		}
		if op.Description == "" {
			errs = append(errs, fmt.Errorf("%s has no description", where))
		}
		if len(op.Tags) == 0 {
			errs = append(errs, fmt.Errorf("%s has no tag", where))
		}
		for _, p := range op.Parameters {
			if p.Schema == nil {
				errs = append(errs, fmt.Errorf("%s parameter %s has no schema", where, p.Name))
			}
			if p.Description == "" {
				errs = append(errs, fmt.Errorf("%s parameter %s has no description", where, p.Name))
			}
		}
		if op.RequestBody != nil {
			for _, c := range op.RequestBody.Content {
				if c.Schema == nil || len(c.Examples) == 0 {
					errs = append(errs, fmt.Errorf("%s request body %s needs a schema and an example", where, c.Type))
				}
			}
		}
	}
	for _, op := range ops {
		errs = append(errs, checkPathOperation(op)...)
	}
	for _, op := range hooks {
		if op.RequestBody == nil {
			errs = append(errs, fmt.Errorf("webhook %s has no request body", op.Path))
		}
	}
	return errors.Join(errs...)
}

// checkPathOperation checks what every /v1 operation must document.
func checkPathOperation(op Operation) []error {
	var errs []error
	where := op.Method + " " + op.Path
	declared := map[string]bool{}
	for _, p := range op.Parameters {
		if p.In == "path" {
			declared[p.Name] = true
			if !p.Required {
				errs = append(errs, fmt.Errorf("%s path parameter %s must be required", where, p.Name))
			}
		}
	}
	for _, m := range pathParam.FindAllStringSubmatch(op.Path, -1) {
		if !declared[m[1]] {
			errs = append(errs, fmt.Errorf("%s does not declare path parameter %s", where, m[1]))
		}
		delete(declared, m[1])
	}
	for n := range declared {
		errs = append(errs, fmt.Errorf("%s declares path parameter %s that is not in the path", where, n))
	}
	success, problems := false, map[string]bool{}
	for _, r := range op.Responses {
		if r.Description == "" {
			errs = append(errs, fmt.Errorf("%s response %s has no description", where, r.Status))
		}
		if strings.HasPrefix(r.Status, "2") {
			for _, c := range r.Content {
				if c.Schema != nil && len(c.Examples) > 0 {
					success = true
				}
			}
			if r.Status == "204" {
				success = true
			}
			continue
		}
		if r.Status == "304" {
			continue
		}
		ok := false
		for _, c := range r.Content {
			if c.Type == ProblemMediaType && c.Schema != nil && len(c.Examples) > 0 {
				ok = true
			}
		}
		if !ok {
			errs = append(errs, fmt.Errorf("%s response %s is not an application/problem+json document with an example", where, r.Status))
		}
		problems[r.Status] = true
	}
	if !success {
		errs = append(errs, fmt.Errorf("%s has no 2xx response with a schema and an example", where))
	}
	var want []string
	if !op.Public {
		// What the access middleware answers before any handler runs.
		want = []string{"401", "403", "429"}
	}
	for _, s := range want {
		if !problems[s] {
			errs = append(errs, fmt.Errorf("%s does not document the %s problem", where, s))
		}
	}
	return errs
}

// refs collects every $ref in a decoded document.
func refs(v any, acc []string) []string {
	switch t := v.(type) {
	case map[string]any:
		if r, ok := t["$ref"].(string); ok {
			acc = append(acc, r)
		}
		for _, c := range t {
			acc = refs(c, acc)
		}
	case []any:
		for _, c := range t {
			acc = refs(c, acc)
		}
	}
	return acc
}
