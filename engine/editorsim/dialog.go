package editorsim

import (
	"errors"
	"sync"
	"time"

	"github.com/unitymcp/unitymcp/engine/bridge"
)

// dialogState is the simulated main thread's liveness: the probe a ping
// posted to it, and the modal dialog holding it, if any.
type dialogState struct {
	mu      sync.Mutex
	probeAt time.Time     // when the waiting probe was posted; zero: none waits
	dismiss chan struct{} // closed by DismissDialog; nil: no dialog open
	answer  string        // how the last dialog was answered (DialogAnswer)
}

// How a dialog was answered (DialogAnswer).
const (
	DialogDefault   = "default"   // its default button (Return)
	DialogCancel    = "cancel"    // cancel (Escape, the window's close)
	DialogDismissed = "dismissed" // DismissDialog, or the window destroyed
)

// pong answers a ping the way the Unity package does (BridgeClient's
// MainThreadWaitMs): at once, off the main thread, with how long the probe
// posted at an earlier ping has waited for the main thread — 0 when it ran,
// and then a new probe is posted.
func (s *Sim) pong() bridge.PingResult {
	d := &s.dl
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.probeAt.IsZero() {
		return bridge.PingResult{MainThreadWaitMs: time.Since(d.probeAt).Milliseconds()}
	}
	d.probeAt = time.Now()
	go func() {
		s.main.Lock()
		s.main.Unlock()
		d.mu.Lock()
		d.probeAt = time.Time{}
		d.mu.Unlock()
	}()
	return bridge.PingResult{}
}

// ErrDialogOpen: a dialog is open already.
var ErrDialogOpen = errors.New("a dialog is open already")

// OpenDialog opens a modal dialog titled title on the simulated main
// thread, as EditorUtility.DisplayDialog does in Unity: the main thread
// runs nothing (no tool, no probe) until it is dismissed. With an X display
// the dialog is a real window of the editor's process (_NET_WM_PID,
// _NET_WM_WINDOW_TYPE_DIALOG, _NET_WM_STATE_MODAL, transient for a main
// window), dismissed by closing it (the window manager's close, which
// sends WM_DELETE_WINDOW, or destroying it); DismissDialog dismisses it
// too. It returns once the dialog is shown (the window mapped).
func (s *Sim) OpenDialog(title string) error {
	d := &s.dl
	d.mu.Lock()
	if d.dismiss != nil {
		d.mu.Unlock()
		return ErrDialogOpen
	}
	dismiss := make(chan struct{})
	d.dismiss = dismiss
	d.mu.Unlock()
	shown := make(chan error, 1)
	go func() {
		s.main.Lock()
		defer s.main.Unlock()
		w, err := showDialog(title, s.cfg.PID)
		if err != nil {
			// No display (or none that works): the main thread is held all the same.
			s.log.Info("editorsim: dialog without a window", "title", title, "err", err)
		}
		shown <- nil
		var closed <-chan struct{}
		if w != nil {
			closed = w.closed
		}
		answer := DialogDismissed
		select {
		case <-dismiss:
		case <-closed:
			if w.answer != "" {
				answer = w.answer
			}
		}
		// Recorded before the window goes: whoever sees it gone reads the answer.
		d.mu.Lock()
		d.answer = answer
		d.mu.Unlock()
		if w != nil {
			w.close()
		}
		d.mu.Lock()
		if d.dismiss == dismiss {
			d.dismiss = nil
		}
		d.mu.Unlock()
		s.log.Info("editorsim: dialog answered", "title", title, "answer", answer)
	}()
	return <-shown
}

// DismissDialog dismisses the open dialog, if any.
func (s *Sim) DismissDialog() {
	d := &s.dl
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.dismiss != nil {
		close(d.dismiss)
		d.dismiss = nil
	}
}

// DialogAnswer says how the last dialog was answered: DialogDefault,
// DialogCancel or DialogDismissed ("" while none was).
func (s *Sim) DialogAnswer() string {
	s.dl.mu.Lock()
	defer s.dl.mu.Unlock()
	return s.dl.answer
}

// openConfiguredDialog opens Config.Dialog after Config.DialogAfter.
func (s *Sim) openConfiguredDialog() {
	time.Sleep(s.cfg.DialogAfter)
	if err := s.OpenDialog(s.cfg.Dialog); err != nil {
		s.log.Warn("editorsim: opening the dialog", "err", err)
	}
}

// dialogWindow is a shown dialog: closed is closed when the user answered
// it, with answer set first ("" when its window was destroyed); close takes
// it (and its main window) off the screen.
type dialogWindow struct {
	closed chan struct{}
	answer string
	close  func()
}
