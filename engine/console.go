package engine

import (
	"encoding/json"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
)

// What the daemon keeps of each editor for the MCP resources and logging
// (docs/architecture.md, "The Console as MCP logging and resources"): a
// bounded ring of its recent Console entries and its last compile result.
// Both are fed from the editor's events on the connection's read loop, so
// everything here is a map update under a mutex and a call of the
// listeners, which must not block either.

// ConsoleRingSize is how many recent Console entries are kept per editor.
const ConsoleRingSize = 500

// ConsoleRingBytes bounds the texts of one editor's kept entries together
// (each entry is cut to bridge.MaxConsoleMessage and MaxConsoleStack, so
// 500 of them could hold 6 MiB); the oldest go first beyond it. With the
// hub's bound on the projects kept, what the Console costs the daemon is
// bounded whatever the editors send.
const ConsoleRingBytes = 2 << 20

// maxLogType bounds an entry's type (Unity's LogType names are short).
const maxLogType = 32

// ConsoleEntry is one Console entry as the daemon keeps it: Seq numbers an
// editor's entries in the order the daemon received them (it survives
// domain reloads, not daemon restarts).
type ConsoleEntry struct {
	Seq int64 `json:"seq"`
	bridge.ConsoleEntry
}

// CompileRecord is an editor's last compile.finished: when the daemon got
// it and its data as the editor sent it (api.CompileFinished and warnings).
type CompileRecord struct {
	Time   time.Time       `json:"time"`
	Result json.RawMessage `json:"result"`
}

// UpdateKind says what an Update is about.
type UpdateKind int

const (
	// UpdateConsole: new Console entries (Update.Entries).
	UpdateConsole UpdateKind = iota + 1
	// UpdateCompile: a new last compile result.
	UpdateCompile
	// UpdateEditors: an editor's state changed; Update.ListChanged when it
	// came or went.
	UpdateEditors
)

// Update tells listeners that what the daemon keeps of an editor changed.
type Update struct {
	Kind    UpdateKind
	Project string
	// Entries are the new Console entries (UpdateConsole).
	Entries []ConsoleEntry
	// Dropped counts entries the editor could not send (UpdateConsole).
	Dropped int
	// ListChanged is true when the editor connected or went away.
	ListChanged bool
}

type consoleState struct {
	mu        sync.Mutex
	rings     map[string]*consoleRing
	compile   map[string]CompileRecord
	seen      map[string]editorSeen
	listeners []func(Update)
}

// editorSeen is the part of an editor's info the editors resource shows
// that can change while it stays connected.
type editorSeen struct {
	state     api.EditorState
	playMode  string
	epoch     int
	connected bool
}

type consoleRing struct {
	buf     []ConsoleEntry // circular: the oldest at head, n entries
	head, n int
	bytes   int // of the kept entries' texts (entrySize)
	seq     int64
	dropped int64 // entries the editor reported it could not send
}

// entrySize is what an entry's texts cost the ring.
func entrySize(e bridge.ConsoleEntry) int {
	return len(e.Type) + len(e.Message) + len(e.StackTrace) + 32
}

func (r *consoleRing) add(e bridge.ConsoleEntry) ConsoleEntry {
	r.seq++
	ce := ConsoleEntry{Seq: r.seq, ConsoleEntry: e}
	size := entrySize(e)
	for r.n > 0 && (r.n == ConsoleRingSize || r.bytes+size > ConsoleRingBytes) {
		r.bytes -= entrySize(r.buf[r.head].ConsoleEntry)
		r.buf[r.head] = ConsoleEntry{}
		r.head = (r.head + 1) % len(r.buf)
		r.n--
	}
	if len(r.buf) < ConsoleRingSize && r.n == len(r.buf) { // grow while not full
		grown := make([]ConsoleEntry, 0, min(max(2*len(r.buf), 16), ConsoleRingSize))
		grown = append(grown, r.list()...)
		r.buf, r.head = grown[:cap(grown)], 0
	}
	r.buf[(r.head+r.n)%len(r.buf)] = ce
	r.n++
	r.bytes += size
	return ce
}

func (r *consoleRing) list() []ConsoleEntry {
	out := make([]ConsoleEntry, 0, r.n)
	for i := 0; i < r.n; i++ {
		out = append(out, r.buf[(r.head+i)%len(r.buf)])
	}
	return out
}

// OnUpdate registers fn to run after an editor's Console, compile result
// or state changed. fn runs on a bridge connection's read loop: it must
// not block.
func (e *Engine) OnUpdate(fn func(Update)) {
	e.console.mu.Lock()
	e.console.listeners = append(e.console.listeners, fn)
	e.console.mu.Unlock()
}

