package bridge

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sort"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/unitymcp/unitymcp/engine/project"
)

// Editor states.
const (
	StateConnected    = "connected"
	StateCompiling    = "compiling"
	StateReloading    = "reloading"
	StateDisconnected = "disconnected"
	// StateReconnecting: the daemon (re)started while this editor's process
	// was running; it is expected to dial again, and calls for it wait.
	StateReconnecting = "reconnecting"
)

// Errors a call can end with. The engine turns them into tool errors.
var (
	ErrNotConnected = errors.New("editor not connected")
	ErrInterrupted  = errors.New("call interrupted by a domain reload")
	ErrDisconnected = errors.New("editor disconnected while running the call")
	ErrQuit         = errors.New("editor quit while running the call")
	// ErrStopping: the daemon itself is shutting down (quit or restart).
	ErrStopping = errors.New("the daemon is shutting down")
)

// EditorInfo is what the hub knows of one project's editor.
type EditorInfo struct {
	ProjectHash    string         `json:"projectHash"`
	ProjectPath    string         `json:"projectPath"`
	DataPath       string         `json:"dataPath"`
	ProductName    string         `json:"productName"`
	UnityVersion   string         `json:"unityVersion"`
	PackageVersion string         `json:"packageVersion"`
	PID            int            `json:"pid"`
	State          string         `json:"state"`
	Simulator      bool           `json:"simulator,omitempty"`
	PlayMode       string         `json:"playMode,omitempty"`
	Tools          []string       `json:"tools"`
	DeclaredTools  []DeclaredTool `json:"declaredTools,omitempty"`
	LastSeen       time.Time      `json:"lastSeen"`
	// Epoch counts the editor's connections: it changes with every domain
	// reload or restart (probe diffs start over).
	Epoch int `json:"epoch"`
}

// Connected reports whether the editor is reachable (or coming back from a
// reload).
func (e EditorInfo) Connected() bool { return e.State != StateDisconnected && e.State != "" }

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
	// OnChange is called (outside locks) after an editor's info changed.
	OnChange func(EditorInfo, bool /* declared tools changed */)
	// OnEvent is called (outside locks) for every editor event.
	OnEvent func(project string, ev Event)
}

// Hub tracks editors by projectHash and routes calls to them.
type Hub struct {
	opt     Options
	mu      sync.Mutex
	editors map[string]*editor
	// conns counts live bridge connections, so Close can wait for their
	// last descriptor writes; closing refuses new ones. Both under mu.
	conns   sync.WaitGroup
	closing bool
	// live holds every open bridge connection, said hello or not (under mu).
	live map[*Peer]struct{}
}

type editor struct {
	info EditorInfo
	peer *Peer
	// ready is false between a hello and its answer being sent: calls wait
	// so that none reaches the editor before it knows its hello succeeded.
	ready    bool
	back     chan struct{}       // closed when a reload ends (either way)
	inflight map[string]*pending // calls sent on the current peer
	spanning map[string]*pending // calls to be delivered after the reload
	reloadAt time.Time
}

type pending struct {
	id         string
	peer       *Peer
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
		opt.Heartbeat = 15 * time.Second
	}
	if opt.ReloadGrace == 0 {
		opt.ReloadGrace = 3 * time.Minute
	}
	if opt.ReconnectGrace == 0 {
		opt.ReconnectGrace = 10 * time.Second
	}
	return &Hub{opt: opt, editors: map[string]*editor{}, live: map[*Peer]struct{}{}}
}

// Remember adds a known editor that is not connected (from a descriptor), so
// its declared tools stay listed.
func (h *Hub) Remember(info EditorInfo) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.editors[info.ProjectHash]; ok {
		return
	}
	info.State = StateDisconnected
	h.editors[info.ProjectHash] = newEditor(info)
}

func newEditor(info EditorInfo) *editor {
	return &editor{info: info, inflight: map[string]*pending{}, spanning: map[string]*pending{}}
}

