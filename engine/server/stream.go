package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/catalog"
)

// The stdio stream (docs/architecture.md, "The stdio stream").
//
// `unitymcp stdio` (engine/shim) keeps one connection to the daemon: GET
// /mcp/stream upgraded to api.StreamProtocol, after the same Host, Origin
// and token checks as every route, then MCP's stdio transport over it —
// JSON-RPC messages one per line both ways. The connection is one MCP
// session (streamSession), registered on the mcp-go server of the project
// the stream is pinned to, and every message goes through the same
// dispatcher as a POST to /mcp (serveMessage: the daemon's task methods,
// then mcp-go's HandleMessage). The stream is the session's life: when it
// ends, what is in flight is cancelled and the session ends.
//
// Bounds: at most MaxStreams streams at once; per stream,
// maxStreamRequests requests served at once (one more is answered busy),
// notesQueue notifications waiting (mcp-go drops the rest), a line of at
// most MaxBodyBytes that must arrive whole within the body timeout once it
// has begun, and every write to the client done within StreamWriteTimeout
// or the stream ends: a client that stops reading costs the daemon a
// bounded number of goroutines for a bounded time.

// DefaultMaxStreams bounds the stdio streams open at once (MaxStreams).
const DefaultMaxStreams = 128

// DefaultStreamWriteTimeout bounds one write to a stream's client
// (StreamWriteTimeout): a client that reads nothing for that long is gone.
const DefaultStreamWriteTimeout = 10 * time.Second

// maxStreamRequests bounds the requests of one stream served at once.
const maxStreamRequests = 64

// stream is one shim's connection and its MCP session.
type stream struct {
	s      *Server
	conn   net.Conn
	in     *bufio.Reader
	groups []string
	sess   *streamSession
	base   context.Context // the stream's context with the session's values (sessionContext)

	mu    sync.Mutex
	hash  string // the project the session is pinned to ("": none); editor_select moves it (repin)
	front *front

	wmu      sync.Mutex
	out      *bufio.Writer
	released bool // nothing more is written or served (release)
	broken   bool // a write failed or timed out: the client is gone

	slots chan struct{} // requests being served
}

// serveStream upgrades GET /mcp/stream and serves the stream until either
// side ends it.
func (s *Server) serveStream(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet || !headerHas(r.Header, "Connection", "upgrade") || !strings.EqualFold(r.Header.Get("Upgrade"), api.StreamProtocol) {
		httpError(w, http.StatusBadRequest, "bad_upgrade", fmt.Sprintf("%s is the stdio shim's stream: send GET with Connection: Upgrade and Upgrade: %s (MCP clients use %s)", api.PathStream, api.StreamProtocol, api.PathMCP))
		return
	}
	q := r.URL.Query()
	groups, terr := catalog.ParseGroups(q.Get(api.QueryGroup))
	if terr != nil {
		httpError(w, http.StatusBadRequest, terr.Code, terr.Message)
		return
	}
	hash, terr := s.pinOf(r.Context(), q.Get(api.QueryProject))
	if terr != nil {
		httpError(w, httpStatus(terr), terr.Code, terr.Message)
		return
	}
	if err := s.streamStarted(); err != nil {
		code := api.CodeTooManyStreams
		if errors.Is(err, errShuttingDown) {
			code = api.CodeShuttingDown
		}
		httpError(w, http.StatusServiceUnavailable, code, err.Error())
		return
	}
	f := s.mcp.get(hash, s.maxPins())
	if f == nil {
		s.streamEnded(nil)
		httpError(w, http.StatusServiceUnavailable, api.CodeTooManyProjects, fmt.Sprintf("%d projects are pinned through this daemon with sessions open; end a session (or pin one of those projects) and try again", s.maxPins()))
		return
	}
	conn, brw, err := http.NewResponseController(w).Hijack()
	if err != nil {
		s.streamEnded(nil)
		httpError(w, http.StatusInternalServerError, "internal", "upgrading the stream: "+err.Error())
		return
	}
	conn.SetDeadline(time.Time{}) // the server's header and idle timeouts no longer apply
	st := &stream{s: s, conn: conn, in: brw.Reader, out: brw.Writer, groups: groups, hash: hash, front: f,
		slots: make(chan struct{}, maxStreamRequests)}
	st.sess = newStreamSession(st)
	conn.SetWriteDeadline(time.Now().Add(s.streamWriteTimeout()))
	if _, err := brw.WriteString(api.StreamUpgraded); err != nil || brw.Flush() != nil {
		s.streamEnded(nil)
		conn.Close()
		return
	}
	conn.SetWriteDeadline(time.Time{})
	// Every write to the client gets its own deadline (deadlineWriter).
	st.out = bufio.NewWriterSize(deadlineWriter{conn, s.streamWriteTimeout()}, 64<<10)
	s.streamMu.Lock()
	s.live[st] = struct{}{}
	late := s.shuttingDown // ReleaseStreams ran after streamStarted: it did not see this one
	s.streamMu.Unlock()
	if late {
		st.release()
	}
	st.run(r.Context())
}

