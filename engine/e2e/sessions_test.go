package e2e

import (
	"context"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/daemon"
)

// TestMCPSessionIdleExpiry: a session with no request and no open stream
// for longer than SessionIdle is forgotten (404, so the client initializes
// again; the session count drops); one that keeps asking, or holds its GET
// stream open, stays.
//
// The sessions' clock is the test's: it turns it by idle/8 between the
// busy session's pings, so no verdict depends on how fast a loaded
// machine runs them.
func TestMCPSessionIdleExpiry(t *testing.T) {
	const idle = time.Hour
	var clock atomic.Int64
	clock.Store(time.Now().UnixNano())
	e := startDaemonWith(t, func(c *daemon.Config) {
		c.SessionIdle = idle
		c.SessionClock = func() time.Time { return time.Unix(0, clock.Load()) }
	})
	quiet := newRawSession(t, e)
	busy := newRawSession(t, e)
	streaming := newRawSession(t, e)
	// streaming holds its GET stream (server-to-client messages) open.
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", e.URL+"/mcp", nil)
	req.Header.Set("Authorization", "Bearer "+e.Token)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Mcp-Session-Id", streaming.sid)
	req.Header.Set("MCP-Protocol-Version", "2025-11-25")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET stream: %d", resp.StatusCode)
	}
	if got := e.d.Server.Sessions(); got != 3 {
		t.Fatalf("sessions: got %d, want 3", got)
	}
	ping := `{"jsonrpc":"2.0","id":2,"method":"ping"}`
	for range 24 { // three idle periods
		clock.Add(int64(idle / 8))
		if r, body := busy.post(ping); r.StatusCode != http.StatusOK {
			t.Fatalf("the busy session was dropped: %d %s", r.StatusCode, body)
		}
	}
	if r, _ := quiet.post(ping); r.StatusCode != http.StatusNotFound {
		t.Errorf("the idle session after %v: status %d, want 404", 3*idle, r.StatusCode)
	}
	if r, body := streaming.post(ping); r.StatusCode != http.StatusOK {
		t.Errorf("the session with an open stream: %d %s, want 200", r.StatusCode, body)
	}
	if got := e.d.Server.Sessions(); got != 2 {
		t.Errorf("sessions after expiry: got %d, want 2", got)
	}
}
