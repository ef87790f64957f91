package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/unitymcp/unitymcp/engine/api"
)

// streamSession is the MCP session of one stdio stream, as mcp-go sees it:
// registered on the front the stream is pinned to, it receives that
// front's notifications (list_changed, log messages, resource updates) on
// its channel, which the stream writes to the client, and it asks the
// client for its roots on the stream.
type streamSession struct {
	id    string
	st    *stream
	notes chan mcp.JSONRPCNotification

	initialized atomic.Bool
	level       atomic.Value // mcp.LoggingLevel
	// moving is set while editor_select moves the session to another
	// project's front (stream.repin): its registration on the old front
	// ends and one on the new front starts, but the session goes on, and
	// the hooks keep what they hold for it (relocating).
	moving atomic.Bool

	mu         sync.Mutex
	clientInfo mcp.Implementation
	clientCaps mcp.ClientCapabilities
}

// notesQueue bounds the notifications waiting for a stream's client: past
// it mcp-go drops them (a client that does not read gets no more), and
// nothing the daemon does waits for one.
const notesQueue = 64

func newStreamSession(st *stream) *streamSession {
	b := make([]byte, 16)
	rand.Read(b)
	s := &streamSession{id: "stdio-" + hex.EncodeToString(b), st: st, notes: make(chan mcp.JSONRPCNotification, notesQueue)}
	s.level.Store(mcp.LoggingLevelError) // the spec leaves the default to the server (docs/architecture.md)
	return s
}

var (
	_ mcpserver.ClientSession         = (*streamSession)(nil)
	_ mcpserver.SessionWithLogging    = (*streamSession)(nil)
	_ mcpserver.SessionWithClientInfo = (*streamSession)(nil)
	_ mcpserver.SessionWithRoots      = (*streamSession)(nil)
)

func (s *streamSession) SessionID() string { return s.id }
func (s *streamSession) NotificationChannel() chan<- mcp.JSONRPCNotification {
	return s.notes
}
func (s *streamSession) Initialize()                    { s.initialized.Store(true) }
func (s *streamSession) Initialized() bool              { return s.initialized.Load() }
func (s *streamSession) SetLogLevel(l mcp.LoggingLevel) { s.level.Store(l) }
func (s *streamSession) GetLogLevel() mcp.LoggingLevel  { return s.level.Load().(mcp.LoggingLevel) }

func (s *streamSession) GetClientInfo() mcp.Implementation {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.clientInfo
}

func (s *streamSession) SetClientInfo(i mcp.Implementation) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clientInfo = i
}

func (s *streamSession) GetClientCapabilities() mcp.ClientCapabilities {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.clientCaps
}

func (s *streamSession) SetClientCapabilities(c mcp.ClientCapabilities) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clientCaps = c
}

// rootsWait bounds how long a call waits for the client to list its roots.
const rootsWait = 30 * time.Second

// ListRoots asks the client for its roots on the stream (roots/list, a
// request of the daemon's with an id of its own) and waits for the answer,
// at most rootsWait.
func (s *streamSession) ListRoots(ctx context.Context, _ mcp.ListRootsRequest) (*mcp.ListRootsResult, error) {
	ctx, cancel := context.WithTimeout(ctx, rootsWait)
	defer cancel()
	raw, err := s.st.ask(ctx, string(mcp.MethodListRoots))
	if err != nil {
		return nil, err
	}
	var res mcp.ListRootsResult
	if err := json.Unmarshal(raw, &res); err != nil {
		return nil, fmt.Errorf("the client's roots/list answer: %w", err)
	}
	return &res, nil
}

// relocating reports whether cs is a stdio session moving to another
// project's front (editor_select): the hooks of the front it leaves and
// of the one it joins keep what they hold for it instead of ending it.
func relocating(cs mcpserver.ClientSession) bool {
	s, ok := cs.(*streamSession)
	return ok && s.moving.Load()
}

// clientAnswer is the client's answer to one of the daemon's requests.
type clientAnswer struct {
	result json.RawMessage
	err    error
}

// ask sends the client a request of the daemon's (no params) and waits for
// its answer or ctx.
func (st *stream) ask(ctx context.Context, method string) (json.RawMessage, error) {
	id := fmt.Sprintf(`"unitymcp-%d"`, st.asked.Add(1))
	ch := make(chan clientAnswer, 1)
	key := api.IDKey(json.RawMessage(id))
	st.amu.Lock()
	if st.answers == nil {
		st.answers = map[string]chan clientAnswer{}
	}
	st.answers[key] = ch
	st.amu.Unlock()
	defer func() {
		st.amu.Lock()
		delete(st.answers, key)
		st.amu.Unlock()
	}()
	if !st.write([]byte(`{"jsonrpc":"2.0","id":` + id + `,"method":"` + method + `"}`)) {
		return nil, fmt.Errorf("%s: the stdio stream is gone", method)
	}
	select {
	case a := <-ch:
		return a.result, a.err
	case <-ctx.Done():
		return nil, fmt.Errorf("%s: the client did not answer: %w", method, ctx.Err())
	}
}

// answered delivers a response line of the client's to the request of the
// daemon's it answers; false when it answers none.
func (st *stream) answered(m api.Message, line []byte) bool {
	st.amu.Lock()
	ch := st.answers[api.IDKey(m.ID)]
	st.amu.Unlock()
	if ch == nil {
		return false
	}
	var r struct {
		Result json.RawMessage `json:"result"`
		Error  *struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	a := clientAnswer{}
	switch err := json.Unmarshal(line, &r); {
	case err != nil:
		a.err = err
	case r.Error != nil:
		a.err = fmt.Errorf("the client answered error %d: %s", r.Error.Code, r.Error.Message)
	default:
		a.result = r.Result
	}
	select {
	case ch <- a:
	default:
	}
	return true
}

// repinOf is how editor_select moves the session of ctx to another
// project: a stdio stream moves its session (stream.repin); nil for a
// session pinned by its URL, which cannot move.
func repinOf(ctx context.Context) func(hash string) error {
	if s, ok := mcpserver.ClientSessionFromContext(ctx).(*streamSession); ok {
		return s.st.repin
	}
	return nil
}
