package bridge

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"strconv"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/unitymcp/unitymcp/engine/api"
)

// MaxFrameBytes bounds one bridge frame. Large payloads (hierarchies,
// screenshots) travel as files the result names, not inside frames.
const MaxFrameBytes = 32 << 20

// ErrClosed is returned for calls on a peer whose connection has gone.
var ErrClosed = errors.New("bridge connection closed")

// ErrStalled ends a connection whose other side stopped reading: a frame
// could not be written within the stall timeout (a frozen or suspended
// process with its socket still open).
var ErrStalled = errors.New("the other side stopped reading the bridge connection")

// MaxServing bounds the requests from the other side handled at once; more
// are answered at once with an error instead of each taking a goroutine.
const MaxServing = 64

// DefaultStallTimeout bounds how long one frame may take to write before the
// peer is dropped as stalled.
const DefaultStallTimeout = 10 * time.Second

// RequestHandler answers one incoming request; a returned *RPCError is sent
// as is, any other error as an internal error.
type RequestHandler func(ctx context.Context, method string, params json.RawMessage) (any, error)

// afterReplier is a result (or an error) with work to do once the reply is
// on the wire: the hub releases held calls only after the hello's answer,
// and closes a connection only after the error that says why.
type afterReplier interface{ afterReply() }

// NotificationHandler receives one incoming notification.
type NotificationHandler func(method string, params json.RawMessage)

// QuickHandler answers a request on the goroutine that reads the
// connection, when it can at once; ok false leaves the request to the
// RequestHandler (SetQuickHandler).
type QuickHandler func(method string, params json.RawMessage) (result any, ok bool, err error)

// Peer is one end of a JSON-RPC 2.0 connection over a WebSocket. Writes may
// come from any goroutine; requests are answered concurrently.
type Peer struct {
	conn     *websocket.Conn
	onReq    RequestHandler
	onNotify NotificationHandler
	onPanic  func(v any, stack []byte) // see SetPanicHandler
	quick    QuickHandler              // see SetQuickHandler

	mu      sync.Mutex
	nextID  int64
	pending map[int64]chan *message
	closed  bool
	done    chan struct{}
	ctx     context.Context
	cancel  context.CancelFunc

	reason error // why this side closed, see CloseWith

	serving sync.WaitGroup // request handlers still running
	slots   chan struct{}  // bounds the handlers running at once (MaxServing)
	idle    chan message   // hands a request to a server waiting for one (unbuffered)

	// Writes are serialised: urgent frames (replies, pings, cancels, events)
	// go before queued requests, a request whose call gave up is never
	// written, and a frame that cannot be written within stall drops the
	// connection. Frames queue for one writer goroutine, except that a call
	// or a reply finding nothing queued and nobody writing writes itself
	// (see enqueue): a goroutine hand-off and a thread wake-up less per
	// frame, which is most of what a hop costs beyond the socket.
	wmu     sync.Mutex
	wclosed bool // the writer has stopped (under wmu)
	writing bool // a frame is being written, by the writer or inline (under wmu)
	urgent  []*outFrame
	normal  []*outFrame
	wake    chan struct{}
	watch   *stallWatch // drops the connection when a frame takes the stall timeout
}

// outFrame is one frame waiting for the writer. ctx (a call's) skips the
// frame when it is done before its turn; done receives the write's result.
type outFrame struct {
	b    []byte
	ctx  context.Context
	done chan error
}

// NewPeer wraps an open WebSocket. Call Run to start reading.
func NewPeer(conn *websocket.Conn, onReq RequestHandler, onNotify NotificationHandler) *Peer {
	conn.SetReadLimit(MaxFrameBytes)
	ctx, cancel := context.WithCancel(context.Background())
	p := &Peer{conn: conn, onReq: onReq, onNotify: onNotify,
		pending: map[int64]chan *message{}, done: make(chan struct{}), ctx: ctx, cancel: cancel,
		wake: make(chan struct{}, 1), slots: make(chan struct{}, MaxServing), idle: make(chan message)}
	p.watch = newStallWatch(nil, DefaultStallTimeout, func() { p.CloseWith(ErrStalled, "") })
	go p.writeLoop()
	return p
}

