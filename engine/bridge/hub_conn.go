package bridge

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"runtime/debug"

	"github.com/coder/websocket"
)

// conn is what the hub needs of one editor connection. *Peer is the real
// one; the hub's tests drive a fake. Call fails with an error wrapping
// ErrClosed when the connection ends before the answer, and Done is closed
// once the connection has ended and no more calls will be answered.
type conn interface {
	Call(ctx context.Context, method string, params, out any) error
	Notify(method string, params any) error
	Close(reason string)
	Done() <-chan struct{}
}

var _ conn = (*Peer)(nil)

// link is the hub's side of one connection: what the editor said on it.
// Its fields are under Hub.mu.
type link struct {
	conn
	// hash is the project this connection said hello for ("" before).
	hash string
	// peer is the address the connection came from (EditorInfo.Peer).
	peer string
	// reloadAnnounced: the editor said a domain reload is starting, so the
	// end of this connection is not a crash.
	reloadAnnounced bool
	// quitting: the editor said it is quitting.
	quitting bool
	// beating: the heartbeat has started (after the first hello).
	beating bool
	// ended: the connection is over; no timer is armed for it again.
	ended bool
	// timer is the hello timeout, then the next heartbeat.
	timer Timer
}

// errHeartbeat ends a ping that went unanswered for a heartbeat interval.
var errHeartbeat = errors.New("ping not answered within the heartbeat interval")

// ServeHTTP accepts an editor's WebSocket. Authentication happens before
// (the daemon's middleware checks the bearer token on every route).
func (h *Hub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !h.enter() {
		http.Error(w, "the daemon is shutting down", http.StatusServiceUnavailable)
		return
	}
	defer h.conns.Done()
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{})
	if err != nil {
		return // Accept wrote the HTTP error
	}
	l := &link{peer: r.RemoteAddr}
	p := NewPeer(ws, func(ctx context.Context, method string, params json.RawMessage) (any, error) {
		return h.request(l, method, params)
	}, func(method string, params json.RawMessage) {
		h.notification(l, method, params)
	})
	p.SetStallTimeout(h.opt.StallTimeout)
	p.SetPanicHandler(func(v any, stack []byte) {
		h.opt.Logger.Error("bridge: panic handling a message from an editor", "panic", v, "stack", string(stack))
	})
	l.conn = p
	if !h.admit(l) { // Close ran while this connection was being accepted
		ws.Close(websocket.StatusGoingAway, "the daemon is shutting down")
		return
	}
	h.serve(l, p.Run)
}

// enter counts a connection being accepted, unless the daemon is closing;
// the caller calls h.conns.Done when the connection's end is recorded.
func (h *Hub) enter() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closing {
		return false
	}
	h.conns.Add(1)
	return true
}

// admit registers an accepted connection as live and gives it the hello
// timeout, unless Close ran meanwhile.
func (h *Hub) admit(l *link) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closing {
		return false
	}
	h.live[l] = struct{}{}
	// An editor that does not say hello in time is dropped.
	l.timer = h.clock.AfterFunc(helloTimeout, func() {
		h.mu.Lock()
		silent := l.hash == "" && !l.ended
		h.mu.Unlock()
		if silent {
			l.Close("no hello within 10s")
		}
	})
	return true
}

// serve runs an admitted connection: read returns when it has ended, and
// then its end is recorded.
func (h *Hub) serve(l *link, read func() error) {
	read()
	h.mu.Lock()
	l.ended = true
	stopTimer(l.timer)
	h.mu.Unlock()
	h.detach(l)
	h.mu.Lock()
	delete(h.live, l)
	h.mu.Unlock()
}

