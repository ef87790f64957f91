package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/unitymcp/unitymcp/engine/api"
)

// A session starts at initialize (its id in Mcp-Session-Id, of the daemon's
// form, counted), serves requests that name it, and ends at DELETE; a
// request naming no session is the request's own, an id not of the
// daemon's form is 404, a GET without a session 400.
func TestStreamableSessionLifecycle(t *testing.T) {
	d, _, _, _ := newTestServer(t, 5*time.Second, "Life")
	d.initialize(t)
	if !wellFormedSession(d.sid) || d.srv.Sessions() != 1 {
		t.Fatalf("after initialize: id %q, %d sessions; want one session of the daemon's form", d.sid, d.srv.Sessions())
	}
	if rec := d.post(`{"jsonrpc":"2.0","id":2,"method":"ping"}`); rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/json" || !strings.Contains(rec.Body.String(), `"result":{}`) {
		t.Errorf("ping in the session: %d %q %s", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}
	if rec := d.post(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":99}}`); rec.Code != http.StatusAccepted {
		t.Errorf("a notification: %d, want 202", rec.Code)
	}
	if rec := d.post(`{"jsonrpc":"2.0","id":"unitymcp-1","result":{}}`); rec.Code != http.StatusAccepted {
		t.Errorf("a response to nothing asked: %d, want 202", rec.Code)
	}
	if rec := d.do("DELETE", ""); rec.Code != http.StatusOK || d.srv.Sessions() != 0 {
		t.Errorf("DELETE: %d, %d sessions left; want 200 and none", rec.Code, d.srv.Sessions())
	}
	if rec := d.do("DELETE", ""); rec.Code != http.StatusOK {
		t.Errorf("DELETE of a session that ended: %d, want 200", rec.Code)
	}
	// A session the daemon does not know (it restarted since) is served as
	// the request's own.
	if rec := d.post(`{"jsonrpc":"2.0","id":3,"method":"ping"}`); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"result":{}`) {
		t.Errorf("ping naming a session that ended: %d %s; want it answered", rec.Code, rec.Body)
	}
	d.sid = "not-a-session"
	if rec := d.post(`{"jsonrpc":"2.0","id":4,"method":"ping"}`); rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), "not-a-session") {
		t.Errorf("an id not of the daemon's form: %d %s; want 404 naming it", rec.Code, rec.Body)
	}
	d.sid = ""
	if rec := d.do("GET", ""); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "initialize") {
		t.Errorf("GET without a session: %d %s; want 400 saying to initialize", rec.Code, rec.Body)
	}
	for _, c := range []struct{ method, ct, want string }{
		{"POST", "text/plain", "bad_content_type"},
		{"PUT", "application/json", "method_not_allowed"},
	} {
		req := httptest.NewRequest(c.method, "http://127.0.0.1/mcp", strings.NewReader(`{}`))
		req.Header.Set("Authorization", "Bearer "+d.token)
		req.Header.Set("Content-Type", c.ct)
		rec := httptest.NewRecorder()
		d.srv.ServeHTTP(rec, req)
		if !strings.Contains(rec.Body.String(), c.want) {
			t.Errorf("%s with Content-Type %s: %d %s; want %s", c.method, c.ct, rec.Code, rec.Body, c.want)
		}
	}
	if rec := d.post(`[{"jsonrpc":"2.0","id":1,"method":"ping"}]`); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "batches") {
		t.Errorf("a batch: %d %s; want 400 saying MCP has none", rec.Code, rec.Body)
	}
}

// do sends an MCP request with no body in d's session.
func (d *testDaemon) do(method, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, "http://127.0.0.1/mcp", strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+d.token)
	if d.sid != "" {
		req.Header.Set(sessionHeader, d.sid)
	}
	rec := httptest.NewRecorder()
	d.srv.ServeHTTP(rec, req)
	return rec
}

// What reaches a session while a POST of it is answered goes on that POST,
// before its answer (the answer then an event stream); with no POST, on the
// GET stream; with neither, it waits (the newest notesQueue of it) for the
// next of them, in order.
func TestSessionMessagesGoWhereTheClientListens(t *testing.T) {
	t.Parallel()
	sess := newHTTPSession(nil, time.Second, newSessionID())
	note := func(n int) []byte { return []byte(`{"n":` + string(rune('0'+n%10)) + `}`) }

	sess.deliver(note(1)) // no sink: waits
	post := httptest.NewRecorder()
	k := newSink(post)
	sess.open(k)          // takes what waited, first
	sess.deliver(note(2)) // on the POST
	sess.reply(k, []byte(`{"jsonrpc":"2.0","method":"notifications/progress"}`))
	sess.finish(k, func(k *sink) {
		if sess.reply(k, note(9)) || sess.deliver(note(8)) && len(sess.waiting) != 1 {
			t.Errorf("a message was written to a POST while its answer was")
		}
		sess.waiting = nil
		writeAnswer(k, []byte(`{"answer":1}`), nil, time.Second)
	})
	want := "event: message\ndata: {\"n\":1}\n\n" +
		"event: message\ndata: {\"n\":2}\n\n" +
		"event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\"}\n\n" +
		"event: message\ndata: {\"answer\":1}\n\n"
	if got := post.Body.String(); got != want || post.Header().Get("Content-Type") != "text/event-stream" {
		t.Errorf("the POST's stream (%s):\n%s\nwant\n%s", post.Header().Get("Content-Type"), got, want)
	}
	if len(sess.posts) != 0 {
		t.Errorf("%d POSTs still open after the answer", len(sess.posts))
	}
	if sess.deliver(note(3)); len(sess.waiting) != 1 || post.Body.String() != want {
		t.Errorf("after the POST's answer a message was written to it, or not kept (%d waiting)", len(sess.waiting))
	}

	// A POST with nothing for it is answered with JSON.
	plain := httptest.NewRecorder()
	sess.waiting = nil
	k = newSink(plain)
	sess.open(k)
	sess.finish(k, func(k *sink) { writeAnswer(k, []byte(`{"answer":2}`), nil, time.Second) })
	if plain.Body.String() != "{\"answer\":2}\n" || plain.Header().Get("Content-Type") != "application/json" {
		t.Errorf("a quiet POST's answer: %q %q", plain.Header().Get("Content-Type"), plain.Body)
	}

	// A full queue drops its oldest Console message, else the newcomer.
	sess.waiting = nil
	listChanged := []byte(`{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`)
	console := func(i int) []byte {
		return []byte(`{"jsonrpc":"2.0","method":"notifications/message","params":{"data":` + strconv.Itoa(i) + `}}`)
	}
	sess.deliver(listChanged)
	for i := range notesQueue + 5 {
		sess.deliver(console(i))
	}
	get := httptest.NewRecorder()
	g := newSink(get)
	replaced, _ := sess.listen(g)
	events := strings.Split(strings.TrimSuffix(get.Body.String(), "\n\n"), "\n\n")
	if len(events) != notesQueue || events[0] != "event: message\ndata: "+string(listChanged) || events[1] != "event: message\ndata: "+string(console(6)) {
		t.Errorf("the GET stream got %d waiting messages, the first two %q; want %d: the list change, then the newest Console messages from the 7th", len(events), events[:2], notesQueue)
	}
	sess.unlisten(g)
	for i := range notesQueue + 1 {
		sess.deliver(note(i))
	}
	if len(sess.waiting) != notesQueue || string(sess.waiting[notesQueue-1]) != string(note(notesQueue-1)) {
		t.Errorf("a full queue of other messages: %d waiting, the last %s; want the newcomer dropped", len(sess.waiting), sess.waiting[len(sess.waiting)-1])
	}
	sess.waiting = nil
	g = newSink(get)
	replaced, _ = sess.listen(g)
	sess.deliver(note(7))
	if !strings.HasSuffix(get.Body.String(), "data: "+string(note(7))+"\n\n") {
		t.Errorf("a message with only the GET stream open did not go on it")
	}
	g2 := newSink(httptest.NewRecorder())
	sess.listen(g2)
	select {
	case <-replaced:
	default:
		t.Errorf("a second GET did not end the first")
	}
	sess.unlisten(g)
	if sess.get != g2 {
		t.Errorf("the first GET's end took the second's place")
	}
	sess.unlisten(g2)
	if sess.get != nil {
		t.Errorf("the GET stream is still there after its end")
	}

	// Of two POSTs open, the newer takes a message; when its client is
	// gone, the older.
	older, newer := httptest.NewRecorder(), httptest.NewRecorder()
	k1, k2 := newSink(older), newSink(newer)
	sess.open(k1)
	sess.open(k2)
	sess.deliver(note(4))
	k2.closed = true
	sess.deliver(note(6))
	if !strings.Contains(newer.Body.String(), string(note(4))) || strings.Contains(older.Body.String(), string(note(4))) || !strings.Contains(older.Body.String(), string(note(6))) {
		t.Errorf("two POSTs: the newer got %q, the older %q", newer.Body, older.Body)
	}
	if sess.end(); sess.deliver(note(8)) {
		t.Errorf("a message for an ended session was taken")
	}
}

// The daemon's roots/list goes on the POST being answered, and the client's
// answer, POSTed in the session, ends the wait with its roots.
func TestRootsAskedOnThePost(t *testing.T) {
	d, _, _, _ := newTestServer(t, 5*time.Second, "Roots")
	d.initialize(t)
	sess := d.srv.mcp.httpSession(d.srv.mcp.get("", d.srv.maxPins()), d.sid)
	if sess == nil {
		t.Fatal("the session is not registered")
	}
	w := &eventWriter{h: http.Header{}, events: make(chan string, 4)}
	k := newSink(w)
	sess.open(k)
	got := make(chan *mcp.ListRootsResult, 1)
	go func() {
		res, err := sess.ListRoots(context.Background(), mcp.ListRootsRequest{})
		if err != nil {
			t.Error(err)
		}
		got <- res
	}()
	var ask struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	var ev string
	select {
	case ev = <-w.events:
	case <-time.After(10 * time.Second):
		t.Fatal("no roots/list on the POST being answered")
	}
	if err := json.Unmarshal([]byte(strings.TrimSuffix(strings.TrimPrefix(ev, "event: message\ndata: "), "\n\n")), &ask); err != nil || ask.Method != "roots/list" {
		t.Fatalf("the POST's stream got %q; want roots/list", ev)
	}
	if rec := d.post(`{"jsonrpc":"2.0","id":` + string(ask.ID) + `,"result":{"roots":[{"uri":"file:///p"}]}}`); rec.Code != http.StatusAccepted {
		t.Errorf("the client's answer: %d", rec.Code)
	}
	select {
	case res := <-got:
		if res == nil || len(res.Roots) != 1 || res.Roots[0].URI != "file:///p" {
			t.Errorf("roots %+v", res)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the roots/list wait did not end with the client's answer")
	}
	m, _ := api.ParseMessage([]byte(`{"jsonrpc":"2.0","id":` + string(ask.ID) + `,"result":{}}`))
	if sess.answered(m, nil) {
		t.Error("a second answer to the same request was taken")
	}
}

// eventWriter is a ResponseWriter whose each write the test reads.
type eventWriter struct {
	mu     sync.Mutex
	h      http.Header
	events chan string
}

func (w *eventWriter) Header() http.Header { return w.h }
func (w *eventWriter) WriteHeader(int)     {}
func (w *eventWriter) Flush()              {}
func (w *eventWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.events <- string(p)
	return len(p), nil
}

// A notification for a session with no GET stream open (here the tool
// list's change, after tool_groups) reaches it on its next POST, before
// that POST's answer.
func TestNotificationOnTheNextPost(t *testing.T) {
	d := newTestDaemon(t, 5*time.Second, 0, 0)
	d.post(`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"tool_groups","arguments":{"enable":["rendering"]}}}`)
	// On the call's own POST, or (when the session's pump took it as the
	// answer went) on a later one: each takes what waited first. The posts
	// are served on this goroutine and never block, so the pump, made
	// runnable by the notification, gets a processor before each one
	// (under load it could otherwise wait behind all of them).
	var last string
	for i := 0; len(d.events) == 0 && i < 100; i++ {
		runtime.Gosched()
		rec := d.post(`{"jsonrpc":"2.0","id":9,"method":"ping"}`)
		last = fmt.Sprintf("%d %s", rec.Code, rec.Body)
	}
	if len(d.events) != 1 || !strings.Contains(d.events[0], "notifications/tools/list_changed") {
		t.Errorf("before the answers after tool_groups: %q; want list_changed once (the last ping's answer: %s)", d.events, last)
	}
}

// At the bound on sessions, an initialize ends the session idle longest
// (its id then 404 session_expired); when every session has a request or
// stream open, it is refused 503 and nothing ends.
func TestSessionsBounded(t *testing.T) {
	d, _, _, _ := newTestServer(t, 5*time.Second, "Bound")
	now := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	d.srv.SessionClock = func() time.Time { return now }
	d.srv.MaxSessions = 2
	var ids []string
	for range 2 {
		d.sid = ""
		d.initialize(t)
		ids = append(ids, d.sid)
		now = now.Add(time.Minute)
	}
	d.sid = ids[0]
	d.post(`{"jsonrpc":"2.0","id":2,"method":"ping"}`) // the first is now the more recent
	now = now.Add(time.Minute)
	d.sid = ""
	d.initialize(t)
	third := d.sid
	if d.srv.Sessions() != 2 {
		t.Errorf("%d sessions at a bound of 2", d.srv.Sessions())
	}
	for _, c := range []struct {
		sid  string
		code int
	}{{ids[1], http.StatusNotFound}, {ids[0], http.StatusOK}, {third, http.StatusOK}} {
		d.sid = c.sid
		if rec := d.post(`{"jsonrpc":"2.0","id":3,"method":"ping"}`); rec.Code != c.code || (c.code == http.StatusNotFound && !strings.Contains(rec.Body.String(), "session_expired")) {
			t.Errorf("session %s: %d %s; want %d", c.sid, rec.Code, rec.Body, c.code)
		}
	}
	f := d.srv.mcp.get("", d.srv.maxPins())
	defer f.live.enter(ids[0])()
	defer f.live.enter(third)()
	d.sid = ""
	rec := d.post(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}`)
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), "too_many_sessions") || d.srv.Sessions() != 2 {
		t.Errorf("an initialize with every session busy: %d %s, %d sessions; want 503 too_many_sessions and the 2", rec.Code, rec.Body, d.srv.Sessions())
	}
}

