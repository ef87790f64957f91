package e2e

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/state"
)

// TestProofRoute: /proof answers the HMAC of the caller's nonce with the key
// of daemon.json, without the token, and nothing else; Host and Origin are
// still checked; every restart draws a new key.
func TestProofRoute(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	info, err := e.State.ReadDaemon()
	if err != nil {
		t.Fatal(err)
	}
	if len(info.Key) != 64 {
		t.Fatalf("daemon.json key %q: want 64 hex digits", info.Key)
	}
	nonce := state.NewNonce()
	status, body := e.do("GET", state.ProofPath+"?nonce="+nonce, nil, map[string]string{"Authorization": ""})
	var ans struct{ Proof string }
	if status != http.StatusOK || json.Unmarshal(body, &ans) != nil || !state.ProofMatches(info.Key, nonce, ans.Proof) {
		t.Errorf("GET /proof without token: %d %s, want 200 and the proof of daemon.json's key", status, body)
	}
	for _, c := range []struct {
		name, path string
		hdr        map[string]string
		status     int
	}{
		{"short nonce", state.ProofPath + "?nonce=abc", nil, http.StatusBadRequest},
		{"no nonce", state.ProofPath, nil, http.StatusBadRequest},
		{"rebinding host", state.ProofPath + "?nonce=" + nonce, map[string]string{"Host": "attacker.example"}, http.StatusForbidden},
		{"hostile origin", state.ProofPath + "?nonce=" + nonce, map[string]string{"Origin": "http://evil.example"}, http.StatusForbidden},
	} {
		if status, body := e.do("GET", c.path, nil, c.hdr); status != c.status {
			t.Errorf("%s: %d %s, want %d", c.name, status, body, c.status)
		}
	}
	if status, _ := e.do("POST", state.ProofPath+"?nonce="+nonce, []byte(`{}`), nil); status != http.StatusMethodNotAllowed {
		t.Errorf("POST /proof: %d, want 405", status)
	}
	e.stop()
	e.launch("127.0.0.1:0")
	again, err := e.State.ReadDaemon()
	if err != nil {
		t.Fatal(err)
	}
	if again.Key == info.Key || again.Key == "" {
		t.Errorf("key after restart %q: want a new one", again.Key)
	}
}