// SetStallTimeout changes how long one frame may take to write before the
// connection is dropped as stalled (before the first write: a look the
// watch has pending keeps the time it was armed for).
func (p *Peer) SetStallTimeout(d time.Duration) {
	if d > 0 {
		p.watch.stall.Store(int64(d))
	}
}

// SetPanicHandler sets what a handler's panic is reported to (before Run;
// without one, standard error).
// The peer recovers either way — a request whose handler panicked is
// answered with an internal error, a notification is dropped, and the
// connection goes on: a handler's bug is one message's failure, never the
// process's end.
func (p *Peer) SetPanicHandler(f func(v any, stack []byte)) { p.onPanic = f }

// SetQuickHandler lets the peer answer a request where it reads it (before
// Run): no goroutine is handed the request or woken for it, and the reply
// is written there too when no other frame waits to be. Nothing is read
// from the connection while h runs, so h must answer at once or decline:
// a request that may wait (on a lock another request holds, a timer, the
// network) goes to the RequestHandler, where a call/cancel can reach it.
// A handler that panics has answered, with an internal error. The answer's
// after work (afterReplier) runs on the reader's goroutine too. The other
// side must keep reading while it waits for answers (the hub does: its
// reader never waits on its own writes); two peers that both answer this
// way and stop reading could hold each other until the stall timeout.
func (p *Peer) SetQuickHandler(h QuickHandler) { p.quick = h }

// recovered, deferred around handler code, reports a panic and, with err
// set, makes it that request's error.
func (p *Peer) recovered(method string, err *error) {
	v := recover()
	if v == nil {
		return
	}
	if p.onPanic != nil {
		p.onPanic(v, debug.Stack())
	} else { // nobody asked: standard error, as an unrecovered panic would
		fmt.Fprintf(os.Stderr, "bridge: panic handling %s: %v\n%s", method, v, debug.Stack())
	}
	if err != nil {
		*err = &RPCError{Code: RPCInternal, Message: method + " failed on this side (a bug; its log has the details)"}
	}
}

// Done is closed when the connection has ended.
func (p *Peer) Done() <-chan struct{} { return p.done }

// Run reads frames until the connection ends, then fails pending calls.
func (p *Peer) Run() error {
	defer p.shutdown()
	for {
		_, data, err := p.conn.Read(context.Background()) // see write
		if err != nil {
			return err
		}
		p.handleFrame(data)
	}
}

// handleFrame dispatches one incoming frame: a request (answered in its own
// goroutine), a notification, or a response to one of our calls. Anything
// else is answered with a parse error and otherwise ignored.
func (p *Peer) handleFrame(data []byte) {
	m, err := decodeFrame(data)
	if err != nil || m.JSONRPC != api.JSONRPCVersion {
		p.write(&message{JSONRPC: api.JSONRPCVersion, ID: json.RawMessage("null"),
			Error: &RPCError{Code: RPCParseError, Message: "frame is not a JSON-RPC 2.0 message"}})
		return
	}
	switch {
	case m.Method != "" && len(m.ID) > 0:
		if p.quick != nil && p.serveQuick(m) {
			return
		}
		select {
		case p.slots <- struct{}{}:
		default:
			p.write(&message{JSONRPC: api.JSONRPCVersion, ID: m.ID, Error: &RPCError{Code: RPCInternal,
				Message: fmt.Sprintf("busy: %d requests are already being handled on this connection; send the next when one is answered", MaxServing)}})
			return
		}
		p.serving.Add(1)
		select {
		case p.idle <- m: // a server that is waiting takes it
		default:
			go p.server(m)
		}
	case m.Method != "":
		if p.onNotify != nil {
			p.onNotification(m)
		}
	case len(m.ID) > 0:
		id, err := strconv.ParseInt(string(m.ID), 10, 64)
		if err != nil {
			return
		}
		p.mu.Lock()
		ch := p.pending[id]
		delete(p.pending, id)
		p.mu.Unlock()
		if ch != nil {
			ch <- &m
		}
	}
}

