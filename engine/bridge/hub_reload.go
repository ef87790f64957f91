package bridge

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/project"
)

// attach records the hello of connection l: the editor's info, the results
// of calls that spanned its reload, and (once the answer is sent) the
// release of the calls held for it.
func (h *Hub) attach(l *link, hello Hello) (any, error) {
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
	victim := ""
	if e == nil {
		v, ok := h.makeRoom()
		if !ok {
			h.mu.Unlock()
			return nil, h.errFull()
		}
		victim = v
		e = newEditor(api.EditorInfo{})
		h.editors[hash] = e
	}
	old := e.link
	toolsChanged := !sameDeclared(e.info.DeclaredTools, hello.DeclaredTools) || !sameStrings(e.info.Tools, hello.Tools)
	e.info = api.EditorInfo{
		ProjectHash: hash, ProjectPath: hello.ProjectPath, DataPath: hello.DataPath,
		ProductName: hello.ProductName, UnityVersion: hello.UnityVersion, PackageVersion: hello.PackageVersion,
		PID: hello.PID, State: api.StateConnected, Simulator: hello.Simulator, PlayMode: e.info.PlayMode,
		Tools: hello.Tools, DeclaredTools: hello.DeclaredTools, LastSeen: h.clock.Now(),
		Epoch: e.info.Epoch + 1, Peer: l.peer,
	}
	if hello.Compiling {
		e.info.State = api.StateCompiling
	}
	e.link = l
	l.hash = hash
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
	e.settleSpanning(ErrInterrupted)
	e.ready = false
	// The editor is back: no grace gives up on it any more, but calls keep
	// waiting on back until the answer is out.
	stopTimer(e.grace)
	e.grace = nil
	back := e.hold()
	info := e.info
	h.mu.Unlock()
	h.forgot(victim)
	if old != nil && old != l {
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
		if e.link == l && e.info.State != api.StateReloading {
			e.ready = true
			if e.back == back {
				e.release()
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

// detach handles the end of an editor's connection l.
func (h *Hub) detach(l *link) {
	h.mu.Lock()
	hash := l.hash
	if hash == "" { // it never said hello
		h.mu.Unlock()
		return
	}
	e := h.editors[hash]
	if e == nil {
		h.mu.Unlock()
		return
	}
	announced, quitting := l.reloadAnnounced, l.quitting
	lost := ErrDisconnected
	if quitting {
		lost = ErrQuit
	}
	if h.closing {
		lost = ErrStopping
	}
	for id, pc := range e.inflight {
		if pc.link != l {
			continue
		}
		delete(e.inflight, id)
		if announced && !h.closing {
			pc.done <- outcome{err: ErrInterrupted}
		} else {
			pc.done <- outcome{err: lost}
		}
	}
	if e.link != l { // a newer connection of the same project already took over
		h.mu.Unlock()
		return
	}
	e.link = nil
	e.info.LastSeen = h.clock.Now()
	e.info.Dialogs = nil // of a connection that has ended
	if announced && !h.closing {
		// Held calls keep waiting; a reload that never ends is bounded.
		grace, back := h.opt.ReloadGrace, e.hold()
		stopTimer(e.grace)
		e.grace = h.clock.AfterFunc(grace, func() {
			h.giveUp(hash, back, "", "did not come back from its domain reload", grace)
		})
		h.watchReload(hash, e.info.PID)
	} else {
		e.info.State = api.StateDisconnected
		e.settleSpanning(ErrDisconnected)
		e.release()
	}
	info := e.info
	closing := h.closing
	h.mu.Unlock()
	h.opt.Logger.Info("editor connection ended", "project", info.ProjectPath, "reloading", announced, "quit", quitting)
	if closing {
		// The daemon itself is stopping: the editor is not gone, so its
		// descriptor keeps saying so, and the next daemon expects it back.
		return
	}
	h.changed(info, false)
	h.forgetIfGone(info)
}

// giveUp marks an editor that did not come back (from a reload, or after
// the daemon started) disconnected, and wakes the calls waiting for it.
// onlyIn, when set, is the state the editor must still be in.
func (h *Hub) giveUp(hash string, back chan struct{}, onlyIn api.EditorState, why string, grace time.Duration) {
	if back == nil {
		return
	}
	h.mu.Lock()
	e := h.editors[hash]
	if e == nil || e.back != back || e.link != nil || (onlyIn != "" && e.info.State != onlyIn) {
		h.mu.Unlock()
		return
	}
	e.info.State = api.StateDisconnected
	e.settleSpanning(ErrDisconnected)
	e.release()
	info := e.info
	h.mu.Unlock()
	h.opt.Logger.Warn("editor "+why, "project", info.ProjectPath, "grace", grace)
	h.changed(info, false)
	h.forgetIfGone(info)
}

// event handles an editor event on connection l.
func (h *Hub) event(l *link, ev Event) {
	h.mu.Lock()
	hash := l.hash
	if hash == "" {
		h.mu.Unlock()
		h.opt.Logger.Warn("bridge: event before hello ignored", "type", ev.Type)
		return
	}
	e := h.editors[hash]
	if e == nil || e.link != l {
		h.mu.Unlock()
		return
	}
	if ev.Type == EventConsole {
		// Console entries change nothing of the editor's state: no descriptor
		// write and no editor.state event for every batch.
		h.mu.Unlock()
		if h.opt.OnEvent != nil {
			h.opt.OnEvent(hash, ev)
		}
		return
	}
	switch ev.Type {
	case api.EventReloadStarting:
		var rs ReloadStarting
		json.Unmarshal(ev.Data, &rs)
		l.reloadAnnounced = true
		e.info.State = api.StateReloading
		e.info.Dialogs = nil // a reload runs on the main thread: it is not blocked
		e.hold()
		for _, id := range rs.Spanning {
			if pc := e.inflight[id]; pc != nil {
				delete(e.inflight, id)
				e.spanning[id] = pc
			}
		}
	case api.EventQuitting:
		l.quitting = true
	case api.EventCompileStarted:
		if st := e.unblocked(); *st == api.StateConnected {
			*st = api.StateCompiling
		}
	case api.EventCompileFinished:
		if st := e.unblocked(); *st == api.StateCompiling {
			*st = api.StateConnected
		}
	case api.EventPlayModeChanged:
		var pm struct {
			State string `json:"state"`
		}
		json.Unmarshal(ev.Data, &pm)
		e.info.PlayMode = api.Cut(pm.State, MaxPlayMode)
	}
	info := e.info
	h.mu.Unlock()
	h.changed(info, false)
	if h.opt.OnEvent != nil {
		h.opt.OnEvent(hash, ev)
	}
}
