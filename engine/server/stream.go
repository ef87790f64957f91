package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/platform"
)

// The stdio stream.
//
// `unitymcp stdio` (engine/shim) used to relay each stdin message as its
// own HTTP POST: a second HTTP client, a second JSON pass and a second set
// of goroutine hand-offs per call, which made the stdio path ~40 % slower
// and twice as costly in CPU as a client speaking HTTP itself
// (docs/performance.md). Now the shim opens one connection, upgraded from
// GET /mcp/stream (after the same Host, Origin and token checks as every
// route), and writes the client's messages to it one per line, as they came
// on stdin; the daemon writes back every message for the client one per
// line. The shim is a byte relay that only notes request ids, so that a
// daemon restart answers what was in flight.
//
// On the daemon's side each message is served exactly as if the shim had
// POSTed it: the same serveMCP (tasks, the tools/call fast path, mcp-go),
// with the session id and protocol headers this stream learnt from its
// initialize, an SSE answer unpacked into its messages as they are flushed
// (progress notifications stream as they did), and the session's GET stream
// for server notifications opened once the client sent
// notifications/initialized. What the HTTP transport does for a session, it
// does for a stream — the shim's old work moved into the daemon's process,
// minus the sockets, the HTTP parsing and the second runtime.
//
// The stream is the session's lifetime: when the shim's side closes (its
// client ended, or it died) every request in flight is cancelled and the
// session ends; a daemon shutting down closes every stream.

// serveStream upgrades GET /mcp/stream and serves the stream until either
// side ends it.
func (s *Server) serveStream(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet || !headerHas(r.Header, "Connection", "upgrade") || !strings.EqualFold(r.Header.Get("Upgrade"), api.StreamProtocol) {
		httpError(w, http.StatusBadRequest, "bad_upgrade", fmt.Sprintf("%s is the stdio shim's stream: send GET with Connection: Upgrade and Upgrade: %s (MCP clients use %s)", api.PathStream, api.StreamProtocol, api.PathMCP))
		return
	}
	if !s.streamStarted() {
		httpError(w, http.StatusServiceUnavailable, "shutting_down", "the daemon is shutting down; the stdio shim connects to the next one")
		return
	}
	conn, brw, err := http.NewResponseController(w).Hijack()
	if err != nil {
		s.streamEnded(nil)
		httpError(w, http.StatusInternalServerError, "internal", "upgrading the stream: "+err.Error())
		return
	}
	conn.SetDeadline(time.Time{}) // the server's header and idle timeouts no longer apply
	u := *r.URL
	u.Path = api.PathMCP
	hash := ""
	if q := u.Query(); filepath.IsAbs(q.Get("project")) {
		// A project folder is resolved once (it names the same hash for the
		// stream's life): a path costs a stat per request, a hash nothing.
		// Anything else (a name, a folder that is not a project) is
		// resolved, or refused, request by request as on /mcp.
		if t, terr := s.eng.Resolve(r.Context(), q.Get("project"), nil); terr == nil {
			hash = t.Hash
			q.Del("project")
			u.Path, u.RawQuery = "/projects/"+hash+"/mcp", q.Encode()
		}
	}
	st := &stream{s: s, conn: conn, in: brw.Reader, out: brw.Writer, url: &u, hash: hash, host: r.Host, remote: r.RemoteAddr,
		slots: make(chan struct{}, maxStreamRequests)}
	if _, err := brw.WriteString("HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: " + api.StreamProtocol + "\r\n\r\n"); err != nil || brw.Flush() != nil {
		s.streamEnded(nil)
		conn.Close()
		return
	}
	s.streamMu.Lock()
	s.live[st] = struct{}{}
	late := s.shuttingDown // ReleaseStreams ran after streamStarted: it did not see this one
	s.streamMu.Unlock()
	if late {
		st.releaseOutput()
	}
	if r.Header.Get(api.StreamHandoff) == api.StreamHandoffValue {
		if err := st.takeOutput(brw, r.Header.Get(api.StreamHandoffMarks) == "1"); err != nil {
			s.log.Warn("stdio stream: the shim's output could not be taken over; closing the stream (the shim relays on its next one)", "err", err)
			s.streamEnded(st)
			conn.Close()
			return
		}
	}
	st.run(r.Context())
}

