package server

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
)

// A catalog change of one project gives new tools to that project's front
// and to the unpinned one (which lists every project's tools), and to no
// other project's; a change of "" (every project's) reaches every front.
func TestCatalogChangeReachesTheFrontsItConcerns(t *testing.T) {
	d, eng, _, _ := newTestServer(t, 5*time.Second, "Catalogs")
	m := d.srv.mcp
	const a, b = "aaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbb"
	keys := []string{"", a, b}
	for _, k := range keys {
		if m.get(k, DefaultMaxPins) == nil {
			t.Fatalf("no front for %q", k)
		}
	}
	// Each front is given a tool the catalog does not have, as though its
	// tools were stale; a front the change reaches gets the catalog's again.
	stale := func() {
		m.mu.Lock()
		defer m.mu.Unlock()
		for _, f := range m.fronts {
			f.toolsSum = nil
			f.srv.SetTools(mcpserver.ServerTool{Tool: mcp.NewTool("stale_marker")})
		}
	}
	refreshed := func() []string {
		m.mu.Lock()
		defer m.mu.Unlock()
		var out []string
		for _, k := range keys {
			f := m.fronts[k]
			if f.srv.GetTool("stale_marker") == nil && f.srv.GetTool("get-logs") != nil {
				out = append(out, k)
			}
		}
		return out
	}
	stale()
	eng.Refresh(a)
	if got, want := refreshed(), []string{"", a}; !slices.Equal(got, want) {
		t.Errorf("a catalog change of project %s refreshed the fronts %q, want %q", a, got, want)
	}
	stale()
	eng.Refresh("")
	if got := refreshed(); !slices.Equal(got, keys) {
		t.Errorf("a catalog change of every project refreshed the fronts %q, want %q", got, keys)
	}
}

// The bound on pinned projects: the unpinned front does not count and is
// never dropped; at the bound, the front without sessions used least
// recently (on the session clock) makes room; when every pinned front has
// a session, a new pin is refused, but the unpinned front is still made.
func TestPinBoundDropsTheLeastRecentlyUsed(t *testing.T) {
	d, _, _, _ := newTestServer(t, 5*time.Second, "Pins")
	base := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	var clock atomic.Int64
	// The session clock runs against the wall clock here, so a front's use
	// read on the wall clock would order the fronts the other way.
	d.srv.SessionClock = func() time.Time { return base.Add(time.Duration(clock.Load())) }
	m := d.srv.mcp
	const a, b, c, e = "aaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbb", "cccccccccccccccc", "eeeeeeeeeeeeeeee"
	fronts := func() []string {
		m.mu.Lock()
		defer m.mu.Unlock()
		var out []string
		for k := range m.fronts {
			out = append(out, k)
		}
		slices.Sort(out)
		return out
	}
	at := func(min int, key string) *front {
		t.Helper()
		clock.Store(int64(time.Duration(min) * time.Minute))
		return m.get(key, 2)
	}
	at(30, "")
	at(20, b)
	at(10, a) // used after b on the wall clock, before it on the session clock
	if got, want := fronts(), []string{"", a, b}; !slices.Equal(got, want) {
		t.Fatalf("two pins under a bound of 2 (and the unpinned front): fronts %q, want %q", got, want)
	}
	at(40, c)
	if got, want := fronts(), []string{"", b, c}; !slices.Equal(got, want) {
		t.Fatalf("a third pin under a bound of 2: fronts %q, want %q (%s, used least recently, dropped)", got, want, a)
	}
	at(45, b) // a front used again is used last
	at(50, a)
	if got, want := fronts(), []string{"", a, b}; !slices.Equal(got, want) {
		t.Fatalf("a pin after %s was used again: fronts %q, want %q (%s dropped)", b, got, want, c)
	}

	// Every pinned front has a session: no room.
	m.mu.Lock()
	for _, k := range []string{a, b} {
		m.fronts[k].live.live = map[string]*liveSession{"s-" + k: {}}
	}
	delete(m.fronts, "")
	m.mu.Unlock()
	if f := at(60, e); f != nil {
		t.Errorf("a pin while every pinned front has a session got a front; want none")
	}
	if f := at(60, ""); f == nil {
		t.Errorf("the unpinned front was refused at the bound on pins; it does not count")
	}
	if got, want := fronts(), []string{"", a, b}; !slices.Equal(got, want) {
		t.Errorf("fronts %q, want %q", got, want)
	}
}