// A session id is of the daemon's form: the prefix, then 1 to 64 hex digits
// and dashes (mcp-go's uuids and the daemon's hex alike).
func TestWellFormedSession(t *testing.T) {
	t.Parallel()
	hex64 := strings.Repeat("0123456789abcdef", 4)
	for sid, want := range map[string]bool{
		"mcp-session-" + hex64:                             true,
		"mcp-session-" + hex64 + "0":                       false,
		"mcp-session-":                                     false,
		"mcp-session-09afAF-":                              true,
		"mcp-session-7c0e0d6e-2f3a-4b5c-8d9e-0a1b2c3d4e5f": true,
		"session-09af":                                     false,
	} {
		if got := wellFormedSession(sid); got != want {
			t.Errorf("wellFormedSession(%q) = %v, want %v", sid, got, want)
		}
	}
	for _, c := range "/:@`gG G.\x00é" {
		if wellFormedSession("mcp-session-a" + string(c)) {
			t.Errorf("an id with %q was taken", c)
		}
	}
}

// A POST that is no message is answered 400 with the JSON-RPC error that
// says why: a parse error, or a message that is neither a request nor a
// notification nor a response.
func TestPostThatIsNoMessage(t *testing.T) {
	d, _, _, _ := newTestServer(t, 5*time.Second, "NoMessage")
	for body, want := range map[string]string{
		`{"jsonrpc":"2.0","id":`: `"code":-32700`,
		`{"jsonrpc":"2.0"}`:      `"code":-32600`,
	} {
		if rec := d.post(body); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), want) {
			t.Errorf("%s: %d %s; want 400 with %s", body, rec.Code, rec.Body, want)
		}
	}
}

