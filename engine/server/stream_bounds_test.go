package server

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/editorsim"
)

// streamClient is a raw client of the stdio stream.
type streamClient struct {
	t  *testing.T
	c  net.Conn
	br *bufio.Reader
}

func openStream(t *testing.T, d *testDaemon) *streamClient {
	t.Helper()
	c, br, status, body := dialStream(t, d.srv.BaseURL, upgrade(d.token))
	if c == nil {
		t.Fatalf("upgrade: %d %s", status, body)
	}
	return &streamClient{t: t, c: c, br: br}
}

func (s *streamClient) send(line string) { io.WriteString(s.c, line+"\n") }

// answer reads lines until the answer to id, skipping notifications.
func (s *streamClient) answer(id string) map[string]any {
	s.t.Helper()
	s.c.SetReadDeadline(time.Now().Add(10 * time.Second))
	for {
		l, err := s.br.ReadString('\n')
		if err != nil {
			s.t.Fatalf("reading the answer to %s: %v", id, err)
		}
		var m map[string]any
		if json.Unmarshal([]byte(l), &m) != nil {
			s.t.Fatalf("not JSON: %.200s", l)
		}
		if b, _ := json.Marshal(m["id"]); string(b) == id {
			return m
		}
	}
}

func (s *streamClient) initialize() {
	s.send(`{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	s.answer(`"init"`)
	s.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
}

// waitEnded waits for the daemon to end count streams (Server.Ended).
func waitEnded(t *testing.T, ended chan struct{}, count int, what string) {
	t.Helper()
	for i := 0; i < count; i++ {
		select {
		case <-ended:
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: %d of %d streams ended within 10 s", what, i, count)
		}
	}
}

// Every goroutine that runs handler code recovers: a tool call that panics
// over a stdio stream is answered with an error (mcp-go's recovery), a
// task whose call panics ends failed, a panic anywhere else in serving a
// message is that request's internal error — and the daemon and the
// stream go on.
func TestStreamRecoversPanics(t *testing.T) {
	d := newTestDaemon(t, 5*time.Second, 0, 0)
	d.srv.mcp.call = func(context.Context, engine.Request) (json.RawMessage, *api.ToolError) { panic("a tool's bug") }
	s := openStream(t, d)
	s.initialize()
	s.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get-logs","arguments":{}}}`)
	if a := s.answer("1"); a["error"] == nil && !strings.Contains(fmt.Sprint(a["result"]), "isError:true") {
		t.Errorf("a panicking tool call: %v; want an error", a)
	}
	s.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"run-tests","arguments":{},"task":{"ttl":60000}}}`)
	task := s.answer("2")["result"].(map[string]any)["task"].(map[string]any)["taskId"].(string)
	s.send(`{"jsonrpc":"2.0","id":3,"method":"tasks/result","params":{"taskId":"` + task + `"}}`)
	if a := s.answer("3"); !strings.Contains(fmt.Sprint(a), api.CodeInternal) {
		t.Errorf("tasks/result of a task whose call panicked: %v; want internal_error", a)
	}
	s.send(`{"jsonrpc":"2.0","id":4,"method":"tasks/get","params":{"taskId":"` + task + `"}}`)
	if st := s.answer("4")["result"].(map[string]any)["status"]; st != "failed" {
		t.Errorf("the task's status: %v, want failed", st)
	}
	// A panic outside any tool (a hook of mcp-go's, here).
	f := d.srv.mcp.get("", d.srv.maxPins())
	f.srv.GetHooks().AddBeforeAny(func(_ context.Context, _ any, method mcp.MCPMethod, _ any) {
		if method == mcp.MethodResourcesList {
			panic("a hook's bug")
		}
	})
	s.send(`{"jsonrpc":"2.0","id":5,"method":"resources/list"}`)
	if a := s.answer("5"); !strings.Contains(fmt.Sprint(a["error"]), api.CodeInternal) {
		t.Errorf("a request whose serving panicked: %v; want internal_error", a)
	}
	s.send(`{"jsonrpc":"2.0","id":6,"method":"ping"}`)
	if a := s.answer("6"); a["result"] == nil {
		t.Errorf("the stream after the panics: %v", a)
	}
}

// Streams are bounded in all (MaxStreams: one more is refused 503 until
// one ends) and per client (64 requests served at once: one more is
// answered busy).
func TestStreamsBounded(t *testing.T) {
	d := newTestDaemonSim(t, 5*time.Second, 0, editorsim.Config{Slow: 2 * time.Second})
	ended := make(chan struct{}, 8)
	d.srv.Ended = func() { ended <- struct{}{} }
	d.srv.MaxStreams = 2
	a, b := openStream(t, d), openStream(t, d)
	if c, _, status, body := dialStream(t, d.srv.BaseURL, upgrade(d.token)); c != nil || status != http.StatusServiceUnavailable || !strings.Contains(body, "too_many_streams") {
		t.Fatalf("a third stream with MaxStreams 2: %d %s; want 503 too_many_streams", status, body)
	}
	b.c.Close()
	waitEnded(t, ended, 1, "the closed stream")
	openStream(t, d) // room again

	a.initialize()
	for i := 0; i < maxStreamRequests; i++ {
		a.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"get-logs","arguments":{}}}`, 100+i))
	}
	a.send(`{"jsonrpc":"2.0","id":"one-more","method":"ping"}`)
	if m := a.answer(`"one-more"`); !strings.Contains(fmt.Sprint(m["error"]), "busy") {
		t.Fatalf("request %d of a stream: %v; want busy", maxStreamRequests+1, m)
	}
}

// A client that stops reading costs the daemon a bounded time: a write
// that waits longer than StreamWriteTimeout ends the stream, and so does a
// line begun and not finished within the body timeout; the daemon answers
// others meanwhile.
func TestStreamPeerThatStallsIsCutOff(t *testing.T) {
	d := newTestDaemon(t, 5*time.Second, 0, 0)
	ended := make(chan struct{}, 4)
	d.srv.Ended = func() { ended <- struct{}{} }
	d.srv.StreamWriteTimeout = 200 * time.Millisecond
	d.srv.BodyTimeout = 200 * time.Millisecond

	s := openStream(t, d)
	s.initialize()
	// tools/list answers of tens of kilobytes each, never read: the
	// socket buffers fill and a write of the daemon's waits past its
	// deadline (the requests stop being read too, and then this write
	// waits, until the daemon closes the stream). The client's receive
	// buffer keeps its default size: shrunk after the window was
	// advertised, it makes the kernel drop the daemon's segments — and
	// the acknowledgements they carry — so both directions sit in
	// retransmission backoff for seconds before the daemon's buffer fills.
	go func() {
		for i := 0; ; i++ {
			if _, err := io.WriteString(s.c, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/list"}`+"\n", i)); err != nil {
				return
			}
		}
	}()
	waitEnded(t, ended, 1, "a stream whose client reads nothing")

	half := openStream(t, d)
	io.WriteString(half.c, `{"jsonrpc":"2.0","id":1,"method":`) // and nothing more
	waitEnded(t, ended, 1, "a stream with a line begun and never finished")

	if rec := d.post(`{"jsonrpc":"2.0","id":9,"method":"ping"}`); rec.Code != http.StatusOK {
		t.Errorf("the daemon after the stalled streams: %d %s", rec.Code, rec.Body)
	}
	if n := d.srv.Streams(); n != 0 {
		t.Errorf("%d streams still counted", n)
	}
}