// request answers a request from the editor on l. A panic answering it
// (a hello runs the engine's callbacks) may leave the editor half attached,
// so the daemon logs it, answers with an error and then closes the
// connection: the editor dials again and says hello afresh.
func (h *Hub) request(l *link, method string, params json.RawMessage) (res any, err error) {
	defer h.survive("answering an editor's "+method+", closing its connection", func() {
		res, err = nil, &closeAfter{l: l, err: &RPCError{Code: RPCInternal,
			Message: method + " failed on the daemon (a bug; its log has the details): it closes this connection, dial again"}}
	})
	switch method {
	case MethodHello:
		var hello Hello
		if err := json.Unmarshal(params, &hello); err != nil {
			return nil, &RPCError{Code: RPCInvalidParams, Message: "hello: " + err.Error()}
		}
		if err := boundHello(&hello); err != nil {
			return nil, err
		}
		res, err := h.attach(l, hello)
		if err != nil {
			return nil, err
		}
		h.mu.Lock()
		if !l.beating && !l.ended {
			l.beating = true
			stopTimer(l.timer) // the hello timeout
			l.timer = h.clock.AfterFunc(h.opt.Heartbeat, func() { go h.beatSafely(l) })
		}
		h.mu.Unlock()
		return res, nil
	case MethodPing:
		return struct{}{}, nil
	}
	return nil, &RPCError{Code: RPCMethodNotFound, Message: "the daemon has no method " + method}
}

// closeAfter is a request's error after which the daemon closes the
// connection, once the error is on the wire (afterReply).
type closeAfter struct {
	l   *link
	err *RPCError
}

func (c *closeAfter) Error() string { return c.err.Error() }
func (c *closeAfter) Unwrap() error { return c.err }
func (c *closeAfter) afterReply()   { c.l.Close("the daemon failed answering this editor (a bug)") }

// notification handles a notification from the editor on l; only events
// mean something to the daemon. A panic handling one is logged and closes
// the connection, as a request's does.
func (h *Hub) notification(l *link, method string, params json.RawMessage) {
	defer h.survive("handling an editor's event ("+method+"), closing its connection", func() {
		go l.Close("the daemon failed handling this editor's event (a bug)") // not on the read loop, which a close waits for
	})
	if method != MethodEvent {
		return
	}
	var ev Event
	if json.Unmarshal(params, &ev) != nil || ev.Type == "" || !boundEvent(&ev) {
		return
	}
	h.event(l, ev)
}

// beatSafely is beat with a panic logged and the connection closed (the
// editor dials again), instead of the daemon's end: a beat runs the
// engine's callbacks.
func (h *Hub) beatSafely(l *link) {
	defer h.survive("in a heartbeat", func() { l.Close("the daemon failed checking this editor (a bug; its log has the details)") })
	h.beat(l)
}

// survive, deferred around the hub's work for an editor (which runs the
// engine's callbacks), logs a panic as what and then does then (close
// that editor's connection, answer with an error) instead of letting the
// panic end the daemon.
func (h *Hub) survive(what string, then func()) {
	v := recover()
	if v == nil {
		return
	}
	h.opt.Logger.Error("bridge: panic "+what, "panic", v, "stack", string(debug.Stack()))
	if then != nil {
		then()
	}
}

// beat pings the editor once. An answer arms the next beat, and so does a
// blocked editor (health: its main thread held up by a modal dialog, or
// its process not answering although it runs), which stays connected; a
// ping not answered within the interval by an editor whose process is gone
// closes the connection (a crashed editor that left the socket open).
func (h *Hub) beat(l *link) {
	ctx, cancel := context.WithCancelCause(context.Background())
	t := h.clock.AfterFunc(h.opt.Heartbeat, func() { cancel(errHeartbeat) })
	var pong json.RawMessage
	err := l.Call(ctx, MethodPing, struct{}{}, &pong)
	t.Stop()
	if cause := context.Cause(ctx); cause != nil {
		err = cause
	}
	cancel(nil)
	h.mu.Lock()
	ended := l.ended
	select {
	case <-l.Done(): // it ended during the ping: nothing to warn about
		ended = true
	default:
	}
	h.mu.Unlock()
	if ended {
		return
	}
	if !h.health(l, err, pong) {
		h.opt.Logger.Warn("bridge: heartbeat failed, closing", "err", err)
		l.Close("heartbeat timeout")
		return
	}
	h.mu.Lock()
	if !l.ended {
		l.timer = h.clock.AfterFunc(h.opt.Heartbeat, func() { go h.beatSafely(l) })
	}
	h.mu.Unlock()
}
