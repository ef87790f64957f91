package engine

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"time"
	"unicode/utf8"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/catalog"
	"github.com/unitymcp/unitymcp/engine/isuzu"
	"github.com/unitymcp/unitymcp/engine/params"
)

// ProgressFunc reports progress to the caller (MCP progress notifications).
type ProgressFunc func(progress, total float64, message string)

// RootsFunc returns the MCP client's root folders, used to pick an editor
// for a session that is not pinned to a project.
type RootsFunc func(ctx context.Context) ([]string, error)

// Request is a call as a front end hands it over.
type Request struct {
	// Project is the caller's project selector (path, name or hash; "" =
	// not pinned: routed to the only editor or the one holding a root).
	Project  string
	Tool     string
	Args     json.RawMessage
	Roots    RootsFunc
	Progress ProgressFunc
	Session  string
	// Repin moves a session pinned by its transport (Project set: a stdio
	// stream's --project or folder) to another project: editor_select
	// calls it, and the session's later calls, resources and Console
	// follow. nil for a session pinned by its URL, which editor_select
	// then refuses to move, saying why.
	Repin func(hash string) error
}

// Call is one tool call on its way through the engine. Its project is
// resolved at most once (Target) and carried to every step it runs.
type Call struct {
	Tool *catalog.Tool
	// Args are the checked arguments with defaults filled in.
	Args     map[string]any
	Roots    RootsFunc
	Progress ProgressFunc
	// Session identifies the caller's MCP session (probe diffs are kept
	// per session).
	Session string

	// pinned is the project the caller's session is pinned to by its
	// transport ("" for none: editor_select's own pin is in Engine.pins);
	// repin moves it (Request.Repin).
	pinned string
	repin  func(hash string) error

	engine *Engine
	// snap is the catalog the call was found in; a sequence's steps are
	// looked up in it too, so a call never builds a catalog.
	snap *catalog.Snapshot
	// selector is the project as the caller gave it; target is what it
	// resolved to, once.
	selector  string
	resolved  bool
	target    Target
	targetErr *api.ToolError
}

// Target resolves the call's project (once; later calls return the same).
func (c *Call) Target(ctx context.Context) (Target, *api.ToolError) {
	if !c.resolved {
		c.target, c.targetErr = c.engine.Resolve(ctx, c.selector, c.Roots)
		c.resolved = true
	}
	return c.target, c.targetErr
}

// TransportPin is the project the caller's session is pinned to by its
// transport (a URL's ?project=, a stdio stream's --project), "" for none.
func (c *Call) TransportPin() string { return c.pinned }

// Repin moves a session pinned by its transport to another project
// (Request.Repin); nil for a session pinned by its URL, which cannot move.
func (c *Call) Repin() func(hash string) error { return c.repin }

// Snapshot is the catalog the call was found in.
func (c *Call) Snapshot() *catalog.Snapshot { return c.snap }

// StepTool looks up a sequence step's tool in the call's snapshot, by
// its name or isuzu's (engine/isuzu): the tool, the name it runs as, and
// the step's arguments in that tool's shape; nil when no tool has the
// name (UnknownTool then says so).
func (c *Call) StepTool(name string, args map[string]any) (*catalog.Tool, string, map[string]any, error) {
	return isuzu.StepTool(c.snap, name, args)
}

// UnknownTool is the error for a name no tool of the call's snapshot has.
func (c *Call) UnknownTool(name string) *api.ToolError { return c.engine.unknownTool(c.snap, name) }

// RunStep runs tool (from StepTool) as a step of the call: in its snapshot
// and target t, for its session, with the arguments checked as a call's.
func (c *Call) RunStep(ctx context.Context, t Target, tool *catalog.Tool, args map[string]any) (json.RawMessage, *api.ToolError) {
	sc := &Call{Roots: c.Roots, Progress: c.Progress, Session: c.Session, engine: c.engine, snap: c.snap}
	sc.setTarget(t)
	return c.engine.run(ctx, sc, tool, args)
}

// Engine is the engine the call runs in: a daemon tool reaches the
// editors (Engine.Hub), the state folder (Engine.State) and the session
// state through it.
func (c *Call) Engine() *Engine { return c.engine }

func (c *Call) setTarget(t Target) {
	c.target, c.targetErr, c.resolved, c.selector = t, nil, true, t.Hash
}

// Editor resolves the call's project to its connected editor.
func (c *Call) Editor(ctx context.Context) (api.EditorInfo, *api.ToolError) {
	t, terr := c.Target(ctx)
	if terr != nil {
		return api.EditorInfo{}, terr
	}
	if t.Info == nil || !t.Info.Connected() {
		return api.EditorInfo{}, c.engine.NotConnected(t)
	}
	return *t.Info, nil
}