// serverIdle is how long a request's goroutine waits for the next request
// before it ends.
const serverIdle = time.Second

// server serves m, then the requests handed to it while it waits (idle):
// a goroutine that served one request has grown its stack, and a new one
// per request grew it again each time (runtime.copystack was a tenth of
// editorsim's CPU per call). Servers end after serverIdle without work or
// when the connection ends.
func (p *Peer) server(m message) {
	t := time.NewTimer(serverIdle)
	defer t.Stop()
	for {
		p.serveOne(m)
		t.Reset(serverIdle)
		select {
		case m = <-p.idle:
		case <-t.C:
			return
		case <-p.ctx.Done():
			return
		}
	}
}

// serveOne serves m in its slot (MaxServing). The slot is given back before
// the reply is written: a client that keeps exactly MaxServing requests in
// flight, sending the next when one is answered, is never told busy.
func (p *Peer) serveOne(m message) {
	defer p.serving.Done()
	held := true
	release := func() {
		if held {
			held = false
			<-p.slots
		}
	}
	defer release()
	p.serve(m, release)
}

// onNotification hands a notification from the other side to its handler.
func (p *Peer) onNotification(m message) {
	defer p.recovered(m.Method, nil)
	p.onNotify(m.Method, m.Params)
}

// handle runs m's handler (run) and encodes its result; after is the
// result's work for once the reply is written.
func (p *Peer) handle(m message, run func() (any, error)) (result json.RawMessage, after func(), err error) {
	defer p.recovered(m.Method, &err)
	res, err := run()
	if err != nil {
		if a, ok := err.(afterReplier); ok { // an error with work for once it is sent
			after = a.afterReply
		}
		return nil, after, err
	}
	if a, ok := res.(afterReplier); ok {
		after = a.afterReply
	}
	result, err = json.Marshal(res)
	if err != nil {
		err = &RPCError{Code: RPCInternal, Message: err.Error()}
	}
	return result, after, err
}

func (p *Peer) serve(m message, release func()) {
	result, after, err := p.handle(m, func() (any, error) {
		if p.onReq == nil {
			return nil, &RPCError{Code: RPCMethodNotFound, Message: "no method " + m.Method}
		}
		return p.onReq(p.ctx, m.Method, m.Params)
	})
	p.reply(m, result, after, err, release)
}

// serveQuick answers m with the quick handler, on the reader's goroutine,
// and reports whether it did (false: the handler declined).
func (p *Peer) serveQuick(m message) bool {
	handled := true // one that panicked has answered: with the error
	result, after, err := p.handle(m, func() (res any, err error) {
		res, handled, err = p.quick(m.Method, m.Params)
		return res, err
	})
	if handled {
		p.reply(m, result, after, err, func() {})
	}
	return handled
}

// reply writes the reply to m (its handler's result or err), then runs the
// answer's after work; release gives back m's slot (MaxServing) before the
// write.
func (p *Peer) reply(m message, result json.RawMessage, after func(), err error, release func()) {
	if after != nil {
		defer func() {
			defer p.recovered(m.Method, nil)
			after()
		}()
	}
	reply := &message{JSONRPC: api.JSONRPCVersion, ID: m.ID, Result: result}
	// A handler's goroutine may wait on the socket: the reply is written
	// inline when nothing is queued (the writer's stall watchdog still holds).
	// So is a quick handler's, on the reader's goroutine: the other side
	// reads all the time (its reader never waits on its own writes), so a
	// reply finds room, and one that does not is dropped with the connection
	// at the stall timeout.
	if err != nil {
		var re *RPCError
		if !errors.As(err, &re) {
			re = &RPCError{Code: RPCInternal, Message: err.Error()}
		}
		reply.Error, reply.Result = re, nil
	}
	b, err := reply.encode()
	if err != nil {
		return
	}
	release()
	p.enqueue(&outFrame{b: b}, true, true)
}

