package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/definitions"
	"github.com/unitymcp/unitymcp/engine/params"
	"github.com/unitymcp/unitymcp/engine/state"
	"github.com/unitymcp/unitymcp/platform"
)

// Version of the daemon, stamped at build time with -ldflags
// "-X github.com/unitymcp/unitymcp/engine.Version=…".
var Version = "0.1.0-dev"

// Options configure an Engine.
type Options struct {
	Logger *slog.Logger
	State  state.Dir
	// MCPURL returns the MCP endpoint URL pinned to a project hash.
	MCPURL func(hash string) string
	// CallTimeout bounds a call that has no deadline of its own.
	CallTimeout time.Duration
	// Hub options (heartbeat, reload grace) — OnChange/OnEvent are set here.
	Hub bridge.Options
}

// Engine ties the catalog, the editors and the event bus together.
type Engine struct {
	log    *slog.Logger
	opt    Options
	Hub    *bridge.Hub
	Events *Bus

	builtins      []*Tool
	builtinByName map[string]*Tool

	mu       sync.RWMutex
	declared map[string][]*Tool

	lmu       sync.Mutex
	listeners []func(hash string)

	// pathHints maps hashes of projects pinned by folder to that folder.
	pathHints sync.Map

	defs defState
}

// New builds an engine and loads the editors known from earlier runs.
func New(opt Options) *Engine {
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.DiscardHandler)
	}
	if opt.CallTimeout == 0 {
		opt.CallTimeout = 10 * time.Minute
	}
	if opt.MCPURL == nil {
		opt.MCPURL = func(string) string { return "" }
	}
	e := &Engine{log: opt.Logger, opt: opt, Events: &Bus{}, declared: map[string][]*Tool{}, builtinByName: map[string]*Tool{},
		defs: defState{sets: map[string]*definitions.Set{}}}
	e.builtins = Builtins()
	for _, t := range e.builtins {
		e.builtinByName[t.Name] = t
	}
	hopt := opt.Hub
	hopt.Logger = opt.Logger
	hopt.DaemonVersion = Version
	hopt.OnChange = e.editorChanged
	hopt.OnEvent = func(hash string, ev bridge.Event) {
		e.Events.Publish(Event{Type: ev.Type, Project: hash, Data: ev.Data})
	}
	e.Hub = bridge.NewHub(hopt)
	if opt.State.Root != "" {
		for _, in := range opt.State.Instances() {
			info := bridge.EditorInfo{ProjectHash: in.ProjectHash, ProjectPath: in.ProjectPath, DataPath: in.DataPath,
				ProductName: in.ProductName, UnityVersion: in.UnityVersion, PackageVersion: in.PackageVersion,
				PID: in.PID, Simulator: in.Simulator, Tools: in.Tools, LastSeen: in.LastSeen}
			for _, raw := range in.DeclaredTools {
				var d bridge.DeclaredTool
				if json.Unmarshal(raw, &d) == nil {
					info.DeclaredTools = append(info.DeclaredTools, d)
				}
			}
			// An editor whose process still runs had a connection to the previous
			// daemon (this one was restarted under it): it dials again within
			// seconds, so its calls wait for it instead of failing meanwhile.
			if in.PID > 0 && in.State != bridge.StateDisconnected && platform.ProcessAlive(in.PID) {
				e.Hub.Expect(info)
			} else {
				e.Hub.Remember(info)
			}
			e.setDeclared(in.ProjectHash, info.DeclaredTools)
		}
	}
	return e
}

// OnCatalogChange registers fn to run after a project's catalog changed
// ("" is never passed; sessions not pinned rebuild on any change).
func (e *Engine) OnCatalogChange(fn func(hash string)) {
	e.lmu.Lock()
	e.listeners = append(e.listeners, fn)
	e.lmu.Unlock()
}

func (e *Engine) editorChanged(info bridge.EditorInfo, toolsChanged bool) {
	if toolsChanged {
		e.setDeclared(info.ProjectHash, info.DeclaredTools)
		// Sequences may call the tools the editor declares: check again.
		e.loadDefinitions(info.ProjectHash)
	}
	if e.opt.State.Root != "" {
		in := state.Instance{ProjectHash: info.ProjectHash, ProjectPath: info.ProjectPath, DataPath: info.DataPath,
			ProductName: info.ProductName, UnityVersion: info.UnityVersion, PackageVersion: info.PackageVersion,
			PID: info.PID, State: info.State, Simulator: info.Simulator, MCPURL: e.opt.MCPURL(info.ProjectHash),
			LastSeen: info.LastSeen, Tools: info.Tools}
		for _, d := range info.DeclaredTools {
			b, _ := json.Marshal(d)
			in.DeclaredTools = append(in.DeclaredTools, b)
		}
		if err := e.opt.State.WriteInstance(in); err != nil {
			e.log.Warn("writing instance descriptor", "err", err)
		}
	}
	typ := EventEditorState
	switch info.State {
	case bridge.StateDisconnected:
		typ = EventEditorDisconnected
	case bridge.StateConnected:
		if toolsChanged {
			typ = EventEditorConnected
		}
	}
	e.Events.Publish(Event{Type: typ, Project: info.ProjectHash, Data: info})
	if toolsChanged {
		e.catalogChanged(info.ProjectHash)
	}
}