// Call runs a tool and returns its response object with Ver, or a tool
// error. It never returns a Go error: bugs become internal_error.
func (e *Engine) Call(ctx context.Context, req Request) (json.RawMessage, *api.ToolError) {
	c := &Call{Roots: req.Roots, Progress: req.Progress, Session: req.Session, repin: req.Repin, engine: e}
	hash := ""
	if req.Project == "" {
		// A session pinned by editor_select keeps its (unpinned) catalog;
		// its calls resolve to the chosen project.
		c.selector = e.SessionPin(req.Session)
	}
	if req.Project != "" {
		t, terr := e.Resolve(ctx, req.Project, nil)
		if terr != nil {
			return nil, terr
		}
		c.setTarget(t)
		hash = t.Hash
		c.pinned = hash
	}
	c.snap = e.Snapshot(hash)
	tool := c.snap.Lookup(req.Tool)
	if tool == nil && e.flushDefinitions() { // a definition written a moment ago
		c.snap = e.Snapshot(hash)
		tool = c.snap.Lookup(req.Tool)
	}
	if tool == nil {
		return nil, e.unknownTool(c.snap, req.Tool)
	}
	if tool.Source == api.SourceDefinition && hash == "" {
		// Definitions belong to a project: route first, then take that
		// project's definition of the name (it may override a shared one).
		t, terr := c.Target(ctx)
		if terr != nil {
			return nil, terr
		}
		c.snap = e.Snapshot(t.Hash)
		if tool = c.snap.Lookup(req.Tool); tool == nil {
			return nil, api.Errorf(api.CodeUnknownTool, "%s is a definition of another project, not of %s; pin that project", req.Tool, t.Path())
		}
	}
	// Numbers as written (json.Number): an id past 2^53 keeps its digits;
	// params.Check gives every other number the float64 it always had.
	raw, err := params.Decode(req.Args)
	if err != nil {
		return nil, api.Errorf(api.CodeInvalidParams, "%s: arguments must be a JSON object: %v", req.Tool, err)
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, e.opt.CallTimeout)
		defer cancel()
	}
	res, terr := e.run(ctx, c, tool, raw)
	if tool.Name != req.Tool { // called by the name it had (catalog.Renamed)
		return renamedAnswer(req.Tool, tool.Name, res, terr)
	}
	return res, terr
}

// run checks a call's arguments and runs its tool: a definition, a
// daemon-native tool, or a tool of the editor.
func (e *Engine) run(ctx context.Context, c *Call, tool *catalog.Tool, raw map[string]any) (json.RawMessage, *api.ToolError) {
	if e.builtinByName[tool.Name] == tool { // a built-in's arguments in isuzu's shape (engine/isuzu)
		var terr *api.ToolError
		if raw, terr = isuzu.Shaped(tool.Name, tool.Params, raw); terr != nil {
			return nil, terr
		}
	}
	args, err := params.Check(tool.Name, tool.Params, raw)
	if err != nil {
		return nil, api.Errorf(api.CodeInvalidParams, "%v", err)
	}
	if tool.Check != nil {
		if terr := tool.Check(args); terr != nil {
			return nil, terr
		}
	}
	if tool.Hints.DestructiveHint && tool.HasParam("confirm") && (tool.Writes == nil || tool.Writes(args)) {
		confirm, _ := args["confirm"].(bool)
		dry, _ := args["dry_run"].(bool)
		if !confirm && !dry {
			return nil, e.confirmRequired(ctx, c, tool, raw)
		}
	}
	var answer any
	if tool.Prepare != nil {
		var terr *api.ToolError
		if args, answer, terr = tool.Prepare(c.snap, args); terr != nil {
			return nil, terr
		}
	}
	c.Tool, c.Args = tool, args
	var res json.RawMessage
	if answer != nil { // answered in the daemon (a batch's dry run)
		var err error
		if res, err = json.Marshal(answer); err != nil {
			return nil, api.AsToolError(err)
		}
	} else if h := e.handler(tool); h != nil {
		out, err := h(ctx, c)
		if err != nil {
			return nil, api.AsToolError(err)
		}
		if res, err = json.Marshal(out); err != nil {
			return nil, api.AsToolError(err)
		}
	} else {
		t, terr := c.Target(ctx)
		if terr != nil {
			return nil, terr
		}
		if res, terr = e.callEditorTool(ctx, c, t, tool.Name, args, tool.Hints.IdempotentHint); terr != nil {
			return nil, terr
		}
	}
	res, terr := withVer(res)
	if terr != nil {
		return nil, terr
	}
	if n := tool.MaxResultSizeChars; n > 0 && len(res) > n {
		if chars := utf8.RuneCount(res); chars > n {
			return nil, api.Errorf(api.CodeResultTooLarge, "%s returned %d characters, over its maxResultSizeChars of %d; narrow the request (filters, MaxCount, MaxDepth) or raise the limit", tool.Name, chars, n)
		}
	}
	return res, nil
}

