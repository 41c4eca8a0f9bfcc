package accounts

import (
	"errors"
	"reflect"
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
			msg := checkPassword(c.pw, email, name).msg
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
		if msg := checkEmail(NormalizeEmail(c.email)).msg; (msg == "") != c.ok {
			t.Errorf("checkEmail(%q) = %q; want ok=%v", c.email, msg, c.ok)
		}
	}
}

// TestFieldErrorsCarryMessageIDs checks every refusal of a check names a message id pages write
// in the reader's language, with the data its template needs, and that Localized prefers it.
func TestFieldErrorsCarryMessageIDs(t *testing.T) {
	long := strings.Repeat("a", MaxNameChars+1)
	for _, c := range []struct {
		name string
		got  problem
		key  string
		data map[string]any
	}{
		{"empty email", checkEmail(""), "accounts.email.empty", nil},
		{"bad email", checkEmail("nope"), "accounts.email.invalid", nil},
		{"empty name", checkName(""), "accounts.name.empty", nil},
		{"long name", checkName(long), "accounts.name.too_long", map[string]any{"Length": MaxNameChars + 1, "Limit": MaxNameChars}},
		{"control name", checkName("a\u0007b"), "accounts.name.control", nil},
		{"short password", checkPassword("abc", "a@b.co", ""), "accounts.password.too_short", map[string]any{"Min": MinPasswordChars}},
		{"common password", checkPassword("password", "a@b.co", ""), "accounts.password.common", nil},
		{"personal password", checkPassword("ayse.yilmaz", "ayse.yilmaz@example.org", ""), "accounts.password.personal", nil},
	} {
		if c.got.ok() || c.got.key != c.key || !reflect.DeepEqual(c.got.data, c.data) {
			t.Errorf("%s: %+v, want key %s with %v", c.name, c.got, c.key, c.data)
		}
	}
	verr := invalid("email", checkEmail(""), nil)
	tr := func(key string, data map[string]any) string { return "tr:" + key }
	if got := verr.Localized("email", tr); got != "tr:accounts.email.empty" {
		t.Errorf("Localized = %q", got)
	}
	if got := verr.Localized("email", nil); got != "Enter your email address." {
		t.Errorf("Localized without a translator = %q, want the English message", got)
	}
	if got := verr.Localized("name", tr); got != "" {
		t.Errorf("Localized of a fine field = %q", got)
	}
}
