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

// notifications/cancelled ends a call at once, with or without a progress
// token: the answer is the cancelled error, not the slow editor's result,
// and a cancellation names its call by value (1e3 is 1000).
func TestCancelEndsTheCall(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	sim := e.startSim(newProject(t, "Cancel"), editorsim.Config{Slow: 5 * time.Second})
	s := newRawSession(t, e)
	for _, c := range []struct{ id, cancelID, meta string }{
		{"77", "77", ""},
		{"78", "78", `,"_meta":{"progressToken":"p"}`},
		{"1e3", "1000", ""},
	} {
		arrived := executions(sim, "get-logs")
		type answer struct {
			body string
			took time.Duration
		}
		done := make(chan answer, 1)
		start := time.Now()
		go func() {
			_, body := s.post(`{"jsonrpc":"2.0","id":` + c.id + `,"method":"tools/call","params":{"name":"get-logs","arguments":{}` + c.meta + `}}`)
			done <- answer{body, time.Since(start)}
		}()
		// Cancel once the call is running on the (slow) editor.
		waitFor(t, 10*time.Second, func() bool { return executions(sim, "get-logs") > arrived }, "the call to reach the editor")
		resp, _ := s.post(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":` + c.cancelID + `,"reason":"test"}}`)
		if resp.StatusCode != http.StatusAccepted {
			t.Errorf("cancel notification: %d", resp.StatusCode)
		}
		select {
		case a := <-done:
			if a.took > 3*time.Second {
				t.Errorf("id %s: the call ran on after its cancellation (%v)", c.id, a.took)
			}
			if !strings.Contains(a.body, "cancel") {
				t.Errorf("id %s: answer does not say cancelled: %s", c.id, a.body)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("id %s: no answer", c.id)
		}
	}
}

// After the catalog changes, a client without a GET stream hears of it
// (tools/list_changed) in the answer to its next request.
func TestListChangedReachesAClientWithoutAGETStream(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	e.startSim(newProject(t, "ListChanged"), editorsim.Config{})
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
	catalogChange(t, e, 0) // a definition file saved: the catalog changes
	call()                 // carries list_changed
	select {
	case <-changed:
	case <-time.After(5 * time.Second):
		t.Fatal("list_changed never reached a client without a GET stream")
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