// handler is the daemon-side handler of a tool, nil for an editor tool.
func (e *Engine) handler(t *catalog.Tool) Handler {
	if t.Def != nil {
		if e.opt.Definitions != nil {
			return e.opt.Definitions
		}
		return func(context.Context, *Call) (any, error) {
			return nil, api.Errorf(api.CodeInternal, "%s: the daemon runs no definition tools (engine.Options.Definitions is not set)", t.Name)
		}
	}
	if t.Native {
		if h := e.natives[t.Name]; h != nil {
			return h
		}
		return func(context.Context, *Call) (any, error) {
			return nil, api.Errorf(api.CodeInternal, "%s: the daemon has no handler for this tool of its own (engine.Options.Tools does not name it)", t.Name)
		}
	}
	return nil
}

// EditorTool runs tool name in the editor of t as a step of the call c
// (a daemon tool that asks the editor, as editor_state asks _editor_state),
// mapping bridge failures to tool errors as a call of the editor's own does.
func (c *Call) EditorTool(ctx context.Context, t Target, name string, args map[string]any, idempotent bool) (json.RawMessage, *api.ToolError) {
	return c.engine.callEditorTool(ctx, c, t, name, args, idempotent)
}

// Logger is the engine's logger: a daemon tool that acts on the desktop
// (presses a dialog) records it there.
func (e *Engine) Logger() *slog.Logger { return e.log }

// Unhandled names the catalog's Native built-ins that have no handler
// (Options.Tools misses them), so a test of the wiring can fail on it.
func (e *Engine) Unhandled() []string {
	var out []string
	for _, t := range e.builtins {
		if t.Native && e.natives[t.Name] == nil {
			out = append(out, t.Name)
		}
	}
	return out
}

// callEditorTool runs a tool in the editor of target t and maps bridge
// failures to tool errors.
func (e *Engine) callEditorTool(ctx context.Context, c *Call, t Target, name string, args map[string]any, idempotent bool) (json.RawMessage, *api.ToolError) {
	if t.Info != nil && len(t.Info.Tools) > 0 && !slices.Contains(t.Info.Tools, name) && e.builtinByName[name] != nil {
		return nil, api.Errorf(api.CodeNotSupported, "the editor of %s (package %s) does not implement %s; update the Unity package to the daemon's version %s",
			t.Info.ProjectPath, t.Info.PackageVersion, name, api.Version)
	}
	opt := bridge.CallOptions{Idempotent: idempotent, Session: editorSession(c.Session)}
	if c.Progress != nil {
		opt.Waiting = func(waited time.Duration) {
			c.Progress(waited.Seconds(), 0, fmt.Sprintf("Unity is reloading scripts; %s will run when it is back (waited %.0fs)", name, waited.Seconds()))
		}
	}
	res, err := e.Hub.Call(ctx, t.Hash, name, args, opt)
	if err == nil {
		return res, nil
	}
	var re *bridge.RPCError
	var be *bridge.BlockedError
	switch {
	case errors.Is(err, bridge.ErrNotConnected):
		return nil, e.NotConnected(t)
	case errors.As(err, &be):
		return nil, blockedError(t, name, be)
	case errors.Is(err, bridge.ErrReloadLimit):
		return nil, api.Errorf(api.CodeInterrupted, "%s: %v; the editor keeps reloading scripts (an import or compile loop?) — look at the Unity window and get-logs, then call it again", name, err)
	case errors.Is(err, bridge.ErrInterrupted):
		return nil, api.Errorf(api.CodeInterrupted, "Unity reloaded scripts while running %s; it is not safe to run again on its own, so it was not re-sent. Check the editor state (get-logs) and call it again if needed", name)
	case errors.Is(err, bridge.ErrQuit):
		return nil, api.Errorf(api.CodeEditorDisconnected, "the Unity editor of %s quit while running %s; whether it took effect is unknown", t.Path(), name)
	case errors.Is(err, bridge.ErrStopping):
		return nil, api.Errorf(api.CodeDaemonStopping, "the unitymcp daemon is shutting down (quit or restart) while %s was running or waiting for the editor of %s; whether it took effect is unknown — call again once the daemon is back", name, t.Path())
	case errors.Is(err, bridge.ErrDisconnected):
		return nil, api.Errorf(api.CodeEditorDisconnected, "the Unity editor of %s disconnected without warning (closed or crashed) while running %s; whether it took effect is unknown", t.Path(), name)
	case errors.Is(err, context.DeadlineExceeded):
		return nil, api.Errorf(api.CodeDeadline, "%s did not finish before its deadline; the editor may be busy (a modal dialog, a long import) — look at the Unity window", name)
	case errors.Is(err, context.Canceled):
		return nil, api.Errorf(api.CodeCancelled, "%s was cancelled by the client", name)
	case errors.As(err, &re):
		if code := re.ToolCode(); code != "" {
			te := &api.ToolError{Code: code, Message: re.Message}
			var data map[string]any
			if json.Unmarshal(re.Data, &data) == nil {
				delete(data, "code")
				if len(data) > 0 {
					te.Data = data
				}
			}
			return nil, te
		}
		return nil, api.Errorf(api.CodeEditorError, "the editor failed to run %s: %s", name, re.Message)
	}
	return nil, api.Errorf(api.CodeEditorError, "calling %s in the editor: %v", name, err)
}

