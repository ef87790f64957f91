package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"
	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/catalog"
	"github.com/unitymcp/unitymcp/engine/jsonenc"
)

// The fast path for tools/call.
//
// Almost every request an agent makes is a tools/call on a session it has
// already initialised. mcp-go serves each POST with a per-request session
// wrapper, a notification-forwarder goroutine and several JSON passes; on
// this machine that cost 70–90 µs a call, more than the daemon's own work
// (docs/performance.md). The daemon answers that one case itself and hands
// every other request to mcp-go unchanged:
//
//   - a single JSON-RPC 2.0 request (not a batch, not a notification) with
//     method tools/call, Content-Type application/json;
//   - a 2025-era request (protocol header absent or a 2025 version, no
//     params._meta: no progress token) on a session mcp-go registered
//     (Mcp-Session-Id), with no notification waiting for it (after a
//     catalog change the next request goes through mcp-go, which delivers
//     list_changed in its answer); or a 2026-07-28 (stateless) request that
//     mcp-go would accept as it is — the version in the header and _meta
//     agreeing, the standard headers mirroring the body, _meta holding only
//     the protocol version, client info and capabilities
//     (tryModernFastCall; its answer adds resultType and _meta.serverInfo
//     as mcp-go does);
//   - a tool of the session's catalog, routed without asking the client for
//     its roots (pinned, or exactly one editor).
//
// The answer is the same JSON-RPC response with the same CallToolResult the
// mcp-go path builds (one function makes both; mcp-go may frame it as an SSE
// event on a session it once streamed to, the fast path always answers
// application/json — both are Streamable HTTP), notifications/cancelled
// cancels a fast call as it cancels an mcp-go one (ids compared by value),
// and a panic in the tool becomes a JSON-RPC internal error.

// fastSessions tracks the sessions of one front: live ids, calls in flight
// (for notifications/cancelled) and whether a notification may be queued.
type fastSessions struct {
	mu   sync.Mutex
	live map[string]*fastSession
	// modern holds the 2026-07-28 fast calls in flight by request id (no
	// session names them; mcp-go keys its own the same way).
	modern map[string]map[*context.CancelFunc]struct{}
	// expired holds the sessions sweepSessions ended, and when: mcp-go's
	// session ids are not looked up, so the daemon answers their requests
	// 404 itself (sessions.go).
	expired map[string]time.Time
}

type fastSession struct {
	dirty    bool                          // a notification may be queued in mcp-go
	inflight map[string]context.CancelFunc // request id (api.IDKey) → cancel
	last     time.Time                     // last request (sessions.go)
	busy     int                           // requests and streams open now
}

func (f *fastSessions) add(id string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.live == nil {
		f.live = map[string]*fastSession{}
	}
	f.live[id] = &fastSession{inflight: map[string]context.CancelFunc{}, last: time.Now()}
}

// count is how many sessions are live.
func (f *fastSessions) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.live)
}

func (f *fastSessions) remove(id string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.live, id)
}

// markDirty notes that mcp-go may hold a notification for every session.
func (f *fastSessions) markDirty() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, s := range f.live {
		s.dirty = true
	}
}

// begin registers a fast call; false when the session is unknown or dirty.
// A dirty session is cleared here: the request goes to mcp-go instead,
// which drains what is queued into its answer.
func (f *fastSessions) begin(sid, reqID string, cancel context.CancelFunc) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	s := f.live[sid]
	if s == nil {
		return false
	}
	if s.dirty {
		s.dirty = false
		return false
	}
	s.inflight[reqID] = cancel
	return true
}

func (f *fastSessions) end(sid, reqID string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if s := f.live[sid]; s != nil {
		delete(s.inflight, reqID)
	}
}

// beginModern registers a modern fast call's cancel under its request id
// and returns the function that forgets it.
func (f *fastSessions) beginModern(key string, cancel context.CancelFunc) func() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.modern == nil {
		f.modern = map[string]map[*context.CancelFunc]struct{}{}
	}
	if f.modern[key] == nil {
		f.modern[key] = map[*context.CancelFunc]struct{}{}
	}
	f.modern[key][&cancel] = struct{}{}
	return func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		delete(f.modern[key], &cancel)
		if len(f.modern[key]) == 0 {
			delete(f.modern, key)
		}
	}
}

