package postgrest

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// TestFastInListMatchesGrammar checks the in-list shortcut against the grammar it stands in for:
// whenever it answers, gFilterValue must parse the same value to the same expression, and it must
// answer for the lists clients send.
func TestFastInListMatchesGrammar(t *testing.T) {
	check := func(v string) bool {
		t.Helper()
		fast, ok := fastInList(v)
		if !ok {
			return false
		}
		slow, perr := runParser(gFilterValue, func() string { return "filter" }, v)
		if perr != nil {
			t.Errorf("%q: the shortcut read %+v, the grammar refuses it: %s %s", v, fast, perr.message, perr.details)
		} else if !reflect.DeepEqual(fast, slow) {
			t.Errorf("%q: shortcut %+v, grammar %+v", v, fast, slow)
		}
		return true
	}
	for _, v := range []string{
		"in.(a,b,c)", "not.in.(a,b)", "in.()", "in.( a , b )", "in.\t( \ta,b\t)", "in.(a,,b,)", "in.(a(b),c)",
		"in.(0190b8a0-0000-7000-8000-000000000001,0190B8A0-0000-7000-8000-000000000002)", "in.(a)junk", "in.(a))",
		"in.(ş,ğ,\x00)", "in.(1,2,3)",
	} {
		if !check(v) {
			t.Errorf("%q: the shortcut did not answer", v)
		}
	}
	for _, v := range []string{`in.("a,b",c)`, "in.(a,b", "in.a,b", "nin.(a)", "not.not.in.(a)", "eq.in.(a)", "in(a)", `in.(a,"b")`} {
		if check(v) {
			t.Errorf("%q: the shortcut answered for a value it should leave to the grammar", v)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"a", "1", ",", ",", ")", "(", " ", "\t", `"`, ".", "-", "ş", "\x00", "in.", "not."}
	prefixes := []string{"in.", "in.(", "not.in.(", "in. (", "in.\t(", "not.in.", "(", ""}
	answered := 0
	for range 20000 {
		var b strings.Builder
		b.WriteString(prefixes[rng.IntN(len(prefixes))])
		for range rng.IntN(12) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		if check(b.String()) {
			answered++
		}
	}
	if answered < 1000 {
		t.Errorf("the shortcut answered only %d of 20000 random values", answered)
	}
}
