package postgrest

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// TestFastFilterMatchesGrammar checks the filter shortcut against the grammar it stands in for:
// whenever it answers, gFilterValue must parse the same value to the same expression, and it must
// answer for the filters clients send most.
func TestFastFilterMatchesGrammar(t *testing.T) {
	check := func(v string) bool {
		t.Helper()
		fast, ok := fastFilter(v)
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
		"eq.0190b8a0-0000-7000-8000-000000000001", "not.eq.x", "neq.5", "not.neq.", "gt.1", "gte.2024-01-01", "lt.x.y", "lte.",
		"like.*a*", "ilike.*Ş*", "eq.(a,b)", "eq.\"q\"", "gt.e", "eq. spaced ",
	} {
		if !check(v) {
			t.Errorf("%q: the shortcut did not answer", v)
		}
	}
	for _, v := range []string{`in.("a,b",c)`, "in.(a,b", "in.a,b", "nin.(a)", "not.not.in.(a)", "in(a)", `in.(a,"b")`,
		"eq(any).{1,2}", "like(all).{a*}", "is.null", "isdistinct.x", "fts.cat", "cs.{1}", "eq", "match.a", "not.not.eq.1"} {
		if check(v) {
			t.Errorf("%q: the shortcut answered for a value it should leave to the grammar", v)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"a", "1", ",", ",", ")", "(", " ", "\t", `"`, ".", "-", "ş", "\x00", "in.", "not.", "{", "}", "e"}
	prefixes := []string{"in.", "in.(", "not.in.(", "in. (", "in.\t(", "not.in.", "(", "", "eq.", "not.eq", "neq", "gt", "gte.", "lt", "lte",
		"like", "ilike.", "not.", "eq(any)", "is.", "i", "n"}
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
