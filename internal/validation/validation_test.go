package validation

import "testing"

// TestErrors checks the two message forms and the per-field lookup.
func TestErrors(t *testing.T) {
	named := &Errors{What: "vote", Fields: []FieldError{{"verdict", "Choose a verdict."}, {"confidence", "Give a number from 0 to 1."}}}
	bare := &Errors{Fields: []FieldError{{"claim", "Enter a claim."}, {"source_url", "Give an http(s) address."}}}
	var none *Errors
	for _, tc := range []struct {
		name, got, want string
	}{
		{"named", named.Error(), "invalid vote: verdict: Choose a verdict.; confidence: Give a number from 0 to 1."},
		{"bare", bare.Error(), "Enter a claim. Give an http(s) address."},
		{"lookup", named.Message("confidence"), "Give a number from 0 to 1."},
		{"missing field", named.Message("note"), ""},
		{"nil", none.Message("claim"), ""},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, tc.got, tc.want)
		}
	}
}
