// Package engine is the daemon's core: it keeps one immutable catalog
// snapshot per project (package catalog holds what a snapshot is made of),
// checks arguments, routes a call to its project once, hands the daemon's
// own tools and definition tools to the handlers it was given
// (Options.Tools from engine/tools, Options.Definitions from
// engine/definitions/run; it imports neither), and sends the rest through
// the editor bridge.
// Front ends (MCP, REST, CLI) see only engine and api types; the MCP library
// lives in engine/server.
package engine

import (
	"context"
	"log/slog"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/catalog"
	"github.com/unitymcp/unitymcp/engine/console"
	"github.com/unitymcp/unitymcp/engine/definitions"
	"github.com/unitymcp/unitymcp/engine/state"
	"github.com/unitymcp/unitymcp/engine/unityinstall"
	"github.com/unitymcp/unitymcp/platform"
)

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
	// Unity is where editor_open looks for installed editors (nil: this OS).
	Unity *unityinstall.Env
	// Tools are the daemon's own tools by name (engine/tools.All(), wired
	// by the daemon): the engine runs them for the catalog's Native
	// built-ins. A Native built-in with no handler here answers an
	// internal error naming it.
	Tools map[string]Handler
	// Definitions runs every definition tool (engine/definitions/run,
	// wired by the daemon); nil: a definition tool answers an internal
	// error.
	Definitions Handler
}

// Engine ties the catalog, the editors and the event bus together.
type Engine struct {
	log    *slog.Logger
	opt    Options
	Hub    *bridge.Hub
	Events *Bus

	builtins      []*catalog.Tool
	builtinByName map[string]*catalog.Tool
	natives       map[string]Handler // Options.Tools

	// mu guards declared and connected; buildMu serialises catalog
	// rebuilds, so a slow, older build never replaces a newer snapshot.
	mu        sync.Mutex
	declared  map[string][]*catalog.Tool
	connected map[string]bool
	buildMu   sync.Mutex
	snaps     atomic.Pointer[map[string]*catalog.Snapshot]
	builds    atomic.Int64

	lmu       sync.Mutex
	listeners []func(hash string)

	// pathHints maps hashes of projects pinned by folder to that folder.
	pathHints sync.Map
	// pins maps a session to the project it chose with editor_select.
	pins sync.Map
	// listGroups maps a session to the groups tool_groups set for it.
	listGroups sync.Map
	// listChange are OnListChange's listeners (under lmu).
	listChange []func(session string)

	defs    defState
	persist *persister
	console console.Store // recent Console entries, last compiles, seen states
}

