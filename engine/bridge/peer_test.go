package bridge

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// A flood of requests from the other side takes at most MaxServing
// handlers: the rest are answered busy at once, and the held ones are
// answered when their handlers end.
func TestPeerBoundsConcurrentRequests(t *testing.T) {
	release := make(chan struct{})
	started := make(chan struct{}, MaxServing+8)
	ctx, c := dialTest(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		p := NewPeer(ws, func(ctx context.Context, method string, params json.RawMessage) (any, error) {
			started <- struct{}{}
			select {
			case <-release:
			case <-ctx.Done():
			}
			return struct{}{}, nil
		}, nil)
		p.Run()
	}))
	const n = MaxServing + 5
	for i := 1; i <= n; i++ {
		if err := c.Write(ctx, websocket.MessageText, []byte(`{"jsonrpc":"2.0","id":`+strconv.Itoa(i)+`,"method":"slow"}`)); err != nil {
			t.Fatal(err)
		}
	}
	busy := 0
	for busy < n-MaxServing { // the refusals come first: the held handlers answer nothing yet
		_, data, err := c.Read(ctx)
		if err != nil {
			t.Fatalf("reading the refusals: %v (%d so far)", err, busy)
		}
		m, _ := decodeFrame(data)
		if m.Error == nil || !strings.Contains(m.Error.Message, "busy") {
			t.Fatalf("before any handler ended, got %s; want busy refusals", data)
		}
		busy++
	}
	for range MaxServing {
		<-started
	}
	close(release)
	for answered := 0; answered < MaxServing; answered++ {
		_, data, err := c.Read(ctx)
		if err != nil {
			t.Fatalf("after release: %v (%d answered)", err, answered)
		}
		if m, _ := decodeFrame(data); m.Error != nil {
			t.Fatalf("a held request failed: %s", data)
		}
	}
}

// Params that cannot be encoded fail as themselves before the call takes
// an id, on an open peer and on a closed one; the next call's frame has
// the next id.
func TestPeerCallUnencodableParams(t *testing.T) {
	frames := make(chan []byte, 4)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer ws.CloseNow()
		for {
			_, data, err := ws.Read(r.Context())
			if err != nil {
				return
			}
			frames <- data
			m, _ := decodeFrame(data)
			ws.Write(r.Context(), websocket.MessageText, []byte(`{"jsonrpc":"2.0","id":`+string(m.ID)+`,"result":{}}`))
		}
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, strings.Replace(srv.URL, "http", "ws", 1), nil)
	if err != nil {
		t.Fatal(err)
	}
	p := NewPeer(c, nil, nil)
	go p.Run()
	bad := CallParams{CallID: "c", Tool: "t", Arguments: map[string]any{"x": func() {}}}
	if err := p.Call(ctx, MethodCall, bad, nil); err == nil || errors.Is(err, ErrClosed) {
		t.Fatalf("unencodable params: %v, want the encoder's error", err)
	}
	if err := p.Call(ctx, MethodCall, CallParams{CallID: "c", Tool: "t"}, nil); err != nil {
		t.Fatal(err)
	}
	if m, _ := decodeFrame(<-frames); string(m.ID) != "1" {
		t.Errorf("the call after a failed encode went out with id %s, want 1", m.ID)
	}
	p.Close("done")
	<-p.Done()
	if err := p.Call(ctx, MethodCall, bad, nil); err == nil || errors.Is(err, ErrClosed) {
		t.Errorf("unencodable params on a closed peer: %v, want the encoder's error", err)
	}
}

// SetStallTimeout takes a positive duration; zero or less leaves the one
// in force (a zero stall would drop the connection at its first write).
func TestSetStallTimeoutTakesOnlyPositive(t *testing.T) {
	p := &Peer{watch: newStallWatch(nil, DefaultStallTimeout, nil)}
	stall := func() time.Duration { return time.Duration(p.watch.stall.Load()) }
	for _, d := range []time.Duration{0, -time.Second} {
		p.SetStallTimeout(d)
		if stall() != DefaultStallTimeout {
			t.Fatalf("SetStallTimeout(%v) set %v, want %v kept", d, stall(), DefaultStallTimeout)
		}
	}
	p.SetStallTimeout(time.Nanosecond)
	if stall() != time.Nanosecond {
		t.Errorf("SetStallTimeout(1ns) set %v", stall())
	}
}

// CloseWith ends the connection with a normal closure carrying its message,
// a notification sent just before it going out first; with no message it
// ends abruptly, with no close frame, as a crash would. Either way Reason
// names why.
func TestCloseWithNormalOrAbrupt(t *testing.T) {
	for _, msg := range []string{"daemon stopping", ""} {
		type seen struct {
			frames []string
			err    error
		}
		got := make(chan seen, 1)
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ws, err := websocket.Accept(w, r, nil)
			if err != nil {
				return
			}
			defer ws.CloseNow()
			var s seen
			for {
				_, data, err := ws.Read(r.Context())
				if err != nil {
					s.err = err
					got <- s
					return
				}
				s.frames = append(s.frames, string(data))
			}
		}))
		ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
		c, _, err := websocket.Dial(ctx, strings.Replace(srv.URL, "http", "ws", 1), nil)
		if err != nil {
			t.Fatal(err)
		}
		p := NewPeer(c, nil, nil)
		go p.Run()
		why := errors.New("test over")
		if err := p.Notify(MethodEvent, Event{Type: "last"}); err != nil {
			t.Fatal(err)
		}
		p.CloseWith(why, msg)
		var s seen
		select {
		case s = <-got:
		case <-ctx.Done():
			t.Fatalf("close %q: the other side saw no end", msg)
		}
		status := websocket.CloseStatus(s.err)
		switch {
		case msg != "" && (status != websocket.StatusNormalClosure || !strings.Contains(s.err.Error(), msg)):
			t.Errorf("close %q: the other side saw %v (status %d), want a normal closure with the message", msg, s.err, status)
		case msg != "" && (len(s.frames) != 1 || !strings.Contains(s.frames[0], `"last"`)):
			t.Errorf("close %q: frames before it %q, want the notification", msg, s.frames)
		case msg == "" && status != -1:
			t.Errorf("abrupt close: the other side saw status %d (%v), want no close frame", status, s.err)
		}
		if p.Reason() != why {
			t.Errorf("close %q: Reason %v, want %v", msg, p.Reason(), why)
		}
		cancel()
		srv.Close()
	}
}