// takeOutput receives what the shim sends after the 101 when it hands over
// the client's output (api.StreamHandoff): the output, the write end of the
// ack pipe and the read end of the pipe it writes the client's messages
// into. From then on the stream reads messages from that pipe, writes the
// client's messages to the output itself and its acks to the ack pipe;
// with marks (the shim asked, api.StreamHandoffMarks) it marks there the
// messages a crash could cut.
func (st *stream) takeOutput(brw *bufio.ReadWriter, marks bool) error {
	if brw.Reader.Buffered() > 0 {
		return errors.New("the shim wrote before sending its output")
	}
	fds, err := platform.ReceiveFiles(st.conn, 3)
	if err != nil {
		return err
	}
	closeAll := func() {
		for _, f := range fds {
			f.Close()
		}
	}
	if len(fds) != 3 {
		closeAll()
		return fmt.Errorf("the shim sent %d descriptors; want its output, an ack pipe and a request pipe", len(fds))
	}
	for i, f := range fds {
		if pipe, sock := f.Kind(); !pipe && (i > 0 || !sock) {
			closeAll()
			return fmt.Errorf("descriptor %d the shim sent is not a pipe%s", i, map[bool]string{true: " or socket"}[i == 0])
		}
	}
	fds[0].Private() // its mode is ours: the shim's exit cannot make a write block
	fds[1].Private()
	hello := "h\n"
	if marks {
		hello += "P\n"
	}
	if _, err := io.WriteString(fds[1], hello); err != nil {
		closeAll()
		return fmt.Errorf("writing the ack pipe: %v", err)
	}
	st.hand = &handed{output: fds[0], ack: fds[1], markAbove: math.MaxInt}
	if marks {
		st.hand.markAbove = fds[0].WholeMax()
	}
	st.sock = st.out
	req := fds[2].Pollable("stdio-requests") // waited on: the runtime polls it
	st.in = bufio.NewReaderSize(platform.QuietFile(req), 64<<10)
	st.closeIn = func() { req.Close() }
	return nil
}

// handed is a stream's hold on the client output the shim handed over.
type handed struct {
	output *platform.RawFD
	ack    *platform.RawFD
	// Under the stream's wmu: a write to the output failed part-way, so a
	// message may be half-written; acks not yet in the pipe (the daemon
	// does not wait on the shim to read them — done writes what fits,
	// letGo the rest — but for a mark, markLocked); the ack pipe was closed.
	broken, acksClosed bool
	acks               []byte
	line               []byte // a message and its newline, for one write
	// A message longer than markAbove (what the output takes in one write
	// that a crash cannot cut; math.MaxInt when the shim did not ask for
	// marks) is marked on the ack pipe (p ... w).
	markAbove int
}

// done records that the stream has finished with its n-th line, all its
// answer written to the client: the shim stops tracking it. A line whose
// answer was dropped because the output was let go of is not acked: the
// shim answers it.
func (st *stream) done(n uint64) {
	if st.hand == nil {
		return
	}
	st.wmu.Lock()
	defer st.wmu.Unlock()
	st.ackLocked(n)
}

// ackLocked acks line n (under wmu).
func (st *stream) ackLocked(n uint64) {
	h := st.hand
	if h.acksClosed {
		return
	}
	h.acks = append(strconv.AppendUint(append(h.acks, 'a'), n, 10), '\n')
	st.flushAcksLocked()
}

// flushAcksLocked writes what of the records waiting fits in the ack pipe
// now (under wmu); false if the pipe failed.
func (st *stream) flushAcksLocked() bool {
	h := st.hand
	m, err := h.ack.WriteNow(h.acks)
	h.acks = append(h.acks[:0], h.acks[m:]...)
	return err == nil
}

// markLocked puts a p in the ack pipe before a message a crash could cut
// (api.StreamHandoff), under wmu. With no room there it asks the shim to
// read the pipe (api.StreamDrain) and waits, for as long as the output is
// held: the p must be there before the message's first byte.
func (st *stream) markLocked() {
	h := st.hand
	if h.acksClosed {
		return
	}
	h.acks = append(h.acks, "p\n"...)
	for asked := false; st.flushAcksLocked() && len(h.acks) > 0 && !h.output.Closed(); asked = true {
		if !asked {
			st.tellShim(api.StreamDrain, nil)
		}
		h.ack.WaitWritable(100 * time.Millisecond)
	}
}

// releaseOutput stops writing messages for the client (a write waiting on
// a client that does not read ends here): the shim answers what is left,
// or sends it again; with the output handed over it takes it back once the
// ack pipe ends (letGo). Called before what is in flight is cancelled, so
// that the shim does not hear of its cancellation.
func (st *stream) releaseOutput() {
	if h := st.hand; h != nil {
		h.output.Close()
	}
	st.wmu.Lock()
	st.released = true
	st.wmu.Unlock()
}