// Call sends a request and waits for its answer, ctx or the connection's end.
// A call whose ctx is done is not sent; one that gives up while its request
// waits behind others is taken out of the queue. Pings go before requests.
func (p *Peer) Call(ctx context.Context, method string, params, out any) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	// The params are encoded before the call takes an id: one that cannot
	// be encoded fails as itself, whatever the connection's state.
	pj, err := appendParams(make([]byte, 0, 384), params)
	if err != nil {
		return err
	}
	ch := make(chan *message, 1)
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return ErrClosed
	}
	p.nextID++
	id := p.nextID
	p.pending[id] = ch
	p.mu.Unlock()
	forget := func() {
		p.mu.Lock()
		delete(p.pending, id)
		p.mu.Unlock()
	}
	var idb [20]byte
	frame, _ := (&message{JSONRPC: api.JSONRPCVersion, ID: strconv.AppendInt(idb[:0], id, 10), Method: method, Params: pj}).encode() // no Error: it cannot fail
	// The request waits its turn behind urgent frames and other requests,
	// and the call gives up at its own deadline while it waits. With nothing
	// queued this goroutine writes the frame itself: a write into a socket
	// whose buffer is full (the editor stopped reading) holds the call until
	// the write ends or the stall timeout drops the connection — its deadline
	// is then late by at most the stall timeout, and only when the editor has
	// left megabytes unread.
	wrote := make(chan error, 1)
	if err := p.enqueue(&outFrame{b: frame, ctx: ctx, done: wrote}, method == MethodPing, true); err != nil {
		forget()
		return err
	}
	select {
	case err := <-wrote:
		if err != nil {
			forget()
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return err
		}
	case <-ctx.Done():
		forget()
		return ctx.Err()
	}
	select {
	case m := <-ch:
		if m == nil {
			return ErrClosed
		}
		if m.Error != nil {
			return m.Error
		}
		if out != nil {
			if raw, ok := out.(*json.RawMessage); ok {
				*raw = m.Result
				return nil
			}
			return json.Unmarshal(m.Result, out)
		}
		return nil
	case <-ctx.Done():
		forget()
		return ctx.Err()
	}
}

// Notify sends a notification.
func (p *Peer) Notify(method string, params any) error {
	b, err := json.Marshal(params)
	if err != nil {
		return err
	}
	return p.write(&message{JSONRPC: api.JSONRPCVersion, Method: method, Params: b})
}

// closeGrace bounds the closing handshake: a peer that does not answer the
// close frame (or does not read it) within it is cut off.
const closeGrace = 2 * time.Second

// Close ends the connection with a normal closure and reason once what is
// queued is written, abruptly when the other side does not take it or
// complete the closing handshake within closeGrace.
func (p *Peer) Close(reason string) {
	cut := time.AfterFunc(closeGrace, func() { p.conn.CloseNow() })
	p.flush()
	p.conn.Close(websocket.StatusNormalClosure, reason)
	cut.Stop()
	p.cancel()
}

// flush waits until every frame queued so far is written (or the writer has
// stopped): a notification sent just before a close goes out before it.
func (p *Peer) flush() {
	done := make(chan error, 1)
	if p.enqueue(&outFrame{done: done}, false, false) != nil {
		return
	}
	select {
	case <-done:
	case <-p.done:
	}
}

// CloseWith records why this side ends the connection and ends it: with a
// normal closure carrying msg, or abruptly (no close frame, like a crash)
// when msg is empty.
func (p *Peer) CloseWith(reason error, msg string) {
	p.mu.Lock()
	p.reason = reason
	p.mu.Unlock()
	if msg == "" {
		p.conn.CloseNow()
	} else {
		cut := time.AfterFunc(closeGrace, func() { p.conn.CloseNow() })
		p.flush()
		p.conn.Close(websocket.StatusNormalClosure, msg)
		cut.Stop()
	}
	p.cancel()
}

// Reason is the error given to CloseWith, nil otherwise.
func (p *Peer) Reason() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.reason
}

func (p *Peer) shutdown() {
	p.mu.Lock()
	p.closed = true
	pending := p.pending
	p.pending = map[int64]chan *message{}
	p.mu.Unlock()
	for _, ch := range pending {
		ch <- nil
	}
	p.cancel()
	p.conn.CloseNow()
	p.watch.stop()
	p.serving.Wait() // handlers see the cancelled context and end
	close(p.done)
}
