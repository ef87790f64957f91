package bridge

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/unitymcp/unitymcp/engine/api"
)

// panicky is a result whose after-reply work panics.
type panicky struct{ OK bool }

func (panicky) afterReply() { panic("after reply") }

// A handler's panic is its message's failure, never the process's end: a
// request is answered with an internal error naming its method, a
// notification is dropped, a result's after-reply work is cut short, and
// the connection serves the next request; each panic reaches the peer's
// panic handler.
func TestPeerRecoversHandlerPanics(t *testing.T) {
	panics := make(chan any, 8)
	ctx, c := dialTest(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		p := NewPeer(ws, func(ctx context.Context, method string, params json.RawMessage) (any, error) {
			switch method {
			case "boom":
				panic("boom")
			case "after":
				return panicky{OK: true}, nil
			}
			return map[string]string{"method": method}, nil
		}, func(method string, params json.RawMessage) { panic("note") })
		p.SetPanicHandler(func(v any, stack []byte) {
			if !bytes.Contains(stack, []byte("panics_test.go")) {
				t.Errorf("the stack reported for %v does not reach the handler:\n%s", v, stack)
			}
			panics <- v
		})
		p.Run()
	}))
	ask := func(frame string) message {
		t.Helper()
		if err := c.Write(ctx, websocket.MessageText, []byte(frame)); err != nil {
			t.Fatal(err)
		}
		_, data, err := c.Read(ctx)
		if err != nil {
			t.Fatalf("after %s: %v (the peer's process or connection ended)", frame, err)
		}
		m, _ := decodeFrame(data)
		return m
	}
	c.Write(ctx, websocket.MessageText, []byte(`{"jsonrpc":"2.0","method":"note"}`))
	m := ask(`{"jsonrpc":"2.0","id":1,"method":"boom"}`)
	if m.Error == nil || m.Error.Code != RPCInternal || !strings.Contains(m.Error.Message, "boom failed") || string(m.ID) != "1" {
		t.Fatalf("a panicking request answered %+v (error %+v), want an internal error naming boom for id 1", m, m.Error)
	}
	if m := ask(`{"jsonrpc":"2.0","id":2,"method":"after"}`); m.Error != nil || string(m.Result) != `{"OK":true}` {
		t.Fatalf("a result whose after-reply work panics answered %s / %+v, want its result", m.Result, m.Error)
	}
	if m := ask(`{"jsonrpc":"2.0","id":3,"method":"next"}`); m.Error != nil || string(m.Result) != `{"method":"next"}` {
		t.Fatalf("the request after the panics answered %s / %+v", m.Result, m.Error)
	}
	// The notification's and the request's panics come in the order of
	// their frames; the after-reply work runs once its answer is out, so
	// its panic may come as late as after the next answer.
	var got []any
	for len(got) < 3 {
		select {
		case v := <-panics:
			got = append(got, v)
		case <-ctx.Done():
			t.Fatalf("panics reported %v, want note, boom and after reply", got)
		}
	}
	if got[0] != "note" || got[1] != "boom" || got[2] != "after reply" {
		t.Errorf("panics reported %v, want note, boom, after reply", got)
	}
}

// A heartbeat whose engine callback panics is logged and closes that
// editor's connection (it dials again); the daemon goes on.
func TestHeartbeatPanicClosesTheConnection(t *testing.T) {
	const beat = 15 * time.Second
	var log lockedLog
	d := &desk{}
	d.set(true)
	o := d.options(Options{Heartbeat: beat, Logger: slog.New(slog.NewTextHandler(&log, nil))})
	o.Dialogs = func(int) ([]api.Dialog, error) { panic("reading the desktop") }
	x := newHarness(t, o)
	c := x.dial()
	c.setPong(`{"mainThreadWaitMs": 15020}`) // held up: the hub looks for dialogs
	x.clock.Advance(beat)
	x.ping(c)
	x.served(c)
	if s := log.String(); !strings.Contains(s, "panic in a heartbeat") || !strings.Contains(s, "reading the desktop") {
		t.Errorf("the log does not tell of the panic:\n%s", s)
	}
	if got := x.state(); got == api.StateConnected {
		t.Errorf("state %s after the heartbeat's panic, want the connection ended", got)
	}
}

