package analysis

import (
	"context"
	"testing"

	"github.com/claimcheck/claimcheck/internal/i18n"
)

// TestLanguageEvidenceHasAMessage runs the language detector (and the English query's glossary)
// on claims that reach each kind of evidence and checks that the stored sentence, and every
// sentence nested in it, has a message in
// both languages whose English says the stored sentence back, so Turkish pages can show it in
// Turkish while what is stored and sent by the API stays.
func TestLanguageEvidenceHasAMessage(t *testing.T) {
	o, err := NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	tr, err := i18n.Messages(i18n.TR)
	if err != nil {
		t.Fatal(err)
	}
	en := i18n.From(context.Background())
	var check func(stored string, keys *[]string)
	check = func(stored string, keys *[]string) {
		key, data, ok := BasisMessage(stored)
		if !ok {
			t.Errorf("no message says %q", stored)
			return
		}
		*keys = append(*keys, key)
		if _, found := tr["basis.text."+key]; !found {
			t.Errorf("basis.text.%s has no Turkish message", key)
		}
		if got := en.TData("basis.text."+key, data); lowerFirst(got) != lowerFirst(stored) {
			t.Errorf("the English message %s says\n%q\nbut the detector stores\n%q", key, got, stored)
		}
		if r, ok := data["Reason"].(string); ok {
			check(r, keys)
		}
	}
	for _, tc := range []struct {
		claim string
		keys  []string
	}{
		{"Aşılar otizme neden olur", []string{"language_explained", "language_vote"}},
		{"Vaccines cause autism in children", []string{"language_explained", "language_vote"}},
		{"Hm", []string{"language_undetermined", "language_short", "language_no_word"}},
		{"12345 67", []string{"language_undetermined", "language_no_letters"}},
		{"Прививки вызывают аутизм у детей", []string{"language_undetermined", "language_no_list"}},
	} {
		r, err := o.Analyze(context.Background(), Input{Claim: tc.claim})
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		check(r.Basis[FieldLanguage].Detail, &keys)
		if q := r.Basis[FieldEnQuery]; q.Method == MethodGlossary || q.Method == MethodSalient {
			var qk []string
			check(q.Detail, &qk)
		}
		if len(keys) != len(tc.keys) {
			t.Errorf("%q: messages %v, want %v (%s)", tc.claim, keys, tc.keys, r.Basis[FieldLanguage].Detail)
			continue
		}
		for i := range keys {
			if keys[i] != tc.keys[i] {
				t.Errorf("%q: messages %v, want %v (%s)", tc.claim, keys, tc.keys, r.Basis[FieldLanguage].Detail)
				break
			}
		}
	}
}
