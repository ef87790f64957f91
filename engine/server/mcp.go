package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"log/slog"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"
	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/catalog"
)

var pid = os.Getpid()

func contextWithTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, d)
}

type ctxKey int

const (
	groupsKey ctxKey = iota
	sessionHeaderKey
	bodyKey // the request body the guards read (a []byte), for the pattern mux's routes
)

// mcpFront holds one mcp-go server per project hash (and "" for sessions
// not pinned to a project), so each project's catalog and list_changed
// notifications reach exactly that project's sessions.
type mcpFront struct {
	eng *engine.Engine
	log *slog.Logger

	mu     sync.Mutex
	fronts map[string]*front
	// sessions counts connected MCP sessions across projects.
	sessions atomic.Int64
	// console is the sessions' logging and resource subscriptions (logging.go).
	console consoleSessions
	// tasks are the sessions' MCP tasks (tasks.go), whatever front a
	// session is on.
	tasks taskStore
	// hsess are the Streamable HTTP sessions (streamable.go), by id,
	// under hmu.
	hmu   sync.Mutex
	hsess map[string]*httpSession
	// now is the session clock (Server.sessionNow; nil: time.Now).
	now func() time.Time
	// call runs a tool call (engine.Engine.Call; tests make it panic).
	call func(context.Context, engine.Request) (json.RawMessage, *api.ToolError)
}

// DefaultMaxPins bounds the projects pinned through the MCP endpoint at once.
// A front with no session is dropped to make room; when every one has
// sessions, a new pin is refused (503) until one ends.
const DefaultMaxPins = 64

type front struct {
	srv  *mcpserver.MCPServer
	http *mcpserver.StreamableHTTPServer
	live liveSessions // the sessions registered on srv (sessions.go)
	used time.Time    // last request (under mcpFront.mu)
	// toolsSum is the JSON of the tools last given to srv (setTools).
	toolsSum []byte
}

// setTools gives the front's server its tools. A tool whose x-mcp-header
// annotations mcp-go refuses (an editor declares its tools' schemas as it
// likes) is left out with a warning: mcp-go's SetTools panics on one.
func (f *front) setTools(tools []mcpserver.ServerTool, log *slog.Logger) {
	kept := tools[:0]
	for _, t := range tools {
		if err := mcp.ValidateParamHeaderAnnotations(&t.Tool); err != nil {
			log.Warn("a tool is not offered over MCP: its x-mcp-header annotations are invalid", "tool", t.Tool.Name, "err", err)
			continue
		}
		kept = append(kept, t)
	}
	// mcp-go tells every session of the front tools/list_changed on each
	// SetTools; a catalog change elsewhere (another project's editor, a
	// definition file of no consequence here) must not, since a
	// notification turns a session's later answers into SSE streams.
	slices.SortFunc(kept, func(a, b mcpserver.ServerTool) int { return strings.Compare(a.Tool.Name, b.Tool.Name) })
	defs := make([]mcp.Tool, len(kept))
	for i, t := range kept {
		defs[i] = t.Tool
	}
	sum, err := json.Marshal(defs)
	if err == nil && f.toolsSum != nil && bytes.Equal(sum, f.toolsSum) {
		return
	}
	f.toolsSum = sum
	f.srv.SetTools(kept...)
}

func newMCPFront(eng *engine.Engine, log *slog.Logger) *mcpFront {
	m := &mcpFront{eng: eng, log: log, fronts: map[string]*front{}, call: eng.Call}
	eng.OnUpdate(m.consoleUpdate)
	eng.OnListChange(m.listChanged)
	eng.OnCatalogChange(func(hash string) {
		m.mu.Lock()
		defer m.mu.Unlock()
		for key, f := range m.fronts {
			if key == "" || key == hash || hash == "" {
				f.setTools(m.serverTools(key), m.log)
			}
		}
	})
	return m
}