// letGo ends the ack pipe: the acks not yet written, then "q" unless a
// message may have been left half-written. The shim waits for the pipe's
// end before it writes to the client itself.
func (st *stream) letGo() {
	h := st.hand
	if h == nil {
		return
	}
	st.wmu.Lock()
	defer st.wmu.Unlock()
	if !h.broken {
		h.acks = append(h.acks, "q\n"...)
	}
	h.ack.Write(h.acks) // the shim reads until the end; a dead shim fails it
	h.acksClosed = true
	h.ack.Close()
}

// tellTools sends the shim a tools/list answer the stream wrote to the
// client (api.StreamTools): which tools are safe to repeat after a restart
// is the shim's to know.
func (st *stream) tellTools(b []byte) { st.tellShim(api.StreamTools, b) }

// tellShim sends the shim a line of the kind on the socket (with the
// output handed over).
func (st *stream) tellShim(kind byte, b []byte) {
	st.smu.Lock()
	defer st.smu.Unlock()
	st.sock.WriteByte(kind)
	st.sock.Write(b)
	st.sock.WriteByte('\n')
	st.sock.Flush()
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

// stream is one shim's connection.
type stream struct {
	s      *Server
	conn   net.Conn
	in     *bufio.Reader
	url    *url.URL // /mcp with the stream's query (project, group), or the project's /projects/<hash>/mcp
	hash   string   // the project the stream is pinned to, when resolved at the start
	host   string
	remote string

	wmu      sync.Mutex
	released bool          // under wmu: nothing more is written for the client (releaseOutput)
	out      *bufio.Writer // the socket (its messages for the client, unless handed over)
	// hand is the client's output the shim handed over (nil: answers go
	// back on the socket); sock is then the socket, for StreamTools lines.
	hand  *handed
	smu   sync.Mutex
	sock  *bufio.Writer
	lines uint64 // lines read (acks name them)
	// closeIn ends the reading of a handed-over stream's request pipe.
	closeIn func()

	mu          sync.Mutex
	sid         string // the session mcp-go gave the initialize
	version     string // negotiated in initialize (2025 revisions)
	initBody    []byte
	initialized []byte
	listening   bool // the session's GET stream is open
	reinit      sync.Mutex
	slots       chan struct{} // requests being served (maxStreamRequests)
}

// run reads messages until the shim's side ends, then cancels what is in
// flight and ends the session.
func (st *stream) run(parent context.Context) {
	ctx, cancel := context.WithCancel(parent)
	go func() { // shutdown (or the end below) ends the read
		<-ctx.Done()
		st.conn.Close() // first: the shim's reclaim, which reads the last acks, starts at the socket's end
		st.releaseOutput()
		if st.closeIn != nil {
			st.closeIn()
		}
	}()
	if st.hand != nil {
		// Nothing more comes on the socket once the output is handed over:
		// its end (the shim gone) ends the stream as the request pipe's does.
		go func() { io.Copy(io.Discard, st.conn); st.releaseOutput(); cancel() }()
	}
	var wg sync.WaitGroup
	for {
		msg, err := st.readLine()
		if err != nil {
			break // a line not ended by a newline is not a message: dropped
		}
		if msg = bytes.TrimSpace(msg); len(msg) > 0 {
			st.dispatch(ctx, msg, st.lines, &wg)
		} else {
			st.done(st.lines)
		}
	}
	st.releaseOutput() // what is still in flight is the shim's to answer now
	cancel()
	// Answers written before the release get their acks: their handlers
	// return at once (the rest were cancelled); the shim waits for letGo.
	waitGroup(&wg, 2*time.Second)
	st.letGo()
	st.s.streamEnded(st)
	wg.Wait()
	st.endSession()
}

// waitGroup waits for wg, at most d.
func waitGroup(wg *sync.WaitGroup, d time.Duration) {
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(d):
	}
}

// readLine reads one line of at most MaxBodyBytes; a longer one is answered
// with an error and skipped.
func (st *stream) readLine() ([]byte, error) {
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
			st.lines++
			st.writeAck([]byte(fmt.Sprintf(`{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"a message of over %d bytes was dropped: that is the daemon's request size limit"}}`, MaxBodyBytes)), st.lines)
			line = line[:0]
			continue
		}
		if err == bufio.ErrBufferFull {
			line = append(line, chunk...)
			continue
		}
		if err != nil {
			return nil, err
		}
		st.lines++
		if line == nil {
			return append([]byte(nil), chunk...), nil // ReadSlice's buffer is reused
		}
		return append(line, chunk...), nil
	}
}

