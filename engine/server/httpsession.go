package server

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"
)

// httpSession is the MCP session of a Streamable HTTP client (2025
// revisions; streamable.go serves its requests). A request's own progress
// goes on its POST, before its answer (reply). What else the daemon sends
// the session — mcp-go's notifications, the daemon's own requests — goes on
// the newest POST of it being answered (its answer becomes an event
// stream), else on its GET stream, else waits (at most notesQueue
// messages) for the next of them, which takes it first. One goroutine per
// session (pump) takes mcp-go's notifications off its queue.
type httpSession struct {
	sessionCore
	front *front // the front the session was initialized on; it never moves
	wt    time.Duration

	smu     sync.Mutex
	posts   []*sink  // the session's POSTs being answered, oldest first
	get     *sink    // the GET stream, when one is open
	waiting [][]byte // messages no sink took yet
	ended   bool
	done    chan struct{} // closed when the session ends
}

var (
	_ mcpserver.ClientSession         = (*httpSession)(nil)
	_ mcpserver.SessionWithLogging    = (*httpSession)(nil)
	_ mcpserver.SessionWithClientInfo = (*httpSession)(nil)
	_ mcpserver.SessionWithRoots      = (*httpSession)(nil)
)

// newHTTPSession makes session sid of front f ("" for a request without
// one; newSessionID for a new one).
func newHTTPSession(f *front, writeTimeout time.Duration, sid string) *httpSession {
	s := &httpSession{front: f, wt: writeTimeout, done: make(chan struct{})}
	s.init(sid)
	return s
}

// newSessionID is the id of a session initialize starts.
func newSessionID() string { return sessionPrefix + randomHex() }

// ListRoots asks the client for its roots (sessionCore.listRoots), on a
// POST of the session being answered or its GET stream.
func (s *httpSession) ListRoots(ctx context.Context, _ mcp.ListRootsRequest) (*mcp.ListRootsResult, error) {
	return s.listRoots(ctx, s.deliver)
}

// pump hands mcp-go's notifications to the session's sinks until the
// session ends.
func (s *httpSession) pump() {
	for {
		select {
		case n := <-s.notes:
			if b, err := json.Marshal(n); err == nil {
				s.deliver(b)
			}
		case <-s.done:
			return
		}
	}
}

// deliver sends message b to the client on the newest POST being answered,
// else on the GET stream, else keeps it for the next of them; false once
// the session has ended.
func (s *httpSession) deliver(b []byte) bool {
	s.smu.Lock()
	defer s.smu.Unlock()
	if s.ended {
		return false
	}
	for i := len(s.posts) - 1; i >= 0; i-- {
		if s.posts[i].event(b, s.wt) {
			return true
		}
	}
	if s.get != nil && s.get.event(b, s.wt) {
		return true
	}
	s.wait(b)
	return true
}

// consoleMark is in every Console message (notifications/message).
var consoleMark = []byte(`"method":"` + string(mcp.MethodNotificationMessage) + `"`)

// wait keeps b until a sink takes it (under smu). A full queue makes room
// by dropping its oldest Console message — they are rate-limited and kept
// in the console resource — else b: a list change or an answer the daemon
// waits for is never pushed out by a burst of log lines.
func (s *httpSession) wait(b []byte) {
	if len(s.waiting) < notesQueue {
		s.waiting = append(s.waiting, b)
		return
	}
	for i, w := range s.waiting {
		if bytes.Contains(w, consoleMark) {
			s.waiting = append(append(s.waiting[:i], s.waiting[i+1:]...), b)
			return
		}
	}
}

// open adds a POST's response as a sink, and writes it first what was
// waiting and what mcp-go queued that the pump has not taken yet; false
// once the session has ended.
func (s *httpSession) open(k *sink) bool {
	s.smu.Lock()
	defer s.smu.Unlock()
	if s.ended {
		return false
	}
	s.catchUp(k)
	for len(s.notes) > 0 { // what the pump has not taken yet
		select {
		case n := <-s.notes:
			if b, err := json.Marshal(n); err == nil {
				k.event(b, s.wt)
			}
		default:
		}
	}
	s.posts = append(s.posts, k)
	return true
}

// reply writes message b on POST k, the request's own stream, before its
// answer (the request's progress); false when k takes nothing more.
func (s *httpSession) reply(k *sink, b []byte) bool {
	s.smu.Lock()
	defer s.smu.Unlock()
	return k.event(b, s.wt)
}