// get returns the project's front, making it when needed; nil when the
// bound on pinned projects is reached and every front has sessions.
func (m *mcpFront) get(hash string, maxPins int) *front {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := time.Now()
	if m.now != nil {
		now = m.now()
	}
	if f := m.fronts[hash]; f != nil {
		f.used = now
		return f
	}
	if hash != "" && !m.makeRoom(maxPins) {
		return nil
	}
	f := &front{used: now}
	f.live.now = m.now
	hooks := &mcpserver.Hooks{}
	// A stdio session that editor_select moves between fronts (relocating)
	// leaves one and joins the other without ending.
	hooks.AddOnRegisterSession(func(_ context.Context, cs mcpserver.ClientSession) {
		f.live.add(cs)
		m.tasks.addSession(cs, hash)
		if !relocating(cs) {
			m.sessions.Add(1)
		}
	})
	hooks.AddOnUnregisterSession(func(_ context.Context, cs mcpserver.ClientSession) {
		f.live.remove(cs.SessionID())
		if relocating(cs) {
			return
		}
		m.sessions.Add(-1)
		m.eng.ForgetSession("mcp:" + cs.SessionID())
		m.tasks.endSession(cs.SessionID())
	})
	m.watchConsole(hooks, f, hash)
	hooks.AddAfterListTools(func(ctx context.Context, _ any, _ *mcp.ListToolsRequest, res *mcp.ListToolsResult) {
		if res == nil {
			return
		}
		listed := m.listed(ctx, hash)
		kept := res.Tools[:0]
		for _, t := range res.Tools {
			if listed[t.Name] {
				kept = append(kept, t)
			}
		}
		res.Tools = kept
	})
	srv := mcpserver.NewMCPServer("unitymcp", api.Version,
		mcpserver.WithToolCapabilities(true),
		// Advertised by mcp-go; answered by the daemon (tasks.go).
		mcpserver.WithTaskCapabilities(true, true, true),
		mcpserver.WithLogging(),
		mcpserver.WithResourceCapabilities(true, true),
		mcpserver.WithInstructions(catalog.Instructions(m.eng.Snapshot(hash))),
		mcpserver.WithHooks(hooks),
		mcpserver.WithRecovery(),
		mcpserver.WithResourceRecovery(),
		// No WithLogger: its line per request (built whatever the level,
		// with the session's id in it) is the dispatcher's, at debug
		// (logMessage).
	)
	f.srv = srv
	f.setTools(m.serverTools(hash), m.log)
	m.addResources(srv, hash)
	h := mcpserver.NewStreamableHTTPServer(srv,
		mcpserver.WithHTTPContextFunc(func(ctx context.Context, r *http.Request) context.Context {
			groups, _ := catalog.ParseGroups(r.URL.Query().Get(api.QueryGroup))
			return sessionContext(ctx, groups, r.Header.Get(api.SessionHeader))
		}),
		mcpserver.WithStreamableHTTPLogger(slog.New(demoted{m.log.Handler()})),
		mcpserver.WithHeartbeatInterval(30*time.Second),
	)
	f.http = h
	m.fronts[hash] = f
	return f
}

// listed names the tools the session of ctx lists (catalog/listing.go):
// its URL's groups, or what tool_groups set for it; tool_groups itself
// always, so no session can list its way out of the rest.
func (m *mcpFront) listed(ctx context.Context, hash string) map[string]bool {
	groups, _ := ctx.Value(groupsKey).([]string)
	if cs := mcpserver.ClientSessionFromContext(ctx); cs != nil {
		groups = m.eng.ListGroups("mcp:"+cs.SessionID(), groups)
	}
	out := map[string]bool{"tool_groups": true}
	for _, t := range catalog.Listing(m.eng.Tools(hash), groups) {
		out[t.Name] = true
	}
	return out
}

