// Package clienttest is what tests of the daemon's clients stand in for a
// daemon: a program at a loopback address that answers GET /proof — with
// the proof of a key (the daemon) or a made-up one (whatever took the port
// after the daemon went) — and counts the requests that carried a token.
package clienttest

import (
	"encoding/json"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/unitymcp/unitymcp/engine/state"
)

// Program listens at Addr until the test ends.
type Program struct {
	Addr string
	srv  *http.Server
	// Tokens counts the requests that carried an Authorization header
	// since the program started or was last replaced.
	Tokens atomic.Int64

	mu    sync.Mutex
	key   string
	conns map[net.Conn]bool
}

// Serve starts a program at a free loopback port. With a key it proves it
// is the daemon that holds it; without one it cannot. Every other route
// answers what /health and /config look like, empty.
func Serve(t *testing.T, key string) *Program {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &Program{Addr: ln.Addr().String(), key: key, conns: map[net.Conn]bool{}}
	p.srv = &http.Server{Handler: http.HandlerFunc(p.serve), ConnState: func(c net.Conn, st http.ConnState) {
		p.mu.Lock()
		defer p.mu.Unlock()
		if st == http.StateClosed || st == http.StateHijacked {
			delete(p.conns, c)
		} else {
			p.conns[c] = true
		}
	}}
	go p.srv.Serve(ln)
	t.Cleanup(func() { p.srv.Close() })
	return p
}

func (p *Program) serve(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Authorization") != "" {
		p.Tokens.Add(1)
	}
	if r.URL.Path == state.ProofPath {
		p.mu.Lock()
		key := p.key
		p.mu.Unlock()
		proof := "00"
		if key != "" {
			proof = state.Proof(key, r.URL.Query().Get("nonce"))
		}
		json.NewEncoder(w).Encode(map[string]string{"proof": proof})
		return
	}
	w.Write([]byte(`{"version":"x","editors":[],"notifications":{}}`))
}

// Replace stands for the program going (kill -9: every connection it holds
// drops) and another taking its port — one that knows key, or none ("").
// The port never is free in between, so no other test's connection can
// take it; Tokens starts again from 0.
func (p *Program) Replace(key string) {
	p.mu.Lock()
	p.key = key
	for c := range p.conns {
		c.Close()
	}
	p.Tokens.Store(0)
	p.mu.Unlock()
}
