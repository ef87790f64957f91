// Package console keeps what the daemon knows of each editor for the MCP
// logging and resources (docs/architecture.md, "The Console as MCP logging
// and resources"): a bounded ring of its recent Console entries, its last
// compile result, and the part of its state the editors resource shows.
// The engine feeds a Store from the editors' events on a connection's read
// loop, so everything here is a map update under a mutex and a call of the
// listeners, which must not block either. The MCP front reads it through
// the engine and listens to its Updates.
package console

import (
	"encoding/json"
	"sync"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
)

// RingSize is how many recent Console entries are kept per editor.
const RingSize = 500

// RingBytes bounds the texts of one editor's kept entries together (each
// entry is cut to bridge.MaxConsoleMessage and MaxConsoleStack, so 500 of
// them could hold 6 MiB); the oldest go first beyond it. With the hub's
// bound on the projects kept, what the Console costs the daemon is bounded
// whatever the editors send.
const RingBytes = 2 << 20

// MaxLogType bounds an entry's type (Unity's LogType names are short).
const MaxLogType = 32

// Entry is one Console entry as the daemon keeps it: Seq numbers an
// editor's entries in the order the daemon received them (it survives
// domain reloads, not daemon restarts).
type Entry struct {
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
	Entries []Entry
	// Dropped counts entries the editor could not send (UpdateConsole).
	Dropped int
	// ListChanged is true when the editor connected or went away.
	ListChanged bool
}

// Store holds every project's ring, last compile and seen state. The zero
// value is ready to use.
type Store struct {
	mu        sync.Mutex
	rings     map[string]*ring
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

// OnUpdate registers fn to run after an editor's Console, compile result
// or state changed. fn runs on a bridge connection's read loop: it must
// not block.
func (s *Store) OnUpdate(fn func(Update)) {
	s.mu.Lock()
	s.listeners = append(s.listeners, fn)
	s.mu.Unlock()
}

func (s *Store) updated(u Update) {
	s.mu.Lock()
	ls := s.listeners
	s.mu.Unlock()
	for _, fn := range ls {
		fn(u)
	}
}

// Entries returns the editor's recent Console entries, oldest first, and
// how many it reported it could not send.
func (s *Store) Entries(hash string) ([]Entry, int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.rings[hash]
	if r == nil {
		return []Entry{}, 0
	}
	return r.list(), r.dropped
}

// LastCompile returns the editor's last compile result, if it reported one
// since the daemon started.
func (s *Store) LastCompile(hash string) (CompileRecord, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.compile[hash]
	return c, ok
}

// Logged keeps a console event's batch (bridge.ConsoleBatch as the editor
// sent it): entries beyond the bounds are cut, a cleared batch empties the
// ring first. A batch that does not decode is ignored.
func (s *Store) Logged(hash string, data json.RawMessage) {
	var b bridge.ConsoleBatch
	if json.Unmarshal(data, &b) != nil {
		return
	}
	if len(b.Entries) > bridge.MaxConsoleBatch {
		b.Dropped += len(b.Entries) - bridge.MaxConsoleBatch
		b.Entries = b.Entries[len(b.Entries)-bridge.MaxConsoleBatch:]
	}
	s.mu.Lock()
	if s.rings == nil {
		s.rings = map[string]*ring{}
	}
	r := s.rings[hash]
	if r == nil || b.Cleared {
		seq := int64(0)
		if r != nil {
			seq = r.seq
		}
		r = &ring{seq: seq}
		s.rings[hash] = r
	}
	r.dropped += int64(b.Dropped)
	added := make([]Entry, 0, len(b.Entries))
	for _, en := range b.Entries {
		en.Type = api.Cut(en.Type, MaxLogType)
		en.Message = api.Cut(en.Message, bridge.MaxConsoleMessage)
		en.StackTrace = api.Cut(en.StackTrace, bridge.MaxConsoleStack)
		added = append(added, r.add(en))
	}
	s.mu.Unlock()
	if len(added) > 0 || b.Cleared || b.Dropped > 0 {
		s.updated(Update{Kind: UpdateConsole, Project: hash, Entries: added, Dropped: b.Dropped})
	}
}

// Compiled keeps a compile.finished event's data as the editor's last
// compile result.
func (s *Store) Compiled(hash string, data json.RawMessage, at time.Time) {
	if len(data) == 0 {
		data = json.RawMessage("{}")
	}
	s.mu.Lock()
	if s.compile == nil {
		s.compile = map[string]CompileRecord{}
	}
	s.compile[hash] = CompileRecord{Time: at, Result: append(json.RawMessage(nil), data...)}
	s.mu.Unlock()
	s.updated(Update{Kind: UpdateCompile, Project: hash})
}

// EditorChanged tells listeners when what the editors resource shows of an
// editor changed (the engine calls it on every editor event, most of which
// change nothing there).
func (s *Store) EditorChanged(info api.EditorInfo) {
	now := editorSeen{state: info.State, playMode: info.PlayMode, epoch: info.Epoch, connected: info.Connected()}
	s.mu.Lock()
	if s.seen == nil {
		s.seen = map[string]editorSeen{}
	}
	was, known := s.seen[info.ProjectHash]
	s.seen[info.ProjectHash] = now
	s.mu.Unlock()
	if known && was == now {
		return
	}
	s.updated(Update{Kind: UpdateEditors, Project: info.ProjectHash, ListChanged: was.connected != now.connected})
}

// Forget drops what the store keeps of a project.
func (s *Store) Forget(hash string) {
	s.mu.Lock()
	delete(s.rings, hash)
	delete(s.compile, hash)
	delete(s.seen, hash)
	s.mu.Unlock()
}

// Held is what a Store keeps, for a bound on it to be checked.
type Held struct {
	Rings, Compiles, Seen   int // projects with each
	RingBytes, CompileBytes int // the kept texts and compile results
}

// Held counts what the store keeps now.
func (s *Store) Held() Held {
	s.mu.Lock()
	defer s.mu.Unlock()
	h := Held{Rings: len(s.rings), Compiles: len(s.compile), Seen: len(s.seen)}
	for _, r := range s.rings {
		h.RingBytes += r.bytes
	}
	for _, c := range s.compile {
		h.CompileBytes += len(c.Result)
	}
	return h
}
