package editorsim

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/state"
)

// seen is what a listener saw on one connection.
type seen struct {
	first      string // the first request's path
	requests   int
	authorized int  // requests with an Authorization header
	upgrade    bool // a request after a good proof on this connection carried the token and the upgrade
}

// proofListener accepts connections and serves each as mode says:
// "wrong" answers the proof with the HMAC under another key, "404" as an
// old or foreign program, "close" proves with the right key but closes the
// connection (an older daemon's Connection: close), "hangup" proves and
// then hangs up, "good" proves and then reads the next request on the
// same connection. Every connection's record goes to the channel.
func proofListener(t *testing.T, key, mode string) (addr string, conns <-chan seen) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	out := make(chan seen, 64)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				var s seen
				defer func() {
					select {
					case out <- s:
					default:
					}
				}()
				br := bufio.NewReader(c)
				req, err := http.ReadRequest(br)
				if err != nil {
					return
				}
				s.first, s.requests = req.URL.Path, 1
				if req.Header.Get("Authorization") != "" {
					s.authorized++
				}
				nonce := req.URL.Query().Get("nonce")
				if req.URL.Path != state.ProofPath {
					return
				}
				proof, status, conn := state.Proof(key, nonce), "200 OK", ""
				switch mode {
				case "wrong":
					proof = state.Proof("not-"+key, nonce)
				case "404":
					status = "404 Not Found"
				case "close":
					conn = "Connection: close\r\n"
				}
				body := `{"proof":"` + proof + `"}`
				fmt.Fprintf(c, "HTTP/1.1 %s\r\n%sContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", status, conn, len(body), body)
				if mode != "good" {
					return
				}
				next, err := http.ReadRequest(br)
				if err != nil {
					return
				}
				s.requests++
				if a := next.Header.Get("Authorization"); a != "" {
					s.authorized++
					s.upgrade = a == "Bearer tok" && next.URL.Path == "/bridge" && strings.EqualFold(next.Header.Get("Upgrade"), "websocket")
				}
				// Refused, so that the simulator dials again.
				fmt.Fprintf(c, "HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
			}()
		}
	}()
	return ln.Addr().String(), out
}

// TestTokenOnlyOnAProvenConnection is attack A2 against the simulated
// editor (it sent its upgrade with the token to whatever listened at its
// address): the token goes only on a connection whose own first request
// was a proof answered with the daemon's key. A squatter that cannot prove
// (a wrong key, a 404) and one that proves but drops the connection
// (Connection: close, a hang-up) — so that the token would have to go on
// another — never see an Authorization header; the daemon that proves and
// keeps the connection gets the upgrade with the token on that one.
func TestTokenOnlyOnAProvenConnection(t *testing.T) {
	t.Parallel()
	for _, mode := range []string{"wrong", "404", "close", "hangup", "good"} {
		t.Run(mode, func(t *testing.T) {
			t.Parallel()
			addr, conns := proofListener(t, "the-key", mode)
			sim := newSim(t, Config{BaseURL: "http://" + addr, Token: "tok", Key: "the-key"})
			ctx, cancel := context.WithCancel(t.Context())
			done := make(chan struct{})
			go func() { sim.Run(ctx); close(done) }()
			defer func() { cancel(); <-done }()
			for range 3 { // the first dial and two retries
				var s seen
				select {
				case s = <-conns:
				case <-t.Context().Done():
					t.Fatal("the simulator did not dial")
				}
				if s.first != state.ProofPath {
					t.Errorf("a connection's first request was %q, not the proof", s.first)
				}
				if mode != "good" && s.authorized > 0 {
					t.Errorf("%d requests with an Authorization header reached a program that did not prove the connection they came on", s.authorized)
				}
				if mode == "good" && (!s.upgrade || s.requests != 2) {
					t.Errorf("after the proof, %d requests on the proven connection, the upgrade with the token: %v", s.requests, s.upgrade)
				}
			}
		})
	}
}

// provingServer serves h with the daemon's GET /proof in front of it,
// answered with a fresh key (keeping the connection, as the daemon does
// for keep=1): the simulator proves each connection before its upgrade.
func provingServer(t *testing.T, h http.Handler) (url, key string) {
	t.Helper()
	key = state.NewNonce()
	mux := http.NewServeMux()
	mux.HandleFunc(state.ProofPath, func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]string{"proof": state.Proof(key, r.URL.Query().Get("nonce"))})
	})
	mux.Handle("/", h)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL, key
}
