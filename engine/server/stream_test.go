package server

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
)

// dialStream opens GET /mcp/stream with the given headers and returns the
// upgraded connection, or the refusal's status and body.
func dialStream(t *testing.T, base string, hdr map[string]string) (net.Conn, *bufio.Reader, int, string) {
	t.Helper()
	return dialStreamAt(t, base, api.PathStream, hdr)
}

// dialStreamAt is dialStream with the request's target (path and query).
func dialStreamAt(t *testing.T, base, target string, hdr map[string]string) (net.Conn, *bufio.Reader, int, string) {
	t.Helper()
	u, _ := url.Parse(base)
	c, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	req := "GET " + target + " HTTP/1.1\r\nHost: " + u.Host + "\r\n"
	for k, v := range hdr {
		req += k + ": " + v + "\r\n"
	}
	io.WriteString(c, req+"\r\n")
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		b, _ := io.ReadAll(resp.Body)
		return nil, nil, resp.StatusCode, string(b)
	}
	return c, br, resp.StatusCode, ""
}

func upgrade(token string) map[string]string {
	return map[string]string{"Authorization": "Bearer " + token, "Connection": "Upgrade", "Upgrade": api.StreamProtocol}
}

// The stream's upgrade passes the same guards as every route.
func TestStreamUpgradeGuards(t *testing.T) {
	d := newTestDaemon(t, 5*time.Second, 0, 0)
	for _, tc := range []struct {
		name   string
		hdr    map[string]string
		status int
		want   string
	}{
		{"no token", map[string]string{"Connection": "Upgrade", "Upgrade": api.StreamProtocol}, 401, "bearer token"},
		{"wrong token", upgrade("nope"), 401, "bearer token"},
		{"web page", map[string]string{"Authorization": "Bearer " + d.token, "Connection": "Upgrade", "Upgrade": api.StreamProtocol, "Origin": "https://example.com"}, 403, "Origin"},
		{"not an upgrade", map[string]string{"Authorization": "Bearer " + d.token}, 400, "Upgrade: " + api.StreamProtocol},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, _, status, body := dialStream(t, d.srv.BaseURL, tc.hdr)
			if c != nil || status != tc.status || !strings.Contains(body, tc.want) {
				t.Fatalf("got %d %s; want %d with %q", status, body, tc.status, tc.want)
			}
		})
	}
}

// A stream is one MCP session: it starts with initialize, calls are
// answered by id, bad lines get JSON-RPC errors and the stream carries on;
// the session is never swept as idle while its stream is open, and it ends
// with the stream.
func TestStreamServesLines(t *testing.T) {
	d := newTestDaemon(t, 5*time.Second, 0, 0)
	ended := make(chan struct{}, 1)
	d.srv.Ended = func() { ended <- struct{}{} }
	c, br, status, body := dialStream(t, d.srv.BaseURL, upgrade(d.token))
	if c == nil {
		t.Fatalf("upgrade: %d %s", status, body)
	}
	read := func(want string) string {
		t.Helper()
		c.SetReadDeadline(time.Now().Add(10 * time.Second))
		for {
			l, err := br.ReadString('\n')
			if err != nil {
				t.Fatalf("reading the stream (want %s): %v", want, err)
			}
			if strings.Contains(l, `"method":"notifications/`) {
				continue // list_changed and the like may come at any time
			}
			if !strings.Contains(l, want) {
				t.Fatalf("the daemon sent %.300s; want %s", l, want)
			}
			return l
		}
	}
	send := func(s string) { io.WriteString(c, s+"\n") }
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	read(`"protocolVersion":"2025-11-25"`)
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get-logs","arguments":{}}}`)
	read(`"id":2,"result":{"content"`)
	send(`[{"jsonrpc":"2.0","id":3,"method":"ping"}]`)
	read(`"code":-32600`)
	send(`{not json`)
	read(`"code":-32700`)
	send(`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"get-logs","arguments":{"x":"` + strings.Repeat("a", MaxBodyBytes) + `"}}}`)
	read(`request size limit`)
	// The id goes back as the client wrote it: mcp-go decodes ids, and a
	// number past 2^53 would come back rounded.
	send(`{"jsonrpc":"2.0","id":12345678901234567891,"method":"ping"}`)
	read(`"id":12345678901234567891,"result"`)

	// An hour and more without a request: HTTP sessions expire, the
	// stream's does not (its stream is open).
	f := d.srv.mcp.get("", d.srv.maxPins())
	d.srv.lastSweep.Store(0)
	d.srv.sweepSessions(time.Now().Add(2 * DefaultSessionIdle))
	if n := f.live.count(); n != 1 {
		t.Fatalf("%d sessions after the sweep; want the stream's alone", n)
	}
	send(`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"get-logs","arguments":{}}}`)
	read(`"id":6,"result":{"content"`)

	// The shim's side ends: the stream's session ends with it.
	c.Close()
	select {
	case <-ended:
	case <-time.After(10 * time.Second):
		t.Fatal("the stream did not end within 10 s of its connection's end")
	}
	if n := f.live.count(); n != 0 {
		t.Fatalf("%d sessions after the stream ended, want 0", n)
	}
}

