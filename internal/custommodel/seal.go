// Package custommodel is Enterprise's custom model: an account's own OpenAI-compatible (or
// fine-tuned) model endpoint, configured on its account page, with which the analyses its API keys
// pay for are made. It owns who may configure one, the limits on what is entered, how the
// endpoint's API key is kept (sealed at rest), the test prompt, and the analyzer that routes each
// analysis to its account's model (internal/llm, with its guard and its offline fallback).
package custommodel

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
)

// ErrNoSecret means the server has no DEVICE_KEY, so there is no stable key to seal endpoint keys
// with: a random per-process key would lose every stored key at the next restart.
var ErrNoSecret = errors.New("custom models need the server's DEVICE_KEY to keep endpoint keys encrypted")

// sealedPrefix versions the sealed format, so the scheme can change without guessing.
const sealedPrefix = "v1:"

// Sealer encrypts endpoint API keys at rest with AES-256-GCM. The key is derived from the
// installation secret (DEVICE_KEY) by HMAC-SHA256 with a purpose label, as the CSRF token key is
// (handlers/web/csrf.go), so no two uses of the secret share a key. The account id is the
// additional data: a sealed key copied to another account's row does not open there.
type Sealer struct{ aead cipher.AEAD }

// sealKey derives the AES key from the installation secret.
func sealKey(secret string) []byte {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte("claimcheck custom model key v1"))
	return m.Sum(nil)
}

// NewSealer builds a Sealer from the installation secret; ErrNoSecret when it is empty.
func NewSealer(secret string) (*Sealer, error) {
	if secret == "" {
		return nil, ErrNoSecret
	}
	block, err := aes.NewCipher(sealKey(secret))
	if err != nil {
		return nil, fmt.Errorf("custom model sealer: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("custom model sealer: %w", err)
	}
	return &Sealer{aead: aead}, nil
}

// Seal encrypts plain for the account userID: "v1:" + base64(nonce || ciphertext+tag).
func (s *Sealer) Seal(userID, plain string) (string, error) {
	nonce := make([]byte, s.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", fmt.Errorf("seal endpoint key: %w", err)
	}
	out := s.aead.Seal(nonce, nonce, []byte(plain), []byte(userID))
	return sealedPrefix + base64.RawStdEncoding.EncodeToString(out), nil
}

// Open decrypts what Seal made for the same account; a changed DEVICE_KEY, a tampered value or
// another account's value is an error.
func (s *Sealer) Open(userID, sealed string) (string, error) {
	raw, ok := strings.CutPrefix(sealed, sealedPrefix)
	if !ok {
		return "", errors.New("open endpoint key: unknown format")
	}
	b, err := base64.RawStdEncoding.DecodeString(raw)
	if err != nil || len(b) < s.aead.NonceSize() {
		return "", errors.New("open endpoint key: malformed value")
	}
	n := s.aead.NonceSize()
	plain, err := s.aead.Open(nil, b[:n], b[n:], []byte(userID))
	if err != nil {
		return "", errors.New("open endpoint key: it does not decrypt with this server's DEVICE_KEY")
	}
	return string(plain), nil
}