// listChanged tells one session its tool list changed (tool_groups).
func (m *mcpFront) listChanged(session string) {
	id, ok := strings.CutPrefix(session, "mcp:")
	if !ok {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, f := range m.fronts {
		f.notify(id, string(mcp.MethodNotificationToolsListChanged), nil)
	}
}

// makeRoom drops the least recently used front without sessions when the
// bound is reached (under m.mu); false when none can go. The unpinned front
// ("") is never dropped.
func (m *mcpFront) makeRoom(limit int) bool {
	pinned := func() int {
		if _, ok := m.fronts[""]; ok {
			return len(m.fronts) - 1
		}
		return len(m.fronts)
	}
	for pinned() >= limit {
		victim := ""
		var oldest time.Time
		for key, f := range m.fronts {
			if key == "" || f.live.count() > 0 {
				continue
			}
			if victim == "" || f.used.Before(oldest) {
				victim, oldest = key, f.used
			}
		}
		if victim == "" {
			return false
		}
		delete(m.fronts, victim)
	}
	return true
}

// serverTools converts the engine catalog of a project to mcp-go tools.
func (m *mcpFront) serverTools(hash string) []mcpserver.ServerTool {
	tools := m.eng.Tools(hash)
	out := make([]mcpserver.ServerTool, 0, len(tools))
	for _, t := range tools {
		out = append(out, mcpserver.ServerTool{Tool: toMCPTool(t), Handler: m.handler(hash, t.Name)})
	}
	// The names tools had before the naming rule are callable for one
	// release (catalog.Renamed) and never listed: tools/list shows what
	// listed() names, which they are not.
	for old, now := range catalog.Renamed {
		for _, t := range tools {
			if t.Name == now {
				mt := toMCPTool(t)
				mt.Name = old
				out = append(out, mcpserver.ServerTool{Tool: mt, Handler: m.handler(hash, old)})
			}
		}
	}
	return out
}

func toMCPTool(t *catalog.Tool) mcp.Tool {
	mt := mcp.NewToolWithRawSchema(t.Name, t.Description, t.Schema)
	ro, de, id := t.Hints.ReadOnlyHint, t.Hints.DestructiveHint, t.Hints.IdempotentHint
	ow := false
	mt.Annotations = mcp.ToolAnnotation{ReadOnlyHint: &ro, DestructiveHint: &de, IdempotentHint: &id, OpenWorldHint: &ow}
	meta := map[string]any{"unitymcp/group": t.Group, "unitymcp/source": t.Source}
	for k, v := range t.Meta() {
		meta[k] = v
	}
	mt.Meta = &mcp.Meta{AdditionalFields: meta}
	if t.TaskSupport != "" {
		mt.Execution = &mcp.ToolExecution{TaskSupport: mcp.TaskSupport(t.TaskSupport)}
	}
	return mt
}

func toolGroup(t mcp.Tool) (string, bool) {
	if t.Meta == nil {
		return "", false
	}
	g, ok := t.Meta.AdditionalFields["unitymcp/group"].(string)
	return g, ok
}

func (m *mcpFront) handler(hash, name string) mcpserver.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		args := req.Params.RawArguments
		if len(args) == 0 && req.Params.Arguments != nil {
			args, _ = json.Marshal(req.Params.Arguments)
		}
		srv := mcpserver.ServerFromContext(ctx)
		var progress engine.ProgressFunc
		if req.Params.Meta != nil && req.Params.Meta.ProgressToken != nil && srv != nil {
			tok := req.Params.Meta.ProgressToken
			progress = func(p, total float64, msg string) {
				params := map[string]any{"progressToken": tok, "progress": p, "message": msg}
				if total > 0 {
					params["total"] = total
				}
				notifyRequest(ctx, srv, string(mcp.MethodNotificationProgress), params) // before the answer, on its stream
			}
		}
		roots := func(ctx context.Context) ([]string, error) {
			if srv == nil {
				return nil, nil
			}
			res, err := srv.RequestRoots(ctx, mcp.ListRootsRequest{})
			if err != nil {
				return nil, err
			}
			var out []string
			for _, r := range res.Roots {
				out = append(out, r.URI)
			}
			return out, nil
		}
		res, terr := m.call(ctx, engine.Request{Project: hash, Tool: name, Args: args, Roots: roots, Progress: progress, Session: sessionOf(ctx), Repin: repinOf(ctx)})
		return withImages(toolResult(res, terr), name, res), nil
	}
}

