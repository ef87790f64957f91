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
