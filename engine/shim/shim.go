// Package shim is `unitymcp stdio`: MCP over stdin/stdout for clients that
// spawn a process, relayed over one persistent connection to the daemon
// (GET /mcp/stream upgraded to api.StreamProtocol; the daemon's side is
// engine/server/stream.go). Messages go through unchanged, one per line each
// way, so every protocol revision the daemon serves works through it; the
// shim adds the token and the project pin when it connects. Nothing but
// protocol is ever written to stdout.
//
// What the shim keeps of each message is its id and method: when the
// daemon goes away (a crash, a restart) it reconnects, starts the session
// again with the client's own initialize, sends again the requests in
// flight that are safe to repeat and answers the others daemon_restarted —
// they may have run already.
//
// Where the OS passes descriptors (Unix), the shim hands its standard
// output to the daemon over the daemon's Unix-domain socket, and the daemon
// writes the client's messages itself: the shim then wakes once per call,
// for the request, instead of twice. It learns what was answered from an
// ack pipe it reads when it forwards a request and when the stream ends
// (api.StreamHandoff), and takes its output back when the stream ends.
package shim

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/platform"
)

// Options configure Run.
type Options struct {
	// BaseURL and Token reach the daemon.
	BaseURL string
	Token   string
	// Project pins the session (a folder, name or hash); Group filters.
	Project string
	Group   string
	// Socket is the daemon's Unix-domain socket (daemon.json): with
	// Stdout set, the shim connects there and hands its output over.
	Socket string
	In     io.Reader
	Out    io.Writer
	// Stdout is the descriptor behind Out when it is a pipe or socket
	// (platform.PollableStdio), which the daemon may write to itself; nil:
	// the shim writes every message to Out.
	Stdout *platform.RawFD
	Log    *slog.Logger
	// Reconnect, when set, is called after the daemon stopped answering; it
	// returns where the daemon is now (it may have restarted).
	Reconnect func(ctx context.Context) (Target, error)
}

// Target is where the daemon listens and its token.
type Target struct {
	BaseURL, Token, Socket string
}

// reinitID is the id of an initialize the shim sends itself after a
// restart; its answer is not the client's.
const reinitID = `"unitymcp-stdio-reinitialize"`

type relay struct {
	opt Options
	ctx context.Context // the relay's life

	outMu sync.Mutex
	out   *bufio.Writer
	// owner is the connection whose daemon writes to stdout (handed
	// over); nil while the shim does.
	owner *conn

	// cmu serialises sending with (re)connecting: a message is written to
	// the current connection, or waits for the next one.
	cmu    sync.Mutex
	briefs int // connections in a row that ended within a second (under cmu)

	mu          sync.Mutex
	conn        *conn // nil while disconnected
	target      Target
	inflight    map[string]*pending // requests sent, by api.IDKey
	changed     chan struct{}       // signalled when a request is answered
	initBody    []byte
	initialized []byte
	started     bool // the client's initialize was answered: a session exists
	closing     bool
	// repeatable holds the tools the daemon listed as idempotent or
	// read-only: a call to one may be sent again after the daemon restarted
	// mid-request (learned from the tools/list answers this relay carried).
	repeatable map[string]bool
}

// pending is a request the daemon has not answered yet.
type pending struct {
	id     json.RawMessage
	key    string // api.IDKey(id): its place in relay.inflight
	method string
	tool   string // of a tools/call
	msg    []byte // to send again, if it is safe to repeat once the daemon restarted
	on     *conn  // the connection it was written to
}

// conn is one stream to the daemon.
type conn struct {
	opened time.Time
	c      net.Conn
	r      *bufio.Reader
	wmu    sync.Mutex
	w      *bufio.Writer
	n      uint64 // lines written (under wmu)

	// With the client's output handed over (ack not nil): the request
	// pipe the lines are written to (w writes into it), the ack pipe's
	// read end, and under amu what it said so far.
	req       *platform.RawFD
	ack       *platform.RawFD
	amu       sync.Mutex
	abuf      []byte              // a record not yet whole
	sent      map[uint64]sentLine // lines written and not yet acked, by number
	clean     bool                // "q": it let go with nothing half-written
	marks     bool                // "P": it marks the messages a crash could cut
	cutting   bool                // a "p" with no "w" yet: a crash may have cut that message
	ackEnded  bool                // the pipe's writers are all gone
	reclaimed chan struct{}       // closed once the output is the shim's again
}

