//go:build linux || freebsd || openbsd || netbsd

package platform

import (
	"fmt"
	"os"
	"slices"
	"time"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
	"github.com/jezek/xgb/xtest"
)

// Keysyms (X11 keysymdef.h).
const (
	xkReturn = 0xff0d
	xkEscape = 0xff1b
)

// x11SynthWait is how long a dialog may take to answer a key event sent to
// it before the key is typed through XTEST instead (a variable for tests).
var x11SynthWait = 750 * time.Millisecond

// describePress says what pressDialog sends for p.
func describePress(d Dialog, p DialogPress) (string, error) {
	if p.Button != "" {
		return "", pressErr("X11 does not tell a dialog's buttons (its toolkit draws them), so %q cannot be pressed by name; press the role %s (Return) or %s (the window's close)", p.Button, DialogDefault, DialogCancel)
	}
	if p.Role == DialogCancel && d.Closable {
		return "close: WM_DELETE_WINDOW sent to the window (what the window manager's close button sends)", nil
	}
	return x11KeyName(p) + " key: " + fmt.Sprintf(x11KeyHow, x11SynthWait), nil
}

const x11KeyHow = "a key event sent to the window itself (the input focus does not move); if the window is still shown %s later (it ignores sent keys), typed through XTEST while the X server is grabbed, the focus given back at once"

func x11KeyName(p DialogPress) string {
	if p.Role == DialogCancel {
		return "Escape"
	}
	return "Return"
}

func pressDialog(pid int, d Dialog, p DialogPress) (string, error) {
	if _, err := describePress(d, p); err != nil {
		return "", err
	}
	conn, err := x11Open()
	if err != nil {
		return "", err
	}
	defer conn.Close()
	r, ids, wins, err := x11TopWindows(conn)
	if err != nil {
		return "", err
	}
	// The window listed, still a dialog of pid, still titled the same: an
	// id the server has given to another window since is not pressed.
	at := -1
	for _, i := range x11DialogIndexes(pid, wins) {
		if uint64(ids[i]) == d.ID && wins[i].Title == d.Title {
			at = i
		}
	}
	if at < 0 {
		return "", fmt.Errorf("%w: process %d has no dialog window 0x%x titled %q on display %s", ErrNoDialog, pid, d.ID, d.Title, os.Getenv("DISPLAY"))
	}
	win := ids[at]
	if p.Role == DialogCancel && slices.Contains(wins[at].Protocols, "WM_DELETE_WINDOW") {
		// What the window manager sends when the user clicks the close
		// button: the toolkit answers it as cancel. No focus needed.
		ev := xproto.ClientMessageEvent{Format: 32, Window: win, Type: r.atom("WM_PROTOCOLS"),
			Data: xproto.ClientMessageDataUnionData32New([]uint32{uint32(r.atom("WM_DELETE_WINDOW")), 0, 0, 0, 0})}
		if err := xproto.SendEventChecked(conn, false, win, xproto.EventMaskNoEvent, string(ev.Bytes())).Check(); err != nil {
			return "", fmt.Errorf("closing the dialog %q: %w", d.Title, err)
		}
		return "close: WM_DELETE_WINDOW sent to the window", nil
	}
	keysym := uint32(xkReturn)
	if p.Role == DialogCancel {
		keysym = xkEscape
	}
	return x11PressKey(conn, win, keysym, x11KeyName(p))
}

// x11PressKey presses and releases the key of keysym in win without
// handing it the input focus for anyone else's keys.
//
// First the key events go to win itself (XSendEvent, no event mask: to the
// client that made the window), so the focus never moves and nothing
// another window's user types can reach the dialog, nor the key another
// window. GTK 3 (the toolkit of Unity's Linux editor) takes such events
// although the server marks them synthetic: a GTK 3.24 message dialog
// under Xvfb answers one as it answers Return on the keyboard, with and
// without a window manager and while another window holds the focus. Some
// programs drop synthetic key events (xterm by default), so a window that
// is still shown x11SynthWait later gets the key through XTEST instead,
// with the server grabbed: no other client runs between the focus given to
// the dialog, the check that it has it, the key, and the focus given back
// to the window that held it, so neither a window manager nor a program
// can move the focus in between, and the dialog holds it only for those
// requests (a key the user types in that instant still lands there).
func x11PressKey(conn *xgb.Conn, win xproto.Window, keysym uint32, name string) (string, error) {
	setup := xproto.Setup(conn)
	code, err := x11Keycode(conn, setup, keysym)
	if err != nil {
		return "", err
	}
	root := setup.DefaultScreen(conn).Root
	shown := x11Viewable(conn, win)
	// Told when the window goes (this client's own selection on it).
	gone := make(chan struct{})
	if shown {
		if err := xproto.ChangeWindowAttributesChecked(conn, win, xproto.CwEventMask, []uint32{xproto.EventMaskStructureNotify}).Check(); err != nil {
			return "", fmt.Errorf("%w: the dialog window 0x%x went (%v)", ErrNoDialog, win, err)
		}
		go x11WaitGone(conn, win, gone)
	}
	press := xproto.KeyPressEvent{Detail: code, Time: xproto.TimeCurrentTime, Root: root, Event: win, SameScreen: true}
	if err := xproto.SendEventChecked(conn, false, win, xproto.EventMaskNoEvent, string(press.Bytes())).Check(); err != nil {
		return "", fmt.Errorf("%w: the dialog window 0x%x went before the key (%v)", ErrNoDialog, win, err)
	}
	// A dialog answers on the press and may be gone before its release:
	// then there is no window to release the key in, and nothing to do.
	release := xproto.KeyReleaseEvent(press)
	xproto.SendEvent(conn, false, win, xproto.EventMaskNoEvent, string(release.Bytes()))
	sent := fmt.Sprintf("%s key sent to the window 0x%x", name, uint32(win))
	if !shown {
		// Not shown (minimised): no focus can go to it, and its going
		// would not be seen.
		return sent, nil
	}
	select {
	case <-gone:
		return sent, nil
	case <-time.After(x11SynthWait):
	}
	if err := x11GrabbedKey(conn, win, code); err != nil {
		return "", fmt.Errorf("the dialog was still shown %s after the %s key sent to it, and typing it: %w", x11SynthWait, name, err)
	}
	return fmt.Sprintf("%s; still shown %s later, so typed through XTEST with the X server grabbed", sent, x11SynthWait), nil
}

