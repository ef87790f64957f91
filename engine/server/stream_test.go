package server

import (
	"bufio"
	"context"
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
	// The answer (101 or a refusal) comes at once: a daemon that answers
	// nothing fails the test instead of hanging it.
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.SetReadDeadline(time.Time{})
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

// A line of exactly MaxBodyBytes (its newline included) is a message like
// any other; one byte more is answered with the size limit and skipped,
// and the stream goes on.
func TestStreamLineLimitIsExact(t *testing.T) {
	d := newTestDaemon(t, 5*time.Second, 0, 0)
	s := openStream(t, d)
	s.initialize()
	line := func(id string, size int) string {
		head := `{"jsonrpc":"2.0","id":` + id + `,"method":"ping","params":{"pad":"`
		tail := `"}}`
		return head + strings.Repeat("a", size-1-len(head)-len(tail)) + tail // size with its newline
	}
	// next is the next line that is not a notification.
	next := func() string {
		t.Helper()
		s.c.SetReadDeadline(time.Now().Add(10 * time.Second))
		for {
			l, err := s.br.ReadString('\n')
			if err != nil {
				t.Fatalf("reading the stream: %v", err)
			}
			if !strings.Contains(l, `"method":"notifications/`) {
				return l
			}
		}
	}
	s.send(line(`"at"`, MaxBodyBytes))
	if l := next(); !strings.Contains(l, `"id":"at","result"`) {
		t.Errorf("a line of exactly %d bytes: %.300s; want it served", MaxBodyBytes, l)
	}
	s.send(line(`"over"`, MaxBodyBytes+1))
	s.send(`{"jsonrpc":"2.0","id":"after","method":"ping"}`)
	if l := next(); !strings.Contains(l, fmt.Sprintf("a message of over %d bytes was dropped", MaxBodyBytes)) {
		t.Errorf("a line of %d bytes: %.300s; want the size limit error", MaxBodyBytes+1, l)
	}
	if l := next(); !strings.Contains(l, `"id":"after","result"`) {
		t.Errorf("the stream after a line over the limit: %.300s", l)
	}
}

// streamSessionID is the id of the one stdio session registered on d's
// unpinned front.
func streamSessionID(t *testing.T, d *testDaemon) string {
	t.Helper()
	f := d.srv.mcp.get("", d.srv.maxPins())
	f.live.mu.Lock()
	defer f.live.mu.Unlock()
	for id := range f.live.live {
		if strings.HasPrefix(id, "stdio-") {
			return id
		}
	}
	t.Fatal("no stdio session registered")
	return ""
}

// A notification the daemon sends the stream's session reaches its client
// as a line of its own.
func TestStreamWritesNotifications(t *testing.T) {
	d := newTestDaemon(t, 5*time.Second, 0, 0)
	s := openStream(t, d)
	s.initialize()
	s.send(`{"jsonrpc":"2.0","id":1,"method":"ping"}`)
	s.answer("1") // the session is registered and initialized
	f := d.srv.mcp.get("", d.srv.maxPins())
	f.notify(streamSessionID(t, d), "notifications/message", map[string]any{"level": "error", "data": "marker-7f3a"})
	s.c.SetReadDeadline(time.Now().Add(10 * time.Second))
	for {
		l, err := s.br.ReadString('\n')
		if err != nil {
			t.Fatalf("the notification did not reach the stream's client: %v", err)
		}
		if strings.Contains(l, `"method":"notifications/message"`) && strings.Contains(l, "marker-7f3a") {
			return
		}
	}
}

// A request line of exactly LargeBodyBytes is not a large one: it is
// served while every large-body slot is taken (one byte more would wait
// for a slot).
func TestStreamLargeLineBoundIsExact(t *testing.T) {
	d := newTestDaemon(t, 5*time.Second, 0, 0)
	d.srv.LargeBodies = 1
	release, err := d.srv.largeSlot(context.Background(), time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	s := openStream(t, d)
	s.initialize()
	head, tail := `{"jsonrpc":"2.0","id":"at","method":"ping","params":{"pad":"`, `"}}`
	s.send(head + strings.Repeat("a", LargeBodyBytes-len(head)-len(tail)) + tail)
	if a := s.answer(`"at"`); a["result"] == nil {
		t.Errorf("a line of exactly %d bytes while the large-body slot is taken: %v; want it served", LargeBodyBytes, a)
	}
}

// liveOn reports whether session sid is registered on the front of hash.
func liveOn(d *testDaemon, hash, sid string) bool {
	d.srv.mcp.mu.Lock()
	f := d.srv.mcp.fronts[hash]
	d.srv.mcp.mu.Unlock()
	if f == nil {
		return false
	}
	f.live.mu.Lock()
	defer f.live.mu.Unlock()
	_, ok := f.live.live[sid]
	return ok
}

// editor_select on a stream pinned to a project moves its session to the
// other project's front (the client is told its tool and resource lists
// changed); selecting the project it is on already changes nothing; when
// the bound on pinned projects leaves no room, it is refused and the
// session stays.
func TestStreamEditorSelectMovesTheSession(t *testing.T) {
	d := newTestDaemon(t, 5*time.Second, 0, 0)
	d.srv.MaxPins = 2
	first, full := strings.Repeat("b", 16), strings.Repeat("c", 16)
	c, br, status, body := dialStreamAt(t, d.srv.BaseURL, api.PathStream+"?"+api.QueryProject+"="+first, upgrade(d.token))
	if c == nil {
		t.Fatalf("upgrade: %d %s", status, body)
	}
	s := &streamClient{t: t, c: c, br: br}
	s.initialize()
	s.send(`{"jsonrpc":"2.0","id":"ping","method":"ping"}`)
	s.answer(`"ping"`)
	var sid string
	d.srv.mcp.mu.Lock()
	ff := d.srv.mcp.fronts[first]
	d.srv.mcp.mu.Unlock()
	ff.live.mu.Lock()
	for id := range ff.live.live {
		sid = id
	}
	ff.live.mu.Unlock()
	if sid == "" {
		t.Fatal("the stream's session is not on its project's front")
	}
	cf := d.srv.mcp.get(full, 2)
	if cf == nil {
		t.Fatal("no front for a second project")
	}
	cf.live.mu.Lock()
	cf.live.live = map[string]*liveSession{"someone": {}} // the second pin there is room for, taken
	cf.live.mu.Unlock()

	hash := d.sim.Hash()
	sel := func(id string) {
		s.send(`{"jsonrpc":"2.0","id":"` + id + `","method":"tools/call","params":{"name":"editor_select","arguments":{"project":"` + hash + `"}}}`)
	}
	sel("full")
	if a := s.answer(`"full"`); !strings.Contains(fmt.Sprint(a["result"]), "too_many_projects") || !liveOn(d, first, sid) || liveOn(d, hash, sid) {
		t.Fatalf("editor_select with no room for a pin: %v; want too_many_projects, the session where it was", a)
	}

	cf.live.mu.Lock()
	cf.live.live = map[string]*liveSession{} // room again
	cf.live.mu.Unlock()
	sel("move")
	var result string
	told := map[string]bool{}
	s.c.SetReadDeadline(time.Now().Add(10 * time.Second))
	for result == "" || len(told) < 2 {
		l, err := s.br.ReadString('\n')
		if err != nil {
			t.Fatalf("editor_select: answer %q, told %v, then %v", result, told, err)
		}
		switch {
		case strings.Contains(l, `"id":"move"`):
			result = l
			if strings.Contains(result, `"isError":true`) || !liveOn(d, hash, sid) || liveOn(d, first, sid) {
				t.Fatalf("editor_select: %.300s; want the session moved to the project's front", result)
			}
		case strings.Contains(l, `"method":"notifications/tools/list_changed"`), strings.Contains(l, `"method":"notifications/resources/list_changed"`):
			told[l] = true
		}
	}
	sel("again")
	if a := s.answer(`"again"`); a["result"] == nil || strings.Contains(fmt.Sprint(a["result"]), "isError:true") || !liveOn(d, hash, sid) {
		t.Errorf("editor_select of the project the session is on: %v; want it answered, the session kept there", a)
	}
}
