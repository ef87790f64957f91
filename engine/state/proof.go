package state

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
)

// The daemon proves it is the one that wrote daemon.json before a client
// sends it the token: daemon.json (owner-only) carries a key drawn afresh at
// every start, the daemon answers GET ProofPath?nonce=<hex> with
// Proof(key, nonce) without asking for the token, and a client compares that
// with its own Proof before any request that carries the token. Whatever
// listens at a stale daemon.json's address (a process that reused the port
// after a crash) cannot answer: it does not know the key.

// ProofPath is the daemon's unauthenticated proof route; ProofNonce and
// ProofKeep name its query's parameters (keep=1: the connection stays open
// for the request that carries the token).
const (
	ProofPath  = "/proof"
	ProofNonce = "nonce"
	ProofKeep  = "keep"
)

// ProofRequest is a client's proof challenge to the daemon at host, asking
// it to keep the connection for the request that follows.
func ProofRequest(host, nonce string) string {
	return "GET " + ProofPath + "?" + ProofNonce + "=" + nonce + "&" + ProofKeep + "=1 HTTP/1.1\r\nHost: " + host + "\r\nUser-Agent: unitymcp\r\n\r\n"
}

// proofLabel separates this use of the key from any other.
const proofLabel = "unitymcp-proof-v1:"

// NewKey returns a fresh per-start daemon key (256 bits, hex).
func NewKey() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("drawing the daemon key: %w", err)
	}
	return hex.EncodeToString(b), nil
}

// NewNonce returns a fresh challenge for the proof route (128 bits, hex).
func NewNonce() string {
	b := make([]byte, 16)
	rand.Read(b) // never fails (crypto/rand panics rather than return short)
	return hex.EncodeToString(b)
}

// Proof is lowercase hex HMAC-SHA256 keyed with the ASCII bytes of key over
// "unitymcp-proof-v1:" + nonce. The Unity package computes the same
// (BridgeClient.cs, DaemonEndpoint.Proof).
func Proof(key, nonce string) string {
	m := hmac.New(sha256.New, []byte(key))
	m.Write([]byte(proofLabel + nonce))
	return hex.EncodeToString(m.Sum(nil))
}

// ValidNonce reports whether nonce is what a client sends: 32 to 128
// lowercase hex digits.
func ValidNonce(nonce string) bool {
	if len(nonce) < 32 || len(nonce) > 128 {
		return false
	}
	for _, c := range nonce {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// ProofMatches reports, in constant time, whether got is Proof(key, nonce).
func ProofMatches(key, nonce, got string) bool {
	return key != "" && hmac.Equal([]byte(got), []byte(Proof(key, nonce)))
}