// streamHead is what dispatch reads of a message.
type streamHead struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

// dispatch serves one message from the client: initialize in order (the
// session starts there), everything else concurrently, as separate POSTs
// would be.
//
// n is the message's line number: once everything it answers is written,
// the shim that handed over the client's output is told (done).
func (st *stream) dispatch(ctx context.Context, msg []byte, n uint64, wg *sync.WaitGroup) {
	var head streamHead
	quiet := false
	if st.hand != nil {
		switch msg[0] {
		case api.StreamSay: // the shim's own answer to the client
			st.writeAck(msg[1:], n)
			return
		case api.StreamQuiet: // the shim's re-initialize: served, answered to nobody
			msg, quiet = bytes.TrimSpace(msg[1:]), true
			if len(msg) == 0 {
				st.done(n)
				return
			}
		}
	}
	if msg[0] == '[' {
		st.writeAck([]byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"JSON-RPC batches are not part of MCP; send one message per line"}}`), n)
		return
	}
	if err := json.Unmarshal(msg, &head); err != nil {
		st.writeAck([]byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: the message is not JSON: `+jsonEscape(err.Error())+`"}}`), n)
		return
	}
	switch head.Method {
	case "initialize":
		st.mu.Lock()
		st.initBody = msg
		st.mu.Unlock()
		if st.post(ctx, msg, &head, quiet, n) {
			st.done(n)
		}
		return
	case "notifications/initialized":
		st.mu.Lock()
		st.initialized = msg
		st.mu.Unlock()
	}
	// A request has a method and an id; a line with an id and no method is
	// the client's answer to the daemon's own request (roots/list), which
	// a tool call may be waiting on: never refused.
	isRequest := head.Method != "" && api.PlainID(head.ID)
	// As on HTTP: a message over LargeBodyBytes waits for one of the
	// daemon's few large-body slots (the stream's reading waits with it).
	release := func() {}
	if len(msg) > LargeBodyBytes {
		var err error
		if release, err = st.s.largeSlot(ctx, 30*time.Second); err != nil {
			if isRequest {
				st.answerError(head.ID, fmt.Sprintf("busy: %d messages over %d bytes are being served; send this one again in a moment", cap(st.s.large), LargeBodyBytes), n)
			} else {
				st.done(n)
			}
			return
		}
	}
	// At most maxStreamRequests requests of a stream are served at once;
	// one more is answered busy at once. Notifications (a cancel among
	// them) are never refused.
	if isRequest {
		select {
		case st.slots <- struct{}{}:
		default:
			release()
			st.answerError(head.ID, fmt.Sprintf("busy: %d requests of this session are being served; send the next when one is answered", maxStreamRequests), n)
			return
		}
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer release()
		if isRequest {
			defer func() { <-st.slots }()
		}
		if st.post(ctx, msg, &head, quiet, n) {
			st.done(n)
		}
		if head.Method == "notifications/initialized" {
			st.listen(ctx, wg)
		}
	}()
}

// maxStreamRequests bounds the requests of one stream served at once.
const maxStreamRequests = 64

// answerError answers a request of the stream's with a JSON-RPC error,
// acking line n with it (writeAck; 0: none); false if the answer was not
// written.
func (st *stream) answerError(id json.RawMessage, msg string, n uint64) bool {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": mcp.INTERNAL_ERROR, "message": msg}})
	return st.writeAck(b, n)
}

// post serves msg as a POST to /mcp and writes what it answers. A session
// the daemon forgot (idle expiry) is started again with the client's own
// initialize, transparently, and msg sent again: a 404 means it did not run.
//
// quiet serves it answering nobody (the shim's re-initialize). It reports
// whether line still needs its ack: everything the answer wrote reached
// the client, and the ack did not go with it (writeAck).
func (st *stream) post(ctx context.Context, msg []byte, head *streamHead, quiet bool, line uint64) bool {
	w := st.serve(ctx, http.MethodPost, msg, head, quiet, line)
	if w.status == http.StatusNotFound && w.sid != "" && head.Method != "initialize" &&
		strings.Contains(strings.ToLower(api.ErrorMessage(w.buf)+string(w.buf)), "session") && st.reinitialize(ctx, w.sid) {
		w = st.serve(ctx, http.MethodPost, msg, head, quiet, line)
	}
	w.finish()
	if head.Method == "initialize" && w.status == http.StatusOK {
		st.mu.Lock()
		if sid := w.hdr.Get(mcpserver.HeaderKeySessionID); sid != "" {
			st.sid = sid
		}
		st.mu.Unlock()
	}
	if w.dropped || w.acked {
		return false
	}
	// Cancelled with the stream and never answered (mcp-go returns without
	// a word when its context ends): not done, the shim answers it. A
	// request the client itself cancelled gets no answer by design and is
	// done (the stream's context still runs).
	return w.replied || ctx.Err() == nil || quiet || head.Method == "" || !api.PlainID(head.ID)
}

