// Package keys makes and recognises API keys: `cc_live_` + 32 random bytes in base62, of which only
// the SHA-256 is stored, with an 8-character display prefix.
package keys

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/big"
	"strings"
)

// Scheme is the literal start of every live key.
const Scheme = "cc_live_"

// PrefixLen is how many characters of the random part are kept for display.
const PrefixLen = 8

const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// Issued is a freshly generated key; Secret must be shown once and then forgotten.
type Issued struct {
	// Secret is the whole key, as the client sends it.
	Secret string
	// Prefix is the display prefix stored in clear.
	Prefix string
	// Hash is the hex SHA-256 of Secret, the only form stored.
	Hash string
}

// Generate makes a new key from 32 bytes of crypto/rand.
func Generate() (Issued, error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return Issued{}, fmt.Errorf("generate key: %w", err)
	}
	body := base62(b[:])
	secret := Scheme + body
	return Issued{Secret: secret, Prefix: body[:PrefixLen], Hash: Hash(secret)}, nil
}

// base62 encodes b as a fixed-width (43-character) base62 string, so every key has the same length.
func base62(b []byte) string {
	n := new(big.Int).SetBytes(b)
	base := big.NewInt(62)
	mod := new(big.Int)
	out := make([]byte, 0, 43)
	for n.Sign() > 0 {
		n.DivMod(n, base, mod)
		out = append(out, alphabet[mod.Int64()])
	}
	for len(out) < 43 {
		out = append(out, '0')
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return string(out)
}

// Hash returns the hex SHA-256 of a key as stored.
func Hash(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// LooksValid reports whether s has the shape of a key; a cheap filter before any database lookup.
func LooksValid(s string) bool {
	if !strings.HasPrefix(s, Scheme) || len(s) != len(Scheme)+43 {
		return false
	}
	for _, r := range s[len(Scheme):] {
		if !strings.ContainsRune(alphabet, r) {
			return false
		}
	}
	return true
}

// Display renders a prefix the way pages and the CLI show it.
func Display(prefix string) string { return Scheme + prefix + "…" }