// editorSession is the id the editor knows a call's MCP session by (the
// frame's "session": undo and redo take back that session's own calls):
// the first 16 hex digits of SHA-256 of the session's key — never the
// Mcp-Session-Id itself, which on Streamable HTTP lets whoever holds it
// act as the session — or "cli" for a call without a session of its own
// (REST and the CLI, a stateless MCP request). A sequence's steps carry
// their caller's Session, so they share its id.
func editorSession(session string) string {
	if !Pinnable(session) {
		return "cli"
	}
	sum := sha256.Sum256([]byte(session))
	return hex.EncodeToString(sum[:8])
}

// withVer appends "Ver" to a JSON object without re-encoding it.
func withVer(res json.RawMessage) (json.RawMessage, *api.ToolError) {
	s := bytes.TrimSpace(res)
	if len(s) < 2 || s[0] != '{' || s[len(s)-1] != '}' {
		return nil, api.Errorf(api.CodeEditorError, "the editor answered with something that is not a JSON object: %.200s", s)
	}
	if bytes.Contains(s, []byte(`"Ver"`)) {
		var m map[string]any
		if json.Unmarshal(res, &m) == nil {
			if _, ok := m["Ver"]; ok {
				m["Ver"] = api.Version
				b, _ := json.Marshal(m)
				return b, nil
			}
		}
	}
	body := bytes.TrimSpace(s[1 : len(s)-1])
	out := make([]byte, 0, len(s)+len(verField)+2)
	out = append(out, '{')
	if len(body) > 0 {
		out = append(append(out, body...), ',')
	}
	return append(append(out, verField...), '}'), nil
}

// verField is `"Ver":"<version>"`, the field every answer ends with.
var verField = func() []byte {
	v, _ := json.Marshal(api.Version)
	return append([]byte(`"Ver":`), v...)
}()

// confirmRequired refuses a destructive call made without confirm. A tool
// that has a dry run is run as one first, so the refusal already says what
// the call would do (a prefab_apply lists the overrides it would write to the
// asset) and the agent decides with that in hand, in one turn instead of two.
func (e *Engine) confirmRequired(ctx context.Context, c *Call, tool *catalog.Tool, raw map[string]any) *api.ToolError {
	if !tool.HasParam("dry_run") {
		return api.Errorf(api.CodeConfirmRequired, "'%s' is destructive. Pass confirm=true to execute it.", tool.Name)
	}
	terr := api.Errorf(api.CodeConfirmRequired, "'%s' is destructive. Pass confirm=true to execute it, or dry_run=true to see what it would affect.", tool.Name)
	dry := maps.Clone(raw)
	if dry == nil {
		dry = map[string]any{}
	}
	dry["dry_run"] = true
	delete(dry, "confirm")
	res, derr := e.run(ctx, c, tool, dry)
	if derr != nil {
		return terr // the real call would fail the same way; the agent sees that once it confirms
	}
	terr.Message = fmt.Sprintf("'%s' is destructive. Its dry run (data.dry_run) says what it would do; pass confirm=true to do it.", tool.Name)
	terr.Data = map[string]any{"dry_run": res}
	return terr
}
