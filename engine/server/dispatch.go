package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/project"
)

// The one MCP dispatcher. A message of a session is served the same way
// whatever carried it: the daemon's own methods first (the MCP task
// methods, tasks.go), then mcp-go's MCPServer.HandleMessage on the server
// of the session's project, whose hooks keep logging and resource
// subscriptions (logging.go) and whose tool handlers run engine.Engine.Call
// (mcp.go). The stdio stream (stream.go) calls serveMessage for every line,
// with its connection's session in the context, and Streamable HTTP
// (streamable.go) for every POST, with its session's. Only protocol
// 2026-07-28, which has no sessions, is served by mcp-go's transport, which
// calls HandleMessage itself; serveMCP puts the daemon's own methods in
// front of it (serveOwn).

// serveMessage answers message m (line: all of it) of session cs, pinned
// to project hash, on front f: the answer encoded, or a large tool answer
// to write as it goes (largeanswer.go); neither for a notification. A
// panic anywhere in it is answered as a JSON-RPC internal error and
// logged: it never ends the daemon.
func (s *Server) serveMessage(ctx context.Context, f *front, hash string, cs mcpserver.ClientSession, m api.Message, line []byte) (answer []byte, large *largeAnswer) {
	if s.log.Enabled(ctx, slog.LevelDebug) {
		start := time.Now()
		defer func() { s.logMessage(ctx, m, start, answer) }()
	}
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("panic serving an MCP message", "method", m.Method, "panic", p, "stack", string(debug.Stack()))
			answer, large = nil, nil
			if m.IsRequest() {
				answer = api.ErrorAnswer(m.ID, api.RPCInternalError, api.CodeInternal, fmt.Sprintf("the daemon failed serving %s (a bug; its log has the details)", m.Method))
			}
		}
	}()
	if a, ok := s.ownMessage(ctx, hash, cs.SessionID(), m); ok {
		return a, nil
	}
	resp := f.srv.HandleMessage(ctx, line)
	if resp == nil || !m.IsRequest() {
		return nil, nil
	}
	if la := splitLarge(m.ID, resp); la != nil {
		return nil, la
	}
	return encodeAnswer(m.ID, resp), nil
}

// logMessage logs one message served, at debug level (serve --debug):
// its method, tool, time and outcome — never the session's id, which on
// Streamable HTTP lets whoever holds it act as the session.
func (s *Server) logMessage(ctx context.Context, m api.Message, start time.Time, answer []byte) {
	var a struct {
		Error  json.RawMessage `json:"error"`
		Result struct {
			IsError bool `json:"isError"`
		} `json:"result"`
	}
	json.Unmarshal(answer, &a) // nil for a large answer, written as it went: a tool's result
	outcome := "ok"
	switch {
	case !m.IsRequest():
		outcome = "notification"
	case len(a.Error) > 0:
		outcome = "error"
	case a.Result.IsError:
		outcome = "tool error"
	}
	attrs := []slog.Attr{slog.String("method", m.Method), slog.Duration("took", time.Since(start)), slog.String("outcome", outcome)}
	if m.Name != "" {
		attrs = append(attrs, slog.String("tool", m.Name))
	}
	s.log.LogAttrs(ctx, slog.LevelDebug, "MCP message", attrs...)
}

// ownMessage answers the messages the daemon serves itself instead of
// mcp-go (tasks.go; a refused resources/subscribe, resources.go); ok false
// for every other.
func (s *Server) ownMessage(ctx context.Context, hash, sid string, m api.Message) (answer []byte, ok bool) {
	if a, ok := s.unknownToolCall(hash, m); ok { // unknowntool.go
		return a, true
	}
	if !isTaskMessage(m) {
		return s.mcp.refuseSubscription(sid, m)
	}
	return s.serveTask(ctx, hash, sid, m), true
}

// serveOwn answers a POST of protocol 2026-07-28 that the daemon serves
// itself (ownMessage), and reports whether it did; mcp-go's transport
// serves the rest.
func (s *Server) serveOwn(w http.ResponseWriter, r *http.Request, hash string, body []byte) bool {
	if !bytes.Contains(body, taskMark) && !bytes.Contains(body, subscribeMark) && !bytes.Contains(body, toolsCallMark) {
		return false // most requests: not parsed twice
	}
	m, err := api.ParseMessage(body)
	if err != nil || !m.IsRequest() {
		return false
	}
	answer, ok := s.ownMessage(r.Context(), hash, r.Header.Get(sessionHeader), m)
	if !ok {
		return false
	}
	writeJSONLine(w, answer)
	return true
}

// writeJSONLine writes answer a as the response's JSON body, one line long,
// with its exact length.
func writeJSONLine(w http.ResponseWriter, a []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(a)+1))
	w.Write(append(a, '\n'))
}

// posting counts an MCP POST being answered; the returned func ends it.
func (s *Server) posting() func() {
	s.postMu.Lock()
	s.posts.add()
	s.postMu.Unlock()
	return func() {
		s.postMu.Lock()
		defer s.postMu.Unlock()
		s.posts.done()
	}
}