// serve runs one request through serveMCP with a writer that relays its
// answer to the stream as it is written (finish ends it).
func (st *stream) serve(ctx context.Context, method string, body []byte, head *streamHead, quiet bool, line uint64) *lineWriter {
	w := &lineWriter{st: st, hdr: http.Header{}, head: head, sid: st.session(), discard: quiet}
	if st.hand != nil {
		w.line = line
	}
	switch {
	case head == nil:
	case head.Method == "initialize":
		w.onMessage = st.noteVersion
	case head.Method == "tools/list" && st.hand != nil && !quiet:
		w.onMessage = st.tellTools
	}
	st.mcp(ctx, w, method, body, head, w.sid)
	return w
}

// mcp serves the request the shim would have sent for body (request) as
// the daemon serves an HTTP request to the stream's project.
func (st *stream) mcp(ctx context.Context, w http.ResponseWriter, method string, body []byte, head *streamHead, sid string) {
	st.s.serveMCP(w, st.request(ctx, method, body, head, sid), st.hash, body)
}

// request is the HTTP request the shim would have sent for body.
func (st *stream) request(ctx context.Context, method string, body []byte, head *streamHead, sid string) *http.Request {
	u := *st.url
	r := &http.Request{Method: method, URL: &u, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: make(http.Header, 6), Host: st.host, RemoteAddr: st.remote, RequestURI: u.RequestURI(), Body: http.NoBody}
	r.Header.Set("Accept", "application/json, text/event-stream")
	if body != nil {
		r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body))
		r.Header.Set("Content-Type", "application/json")
	}
	st.mu.Lock()
	version := st.version
	st.mu.Unlock()
	if sid != "" {
		r.Header.Set(mcpserver.HeaderKeySessionID, sid)
	}
	if v := modernVersion(head); v != "" {
		// 2026-07-28 and later: the version and the standard headers mirror
		// the body.
		for k, val := range mcp.StandardHeaders(v, mcp.MCPMethod(head.Method), head.Params) {
			r.Header.Set(k, val)
		}
		r.Header.Set(mcp.HeaderProtocolVersion, v)
	} else if version != "" {
		r.Header.Set(mcp.HeaderProtocolVersion, version)
	}
	return r.WithContext(ctx)
}

// modernVersion is the protocol version a message declares in
// params._meta (2026-07-28 and later), "" otherwise.
func modernVersion(head *streamHead) string {
	if head == nil || !bytes.Contains(head.Params, []byte(`"_meta"`)) {
		return ""
	}
	var p struct {
		Meta struct {
			Version string `json:"io.modelcontextprotocol/protocolVersion"`
		} `json:"_meta"`
	}
	if json.Unmarshal(head.Params, &p) != nil || !mcp.IsModernProtocol(p.Meta.Version) {
		return ""
	}
	return p.Meta.Version
}

func (st *stream) noteVersion(b []byte) {
	var m struct {
		Result struct {
			ProtocolVersion string `json:"protocolVersion"`
		} `json:"result"`
	}
	if json.Unmarshal(b, &m) == nil && m.Result.ProtocolVersion != "" {
		st.mu.Lock()
		st.version = m.Result.ProtocolVersion
		st.mu.Unlock()
	}
}

func (st *stream) session() string {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.sid
}

// reinitialize replaces the session lost, which failed answered 404, with a
// new one made from the client's initialize and initialized (their answers
// kept from the client: it has them). Requests that failed on the same lost
// session at once make one new session, not one each.
func (st *stream) reinitialize(ctx context.Context, failed string) bool {
	st.reinit.Lock()
	defer st.reinit.Unlock()
	st.mu.Lock()
	initBody, initialized, current := st.initBody, st.initialized, st.sid
	st.mu.Unlock()
	if current != failed {
		return current != "" // another request made the new one already
	}
	if initBody == nil {
		return false
	}
	w := &lineWriter{st: st, hdr: http.Header{}, discard: true}
	st.mcp(ctx, w, http.MethodPost, initBody, &streamHead{Method: "initialize"}, "")
	sid := w.hdr.Get(mcpserver.HeaderKeySessionID)
	if w.status != http.StatusOK || sid == "" {
		return false
	}
	st.mu.Lock()
	st.sid = sid
	st.mu.Unlock()
	if initialized != nil {
		w := &lineWriter{st: st, hdr: http.Header{}, discard: true}
		st.mcp(ctx, w, http.MethodPost, initialized, &streamHead{Method: "notifications/initialized"}, sid)
	}
	st.s.log.Info("stdio stream: re-initialized an MCP session the daemon had ended")
	return true
}