// lockedLog is a log destination several goroutines write.
type lockedLog struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// An editor's hello whose engine callback panics is answered with an
// internal error, logged, and its connection closed once the error is out
// (the editor may be half attached); the editor's next connection says
// hello and is served.
func TestHelloPanicIsAnsweredAndLogged(t *testing.T) {
	var log lockedLog
	var mu sync.Mutex
	fail := true
	hub := NewHub(Options{DaemonVersion: "test", Heartbeat: time.Hour, Logger: slog.New(slog.NewTextHandler(&log, nil)),
		OnChange: func(api.EditorInfo, bool) {
			mu.Lock()
			defer mu.Unlock()
			if fail {
				fail = false
				panic("engine callback")
			}
		}})
	t.Cleanup(hub.Close) // after the connections' end (cleanups run last first)
	srv := httptest.NewServer(hub)
	t.Cleanup(srv.Close)
	hello := func(ctx context.Context, c *websocket.Conn, id string) message {
		t.Helper()
		c.Write(ctx, websocket.MessageText, []byte(`{"jsonrpc":"2.0","id":`+id+`,"method":"hello","params":{"protocol":1,"dataPath":"/p/Assets","tools":["get-logs"]}}`))
		_, data, err := c.Read(ctx)
		if err != nil {
			t.Fatalf("hello %s: %v", id, err)
		}
		m, _ := decodeFrame(data)
		return m
	}
	ctx, c := dialTest(t, hub)
	if m := hello(ctx, c, "1"); m.Error == nil || m.Error.Code != RPCInternal || !strings.Contains(m.Error.Message, "hello failed on the daemon") {
		t.Fatalf("a hello whose callback panicked answered %s / %+v, want an internal error", m.Result, m.Error)
	}
	if _, data, err := c.Read(ctx); websocket.CloseStatus(err) != websocket.StatusNormalClosure {
		t.Fatalf("after the failed hello: %s / %v, want the daemon to close the connection", data, err)
	}
	if s := log.String(); !strings.Contains(s, "panic answering an editor") || !strings.Contains(s, "engine callback") {
		t.Errorf("the log does not tell of the panic:\n%s", s)
	}
	ctx, c = dialTest(t, hub)
	if m := hello(ctx, c, "2"); m.Error != nil {
		t.Errorf("the hello on a new connection: %+v, want it served", m.Error)
	}
}

// An editor's event whose engine callback panics is logged and closes that
// editor's connection; the daemon goes on.
func TestEventPanicClosesTheConnection(t *testing.T) {
	var log lockedLog
	hub := NewHub(Options{DaemonVersion: "test", Heartbeat: time.Hour, Logger: slog.New(slog.NewTextHandler(&log, nil)),
		OnEvent: func(string, Event) { panic("event callback") }})
	t.Cleanup(hub.Close)
	ctx, c := dialTest(t, hub)
	c.Write(ctx, websocket.MessageText, []byte(`{"jsonrpc":"2.0","id":1,"method":"hello","params":{"protocol":1,"dataPath":"/p/Assets","tools":["get-logs"]}}`))
	if _, data, err := c.Read(ctx); err != nil || !strings.Contains(string(data), `"result"`) {
		t.Fatalf("hello: %s / %v", data, err)
	}
	c.Write(ctx, websocket.MessageText, []byte(`{"jsonrpc":"2.0","method":"event","params":{"type":"console.entry","data":{}}}`))
	if _, data, err := c.Read(ctx); websocket.CloseStatus(err) != websocket.StatusNormalClosure {
		t.Fatalf("after the event: %s / %v, want the daemon to close the connection", data, err)
	}
	if s := log.String(); !strings.Contains(s, "panic handling an editor's event") || !strings.Contains(s, "event callback") {
		t.Errorf("the log does not tell of the panic:\n%s", s)
	}
}

// dialTest serves h and dials it as a WebSocket client; the server, the
// connection and the returned context (30 s) end with the test.
func dialTest(t *testing.T, h http.Handler) (context.Context, *websocket.Conn) {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	t.Cleanup(cancel)
	c, _, err := websocket.Dial(ctx, strings.Replace(srv.URL, "http", "ws", 1), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.CloseNow() })
	return ctx, c
}

// A look for a reloading editor's dialogs that panics (it reads the
// desktop) is logged and ends that watch; the daemon goes on and the
// reload's grace still runs.
func TestDialogLookPanicIsLogged(t *testing.T) {
	const beat, grace = 15 * time.Second, time.Minute
	logged := make(chan string, 4)
	o := Options{Heartbeat: beat, ReloadGrace: grace, Logger: slog.New(slog.NewTextHandler(lineWriter(logged), &slog.HandlerOptions{Level: slog.LevelError}))}
	o.Alive = func(int) bool { return true }
	o.Dialogs = func(int) ([]api.Dialog, error) { panic("reading the desktop") }
	x := newHarness(t, o)
	c := x.connect()
	if _, err := x.helloOn(c, Hello{DataPath: testDataPath, Tools: []string{"get-logs"}, PID: 4242}); err != nil {
		t.Fatal(err)
	}
	x.event(c, api.EventReloadStarting, ReloadStarting{})
	armed := x.clock.Armed()
	x.drop(c)
	x.clock.WaitArmed(t, armed+2, patience) // the reload's grace and the first look
	x.clock.Advance(beat)
	select {
	case line := <-logged:
		if !strings.Contains(line, "panic looking for a reloading editor's dialogs") || !strings.Contains(line, "reading the desktop") {
			t.Errorf("logged %s, want the look's panic", line)
		}
	case <-time.After(patience):
		t.Fatal("the look's panic was not logged")
	}
	x.clock.Advance(grace - beat)
	if got := x.state(); got != api.StateDisconnected {
		t.Errorf("state past the reload's grace = %s, want %s", got, api.StateDisconnected)
	}
}

// lineWriter sends each write (a log line) to ch.
type lineWriter chan string

func (w lineWriter) Write(p []byte) (int, error) {
	w <- string(p)
	return len(p), nil
}