// WaitPosts waits, at most d, until no MCP POST is being answered: at
// shutdown, once the editors answered what was in flight daemon_stopping,
// so that those answers are written before the server's base context
// ends (mcp-go writes nothing for a request whose context ended).
func (s *Server) WaitPosts(d time.Duration) {
	s.postMu.Lock()
	idle := s.posts.waiter()
	s.postMu.Unlock()
	waitAtMost(idle, d)
}

// taskMark is in every message the task methods answer ("task": or
// "tasks/…").
var taskMark = []byte(`"task`)

// rpcResult and rpcError are a JSON-RPC answer with the request's id as
// the client wrote it (mcp-go decodes ids, so a large number would come
// back rounded).
type rpcResult struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result"`
}

type rpcError struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   any             `json:"error"`
}

// encodeAnswer is mcp-go's answer resp to request id, as one line.
func encodeAnswer(id json.RawMessage, resp mcp.JSONRPCMessage) []byte {
	var v any
	switch r := resp.(type) {
	case mcp.JSONRPCResponse:
		return resultAnswer(id, r.Result)
	case *mcp.JSONRPCResponse:
		return resultAnswer(id, r.Result)
	case mcp.JSONRPCError:
		v = rpcError{api.JSONRPCVersion, id, r.Error}
	case *mcp.JSONRPCError:
		v = rpcError{api.JSONRPCVersion, id, r.Error}
	default:
		v = resp
	}
	b, err := json.Marshal(v)
	if err != nil {
		return api.ErrorAnswer(id, api.RPCInternalError, api.CodeInternal, "encoding the answer: "+err.Error())
	}
	return b
}

// resultAnswer is the JSON-RPC answer to request id with result v. A tool's
// result is written as its own MarshalJSON (encoding/json) gives it:
// json.Marshal of the envelope would check and compact those bytes once
// more, a second pass over the whole answer, the editor's JSON twice over
// (text and structured content) — as the bridge's frames are written
// (bridge's message.encode). id is the request's, as parsed.
func resultAnswer(id json.RawMessage, v any) []byte {
	if r, ok := v.(*mcp.CallToolResult); ok {
		if res, err := r.MarshalJSON(); err == nil {
			b := make([]byte, 0, len(res)+len(id)+32)
			b = append(append(b, `{"jsonrpc":"`+api.JSONRPCVersion+`","id":`...), id...)
			return append(append(append(b, `,"result":`...), res...), '}')
		}
	}
	b, err := json.Marshal(rpcResult{api.JSONRPCVersion, id, v})
	if err != nil {
		return api.ErrorAnswer(id, api.RPCInternalError, api.CodeInternal, "encoding the answer: "+err.Error())
	}
	return b
}

// sessionContext carries what handlers read of a session's request: the
// groups its tool list is filtered to (?group=, --group) and its
// X-UnityMCP-Session header.
func sessionContext(ctx context.Context, groups []string, header string) context.Context {
	ctx = context.WithValue(ctx, sessionHeaderKey, header)
	ctx = engine.WithListGroups(ctx, groups)
	return context.WithValue(ctx, groupsKey, groups)
}

// pinOf resolves a session's project selector (?project=, a path form's
// hash) to its hash once: "" for none, a hash as it is, a folder or name
// through the engine.
func (s *Server) pinOf(ctx context.Context, sel string) (string, *api.ToolError) {
	h := strings.TrimSpace(sel)
	switch {
	case h == "":
		return "", nil
	case project.IsHash(h):
		return h, nil // what Resolve answers for a hash, without copying its editor's info
	}
	t, terr := s.eng.Resolve(ctx, sel, nil)
	if terr != nil {
		return "", terr
	}
	return t.Hash, nil
}

// toolResult is the CallToolResult of an engine answer: the editor's JSON
// as text and as structured content, or the tool error's body with isError.
func toolResult(res json.RawMessage, terr *api.ToolError) *mcp.CallToolResult {
	if terr != nil {
		body, _ := json.Marshal(terr.Body())
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{mcp.NewTextContent(string(body))}, StructuredContent: json.RawMessage(body)}
	}
	return &mcp.CallToolResult{Content: []mcp.Content{mcp.NewTextContent(string(res))}, StructuredContent: res}
}

// replyKey carries the way to a request's own stream (withReply).
type replyKey struct{}

// withReply gives the handlers of a request the way to its own stream: a
// message put there comes before the request's answer.
func withReply(ctx context.Context, put func([]byte) bool) context.Context {
	return context.WithValue(ctx, replyKey{}, put)
}

// notifyRequest sends a notification about the request of ctx (its
// progress) on that request's own stream, before its answer; without one
// (or once it takes nothing more), to the request's session through mcp-go.
func notifyRequest(ctx context.Context, srv *mcpserver.MCPServer, method string, params map[string]any) {
	if put, ok := ctx.Value(replyKey{}).(func([]byte) bool); ok {
		n := mcp.JSONRPCNotification{JSONRPC: mcp.JSONRPC_VERSION, Notification: mcp.Notification{Method: method, Params: mcp.NotificationParams{AdditionalFields: params}}}
		if b, err := json.Marshal(n); err == nil && put(b) {
			return
		}
	}
	srv.SendNotificationToClient(ctx, method, params)
}
