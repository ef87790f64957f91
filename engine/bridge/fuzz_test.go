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

// FuzzHubFrames sends arbitrary frames to a real hub over a real WebSocket:
// the hub must neither crash nor stop answering on that connection.
//
//	go test -run XXX -fuzz FuzzHubFrames -fuzztime 30s ./engine/bridge/
func FuzzHubFrames(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"hello","params":{"protocol":1,"dataPath":"/p/Assets","tools":["x"],"declaredTools":[{"name":"t","inputSchema":{"type":"object"}}]}}`,
		`{"jsonrpc":"2.0","method":"event","params":{"type":"reload.starting","data":{"spanning":["a"]}}}`,
		`{"jsonrpc":"2.0","method":"event","params":{"type":"compile.finished","data":null}}`,
		`{"jsonrpc":"2.0","id":"x","result":{}}`, `{"jsonrpc":"2.0","id":7,"error":{"code":1,"message":"m"}}`,
		`[]`, `null`, `{"jsonrpc":"1.0"}`, `{"jsonrpc":"2.0","id":2,"method":"hello","params":"bad"}`,
	} {
		f.Add([]byte(s))
	}
	hub := NewHub(Options{DaemonVersion: "test", Heartbeat: time.Hour})
	srv := httptest.NewServer(hub)
	defer srv.Close()
	ctx := context.Background()
	var conn *websocket.Conn
	dial := func(t *testing.T) {
		c, _, err := websocket.Dial(ctx, strings.Replace(srv.URL, "http", "ws", 1), nil)
		if err != nil {
			t.Fatalf("dial: %v", err)
		}
		c.SetReadLimit(MaxFrameBytes)
		conn = c
	}
	f.Fuzz(func(t *testing.T, frame []byte) {
		if conn == nil {
			dial(t)
		}
		if err := conn.Write(ctx, websocket.MessageText, frame); err != nil {
			conn = nil // the hub may close a connection (e.g. a second hello replaced it)
			return
		}
		// The hub still answers a ping on this connection, or closed it on purpose.
		ping := `{"jsonrpc":"2.0","id":"probe","method":"ping","params":{}}`
		if err := conn.Write(ctx, websocket.MessageText, []byte(ping)); err != nil {
			conn = nil
			return
		}
		rctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		for {
			_, data, err := conn.Read(rctx)
			if err != nil {
				if rctx.Err() != nil {
					t.Fatalf("no answer to ping after frame %q", frame)
				}
				conn = nil
				return
			}
			var m struct {
				ID json.RawMessage `json:"id"`
			}
			if json.Unmarshal(data, &m) == nil && string(m.ID) == `"probe"` {
				return
			}
		}
	})
}
