package bridge

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// A quick handler answers the requests it takes where they are read; the
// ones it declines go to the request handler; one whose quick handler
// panicked is answered with an internal error and not run again.
func TestPeerQuickHandler(t *testing.T) {
	t.Parallel()
	o := newOtherSide(t, true)
	c, _, err := websocket.Dial(t.Context(), strings.Replace(o.srv.URL, "http", "ws", 1), nil)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var slow []string
	p := NewPeer(c, func(ctx context.Context, method string, params json.RawMessage) (any, error) {
		mu.Lock()
		slow = append(slow, method)
		mu.Unlock()
		return map[string]string{"slow": method}, nil
	}, nil)
	p.SetQuickHandler(func(method string, params json.RawMessage) (any, bool, error) {
		switch method {
		case "quick":
			return map[string]json.RawMessage{"quick": params}, true, nil
		case "quick-error":
			return nil, true, &RPCError{Code: RPCInvalidParams, Message: "no"}
		case "panics":
			panic("a bug")
		}
		return nil, false, nil
	})
	p.SetPanicHandler(func(any, []byte) {})
	go p.Run()
	t.Cleanup(func() { p.Close("test over") })
	var ws *websocket.Conn
	select {
	case ws = <-o.conn:
	case <-time.After(patience):
		t.Fatal("the other side never accepted")
	}
	ask := func(id int, method string) message {
		t.Helper()
		n := strconv.Itoa(id)
		f := `{"jsonrpc":"2.0","id":` + n + `,"method":"` + method + `","params":[` + n + `]}`
		if err := ws.Write(t.Context(), websocket.MessageText, []byte(f)); err != nil {
			t.Fatal(err)
		}
		select {
		case b := <-o.got:
			m, err := decodeFrame(b)
			if err != nil || string(m.ID) != n {
				t.Fatalf("%s: answered %s, want the answer to id %d", method, b, id)
			}
			return m
		case <-time.After(patience):
			t.Fatalf("%s got no answer", method)
			return message{}
		}
	}
	if m := ask(1, "quick"); string(m.Result) != `{"quick":[1]}` {
		t.Errorf("quick: %s %v, want the quick handler's answer", m.Result, m.Error)
	}
	if m := ask(2, "quick-error"); m.Error == nil || m.Error.Code != RPCInvalidParams {
		t.Errorf("quick-error: %s %v, want the quick handler's error", m.Result, m.Error)
	}
	if m := ask(3, "declined"); string(m.Result) != `{"slow":"declined"}` {
		t.Errorf("declined: %s %v, want the request handler's answer", m.Result, m.Error)
	}
	if m := ask(4, "panics"); m.Error == nil || m.Error.Code != RPCInternal {
		t.Errorf("panics: %s %v, want an internal error", m.Result, m.Error)
	}
	mu.Lock()
	defer mu.Unlock()
	if strings.Join(slow, ",") != "declined" {
		t.Errorf("the request handler ran for %v, want only the declined request", slow)
	}
}