// Expect is Remember for an editor whose process is still running when the
// daemon starts (the daemon was restarted under it): calls for its project
// wait, up to grace, for the editor to dial again and say hello, instead of
// failing with ErrNotConnected in the moment before it reconnects.
func (h *Hub) Expect(info EditorInfo) {
	grace := h.opt.ReconnectGrace
	h.mu.Lock()
	if _, ok := h.editors[info.ProjectHash]; ok {
		h.mu.Unlock()
		return
	}
	info.State = StateReconnecting
	e := newEditor(info)
	e.back = make(chan struct{})
	back := e.back
	h.editors[info.ProjectHash] = e
	h.mu.Unlock()
	// Only while still reconnecting: once it said hello (and perhaps started a
	// reload since), the reload's own grace applies.
	time.AfterFunc(grace, func() {
		h.giveUp(info.ProjectHash, back, StateReconnecting, "did not reconnect after the daemon started", grace)
	})
}

// Editors lists every known editor, connected first, then by path.
func (h *Hub) Editors() []EditorInfo {
	h.mu.Lock()
	out := make([]EditorInfo, 0, len(h.editors))
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
func (h *Hub) Editor(hash string) (EditorInfo, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	e, ok := h.editors[hash]
	if !ok {
		return EditorInfo{}, false
	}
	return e.info, true
}

// ServeHTTP accepts an editor's WebSocket. Authentication happens before
// (the daemon's middleware checks the bearer token on every route).
func (h *Hub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	if h.closing {
		h.mu.Unlock()
		http.Error(w, "the daemon is shutting down", http.StatusServiceUnavailable)
		return
	}
	h.conns.Add(1)
	h.mu.Unlock()
	defer h.conns.Done()
	conn, err := websocket.Accept(w, r, &websocket.AcceptOptions{})
	if err != nil {
		return // Accept wrote the HTTP error
	}
	helloDone := make(chan struct{})
	var once sync.Once
	var peer *Peer
	peer = NewPeer(conn, func(ctx context.Context, method string, params json.RawMessage) (any, error) {
		switch method {
		case MethodHello:
			var hello Hello
			if err := json.Unmarshal(params, &hello); err != nil {
				return nil, &RPCError{Code: RPCInvalidParams, Message: "hello: " + err.Error()}
			}
			res, err := h.attach(peer, hello)
			if err != nil {
				return nil, err
			}
			once.Do(func() { close(helloDone) })
			return res, nil
		case MethodPing:
			return struct{}{}, nil
		}
		return nil, &RPCError{Code: RPCMethodNotFound, Message: "the daemon has no method " + method}
	}, func(method string, params json.RawMessage) {
		if method != MethodEvent {
			return
		}
		var ev Event
		if json.Unmarshal(params, &ev) != nil || ev.Type == "" {
			return
		}
		h.event(peer, ev)
	})
	h.mu.Lock()
	if h.closing { // Close ran while this connection was being accepted
		h.mu.Unlock()
		conn.Close(websocket.StatusGoingAway, "the daemon is shutting down")
		return
	}
	h.live[peer] = struct{}{}
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		delete(h.live, peer)
		h.mu.Unlock()
	}()
	go func() {
		// An editor that does not say hello in time is dropped.
		select {
		case <-helloDone:
			h.heartbeat(peer)
		case <-time.After(10 * time.Second):
			peer.Close("no hello within 10s")
		case <-peer.Done():
		}
	}()
	peer.Run()
	h.detach(peer)
}

func (h *Hub) heartbeat(p *Peer) {
	t := time.NewTicker(h.opt.Heartbeat)
	defer t.Stop()
	for {
		select {
		case <-p.Done():
			return
		case <-t.C:
			ctx, cancel := context.WithTimeout(context.Background(), h.opt.Heartbeat)
			err := p.Call(ctx, MethodPing, struct{}{}, nil)
			cancel()
			if err != nil {
				h.opt.Logger.Warn("bridge: heartbeat failed, closing", "err", err)
				p.Close("heartbeat timeout")
				return
			}
		}
	}
}

