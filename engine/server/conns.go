package server

import (
	"context"
	"net"
	"net/http"
	"sync"
	"time"
)

// DefaultMaxUnauthenticated bounds the connections that have not yet sent
// a request with the token (Limit). Beyond it the listener stops accepting
// (new connections wait in the kernel's backlog) until one authenticates or
// closes. Each such connection lives at most the header timeout (10 s)
// before its first request, every answer without the token (401, 403,
// /proof) closes it — but a /proof asked with keep=1, after which the next
// request must start within ProofGrace — so none is kept for the 2-minute
// idle timeout.
const DefaultMaxUnauthenticated = 64

// DefaultProofGrace bounds how long a connection stays open after a
// successful /proof without a request that carries the token: the client
// proves each connection and then sends its request at once.
const DefaultProofGrace = 10 * time.Second

// Limit wraps the daemon's listener so that at most max connections
// (0: DefaultMaxUnauthenticated) are open without having authenticated.
// The http.Server must use ConnContext so that an authenticated request
// frees its connection's slot.
func Limit(ln net.Listener, max int) net.Listener {
	if max <= 0 {
		max = DefaultMaxUnauthenticated
	}
	return &limitListener{Listener: ln, slots: make(chan struct{}, max), done: make(chan struct{})}
}

type limitListener struct {
	net.Listener
	slots     chan struct{}
	done      chan struct{}
	closeOnce sync.Once
}

func (l *limitListener) Accept() (net.Conn, error) {
	select {
	case l.slots <- struct{}{}:
	case <-l.done:
		return nil, net.ErrClosed
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	return &gatedConn{Conn: c, slots: l.slots}, nil
}

// Unauthenticated counts the slots of ln (a Limit listener) held: the
// connections accepted that have not authenticated or closed yet, and the
// one its Accept waits for while a slot is free; 0 for another listener.
func Unauthenticated(ln net.Listener) int {
	if l, ok := ln.(*limitListener); ok {
		return len(l.slots)
	}
	return 0
}

func (l *limitListener) Close() error {
	l.closeOnce.Do(func() { close(l.done) })
	return l.Listener.Close()
}

// gatedConn holds a slot until it authenticates or closes. After a proof
// its read deadlines are clamped to the proof's grace until it
// authenticates.
type gatedConn struct {
	net.Conn
	slots chan struct{}
	once  sync.Once

	mu       sync.Mutex
	released bool
	limit    time.Time // zero: none (no proof answered, or authenticated)
	want     time.Time // the read deadline last asked for
}

func (c *gatedConn) release() {
	c.once.Do(func() {
		<-c.slots
		c.mu.Lock()
		defer c.mu.Unlock()
		c.released = true
		if !c.limit.IsZero() { // the deadline asked for, no longer clamped
			c.limit = time.Time{}
			c.Conn.SetReadDeadline(c.want)
		}
	})
}

// clamp returns t bounded by the proof's grace (under mu).
func (c *gatedConn) clamp(t time.Time) time.Time {
	c.want = t
	if !c.limit.IsZero() && (t.IsZero() || t.After(c.limit)) {
		return c.limit
	}
	return t
}

func (c *gatedConn) SetReadDeadline(t time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.Conn.SetReadDeadline(c.clamp(t))
}

func (c *gatedConn) SetDeadline(t time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.Conn.SetWriteDeadline(t); err != nil {
		return err
	}
	return c.Conn.SetReadDeadline(c.clamp(t))
}

// proveGrace starts the grace of a connection that answered /proof.
func (c *gatedConn) proveGrace(grace time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.released {
		return
	}
	c.limit = time.Now().Add(grace)
	c.Conn.SetReadDeadline(c.clamp(c.want))
}

// NetConn is the connection under c (a stdio stream half-closes it:
// closeWrite).
func (c *gatedConn) NetConn() net.Conn { return c.Conn }

func (c *gatedConn) Close() error {
	c.release()
	return c.Conn.Close()
}

type connKeyT struct{}

// ConnContext is the http.Server's ConnContext: it lets ServeHTTP free the
// slot of a connection that authenticated (Limit).
func ConnContext(ctx context.Context, c net.Conn) context.Context {
	return context.WithValue(ctx, connKeyT{}, c)
}

// proved starts the grace of r's connection after a successful /proof
// (0: DefaultProofGrace): it stays open for the request that carries the
// token, not for the idle timeout.
func proved(r *http.Request, grace time.Duration) {
	if grace <= 0 {
		grace = DefaultProofGrace
	}
	if c, ok := r.Context().Value(connKeyT{}).(*gatedConn); ok {
		c.proveGrace(grace)
	}
}

// authenticated frees the Limit slot of r's connection.
func authenticated(r *http.Request) {
	if c, ok := r.Context().Value(connKeyT{}).(*gatedConn); ok {
		c.release()
	}
}