// finish writes a POST's answer with write — the last event of its event
// stream, or its JSON body — once nothing else can write to k: it leaves
// the session first, so a client that is slow to read its answer holds up
// nothing else of the session.
func (s *httpSession) finish(k *sink, write func(*sink)) {
	s.smu.Lock()
	for i, p := range s.posts {
		if p == k {
			s.posts = append(s.posts[:i], s.posts[i+1:]...)
			break
		}
	}
	k.answering = true // reply and deliver no longer write to it
	s.smu.Unlock()
	write(k)
}

// listen makes k the session's GET stream (one ends the one before it),
// writes it what was waiting and sends its headers; the returned channel is closed when another
// GET takes its place.
func (s *httpSession) listen(k *sink) (replaced <-chan struct{}, ok bool) {
	s.smu.Lock()
	defer s.smu.Unlock()
	if s.ended {
		return nil, false
	}
	if old := s.get; old != nil {
		old.closed = true
		close(old.replaced)
	}
	k.replaced = make(chan struct{})
	s.get = k
	s.catchUp(k)
	// The headers, now that k is the session's stream: a client that
	// opens another once it has them ends this one, never the reverse.
	if !k.write(nil, s.wt) {
		s.get = nil
		return nil, false
	}
	return k.replaced, true
}

// catchUp writes sink k what was waiting, oldest first (under smu).
func (s *httpSession) catchUp(k *sink) {
	for _, b := range s.waiting {
		k.event(b, s.wt)
	}
	s.waiting = nil
}

// unlisten ends GET stream k (its handler returns); nothing is written to
// it after.
func (s *httpSession) unlisten(k *sink) {
	s.smu.Lock()
	defer s.smu.Unlock()
	if s.get == k {
		s.get = nil
	}
	k.closed = true
}

// keepAlive writes an SSE comment on GET stream k, so that a quiet stream is
// not taken for a dead one; false when the client is gone.
func (s *httpSession) keepAlive(k *sink) bool {
	s.smu.Lock()
	defer s.smu.Unlock()
	return k.write([]byte(": keep-alive\n\n"), s.wt)
}

// end ends the session: its GET stream and POSTs get nothing more; the
// caller unregisters it from mcp-go. False when it had ended already.
func (s *httpSession) end() bool {
	s.smu.Lock()
	defer s.smu.Unlock()
	if s.ended {
		return false
	}
	s.ended = true
	close(s.done)
	return true
}

// sink is one response of a session's that messages can be written to: a
// POST being answered (an event stream from the first message on) or the
// GET stream. Its writes happen under the session's smu.
type sink struct {
	w         http.ResponseWriter
	rc        *http.ResponseController
	sse       bool          // the event stream's headers are written
	closed    bool          // the handler is done with it, or the client is gone
	answering bool          // a POST's answer is being written: nothing else is
	replaced  chan struct{} // a GET stream: closed when another took its place
}

func newSink(w http.ResponseWriter) *sink {
	return &sink{w: w, rc: http.NewResponseController(w)}
}

// startEvents writes the event stream's headers, once.
func (k *sink) startEvents() {
	if k.sse {
		return
	}
	k.sse = true
	h := k.w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("Connection", "keep-alive")
	k.w.WriteHeader(http.StatusOK)
}

// event writes message b as one event of the stream (starting it); false
// when k takes nothing more.
func (k *sink) event(b []byte, wt time.Duration) bool {
	if k.closed || k.answering {
		return false
	}
	return k.write(k.eventOf(b), wt)
}

// eventOf is message b as one event of the stream, which it starts.
func (k *sink) eventOf(b []byte) []byte {
	k.startEvents()
	ev := make([]byte, 0, len(b)+24)
	return append(append(append(ev, "event: message\ndata: "...), b...), "\n\n"...)
}

// deadlined is a sink's response whose each write must end within d (a
// large answer's pieces).
type deadlined struct {
	k *sink
	d time.Duration
}

func (w deadlined) Write(p []byte) (int, error) {
	w.k.rc.SetWriteDeadline(time.Now().Add(w.d))
	return w.k.w.Write(p)
}

// write writes p and flushes it within wt; a failure closes the sink.
func (k *sink) write(p []byte, wt time.Duration) bool {
	if k.closed {
		return false
	}
	k.rc.SetWriteDeadline(time.Now().Add(wt))
	_, err := k.w.Write(p)
	if err == nil {
		err = k.rc.Flush()
	}
	k.rc.SetWriteDeadline(time.Time{})
	if err != nil {
		k.closed = true
		return false
	}
	return true
}