// A session with no request for longer than SessionIdle is ended: its next
// request is answered 404 session_expired by the daemon, and the session
// count drops. A session that keeps asking stays; a DELETE ends it and the
// count drops to 0. The session clock is the test's.
func TestIdleSessionExpiresAndCountDrops(t *testing.T) {
	d, _, _, _ := newTestServer(t, 5*time.Second, "Idle")
	const idle = time.Hour
	var clock atomic.Int64
	clock.Store(time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC).UnixNano())
	d.srv.SessionIdle = idle
	d.srv.SessionClock = func() time.Time { return time.Unix(0, clock.Load()) }
	d.initialize(t)
	busy := &testDaemon{srv: d.srv, token: d.token}
	busy.initialize(t)
	if got := d.srv.Sessions(); got != 2 {
		t.Fatalf("sessions after two initialize: %d, want 2", got)
	}
	ping := `{"jsonrpc":"2.0","id":2,"method":"ping"}`
	for range 16 { // two idle periods
		clock.Add(int64(idle / 8))
		if rec := busy.post(ping); rec.Code != http.StatusOK {
			t.Fatalf("the session that keeps asking was dropped: %d %s", rec.Code, rec.Body)
		}
	}
	rec := d.post(ping)
	if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), `"session_expired"`) || !strings.Contains(rec.Body.String(), "expired after 1h0m0s without requests") {
		t.Errorf("the idle session after %v: %d %s, want 404 session_expired", 2*idle, rec.Code, rec.Body)
	}
	if got := d.srv.Sessions(); got != 1 {
		t.Errorf("sessions after one expired: %d, want 1", got)
	}
	req := httptest.NewRequest(http.MethodDelete, "http://127.0.0.1/mcp", nil)
	req.Header.Set("Authorization", "Bearer "+d.token)
	req.Header.Set("Mcp-Session-Id", busy.sid)
	req.Header.Set("MCP-Protocol-Version", "2025-11-25")
	del := httptest.NewRecorder()
	d.srv.ServeHTTP(del, req)
	if got := d.srv.Sessions(); got != 0 {
		t.Errorf("sessions after the other's DELETE (%d %s): %d, want 0", del.Code, del.Body, got)
	}
}