// A client that answers the daemon's request with an error, or with what is
// not JSON-RPC, ends the wait with that error.
func TestClientAnswersWithAnError(t *testing.T) {
	t.Parallel()
	for answer, want := range map[string]string{
		`{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"no roots here"}}`: "error -32601: no roots here",
		`{"jsonrpc":"2.0","id":%s,"result":`:                                          "unexpected end",
	} {
		var s sessionCore
		s.init("t-")
		ids := make(chan string, 1)
		done := make(chan error, 1)
		go func() {
			_, err := s.ask(context.Background(), "roots/list", func(b []byte) bool {
				var m struct{ ID json.RawMessage }
				json.Unmarshal(b, &m)
				ids <- string(m.ID)
				return true
			})
			done <- err
		}()
		id := <-ids
		msg := []byte(strings.Replace(answer, "%s", id, 1))
		m, _ := api.ParseMessage([]byte(`{"jsonrpc":"2.0","id":` + id + `,"result":{}}`))
		if !s.answered(m, msg) {
			t.Fatalf("the answer to %s was not taken", id)
		}
		if err := <-done; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want %q", msg, err, want)
		}
	}
}

// A large answer is written as it goes: the JSON body, or the last event of
// the event stream, is exactly what it holds.
func TestLargeAnswerOnHTTP(t *testing.T) {
	t.Parallel()
	la := &largeAnswer{head: []byte(`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":`), mid: []byte(`}],"structuredContent":`),
		tail: []byte(`}}`), text: `{"a":"<b>"}`, structured: json.RawMessage(`{"a":"x"}`), textFirst: true}
	var whole strings.Builder
	la.writeTo(&whole)
	if !json.Valid([]byte(whole.String())) {
		t.Fatalf("the answer is not JSON: %s", whole.String())
	}
	plain := httptest.NewRecorder()
	writeAnswer(newSink(plain), nil, la, time.Second)
	if plain.Body.String() != whole.String()+"\n" || plain.Header().Get("Content-Type") != "application/json" {
		t.Errorf("as JSON: %q %q", plain.Header().Get("Content-Type"), plain.Body)
	}
	events := httptest.NewRecorder()
	k := newSink(events)
	k.startEvents()
	writeAnswer(k, nil, la, time.Second)
	if events.Body.String() != "event: message\ndata: "+whole.String()+"\n\n" {
		t.Errorf("as an event: %q", events.Body)
	}
}