// sentLine is what a line written on a handed-over stream was: a request
// (p) or a message of the shim's for the client (say).
type sentLine struct {
	p   *pending
	say []byte
}

// writeLine writes b as one line, after prefix unless it is 0. On a
// handed-over stream, a request (p) or a message of the shim's (say) is
// recorded under the line's number before it is written, so that the
// daemon's ack finds it.
func (c *conn) writeLine(prefix byte, b []byte, p *pending, say []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.n++
	if c.ack != nil && (p != nil || say != nil) {
		c.amu.Lock()
		c.sent[c.n] = sentLine{p: p, say: say}
		c.amu.Unlock()
	}
	if prefix != 0 {
		c.w.WriteByte(prefix)
	}
	c.w.Write(b)
	c.w.WriteByte('\n')
	return c.w.Flush()
}

// Run relays until stdin ends or ctx is cancelled.
func Run(ctx context.Context, opt Options) error {
	if opt.Log == nil {
		opt.Log = slog.New(slog.DiscardHandler)
	}
	r := &relay{opt: opt, out: bufio.NewWriterSize(opt.Out, 64<<10), target: Target{opt.BaseURL, opt.Token, opt.Socket},
		inflight: map[string]*pending{}, changed: make(chan struct{}, 1)}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	r.ctx = ctx
	go func() { <-ctx.Done(); r.close() }()
	in := bufio.NewReaderSize(opt.In, 1<<20)
	for {
		line, tail, over, err := readLine(in)
		if msg := bytes.TrimSpace(line); over {
			r.tooLarge(msg, bytes.TrimSpace(tail))
		} else if len(msg) > 0 {
			r.handle(ctx, msg)
		}
		if err != nil {
			break
		}
	}
	// stdin closed: let answers in flight arrive (`echo request | unitymcp
	// stdio` gets its answer), then end the stream, which ends the session.
	r.waitAnswered(5 * time.Second)
	r.finish()
	return nil
}

// finish ends the stream once stdin ended. With the output handed over, it
// ends the request pipe first and waits (at most 5 s) for the daemon to let
// go of the output, so that what the daemon did not write — the shim's own
// messages among them — the shim writes, before the socket is closed.
func (r *relay) finish() {
	r.mu.Lock()
	c := r.conn
	r.closing = true // the stream's end is ours: not a daemon lost
	r.mu.Unlock()
	if c != nil && c.ack != nil {
		c.req.Close()
		select {
		case <-c.reclaimed:
		case <-time.After(5 * time.Second):
		case <-r.ctx.Done():
		}
	}
	r.close()
}

// maxKept is how much of each end of a line over api.MaxRequestBytes is
// kept to find its id; the middle is read and dropped.
const maxKept = 64 << 10

// readLine reads one line from stdin. A line over api.MaxRequestBytes (the
// daemon's limit) comes back as its first and last maxKept bytes, with over
// set.
func readLine(in *bufio.Reader) (line, tail []byte, over bool, err error) {
	for {
		chunk, err := in.ReadSlice('\n')
		switch {
		case over:
			tail = append(tail, chunk...)
			if len(tail) > 2*maxKept {
				tail = append(tail[:0], tail[len(tail)-maxKept:]...)
			}
		case len(line)+len(chunk) > api.MaxRequestBytes:
			over = true
			tail = append(append(tail, line[max(0, len(line)-maxKept):]...), chunk...)
			line = line[:min(len(line), maxKept)]
		default:
			line = append(line, chunk...)
		}
		if err != bufio.ErrBufferFull {
			if len(tail) > maxKept {
				tail = tail[len(tail)-maxKept:]
			}
			return line, tail, over, err
		}
	}
}

// lastID matches an id written as an object's last member, as clients that
// spread the request's fields before jsonrpc and id write it: only a
// top-level member is followed by the one closing brace.
var lastID = regexp.MustCompile(`[,{]\s*"id"\s*:\s*(-?[0-9][0-9.eE+-]*|"(?:[^"\\]|\\.)*")\s*}\s*$`)