// listen keeps the session's GET stream open (server notifications:
// list_changed, logging, resource updates), as the shim used to.
func (st *stream) listen(ctx context.Context, wg *sync.WaitGroup) {
	st.mu.Lock()
	if st.listening || st.sid == "" {
		st.mu.Unlock()
		return
	}
	st.listening = true
	st.mu.Unlock()
	wg.Add(1)
	go func() {
		defer wg.Done()
		for ctx.Err() == nil {
			w := &lineWriter{st: st, hdr: http.Header{}}
			st.mcp(ctx, w, http.MethodGet, nil, nil, st.session())
			w.finish()
			if w.status == http.StatusMethodNotAllowed {
				return
			}
			select {
			case <-ctx.Done():
				return
			case <-time.After(time.Second):
			}
		}
	}()
}

// endSession ends the MCP session when the stream ends.
func (st *stream) endSession() {
	if st.session() == "" {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	w := &lineWriter{st: st, hdr: http.Header{}, discard: true}
	st.mcp(ctx, w, http.MethodDelete, nil, nil, st.session())
}

// write sends one message for the client, one per line: to the shim, or
// to the client's output the shim handed over. False when it was not
// written: the output was let go of (the shim answers what is left), or
// the shim or its client is gone.
func (st *stream) write(b []byte) bool { return st.writeAck(b, 0) }

// copyLineBelow is the size under which a message is copied to be written
// with its newline in one system call (writeAck), and over which an answer
// is written as it comes (lineWriter.startDirect).
const copyLineBelow = 64 << 10

var newline = []byte{'\n'}

// writeAck is write that, once b is written, acks line n (when not 0) in
// the same hold of the output: a crash between an answer and its ack —
// the one way the shim can answer a request twice — then spans two system
// calls, not whatever other answers came between.
func (st *stream) writeAck(b []byte, n uint64) bool {
	if bytes.IndexByte(b, '\n') >= 0 {
		var c bytes.Buffer
		if json.Compact(&c, b) == nil {
			b = c.Bytes()
		}
	}
	st.wmu.Lock()
	defer st.wmu.Unlock()
	if st.released {
		return false
	}
	if h := st.hand; h != nil {
		// One write of the message and its newline: a failure part-way is
		// the only way a line is left half-written (no "q" then). A large
		// marked message is written as it is and its newline after it: its
		// marks already tell the shim a line cut by a crash, and a copy of a
		// large answer in the daemon would be one more (docs/performance.md,
		// "Large results").
		marked := len(b)+1 > h.markAbove
		if marked {
			st.markLocked()
		}
		var wrote int
		var err error
		if marked && len(b) > copyLineBelow {
			if wrote, err = h.output.Write(b); err == nil {
				var nl int
				nl, err = h.output.Write(newline)
				wrote += nl
			}
		} else {
			h.line = append(append(h.line[:0], b...), '\n')
			wrote, err = h.output.Write(h.line)
			if cap(h.line) > 1<<20 { // a large one to a shim that asked for no marks
				h.line = nil
			}
		}
		if err != nil {
			h.broken = h.broken || wrote > 0
			st.conn.Close() // the client is gone: the read loop ends the stream
			return false
		}
		st.writtenLocked(marked, n)
		return true
	}
	st.out.Write(b)
	st.out.WriteByte('\n')
	if st.out.Flush() != nil {
		st.conn.Close() // the shim is gone: the read loop ends the stream
		return false
	}
	return true
}

// writtenLocked records on the ack pipe that a message is written whole
// (under wmu): its w when it was marked, and line n's ack when n is not 0.
func (st *stream) writtenLocked(marked bool, n uint64) {
	h := st.hand
	if marked = marked && !h.acksClosed; marked {
		h.acks = append(h.acks, "w\n"...)
	}
	if n != 0 {
		st.ackLocked(n) // and the w with it
	} else if marked {
		st.flushAcksLocked()
	}
}

// lineWriter is the http.ResponseWriter of one message served for a
// stream: an application/json answer is written as one line when the
// handler returns, an SSE answer event by event as the handler flushes,
// an HTTP error as a JSON-RPC error for the request.
type lineWriter struct {
	st      *stream
	head    *streamHead // the request (nil for the GET stream)
	sid     string      // the session it was sent on
	hdr     http.Header
	status  int
	sse     bool
	buf     []byte
	data    bytes.Buffer // the current SSE event's data
	discard bool         // re-initializing: nothing reaches the client
	dropped bool         // a message was not written (stream.write)
	line    uint64       // the request's line on a handed-over stream (0: none)
	acked   bool         // the line was acked with its answer (writeAck)
	replied bool         // the request's response was written
	last    bool         // the message being emitted is the answer's last

	onMessage func([]byte)
	out       func([]byte) // where messages go (nil: the stream)

	// direct: a JSON answer longer than copyLineBelow is being written to
	// the handed-over output as the handler writes it (startDirect), the
	// stream's wmu held until finish; collected whole first, it was one
	// more copy of a large answer in the daemon (docs/performance.md,
	// "Large results"). wrote: some of it reached the client; space: white
	// space at the end of what was written, held back.
	direct, wrote, space bool
}

func (w *lineWriter) Header() http.Header { return w.hdr }

func (w *lineWriter) WriteHeader(code int) {
	if w.status != 0 {
		return
	}
	w.status = code
	w.sse = strings.HasPrefix(w.hdr.Get("Content-Type"), "text/event-stream")
}

func (w *lineWriter) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	if !w.direct && !w.sse && len(w.buf)+len(p) > copyLineBelow && w.directOK() && hasContent(w.buf, p) {
		w.startDirect() // what came before; p goes straight on, not through buf
	}
	if w.direct {
		w.writeDirect(p)
		if w.dropped {
			return 0, errAnswerDropped // the handler need not write the rest
		}
		return len(p), nil
	}
	w.buf = append(w.buf, p...)
	if w.sse {
		w.drain()
	}
	return len(p), nil
}