// cancelModern cancels the modern fast calls with that request id.
func (f *fastSessions) cancelModern(key string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for c := range f.modern[key] {
		(*c)()
	}
}

// cancel cancels a fast call named by a notifications/cancelled.
func (f *fastSessions) cancel(sid, reqID string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if s := f.live[sid]; s != nil {
		if c := s.inflight[reqID]; c != nil {
			c()
		}
	}
}

// fastRequest is the part of a JSON-RPC message the fast path reads.
type fastRequest struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
		Meta      json.RawMessage `json:"_meta"`
		RequestID json.RawMessage `json:"requestId"` // notifications/cancelled
		Task      json.RawMessage `json:"task"`      // a task-augmented call (tasks.go)
	} `json:"params"`
	Result json.RawMessage `json:"result"` // mcp-go takes a message with a result for a response
}

var (
	toolsCall = []byte(`"tools/call"`)
	cancelled = []byte(`"notifications/cancelled"`)
)

// tryFastCall answers r itself when it is a plain tools/call (see above)
// and reports whether it did; otherwise mcp-go serves r.
func (s *Server) tryFastCall(w http.ResponseWriter, r *http.Request, hash string, f *front, body []byte) bool {
	isCall, isCancel := bytes.Contains(body, toolsCall), bytes.Contains(body, cancelled)
	if !isCall && !isCancel {
		return false
	}
	if ct := r.Header.Get("Content-Type"); ct != "application/json" {
		if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
			return false
		}
	}
	var m fastRequest
	if json.Unmarshal(body, &m) != nil || m.JSONRPC != "2.0" {
		return false
	}
	sid := r.Header.Get(mcpserver.HeaderKeySessionID)
	// What mcp-go checks first: the protocol era and version, and the
	// session id's form (its default manager checks no more than that).
	v := r.Header.Get(mcp.HeaderProtocolVersion)
	if v != "" && !mcp.IsValidProtocolVersion(v) {
		return false
	}
	if mcp.IsModernProtocol(v) {
		return s.tryModernFastCall(w, r, hash, f, &m, v, body)
	}
	if _, err := (&mcpserver.StatelessGeneratingSessionIdManager{}).Validate(sid); err != nil {
		return false
	}
	if m.Method == "notifications/cancelled" {
		if len(m.Params.RequestID) > 0 {
			f.fast.cancel(sid, api.IDKey(m.Params.RequestID))
		}
		return false // mcp-go answers it (202) and cancels its own calls
	}
	if !isNull(m.Params.Meta) || s.fastCallable(r, hash, &m) == nil {
		return false
	}
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	key := api.IDKey(m.ID)
	if !f.fast.begin(sid, key, cancel) {
		return false
	}
	defer f.fast.end(sid, key)
	s.answerFast(ctx, w, hash, &m, "mcp:"+sid, "")
	return true
}

// fastCallable returns the catalog's tool when m is a tools/call the fast
// path may answer for hash, whatever the protocol era: a plain id, a tool of
// the catalog, no task, routed without the client's roots; nil otherwise.
func (s *Server) fastCallable(r *http.Request, hash string, m *fastRequest) *catalog.Tool {
	if m.Method != "tools/call" || !api.PlainID(m.ID) || m.Params.Name == "" || !isNull(m.Result) {
		return nil
	}
	// A task-augmented call (params.task) is never answered here: it gets a
	// CreateTaskResult (tasks.go), not the tool's result.
	if !isNull(m.Params.Task) {
		return nil
	}
	t := s.eng.Lookup(hash, m.Params.Name)
	if t == nil {
		return nil
	}
	if hash == "" {
		if _, terr := s.eng.Resolve(r.Context(), "", nil); terr != nil {
			return nil // routing needs the client's roots: mcp-go can ask for them
		}
	}
	return t
}