// tooLarge answers a message over the daemon's size limit, by its id when
// its start (the id written first) or its end (written last) names one,
// and sends nothing.
func (r *relay) tooLarge(start, end []byte) {
	id := json.RawMessage("null")
	if v := member(start, "id"); api.PlainID(v) && json.Valid(v) {
		id = v
	} else if m := lastID.FindSubmatch(end); m != nil && json.Valid(m[1]) {
		id = m[1]
	}
	r.write([]byte(`{"jsonrpc":"2.0","id":` + string(id) + `,"error":{"code":-32600,"message":"` +
		fmt.Sprintf("the message is over %d bytes, the daemon's request size limit; it was not sent", api.MaxRequestBytes) + `"}}`))
}

// head is what the shim reads of a client's message.
type head struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params struct {
		Name string `json:"name"`
	} `json:"params"`
}

// handle relays one message from the client.
func (r *relay) handle(ctx context.Context, msg []byte) {
	if msg[0] == '[' {
		r.write([]byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"JSON-RPC batches are not part of MCP; send one message per line"}}`))
		return
	}
	h, ok := requestHead(msg) // a decode only where the scan is not certain
	if !ok {
		h = head{}
		if err := json.Unmarshal(msg, &h); err != nil {
			r.write([]byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: stdin line is not JSON: ` + jsonEscape(err.Error()) + `"}}`))
			return
		}
	}
	msg = append([]byte(nil), msg...)
	key := ""
	r.mu.Lock()
	switch h.Method {
	case "initialize":
		r.initBody = msg
	case "notifications/initialized":
		r.initialized = msg
	}
	var p *pending
	if h.Method != "" && len(h.ID) > 0 && string(h.ID) != "null" {
		key = api.IDKey(h.ID)
		p = &pending{id: h.ID, key: key, method: h.Method, tool: h.Params.Name, msg: msg}
		r.inflight[key] = p
	}
	r.mu.Unlock()
	r.send(ctx, msg, key, p)
}

// send writes msg to the daemon, connecting first when needed. A message
// whose write failed never reached the daemon: it is written again once,
// on the next connection.
func (r *relay) send(ctx context.Context, msg []byte, key string, p *pending) {
	r.cmu.Lock()
	defer r.cmu.Unlock()
	for try := 0; try < 2; try++ {
		c, err := r.connectLocked(ctx, true)
		if err != nil {
			r.answerFailed(key, "", fmt.Sprintf("unitymcp daemon unreachable: %v", err))
			return
		}
		if c.ack != nil {
			r.readAcks(c, 0) // what was answered since the last request: never waits
		}
		r.mu.Lock()
		if p := r.inflight[key]; p != nil {
			p.on = c
		}
		r.mu.Unlock()
		if c.writeLine(0, msg, p, nil) == nil {
			return
		}
		r.mu.Lock()
		if p := r.inflight[key]; p != nil {
			p.on = nil // not sent: the new connection's replay leaves it to us
		}
		r.mu.Unlock()
		r.dropLocked(c)
	}
	r.answerFailed(key, "", "unitymcp daemon unreachable: the connection to it failed twice while sending")
}

// connectLocked returns the current connection, making one when there is
// none (under cmu): on a failed dial it asks Reconnect for the daemon's new
// address (it may have restarted), then starts the session again and deals
// with what was in flight on the connection that was lost.
//
// With mayRestart false (the background redial) only the address known is
// tried: starting a daemon is left to the next message from the client.
func (r *relay) connectLocked(ctx context.Context, mayRestart bool) (*conn, error) {
	r.mu.Lock()
	c, target := r.conn, r.target
	r.mu.Unlock()
	if c != nil {
		return c, nil
	}
	// A connection that still holds the output (its read loop is taking it
	// back: a send failed, the daemon is going) gives it back first: its
	// last acks say what needs no answer now (failLost, resume), and a new
	// daemon must not write beside it.
	r.outMu.Lock()
	prev := r.owner
	r.outMu.Unlock()
	if prev != nil {
		prev.close()
		<-prev.reclaimed
	}
	c, err := r.dial(ctx, target)
	// A daemon shutting down refuses streams until it is gone (its
	// successor cannot start before it lets go of the state folder's lock):
	// wait for it, at most 5 s, then start or find the next as usual.
	for wait := time.Now().Add(5 * time.Second); errors.Is(err, errShuttingDown) && mayRestart && time.Now().Before(wait); {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
		c, err = r.dial(ctx, target)
	}
	if err != nil && !mayRestart {
		return nil, err
	}
	if err != nil && ctx.Err() == nil && r.opt.Reconnect != nil {
		t, rerr := r.opt.Reconnect(ctx)
		if rerr != nil {
			err = fmt.Errorf("%v (restarting it failed: %v)", err, rerr)
		} else {
			r.mu.Lock()
			r.target = t
			r.mu.Unlock()
			c, err = r.dial(ctx, t)
		}
	}
	if err != nil {
		r.failLost("unitymcp daemon unreachable: " + err.Error())
		return nil, err
	}
	r.mu.Lock()
	if r.closing {
		r.mu.Unlock()
		c.close()
		if c.ack != nil {
			r.reclaim(c)
		}
		return nil, errors.New("stdio is closing")
	}
	r.conn = c
	r.mu.Unlock()
	go r.readLoop(c)
	r.resume(c)
	return c, nil
}

