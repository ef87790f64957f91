package bridge

import (
	"errors"
	"fmt"

	"github.com/unitymcp/unitymcp/engine/api"
)

// The hub keeps an entry per project whose editor it has seen, so that a
// closed project's declared tools stay listed and its last Console and
// compile stay readable. Any token holder can say hello for any data path,
// so those entries are bounded: at most Options.MaxProjects, the least
// recently seen disconnected one making room for a new editor; and a
// disconnected editor whose project folder is gone (Options.Gone) is
// forgotten at once. OnForget lets the engine drop what else it keeps of
// the project (its Console, compile result, catalog, descriptor).

// DefaultMaxProjects bounds the editors the hub keeps (Options.MaxProjects).
const DefaultMaxProjects = 32

func (h *Hub) maxProjects() int {
	if h.opt.MaxProjects > 0 {
		return h.opt.MaxProjects
	}
	return DefaultMaxProjects
}

// makeRoom makes room for one more editor (under mu): when the hub is full
// it removes the least recently seen editor that is disconnected with no
// call waiting for it, and returns its hash for forgot. ok is false when
// every editor kept is connected or coming back.
func (h *Hub) makeRoom() (victim string, ok bool) {
	if len(h.editors) < h.maxProjects() {
		return "", true
	}
	var oldest *editor
	for hash, e := range h.editors {
		if e.link != nil || e.back != nil || len(e.inflight) > 0 || len(e.spanning) > 0 || e.info.Connected() {
			continue
		}
		if oldest == nil || e.info.LastSeen.Before(oldest.info.LastSeen) ||
			e.info.LastSeen.Equal(oldest.info.LastSeen) && hash < victim {
			oldest, victim = e, hash
		}
	}
	if oldest == nil {
		return "", false
	}
	stopTimer(oldest.grace)
	delete(h.editors, victim)
	return victim, true
}

// errFull is the hello's answer when the hub keeps as many editors as it
// may and none of them can be forgotten.
func (h *Hub) errFull() *RPCError {
	return &RPCError{Code: RPCInternal, Message: fmt.Sprintf(
		"the daemon keeps at most %d editors and all of them are connected or coming back; close one and dial again", h.maxProjects())}
}

// forgot tells the engine a project's editor was forgotten ("" : none).
func (h *Hub) forgot(hash string) {
	if hash != "" && h.opt.OnForget != nil {
		h.opt.OnForget(hash)
	}
}

// forgetIfGone forgets a disconnected editor whose project is gone.
func (h *Hub) forgetIfGone(info api.EditorInfo) {
	if h.opt.Gone == nil || info.Connected() || !h.opt.Gone(info) {
		return
	}
	h.mu.Lock()
	e := h.editors[info.ProjectHash]
	gone := e != nil && e.link == nil && e.back == nil && !e.info.Connected()
	if gone {
		stopTimer(e.grace)
		delete(h.editors, info.ProjectHash)
	}
	h.mu.Unlock()
	if gone {
		h.opt.Logger.Info("editor forgotten: its project folder is gone", "project", info.ProjectPath)
		h.forgot(info.ProjectHash)
	}
}

// ErrUnknownEditor: the hub keeps no editor of the project (Forget).
var ErrUnknownEditor = errors.New("the daemon keeps no editor of this project")

// ErrEditorInUse: the project's editor is connected, coming back, or has a
// call waiting for it, so it cannot be forgotten (Forget).
var ErrEditorInUse = errors.New("the project's editor is connected or coming back")

// Forget forgets a closed project's editor on request (`unitymcp forget`):
// what the hub keeps of it and, through OnForget, what the engine keeps (its
// Console, compile result, catalog and descriptor), as if its folder were
// gone. An editor that is connected, reloading, expected back or waited for
// is refused with ErrEditorInUse; info is what the hub knew of it.
func (h *Hub) Forget(hash string) (info api.EditorInfo, err error) {
	h.mu.Lock()
	e := h.editors[hash]
	if e == nil {
		h.mu.Unlock()
		return api.EditorInfo{}, ErrUnknownEditor
	}
	info = e.info
	if e.link != nil || e.back != nil || len(e.inflight) > 0 || len(e.spanning) > 0 || e.info.Connected() {
		h.mu.Unlock()
		return info, ErrEditorInUse
	}
	stopTimer(e.grace)
	delete(h.editors, hash)
	h.mu.Unlock()
	h.opt.Logger.Info("editor forgotten on request", "project", info.ProjectPath)
	h.forgot(hash)
	return info, nil
}