func (h *Hub) attach(p *Peer, hello Hello) (any, error) {
	if hello.Protocol != ProtocolVersion {
		return nil, &RPCError{Code: RPCInvalidRequest, Message: fmt.Sprintf(
			"bridge protocol %d is not supported by this daemon (speaks %d, version %s); update the Unity package or the unitymcp daemon so they match",
			hello.Protocol, ProtocolVersion, h.opt.DaemonVersion)}
	}
	if hello.DataPath == "" {
		return nil, &RPCError{Code: RPCInvalidParams, Message: "hello: dataPath is required (Application.dataPath)"}
	}
	hash := project.Hash(hello.DataPath)
	if hello.ProjectPath == "" {
		hello.ProjectPath = project.Root(hello.DataPath)
	}
	h.mu.Lock()
	if h.closing {
		h.mu.Unlock()
		return nil, &RPCError{Code: RPCInternal, Message: "the daemon is shutting down; dial again when it is back"}
	}
	e := h.editors[hash]
	if e == nil {
		e = newEditor(EditorInfo{})
		h.editors[hash] = e
	}
	old := e.peer
	toolsChanged := !sameDeclared(e.info.DeclaredTools, hello.DeclaredTools) || !sameStrings(e.info.Tools, hello.Tools)
	e.info = EditorInfo{
		ProjectHash: hash, ProjectPath: hello.ProjectPath, DataPath: hello.DataPath,
		ProductName: hello.ProductName, UnityVersion: hello.UnityVersion, PackageVersion: hello.PackageVersion,
		PID: hello.PID, State: StateConnected, Simulator: hello.Simulator, PlayMode: e.info.PlayMode,
		Tools: hello.Tools, DeclaredTools: hello.DeclaredTools, LastSeen: time.Now(),
		Epoch: e.info.Epoch + 1,
	}
	if hello.Compiling {
		e.info.State = StateCompiling
	}
	e.peer = p
	p.hash = hash
	// Results of calls that spanned the reload.
	for _, d := range hello.Delivered {
		if pc := e.spanning[d.CallID]; pc != nil {
			delete(e.spanning, d.CallID)
			if d.Error != nil {
				pc.done <- outcome{err: d.Error}
			} else {
				pc.done <- outcome{result: d.Result}
			}
		}
	}
	for id, pc := range e.spanning {
		delete(e.spanning, id)
		pc.done <- outcome{err: ErrInterrupted}
	}
	e.ready = false
	if e.back == nil {
		e.back = make(chan struct{})
	}
	back := e.back
	info := e.info
	h.mu.Unlock()
	if old != nil && old != p {
		old.Close("replaced by a new connection from the same project")
	}
	h.opt.Logger.Info("editor connected", "project", info.ProjectPath, "hash", hash, "unity", info.UnityVersion, "simulator", info.Simulator)
	h.changed(info, toolsChanged)
	res := HelloResult{DaemonVersion: h.opt.DaemonVersion, ProjectHash: hash, HeartbeatMs: int(h.opt.Heartbeat / time.Millisecond)}
	return helloReply{res, func() {
		// The answer is out: release the calls that waited for this editor.
		h.mu.Lock()
		defer h.mu.Unlock()
		// Not if the editor already announced the next reload: the calls
		// keep waiting for the hello after it.
		if e.peer == p && e.info.State != StateReloading {
			e.ready = true
			if e.back == back {
				close(back)
				e.back = nil
			}
		}
	}}, nil
}

// helloReply is the hello's answer plus what to do once it is sent.
type helloReply struct {
	HelloResult
	after func()
}

func (r helloReply) afterReply() { r.after() }

// detach handles the end of an editor's connection p.
func (h *Hub) detach(p *Peer) {
	h.mu.Lock()
	hash := p.hash
	if hash == "" { // it never said hello
		h.mu.Unlock()
		return
	}
	e := h.editors[hash]
	if e == nil {
		h.mu.Unlock()
		return
	}
	announced := p.reloadAnnounced.Load()
	lost := ErrDisconnected
	if p.quitting.Load() {
		lost = ErrQuit
	}
	if h.closing {
		lost = ErrStopping
	}
	for id, pc := range e.inflight {
		if pc.peer != p {
			continue
		}
		delete(e.inflight, id)
		if announced && !h.closing {
			pc.done <- outcome{err: ErrInterrupted}
		} else {
			pc.done <- outcome{err: lost}
		}
	}
	if e.peer != p { // a newer connection of the same project already took over
		h.mu.Unlock()
		return
	}
	e.peer = nil
	e.info.LastSeen = time.Now()
	if announced && !h.closing {
		// Held calls keep waiting; a reload that never ends is bounded.
		if e.back == nil {
			e.back = make(chan struct{})
		}
		grace, back := h.opt.ReloadGrace, e.back
		go func() {
			select {
			case <-back:
			case <-time.After(grace):
				h.giveUp(hash, back, "", "did not come back from its domain reload", grace)
			}
		}()
	} else {
		e.info.State = StateDisconnected
		for id, pc := range e.spanning {
			delete(e.spanning, id)
			pc.done <- outcome{err: ErrDisconnected}
		}
		if e.back != nil {
			close(e.back)
			e.back = nil
		}
	}
	info := e.info
	closing := h.closing
	h.mu.Unlock()
	h.opt.Logger.Info("editor connection ended", "project", info.ProjectPath, "reloading", announced, "quit", p.quitting.Load())
	if closing {
		// The daemon itself is stopping: the editor is not gone, so its
		// descriptor keeps saying so, and the next daemon expects it back.
		return
	}
	h.changed(info, false)
}

