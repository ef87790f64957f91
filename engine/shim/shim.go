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
// Every connection is made by Options.Dial, which reads where the daemon is
// at that moment and proves, on that very connection, that the daemon
// answers there before the token goes out (client.DialDaemon): a redial
// after the daemon stopped must not hand the token to whatever took its
// port.
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
	"regexp"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/unitymcp/unitymcp/engine/api"
)

// Options configure Run.
type Options struct {
	// Dial connects to the daemon: it must find the daemon anew (daemon.json)
	// and prove on the connection it returns that the daemon answers there,
	// for every connection, redials included; the token is sent on nothing
	// else. A failure means no daemon runs (or none can be proven).
	Dial func(ctx context.Context) (Dialed, error)
	// Start starts a daemon when Dial finds none (client.Ensure); nil: never.
	Start func(ctx context.Context) error
	// Project pins the session (a folder, name or hash); Group filters.
	Project string
	Group   string
	In      io.Reader
	Out     io.Writer
	Log     *slog.Logger
}

// Dialed is a proven connection to the daemon, the address it was dialled
// at (the Host header) and the daemon's token.
type Dialed struct {
	Conn        net.Conn
	Host, Token string
}

// reinitID is the id of an initialize the shim sends itself after a
// restart; its answer is not the client's.
const reinitID = api.StreamReinitID

type relay struct {
	opt Options
	ctx context.Context // the relay's life

	outMu sync.Mutex
	out   *bufio.Writer

	// cmu serialises sending with (re)connecting: a message is written to
	// the current connection, or waits for the next one.
	cmu    sync.Mutex
	briefs int // connections in a row that ended within a second (under cmu)

	mu          sync.Mutex
	conn        *conn               // nil while disconnected
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
}

// writeTimeout bounds one write to the daemon: a daemon that reads
// nothing for that long is treated as gone (the connection is replaced).
const writeTimeout = 30 * time.Second

// writeLine writes b as one line.
func (c *conn) writeLine(b []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.c.SetWriteDeadline(time.Now().Add(writeTimeout))
	c.w.Write(b)
	c.w.WriteByte('\n')
	return c.w.Flush()
}

// Run relays until stdin ends or ctx is cancelled.
func Run(ctx context.Context, opt Options) error {
	if opt.Log == nil {
		opt.Log = slog.New(slog.DiscardHandler)
	}
	if opt.Dial == nil {
		return errors.New("shim: Options.Dial is required")
	}
	r := &relay{opt: opt, out: bufio.NewWriterSize(opt.Out, 64<<10), inflight: map[string]*pending{}, changed: make(chan struct{}, 1)}
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
	r.close()
	return nil
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
// its start (the id written before the params) or its end (written last)
// names one, and sends nothing.
func (r *relay) tooLarge(start, end []byte) {
	id := leadingID(start)
	if id == nil {
		if m := lastID.FindSubmatch(end); m != nil && json.Valid(m[1]) {
			id = m[1]
		}
	}
	r.write(api.ErrorAnswer(id, api.RPCInvalidRequest, "", fmt.Sprintf("the message is over %d bytes, the daemon's request size limit; it was not sent", api.MaxRequestBytes)))
}

// leadingID is the id of the JSON object that b begins (b may be cut
// short), when it comes before the object's first member that b does not
// hold whole; nil otherwise.
func leadingID(b []byte) json.RawMessage {
	d := json.NewDecoder(bytes.NewReader(b))
	if t, err := d.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	for d.More() {
		k, err := d.Token()
		if err != nil {
			return nil
		}
		var v json.RawMessage
		if d.Decode(&v) != nil {
			return nil
		}
		if k == "id" && api.PlainID(v) {
			return v
		}
	}
	return nil
}

// handle relays one message from the client.
func (r *relay) handle(ctx context.Context, msg []byte) {
	h, err := api.ParseMessage(msg)
	switch {
	case errors.Is(err, api.ErrBatch):
		r.write(api.ErrorAnswer(nil, api.RPCInvalidRequest, "", err.Error()))
		return
	case err != nil:
		r.write(api.ErrorAnswer(nil, api.RPCParseError, "", "parse error: stdin line: "+err.Error()))
		return
	}
	msg = append([]byte(nil), msg...)
	key := ""
	r.mu.Lock()
	switch mcp.MCPMethod(h.Method) {
	case mcp.MethodInitialize:
		r.initBody = msg
	case mcp.MethodNotificationInitialized:
		r.initialized = msg
	}
	var p *pending
	if h.IsRequest() {
		key = api.IDKey(h.ID)
		p = &pending{id: h.ID, key: key, method: h.Method, tool: h.Name, msg: msg}
		r.inflight[key] = p
	}
	r.mu.Unlock()
	r.send(ctx, msg, key)
}

// close ends the stream (the daemon then ends the session).
func (r *relay) close() {
	r.mu.Lock()
	r.closing = true
	c := r.conn
	r.mu.Unlock()
	if c != nil {
		c.c.Close()
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

// write sends one message to stdout, one per line.
func (r *relay) write(b []byte) {
	r.outMu.Lock()
	defer r.outMu.Unlock()
	r.out.Write(b)
	r.out.WriteByte('\n')
	r.out.Flush()
}

// fail answers a request with a JSON-RPC error.
func (r *relay) fail(id json.RawMessage, msg string) { r.failCode(id, "", msg) }

// failCode is fail with a unitymcp error code in the error's data.
func (r *relay) failCode(id json.RawMessage, code, msg string) {
	r.opt.Log.Warn("stdio relay", "err", msg)
	r.write(api.ErrorAnswer(id, api.RPCInternalError, code, msg))
}

func orNull(b json.RawMessage) json.RawMessage {
	if len(bytes.TrimSpace(b)) == 0 {
		return json.RawMessage("null")
	}
	return b
}
