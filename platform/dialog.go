package platform

import (
	"errors"
	"fmt"
	"slices"
)

// Dialog is a modal dialog window of a process: its title, and its button
// labels where the OS exposes them (Windows; X11 has no notion of a
// dialog's buttons, they are drawn by the toolkit).
type Dialog struct {
	Title   string
	Buttons []string
}

// ErrDialogsUnsupported wraps every reason ModalDialogs cannot look here
// (no X display, macOS, another OS). A caller tells "cannot look" from
// "looked, found none" (a nil error and no dialogs) with errors.Is.
var ErrDialogsUnsupported = errors.New("listing another process's dialogs is not possible here")

// ModalDialogs lists the modal dialog windows of the process pid: on X11
// its top-level windows that are dialogs (EWMH _NET_WM_WINDOW_TYPE_DIALOG,
// _NET_WM_STATE_MODAL, or ICCCM WM_TRANSIENT_FOR), on Windows its visible
// dialog-class (#32770) windows or windows whose owner is disabled, with
// their buttons. macOS would need the Accessibility permission for another
// process's windows, which unitymcp does not ask for: it answers an error
// wrapping ErrDialogsUnsupported, as every other OS does.
func ModalDialogs(pid int) ([]Dialog, error) {
	if pid <= 0 {
		return nil, fmt.Errorf("%w: no process id", ErrDialogsUnsupported)
	}
	return modalDialogs(pid)
}

func dialogsErr(format string, a ...any) error {
	return fmt.Errorf("%w: %s", ErrDialogsUnsupported, fmt.Sprintf(format, a...))
}

// x11Window is what the X11 reader reads of one top-level window; the
// choice of dialogs among them is pure (x11Dialogs), so it is tested on any
// OS.
type x11Window struct {
	PID          int      // _NET_WM_PID, 0 when not set
	Types        []string // _NET_WM_WINDOW_TYPE atom names
	States       []string // _NET_WM_STATE atom names
	TransientFor uint32   // WM_TRANSIENT_FOR, 0 when not set
	Title        string   // _NET_WM_NAME, else WM_NAME
	Viewable     bool     // mapped (a hidden window holds nobody up)
}

// isDialog reports whether a window is a dialog in the EWMH/ICCCM sense: a
// dialog type, the modal state, or transient for another window (ICCCM's
// dialog hint, which toolkits set on every dialog, and which EWMH says
// means _NET_WM_WINDOW_TYPE_DIALOG when no type is given). A transient
// window of another type (a menu, a tooltip, a utility palette) is not.
func (w x11Window) isDialog() bool {
	if slices.Contains(w.States, "_NET_WM_STATE_MODAL") || slices.Contains(w.Types, "_NET_WM_WINDOW_TYPE_DIALOG") {
		return true
	}
	return w.TransientFor != 0 && len(w.Types) == 0
}

// x11Dialogs picks the viewable dialogs of pid, in the order given (the
// window manager's stacking order, oldest first).
func x11Dialogs(pid int, wins []x11Window) []Dialog {
	var out []Dialog
	for _, w := range wins {
		if w.PID != pid || !w.Viewable || !w.isDialog() {
			continue
		}
		out = append(out, Dialog{Title: w.Title})
	}
	return out
}
