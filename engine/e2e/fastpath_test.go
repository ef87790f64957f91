package e2e

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/editorsim"
)

// rawSession is a 2025 Streamable HTTP session driven with plain requests,
// so a test controls every header and byte of the body.
type rawSession struct {
	t    *testing.T
	e    *env
	sid  string
	path string // "" is /mcp
}

func newRawSession(t *testing.T, e *env) *rawSession { return newRawSessionAt(t, e, "/mcp") }

// newRawSessionAt initializes a session at path (/mcp?project=…, /projects/<hash>/mcp).
func newRawSessionAt(t *testing.T, e *env, path string) *rawSession {
	s := &rawSession{t: t, e: e, path: path}
	resp, _ := s.post(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`)
	s.sid = resp.Header.Get("Mcp-Session-Id")
	if s.sid == "" {
		t.Fatal("no session id")
	}
	s.post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return s
}

func (s *rawSession) post(body string) (*http.Response, string) {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(s.t.Context(), time.Minute)
	defer cancel()
	path := s.path
	if path == "" {
		path = "/mcp"
	}
	req, _ := http.NewRequestWithContext(ctx, "POST", s.e.URL+path, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+s.e.Token)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if s.sid != "" {
		req.Header.Set("Mcp-Session-Id", s.sid)
		req.Header.Set("MCP-Protocol-Version", "2025-11-25")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp, string(b)
}

// result takes the JSON-RPC response out of a plain or SSE answer.
func rpcResult(t *testing.T, body string) map[string]any {
	t.Helper()
	if i := strings.LastIndex(body, "data: "); i >= 0 {
		body = strings.TrimSpace(body[i+len("data: "):])
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(body), &m); err != nil {
		t.Fatalf("answer is not JSON-RPC: %v\n%s", err, body)
	}
	return m
}

// The daemon answers a plain tools/call itself (fastcall.go); what it
// answers is exactly what mcp-go's path answers for the same call, for a
// result and for a tool error, and every other request still goes to mcp-go.
func TestFastPathAnswersLikeMCPGo(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	e.startSim(newProject(t, "Fast"), editorsim.Config{})
	s := newRawSession(t, e)
	for _, c := range []struct{ name, args string }{
		{"get-logs", `{"LogType":"All","MaxCount":5}`},
		{"find-game-objects", `{"NamePattern":"Main Camera"}`},
		{"get-logs", `{"LogType":"Nope"}`}, // a tool error (invalid_params)
		{"definitions_list", `{}`},         // answered by the daemon
	} {
		before := e.d.Server.FastCalls()
		_, fast := s.post(`{"jsonrpc":"2.0","id":"f-1","method":"tools/call","params":{"name":"` + c.name + `","arguments":` + c.args + `}}`)
		if e.d.Server.FastCalls() != before+1 {
			t.Fatalf("%s: not answered by the fast path", c.name)
		}
		// A progress token sends the call through mcp-go (progress needs its streams).
		_, slow := s.post(`{"jsonrpc":"2.0","id":"f-1","method":"tools/call","params":{"name":"` + c.name + `","arguments":` + c.args + `,"_meta":{"progressToken":"p"}}}`)
		if e.d.Server.FastCalls() != before+1 {
			t.Fatalf("%s: a call with a progress token took the fast path", c.name)
		}
		fr, sr := rpcResult(t, fast), rpcResult(t, slow)
		fj, _ := json.Marshal(fr)
		sj, _ := json.Marshal(sr)
		if string(fj) != string(sj) {
			t.Errorf("%s: fast and mcp-go answers differ:\nfast: %s\nmcp-go: %s", c.name, fj, sj)
		}
		t.Logf("%s: %.160s", c.name, fj)
		if fr["id"] != "f-1" {
			t.Errorf("%s: id not echoed: %v", c.name, fr["id"])
		}
	}
	// Not for the fast path: a batch, a notification, another method, an
	// unknown tool, a request without a session, a 2026 request.
	before := e.d.Server.FastCalls()
	for _, body := range []string{
		`[{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get-logs","arguments":{}}}]`,
		`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"get-logs","arguments":{}}}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"no_such_tool","arguments":{}}}`,
		`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"get-logs","arguments":{},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`,
	} {
		s.post(body)
	}
	noSession := &rawSession{t: t, e: e}
	resp, _ := noSession.post(`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"get-logs","arguments":{}}}`)
	if got := e.d.Server.FastCalls(); got != before {
		t.Errorf("%d of those took the fast path", got-before)
	}
	if resp.StatusCode == http.StatusOK && !strings.Contains(resp.Header.Get("Content-Type"), "json") {
		t.Errorf("request without a session: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
}

// notifications/cancelled ends a fast call at once, as it ends an mcp-go
// one: the answer is the cancelled error, not the slow editor's result.
func TestFastPathCancel(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	sim := e.startSim(newProject(t, "FastCancel"), editorsim.Config{Slow: 5 * time.Second})
	s := newRawSession(t, e)
	for _, meta := range []string{"", `,"_meta":{"progressToken":"p"}`} {
		before := e.d.Server.FastCalls()
		arrived := executions(sim, "get-logs")
		type answer struct {
			body string
			took time.Duration
		}
		done := make(chan answer, 1)
		start := time.Now()
		go func() {
			_, body := s.post(`{"jsonrpc":"2.0","id":77,"method":"tools/call","params":{"name":"get-logs","arguments":{}` + meta + `}}`)
			done <- answer{body, time.Since(start)}
		}()
		// Cancel once the call is running on the (slow) editor.
		waitFor(t, 10*time.Second, func() bool { return executions(sim, "get-logs") > arrived }, "the call to reach the editor")
		resp, _ := s.post(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":77,"reason":"test"}}`)
		if resp.StatusCode != http.StatusAccepted {
			t.Errorf("cancel notification: %d", resp.StatusCode)
		}
		select {
		case a := <-done:
			if a.took > 3*time.Second {
				t.Errorf("meta %q: the call ran on after its cancellation (%v)", meta, a.took)
			}
			t.Logf("meta %q: %v %.200s", meta, a.took, a.body)
			if !strings.Contains(a.body, "cancel") {
				t.Errorf("meta %q: answer does not say cancelled: %s", meta, a.body)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("meta %q: no answer", meta)
		}
		if fast := e.d.Server.FastCalls() > before; fast != (meta == "") {
			t.Errorf("meta %q: fast path used = %v", meta, fast)
		}
	}
}

// After the catalog changes, the next request of a session goes through
// mcp-go, which delivers the queued list_changed in its answer; a client
// without a GET stream still hears of it.
func TestFastPathLeavesListChangedToMCPGo(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	e.startSim(newProject(t, "FastList"), editorsim.Config{})
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	changed := make(chan struct{}, 4)
	c := sdk.NewClient(&sdk.Implementation{Name: "t", Version: "1"}, &sdk.ClientOptions{
		ToolListChangedHandler: func(context.Context, *sdk.ToolListChangedRequest) { changed <- struct{}{} },
	})
	cs, err := c.Connect(ctx, &sdk.StreamableClientTransport{Endpoint: e.URL + "/mcp", DisableStandaloneSSE: true,
		HTTPClient: &http.Client{Transport: tokenTransport{token: e.Token}}}, &sdk.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	call := func() {
		if res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "get-logs", Arguments: map[string]any{}}); err != nil || res.IsError {
			t.Fatalf("call: %v %v", err, res)
		}
	}
	call()
	fastBefore := e.d.Server.FastCalls()
	e.d.Engine.Refresh("") // a catalog change, as after a definition file is saved
	call()                 // through mcp-go: carries list_changed
	select {
	case <-changed:
	case <-time.After(5 * time.Second):
		t.Fatal("list_changed never reached a client without a GET stream")
	}
	if e.d.Server.FastCalls() != fastBefore {
		t.Error("the first call after a catalog change took the fast path")
	}
	call()
	if e.d.Server.FastCalls() != fastBefore+1 {
		t.Error("calls after that do not take the fast path again")
	}
}

// Requests mcp-go would refuse or not run are not answered by the fast path
// either: a session id of the wrong form (even one a GET stream registered),
// and a message that also carries a result (mcp-go takes it for a response).
// A cancellation names its call by value (1e3 is 1000).
func TestFastPathRefusesWhatMCPGoRefuses(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	sim := e.startSim(newProject(t, "FastEdge"), editorsim.Config{Slow: 5 * time.Second})
	// A GET stream with a malformed session id registers it with mcp-go
	// (before it sends the stream's headers).
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", e.URL+"/mcp", nil)
	req.Header.Set("Authorization", "Bearer "+e.Token)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Mcp-Session-Id", "not-a-valid-id")
	opened := make(chan error, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		opened <- err
		if err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	}()
	select {
	case err := <-opened:
		if err != nil {
			t.Fatalf("GET stream: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the GET stream did not open")
	}
	bad := &rawSession{t: t, e: e, sid: "not-a-valid-id"}
	before := e.d.Server.FastCalls()
	resp, _ := bad.post(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"definitions_list","arguments":{}}}`)
	if e.d.Server.FastCalls() != before || resp.StatusCode != http.StatusNotFound {
		t.Errorf("malformed session id: fast path used %v, status %d (mcp-go answers 404)", e.d.Server.FastCalls() != before, resp.StatusCode)
	}
	s := newRawSession(t, e)
	resp, _ = s.post(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"definitions_list","arguments":{}},"result":{}}`)
	if e.d.Server.FastCalls() != before || resp.StatusCode != http.StatusAccepted {
		t.Errorf("message with a result: fast path used %v, status %d (mcp-go: 202, nothing run)", e.d.Server.FastCalls() != before, resp.StatusCode)
	}
	done := make(chan string, 1)
	go func() {
		_, body := s.post(`{"jsonrpc":"2.0","id":1e3,"method":"tools/call","params":{"name":"get-logs","arguments":{}}}`)
		done <- body
	}()
	arrived := executions(sim, "get-logs")
	waitFor(t, 10*time.Second, func() bool { return executions(sim, "get-logs") > arrived }, "the 1e3 call to reach the editor")
	s.post(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1000}}`)
	select {
	case body := <-done:
		if !strings.Contains(body, "cancelled") {
			t.Errorf("requestId 1000 did not cancel call 1e3: %s", body)
		}
	case <-time.After(4 * time.Second):
		t.Error("requestId 1000 did not cancel call 1e3")
	}
	if e.d.Server.FastCalls() != before+1 {
		t.Errorf("the 1e3 call should have taken the fast path")
	}
}

// executions counts the calls of tool that reached the simulator.
func executions(sim *editorsim.Sim, tool string) int {
	n := 0
	for _, ex := range sim.Executions() {
		if ex.Tool == tool {
			n += ex.Count
		}
	}
	return n
}
