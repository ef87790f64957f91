package server

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
	"time"

	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
)

// progressCall makes d's tool calls report progress once, then answer
// result.
func progressCall(d *testDaemon, result string) {
	d.srv.mcp.call = func(_ context.Context, r engine.Request) (json.RawMessage, *api.ToolError) {
		if r.Progress != nil {
			r.Progress(1, 2, "half")
		}
		return json.RawMessage(result), nil
	}
}

// A call's progress comes on its own POST, before its result, every time.
func TestProgressBeforeItsResult(t *testing.T) {
	d, _, _, _ := newTestServer(t, 5*time.Second, "Progress")
	progressCall(d, `{}`)
	d.initialize(t)
	for i := range 200 {
		d.post(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"get-logs","arguments":{},"_meta":{"progressToken":"p%d"}}}`, 100+i, i))
		if len(d.events) != 1 || !strings.Contains(d.events[0], fmt.Sprintf(`"progressToken":"p%d"`, i)) {
			t.Fatalf("call %d: %q before its result; want its own progress", i, d.events)
		}
	}
}

// A session id of the daemon's form that it does not know (the daemon
// restarted since the client initialized) is a session again: initialized
// (its calls' progress, logging/setLevel), counted, and its GET stream gets
// what is sent to it.
func TestSessionAfterARestart(t *testing.T) {
	d, _, _, url := newTestServer(t, 5*time.Second, "Restart")
	progressCall(d, `{}`)
	d.sid = "mcp-session-0123456789abcdef0123456789abcdef"
	d.post(`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"get-logs","arguments":{},"_meta":{"progressToken":"p"}}}`)
	if len(d.events) != 1 || !strings.Contains(d.events[0], "notifications/progress") {
		t.Errorf("progress of a call in the session: %q", d.events)
	}
	if rec := d.post(`{"jsonrpc":"2.0","id":6,"method":"logging/setLevel","params":{"level":"debug"}}`); strings.Contains(rec.Body.String(), `"error"`) {
		t.Errorf("logging/setLevel: %s", rec.Body)
	}
	if d.srv.Sessions() != 1 {
		t.Errorf("%d sessions, want the one taken up again", d.srv.Sessions())
	}
	other := "mcp-session-00112233445566778899aabbccddeeff"
	first := listen(t, url, d.token, other)
	second := listen(t, url, d.token, other) // the client reconnects its stream
	ended := make(chan error, 1)
	go func() {
		_, err := first.ReadString('\n')
		ended <- err
	}()
	select {
	case err := <-ended:
		if err == nil {
			t.Errorf("the replaced GET stream got a line")
		}
	case <-time.After(10 * time.Second):
		t.Errorf("the replaced GET stream goes on")
	}
	f := d.srv.mcp.get("", d.srv.maxPins())
	f.notify(other, "notifications/tools/list_changed", nil)
	got := make(chan string, 1)
	go func() {
		for {
			l, err := second.ReadString('\n')
			if err != nil || strings.Contains(l, "list_changed") {
				got <- l
				return
			}
		}
	}()
	select {
	case l := <-got:
		if !strings.Contains(l, "list_changed") {
			t.Errorf("the second GET stream ended: %q", l)
		}
	case <-time.After(10 * time.Second):
		t.Error("the second GET stream got nothing")
	}
}

// listen opens a GET stream of session sid and returns its body once the
// daemon has taken it (the headers came).
func listen(t *testing.T, url, token, sid string) *bufio.Reader {
	t.Helper()
	req, _ := http.NewRequest("GET", url+"/mcp", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set(sessionHeader, sid)
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET: %v %v", resp, err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return bufio.NewReader(resp.Body)
}

// A client that stops reading a large answer holds up nothing else of its
// session: its other requests and its DELETE are answered, and the stalled
// write ends at the write timeout.
func TestSlowReaderHoldsUpNothingElse(t *testing.T) {
	d, _, _, url := newTestServer(t, 5*time.Second, "Slow")
	d.srv.StreamWriteTimeout = time.Second
	answered := make(chan struct{})
	big := `{"x":"` + strings.Repeat("a", 32<<20) + `"}`
	d.srv.mcp.call = func(_ context.Context, r engine.Request) (json.RawMessage, *api.ToolError) {
		if r.Tool == "get-logs" {
			defer close(answered)
			return json.RawMessage(big), nil
		}
		return json.RawMessage(`{}`), nil
	}
	d.initialize(t)
	conn, err := net.Dial("tcp", strings.TrimPrefix(url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"get-logs","arguments":{}}}`
	fmt.Fprintf(conn, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\nMcp-Session-Id: %s\r\nContent-Length: %d\r\n\r\n%s", d.token, d.sid, len(body), body)
	<-answered
	// The answer's first bytes: the daemon is writing it, and will stall
	// once the socket's buffers are full.
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	if line, err := bufio.NewReader(conn).ReadString('\n'); err != nil || !strings.HasPrefix(line, "HTTP/1.1 200") {
		t.Fatalf("the answer's status line: %q %v", line, err)
	}
	for i := range 20 {
		done := make(chan int, 1)
		go func() { done <- d.post(`{"jsonrpc":"2.0","id":10,"method":"ping"}`).Code }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("ping %d of the session was not answered while another of its POSTs' client read nothing", i)
		}
	}
	done := make(chan int, 1)
	go func() { done <- d.do("DELETE", "").Code }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the session's DELETE was not answered")
	}
}

