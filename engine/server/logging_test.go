package server

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/console"
	"github.com/unitymcp/unitymcp/engine/definitions/run"
	"github.com/unitymcp/unitymcp/engine/state"
	"github.com/unitymcp/unitymcp/engine/tools"
)

func TestUnityLevel(t *testing.T) {
	t.Parallel()
	for typ, want := range map[string]mcp.LoggingLevel{
		"Log": mcp.LoggingLevelInfo, "Warning": mcp.LoggingLevelWarning, "Error": mcp.LoggingLevelError,
		"Assert": mcp.LoggingLevelError, "Exception": mcp.LoggingLevelCritical, "": mcp.LoggingLevelInfo,
	} {
		if got := unityLevel(typ); got != want {
			t.Errorf("unityLevel(%q): got %v, want %v", typ, got, want)
		}
	}
}

// logFront is an mcpFront over an engine with no editor, whose sessions
// are stdio sessions registered on its fronts as a stream registers them.
func logFront(t *testing.T) *mcpFront {
	t.Helper()
	dir, err := state.At(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	eng := engine.New(engine.Options{State: dir, Tools: tools.All(), Definitions: run.New().Handle})
	t.Cleanup(eng.Close)
	t.Cleanup(eng.Hub.Close)
	return newMCPFront(eng, slog.New(slog.DiscardHandler))
}

// logSession is one session of a logFront.
type logSession struct {
	sess *streamSession
	ctx  context.Context
	f    *front
}

// join registers a new initialised session on the front of project hash
// ("": unpinned).
func joinLog(t *testing.T, m *mcpFront, hash string) *logSession {
	t.Helper()
	f := m.get(hash, DefaultMaxPins)
	s := &logSession{sess: newStreamSession(nil), f: f}
	s.sess.Initialize()
	s.ctx = f.srv.WithContext(context.Background(), s.sess)
	if err := f.srv.RegisterSession(s.ctx, s.sess); err != nil {
		t.Fatal(err)
	}
	return s
}

// ask sends the session's request method with params to its front and
// fails unless it is acknowledged, or when the front's hooks keep the
// console lock (every later update would wait on it forever). A hook that
// never returns fails the test after a bound instead of hanging it.
func (s *logSession) ask(t *testing.T, m *mcpFront, method, uri string) {
	t.Helper()
	line, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": method, "params": map[string]string{"uri": uri}})
	done := make(chan mcp.JSONRPCMessage, 1)
	go func() { done <- s.f.srv.HandleMessage(s.ctx, line) }()
	select {
	case resp := <-done:
		if _, ok := resp.(mcp.JSONRPCResponse); !ok {
			t.Fatalf("%s %s: %#v", method, uri, resp)
		}
	case <-time.After(5 * time.Second):
		t.Fatalf("%s %s did not return", method, uri)
	}
	if !m.console.mu.TryLock() {
		t.Fatalf("%s %s left the console sessions locked", method, uri)
	}
	m.console.mu.Unlock()
}

// updated drains the session's notifications and returns the URIs of the
// resources/updated among them.
func (s *logSession) updated() []string {
	var uris []string
	for {
		select {
		case n := <-s.sess.notes:
			if n.Method == string(mcp.MethodNotificationResourceUpdated) {
				uris = append(uris, fmt.Sprint(n.Params.AdditionalFields["uri"]))
			}
		default:
			return uris
		}
	}
}

// Resource subscriptions as the hooks keep them: a subscribed session is
// told its resource changed (unity://editors: the unpinned sessions and
// those pinned to the project whose editor changed, no other), an
// unsubscribed one is not, and a session that ends is forgotten with its
// subscriptions. Not parallel: a hook that keeps the lock fails it before
// any test that would hang on the lock starts (go test -failfast).
func TestSubscriptionsFollowTheHooks(t *testing.T) {
	m := logFront(t)
	hashA, hashB := strings.Repeat("a", 16), strings.Repeat("b", 16)
	u, a, b := joinLog(t, m, ""), joinLog(t, m, hashA), joinLog(t, m, hashB)
	for _, s := range []*logSession{u, a, b} {
		s.ask(t, m, "resources/subscribe", editorsURI)
		s.updated()
	}
	a.ask(t, m, "resources/subscribe", consoleURI(hashA))
	a.ask(t, m, "resources/subscribe", compileURI(hashA)) // never updated here
	m.consoleUpdate(console.Update{Kind: console.UpdateEditors, Project: hashA})
	for _, c := range []struct {
		name string
		s    *logSession
		want []string
	}{{"unpinned", u, []string{editorsURI}}, {"pinned to A", a, []string{editorsURI}}, {"pinned to B", b, nil}} {
		if got := c.s.updated(); !slices.Equal(got, c.want) {
			t.Errorf("the session %s was told %q of A's editor changing, want %q", c.name, got, c.want)
		}
	}

	// Unsubscribed: no longer told (the next update is due at once: the
	// last was for another URI). Unsubscribing from a URI never subscribed
	// to is acknowledged too.
	a.ask(t, m, "resources/unsubscribe", consoleURI(hashA))
	b.ask(t, m, "resources/unsubscribe", consoleURI(hashB))
	m.consoleUpdate(console.Update{Kind: console.UpdateConsole, Project: hashA})
	if got := a.updated(); len(got) != 0 {
		t.Errorf("after resources/unsubscribe the session was told %q", got)
	}

	// A session that ends is forgotten, with its subscriptions: one never
	// updated, one whose update may be pending (two within updateInterval).
	m.consoleUpdate(console.Update{Kind: console.UpdateEditors, Project: hashA})
	a.f.srv.UnregisterSession(a.ctx, a.sess.id)
	u.f.srv.UnregisterSession(u.ctx, u.sess.id)
	m.console.mu.Lock()
	_, aKept := m.console.byID[a.sess.id]
	_, uKept := m.console.byID[u.sess.id]
	n := len(m.console.byID)
	m.console.mu.Unlock()
	if aKept || uKept || n != 1 {
		t.Errorf("after two of three sessions ended the daemon keeps %d (the ended kept: %v, %v)", n, aKept, uKept)
	}
}

// A stdio session that editor_select moves to another project's front
// stays the same session: its subscription to the console of the project
// it leaves becomes one to the console of the project it joins.
func TestRelocatedSessionKeepsItsSubscriptions(t *testing.T) {
	m := logFront(t)
	hashA, hashB := strings.Repeat("a", 16), strings.Repeat("b", 16)
	s := joinLog(t, m, hashA)
	s.ask(t, m, "resources/subscribe", consoleURI(hashA))
	fB := m.get(hashB, DefaultMaxPins)
	s.sess.moving.Store(true) // as stream.repin moves it
	s.f.srv.UnregisterSession(s.ctx, s.sess.id)
	if err := fB.srv.RegisterSession(s.ctx, s.sess); err != nil {
		t.Fatal(err)
	}
	s.sess.moving.Store(false)
	s.f = fB
	s.updated()
	m.consoleUpdate(console.Update{Kind: console.UpdateConsole, Project: hashB})
	if got, want := s.updated(), []string{consoleURI(hashB)}; !slices.Equal(got, want) {
		t.Errorf("after moving to B the session was told %q of B's Console, want %q", got, want)
	}
}

// notes drains the session's notifications: the Console messages (their
// data) and the URIs of the resources/updated among them.
func (s *logSession) notes() (msgs []map[string]any, uris []string) {
	for {
		select {
		case n := <-s.sess.notes:
			switch n.Method {
			case "notifications/message":
				data, _ := n.Params.AdditionalFields["data"].(map[string]any)
				msgs = append(msgs, data)
			case string(mcp.MethodNotificationResourceUpdated):
				uris = append(uris, fmt.Sprint(n.Params.AdditionalFields["uri"]))
			}
		default:
			return msgs, uris
		}
	}
}

// errorEntries is a Console update of project hash with n errors (a new
// session's level lets errors through).
func errorEntries(hash string, n int) console.Update {
	u := console.Update{Kind: console.UpdateConsole, Project: hash}
	for i := range n {
		u.Entries = append(u.Entries, console.Entry{Seq: int64(i + 1), ConsoleEntry: bridge.ConsoleEntry{Type: "Error", Message: fmt.Sprint("error ", i+1)}})
	}
	return u
}

// A Console update of project A: its messages go to the session pinned to
// A only (not to one pinned to B, nor to the unpinned one, which follows
// no editor here), and the console resource of A is updated for every
// session that subscribed to it, the unpinned one included.
func TestConsoleUpdateReachesItsSessions(t *testing.T) {
	m := logFront(t)
	hashA, hashB := strings.Repeat("a", 16), strings.Repeat("b", 16)
	u, a, b := joinLog(t, m, ""), joinLog(t, m, hashA), joinLog(t, m, hashB)
	u.ask(t, m, "resources/subscribe", consoleURI(hashA))
	a.ask(t, m, "resources/subscribe", consoleURI(hashA))
	b.ask(t, m, "resources/subscribe", consoleURI(hashB))
	for _, s := range []*logSession{u, a, b} {
		s.notes()
	}
	m.consoleUpdate(errorEntries(hashA, 2))
	for _, c := range []struct {
		name     string
		s        *logSession
		messages int
		uris     []string
	}{
		{"unpinned", u, 0, []string{consoleURI(hashA)}},
		{"pinned to A", a, 2, []string{consoleURI(hashA)}},
		{"pinned to B", b, 0, nil},
	} {
		msgs, uris := c.s.notes()
		if len(msgs) != c.messages || !slices.Equal(uris, c.uris) {
			t.Errorf("the session %s got %d of A's 2 messages and updates of %q; want %d and %q", c.name, len(msgs), uris, c.messages, c.uris)
		}
	}
}

// A session's bucket refills at logRate a second from when it was last
// drawn on: after one second at 0 it lets logRate messages through and
// holds back the rest, for a notice it arms; it never holds more than
// logBurst.
func TestLogBucketRefillsAtItsRate(t *testing.T) {
	m := logFront(t)
	hashA := strings.Repeat("a", 16)
	a := joinLog(t, m, hashA)
	a.notes()
	c := &m.console
	c.mu.Lock()
	s := c.byID[a.sess.id]
	t0 := time.Now()
	s.tokens, s.refill = 0, t0
	c.sendLogs(s, errorEntries(hashA, int(logRate)+10), t0.Add(time.Second))
	dropped, armed := s.dropped, s.notice != nil
	if armed {
		s.notice.Stop()
	}
	c.mu.Unlock()
	msgs, _ := a.notes()
	if len(msgs) != int(logRate) || dropped != 10 || !armed {
		t.Errorf("one second after the bucket ran dry %d of %d messages passed and %d were held back (notice armed: %v); want %d and 10, armed",
			len(msgs), int(logRate)+10, dropped, armed, int(logRate))
	}

	c.mu.Lock()
	s.tokens, s.refill = 0, t0
	c.sendLogs(s, console.Update{Kind: console.UpdateConsole, Project: hashA}, t0.Add(time.Hour))
	tokens := s.tokens
	c.mu.Unlock()
	if tokens != logBurst {
		t.Errorf("an hour after the bucket ran dry it holds %v tokens, want logBurst %d", tokens, logBurst)
	}
}

// resources/updated is sent at once when the subscription's last one is
// updateInterval old or older (exactly updateInterval included), and
// otherwise put off: a timer is armed and nothing is sent yet.
func TestResourceUpdatedWaitsOutTheInterval(t *testing.T) {
	m := logFront(t)
	hashA := strings.Repeat("a", 16)
	a := joinLog(t, m, hashA)
	uri := consoleURI(hashA)
	a.ask(t, m, "resources/subscribe", uri)
	a.notes()
	c := &m.console
	now := time.Now()
	for _, c2 := range []struct {
		name  string
		since time.Duration
		sent  bool
	}{
		{"twice updateInterval", 2 * updateInterval, true},
		{"exactly updateInterval", updateInterval, true},
		{"half updateInterval", updateInterval / 2, false}, // last: its timer may fire
	} {
		c.mu.Lock()
		s := c.byID[a.sess.id]
		sub := s.subs[uri]
		sub.last = now.Add(-c2.since)
		c.resourceUpdated(s, uri, now)
		armed := sub.timer != nil
		if armed {
			sub.timer.Stop()
			sub.timer = nil
		}
		last := sub.last
		_, uris := a.notes() // before a timer that fired can send (it takes c.mu)
		c.mu.Unlock()
		if sent := len(uris) == 1; sent != c2.sent || armed == c2.sent {
			t.Errorf("%s after the last update: sent %q, timer armed %v; want sent %v", c2.name, uris, armed, c2.sent)
		}
		if c2.sent && !last.Equal(now) {
			t.Errorf("%s after the last update: the update sent now is recorded at %v, want %v", c2.name, last, now)
		}
	}
}
