package engine

import (
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/console"
)

// What the engine does with an editor's events beside the call path: the
// Console and compile results go to the console store (engine/console),
// state changes to the event bus, and a project the hub forgot is dropped
// everywhere the engine keeps it.

// OnUpdate registers fn to run after an editor's Console, compile result
// or state changed. fn runs on a bridge connection's read loop: it must
// not block.
func (e *Engine) OnUpdate(fn func(console.Update)) { e.console.OnUpdate(fn) }

// Console returns the editor's recent Console entries, oldest first, and
// how many it reported it could not send.
func (e *Engine) Console(hash string) ([]console.Entry, int64) { return e.console.Entries(hash) }

// LastCompile returns the editor's last compile result, if it reported one
// since the daemon started.
func (e *Engine) LastCompile(hash string) (console.CompileRecord, bool) {
	return e.console.LastCompile(hash)
}

// SessionEditor is the editor whose Console a session not pinned by its
// URL follows: the one it chose with editor_select, else the only
// connected editor; "" when neither.
func (e *Engine) SessionEditor(session string) string {
	if h := e.SessionPin(session); h != "" {
		return h
	}
	only := ""
	for _, ed := range e.Hub.Editors() {
		if ed.Connected() {
			if only != "" {
				return ""
			}
			only = ed.ProjectHash
		}
	}
	return only
}

// editorEvent is the hub's OnEvent. Console batches are kept, not
// published: /events is for state changes, and a log storm there would
// crowd them out of slow subscribers' buffers.
func (e *Engine) editorEvent(hash string, ev bridge.Event) {
	switch ev.Type {
	case bridge.EventConsole:
		e.console.Logged(hash, ev.Data)
		return
	case api.EventCompileFinished:
		e.console.Compiled(hash, ev.Data, time.Now())
	}
	e.Events.Publish(api.Event{Type: ev.Type, Project: hash, Data: ev.Data})
}

// forgetProject drops what the engine keeps of a project whose editor the
// hub forgot (bridge.Options.OnForget: its folder is gone, or it made room
// for another): its Console, compile result and state, declared tools,
// catalog, definition set and descriptor, and its definitions folder in the
// state folder when it is empty.
func (e *Engine) forgetProject(hash string) {
	e.console.Forget(hash)
	e.mu.Lock()
	_, declared := e.declared[hash]
	delete(e.declared, hash)
	delete(e.connected, hash)
	e.mu.Unlock()
	e.buildMu.Lock()
	next := maps.Clone(*e.snaps.Load())
	delete(next, hash)
	e.snaps.Store(&next)
	e.buildMu.Unlock()
	e.defs.loadMu.Lock()
	delete(e.defs.applied, hash)
	e.defs.loadMu.Unlock()
	e.defs.mu.Lock()
	delete(e.defs.sets, hash)
	e.defs.mu.Unlock()
	if e.persist != nil {
		e.persist.remove(hash)
	}
	if e.opt.State.Root != "" {
		os.Remove(e.opt.State.ToolsDir(hash)) // only when empty: the user's definition files stay
	}
	if declared { // the unpinned catalog listed its tools
		e.rebuild("")
		e.notify("")
	}
}

// projectGone reports whether an editor's project folder is gone (its
// Assets folder, the data path, no longer exists). A path that is not
// absolute on this OS — an editor's on another — is never gone.
func projectGone(info api.EditorInfo) bool {
	p := filepath.FromSlash(info.DataPath)
	if p == "" || !filepath.IsAbs(p) {
		return false
	}
	_, err := os.Stat(p)
	return errors.Is(err, fs.ErrNotExist)
}
