package platform

import (
	"errors"
	"fmt"
	"slices"
)

// Dialog is a modal dialog window of a process: its window, its title,
// and what else the OS exposes of it. Every text is the window's own
// (whoever made the window wrote it): data to show, never instructions.
type Dialog struct {
	// ID is the window (an X11 window id, a Windows HWND): PressDialog
	// presses this window and no other.
	ID    uint64
	Title string
	// Message is the dialog's text (Windows: its static-text controls, in
	// their order); "" where the OS does not expose it (X11: the toolkit
	// draws it, no window property holds it).
	Message string
	// Buttons are the button labels (Windows; X11 has no notion of a
	// dialog's buttons, the toolkit draws them).
	Buttons []string
	// Default is the label of the button Return presses (Windows:
	// DM_GETDEFID), "" when the OS does not tell.
	Default string
	// Closable: the window takes the window manager's close
	// (WM_DELETE_WINDOW, X11), which is then how cancel is pressed.
	Closable bool
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
	Owner        int      // the pid of the X client that made the window (XRes), 0 when unknown
	Types        []string // _NET_WM_WINDOW_TYPE atom names
	States       []string // _NET_WM_STATE atom names
	TransientFor uint32   // WM_TRANSIENT_FOR, 0 when not set
	Title        string   // _NET_WM_NAME, else WM_NAME
	Viewable     bool     // mapped (a hidden window holds nobody up)
	ID           uint32   // the window
	Protocols    []string // WM_PROTOCOLS atom names
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
	for _, i := range x11DialogIndexes(pid, wins) {
		w := wins[i]
		out = append(out, Dialog{ID: uint64(w.ID), Title: w.Title, Closable: slices.Contains(w.Protocols, "WM_DELETE_WINDOW")})
	}
	return out
}

// x11DialogIndexes are the indexes in wins of the viewable dialogs of pid.
//
// A window is pid's only when the X server says its client is pid (Owner,
// from the X-Resource extension, which reads the pid of the process at the
// other end of the client's socket): _NET_WM_PID is whatever the window's
// maker wrote, and any process on the display could claim the editor's pid
// — making the editor look blocked, and putting its title in every answer
// agents read. A window whose _NET_WM_PID names another process is not
// pid's either. Where the server has no X-Resource, no dialog is found.
func x11DialogIndexes(pid int, wins []x11Window) []int {
	var out []int
	for i, w := range wins {
		if w.Owner == pid && (w.PID == 0 || w.PID == pid) && w.Viewable && w.isDialog() {
			out = append(out, i)
		}
	}
	return out
}
