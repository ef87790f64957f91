package state

import "testing"

// TestProofVector pins the proof so that the Unity package's copy
// (DaemonEndpoint.Proof, checked against the same vector in
// BridgeClientTests.ProofMatchesTheDaemons) cannot drift.
func TestProofVector(t *testing.T) {
	t.Parallel()
	const want = "1c088c412da042cb7c325625ec82df971b9842b1460783eb226b314154124729"
	if got := Proof("0123456789abcdef", "00112233445566778899aabbccddeeff"); got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	nonce := NewNonce()
	if !ValidNonce(nonce) {
		t.Errorf("NewNonce %q is not ValidNonce", nonce)
	}
	if !ProofMatches("k", nonce, Proof("k", nonce)) || ProofMatches("k", nonce, Proof("j", nonce)) || ProofMatches("", nonce, Proof("", nonce)) {
		t.Error("ProofMatches: wrong answer")
	}
	for _, bad := range []string{"", "abc", "00112233445566778899AABBCCDDEEFF", "0011223344556677889900112233445g"} {
		if ValidNonce(bad) {
			t.Errorf("ValidNonce(%q): got true, want false", bad)
		}
	}
}