// headerHas reports whether a comma-separated header holds token.
func headerHas(h http.Header, key, token string) bool {
	for _, v := range h.Values(key) {
		for _, t := range strings.Split(v, ",") {
			if strings.EqualFold(strings.TrimSpace(t), token) {
				return true
			}
		}
	}
	return false
}

// run serves the stream's lines until the shim's side ends, then cancels
// what is in flight and ends the session.
func (st *stream) run(parent context.Context) {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	// A shutdown (the server's base context) stops the stream writing; the
	// read below then ends when the shim, told by the connection's end,
	// closes its side (or the daemon exits).
	stop := context.AfterFunc(parent, st.release)
	defer stop()
	st.mu.Lock()
	st.base = st.front.srv.WithContext(sessionContext(ctx, st.groups, ""), st.sess)
	st.front.srv.RegisterSession(st.base, st.sess)
	st.mu.Unlock()
	pumped := make(chan struct{})
	go st.pump(ctx, pumped)
	var wg sync.WaitGroup
	for {
		line, err := st.readLine()
		if err != nil {
			break // a line cut short is not a message: dropped
		}
		if line = bytes.TrimSpace(line); len(line) > 0 {
			st.serve(ctx, line, &wg)
		}
	}
	st.release()
	cancel()
	wg.Wait()
	<-pumped
	st.mu.Lock()
	st.front.srv.UnregisterSession(context.Background(), st.sess.id)
	st.mu.Unlock()
	st.conn.Close()
	st.s.streamEnded(st)
}

// readLine reads one line of at most MaxBodyBytes; a longer one is answered
// with an error and skipped. The wait for a line is not bounded (a client
// may stay silent for hours), but a line that has begun must end within
// the body timeout, as an HTTP body must.
func (st *stream) readLine() ([]byte, error) {
	if _, err := st.in.Peek(1); err != nil {
		return nil, err
	}
	st.conn.SetReadDeadline(time.Now().Add(st.s.bodyTimeout()))
	defer st.conn.SetReadDeadline(time.Time{})
	var line []byte
	for {
		chunk, err := st.in.ReadSlice('\n')
		if len(line)+len(chunk) > MaxBodyBytes {
			for err == bufio.ErrBufferFull {
				_, err = st.in.ReadSlice('\n')
			}
			if err != nil {
				return nil, err
			}
			st.write(api.ErrorAnswer(nil, api.RPCInvalidRequest, "", fmt.Sprintf("a message of over %d bytes was dropped: that is the daemon's request size limit", MaxBodyBytes)))
			return nil, nil
		}
		if err == bufio.ErrBufferFull {
			line = append(line, chunk...)
			continue
		}
		if err != nil {
			return nil, err
		}
		return append(line, chunk...), nil // a copy: ReadSlice's buffer is reused
	}
}

// serve takes one line from the client: a response to the daemon's own
// request, a notification (served in order, as it came), the initialize
// (in order too: the session starts there), or a request, served
// concurrently.
func (st *stream) serve(ctx context.Context, line []byte, wg *sync.WaitGroup) {
	if st.isReleased() {
		return // shutting down: the shim sends it to the next daemon, or answers it
	}
	m, err := api.ParseMessage(line)
	switch {
	case errors.Is(err, api.ErrBatch):
		st.write(api.ErrorAnswer(nil, api.RPCInvalidRequest, "", err.Error()))
		return
	case err != nil:
		st.write(api.ErrorAnswer(nil, api.RPCParseError, "", "parse error: "+err.Error()))
		return
	case m.IsResponse():
		st.sess.answered(m, line) // an answer to nothing the daemon asked is dropped
		return
	case m.Method == "":
		st.write(api.ErrorAnswer(nil, api.RPCInvalidRequest, "", "a message without a method is neither a request nor a notification"))
		return
	case !m.IsRequest() || m.Method == string(mcp.MethodInitialize):
		st.answer(m, line)
		return
	}
	// As on HTTP: a message over LargeBodyBytes waits for one of the
	// daemon's few large-body slots (the stream's reading waits with it).
	release := func() {}
	if len(line) > LargeBodyBytes {
		var err error
		if release, err = st.s.largeSlot(ctx, 30*time.Second); err != nil {
			st.write(api.ErrorAnswer(m.ID, api.RPCInternalError, "", fmt.Sprintf("busy: %d messages over %d bytes are being served; send this one again in a moment", cap(st.s.large), LargeBodyBytes)))
			return
		}
	}
	select {
	case st.slots <- struct{}{}:
	default:
		release()
		st.write(api.ErrorAnswer(m.ID, api.RPCInternalError, "", fmt.Sprintf("busy: %d requests of this session are being served; send the next when one is answered", maxStreamRequests)))
		return
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer func() { <-st.slots }()
		defer release()
		st.answer(m, line)
	}()
}

