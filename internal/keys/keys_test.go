package keys

import (
	"strings"
	"testing"
)

func TestGenerate(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < 200; i++ {
		is, err := Generate()
		if err != nil {
			t.Fatal(err)
		}
		if !LooksValid(is.Secret) || len(is.Secret) != len(Scheme)+43 {
			t.Fatalf("malformed key %q", is.Secret)
		}
		if is.Prefix != is.Secret[len(Scheme):len(Scheme)+PrefixLen] || is.Hash != Hash(is.Secret) || len(is.Hash) != 64 {
			t.Fatalf("prefix/hash do not belong to %q", is.Secret)
		}
		if strings.Contains(is.Hash, is.Secret[len(Scheme):]) || seen[is.Secret] {
			t.Fatal("hash leaks the secret or a key repeated")
		}
		seen[is.Secret] = true
	}
}

func TestLooksValid(t *testing.T) {
	good := Scheme + strings.Repeat("a", 43)
	for s, want := range map[string]bool{
		good:                                   true,
		"":                                     false,
		"cc_test_" + strings.Repeat("a", 43):   false,
		Scheme + strings.Repeat("a", 42):       false,
		Scheme + strings.Repeat("a", 44):       false,
		Scheme + strings.Repeat("a", 42) + "-": false,
		Scheme + strings.Repeat("ş", 22):       false,
	} {
		if got := LooksValid(s); got != want {
			t.Errorf("LooksValid(%q) = %v, want %v", s, got, want)
		}
	}
}