// Ended is called once when a stream ends (the daemon gives memory back
// after a burst of clients), and not while it is open.
func TestStreamEndCallsEnded(t *testing.T) {
	d := newTestDaemon(t, 5*time.Second, 0, 0)
	ended := make(chan struct{}, 4)
	d.srv.Ended = func() { ended <- struct{}{} }
	c, br, status, body := dialStream(t, d.srv.BaseURL, upgrade(d.token))
	if c == nil {
		t.Fatalf("upgrade: %d %s", status, body)
	}
	io.WriteString(c, `{"jsonrpc":"2.0","id":1,"method":"ping"}`+"\n")
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	if l, err := br.ReadString('\n'); err != nil || !strings.Contains(l, `"id":1`) {
		t.Fatalf("ping on the stream: %q, %v", l, err)
	}
	select {
	case <-ended:
		t.Fatal("Ended was called while the stream was open")
	default:
	}
	c.Close()
	select {
	case <-ended:
	case <-time.After(10 * time.Second):
		t.Fatal("Ended was not called within 10 s of the stream's end")
	}
	select {
	case <-ended:
		t.Fatal("Ended was called twice for one stream")
	case <-time.After(50 * time.Millisecond):
	}
}

// A stream's ?group= filters its tool list as on /mcp, and a stateless
// 2026-07-28 request (no initialize: its version and client in _meta) is
// served on a stream too.
func TestStreamGroupsAndModernRequests(t *testing.T) {
	d := newTestDaemon(t, 5*time.Second, 0, 0)
	hdr := upgrade(d.token)
	c, br, status, body := dialStreamAt(t, d.srv.BaseURL, api.PathStream+"?group=rendering", hdr)
	if c == nil {
		t.Fatalf("upgrade: %d %s", status, body)
	}
	s := &streamClient{t: t, c: c, br: br}
	s.initialize()
	s.send(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`)
	var names []string
	for _, tl := range s.answer("1")["result"].(map[string]any)["tools"].([]any) {
		names = append(names, tl.(map[string]any)["name"].(string))
	}
	if !slices.Contains(names, "render_compare") || slices.Contains(names, "get-logs") {
		t.Errorf("tools/list on a stream with ?group=rendering: %v", names)
	}
	if c, _, status, body := dialStreamAt(t, d.srv.BaseURL, api.PathStream+"?group=nope", hdr); c != nil || status != http.StatusBadRequest || !strings.Contains(body, "nope") {
		t.Errorf("an unknown group: %d %s; want 400 naming it", status, body)
	}

	m := openStream(t, d)
	m.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get-logs","arguments":{},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}}}}`)
	if a := m.answer("2"); a["result"] == nil || !strings.Contains(fmt.Sprint(a["result"]), "resultType:complete") {
		t.Errorf("a 2026-07-28 tools/call on a stream: %v", a)
	}
}
