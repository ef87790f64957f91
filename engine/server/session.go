package server

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/unitymcp/unitymcp/engine/api"
)

// sessionCore is what every MCP session of the daemon keeps, whatever
// carries its messages (a stdio stream, streamsession.go; Streamable HTTP,
// httpsession.go): the queue mcp-go puts its notifications on, what the
// client said of itself at initialize, its log level, and the requests of
// the daemon's own waiting for the client's answer (roots/list).
type sessionCore struct {
	id    string
	notes chan mcp.JSONRPCNotification

	initialized atomic.Bool
	level       atomic.Value // mcp.LoggingLevel

	mu         sync.Mutex
	clientInfo mcp.Implementation
	clientCaps mcp.ClientCapabilities

	asked   atomic.Int64 // the daemon's own requests to the client (ask)
	amu     sync.Mutex
	answers map[string]chan clientAnswer
}

// notesQueue bounds the notifications waiting for a session's client: past
// it mcp-go drops them (a client that does not read gets no more), and
// nothing the daemon does waits for one. It holds a burst of Console
// messages (logBurst) and then some.
const notesQueue = 2 * logBurst

// init makes the core of session id.
func (s *sessionCore) init(id string) {
	s.id = id
	s.notes = make(chan mcp.JSONRPCNotification, notesQueue)
	s.level.Store(mcp.LoggingLevelError) // the spec leaves the default to the server (docs/architecture.md)
}

func (s *sessionCore) SessionID() string { return s.id }
func (s *sessionCore) NotificationChannel() chan<- mcp.JSONRPCNotification {
	return s.notes
}
func (s *sessionCore) Initialize()                    { s.initialized.Store(true) }
func (s *sessionCore) Initialized() bool              { return s.initialized.Load() }
func (s *sessionCore) SetLogLevel(l mcp.LoggingLevel) { s.level.Store(l) }
func (s *sessionCore) GetLogLevel() mcp.LoggingLevel  { return s.level.Load().(mcp.LoggingLevel) }

func (s *sessionCore) GetClientInfo() mcp.Implementation {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.clientInfo
}

func (s *sessionCore) SetClientInfo(i mcp.Implementation) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clientInfo = i
}

func (s *sessionCore) GetClientCapabilities() mcp.ClientCapabilities {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.clientCaps
}

func (s *sessionCore) SetClientCapabilities(c mcp.ClientCapabilities) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clientCaps = c
}

// rootsWait bounds how long a call waits for the client to list its roots.
const rootsWait = 30 * time.Second

// listRoots asks the client for its roots (roots/list, sent with send) and
// waits for the answer, at most rootsWait.
func (s *sessionCore) listRoots(ctx context.Context, send func([]byte) bool) (*mcp.ListRootsResult, error) {
	ctx, cancel := context.WithTimeout(ctx, rootsWait)
	defer cancel()
	raw, err := s.ask(ctx, string(mcp.MethodListRoots), send)
	if err != nil {
		return nil, err
	}
	var res mcp.ListRootsResult
	if err := json.Unmarshal(raw, &res); err != nil {
		return nil, fmt.Errorf("the client's roots/list answer: %w", err)
	}
	return &res, nil
}

// clientAnswer is the client's answer to one of the daemon's requests.
type clientAnswer struct {
	result json.RawMessage
	err    error
}

// ask sends the client a request of the daemon's (no params, an id of the
// daemon's own) with send, and waits for its answer or ctx.
func (s *sessionCore) ask(ctx context.Context, method string, send func([]byte) bool) (json.RawMessage, error) {
	id := fmt.Sprintf(`"unitymcp-%d"`, s.asked.Add(1))
	ch := make(chan clientAnswer, 1)
	key := api.IDKey(json.RawMessage(id))
	s.amu.Lock()
	if s.answers == nil {
		s.answers = map[string]chan clientAnswer{}
	}
	s.answers[key] = ch
	s.amu.Unlock()
	defer func() {
		s.amu.Lock()
		delete(s.answers, key)
		s.amu.Unlock()
	}()
	if !send(api.Request(json.RawMessage(id), method, nil)) {
		return nil, fmt.Errorf("%s: the session's connection is gone", method)
	}
	select {
	case a := <-ch:
		return a.result, a.err
	case <-ctx.Done():
		return nil, fmt.Errorf("%s: the client did not answer: %w", method, ctx.Err())
	}
}

// answered delivers a response of the client's (m, all of it in msg) to
// the request of the daemon's it answers; false when it answers none.
func (s *sessionCore) answered(m api.Message, msg []byte) bool {
	s.amu.Lock()
	ch := s.answers[api.IDKey(m.ID)]
	s.amu.Unlock()
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
	switch err := json.Unmarshal(msg, &r); {
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
