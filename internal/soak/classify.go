// Package soak is the load and fault suite `make soak` runs against the built binary over
// loopback: a battery of hostile requests on every surface with the process's memory sampled, a
// kill -9 under write load with every acknowledged write checked after the restart, and two
// processes on one PostgreSQL sharing a small quota. Its checks classify answers (Classify) and
// log lines (Panics); cmd/soak runs the phases and prints the figures.
package soak

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// leakPatterns are fragments that only an internal error carries: SQL and driver errors, Go type
// names, runtime errors and source positions. A client must never see one.
var leakPatterns = []struct {
	name string
	re   *regexp.Regexp
}{
	{"SQLSTATE", regexp.MustCompile(`SQLSTATE`)},
	{"GORM", regexp.MustCompile(`\bgorm\b|gorm\.io`)},
	{"pgx/pq", regexp.MustCompile(`\bpgx\b|\bpgconn\b|\bpq: `)},
	{"database/sql", regexp.MustCompile(`database/sql|\bsql: (no rows|Scan|converting|transaction|database is closed)`)},
	{postgresText, regexp.MustCompile(`syntax error at or near|invalid input syntax for|violates (unique|foreign key|check|not-null) constraint|invalid byte sequence for encoding|relation "[^"]+" does not exist|column "[^"]+" does not exist`)},
	{"SQLite error text", regexp.MustCompile(`SQL logic error|no such (table|column|function)|SQLITE_[A-Z]+|database is locked`)},
	{"Go runtime error", regexp.MustCompile(`runtime error|nil pointer dereference|interface conversion|index out of range|goroutine \d+ \[`)},
	{"panic", regexp.MustCompile(`\bpanic:|\bpanic\(`)},
	{"Go type name", regexp.MustCompile(`(?i)go value of type|\bmap\[string\]|\[\]interface \{\}|\bstruct \{|\*fiber\.|\*gorm\.|\bjson: cannot unmarshal`)},
	{"Go source position", regexp.MustCompile(`\.go:\d+`)},
}

// postgresText names the pattern of PostgreSQL's error messages.
const postgresText = "PostgreSQL error text"

// Leaks returns the names of the internal details body reveals (nil when it reveals none).
func Leaks(body string) []string {
	var out []string
	for _, p := range leakPatterns {
		if p.re.MatchString(body) {
			out = append(out, p.name)
		}
	}
	return out
}

// Problem is one way an answer broke the suite's rules.
type Problem struct {
	// Kind is "5xx", "leak" or "contract".
	Kind string
	// Detail says what was seen.
	Detail string
}

// Expect is what a case requires beyond the rules every answer follows; the zero value requires
// nothing more.
type Expect struct {
	// Status lists the acceptable statuses (any when empty and Client4xx is false).
	Status []int
	// Client4xx accepts any 4xx status.
	Client4xx bool
	// PostgRESTErrors allows PostgreSQL's error texts (invalid input syntax for type…): the
	// compatible REST API answers with them on purpose, as PostgREST does (internal/postgrest/errors.go).
	PostgRESTErrors bool
	// Why cites where the expectation comes from, for the report.
	Why string
}

// wants2xx reports whether the expectation is a success.
func (e Expect) wants2xx() bool {
	for _, s := range e.Status {
		if s >= 200 && s < 300 {
			return true
		}
	}
	return false
}

// Classify applies the rules every answer follows (no 5xx, nothing internal in the body) and the
// case's own expectation to one answer.
func Classify(status int, body string, exp Expect) []Problem {
	var out []Problem
	if status >= 500 {
		out = append(out, Problem{Kind: "5xx", Detail: strings.TrimSpace(clip(body, 200))})
	}
	l := Leaks(body)
	if exp.PostgRESTErrors {
		l = slices.DeleteFunc(l, func(n string) bool { return n == postgresText })
	}
	if len(l) > 0 {
		out = append(out, Problem{Kind: "leak", Detail: strings.Join(l, ", ") + ": " + excerpt(body, l[0])})
	}
	if (len(exp.Status) > 0 || exp.Client4xx) && status < 500 {
		ok := exp.Client4xx && status >= 400 && status < 500
		for _, s := range exp.Status {
			ok = ok || s == status
		}
		if !ok {
			want := statusList(exp.Status)
			if exp.Client4xx {
				want = strings.TrimPrefix(want+" or a 4xx", " or ")
			}
			out = append(out, Problem{Kind: "contract", Detail: "want " + want + " (" + exp.Why + ")"})
		}
	}
	return out
}

// Panics returns the log lines that record a panic or a runtime error, at most max of them.
func Panics(log string, max int) []string {
	var out []string
	for _, line := range strings.Split(log, "\n") {
		if strings.Contains(line, "panic") || strings.Contains(line, "runtime error") || strings.HasPrefix(line, "goroutine ") {
			out = append(out, clip(line, 300))
			if len(out) >= max {
				break
			}
		}
	}
	return out
}

func statusList(ss []int) string {
	parts := make([]string, len(ss))
	for i, s := range ss {
		parts[i] = strconv.Itoa(s)
	}
	return strings.Join(parts, " or ")
}

// excerpt is the text around the first match of the named leak pattern.
func excerpt(body, name string) string {
	for _, p := range leakPatterns {
		if p.name != name {
			continue
		}
		loc := p.re.FindStringIndex(body)
		if loc == nil {
			break
		}
		return clip(body[max(0, loc[0]-60):min(len(body), loc[1]+60)], 200)
	}
	return clip(body, 200)
}

func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
