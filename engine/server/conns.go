package server

import (
	"context"
	"net"
	"net/http"
	"sync"

	"github.com/unitymcp/unitymcp/platform"
)

// DefaultMaxUnauthenticated bounds the connections that have not yet sent
// a request with the token (Limit). Beyond it the listener stops accepting
// (new connections wait in the kernel's backlog) until one authenticates or
// closes. Each such connection lives at most the header timeout (10 s)
// before its first request, and every answer without the token (401, 403,
// /proof) closes it, so none is kept for the 2-minute idle timeout.
const DefaultMaxUnauthenticated = 64

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
	return &gatedConn{Conn: platform.QuietConn(c), slots: l.slots}, nil
}

func (l *limitListener) Close() error {
	l.closeOnce.Do(func() { close(l.done) })
	return l.Listener.Close()
}

// gatedConn holds a slot until it authenticates or closes.
type gatedConn struct {
	net.Conn
	slots chan struct{}
	once  sync.Once
}

func (c *gatedConn) release() { c.once.Do(func() { <-c.slots }) }

// NetConn is the connection under c (platform.ReceiveFiles finds the
// socket through it).
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

// authenticated frees the Limit slot of r's connection.
func authenticated(r *http.Request) {
	if c, ok := r.Context().Value(connKeyT{}).(*gatedConn); ok {
		c.release()
	}
}
