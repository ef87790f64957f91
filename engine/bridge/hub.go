package bridge

import (
	"encoding/json"
	"errors"
	"log/slog"
	"sort"
	"sync"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/clock"
)

// Errors a call can end with. The engine turns them into tool errors.
var (
	ErrNotConnected = errors.New("editor not connected")
	ErrInterrupted  = errors.New("call interrupted by a domain reload")
	ErrDisconnected = errors.New("editor disconnected while running the call")
	ErrQuit         = errors.New("editor quit while running the call")
	// ErrStopping: the daemon itself is shutting down (quit or restart).
	ErrStopping = errors.New("the daemon is shutting down")
	// ErrReloadLimit: an idempotent call was interrupted by domain reloads
	// more often than Options.MaxResends lets it be re-sent. A call that
	// itself causes the reload (compile, for one) would otherwise loop.
	ErrReloadLimit = errors.New("idempotent call re-sent too often")
)

// Default bounds (see Options).
const (
	defaultHeartbeat      = 15 * time.Second
	defaultReloadGrace    = 3 * time.Minute
	defaultReconnectGrace = 10 * time.Second
	defaultMaxResends     = 3
	// helloTimeout is how long a new connection may take to say hello.
	helloTimeout = 10 * time.Second
	// closeTimeout bounds how long Close waits for connections to end.
	closeTimeout = 5 * time.Second
)

// Options configure a Hub.
type Options struct {
	DaemonVersion string
	Logger        *slog.Logger
	// Heartbeat is the ping interval; a ping unanswered for as long closes
	// the connection. Zero means 15 s.
	Heartbeat time.Duration
	// ReloadGrace bounds how long an editor may stay in a domain reload
	// before it is considered gone. Zero means 3 minutes.
	ReloadGrace time.Duration
	// ReconnectGrace bounds how long calls wait for an editor that was
	// running when the daemon started (see Expect). Zero means 10 s.
	ReconnectGrace time.Duration
	// MaxResends bounds how many times an idempotent call interrupted by
	// domain reloads is sent again; one interrupted once more fails with
	// ErrReloadLimit. Zero means 3; negative means never re-send.
	MaxResends int
	// StallTimeout bounds how long one frame to an editor may take to write;
	// an editor that stops reading (frozen, suspended) is dropped then and its
	// calls fail. Zero means DefaultStallTimeout.
	StallTimeout time.Duration
	// Clock gives the time and every timer of the hub. Nil means real time.
	Clock Clock
	// Alive reports whether an editor's process runs. With it, an editor
	// whose pings go unanswered while its process runs is blocked (hung,
	// suspended, stopped in a debugger), not dropped as gone. Nil: such an
	// editor is dropped.
	Alive func(pid int) bool
	// Dialogs lists the modal dialogs of an editor's process (the daemon's
	// is platform.ModalDialogs); nil never looks. An editor whose main
	// thread does not run is blocked only while a dialog is found.
	Dialogs func(pid int) ([]api.Dialog, error)
	// OnChange is called (outside locks) after an editor's info changed.
	OnChange func(api.EditorInfo, bool /* declared tools changed */)
	// OnEvent is called (outside locks) for every editor event.
	OnEvent func(project string, ev Event)
	// MaxProjects bounds the editors the hub keeps, connected or
	// remembered (0: DefaultMaxProjects; hub_forget.go).
	MaxProjects int
	// Gone reports whether a disconnected editor's project is gone (its
	// folder removed): the hub forgets it then. Nil: never.
	Gone func(api.EditorInfo) bool
	// OnForget is called (outside locks) after the hub forgot a project's
	// editor, so that what else is kept of the project goes too.
	OnForget func(hash string)
}

// Hub tracks editors by projectHash and routes calls to them.
type Hub struct {
	opt        Options
	clock      Clock
	maxResends int
	mu         sync.Mutex
	editors    map[string]*editor
	// conns counts live bridge connections, so Close can wait for their
	// last descriptor writes; closing refuses new ones. Both under mu.
	conns   sync.WaitGroup
	closing bool
	// live holds every open bridge connection, said hello or not (under mu).
	live map[*link]struct{}
}

// editor is the hub's state of one project's editor, under Hub.mu.
type editor struct {
	info api.EditorInfo
	link *link // the current connection, nil while there is none
	// ready is false between a hello and its answer being sent: calls wait
	// so that none reaches the editor before it knows its hello succeeded.
	ready    bool
	back     chan struct{}       // closed when a reload ends (either way)
	inflight map[string]*pending // calls sent on the current connection
	spanning map[string]*pending // calls to be delivered after the reload
	// grace gives up on the editor if back is still open when it fires
	// (the reconnect grace of Expect, or a reload's grace).
	grace Timer
	// under is the state a blocked editor returns to; silent: it is
	// blocked because its pings go unanswered (see Hub.health).
	under  api.EditorState
	silent bool
}

type pending struct {
	id         string
	link       *link
	idempotent bool
	done       chan outcome
}

type outcome struct {
	result json.RawMessage
	err    error
}

// NewHub returns an empty hub.
func NewHub(opt Options) *Hub {
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.DiscardHandler)
	}
	if opt.Heartbeat == 0 {
		opt.Heartbeat = defaultHeartbeat
	}
	if opt.ReloadGrace == 0 {
		opt.ReloadGrace = defaultReloadGrace
	}
	if opt.ReconnectGrace == 0 {
		opt.ReconnectGrace = defaultReconnectGrace
	}
	h := &Hub{opt: opt, clock: clock.Or(opt.Clock), maxResends: opt.MaxResends,
		editors: map[string]*editor{}, live: map[*link]struct{}{}}
	switch {
	case h.maxResends == 0:
		h.maxResends = defaultMaxResends
	case h.maxResends < 0:
		h.maxResends = 0
	}
	return h
}

