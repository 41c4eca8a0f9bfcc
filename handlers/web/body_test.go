package web_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/handlers/web"
)

func TestJSONProblemDecode(t *testing.T) {
	type claim struct {
		Claim string `json:"claim"`
	}
	for _, tc := range []struct {
		body string
		into any
		want string
	}{
		{`[]`, &map[string]json.RawMessage{}, "the body must be a JSON object, not an array"},
		{`"x"`, &map[string]json.RawMessage{}, "the body must be a JSON object, not a string"},
		{`5`, &map[string]json.RawMessage{}, "the body must be a JSON object, not a number"},
		{`{"claim": 5}`, &claim{}, "field claim must not be a number"},
		{`{"claim": true}`, &claim{}, "field claim must not be a boolean"},
		{`{`, &claim{}, "the JSON ends too early (an unclosed object, array or string)"},
		{`{"claim": x}`, &claim{}, "malformed JSON at byte 11"},
		{``, &claim{}, "the body is empty: send a JSON object"},
	} {
		dec := json.NewDecoder(strings.NewReader(tc.body))
		err := dec.Decode(tc.into)
		if err == nil {
			t.Fatalf("%s decoded", tc.body)
		}
		if got := web.JSONProblem(err); got != tc.want {
			t.Errorf("%s: %q, want %q (from %v)", tc.body, got, tc.want, err)
		}
	}
}