// Handler runs a daemon-native tool. It returns the response object
// (without Ver; anything that encodes as a JSON object) or a ToolError.
// A handler outside this package sees the call through Call's and
// Engine's exported methods (Call.Engine, Call.Target, Call.Editor).
type Handler func(ctx context.Context, call *Call) (any, error)

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
	e := &Engine{log: opt.Logger, opt: opt, Events: &Bus{}, declared: map[string][]*catalog.Tool{},
		connected: map[string]bool{}, builtinByName: map[string]*catalog.Tool{},
		defs: defState{sets: map[string]*definitions.Set{}}}
	e.snaps.Store(&map[string]*catalog.Snapshot{})
	e.builtins = catalog.Builtins()
	for _, t := range e.builtins {
		e.builtinByName[t.Name] = t
	}
	e.natives = opt.Tools
	hopt := opt.Hub
	hopt.Logger = opt.Logger
	hopt.DaemonVersion = api.Version
	hopt.OnChange = e.editorChanged
	// A blocked editor (a modal dialog, a hung process) stays connected
	// while its process runs; the dialogs are read from the desktop.
	if hopt.Alive == nil {
		hopt.Alive = platform.ProcessAlive
	}
	if hopt.Dialogs == nil {
		hopt.Dialogs = modalDialogs
	}
	hopt.OnEvent = e.editorEvent
	// Per-project state is kept for projects that exist, and for a bounded
	// number of them (editor_events.go, bridge/hub_forget.go).
	if hopt.Gone == nil {
		hopt.Gone = projectGone
	}
	hopt.OnForget = e.forgetProject
	e.Hub = bridge.NewHub(hopt)
	if opt.State.Root != "" {
		e.persist = newPersister(opt.State, opt.Logger)
		known := opt.State.Instances()
		// The most recently seen first: the hub keeps a bounded number.
		sort.SliceStable(known, func(i, j int) bool { return known[i].LastSeen.After(known[j].LastSeen) })
		for _, in := range known {
			info := in.EditorInfo
			info.PlayMode, info.Epoch, info.Dialogs = "", 0, nil // of a connection that has ended
			info.DeclaredTools = api.BoundDeclared(info.DeclaredTools)
			if hopt.Gone(info) {
				e.persist.remove(in.ProjectHash)
				continue
			}
			// An editor whose process still runs had a connection to the previous
			// daemon (this one was restarted under it): it dials again within
			// seconds, so its calls wait for it instead of failing meanwhile.
			if in.PID > 0 && in.State != api.StateDisconnected && platform.ProcessAlive(in.PID) {
				e.Hub.Expect(info)
			} else {
				e.Hub.Remember(info)
			}
			if _, kept := e.Hub.Editor(in.ProjectHash); kept {
				e.setDeclared(in.ProjectHash, info.DeclaredTools)
			}
		}
	}
	return e
}

// Close writes what is still queued for the state directory (the editors'
// last descriptors) and stops the writer. Call it after Hub.Close.
func (e *Engine) Close() {
	if e.persist != nil {
		e.persist.close()
	}
}

// OnCatalogChange registers fn to run after a project's catalog changed
// ("" means every project's: sessions not pinned rebuild on any change).
func (e *Engine) OnCatalogChange(fn func(hash string)) {
	e.lmu.Lock()
	e.listeners = append(e.listeners, fn)
	e.lmu.Unlock()
}

// editorChanged is the hub's OnChange. It may run on a connection's read
// loop (an event changed the editor's state), so it does nothing slow
// there: the descriptor goes to the persister, the event to the bus. Only a
// hello (declared tools changed, never on the read loop) or a connection
// that came or went rebuilds catalogs.
func (e *Engine) editorChanged(info api.EditorInfo, toolsChanged bool) {
	if e.persist != nil {
		e.persist.put(state.Instance{EditorInfo: info, MCPURL: e.opt.MCPURL(info.ProjectHash)})
	}
	typ := api.EventEditorState
	switch info.State {
	case api.StateDisconnected:
		typ = api.EventEditorDisconnected
	case api.StateConnected:
		if toolsChanged {
			typ = api.EventEditorConnected
		}
	}
	e.publish(typ, info.ProjectHash, info)
	e.console.EditorChanged(info)
	e.mu.Lock()
	flipped := e.connected[info.ProjectHash] != info.Connected()
	e.connected[info.ProjectHash] = info.Connected()
	e.mu.Unlock()
	switch {
	case toolsChanged:
		e.setDeclared(info.ProjectHash, info.DeclaredTools)
		// Sequences may call the tools the editor declares: check again.
		e.loadDefinitions(info.ProjectHash)
		e.catalogChanged(info.ProjectHash)
	case flipped:
		// The unpinned catalog lists the connected editors' definitions first.
		e.rebuild("")
		e.notify("")
	}
}

// State returns the state directory.
func (e *Engine) State() state.Dir { return e.opt.State }

// UnityEnv is where editor_open looks for installed editors
// (Options.Unity, else this OS's places).
func (e *Engine) UnityEnv() unityinstall.Env {
	if e.opt.Unity != nil {
		return *e.opt.Unity
	}
	return unityinstall.OSEnv(runtime.GOOS)
}