// A request is protocol 2026-07-28's (mcp-go's transport) by its header or
// its params._meta version, not by those bytes anywhere in it; an
// initialize is not refused for a version header the daemon does not know.
func TestModernOnlyByItsVersion(t *testing.T) {
	d, _, _, _ := newTestServer(t, 5*time.Second, "Era")
	var on string
	d.srv.mcp.call = func(ctx context.Context, r engine.Request) (json.RawMessage, *api.ToolError) {
		on = fmt.Sprintf("%T", mcpserver.ClientSessionFromContext(ctx))
		return json.RawMessage(`{}`), nil
	}
	d.initialize(t)
	d.post(`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"get-logs","arguments":{"SearchText":"2026-07-28 io.modelcontextprotocol/protocolVersion"}}}`)
	if on != "*server.httpSession" {
		t.Errorf("a 2025 session's call whose arguments name 2026-07-28 ran on %s", on)
	}
	// Stated in params._meta: mcp-go's transport, which wants the header to
	// say the same.
	if rec := d.post(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get-logs","arguments":{},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "does not match request io.modelcontextprotocol/protocolVersion 2026-07-28") {
		t.Errorf("a call stating 2026-07-28 in its _meta only: %d %s; want mcp-go's refusal", rec.Code, rec.Body)
	}
	d.sid = ""
	rec := d.post(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"2026-07-28"}}}`)
	if sid := rec.Header().Get(sessionHeader); d.srv.mcp.httpSession(d.srv.mcp.get("", d.srv.maxPins()), sid) == nil {
		t.Errorf("an initialize naming 2026-07-28 in its client version: session %q is not the daemon's (%d %s)", sid, rec.Code, rec.Body)
	}
	req := strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	r, _ := http.NewRequest("POST", "http://127.0.0.1/mcp", req)
	r.Header.Set("Authorization", "Bearer "+d.token)
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("MCP-Protocol-Version", "2024-01-01")
	w := httptest.NewRecorder()
	d.srv.ServeHTTP(w, r)
	if w.Code != http.StatusOK || w.Header().Get(sessionHeader) == "" {
		t.Errorf("an initialize with an unknown version header: %d %s; want it to negotiate", w.Code, w.Body)
	}
}

// A 2026-07-28 request the daemon answers itself (serveOwn) is answered by
// the daemon, not passed to mcp-go's transport: a misspelt tool gets the
// daemon's "did you mean".
func TestModernRequestOwnMethods(t *testing.T) {
	d, _, _, _ := newTestServer(t, 5*time.Second, "ModernOwn")
	body := `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get-log","arguments":{},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}}}}`
	r, _ := http.NewRequest("POST", "http://127.0.0.1/mcp", strings.NewReader(body))
	r.Header.Set("Authorization", "Bearer "+d.token)
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Accept", "application/json, text/event-stream")
	r.Header.Set("MCP-Protocol-Version", "2026-07-28")
	w := httptest.NewRecorder()
	d.srv.ServeHTTP(w, r)
	if got := w.Body.String(); !strings.Contains(got, "Did you mean") || !strings.Contains(got, `"id":3`) {
		t.Errorf("a 2026-07-28 call of a misspelt tool: %d %s; want the daemon's did-you-mean", w.Code, got)
	}
}
