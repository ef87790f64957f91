package bridge

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"

	"github.com/coder/websocket"
)

// MaxFrameBytes bounds one bridge frame. Large payloads (hierarchies,
// screenshots) travel as files the result names, not inside frames.
const MaxFrameBytes = 32 << 20

// ErrClosed is returned for calls on a peer whose connection has gone.
var ErrClosed = errors.New("bridge connection closed")

// RequestHandler answers one incoming request; a returned *RPCError is sent
// as is, any other error as an internal error.
type RequestHandler func(ctx context.Context, method string, params json.RawMessage) (any, error)

// afterReplier is a result with work to do once the reply is on the wire
// (the hub releases held calls only after the hello's answer).
type afterReplier interface{ afterReply() }

// NotificationHandler receives one incoming notification.
type NotificationHandler func(method string, params json.RawMessage)

// Peer is one end of a JSON-RPC 2.0 connection over a WebSocket. Writes may
// come from any goroutine; requests are answered concurrently.
type Peer struct {
	conn     *websocket.Conn
	onReq    RequestHandler
	onNotify NotificationHandler

	mu      sync.Mutex
	nextID  int64
	pending map[int64]chan *message
	closed  bool
	done    chan struct{}
	ctx     context.Context
	cancel  context.CancelFunc

	reason error // why this side closed, see CloseWith

	serving sync.WaitGroup // request handlers still running
}

// NewPeer wraps an open WebSocket. Call Run to start reading.
func NewPeer(conn *websocket.Conn, onReq RequestHandler, onNotify NotificationHandler) *Peer {
	conn.SetReadLimit(MaxFrameBytes)
	ctx, cancel := context.WithCancel(context.Background())
	return &Peer{conn: conn, onReq: onReq, onNotify: onNotify,
		pending: map[int64]chan *message{}, done: make(chan struct{}), ctx: ctx, cancel: cancel}
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
	if err != nil || m.JSONRPC != "2.0" {
		p.write(&message{JSONRPC: "2.0", ID: json.RawMessage("null"),
			Error: &RPCError{Code: RPCParseError, Message: "frame is not a JSON-RPC 2.0 message"}})
		return
	}
	switch {
	case m.Method != "" && len(m.ID) > 0:
		p.serving.Add(1)
		go func() {
			defer p.serving.Done()
			p.serve(m)
		}()
	case m.Method != "":
		if p.onNotify != nil {
			p.onNotify(m.Method, m.Params)
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

func (p *Peer) serve(m message) {
	var res any
	var err error
	if p.onReq == nil {
		err = &RPCError{Code: RPCMethodNotFound, Message: "no method " + m.Method}
	} else {
		res, err = p.onReq(p.ctx, m.Method, m.Params)
	}
	reply := &message{JSONRPC: "2.0", ID: m.ID}
	if a, ok := res.(afterReplier); ok {
		defer a.afterReply()
	}
	if err != nil {
		var re *RPCError
		if !errors.As(err, &re) {
			re = &RPCError{Code: RPCInternal, Message: err.Error()}
		}
		reply.Error = re
	} else {
		b, merr := json.Marshal(res)
		if merr != nil {
			reply.Error = &RPCError{Code: RPCInternal, Message: merr.Error()}
		} else {
			reply.Result = b
		}
	}
	p.write(reply)
}

func (p *Peer) write(m *message) error {
	b, err := m.encode()
	if err != nil {
		return err
	}
	// Reads and writes take no cancellable context: each would cost the
	// library a context.AfterFunc registration per frame, and every path
	// that ends the peer (Close, CloseWith, shutdown) closes the connection,
	// which ends a blocked read or write just the same.
	if err := p.conn.Write(context.Background(), websocket.MessageText, b); err != nil {
		return fmt.Errorf("%w: %v", ErrClosed, err)
	}
	return nil
}

// Call sends a request and waits for its answer, ctx or the connection's end.
func (p *Peer) Call(ctx context.Context, method string, params, out any) error {
	b, err := json.Marshal(params)
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
	if err := p.write(&message{JSONRPC: "2.0", ID: json.RawMessage(strconv.FormatInt(id, 10)), Method: method, Params: b}); err != nil {
		forget()
		return err
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
	return p.write(&message{JSONRPC: "2.0", Method: method, Params: b})
}

// Close ends the connection with a normal closure and reason.
func (p *Peer) Close(reason string) {
	p.conn.Close(websocket.StatusNormalClosure, reason)
	p.cancel()
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
		p.conn.Close(websocket.StatusNormalClosure, msg)
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
	p.serving.Wait() // handlers see the cancelled context and end
	close(p.done)
}