func (e *Engine) catalogChanged(hash string) {
	e.Events.Publish(Event{Type: EventCatalogChanged, Project: hash})
	e.lmu.Lock()
	ls := append([]func(string){}, e.listeners...)
	e.lmu.Unlock()
	for _, fn := range ls {
		fn(hash)
	}
}

// ProgressFunc reports progress to the caller (MCP progress notifications).
type ProgressFunc func(progress, total float64, message string)

// RootsFunc returns the MCP client's root folders, used to pick an editor
// for a session that is not pinned to a project.
type RootsFunc func(ctx context.Context) ([]string, error)

// Call is one tool call on its way through the engine.
type Call struct {
	Tool *Tool
	// Args are the checked arguments with defaults filled in.
	Args map[string]any
	// Project is the project selector given by the caller ("" = unpinned).
	Project  string
	Roots    RootsFunc
	Progress ProgressFunc
	// Session identifies the caller's MCP session (probe diffs are kept
	// per session).
	Session string

	engine *Engine
}

// Editor resolves the call's project to its editor.
func (c *Call) Editor(ctx context.Context) (bridge.EditorInfo, *ToolError) {
	t, terr := c.engine.Resolve(ctx, c.Project, c.Roots)
	if terr != nil {
		return bridge.EditorInfo{}, terr
	}
	if t.Info == nil || !t.Info.Connected() {
		return bridge.EditorInfo{}, c.engine.notConnected(t)
	}
	return *t.Info, nil
}

// Request is a call as a front end hands it over.
type Request struct {
	Project  string
	Tool     string
	Args     json.RawMessage
	Roots    RootsFunc
	Progress ProgressFunc
	Session  string
}

// Call runs a tool and returns its response object with Ver, or a tool
// error. It never returns a Go error: bugs become internal_error.
func (e *Engine) Call(ctx context.Context, req Request) (json.RawMessage, *ToolError) {
	hash := ""
	if req.Project != "" {
		t, terr := e.Resolve(ctx, req.Project, nil)
		if terr != nil {
			return nil, terr
		}
		hash = t.Hash
		req.Project = t.Hash
	}
	tool := e.Lookup(hash, req.Tool)
	if tool == nil {
		return nil, e.unknownTool(hash, req.Tool)
	}
	if tool.Source == "definition" && hash == "" {
		// Definitions belong to a project: route first, then take that
		// project's definition of the name (it may override a shared one).
		t, terr := e.Resolve(ctx, "", req.Roots)
		if terr != nil {
			return nil, terr
		}
		pt := e.Lookup(t.Hash, req.Tool)
		if pt == nil {
			return nil, Errorf(CodeUnknownTool, "%s is a definition of another project, not of %s; pin that project", req.Tool, t.Path())
		}
		tool, req.Project = pt, t.Hash
	}
	var raw map[string]any
	if len(req.Args) > 0 && string(req.Args) != "null" {
		if err := json.Unmarshal(req.Args, &raw); err != nil {
			return nil, Errorf(CodeInvalidParams, "%s: arguments must be a JSON object: %v", req.Tool, err)
		}
	}
	args, err := params.Check(tool.Name, tool.Params, raw)
	if err != nil {
		return nil, Errorf(CodeInvalidParams, "%v", err)
	}
	if tool.Check != nil {
		if terr := tool.Check(args); terr != nil {
			return nil, terr
		}
	}
	if tool.Destructive && hasParam(tool, "confirm") {
		confirm, _ := args["confirm"].(bool)
		dry, _ := args["dry_run"].(bool)
		if !confirm && !dry {
			return nil, Errorf(CodeConfirmRequired, "'%s' is destructive. Pass confirm=true to execute it, or dry_run=true to see what it would affect.", tool.Name)
		}
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, e.opt.CallTimeout)
		defer cancel()
	}
	call := &Call{Tool: tool, Args: args, Project: req.Project, Roots: req.Roots, Progress: req.Progress, Session: req.Session, engine: e}
	var res json.RawMessage
	var terr *ToolError
	if tool.Run != nil {
		out, err := tool.Run(ctx, call)
		if err != nil {
			return nil, AsToolError(err)
		}
		b, err := json.Marshal(out)
		if err != nil {
			return nil, AsToolError(err)
		}
		res = b
	} else {
		if dry, _ := args["dry_run"].(bool); dry && tool.Destructive && hasParam(tool, "dry_run") && tool.Source != "editor" {
			b, _ := json.Marshal(dryRun(call))
			res = b
		} else {
			t, terr := e.Resolve(ctx, call.Project, call.Roots)
			if terr != nil {
				return nil, terr
			}
			res, terr = e.callEditorTool(ctx, call, t, tool.Name, args, tool.Idempotent)
			if terr != nil {
				return nil, terr
			}
		}
	}
	res, terr = withVer(res)
	if terr != nil {
		return nil, terr
	}
	if n := tool.MaxResultSizeChars; n > 0 && len(res) > n {
		if chars := utf8.RuneCount(res); chars > n {
			return nil, Errorf(CodeResultTooLarge, "%s returned %d characters, over its maxResultSizeChars of %d; narrow the request (filters, MaxCount, MaxDepth) or raise the limit", tool.Name, chars, n)
		}
	}
	return res, nil
}

