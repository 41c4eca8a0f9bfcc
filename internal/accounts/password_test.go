package accounts

import (
	"errors"
	"regexp"
	"strings"
	"testing"
)

func TestHashUsesProductionParameters(t *testing.T) {
	h, err := HashPassword(DefaultParams, "correct horse battery staple")
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$`)
	if !re.MatchString(h) {
		t.Fatalf("hash %q is not an argon2id PHC string at OWASP parameters", h)
	}
	ok, rehash, err := VerifyPassword(h, "correct horse battery staple", DefaultParams)
	if err != nil || !ok || rehash {
		t.Fatalf("verify right password = %v, rehash %v, %v; want true, false, nil", ok, rehash, err)
	}
	ok, _, err = VerifyPassword(h, "correct horse battery stapler", DefaultParams)
	if err != nil || ok {
		t.Fatalf("verify wrong password = %v, %v; want false, nil", ok, err)
	}
	h2, _ := HashPassword(DefaultParams, "correct horse battery staple")
	if h2 == h {
		t.Fatal("two hashes of one password are equal: salt is not random")
	}
}

func TestVerifyAsksForRehashWhenParametersChange(t *testing.T) {
	h, err := HashPassword(cheap, "correct horse battery staple")
	if err != nil {
		t.Fatal(err)
	}
	ok, rehash, err := VerifyPassword(h, "correct horse battery staple", DefaultParams)
	if err != nil || !ok || !rehash {
		t.Fatalf("verify = %v, rehash %v, %v; want true, true, nil", ok, rehash, err)
	}
}

func TestVerifyRejectsMalformedHashes(t *testing.T) {
	for _, h := range []string{
		"",
		"plaintext",
		"$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaA",
		"$argon2id$v=16$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaA",
		"$argon2id$v=19$m=0,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaA",
		"$argon2id$v=19$m=19456,t=2,p=1$$aGFzaA",
		"$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$***",
		"$2a$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy",
	} {
		if _, _, err := VerifyPassword(h, "x", DefaultParams); !errors.Is(err, errMalformedHash) {
			t.Errorf("VerifyPassword(%q) error = %v; want errMalformedHash", h, err)
		}
	}
}

func TestCheckPassword(t *testing.T) {
	const email, name = "ada@example.org", "Ada Lovelace"
	for _, c := range []struct {
		name, pw string
		ok       bool
	}{
		{"passphrase", "correct horse battery staple", true},
		{"exactly 8", "Vq8#kLm2", true},
		{"exactly 128", strings.Repeat("ab1", 42) + "xy", true},
		{"multibyte counts characters", "çağrışım", true},
		{"empty", "", false},
		{"7 characters", "Vq8#kLm", false},
		{"129 characters", strings.Repeat("ab1", 43), false},
		{"multibyte too short", "çağrış", false},
		{"common", "password123", false},
		{"common any case", "PassWord123", false},
		{"common turkish", "galatasaray", false},
		{"common turkish digits", "sifre123", false},
		{"common fenerbahce", "Fenerbahce", false},
		{"one character repeated", "zzzzzzzzzz", false},
		{"equals email", "Ada@Example.org", false},
		{"equals local part", "ada", false},
		{"equals name", "ada lovelace", false},
		{"invalid utf8", "abc\xffdefgh", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			msg := checkPassword(c.pw, email, name)
			if (msg == "") != c.ok {
				t.Fatalf("checkPassword(%q) = %q; want ok=%v", c.pw, msg, c.ok)
			}
		})
	}
}

func TestCommonListIsLoaded(t *testing.T) {
	if n := len(commonPasswords); n < 500 {
		t.Fatalf("only %d common passwords loaded", n)
	}
	for _, pw := range []string{"123456", "password", "qwerty", "12345678", "iloveyou", "sifre123", "galatasaray", "fenerbahce"} {
		if !IsCommonPassword(pw) {
			t.Errorf("%q is not refused", pw)
		}
	}
}

func TestCheckEmail(t *testing.T) {
	for _, c := range []struct {
		email string
		ok    bool
	}{
		{"ada@example.org", true},
		{"ada.lovelace+cc@mail.example.co.uk", true},
		{"", false},
		{"ada", false},
		{"ada@", false},
		{"@example.org", false},
		{"ada@localhost", false},
		{"ada@example..org", false},
		{"ada@.example.org", false},
		{"ada@example.org.", false},
		{"ada lovelace@example.org", false},
		{"Ada <ada@example.org>", false},
		{"ada@exa\x00mple.org", false},
		{strings.Repeat("a", 250) + "@example.org", false},
	} {
		if msg := checkEmail(NormalizeEmail(c.email)); (msg == "") != c.ok {
			t.Errorf("checkEmail(%q) = %q; want ok=%v", c.email, msg, c.ok)
		}
	}
}