func (e *Engine) updated(u Update) {
	e.console.mu.Lock()
	ls := e.console.listeners
	e.console.mu.Unlock()
	for _, fn := range ls {
		fn(u)
	}
}

// Console returns the editor's recent Console entries, oldest first, and
// how many it reported it could not send.
func (e *Engine) Console(hash string) ([]ConsoleEntry, int64) {
	e.console.mu.Lock()
	defer e.console.mu.Unlock()
	r := e.console.rings[hash]
	if r == nil {
		return []ConsoleEntry{}, 0
	}
	return r.list(), r.dropped
}

// LastCompile returns the editor's last compile result, if it reported one
// since the daemon started.
func (e *Engine) LastCompile(hash string) (CompileRecord, bool) {
	e.console.mu.Lock()
	defer e.console.mu.Unlock()
	c, ok := e.console.compile[hash]
	return c, ok
}

// SessionEditor is the editor whose Console a session not pinned by its
// URL follows: the one it chose with editor_select, else the only
// connected editor; "" when neither.
func (e *Engine) SessionEditor(session string) string {
	if h := e.pinnedHash(session); h != "" {
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
		e.consoleLogged(hash, ev.Data)
		return
	case api.EventCompileFinished:
		e.compiled(hash, ev.Data)
	}
	e.Events.Publish(api.Event{Type: ev.Type, Project: hash, Data: ev.Data})
}

func (e *Engine) consoleLogged(hash string, data json.RawMessage) {
	var b bridge.ConsoleBatch
	if json.Unmarshal(data, &b) != nil {
		return
	}
	if len(b.Entries) > bridge.MaxConsoleBatch {
		b.Dropped += len(b.Entries) - bridge.MaxConsoleBatch
		b.Entries = b.Entries[len(b.Entries)-bridge.MaxConsoleBatch:]
	}
	cs := &e.console
	cs.mu.Lock()
	if cs.rings == nil {
		cs.rings = map[string]*consoleRing{}
	}
	r := cs.rings[hash]
	if r == nil || b.Cleared {
		seq := int64(0)
		if r != nil {
			seq = r.seq
		}
		r = &consoleRing{seq: seq}
		cs.rings[hash] = r
	}
	r.dropped += int64(b.Dropped)
	added := make([]ConsoleEntry, 0, len(b.Entries))
	for _, en := range b.Entries {
		en.Type = api.Cut(en.Type, maxLogType)
		en.Message = api.Cut(en.Message, bridge.MaxConsoleMessage)
		en.StackTrace = api.Cut(en.StackTrace, bridge.MaxConsoleStack)
		added = append(added, r.add(en))
	}
	cs.mu.Unlock()
	if len(added) > 0 || b.Cleared || b.Dropped > 0 {
		e.updated(Update{Kind: UpdateConsole, Project: hash, Entries: added, Dropped: b.Dropped})
	}
}

func (e *Engine) compiled(hash string, data json.RawMessage) {
	if len(data) == 0 {
		data = json.RawMessage("{}")
	}
	cs := &e.console
	cs.mu.Lock()
	if cs.compile == nil {
		cs.compile = map[string]CompileRecord{}
	}
	cs.compile[hash] = CompileRecord{Time: time.Now(), Result: append(json.RawMessage(nil), data...)}
	cs.mu.Unlock()
	e.updated(Update{Kind: UpdateCompile, Project: hash})
}

// editorSeenChanged tells listeners when what the editors resource shows
// of an editor changed (editorChanged runs on every event, most of which
// change nothing there).
func (e *Engine) editorSeenChanged(info api.EditorInfo) {
	now := editorSeen{state: info.State, playMode: info.PlayMode, epoch: info.Epoch, connected: info.Connected()}
	cs := &e.console
	cs.mu.Lock()
	if cs.seen == nil {
		cs.seen = map[string]editorSeen{}
	}
	was, known := cs.seen[info.ProjectHash]
	cs.seen[info.ProjectHash] = now
	cs.mu.Unlock()
	if known && was == now {
		return
	}
	e.updated(Update{Kind: UpdateEditors, Project: info.ProjectHash, ListChanged: was.connected != now.connected})
}

// cut shortens s to at most n bytes, on a rune boundary, marking the cut.
func cut(s string, n int) string { return api.Cut(s, n) }

// forgetProject drops what the engine keeps of a project whose editor the
// hub forgot (bridge.Options.OnForget: its folder is gone, or it made room
// for another): its Console, compile result and state, declared tools,
// catalog, definition set and descriptor, and its definitions folder in the
// state folder when it is empty.
func (e *Engine) forgetProject(hash string) {
	cs := &e.console
	cs.mu.Lock()
	delete(cs.rings, hash)
	delete(cs.compile, hash)
	delete(cs.seen, hash)
	cs.mu.Unlock()
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