// callEditorTool runs a tool in the editor of target t and maps bridge
// failures to tool errors.
func (e *Engine) callEditorTool(ctx context.Context, c *Call, t Target, name string, args map[string]any, idempotent bool) (json.RawMessage, *ToolError) {
	if t.Info != nil && len(t.Info.Tools) > 0 && !contains(t.Info.Tools, name) && e.builtinByName[name] != nil {
		return nil, Errorf(CodeNotSupported, "the editor of %s (package %s) does not implement %s; update the Unity package to the daemon's version %s",
			t.Info.ProjectPath, t.Info.PackageVersion, name, Version)
	}
	opt := bridge.CallOptions{Idempotent: idempotent}
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
	switch {
	case errors.Is(err, bridge.ErrNotConnected):
		return nil, e.notConnected(t)
	case errors.Is(err, bridge.ErrInterrupted):
		return nil, Errorf(CodeInterrupted, "Unity reloaded scripts while running %s; it is not safe to run again on its own, so it was not re-sent. Check the editor state (get-logs) and call it again if needed", name)
	case errors.Is(err, bridge.ErrQuit):
		return nil, Errorf(CodeEditorDisconnected, "the Unity editor of %s quit while running %s; whether it took effect is unknown", t.Path(), name)
	case errors.Is(err, bridge.ErrStopping):
		return nil, Errorf(CodeDaemonStopping, "the unitymcp daemon is shutting down (quit or restart) while %s was running or waiting for the editor of %s; whether it took effect is unknown — call again once the daemon is back", name, t.Path())
	case errors.Is(err, bridge.ErrDisconnected):
		return nil, Errorf(CodeEditorDisconnected, "the Unity editor of %s disconnected without warning (closed or crashed) while running %s; whether it took effect is unknown", t.Path(), name)
	case errors.Is(err, context.DeadlineExceeded):
		return nil, Errorf(CodeDeadline, "%s did not finish before its deadline; the editor may be busy (a modal dialog, a long import) — look at the Unity window", name)
	case errors.Is(err, context.Canceled):
		return nil, Errorf(CodeCancelled, "%s was cancelled by the client", name)
	case errors.As(err, &re):
		if code := re.ToolCode(); code != "" {
			te := &ToolError{Code: code, Message: re.Message}
			var data map[string]any
			if json.Unmarshal(re.Data, &data) == nil {
				delete(data, "code")
				if len(data) > 0 {
					te.Data = data
				}
			}
			return nil, te
		}
		return nil, Errorf(CodeEditorError, "the editor failed to run %s: %s", name, re.Message)
	}
	return nil, Errorf(CodeEditorError, "calling %s in the editor: %v", name, err)
}

// withVer appends "Ver" to a JSON object without re-encoding it.
func withVer(res json.RawMessage) (json.RawMessage, *ToolError) {
	s := bytes.TrimSpace(res)
	if len(s) < 2 || s[0] != '{' || s[len(s)-1] != '}' {
		return nil, Errorf(CodeEditorError, "the editor answered with something that is not a JSON object: %.200s", s)
	}
	if bytes.Contains(s, []byte(`"Ver"`)) {
		var m map[string]any
		if json.Unmarshal(res, &m) == nil {
			if _, ok := m["Ver"]; ok {
				m["Ver"] = Version
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
	v, _ := json.Marshal(Version)
	return append([]byte(`"Ver":`), v...)
}()

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// State returns the state directory.
func (e *Engine) State() state.Dir { return e.opt.State }

// Refresh rebuilds a project's catalog ("" for all) and tells every front end.
func (e *Engine) Refresh(hash string) {
	e.catalogChanged(hash)
}
