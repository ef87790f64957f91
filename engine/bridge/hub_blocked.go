package bridge

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
)

// ErrBlocked: the editor is blocked — its process lives and its connection
// is open, but its main thread does not run (a modal dialog) or the whole
// process stopped answering. A call fails with a *BlockedError at once
// instead of waiting behind the dialog.
var ErrBlocked = errors.New("the editor is blocked")

// BlockedError says what holds the editor up.
type BlockedError struct {
	PID int
	// Dialogs are the modal dialogs of the editor's process; empty when
	// the process stopped answering pings altogether (hung, suspended,
	// stopped in a debugger) and no dialog was found.
	Dialogs []api.Dialog
	// Silent: the process does not answer pings at all (not only its main
	// thread is held up).
	Silent bool
}

func (e *BlockedError) Error() string {
	if len(e.Dialogs) > 0 {
		return "the editor is waiting on a dialog titled " + api.DialogTitles(e.Dialogs) + " (the window's own text)"
	}
	return fmt.Sprintf("the editor (process %d) does not answer although its process runs", e.PID)
}

// Is makes errors.Is(err, ErrBlocked) hold.
func (e *BlockedError) Is(target error) bool { return target == ErrBlocked }

// blockedErr is the error of a call to a blocked editor (under Hub.mu).
func (e *editor) blockedErr() error {
	return &BlockedError{PID: e.info.PID, Dialogs: slices.Clone(e.info.Dialogs), Silent: e.silent}
}

// health judges one heartbeat of connection l: pingErr is why the ping
// went unanswered (nil when answered), pong the answer. An answer whose
// main thread ran is healthy and ends a blocked episode. A main thread
// that has not run for half a heartbeat or more while a modal dialog of
// the process is open — or a process that stopped answering although it
// runs — is blocked. A main thread held up with no dialog on the screen is
// a long operation (a build, an import, a long tool), not blocked: calls
// queue behind it as before. It returns false when the editor is gone (the
// ping failed and its process does not run, or Options.Alive is not set):
// the caller closes the connection then.
func (h *Hub) health(l *link, pingErr error, pong json.RawMessage) bool {
	h.mu.Lock()
	e := h.editors[l.hash]
	if e == nil || e.link != l {
		h.mu.Unlock()
		return pingErr == nil
	}
	pid := e.info.PID
	h.mu.Unlock()
	if pingErr != nil && (h.opt.Alive == nil || !h.opt.Alive(pid)) {
		return false
	}
	var p PingResult
	if pingErr == nil {
		json.Unmarshal(pong, &p) // an older package answers {}: its main thread counts as running
	}
	stalled := time.Duration(p.MainThreadWaitMs)*time.Millisecond >= h.opt.Heartbeat/2
	if pingErr == nil && !stalled {
		h.setBlocked(l, false, nil, false)
		return true
	}
	var dialogs []api.Dialog
	if h.opt.Dialogs != nil {
		ds, err := h.opt.Dialogs(pid)
		if err != nil {
			h.opt.Logger.Debug("bridge: cannot look for the editor's dialogs", "pid", pid, "err", err)
		}
		dialogs = api.BoundDialogs(ds) // window titles: bounded like anything else untrusted
	}
	if pingErr == nil && len(dialogs) == 0 {
		h.setBlocked(l, false, nil, false)
		return true
	}
	h.setBlocked(l, true, dialogs, pingErr != nil)
	return true
}

// setBlocked records that the editor of l is blocked (with the dialogs
// found) or no longer is, and reports a change through OnChange.
func (h *Hub) setBlocked(l *link, blocked bool, dialogs []api.Dialog, silent bool) {
	h.mu.Lock()
	e := h.editors[l.hash]
	if e == nil || e.link != l || l.ended {
		h.mu.Unlock()
		return
	}
	was := e.info.State == api.StateBlocked
	switch {
	case blocked && !was:
		// Only a connected or compiling editor: a reload in progress says
		// the main thread runs.
		if e.info.State != api.StateConnected && e.info.State != api.StateCompiling {
			h.mu.Unlock()
			return
		}
		e.under = e.info.State
		e.info.State = api.StateBlocked
	case blocked && was:
		if e.silent == silent && sameDialogs(e.info.Dialogs, dialogs) {
			h.mu.Unlock()
			return
		}
	case !blocked && was:
		e.info.State = e.under
		dialogs, silent = nil, false
	default:
		h.mu.Unlock()
		return
	}
	e.info.Dialogs = dialogs
	e.silent = silent
	info := e.info
	h.mu.Unlock()
	if blocked {
		h.opt.Logger.Warn("editor blocked", "project", info.ProjectPath, "pid", info.PID, "dialogs", api.DialogTitles(info.Dialogs), "silent", silent)
	} else {
		h.opt.Logger.Info("editor answers again", "project", info.ProjectPath)
	}
	h.changed(info, false)
}

func sameDialogs(a, b []api.Dialog) bool {
	return slices.EqualFunc(a, b, func(x, y api.Dialog) bool {
		return x.Title == y.Title && strings.Join(x.Buttons, "\x00") == strings.Join(y.Buttons, "\x00")
	})
}

// unblocked is the state events change: the editor's, or while it is
// blocked the one it returns to.
func (e *editor) unblocked() *api.EditorState {
	if e.info.State == api.StateBlocked {
		return &e.under
	}
	return &e.info.State
}