// resume runs on a new connection before anything else is sent: the
// session starts again (unless the client's own initialize is still in
// flight, which is sent again), then the requests the lost connection
// carried are sent again when safe, and answered daemon_restarted when not.
func (r *relay) resume(c *conn) {
	r.mu.Lock()
	var again []*pending
	var lost []*pending
	initInFlight := false
	for key, p := range r.inflight {
		if p.method == "initialize" && string(p.id) != reinitID {
			initInFlight = true
		}
		if p.on == nil || p.on == c {
			continue // not written yet: its own send writes it
		}
		switch {
		case string(p.id) == reinitID:
			delete(r.inflight, key) // the shim's own: made again below, never the client's to hear of
		case r.repeatableLocked(p.method, p.tool):
			p.on = c
			again = append(again, p)
		default:
			delete(r.inflight, key)
			lost = append(lost, p)
		}
	}
	initBody, initialized, started := r.initBody, r.initialized, r.started
	r.mu.Unlock()
	if started && !initInFlight {
		var m struct {
			Params json.RawMessage `json:"params"`
		}
		json.Unmarshal(initBody, &m)
		key := api.IDKey(json.RawMessage(reinitID))
		p := &pending{id: json.RawMessage(reinitID), key: key, method: "initialize", on: c}
		r.mu.Lock()
		r.inflight[key] = p
		r.mu.Unlock()
		prefix := byte(0) // relayed: its answer is dropped when it comes back
		if c.ack != nil {
			prefix = api.StreamQuiet // the daemon writes the client: it must answer nobody
		}
		c.writeLine(prefix, []byte(`{"jsonrpc":"2.0","id":`+reinitID+`,"method":"initialize","params":`+string(orNull(m.Params))+`}`), p, nil)
		if initialized != nil {
			c.writeLine(0, initialized, nil, nil)
		}
		r.opt.Log.Info("stdio: started the MCP session again on the daemon's new connection")
	}
	for _, p := range again {
		c.writeLine(0, p.msg, p, nil)
	}
	for _, p := range lost {
		r.failCode(p.id, api.CodeDaemonRestarted, "the unitymcp daemon stopped while this request was in flight and was restarted; the request was not sent again because it may already have run in the editor ("+p.method+" is not safe to repeat). Check the editor's state, then send it again if it did not happen")
	}
	r.signal()
}

// failLost answers every request a lost connection carried: no new one
// could be made.
func (r *relay) failLost(msg string) {
	r.mu.Lock()
	var lost []*pending
	for key, p := range r.inflight {
		if p.on != nil {
			delete(r.inflight, key)
			if string(p.id) != reinitID {
				lost = append(lost, p)
			}
		}
	}
	r.mu.Unlock()
	for _, p := range lost {
		r.fail(p.id, msg)
	}
	r.signal()
}

// dial opens the stream: GET /mcp/stream with the token, upgraded. Where
// it can, it connects to the daemon's Unix-domain socket and hands the
// daemon its output; when that fails it relays over TCP.
func (r *relay) dial(ctx context.Context, t Target) (*conn, error) {
	u, err := url.Parse(t.BaseURL)
	if err != nil {
		return nil, fmt.Errorf("daemon URL %q: %v", t.BaseURL, err)
	}
	if r.opt.Stdout != nil && t.Socket != "" && platform.CanPassFiles {
		c, err := r.open(ctx, "unix", t.Socket, u.Host, t.Token, true)
		if err == nil {
			return c, nil
		}
		if errors.Is(err, errNotTaken) {
			r.opt.Log.Info("stdio: the daemon did not take the output; relaying its answers", "socket", t.Socket, "err", err)
		} else {
			r.opt.Log.Debug("stdio: the daemon's socket does not answer; trying its address", "socket", t.Socket, "err", err)
		}
	}
	return r.open(ctx, "tcp", u.Host, u.Host, t.Token, false)
}