// answer serves one message through the dispatcher and writes its answer.
func (st *stream) answer(m api.Message, line []byte) {
	st.mu.Lock()
	f, hash := st.front, st.hash
	st.mu.Unlock()
	a, large := st.s.serveMessage(withReply(st.base, st.write), f, hash, st.sess, m, line)
	switch {
	case large != nil:
		st.writeWith(large.writeTo)
	case a != nil:
		st.write(a)
	}
}

// pump writes the session's notifications to the client as they come.
func (st *stream) pump(ctx context.Context, done chan struct{}) {
	defer close(done)
	for {
		select {
		case n := <-st.sess.notes:
			if b, err := json.Marshal(n); err == nil {
				st.write(b)
			}
		case <-ctx.Done():
			return
		}
	}
}

// write sends one message to the client, as one line; false when it was
// not written: the stream was released, or the client is gone (a write
// failed or took longer than StreamWriteTimeout, which ends the stream).
func (st *stream) write(b []byte) bool {
	return st.writeWith(func(w io.Writer) error { _, err := w.Write(b); return err })
}

// writeWith writes one message for the client with put, as one line (see
// write).
func (st *stream) writeWith(put func(io.Writer) error) (ok bool) {
	st.wmu.Lock()
	defer st.wmu.Unlock()
	if st.released || st.broken {
		return false
	}
	defer func() { // a half-written line cannot be taken back: the stream ends
		if v := recover(); v != nil {
			st.s.log.Error("panic writing to a stdio stream", "panic", v, "stack", string(debug.Stack()))
			st.broken = true
			st.conn.Close()
			ok = false
		}
	}()
	err := put(st.out)
	if err == nil {
		err = st.out.WriteByte('\n')
	}
	if err == nil {
		err = st.out.Flush()
	}
	if err != nil {
		st.broken = true
		st.conn.Close() // the read loop ends the stream
		return false
	}
	return true
}

// deadlineWriter writes to a connection with a deadline for each write.
type deadlineWriter struct {
	c net.Conn
	d time.Duration
}

func (w deadlineWriter) Write(p []byte) (int, error) {
	w.c.SetWriteDeadline(time.Now().Add(w.d))
	return w.c.Write(p)
}

// isReleased reports whether the stream was released (release).
func (st *stream) isReleased() bool {
	st.wmu.Lock()
	defer st.wmu.Unlock()
	return st.released
}

// release stops the stream writing and serving: the first step of a
// shutdown, before anything in flight is cancelled, so that each shim gets
// its requests back unanswered (and sends the ones safe to repeat to the
// next daemon) rather than the cancellations the shutdown gives them. What
// was written is delivered, then the connection's end (its write side is
// closed); the read side stays open until the shim closes it, so that the
// close loses nothing the shim has not read.
func (st *stream) release() {
	st.wmu.Lock()
	defer st.wmu.Unlock()
	if st.released {
		return
	}
	st.released = true
	if !st.broken {
		closeWrite(st.conn)
	}
}

// closeWrite ends c's write side (a TCP FIN after what was written), or
// closes it when it cannot be half-closed.
func closeWrite(c net.Conn) {
	for {
		switch v := c.(type) {
		case interface{ CloseWrite() error }:
			v.CloseWrite()
			return
		case interface{ NetConn() net.Conn }:
			c = v.NetConn()
		default:
			c.Close()
			return
		}
	}
}

// repin moves the stream's session to project hash (editor_select): it
// leaves its front for that project's, and its later calls, resource
// reads and Console messages follow; the client is told its tool and
// resource lists changed. Requests already running finish where they
// started.
func (st *stream) repin(hash string) error {
	f := st.s.mcp.get(hash, st.s.maxPins())
	if f == nil {
		return api.Errorf(api.CodeTooManyProjects, "%d projects are pinned through this daemon with sessions open; end a session and call editor_select again", st.s.maxPins())
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.front == f {
		return nil
	}
	st.sess.moving.Store(true)
	st.front.srv.UnregisterSession(st.base, st.sess.id)
	err := f.srv.RegisterSession(st.base, st.sess)
	st.sess.moving.Store(false)
	if err != nil {
		st.front.srv.RegisterSession(st.base, st.sess)
		return fmt.Errorf("moving the session: %w", err)
	}
	st.front, st.hash = f, hash
	for _, method := range []mcp.MCPMethod{mcp.MethodNotificationToolsListChanged, mcp.MethodNotificationResourcesListChanged} {
		f.srv.SendNotificationToSpecificClient(st.sess.id, string(method), nil)
	}
	return nil
}