// errAnswerDropped is what a write of an answer being written as it comes
// (startDirect) returns once the client's output failed or was let go of.
var errAnswerDropped = errors.New("the answer was dropped: the client's output was let go of or failed")

// hasContent reports whether a or b holds more than white space: an answer
// is written as it comes only once it has begun (white space alone would
// be an empty line).
func hasContent(a, b []byte) bool {
	return len(bytes.TrimSpace(a)) > 0 || len(bytes.TrimSpace(b)) > 0
}

// directOK reports whether the answer being written may go to the client
// as it comes: the 200 answer of a request on a stream holding the
// client's output, for a shim that takes crash marks (a message cut by a
// crash is then ended by the shim), that nothing else reads.
func (w *lineWriter) directOK() bool {
	h := w.st.hand
	return h != nil && h.markAbove < copyLineBelow && w.status == http.StatusOK && w.line != 0 &&
		!w.discard && w.out == nil && w.onMessage == nil
}

// startDirect takes the output for the rest of the answer (wmu, until
// finish), marks it (p) and writes what was collected so far.
func (w *lineWriter) startDirect() {
	w.st.wmu.Lock()
	w.direct = true
	b := bytes.TrimLeft(w.buf, " \t\r\n")
	w.buf = nil
	if w.st.released {
		w.dropped = true
		return
	}
	w.st.markLocked()
	if w.st.s != nil {
		w.st.s.directAnswers.Add(1)
	}
	w.writeDirect(b)
}

// writeDirect writes p to the client's output (under wmu) as one line's
// part: white space at its end is held back (the line's newline ends the
// message, endDirect) and a raw newline or carriage return, which valid
// JSON has only between tokens, goes as a space.
func (w *lineWriter) writeDirect(p []byte) {
	if w.dropped {
		return
	}
	body := bytes.TrimRight(p, " \t\r\n")
	if len(body) == 0 {
		w.space = w.space || len(p) > 0
		return
	}
	if w.space {
		w.put([]byte{' '})
	}
	w.space = len(body) < len(p)
	for len(body) > 0 && !w.dropped {
		i := bytes.IndexAny(body, "\r\n")
		if i < 0 {
			w.put(body)
			return
		}
		w.put(body[:i])
		w.put([]byte{' '})
		body = body[i+1:]
	}
}