// open connects to addr, upgrades to the stream, and with handOff sends
// the daemon the shim's output and an ack pipe.
func (r *relay) open(ctx context.Context, network, addr, host, token string, handOff bool) (*conn, error) {
	d := net.Dialer{Timeout: 5 * time.Second}
	nc, err := d.DialContext(ctx, network, addr)
	if err != nil {
		return nil, err
	}
	nc = platform.QuietConn(nc)
	q := url.Values{}
	if r.opt.Project != "" {
		q.Set("project", r.opt.Project)
	}
	if r.opt.Group != "" {
		q.Set("group", r.opt.Group)
	}
	target := api.PathStream
	if len(q) > 0 {
		target += "?" + q.Encode()
	}
	nc.SetDeadline(time.Now().Add(10 * time.Second))
	req := "GET " + target + " HTTP/1.1\r\nHost: " + host + "\r\nAuthorization: Bearer " + token +
		"\r\nConnection: Upgrade\r\nUpgrade: " + api.StreamProtocol + "\r\n"
	if handOff {
		req += api.StreamHandoff + ": " + api.StreamHandoffValue + "\r\n" + api.StreamHandoffMarks + ": 1\r\n"
	}
	br := bufio.NewReaderSize(nc, 64<<10)
	if _, err := io.WriteString(nc, req+"\r\n"); err != nil {
		nc.Close()
		return nil, err
	}
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("opening the stream: %v", err)
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		nc.Close()
		msg := fmt.Sprintf("daemon answered HTTP %d: %s", resp.StatusCode, api.ErrorMessage(bytes.TrimSpace(b)))
		switch resp.StatusCode {
		case http.StatusNotFound:
			msg += " (a daemon older than this unitymcp stdio is running: stop it with `unitymcp stop`; the next stdio starts the current one)"
		case http.StatusServiceUnavailable:
			if bytes.Contains(b, []byte("shutting_down")) {
				return nil, fmt.Errorf("%w: %s", errShuttingDown, msg)
			}
		}
		return nil, errors.New(msg)
	}
	nc.SetDeadline(time.Time{})
	c := &conn{opened: time.Now(), c: nc, r: br, w: bufio.NewWriterSize(nc, 64<<10)}
	if handOff {
		if err := r.handOff(c); err != nil {
			nc.Close()
			return nil, err
		}
	}
	return c, nil
}

// handOff sends the daemon the shim's output, the write end of a new ack
// pipe and the read end of a new pipe for the client's messages, which the
// shim writes there from then on (the socket would wake the shim each time
// the daemon read from it: platform's handoff.go). What the shim wrote is
// flushed first, and its own messages for the client go through the daemon
// from then on (write).
func (r *relay) handOff(c *conn) error {
	ackR, ackW, err := platform.Pipe()
	if err != nil {
		return err
	}
	reqR, reqW, err := platform.Pipe()
	if err != nil {
		ackR.Close()
		ackW.Close()
		return err
	}
	r.outMu.Lock()
	defer r.outMu.Unlock()
	if err = r.out.Flush(); err == nil {
		err = platform.SendFiles(c.c, r.opt.Stdout, ackW, reqR)
	}
	ackW.Close() // the daemon's are the only ends left: its exit ends the pipes
	reqR.Close()
	if err != nil {
		ackR.Close()
		reqW.Close()
		return err
	}
	// The daemon's "h" says it took the output; a daemon that cannot (of
	// another version, say) closes the stream and the pipe ends instead.
	var h [2]byte
	n := 0
	for deadline := time.Now().Add(5 * time.Second); n < 2 && time.Now().Before(deadline); {
		if ackR.Wait(time.Until(deadline)) != nil {
			break
		}
		m, rerr := ackR.ReadAvailable(h[n:])
		if rerr != nil {
			break
		}
		n += m
	}
	if string(h[:n]) != "h\n" {
		ackR.Close()
		reqW.Close()
		return fmt.Errorf("%w (it answered %q on the ack pipe)", errNotTaken, h[:n])
	}
	c.ack, c.req, c.sent, c.reclaimed = ackR, reqW, map[uint64]sentLine{}, make(chan struct{})
	c.w = bufio.NewWriterSize(reqW, 64<<10)
	r.owner = c
	return nil
}

