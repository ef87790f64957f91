package client

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/state"
)

// squatter is whatever listens at a stale daemon.json's address. It records
// every Authorization header it is sent; answer, when set, answers /proof.
type squatter struct {
	srv    *httptest.Server
	tokens atomic.Int64
}

func newSquatter(t *testing.T, answer func(nonce string) string) *squatter {
	q := &squatter{}
	q.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "" {
			q.tokens.Add(1)
		}
		if r.URL.Path == state.ProofPath && answer != nil {
			w.Write([]byte(`{"proof":"` + answer(r.URL.Query().Get("nonce")) + `"}`))
			return
		}
		w.Write([]byte(`{"version":"squatter","editors":[]}`))
	}))
	t.Cleanup(q.srv.Close)
	return q
}

func TestFindSendsNoTokenToSquatter(t *testing.T) {
	t.Parallel()
	key, _ := state.NewKey()
	other, _ := state.NewKey()
	tests := []struct {
		name   string
		key    string // in daemon.json
		answer func(nonce string) string
		found  bool
	}{
		{"no proof route", key, nil, false},
		{"proof with another key", key, func(n string) string { return state.Proof(other, n) }, false},
		{"replayed proof of another nonce", key, func(string) string { return state.Proof(key, "00000000000000000000000000000000") }, false},
		{"daemon.json without key", "", func(n string) string { return state.Proof("", n) }, false},
		{"the real daemon", key, func(n string) string { return state.Proof(key, n) }, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			q := newSquatter(t, tt.answer)
			dir, err := state.At(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			if _, err := dir.EnsureToken(); err != nil {
				t.Fatal(err)
			}
			// Our own pid: "alive", as a reused pid after a reboot would be.
			if err := dir.WriteDaemon(state.Daemon{PID: os.Getpid(), Address: q.srv.Listener.Addr().String(), URL: q.srv.URL, Started: time.Now(), Key: tt.key}); err != nil {
				t.Fatal(err)
			}
			c, err := Find(context.Background(), dir)
			if tt.found {
				if err != nil {
					t.Fatalf("Find: %v", err)
				}
				if _, _, err := c.Do(context.Background(), "GET", "/health", nil); err != nil {
					t.Fatal(err)
				}
				if got := q.tokens.Load(); got != 2 {
					t.Errorf("the proven daemon got the token %d times, want 2 (ping, request)", got)
				}
				return
			}
			if !errors.Is(err, ErrNoDaemon) {
				t.Fatalf("Find: got %v, want ErrNoDaemon", err)
			}
			if got := q.tokens.Load(); got != 0 {
				t.Errorf("the squatter got an Authorization header %d times, want 0", got)
			}
		})
	}
}

// TestProvenClientRechecksNewURL: a proof holds for one address only.
func TestProvenClientRechecksNewURL(t *testing.T) {
	t.Parallel()
	key, _ := state.NewKey()
	good := newSquatter(t, func(n string) string { return state.Proof(key, n) })
	bad := newSquatter(t, nil)
	c := &Client{URL: good.srv.URL, Token: "tok", Key: key, HTTP: &http.Client{}}
	if _, _, err := c.Do(context.Background(), "GET", "/health", nil); err != nil {
		t.Fatal(err)
	}
	c.URL = bad.srv.URL
	if _, _, err := c.Do(context.Background(), "GET", "/health", nil); err == nil {
		t.Error("Do to an unproven URL: got nil error")
	}
	if got := bad.tokens.Load(); got != 0 {
		t.Errorf("the unproven URL got the token %d times, want 0", got)
	}
}