// tools/list tells a client which tools it may call as a task (execution
// .taskSupport) and says nothing of it for the others.
func TestToolsListMarksTaskTools(t *testing.T) {
	d, _, _, _ := newTestServer(t, 5*time.Second, "TaskTools")
	d.initialize(t)
	result, code, msg := d.rpcAnswer(t, `{"jsonrpc":"2.0","id":7,"method":"tools/list"}`)
	if code != 0 {
		t.Fatalf("tools/list: %d %s", code, msg)
	}
	var res struct {
		Tools []struct {
			Name      string          `json:"name"`
			Execution json.RawMessage `json:"execution"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(result, &res); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"compile": `{"taskSupport":"optional"}`, "get-logs": ""}
	for _, tl := range res.Tools {
		if w, ok := want[tl.Name]; ok {
			if string(tl.Execution) != w {
				t.Errorf("%s: execution %s, want %q", tl.Name, tl.Execution, w)
			}
			delete(want, tl.Name)
		}
	}
	if len(want) > 0 {
		t.Errorf("tools/list does not list %v", want)
	}
}

// mcpTestSession is an initialised client session whose notifications the
// test reads.
type mcpTestSession struct{ notes chan mcp.JSONRPCNotification }

func (s *mcpTestSession) Initialize()                                         {}
func (s *mcpTestSession) Initialized() bool                                   { return true }
func (s *mcpTestSession) NotificationChannel() chan<- mcp.JSONRPCNotification { return s.notes }
func (s *mcpTestSession) SessionID() string                                   { return "progress-test" }

// A tool call's progress reaches the client as notifications/progress with
// its progressToken, progress, total and message; without a token the call
// gets no progress func (nothing to send it with). Arguments a Go caller
// gave as a value (no raw JSON) reach the engine as JSON.
func TestToolCallProgressAndArguments(t *testing.T) {
	d, _, _, _ := newTestServer(t, 5*time.Second, "Progress")
	m := d.srv.mcp
	f := m.get("", DefaultMaxPins)
	var got engine.Request
	m.call = func(_ context.Context, r engine.Request) (json.RawMessage, *api.ToolError) {
		got = r
		if r.Progress != nil {
			r.Progress(2, 5, "half")
		}
		return json.RawMessage(`{}`), nil
	}
	sess := &mcpTestSession{notes: make(chan mcp.JSONRPCNotification, 4)}
	ctx := f.srv.WithContext(context.Background(), sess)
	call := func(params string) {
		t.Helper()
		resp := f.srv.HandleMessage(ctx, []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":`+params+`}`))
		if b, _ := json.Marshal(resp); !strings.Contains(string(b), `"result"`) {
			t.Fatalf("tools/call %s: %s", params, b)
		}
	}
	call(`{"name":"get-logs","arguments":{"Max":3},"_meta":{"progressToken":"tok-7"}}`)
	if got.Progress == nil {
		t.Fatal("a call with a progressToken got no progress func")
	}
	if string(got.Args) != `{"Max":3}` {
		t.Errorf("args %s, want {\"Max\":3}", got.Args)
	}
	select {
	case n := <-sess.notes:
		p := n.Params.AdditionalFields
		if n.Method != "notifications/progress" || p["progressToken"] != "tok-7" || p["progress"] != 2.0 || p["total"] != 5.0 || p["message"] != "half" {
			t.Errorf("progress notification %s %v", n.Method, p)
		}
	default:
		t.Error("no notifications/progress reached the session")
	}
	call(`{"name":"get-logs","arguments":{}}`)
	if got.Progress != nil {
		t.Error("a call without a progressToken got a progress func")
	}

	h := m.handler("", "get-logs")
	req := mcp.CallToolRequest{}
	req.Params.Name = "get-logs"
	req.Params.Arguments = map[string]any{"Max": 4}
	req.Params.Meta = &mcp.Meta{ProgressToken: "tok-8"}
	if _, err := h(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	if string(got.Args) != `{"Max":4}` {
		t.Errorf("arguments given as a value: args %q, want {\"Max\":4}", got.Args)
	}
	if got.Progress != nil {
		t.Error("a call outside an MCP server got a progress func")
	}
	req.Params.Arguments = nil
	if _, err := h(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	if len(got.Args) != 0 {
		t.Errorf("no arguments: args %q, want none", got.Args)
	}
}

// An MCP POST is counted while it is answered, so that WaitPosts at
// shutdown waits for it; it returns once the POST was answered.
func TestWaitPostsWaitsForTheMCPPost(t *testing.T) {
	d, _, _, _ := newTestServer(t, 5*time.Second, "Posts")
	d.initialize(t)
	m := d.srv.mcp
	entered, release := make(chan struct{}), make(chan struct{})
	m.call = func(context.Context, engine.Request) (json.RawMessage, *api.ToolError) {
		close(entered)
		<-release
		return json.RawMessage(`{}`), nil
	}
	answered := make(chan *httptest.ResponseRecorder)
	go func() {
		answered <- d.post(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get-logs","arguments":{}}}`)
	}()
	<-entered
	d.srv.postMu.Lock()
	n := d.srv.posts.n
	d.srv.postMu.Unlock()
	if n != 1 {
		t.Errorf("MCP POSTs counted while one is answered: %d, want 1", n)
	}
	waited := make(chan struct{})
	go func() { d.srv.WaitPosts(time.Hour); close(waited) }()
	close(release)
	if rec := <-answered; !strings.Contains(rec.Body.String(), `"result"`) {
		t.Fatalf("tools/call: %d %s", rec.Code, rec.Body)
	}
	select {
	case <-waited:
	case <-time.After(10 * time.Second):
		t.Fatal("WaitPosts did not return once the POST was answered")
	}
}

// mcp-go's per-request Info records are logged at Debug: a daemon logging
// at Info does not write them, one logging at Debug writes them as DEBUG;
// its warnings stay warnings.
func TestDemotedLogsInfoAtDebug(t *testing.T) {
	var buf bytes.Buffer
	info := slog.New(demoted{slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelInfo})})
	info.Info("request served")
	info.Warn("session lost")
	if got := buf.String(); strings.Contains(got, "request served") || !strings.Contains(got, "level=WARN msg=\"session lost\"") {
		t.Errorf("a daemon logging at Info wrote:\n%s\nwant the warning only", got)
	}
	buf.Reset()
	debug := slog.New(demoted{slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})}).With("front", "x").WithGroup("g")
	debug.Info("request served")
	if got := buf.String(); !strings.Contains(got, "level=DEBUG msg=\"request served\"") {
		t.Errorf("a daemon logging at Debug wrote:\n%s\nwant the Info record as DEBUG", got)
	}
}

// With --debug the dispatcher logs each message it serves — method, tool,
// time, outcome — and never the session's id (a capability on Streamable
// HTTP); at Info it logs none.
func TestMessagesLoggedAtDebug(t *testing.T) {
	d := newTestDaemon(t, 5*time.Second, 0, 0)
	buf := d.logs
	buf.Reset()
	d.level.Set(slog.LevelDebug)
	d.post(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get-logs","arguments":{}}}`)
	d.post(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get-logs","arguments":{"LogType":"Nope"}}}`)
	d.post(`{"jsonrpc":"2.0","id":4,"method":"nope/nope"}`)
	got := buf.String()
	for _, want := range []string{
		`msg="MCP message" method=tools/call took=`,
		`outcome=ok tool=get-logs`,
		`outcome="tool error" tool=get-logs`,
		`method=nope/nope took=`,
		`outcome=error`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the debug log lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, d.sid) || strings.Contains(got, "mcp.session.id") {
		t.Errorf("the debug log names the session's id:\n%s", got)
	}
	d.level.Set(slog.LevelInfo)
	buf.Reset()
	d.post(`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"get-logs","arguments":{}}}`)
	if got := buf.String(); strings.Contains(got, "MCP message") {
		t.Errorf("at Info the dispatcher logged:\n%s", got)
	}
}