// x11WaitGone closes gone when win is unmapped or destroyed, reading the
// events of conn until it closes.
func x11WaitGone(conn *xgb.Conn, win xproto.Window, gone chan<- struct{}) {
	for {
		ev, err := conn.WaitForEvent()
		if ev == nil && err == nil {
			return // the connection closed
		}
		switch e := ev.(type) {
		case xproto.UnmapNotifyEvent:
			if e.Window == win {
				close(gone)
				return
			}
		case xproto.DestroyNotifyEvent:
			if e.Window == win {
				close(gone)
				return
			}
		}
	}
}

// x11GrabbedKey types the key code into win through XTEST while the server
// is grabbed, giving win the focus for it and then back (see x11PressKey).
func x11GrabbedKey(conn *xgb.Conn, win xproto.Window, code xproto.Keycode) error {
	if err := xtest.Init(conn); err != nil {
		return pressErr("the X server of display %s has no XTEST extension: %v", os.Getenv("DISPLAY"), err)
	}
	if err := xproto.GrabServerChecked(conn).Check(); err != nil {
		return fmt.Errorf("grabbing the X server: %w", err)
	}
	defer func() {
		xproto.UngrabServer(conn)
		conn.Sync()
	}()
	if !x11Viewable(conn, win) {
		return fmt.Errorf("%w: the dialog window 0x%x is no longer shown", ErrNoDialog, win)
	}
	prev, err := xproto.GetInputFocus(conn).Reply()
	if err != nil {
		return fmt.Errorf("reading the input focus: %w", err)
	}
	if err := xproto.SetInputFocusChecked(conn, xproto.InputFocusParent, win, xproto.TimeCurrentTime).Check(); err != nil {
		return fmt.Errorf("giving the dialog window 0x%x the focus: %w", win, err)
	}
	defer xproto.SetInputFocus(conn, prev.RevertTo, prev.Focus, xproto.TimeCurrentTime)
	if !x11HasFocus(conn, win) {
		return fmt.Errorf("the dialog window 0x%x did not take the input focus, so no key was typed", win)
	}
	root := xproto.Setup(conn).DefaultScreen(conn).Root
	// The server handles a fake key at once (Xext/xtest.c processes the
	// device events before the next request), so both land in win before
	// the focus goes back.
	for _, typ := range []byte{xproto.KeyPress, xproto.KeyRelease} {
		if err := xtest.FakeInputChecked(conn, typ, byte(code), 0, root, 0, 0, 0).Check(); err != nil {
			return fmt.Errorf("typing the key: %w", err)
		}
	}
	return nil
}

// x11Viewable reports whether win exists and is shown.
func x11Viewable(conn *xgb.Conn, win xproto.Window) bool {
	a, err := xproto.GetWindowAttributes(conn, win).Reply()
	return err == nil && a.MapState == xproto.MapStateViewable
}

// x11HasFocus reports whether the input focus is win or a window inside it.
func x11HasFocus(conn *xgb.Conn, win xproto.Window) bool {
	f, err := xproto.GetInputFocus(conn).Reply()
	if err != nil {
		return false
	}
	for w := f.Focus; w != 0 && w != xproto.WindowNone; {
		if w == win {
			return true
		}
		t, err := xproto.QueryTree(conn, w).Reply()
		if err != nil || t.Parent == t.Root {
			return false
		}
		w = t.Parent
	}
	return false
}

// x11Keycode finds a keycode that types keysym in the current keymap.
func x11Keycode(conn *xgb.Conn, setup *xproto.SetupInfo, keysym uint32) (xproto.Keycode, error) {
	first, n := setup.MinKeycode, byte(setup.MaxKeycode-setup.MinKeycode+1)
	m, err := xproto.GetKeyboardMapping(conn, first, n).Reply()
	if err != nil {
		return 0, fmt.Errorf("reading the keyboard mapping: %w", err)
	}
	per := int(m.KeysymsPerKeycode)
	for i, s := range m.Keysyms {
		if uint32(s) == keysym && per > 0 {
			return first + xproto.Keycode(i/per), nil
		}
	}
	return 0, pressErr("no key of display %s types keysym 0x%x", os.Getenv("DISPLAY"), keysym)
}