// answerFast runs m's call and writes the JSON-RPC answer; serverInfo, for
// a 2026-07-28 request, is the result's _meta (see encodeModernResult).
func (s *Server) answerFast(ctx context.Context, w http.ResponseWriter, hash string, m *fastRequest, session string, serverInfo string) {
	s.fastCalls.Add(1)
	res, terr, rpcErr := func() (res json.RawMessage, terr *api.ToolError, rpcErr string) {
		defer func() {
			if p := recover(); p != nil {
				s.log.Error("panic in tool call", "tool", m.Params.Name, "panic", p)
				rpcErr = "internal error running " + m.Params.Name
			}
		}()
		res, terr = s.eng.Call(ctx, engine.Request{Project: hash, Tool: m.Params.Name, Args: m.Params.Arguments,
			Roots: noRoots, Session: session})
		return res, terr, ""
	}()
	// The id goes back exactly as the client wrote it.
	raw := bytes.TrimSpace(m.ID)
	if rpcErr == "" && terr == nil && len(res) > streamResultAbove {
		if structured, err := structuredContent(res); err == nil {
			w.Header().Set("Content-Type", "application/json")
			if err := writeToolAnswer(w, raw, res, structured, serverInfo); err != nil {
				s.log.Debug("writing a large tool result", "tool", m.Params.Name, "bytes", len(res), "err", err)
			}
			return
		}
	}
	field, value := "result", []byte(nil)
	if rpcErr == "" {
		var b []byte
		var err error
		if serverInfo != "" {
			b, err = encodeModernResult(res, terr, serverInfo)
		} else {
			b, err = encodeToolResult(res, terr)
		}
		if err != nil {
			rpcErr = "encoding the result: " + err.Error()
		}
		value = b
	}
	if rpcErr != "" {
		field = "error"
		value, _ = json.Marshal(map[string]any{"code": mcp.INTERNAL_ERROR, "message": rpcErr})
	}
	const frame = len(`{"jsonrpc":"2.0","id":`) + len(`,"result":`) + len("}\n") // "error" is shorter
	out := append(append(append(append(make([]byte, 0, len(raw)+len(value)+frame), `{"jsonrpc":"2.0","id":`...), raw...), `,"`+field+`":`...), value...)
	out = append(out, "}\n"...)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(out)))
	w.Write(out)
}

// tryModernFastCall answers a 2026-07-28 (stateless) tools/call itself when
// mcp-go would accept it as it is — the protocol version in the header and
// in _meta agree and are served, the standard headers mirror the body
// exactly, no Last-Event-ID — and the call is one the fast path answers;
// anything else, errors included, is left to mcp-go, which says what is
// wrong. The answer carries what mcp-go adds to a modern result: resultType
// "complete" and the server's identity in _meta.
func (s *Server) tryModernFastCall(w http.ResponseWriter, r *http.Request, hash string, f *front, m *fastRequest, version string, body []byte) bool {
	if version != mcp.ProtocolVersion20260728 || r.Header.Get(mcp.HeaderLastEventID) != "" {
		return false
	}
	if m.Method == "notifications/cancelled" {
		// mcp-go cancels its own modern calls by request id; a fast one is
		// cancelled here, and mcp-go still answers the notification.
		var mm *mcp.Meta
		if len(m.Params.RequestID) > 0 && json.Unmarshal(m.Params.Meta, &mm) == nil && mm.ProtocolVersion() == version {
			f.fast.cancelModern(api.IDKey(m.Params.RequestID))
		}
		return false
	}
	if !canonicalID(m.ID) {
		return false
	}
	tool := s.fastCallable(r, hash, m)
	if tool == nil {
		return false
	}
	// _meta holds the protocol version (the header's), the client's info and
	// its capabilities — required on every modern request (mcp-go answers
	// -32602 without them) — and nothing else (a progress token, say, goes to
	// mcp-go). A tool whose parameters travel in Mcp-Param headers
	// (x-mcp-header) has those checked by mcp-go.
	var meta map[string]json.RawMessage
	if json.Unmarshal(m.Params.Meta, &meta) != nil {
		return false
	}
	for k := range meta {
		switch k {
		case mcp.MetaKeyProtocolVersion, "io.modelcontextprotocol/clientInfo", "io.modelcontextprotocol/clientCapabilities":
		default:
			return false
		}
	}
	var metaVersion string
	var caps *mcp.ClientCapabilities
	if json.Unmarshal(meta[mcp.MetaKeyProtocolVersion], &metaVersion) != nil || metaVersion != version ||
		json.Unmarshal(meta["io.modelcontextprotocol/clientCapabilities"], &caps) != nil || caps == nil {
		return false
	}
	if f.srv.GetTool(m.Params.Name) == nil || takesHeaderParams(tool) {
		return false
	}
	var params json.RawMessage
	var whole struct {
		Params json.RawMessage `json:"params"`
	}
	if json.Unmarshal(body, &whole) == nil {
		params = whole.Params
	}
	if params == nil || mcp.ValidateStandardHeaders(r.Header.Get, version, mcp.MCPMethod(m.Method), params) != nil {
		return false
	}
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	defer f.fast.beginModern(api.IDKey(m.ID), cancel)()
	s.answerFast(ctx, w, hash, m, sessionOf(context.WithValue(r.Context(), sessionHeaderKey, r.Header.Get(api.SessionHeader))), modernServerInfo)
	return true
}

