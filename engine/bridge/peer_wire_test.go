package bridge

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// A notification goes out without an id (JSON-RPC: an id makes it a
// request the other side must answer); a request and a reply carry theirs.
func TestFramesOnTheWire(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		m    message
		want string
	}{
		{message{JSONRPC: "2.0", Method: MethodEvent, Params: json.RawMessage(`{"type":"compile.started"}`)},
			`{"jsonrpc":"2.0","method":"event","params":{"type":"compile.started"}}`},
		{message{JSONRPC: "2.0", ID: json.RawMessage("7"), Method: MethodPing, Params: json.RawMessage(`{}`)},
			`{"jsonrpc":"2.0","id":7,"method":"ping","params":{}}`},
		{message{JSONRPC: "2.0", ID: json.RawMessage(`"x"`), Result: json.RawMessage(`{"ok":true}`)},
			`{"jsonrpc":"2.0","id":"x","result":{"ok":true}}`},
		{message{JSONRPC: "2.0", ID: json.RawMessage("null"), Error: &RPCError{Code: RPCParseError, Message: "m"}},
			`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"m"}}`},
	} {
		b, err := c.m.encode()
		if err != nil || string(b) != c.want || !json.Valid(b) {
			t.Errorf("%+v encodes as %s (%v), want %s", c.m, b, err, c.want)
		}
	}
}

// otherSide is a WebSocket server standing for the editor's end of a
// connection: frames it reads arrive on got; one made with read false
// never reads.
type otherSide struct {
	srv  *httptest.Server
	got  chan []byte
	conn chan *websocket.Conn
	stop chan struct{} // closed when the test ends
}

func newOtherSide(t *testing.T, read bool) *otherSide {
	o := &otherSide{got: make(chan []byte, 16), conn: make(chan *websocket.Conn, 1), stop: make(chan struct{})}
	o.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		ws.SetReadLimit(-1)
		o.conn <- ws
		if !read {
			<-o.stop
			ws.CloseNow()
			return
		}
		for {
			_, data, err := ws.Read(context.Background())
			if err != nil {
				return
			}
			o.got <- data
		}
	}))
	t.Cleanup(o.srv.Close)
	t.Cleanup(func() { close(o.stop) }) // first: a side that does not read lets go
	return o
}

// dial connects a Peer to the other side and runs it.
func (o *otherSide) dial(t *testing.T, onReq RequestHandler, onNotify NotificationHandler) (*Peer, *websocket.Conn) {
	t.Helper()
	c, _, err := websocket.Dial(t.Context(), strings.Replace(o.srv.URL, "http", "ws", 1), nil)
	if err != nil {
		t.Fatal(err)
	}
	p := NewPeer(c, onReq, onNotify)
	go p.Run()
	t.Cleanup(func() { p.Close("test over") })
	select {
	case ws := <-o.conn:
		return p, ws
	case <-time.After(patience):
		t.Fatal("the other side never accepted")
		return nil, nil
	}
}

// A notification from the other side reaches the notification handler
// with its params; a frame that is not JSON-RPC 2.0 is answered with a
// parse error (id null) and the connection carries on.
func TestPeerNotificationsAndBadFrames(t *testing.T) {
	t.Parallel()
	o := newOtherSide(t, true)
	notes := make(chan string, 4)
	_, ws := o.dial(t, nil, func(method string, params json.RawMessage) { notes <- method + " " + string(params) })
	ctx := t.Context()
	for _, f := range []string{`{"jsonrpc":"1.0","method":"event"}`, `not json`,
		`{"jsonrpc":"2.0","method":"call/cancel","params":{"callId":"c1"}}`} {
		if err := ws.Write(ctx, websocket.MessageText, []byte(f)); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 2; i++ {
		select {
		case b := <-o.got:
			if m, _ := decodeFrame(b); m.Error == nil || m.Error.Code != RPCParseError || string(m.ID) != "null" {
				t.Errorf("a bad frame was answered %s, want a parse error with id null", b)
			}
		case <-time.After(patience):
			t.Fatal("a bad frame got no answer")
		}
	}
	select {
	case n := <-notes:
		if n != `call/cancel {"callId":"c1"}` {
			t.Errorf("notification %s", n)
		}
	case <-time.After(patience):
		t.Fatal("the notification never reached the handler")
	}
}

// A peer whose other side stops reading (a frozen editor with its socket
// open) is dropped once one frame has taken the stall timeout set for it
// to write, and the call writing it fails saying so, instead of hanging.
func TestPeerStallTimeout(t *testing.T) {
	t.Parallel()
	o := newOtherSide(t, false)
	c, _, err := websocket.Dial(t.Context(), strings.Replace(o.srv.URL, "http", "ws", 1), nil)
	if err != nil {
		t.Fatal(err)
	}
	p := NewPeer(c, nil, nil)
	p.SetStallTimeout(100 * time.Millisecond) // the default, 10 s, is past patience/2
	go p.Run()
	defer p.Close("test over")
	// Larger than any socket buffer: the write cannot end while nobody reads.
	big := CallParams{CallID: "c", Tool: "t", Arguments: map[string]any{"blob": strings.Repeat("x", 24<<20)}}
	done := make(chan error, 1)
	go func() { done <- p.Call(context.Background(), MethodCall, big, nil) }()
	select {
	case err := <-done:
		if !errors.Is(err, ErrClosed) || !strings.Contains(err.Error(), ErrStalled.Error()) {
			t.Errorf("the stalled call: %v, want ErrClosed saying the other side stopped reading", err)
		}
	case <-time.After(patience / 2):
		t.Fatal("a call to a side that stopped reading was not dropped at the stall timeout")
	}
	if !errors.Is(p.Reason(), ErrStalled) {
		t.Errorf("the peer ended with %v, want ErrStalled", p.Reason())
	}
}

// A frame of 32 MiB (docs/security.md's bound, written here as a number so
// that a changed MaxFrameBytes is seen) is read; one byte more ends the
// connection.
func TestPeerFrameLimit(t *testing.T) {
	t.Parallel()
	frame := func(size int) []byte {
		head, tail := `{"jsonrpc":"2.0","method":"event","params":{"pad":"`, `"}}`
		return []byte(head + strings.Repeat("x", size-len(head)-len(tail)) + tail)
	}
	o := newOtherSide(t, true)
	got := make(chan int, 1)
	p, ws := o.dial(t, nil, func(method string, params json.RawMessage) { got <- len(params) })
	if err := ws.Write(t.Context(), websocket.MessageText, frame(32<<20)); err != nil {
		t.Fatal(err)
	}
	select {
	case n := <-got:
		if n < 32<<20-64 {
			t.Fatalf("the 32 MiB frame arrived with %d bytes of params", n)
		}
	case <-p.Done():
		t.Fatal("a frame of exactly 32 MiB ended the connection")
	case <-time.After(patience):
		t.Fatal("the 32 MiB frame never arrived")
	}
	ws.Write(t.Context(), websocket.MessageText, frame(32<<20+1)) // may fail as the peer closes
	select {
	case <-p.Done():
	case n := <-got:
		t.Fatalf("a frame over 32 MiB was read (%d bytes of params)", n)
	case <-time.After(patience):
		t.Fatal("a frame over 32 MiB left the connection open")
	}
}