// unwrittenSays counts the shim's messages the daemon has not acked.
func (c *conn) unwrittenSays() int {
	c.amu.Lock()
	defer c.amu.Unlock()
	n := 0
	for _, s := range c.sent {
		if s.say != nil {
			n++
		}
	}
	return n
}

// close ends the connection.
func (c *conn) close() {
	c.c.Close()
	if c.req != nil {
		c.req.Close()
	}
}

// errShuttingDown says the daemon refused the stream because it is
// shutting down.
var errShuttingDown = errors.New("the daemon is shutting down")

// errNotTaken says a daemon answered on its socket but did not take the
// output (another version, say).
var errNotTaken = errors.New("the daemon did not take the output")

// readAcks reads what the ack pipe of c holds and applies it; with wait,
// it first waits up to wait for something to arrive. It reports whether
// the pipe ended (the daemon let go of the output, or died).
func (r *relay) readAcks(c *conn, wait time.Duration) bool {
	c.amu.Lock()
	defer c.amu.Unlock()
	var buf [4096]byte
	for !c.ackEnded {
		n, err := c.ack.ReadAvailable(buf[:])
		if n == 0 && err == nil && wait > 0 {
			if c.ack.Wait(wait) != nil {
				return false // nothing within wait
			}
			n, err = c.ack.ReadAvailable(buf[:])
		}
		wait = 0
		c.abuf = append(c.abuf, buf[:n]...)
		for {
			i := bytes.IndexByte(c.abuf, '\n')
			if i < 0 {
				break
			}
			r.ackRecord(c, c.abuf[:i])
			c.abuf = c.abuf[i+1:]
		}
		if err != nil {
			c.ackEnded = true // io.EOF, or the pipe closed by reclaim
		} else if n < len(buf) {
			return false
		}
	}
	return true
}

// ackRecord applies one record of the ack pipe (api.StreamHandoff), under
// c.amu.
func (r *relay) ackRecord(c *conn, rec []byte) {
	switch {
	case string(rec) == "q":
		c.clean = true
	case string(rec) == "P":
		c.marks = true
	case string(rec) == "p":
		c.cutting = true
	case string(rec) == "w":
		c.cutting = false
	case len(rec) > 1 && rec[0] == 'a':
		n, err := strconv.ParseUint(string(rec[1:]), 10, 64)
		if err != nil {
			return
		}
		s, ok := c.sent[n]
		if !ok {
			return
		}
		delete(c.sent, n)
		if s.p == nil {
			return // a message of the shim's, written
		}
		r.mu.Lock()
		if r.inflight[s.p.key] == s.p { // not a newer request under the same id
			delete(r.inflight, s.p.key)
			if s.p.method == "initialize" && string(s.p.id) != reinitID {
				r.started = true
			}
		}
		r.mu.Unlock()
		r.signal()
	}
}

// reclaim takes the output back once the stream of c ended: it waits for
// the daemon to let go of it (the ack pipe ends when it does, or dies),
// reads what was answered, ends a message the daemon may have left
// half-written, and writes the shim's own messages the daemon did not.
// What is still in flight is then the caller's to answer (resume).
func (r *relay) reclaim(c *conn) {
	deadline := time.Now().Add(10 * time.Second)
	for !r.readAcks(c, time.Until(deadline)) {
		if time.Now().After(deadline) {
			r.opt.Log.Warn("stdio: the daemon did not let go of the output within 10 s; taking it back")
			break
		}
	}
	c.amu.Lock()
	var says []uint64
	for n, s := range c.sent {
		if s.say != nil {
			says = append(says, n)
		}
	}
	slices.Sort(says)
	r.outMu.Lock()
	// It took the output ("h") and died, maybe in the middle of a message:
	// end that line — where it marks such messages ("P"), only if it died
	// writing one ("p" with no "w"), as an empty line is an error to the
	// client's parser. (Its message starts once all of "p\n" is in the
	// pipe: a "p" cut short at the pipe's end began none.)
	if !c.clean && (!c.marks || c.cutting) {
		r.out.WriteByte('\n')
	}
	for _, n := range says {
		r.out.Write(c.sent[n].say)
		r.out.WriteByte('\n')
	}
	r.out.Flush()
	if r.owner == c {
		r.owner = nil
	}
	r.outMu.Unlock()
	c.ackEnded = true
	c.amu.Unlock()
	c.ack.Close()
	close(c.reclaimed)
}