// put writes b to the handed-over output (under wmu); a failure drops the
// answer, leaving the line cut if any of it was written.
func (w *lineWriter) put(b []byte) {
	if len(b) == 0 || w.dropped {
		return
	}
	h := w.st.hand
	n, err := h.output.Write(b)
	w.wrote = w.wrote || n > 0
	if err != nil {
		h.broken = h.broken || w.wrote
		w.st.conn.Close() // the client is gone: the read loop ends the stream
		w.dropped = true
	}
}

// endDirect ends a directly written answer: its newline, the w mark and
// the line's ack (as writeAck does for a message written whole), and lets
// go of the output.
func (w *lineWriter) endDirect() {
	st := w.st
	defer st.wmu.Unlock()
	w.put(newline)
	if w.dropped {
		return
	}
	st.writtenLocked(true, w.line)
	w.last, w.acked, w.replied = true, true, true
}

// Flush is http.Flusher: mcp-go flushes each SSE event.
func (w *lineWriter) Flush() {
	if w.sse {
		w.drain()
	}
}

// drain emits every complete SSE event in the buffer.
func (w *lineWriter) drain() {
	for {
		i := bytes.IndexByte(w.buf, '\n')
		if i < 0 {
			return
		}
		line := bytes.TrimSuffix(w.buf[:i], []byte("\r"))
		w.sseLine(line)
		w.buf = w.buf[i+1:]
	}
}

// sseLine takes one line of an event stream: data lines accumulate, an
// empty line ends the event.
func (w *lineWriter) sseLine(line []byte) {
	switch {
	case len(line) == 0:
		if w.data.Len() > 0 {
			w.emit(append([]byte(nil), w.data.Bytes()...))
			w.data.Reset()
		}
	case bytes.HasPrefix(line, []byte("data:")):
		if w.data.Len() > 0 {
			w.data.WriteByte('\n')
		}
		w.data.Write(bytes.TrimPrefix(bytes.TrimPrefix(line, []byte("data:")), []byte(" ")))
	}
}

func (w *lineWriter) emit(b []byte) {
	if w.onMessage != nil {
		w.onMessage(b)
	}
	switch {
	case w.discard:
	case w.out != nil:
		w.out(b)
	default:
		n := uint64(0)
		if w.last && !w.dropped {
			n = w.line
		}
		if !w.st.writeAck(b, n) {
			w.dropped = true
			return
		}
		w.acked = w.acked || n != 0
		// Whether the response went out matters only to a handed-over
		// stream's ack (post); an SSE event takes a decode to tell.
		w.replied = w.replied || (w.line != 0 && (w.last || isResponse(b)))
	}
}

// finish ends the answer once the handler returned.
func (w *lineWriter) finish() {
	if w.direct {
		w.endDirect()
		return
	}
	if w.discard {
		return
	}
	hasID := w.head != nil && len(w.head.ID) > 0 && string(w.head.ID) != "null"
	switch {
	case w.status == 0 || w.status == http.StatusAccepted || w.status == http.StatusNoContent:
	case w.sse:
		if len(w.buf) > 0 {
			w.sseLine(bytes.TrimSuffix(w.buf, []byte("\r")))
			w.buf = nil
		}
		w.sseLine(nil)
	default:
		// A 200 is the handler's JSON-RPC answer; any other status may be a
		// JSON-RPC error (mcp-go's) or the daemon's HTTP error body.
		b := bytes.TrimSpace(w.buf)
		if len(b) == 0 {
			return
		}
		if w.status == http.StatusOK || isJSONRPC(b) {
			w.last = true // a JSON answer is one message
			w.emit(b)
			return
		}
		if hasID {
			w.fail(fmt.Sprintf("daemon answered HTTP %d: %s", w.status, api.ErrorMessage(b)))
		}
	}
}

// fail answers the request with a JSON-RPC error.
func (w *lineWriter) fail(msg string) {
	if !w.st.answerError(w.head.ID, msg, w.line) {
		w.dropped = true
		return
	}
	w.acked = w.line != 0
	w.replied = true
}

// isResponse reports whether an event of an SSE answer is a response (an
// id, no method) rather than a notification or a request of the server's.
func isResponse(b []byte) bool {
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method *string         `json:"method"`
	}
	return json.Unmarshal(b, &m) == nil && m.Method == nil && len(m.ID) > 0
}

// isJSONRPC reports whether b starts like a JSON-RPC 2.0 message (the
// daemon's own answers, or an HTTP error body).
func isJSONRPC(b []byte) bool {
	var m struct {
		JSONRPC string `json:"jsonrpc"`
	}
	return json.Unmarshal(b, &m) == nil && m.JSONRPC == "2.0"
}

func jsonEscape(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}