// giveUp marks an editor that did not come back (from a reload, or after
// the daemon started) disconnected, and wakes the calls waiting for it.
// onlyIn, when set, is the state the editor must still be in.
func (h *Hub) giveUp(hash string, back chan struct{}, onlyIn, why string, grace time.Duration) {
	if back == nil {
		return
	}
	h.mu.Lock()
	e := h.editors[hash]
	if e == nil || e.back != back || e.peer != nil || (onlyIn != "" && e.info.State != onlyIn) {
		h.mu.Unlock()
		return
	}
	e.info.State = StateDisconnected
	for id, pc := range e.spanning {
		delete(e.spanning, id)
		pc.done <- outcome{err: ErrDisconnected}
	}
	close(e.back)
	e.back = nil
	info := e.info
	h.mu.Unlock()
	h.opt.Logger.Warn("editor "+why, "project", info.ProjectPath, "grace", grace)
	h.changed(info, false)
}

func (h *Hub) event(p *Peer, ev Event) {
	h.mu.Lock()
	hash := p.hash
	if hash == "" {
		h.mu.Unlock()
		h.opt.Logger.Warn("bridge: event before hello ignored", "type", ev.Type)
		return
	}
	e := h.editors[hash]
	if e == nil || e.peer != p {
		h.mu.Unlock()
		return
	}
	switch ev.Type {
	case EventReloadStarting:
		var rs ReloadStarting
		json.Unmarshal(ev.Data, &rs)
		p.reloadAnnounced.Store(true)
		e.info.State = StateReloading
		e.reloadAt = time.Now()
		if e.back == nil {
			e.back = make(chan struct{})
		}
		for _, id := range rs.Spanning {
			if pc := e.inflight[id]; pc != nil {
				delete(e.inflight, id)
				e.spanning[id] = pc
			}
		}
	case EventQuitting:
		p.quitting.Store(true)
	case EventCompileStarted:
		if e.info.State == StateConnected {
			e.info.State = StateCompiling
		}
	case EventCompileFinished:
		if e.info.State == StateCompiling {
			e.info.State = StateConnected
		}
	case EventPlayModeChanged:
		var pm struct {
			State string `json:"state"`
		}
		json.Unmarshal(ev.Data, &pm)
		e.info.PlayMode = pm.State
	}
	info := e.info
	h.mu.Unlock()
	h.changed(info, false)
	if h.opt.OnEvent != nil {
		h.opt.OnEvent(hash, ev)
	}
}

func (h *Hub) changed(info EditorInfo, tools bool) {
	if h.opt.OnChange != nil {
		h.opt.OnChange(info, tools)
	}
}

// CallOptions tune one call.
type CallOptions struct {
	// Idempotent calls interrupted by a reload are sent again afterwards.
	Idempotent bool
	// Waiting is called about once a second while the call is held for a
	// reload, with the time waited so far.
	Waiting func(waited time.Duration)
}

