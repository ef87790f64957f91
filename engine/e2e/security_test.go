package e2e

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/bridge/bridgetest"
	"github.com/unitymcp/unitymcp/engine/daemon"
	"github.com/unitymcp/unitymcp/engine/server"
)

// Every route refuses a missing or wrong token, a foreign Host and a hostile
// Origin, and the daemon keeps serving afterwards.
func TestGuardsOnEveryRoute(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	routes := []struct{ method, path string }{
		{"GET", "/health"}, {"GET", "/tools"}, {"POST", "/tools/compile"}, {"GET", "/events"},
		{"POST", "/mcp"}, {"GET", "/mcp"}, {"POST", "/projects/0123456789abcdef/mcp"}, {"GET", "/bridge"},
	}
	cases := []struct {
		name   string
		hdr    map[string]string
		status int
	}{
		{"no token", map[string]string{"Authorization": ""}, http.StatusUnauthorized},
		{"wrong token", map[string]string{"Authorization": "Bearer nope"}, http.StatusUnauthorized},
		{"basic auth", map[string]string{"Authorization": "Basic " + e.Token}, http.StatusUnauthorized},
		{"hostile origin", map[string]string{"Origin": "http://evil.example"}, http.StatusForbidden},
		{"null origin", map[string]string{"Origin": "null"}, http.StatusForbidden},
		{"origin lookalike", map[string]string{"Origin": "http://localhost.evil.example"}, http.StatusForbidden},
		{"foreign host", map[string]string{"Host": "evil.example"}, http.StatusForbidden},
		{"rebinding host", map[string]string{"Host": "attacker.example:8080"}, http.StatusForbidden},
	}
	for _, r := range routes {
		for _, c := range cases {
			var body []byte
			if r.method == "POST" {
				body = []byte(`{}`)
			}
			status, resp := e.do(r.method, r.path, body, c.hdr)
			if status != c.status {
				t.Errorf("%s %s with %s: status %d, want %d (%s)", r.method, r.path, c.name, status, c.status, resp)
			}
			if !bytes.Contains(resp, []byte(`"message"`)) {
				t.Errorf("%s %s with %s: no error message in %s", r.method, r.path, c.name, resp)
			}
		}
	}
	// Loopback origins and hosts are fine.
	for _, h := range []map[string]string{{"Origin": "http://localhost:6274"}, {"Host": "localhost"}, {"Origin": "http://127.0.0.1"}} {
		if status, body := e.do("GET", "/health", nil, h); status != http.StatusOK {
			t.Errorf("GET /health with %v: %d %s", h, status, body)
		}
	}
}

func TestOversizedBody(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	big := bytes.Repeat([]byte("x"), server.MaxBodyBytes+1)
	for _, path := range []string{"/mcp", "/tools/compile"} {
		status, body := e.do("POST", path, big, nil)
		if status != http.StatusRequestEntityTooLarge || !strings.Contains(string(body), "body_too_large") {
			t.Errorf("POST %s with %d bytes: %d %s", path, len(big), status, body)
		}
	}
	// Chunked (no Content-Length) bodies are cut off too.
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "POST", e.URL+"/tools/compile", struct{ *bytes.Reader }{bytes.NewReader(big)})
	req.Header.Set("Authorization", "Bearer "+e.Token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("chunked oversized body: %d", resp.StatusCode)
	}
	if status, _ := e.do("GET", "/health", nil, nil); status != http.StatusOK {
		t.Fatalf("daemon stopped serving: %d", status)
	}
}

func TestBridgeNeedsToken(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	for _, tok := range []string{"", "wrong"} {
		_, resp, err := websocket.Dial(ctx, e.URL+api.PathBridge, &websocket.DialOptions{HTTPHeader: http.Header{"Authorization": {"Bearer " + tok}}})
		if err == nil {
			t.Fatalf("bridge accepted token %q", tok)
		}
		if resp == nil || resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("bridge with token %q: %v", tok, resp)
		}
	}
	conn, err := bridgetest.Dial(ctx, e.URL, e.Token, nil)
	if err != nil {
		t.Fatalf("bridge refused the right token: %v", err)
	}
	conn.CloseNow()
}