// readLoop relays the daemon's messages to stdout until the connection
// ends; a connection lost while the relay runs is replaced at once, so that
// what was in flight gets its answer.
func (r *relay) readLoop(c *conn) {
	for {
		line, err := c.r.ReadBytes('\n')
		if err != nil {
			break // a line cut short is not a message
		}
		b := bytes.TrimSpace(line)
		switch {
		case len(b) == 0:
		case c.ack == nil:
			r.fromDaemon(b)
		case b[0] == api.StreamTools: // the daemon wrote a tools/list answer to the client
			r.learnTools(b[1:])
		case b[0] == api.StreamDrain: // a mark waits for room in the ack pipe
			r.readAcks(c, 0)
		}
	}
	if c.ack != nil {
		r.reclaim(c)
	}
	// With requests in flight a new connection is made at once (restarting
	// the daemon if need be), so that they get their answers; otherwise the
	// address known is tried every second, so that server notifications
	// flow again when the daemon is back, and the next message from the
	// client does the rest.
	r.cmu.Lock()
	lost := r.dropLocked(c)
	r.mu.Lock()
	busy := len(r.inflight) > 0
	r.mu.Unlock()
	var err error
	if lost && busy && r.brief(c) {
		// A daemon that ends every stream as soon as it opens: answer
		// what is in flight instead of reconnecting at full speed.
		err = errors.New("the daemon ended the stdio stream three times in a row within a second of opening it; see the daemon's log (unitymcp status shows where)")
		r.failLost("unitymcp daemon unreachable: " + err.Error())
	} else if lost && busy {
		_, err = r.connectLocked(r.ctx, true) // a failure answers what was in flight
	}
	r.cmu.Unlock()
	if lost && (!busy || err != nil) {
		r.redial()
	}
}

// brief counts connections that ended within a second of opening, and
// reports whether three in a row did (under cmu).
func (r *relay) brief(c *conn) bool {
	if time.Since(c.opened) >= time.Second {
		r.briefs = 0
		return false
	}
	r.briefs++
	return r.briefs >= 3
}

// redial tries the known address every second until a connection is made
// (by it or by a message from the client) or the relay closes.
func (r *relay) redial() {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-r.ctx.Done():
			return
		case <-t.C:
		}
		r.cmu.Lock()
		r.mu.Lock()
		done := r.conn != nil || r.closing
		r.mu.Unlock()
		if !done {
			_, err := r.connectLocked(r.ctx, false)
			done = err == nil
		}
		r.cmu.Unlock()
		if done {
			return
		}
	}
}

// dropLocked forgets c as the current connection (under cmu); false when
// the relay is closing or c was already replaced.
func (r *relay) dropLocked(c *conn) bool {
	c.close()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.conn != c {
		return false
	}
	r.conn = nil
	if !r.closing {
		r.opt.Log.Warn("stdio: the connection to the unitymcp daemon was lost; reconnecting")
	}
	return !r.closing
}

// fromDaemon writes one message of the daemon's to stdout, noting which
// request it answers.
func (r *relay) fromDaemon(b []byte) {
	if id, ok := responseID(b); ok {
		key := api.IDKey(id)
		r.mu.Lock()
		p := r.inflight[key]
		delete(r.inflight, key)
		r.mu.Unlock()
		if p != nil {
			r.signal()
			if string(p.id) == reinitID {
				return // the shim's own initialize: the client has its answer
			}
			if p.method == "initialize" {
				r.mu.Lock()
				r.started = true
				r.mu.Unlock()
			}
			if p.method == "tools/list" {
				r.learnTools(b)
			}
		}
	}
	r.write(b)
}

// repeatableLocked says whether a request may be sent again after the
// daemon went away with it in flight: the handshake, listings and pings
// change nothing, nor does a call to a tool the daemon lists as idempotent
// or read-only. Everything else may have run already.
func (r *relay) repeatableLocked(method, tool string) bool {
	switch method {
	case "initialize", "ping", "tools/list", "prompts/list", "resources/list",
		"resources/templates/list", "resources/read", "completion/complete", "subscriptions/listen":
		return true
	case "tools/call":
		return r.repeatable[tool]
	}
	return false
}

