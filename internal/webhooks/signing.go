// Package webhooks delivers events to registered receivers the Standard Webhooks way
// (https://www.standardwebhooks.com): whsec_ secrets, webhook-id / webhook-timestamp /
// webhook-signature headers with v1 HMAC-SHA256 signatures, at least once from the durable outbox,
// retried on a fixed schedule, through an HTTP client that refuses private addresses.
package webhooks

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// SecretPrefix starts every signing secret, so a leaked one is recognisable in logs and scanners.
const SecretPrefix = "whsec_"

// secretBytes is the key size: 24 bytes (192 bits) is within the spec's 24–64 and encodes without padding.
const secretBytes = 24

// Standard Webhooks header names.
const (
	// HeaderID is the message id, the same on every attempt so receivers can drop duplicates.
	HeaderID = "webhook-id"
	// HeaderTimestamp is the attempt's time in Unix seconds, signed so old messages cannot be replayed.
	HeaderTimestamp = "webhook-timestamp"
	// HeaderSignature holds one "v1,<base64>" signature per active secret, space-separated.
	HeaderSignature = "webhook-signature"
)

// UserAgent names the sender to receivers and their logs.
const UserAgent = "Claimcheck-Webhooks/1.0"

// NewSecret returns a fresh signing secret: whsec_ and the base64 of 24 random bytes.
func NewSecret() (string, error) {
	b := make([]byte, secretBytes)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("webhook secret: %w", err)
	}
	return SecretPrefix + base64.StdEncoding.EncodeToString(b), nil
}

// secretKey decodes a whsec_ secret into the HMAC key.
func secretKey(secret string) ([]byte, error) {
	raw, ok := strings.CutPrefix(secret, SecretPrefix)
	if !ok {
		return nil, fmt.Errorf("webhook secret does not start with %s", SecretPrefix)
	}
	key, err := base64.StdEncoding.DecodeString(raw)
	if err != nil {
		return nil, fmt.Errorf("webhook secret is not base64: %w", err)
	}
	return key, nil
}

// Sign returns the v1 signature of one message: "v1," and the base64 HMAC-SHA256, keyed with the
// decoded secret, of "{id}.{timestamp}.{body}".
func Sign(secret, id string, ts time.Time, body []byte) (string, error) {
	key, err := secretKey(secret)
	if err != nil {
		return "", err
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id))
	mac.Write([]byte{'.'})
	mac.Write([]byte(strconv.FormatInt(ts.Unix(), 10)))
	mac.Write([]byte{'.'})
	mac.Write(body)
	return "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil)), nil
}

// SignatureHeader signs with every secret, current first, space-separated as the spec lets a sender
// do during a rotation: a receiver that knows either secret accepts the message.
func SignatureHeader(secrets []string, id string, ts time.Time, body []byte) (string, error) {
	sigs := make([]string, 0, len(secrets))
	for _, s := range secrets {
		sig, err := Sign(s, id, ts, body)
		if err != nil {
			return "", err
		}
		sigs = append(sigs, sig)
	}
	if len(sigs) == 0 {
		return "", fmt.Errorf("sign webhook %s: no secret", id)
	}
	return strings.Join(sigs, " "), nil
}

// SetHeaders puts the Standard Webhooks headers and the fixed ones on h.
func SetHeaders(h http.Header, secrets []string, id string, ts time.Time, body []byte) error {
	sig, err := SignatureHeader(secrets, id, ts, body)
	if err != nil {
		return err
	}
	h.Set(HeaderID, id)
	h.Set(HeaderTimestamp, strconv.FormatInt(ts.Unix(), 10))
	h.Set(HeaderSignature, sig)
	h.Set("Content-Type", "application/json")
	h.Set("User-Agent", UserAgent)
	return nil
}
