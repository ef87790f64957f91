package bridge

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/unitymcp/unitymcp/engine/api"
)

// The daemon stops while an editor is in an announced domain reload (its
// connection already gone): Close answers the spanning and held calls with
// ErrStopping, and the reload grace running out afterwards must neither
// panic (it did: close of nil channel) nor mark the editor disconnected,
// since the next daemon is to expect it back.
func TestCloseDuringAnnouncedReload(t *testing.T) {
	const grace = time.Minute
	x := newHarness(t, Options{Heartbeat: time.Hour, ReloadGrace: grace})
	spanning, held := x.reloadAway()
	x.hub.Close()
	x.wantErr(x.wait(spanning), ErrStopping, "the spanning compile")
	x.wantErr(x.wait(held), ErrStopping, "the held get-logs")
	before := len(x.changed())
	x.clock.Advance(2 * grace)
	if got := x.state(); got != api.StateReloading {
		t.Errorf("state after the grace past Close = %s, want %s", got, api.StateReloading)
	}
	if changes := x.changed()[before:]; len(changes) != 0 {
		t.Errorf("OnChange after Close: %v, want none", changes)
	}
}

// An editor expected after a daemon start says hello and starts a domain
// reload before its hello was fully settled: the reconnect grace (short)
// must not cut that reload short; the reload grace (long) applies.
func TestExpectedEditorReloadingKeepsReloadGrace(t *testing.T) {
	const reconnect, reload = 10 * time.Second, time.Minute
	x := newHarness(t, Options{Heartbeat: time.Hour, ReloadGrace: reload, ReconnectGrace: reconnect})
	x.hub.Expect(api.EditorInfo{ProjectHash: testHash, ProjectPath: "/p", PID: 1})
	c := x.connect()
	_, sent := x.helloPending(c)
	x.event(c, api.EventReloadStarting, ReloadStarting{})
	sent()
	x.drop(c) // the connection ends for the reload
	x.clock.Advance(reconnect)
	if got := x.state(); got != api.StateReloading {
		t.Fatalf("state past the reconnect grace = %s, want %s (the reload grace applies)", got, api.StateReloading)
	}
	x.clock.Advance(reload - reconnect)
	if got := x.state(); got != api.StateDisconnected {
		t.Errorf("state past the reload grace = %s, want %s", got, api.StateDisconnected)
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
	// The hello's answer is read: the editor is connected, and a call made
	// before the hub marks it ready waits for that (no polling).
	args := map[string]any{"LogType": "All", "MaxCount": 100, "SearchText": "", "IncludeStackTrace": false}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := hub.Call(ctx, hash, "get-logs", args, CallOptions{Idempotent: true}); err != nil {
			b.Fatal(err)
		}
	}
}