// learnTools records which listed tools are safe to repeat.
func (r *relay) learnTools(b []byte) {
	var m struct {
		Result struct {
			Tools []struct {
				Name        string `json:"name"`
				Annotations struct {
					ReadOnly   bool `json:"readOnlyHint"`
					Idempotent bool `json:"idempotentHint"`
				} `json:"annotations"`
			} `json:"tools"`
		} `json:"result"`
	}
	if json.Unmarshal(b, &m) != nil || len(m.Result.Tools) == 0 {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.repeatable == nil {
		r.repeatable = map[string]bool{}
	}
	for _, t := range m.Result.Tools {
		r.repeatable[t.Name] = t.Annotations.ReadOnly || t.Annotations.Idempotent
	}
}

func (r *relay) signal() {
	select {
	case r.changed <- struct{}{}:
	default:
	}
}

// waitAnswered waits until no request is in flight but listen streams
// (which last as long as the session), at most d, unless the relay is
// stopped.
func (r *relay) waitAnswered(d time.Duration) {
	deadline := time.NewTimer(d)
	defer deadline.Stop()
	for {
		r.mu.Lock()
		open := 0
		for _, p := range r.inflight {
			if p.method != "subscriptions/listen" {
				open++
			}
		}
		c := r.conn
		r.mu.Unlock()
		if c != nil && c.ack != nil {
			open += c.unwrittenSays()
		}
		if open == 0 {
			return
		}
		if c != nil && c.ack != nil && !r.readAcks(c, 50*time.Millisecond) {
			// answers arrive on the ack pipe; deadline and signal are
			// checked between waits
			select {
			case <-deadline.C:
				return
			case <-r.ctx.Done():
				return
			default:
				continue
			}
		}
		select {
		case <-r.changed:
		case <-deadline.C:
			return
		case <-r.ctx.Done():
			return // stopped (a signal): nothing is waited for
		}
	}
}

// close ends the stream (the daemon then ends the session).
func (r *relay) close() {
	r.mu.Lock()
	r.closing = true
	c := r.conn
	r.mu.Unlock()
	if c != nil {
		c.close()
	}
}

// answerFailed answers the request under key (if any) with an error.
func (r *relay) answerFailed(key, code, msg string) {
	if key == "" {
		r.opt.Log.Warn("stdio relay", "err", msg)
		return
	}
	r.mu.Lock()
	p := r.inflight[key]
	delete(r.inflight, key)
	r.mu.Unlock()
	if p != nil {
		r.failCode(p.id, code, msg)
		r.signal()
	}
}

// write sends one message to stdout, one per line: itself, or while the
// daemon holds the output through the daemon (api.StreamSay; reclaim
// writes it if the daemon could not).
func (r *relay) write(b []byte) {
	for {
		r.outMu.Lock()
		c := r.owner
		if c == nil {
			r.out.Write(b)
			r.out.WriteByte('\n')
			r.out.Flush()
			r.outMu.Unlock()
			return
		}
		r.outMu.Unlock()
		r.readAcks(c, 0) // as before every line: what was answered since
		if c.writeLine(api.StreamSay, b, nil, b) == nil {
			return
		}
		c.close() // the read loop ends, and takes the output back
		<-c.reclaimed
	}
}

// fail answers a request (not a notification) with a JSON-RPC error.
func (r *relay) fail(id json.RawMessage, msg string) { r.failCode(id, "", msg) }

// failCode is fail with a unitymcp error code in the error's data.
func (r *relay) failCode(id json.RawMessage, code, msg string) {
	r.opt.Log.Warn("stdio relay", "err", msg)
	if len(id) == 0 || string(id) == "null" {
		return
	}
	e := map[string]any{"code": -32603, "message": msg}
	if code != "" {
		e["message"] = code + ": " + msg
		e["data"] = map[string]any{"code": code}
	}
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": e})
	r.write(b)
}

func orNull(b json.RawMessage) json.RawMessage {
	if len(bytes.TrimSpace(b)) == 0 {
		return json.RawMessage("null")
	}
	return b
}

func jsonEscape(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}