// Remember adds a known editor that is not connected (from a descriptor), so
// its declared tools stay listed.
//
// A remembered editor never takes the place of another: once the hub keeps
// Options.MaxProjects editors it is forgotten at once (OnForget), so load
// the most recently seen first.
func (h *Hub) Remember(info api.EditorInfo) {
	h.mu.Lock()
	if _, ok := h.editors[info.ProjectHash]; ok {
		h.mu.Unlock()
		return
	}
	if len(h.editors) >= h.maxProjects() {
		h.mu.Unlock()
		h.forgot(info.ProjectHash)
		return
	}
	info.State = api.StateDisconnected
	h.editors[info.ProjectHash] = newEditor(info)
	h.mu.Unlock()
}

func newEditor(info api.EditorInfo) *editor {
	return &editor{info: info, inflight: map[string]*pending{}, spanning: map[string]*pending{}}
}

// hold makes sure calls have a channel to wait on for the editor to be back
// (the one the next hello's answer closes) and returns it.
func (e *editor) hold() chan struct{} {
	if e.back == nil {
		e.back = make(chan struct{})
	}
	return e.back
}

// release wakes the calls waiting for the editor and stops the grace that
// would have given up on it.
func (e *editor) release() {
	if e.back != nil {
		close(e.back)
		e.back = nil
	}
	stopTimer(e.grace)
	e.grace = nil
}

// settleSpanning answers every call waiting for a delivery with err.
func (e *editor) settleSpanning(err error) {
	for id, pc := range e.spanning {
		delete(e.spanning, id)
		pc.done <- outcome{err: err}
	}
}

// Expect is Remember for an editor whose process is still running when the
// daemon starts (the daemon was restarted under it): calls for its project
// wait, up to grace, for the editor to dial again and say hello, instead of
// failing with ErrNotConnected in the moment before it reconnects.
func (h *Hub) Expect(info api.EditorInfo) {
	grace := h.opt.ReconnectGrace
	h.mu.Lock()
	var victim string
	defer func() { h.mu.Unlock(); h.forgot(victim) }()
	if _, ok := h.editors[info.ProjectHash]; ok {
		return
	}
	victim, ok := h.makeRoom()
	if !ok {
		victim = info.ProjectHash
		return
	}
	info.State = api.StateReconnecting
	e := newEditor(info)
	back := e.hold()
	h.editors[info.ProjectHash] = e
	// Only while still reconnecting: once it said hello (and perhaps started a
	// reload since), the reload's own grace applies.
	e.grace = h.clock.AfterFunc(grace, func() {
		h.giveUp(info.ProjectHash, back, api.StateReconnecting, "did not reconnect after the daemon started", grace)
	})
}

// Editors lists every known editor, connected first, then by path.
func (h *Hub) Editors() []api.EditorInfo {
	h.mu.Lock()
	out := make([]api.EditorInfo, 0, len(h.editors))
	for _, e := range h.editors {
		out = append(out, e.info)
	}
	h.mu.Unlock()
	sort.Slice(out, func(i, j int) bool {
		if out[i].Connected() != out[j].Connected() {
			return out[i].Connected()
		}
		return out[i].ProjectPath < out[j].ProjectPath
	})
	return out
}

// Editor returns the editor of a project.
func (h *Hub) Editor(hash string) (api.EditorInfo, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	e, ok := h.editors[hash]
	if !ok {
		return api.EditorInfo{}, false
	}
	return e.info, true
}

// InFlight is how many calls the project's editor has been sent and not yet
// answered.
func (h *Hub) InFlight(hash string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	if e, ok := h.editors[hash]; ok {
		return len(e.inflight)
	}
	return 0
}

func (h *Hub) changed(info api.EditorInfo, tools bool) {
	if h.opt.OnChange != nil {
		h.opt.OnChange(info, tools)
	}
}

// BeginClose marks the hub as shutting down without closing anything yet:
// calls whose context ends from now on answer daemon_stopping, not
// cancelled (the daemon cancels its requests' contexts before it closes
// the editors, so that stdio streams give their calls back first).
func (h *Hub) BeginClose() {
	h.mu.Lock()
	h.closing = true
	h.mu.Unlock()
}

// Close closes every editor connection (daemon shutdown) and waits, up to
// 5 s, until each one's end has been recorded.
func (h *Hub) Close() {
	defer func() {
		done := make(chan struct{})
		go func() { h.conns.Wait(); close(done) }()
		late := make(chan struct{})
		t := h.clock.AfterFunc(closeTimeout, func() { close(late) })
		defer t.Stop()
		select {
		case <-done:
		case <-late:
			h.opt.Logger.Warn("bridge connections still closing after 5s")
		}
	}()
	h.mu.Lock()
	h.closing = true
	// Every live connection, also those that have not said hello yet (an
	// editor reconnecting right now), or waiting for them would take 5 s.
	var links []*link
	for l := range h.live {
		links = append(links, l)
	}
	for _, e := range h.editors {
		// Their answers would come in a hello that never will.
		e.settleSpanning(ErrStopping)
		// Held calls wake up and see closing; no grace acts after this.
		e.release()
	}
	h.mu.Unlock()
	// In parallel: each close handshake may wait for its editor to answer.
	var wg sync.WaitGroup
	for _, l := range links {
		wg.Add(1)
		go func(l *link) {
			defer wg.Done()
			l.Close("daemon shutting down")
		}(l)
	}
	wg.Wait()
}

func sameStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func sameDeclared(a, b []api.DeclaredTool) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}
