package bridge

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// dialEditor connects a minimal editor that says hello and keeps reading.
func dialEditor(t *testing.T, url string) *websocket.Conn {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	c, _, err := websocket.Dial(ctx, strings.Replace(url, "http", "ws", 1), nil)
	if err != nil {
		t.Fatal(err)
	}
	c.Write(ctx, websocket.MessageText, []byte(`{"jsonrpc":"2.0","id":1,"method":"hello","params":{"protocol":1,"dataPath":"/p/Assets","tools":["x"]}}`))
	if _, _, err := c.Read(ctx); err != nil {
		t.Fatal(err)
	}
	go func() { // keep reading, so close handshakes complete
		for {
			if _, _, err := c.Read(ctx); err != nil {
				return
			}
		}
	}()
	return c
}

// The daemon stops while an editor has announced a reload: Close answers
// and forgets the held calls, and the reload's grace timer must not later
// act on the channel Close already closed (it panicked: close of nil channel).
func TestCloseDuringAnnouncedReload(t *testing.T) {
	hub := NewHub(Options{DaemonVersion: "test", Heartbeat: time.Hour, ReloadGrace: 100 * time.Millisecond})
	srv := httptest.NewServer(hub)
	defer srv.Close()
	c := dialEditor(t, srv.URL)
	c.Write(context.Background(), websocket.MessageText, []byte(`{"jsonrpc":"2.0","method":"event","params":{"type":"reload.starting","data":{}}}`))
	deadline := time.Now().Add(5 * time.Second)
	for {
		if eds := hub.Editors(); len(eds) == 1 && eds[0].State == StateReloading {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("editor never reloading: %v", hub.Editors())
		}
		time.Sleep(5 * time.Millisecond)
	}
	hub.Close()
	time.Sleep(300 * time.Millisecond) // past the reload grace
}

// An editor expected after a daemon start says hello and starts a domain
// reload before its hello was fully settled: the reconnect grace (short)
// must not cut that reload short; the reload grace (long) applies.
func TestExpectedEditorReloadingKeepsReloadGrace(t *testing.T) {
	hub := NewHub(Options{DaemonVersion: "test", Heartbeat: time.Hour, ReloadGrace: time.Hour, ReconnectGrace: 100 * time.Millisecond})
	hello := Hello{Protocol: ProtocolVersion, DataPath: "/p/Assets"}
	probe := NewHub(Options{})
	r0, err := probe.attach(&Peer{}, hello)
	if err != nil {
		t.Fatal(err)
	}
	hash := r0.(helloReply).ProjectHash
	hub.Expect(EditorInfo{ProjectHash: hash, ProjectPath: "/p", PID: 1})
	p := &Peer{done: make(chan struct{})}
	r, err := hub.attach(p, hello)
	if err != nil {
		t.Fatal(err)
	}
	hub.event(p, Event{Type: EventReloadStarting, Data: []byte(`{}`)})
	r.(helloReply).afterReply()
	p.reloadAnnounced.Store(true)
	hub.detach(p) // the connection ends for the reload
	time.Sleep(300 * time.Millisecond)
	if info, _ := hub.Editor(hash); info.State == StateDisconnected {
		t.Errorf("the reconnect grace gave up on a reloading editor (state %s)", info.State)
	}
}

// BenchmarkHubCall is Hub.Call to a minimal editor that answers every call
// at once with a fixed get-logs-shaped result: the daemon's share of the
// editor hop, without editorsim's own work (compare BenchmarkBridgeHop and
// BenchmarkWebSocketEcho in engine/e2e).
//
//	go test -run XXX -bench HubCall -benchtime 10000x -count 3 ./engine/bridge/
func BenchmarkHubCall(b *testing.B) {
	hub := NewHub(Options{DaemonVersion: "test", Heartbeat: time.Hour})
	srv := httptest.NewServer(hub)
	defer srv.Close()
	defer hub.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c, _, err := websocket.Dial(ctx, strings.Replace(srv.URL, "http", "ws", 1), nil)
	if err != nil {
		b.Fatal(err)
	}
	c.Write(ctx, websocket.MessageText, []byte(`{"jsonrpc":"2.0","id":1,"method":"hello","params":{"protocol":1,"dataPath":"/p/Assets","tools":["get-logs"]}}`))
	_, data, err := c.Read(ctx)
	if err != nil {
		b.Fatal(err)
	}
	hello, _ := decodeFrame(data)
	var res HelloResult
	if err := json.Unmarshal(hello.Result, &res); err != nil {
		b.Fatalf("hello: %s", data)
	}
	hash := res.ProjectHash
	const result = `{"DisplayedCount":0,"IncludeStackTrace":false,"LogType":"All","Logs":[],"MaxCount":100,"SearchText":"","TotalCount":0}`
	go func() {
		for {
			_, data, err := c.Read(ctx)
			if err != nil {
				return
			}
			if m, err := decodeFrame(data); err == nil && m.Method == MethodCall {
				c.Write(ctx, websocket.MessageText, []byte(`{"jsonrpc":"2.0","id":`+string(m.ID)+`,"result":`+result+`}`))
			}
		}
	}()
	for len(hub.Editors()) == 0 || !hub.Editors()[0].Connected() {
		time.Sleep(time.Millisecond)
	}
	args := map[string]any{"LogType": "All", "MaxCount": 100, "SearchText": "", "IncludeStackTrace": false}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := hub.Call(ctx, hash, "get-logs", args, CallOptions{Idempotent: true}); err != nil {
			b.Fatal(err)
		}
	}
}