// takesHeaderParams reports whether a tool may take parameters in Mcp-Param
// headers (x-mcp-header anywhere in its schema), which mcp-go checks: its
// modern calls are left to mcp-go. It reads the engine's own tool, the one
// the call runs, so a catalog change cannot outpace it (the front's mcp-go
// server gets the new tools a moment after the engine); a schema that only
// mentions the word errs on mcp-go's side. (mcp.ExtractParamHeaderBindings
// re-reads the whole schema: 12 µs a call.)
func takesHeaderParams(t *catalog.Tool) bool {
	return t == nil || bytes.Contains(t.Schema, []byte(`"x-mcp-header"`))
}

// canonicalID reports whether mcp-go writes id back as the client wrote it
// (it decodes and re-encodes ids): a plain integer below 2^53, or a string
// without escapes or characters its encoder escapes. Other ids are left to
// mcp-go, so that a modern fast answer is byte for byte mcp-go's.
func canonicalID(id json.RawMessage) bool {
	id = bytes.TrimSpace(id)
	if n := len(id); n >= 2 && id[0] == '"' && id[n-1] == '"' {
		inner := id[1 : n-1]
		return utf8.Valid(inner) && bytes.IndexFunc(inner, func(r rune) bool {
			return r < 0x20 || r == '"' || r == '\\' || r == '<' || r == '>' || r == '&' || r == '\u2028' || r == '\u2029'
		}) < 0
	}
	digits := id
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 || len(digits) > 15 || (digits[0] == '0' && len(digits) > 1) {
		return false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// modernServerInfo is the _meta mcp-go puts in every 2026-07-28 result: the
// server's name and version (mcp.go: NewMCPServer("unitymcp", api.Version)).
var modernServerInfo = func() string {
	b, _ := json.Marshal(map[string]any{mcp.MetaKeyServerInfo: mcp.Implementation{Name: "unitymcp", Version: api.Version}})
	return string(b)
}()

// encodeModernResult is encodeToolResult for a 2026-07-28 request: the
// same result with _meta (the server's identity) and resultType, in the
// order mcp-go writes its keys.
func encodeModernResult(res json.RawMessage, terr *api.ToolError, meta string) ([]byte, error) {
	b, err := encodeToolResult(res, terr)
	if err != nil {
		return nil, err
	}
	// {"content":…[,"isError":true],"structuredContent":…}: _meta goes first,
	// resultType before structuredContent.
	// The first match is the member: inside the text string every quote is
	// escaped, and structuredContent, which may hold anything, comes last.
	i := bytes.Index(b, []byte(`,"structuredContent":`))
	if i < 0 {
		return nil, fmt.Errorf("unexpected result encoding")
	}
	out := make([]byte, 0, len(b)+len(meta)+40)
	out = append(append(append(out, `{"_meta":`...), meta...), ',')
	out = append(out, b[1:i]...)
	out = append(out, `,"resultType":"complete"`...)
	out = append(out, b[i:]...)
	return out, nil
}

// noRoots is the roots function of a fast call: routing was checked not to
// need them, so this runs only if editors changed in between, and then the
// call fails as for a client without roots, listing the editors.
func noRoots(context.Context) ([]string, error) { return nil, nil }

// isNull reports whether a raw JSON value is absent or null.
func isNull(v json.RawMessage) bool {
	v = bytes.TrimSpace(v)
	return len(v) == 0 || bytes.Equal(v, []byte("null"))
}

// streamResultAbove is the size of a result from which its answer is
// written piece by piece (writeToolAnswer) instead of built whole: the
// answer holds the result twice (the text, escaped, and structuredContent),
// and built in memory beside the editor's frame it made the daemon hold a
// large result five times over (docs/performance.md, "Large results").
var streamResultAbove = 64 << 10

// structuredContent is res as json.Marshal writes it inside the result
// (compacted, HTML-escaped): res itself when that changes nothing, which is
// the editor's compact answers; json.Marshal's error when res is not
// valid JSON.
func structuredContent(res json.RawMessage) (json.RawMessage, error) {
	if compactSafe(res) && json.Valid(res) {
		return res, nil
	}
	return json.Marshal(res)
}

// writeToolAnswer writes the JSON-RPC answer of id with a tool's result res
// (structured: structuredContent(res)) — the bytes answerFast builds with
// encodeToolResult, or encodeModernResult when meta (the server's identity)
// is set — as it goes: the text is escaped a piece at a time, the
// structured content written from the editor's frame, so that nothing holds
// the result but the frame it came in. Without a Content-Length net/http
// sends a large body chunked, as it does mcp-go's.
func writeToolAnswer(w io.Writer, id []byte, res, structured json.RawMessage, meta string) error {
	head := append(append([]byte(`{"jsonrpc":"2.0","id":`), id...), `,"result":{`...)
	if meta != "" {
		head = append(append(append(head, `"_meta":`...), meta...), ',')
	}
	head = append(head, `"content":[{"type":"text","text":`...)
	if _, err := w.Write(head); err != nil {
		return err
	}
	scratch, err := jsonenc.WriteString(w, res, head[:0])
	if err != nil {
		return err
	}
	tail := append(scratch[:0], "}]"...)
	if meta != "" {
		tail = append(tail, `,"resultType":"complete"`...)
	}
	if _, err := w.Write(append(tail, `,"structuredContent":`...)); err != nil {
		return err
	}
	if _, err := w.Write(structured); err != nil {
		return err
	}
	_, err = w.Write([]byte("}}\n"))
	return err
}

// encodeToolResult is json.Marshal(toolResult(res, terr)) — the bytes
// mcp-go writes for that result (keys in its map's order, HTML-escaped,
// structured content compacted) — without its map, its reflection and a
// second pass (FuzzEncodeToolResult holds it to json.Marshal).
func encodeToolResult(res json.RawMessage, terr *api.ToolError) ([]byte, error) {
	body := res
	if terr != nil {
		body, _ = json.Marshal(terr.Body())
	}
	structured, err := structuredContent(body)
	if err != nil {
		return nil, err
	}
	b := make([]byte, 0, 2*len(body)+len(structured)+80)
	b = jsonenc.String(append(b, `{"content":[{"type":"text","text":`...), body)
	b = append(b, "}]"...)
	if terr != nil {
		b = append(b, `,"isError":true`...)
	}
	b = append(append(append(b, `,"structuredContent":`...), structured...), '}')
	return b, nil
}

// compactSafe reports whether json.Marshal writes the valid JSON text b
// back as it is: not empty, no white space between tokens (compacting drops
// it; inside strings it stays), and nothing its HTML escaping rewrites ('<',
// '>', '&', U+2028 and U+2029). An editor's answers are compact, and their
// strings have spaces and any other text: those stay as they are.
func compactSafe(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	in := false // inside a string
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == '<' || c == '>' || c == '&':
			return false
		case c == 0xe2 && i+2 < len(b) && b[i+1] == 0x80 && (b[i+2] == 0xa8 || b[i+2] == 0xa9):
			return false // U+2028, U+2029
		case in && c == '\\':
			i++ // the escaped byte, a quote perhaps
		case c == '"':
			in = !in
		case !in && (c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			return false
		}
	}
	return true
}

// toolResult is the CallToolResult of an engine answer, for both paths.
func toolResult(res json.RawMessage, terr *api.ToolError) *mcp.CallToolResult {
	if terr != nil {
		body, _ := json.Marshal(terr.Body())
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{mcp.NewTextContent(string(body))}, StructuredContent: json.RawMessage(body)}
	}
	return &mcp.CallToolResult{Content: []mcp.Content{mcp.NewTextContent(string(res))}, StructuredContent: res}
}