// serveMCPRoute is serveMCP for the pattern mux: the forms of the MCP
// paths ServeHTTP does not route itself, whose body it left in the context.
func (s *Server) serveMCPRoute(w http.ResponseWriter, r *http.Request) {
	body, _ := r.Context().Value(bodyKey).([]byte)
	s.serveMCP(w, r, r.PathValue("hash"), body)
}

// serveMCP routes /mcp?project=… and /projects/<hash>/mcp to the project's
// MCP server.
//
// pin is the hash of the path form ("" for /mcp); body is the request's body
// as ServeHTTP read it (nil when it read none). They come as arguments, not
// in r, because a request copy and a path value per call were the largest
// of the daemon's own allocations.
func (s *Server) serveMCP(w http.ResponseWriter, r *http.Request, pin string, body []byte) {
	q := r.URL.Query()
	sel := pin
	if sel == "" {
		sel = q.Get(api.QueryProject)
	}
	groups, terr := catalog.ParseGroups(q.Get(api.QueryGroup))
	if terr != nil {
		httpError(w, http.StatusBadRequest, terr.Code, terr.Message)
		return
	}
	hash, terr := s.pinOf(r.Context(), sel)
	if terr != nil {
		httpError(w, httpStatus(terr), terr.Code, terr.Message)
		return
	}
	f := s.mcp.get(hash, s.maxPins())
	if f == nil {
		httpError(w, http.StatusServiceUnavailable, api.CodeTooManyProjects, fmt.Sprintf("%d projects are pinned through this daemon with sessions open; end a session (or pin one of those projects) and try again", s.maxPins()))
		return
	}
	s.sweepSessions(s.sessionNow())
	if sid := r.Header.Get(sessionHeader); sid != "" {
		if f.live.isExpired(sid) {
			httpError(w, http.StatusNotFound, "session_expired", fmt.Sprintf("MCP session %.80q expired after %v without requests; initialize a new session", sid, s.sessionIdle()))
			return
		}
		defer f.live.enter(sid)()
	}
	if r.Method == http.MethodPost {
		defer s.posting()()
	}
	if !modernRequest(r, body) {
		s.serveStreamable(w, r, f, hash, groups, body) // streamable.go
		return
	}
	if body != nil && r.Method == http.MethodPost && s.serveOwn(w, r, hash, body) {
		return // the daemon's own methods (dispatch.go)
	}
	if s.log.Enabled(r.Context(), slog.LevelDebug) {
		start := time.Now()
		defer func() {
			s.log.Debug("MCP message", "protocol", "2026-07-28", "http", r.Method, "took", time.Since(start))
		}()
	}
	f.http.ServeHTTP(w, r) // protocol version 2026-07-28: mcp-go's transport
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// demoted logs the Info records of mcp-go's transport at Debug: a line
// per request is noise in a daemon's log, useful only when debugging.
type demoted struct{ slog.Handler }

func (d demoted) Enabled(ctx context.Context, l slog.Level) bool {
	if l == slog.LevelInfo {
		l = slog.LevelDebug
	}
	return d.Handler.Enabled(ctx, l)
}

func (d demoted) Handle(ctx context.Context, r slog.Record) error {
	if r.Level == slog.LevelInfo {
		r.Level = slog.LevelDebug
	}
	return d.Handler.Handle(ctx, r)
}

func (d demoted) WithAttrs(a []slog.Attr) slog.Handler { return demoted{d.Handler.WithAttrs(a)} }
func (d demoted) WithGroup(n string) slog.Handler      { return demoted{d.Handler.WithGroup(n)} }

// sessionOf names the MCP session of a call: the protocol's session id
// (2025 revisions), else the X-UnityMCP-Session header, else "stateless".
func sessionOf(ctx context.Context) string {
	if cs := mcpserver.ClientSessionFromContext(ctx); cs != nil && cs.SessionID() != "" {
		return "mcp:" + cs.SessionID()
	}
	if h, _ := ctx.Value(sessionHeaderKey).(string); h != "" {
		return "hdr:" + h
	}
	return "stateless"
}
