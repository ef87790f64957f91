package bridge

import (
	"slices"

	"github.com/unitymcp/unitymcp/engine/api"
)

// A modal dialog can hold up an editor while it has no connection: one that
// opens while the new domain starts (the API Updater's prompt, a package's
// error after project_packages add) stops the main thread before the
// package dials again. Without a connection there is no heartbeat to see
// it, so the calls held for the reload and those that spanned it would
// wait out the whole ReloadGrace. While a reloading editor has no
// connection, the hub looks for its process's dialogs every heartbeat:
// while one is open the editor is blocked (held calls and calls that
// spanned the reload fail with a BlockedError naming it, new ones at
// once), and when it closes the editor is reloading again, its grace
// started anew.

// watchReload arms the next look for dialogs of the editor of hash, whose
// process is pid, while it reloads without a connection (under h.mu).
func (h *Hub) watchReload(hash string, pid int) {
	if h.opt.Dialogs == nil || pid == 0 {
		return
	}
	h.clock.AfterFunc(h.opt.Heartbeat, func() {
		go func() {
			// It reads the desktop's windows: a panic ends this watch (the
			// reload's grace still runs), never the daemon.
			defer h.survive("looking for a reloading editor's dialogs", nil)
			h.lookWhileReloading(hash, pid)
		}()
	})
}

// reloadingAway reports whether e is still the reloading (or, by a dialog,
// blocked) editor of process pid with no connection (under h.mu).
func (h *Hub) reloadingAway(e *editor, pid int) bool {
	if e == nil || h.closing || e.link != nil || e.info.PID != pid {
		return false
	}
	return e.info.State == api.StateReloading || (e.info.State == api.StateBlocked && e.under == api.StateReloading)
}

func (h *Hub) lookWhileReloading(hash string, pid int) {
	h.mu.Lock()
	if !h.reloadingAway(h.editors[hash], pid) {
		h.mu.Unlock()
		return
	}
	h.mu.Unlock()
	ds, err := h.opt.Dialogs(pid)
	if err != nil {
		h.opt.Logger.Debug("bridge: cannot look for a reloading editor's dialogs", "pid", pid, "err", err)
	}
	dialogs := api.BoundDialogs(ds)

	h.mu.Lock()
	e := h.editors[hash]
	if !h.reloadingAway(e, pid) {
		h.mu.Unlock()
		return
	}
	blocked, was := len(dialogs) > 0, e.info.State == api.StateBlocked
	changed := blocked != was || (blocked && !sameDialogs(e.info.Dialogs, dialogs))
	switch {
	case blocked && !was:
		e.under = api.StateReloading
		e.info.State = api.StateBlocked
		e.info.Dialogs = slices.Clone(dialogs)
		e.silent = false
		e.settleSpanning(e.blockedErr())
		e.release() // the held calls find the editor blocked
	case blocked:
		e.info.Dialogs = slices.Clone(dialogs)
	case was:
		e.info.State = api.StateReloading
		e.info.Dialogs = nil
		grace, back := h.opt.ReloadGrace, e.hold()
		e.grace = h.clock.AfterFunc(grace, func() {
			h.giveUp(hash, back, "", "did not come back from its domain reload", grace)
		})
	}
	info := e.info
	h.watchReload(hash, pid)
	h.mu.Unlock()
	if !changed {
		return
	}
	if blocked {
		h.opt.Logger.Warn("editor blocked during its domain reload", "project", info.ProjectPath, "pid", pid, "dialogs", api.DialogTitles(info.Dialogs))
	} else {
		h.opt.Logger.Info("the dialog that held up the domain reload closed", "project", info.ProjectPath)
	}
	h.changed(info, false)
}