// Call runs a tool in the project's editor. It holds the call while the
// editor is in a domain reload (bounded by ctx), re-sends idempotent calls
// the reload interrupted, and fails at once when no editor is connected.
func (h *Hub) Call(ctx context.Context, hash, tool string, args map[string]any, opt CallOptions) (json.RawMessage, error) {
	id := newCallID()
	start := time.Now()
	for {
		h.mu.Lock()
		if h.closing {
			h.mu.Unlock()
			return nil, ErrStopping
		}
		e := h.editors[hash]
		if e == nil || e.info.State == StateDisconnected {
			h.mu.Unlock()
			return nil, ErrNotConnected
		}
		if e.peer == nil || e.info.State == StateReloading || !e.ready {
			// Wait for the channel the next hello's answer closes; create it
			// here if need be, never a private one nobody would close.
			if e.back == nil {
				e.back = make(chan struct{})
			}
			back := e.back
			h.mu.Unlock()
			if err := h.wait(ctx, back, start, opt.Waiting); err != nil {
				return nil, err
			}
			continue
		}
		p := e.peer
		pc := &pending{id: id, peer: p, idempotent: opt.Idempotent, done: make(chan outcome, 1)}
		e.inflight[id] = pc
		h.mu.Unlock()

		params := CallParams{CallID: id, Tool: tool, Arguments: args}
		if dl, ok := ctx.Deadline(); ok {
			params.DeadlineMs = dl.UnixMilli()
		}
		// Call the editor on this goroutine (no hand-off on the hot path).
		// When the connection ends first, detach settles the outcome:
		// interrupted, disconnected, or delivered after the reload.
		var res json.RawMessage
		err := p.Call(ctx, MethodCall, params, &res)
		var out outcome
		switch {
		case ctx.Err() != nil:
			h.forget(hash, id)
			p.Notify(MethodCancel, CancelParams{CallID: id})
			return nil, h.ctxErr(ctx)
		case errors.Is(err, ErrClosed):
			select {
			case out = <-pc.done:
			case <-ctx.Done():
				h.forget(hash, id)
				return nil, h.ctxErr(ctx)
			}
		default:
			h.forget(hash, id)
			out = outcome{result: res, err: err}
		}
		if errors.Is(out.err, ErrInterrupted) && opt.Idempotent {
			h.opt.Logger.Info("re-sending idempotent call after reload", "tool", tool, "call", id)
			continue
		}
		return out.result, out.err
	}
}

// ctxErr is why a call's context ended: the daemon shutting down (its
// request contexts end with it, right after Close) or the caller's own
// cancellation or deadline.
func (h *Hub) ctxErr(ctx context.Context) error {
	h.mu.Lock()
	closing := h.closing
	h.mu.Unlock()
	if closing {
		return ErrStopping
	}
	return ctx.Err()
}

// wait blocks until back is closed or ctx ends, reporting progress.
func (h *Hub) wait(ctx context.Context, back chan struct{}, start time.Time, waiting func(time.Duration)) error {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	if waiting != nil {
		waiting(time.Since(start))
	}
	for {
		select {
		case <-back:
			return nil
		case <-ctx.Done():
			return h.ctxErr(ctx)
		case <-t.C:
			if waiting != nil {
				waiting(time.Since(start))
			}
		}
	}
}

func (h *Hub) forget(hash, id string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if e := h.editors[hash]; e != nil {
		delete(e.inflight, id)
		delete(e.spanning, id)
	}
}

// Close closes every editor connection (daemon shutdown) and waits, up to
// 5 s, until each one's end has been recorded.
func (h *Hub) Close() {
	defer func() {
		done := make(chan struct{})
		go func() { h.conns.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			h.opt.Logger.Warn("bridge connections still closing after 5s")
		}
	}()
	h.mu.Lock()
	h.closing = true
	// Every live connection, also those that have not said hello yet (an
	// editor reconnecting right now), or waiting for them would take 5 s.
	var peers []*Peer
	for p := range h.live {
		peers = append(peers, p)
	}
	for _, e := range h.editors {
		for id, pc := range e.spanning { // their answers would come in a hello that never will
			delete(e.spanning, id)
			pc.done <- outcome{err: ErrStopping}
		}
		if e.back != nil { // held calls wake up and see closing
			close(e.back)
			e.back = nil
		}
	}
	h.mu.Unlock()
	// In parallel: each close handshake may wait for its editor to answer.
	var wg sync.WaitGroup
	for _, p := range peers {
		wg.Add(1)
		go func(p *Peer) {
			defer wg.Done()
			p.Close("daemon shutting down")
		}(p)
	}
	wg.Wait()
}

func newCallID() string {
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
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

func sameDeclared(a, b []DeclaredTool) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}