// An editor that sends garbage or an incompatible hello gets a clear error.
func TestBridgeBadHello(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	conn, err := bridgetest.Dial(ctx, e.URL, e.Token, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := bridge.NewPeer(conn, nil, nil)
	go p.Run()
	defer p.Close("done")
	err = p.Call(ctx, bridge.MethodHello, bridge.Hello{Protocol: 99, DataPath: "/x/Assets"}, nil)
	if err == nil || !strings.Contains(err.Error(), "protocol 99 is not supported") {
		t.Errorf("hello with protocol 99: %v", err)
	}
	err = p.Call(ctx, bridge.MethodHello, bridge.Hello{Protocol: bridge.ProtocolVersion}, nil)
	if err == nil || !strings.Contains(err.Error(), "dataPath is required") {
		t.Errorf("hello without dataPath: %v", err)
	}
	conn.Write(ctx, websocket.MessageText, []byte("not json"))
	err = p.Call(ctx, "no/such/method", struct{}{}, nil)
	if err == nil || !strings.Contains(err.Error(), "no method") {
		t.Errorf("unknown method: %v", err)
	}
}

// Slow clients (headers trickling in, a body that never comes) are cut off
// and leave no goroutine behind.
func TestSlowClients(t *testing.T) {
	e := startDaemonWith(t, func(c *daemon.Config) { c.HeaderTimeout = 300 * time.Millisecond })
	// The baseline is taken in the state the end is measured in: the
	// daemon serving (it started its goroutines before it said it was
	// ready) and having answered this client, whose kept-alive connection
	// holds a goroutine in the daemon and two in the client at the end too.
	if status, _ := e.do("GET", "/health", nil, nil); status != 200 {
		t.Fatalf("daemon not answering before the slow clients: %d", status)
	}
	before := runtime.NumGoroutine()
	addr := strings.TrimPrefix(e.URL, "http://")
	var conns []net.Conn
	for i := 0; i < 50; i++ {
		c, err := (&net.Dialer{Timeout: 5 * time.Second}).DialContext(t.Context(), "tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		if i%2 == 0 {
			fmt.Fprintf(c, "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n") // headers never finish
		} else {
			fmt.Fprintf(c, "POST /tools/get-logs HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer %s\r\nContent-Length: 100\r\n\r\n{", e.Token)
		}
		conns = append(conns, c)
	}
	// Header trickles are closed by the server after the header timeout.
	closed := 0
	for i, c := range conns {
		if i%2 != 0 {
			continue
		}
		c.SetReadDeadline(time.Now().Add(3 * time.Second))
		buf := make([]byte, 512)
		for {
			if _, err := c.Read(buf); err != nil {
				if ne, ok := err.(net.Error); ok && ne.Timeout() {
					t.Errorf("connection %d still open after the header timeout", i)
				} else {
					closed++
				}
				break
			}
		}
	}
	if closed != 25 {
		t.Errorf("%d of 25 header trickles closed", closed)
	}
	// Body trickles get an answer (400) and the connection ends after the
	// body timeout.
	for i, c := range conns {
		if i%2 == 0 {
			continue
		}
		c.SetReadDeadline(time.Now().Add(5 * time.Second))
		b, err := io.ReadAll(c)
		if ne, ok := err.(net.Error); ok && ne.Timeout() {
			t.Errorf("body trickle %d still open: %q", i, b)
			break
		}
	}
	for _, c := range conns {
		c.Close()
	}
	if status, _ := e.do("GET", "/health", nil, nil); status != 200 {
		t.Fatalf("daemon stopped answering: %d", status)
	}
	poll(5*time.Second, func() bool { return runtime.NumGoroutine() <= before+5 })
	if n := runtime.NumGoroutine(); n > before+5 {
		t.Errorf("goroutines: %d before, %d after the slow clients left", before, n)
	}
}
