//go:build linux || freebsd || openbsd || netbsd

package editorsim

import (
	"encoding/binary"
	"errors"
	"os"
	"sync"
	"time"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
)

// showDialog opens, on the X display, a main window and a modal dialog
// titled title, both of process pid, the way a toolkit marks a dialog:
// _NET_WM_PID, _NET_WM_NAME and WM_NAME, _NET_WM_WINDOW_TYPE_DIALOG,
// _NET_WM_STATE_MODAL (set before mapping, as EWMH asks), WM_TRANSIENT_FOR
// the main window, and WM_DELETE_WINDOW in WM_PROTOCOLS so the window
// manager's close reaches it. Return answers it as its default button,
// Escape and the close as cancel (dialogWindow.answer). It returns once the
// dialog is mapped.
func showDialog(title string, pid int) (*dialogWindow, error) {
	if os.Getenv("DISPLAY") == "" {
		return nil, errors.New("no X display (DISPLAY is not set)")
	}
	conn, err := xgb.NewConn()
	if err != nil {
		return nil, err
	}
	screen := xproto.Setup(conn).DefaultScreen(conn)
	atom := func(name string) xproto.Atom {
		r, err := xproto.InternAtom(conn, false, uint16(len(name)), name).Reply()
		if err != nil {
			return 0
		}
		return r.Atom
	}
	words := func(vs ...uint32) []byte {
		b := make([]byte, 4*len(vs))
		for i, v := range vs {
			binary.LittleEndian.PutUint32(b[i*4:], v)
		}
		return b
	}
	set32 := func(w xproto.Window, prop, typ xproto.Atom, vs ...uint32) {
		xproto.ChangeProperty(conn, xproto.PropModeReplace, w, prop, typ, 32, uint32(len(vs)), words(vs...))
	}
	setText := func(w xproto.Window, prop, typ xproto.Atom, s string) {
		xproto.ChangeProperty(conn, xproto.PropModeReplace, w, prop, typ, 8, uint32(len(s)), []byte(s))
	}
	utf8 := atom("UTF8_STRING")
	protocols, deleteWin := atom("WM_PROTOCOLS"), atom("WM_DELETE_WINDOW")
	window := func(name string, x, y int16, w, h uint16, typ string) (xproto.Window, error) {
		id, err := xproto.NewWindowId(conn)
		if err != nil {
			return 0, err
		}
		err = xproto.CreateWindowChecked(conn, screen.RootDepth, id, screen.Root, x, y, w, h, 0,
			xproto.WindowClassInputOutput, screen.RootVisual, xproto.CwBackPixel|xproto.CwEventMask,
			[]uint32{screen.WhitePixel, xproto.EventMaskStructureNotify | xproto.EventMaskKeyPress}).Check()
		if err != nil {
			return 0, err
		}
		set32(id, atom("_NET_WM_PID"), xproto.AtomCardinal, uint32(pid))
		setText(id, xproto.AtomWmName, xproto.AtomString, name)
		setText(id, atom("_NET_WM_NAME"), utf8, name)
		set32(id, atom("_NET_WM_WINDOW_TYPE"), xproto.AtomAtom, uint32(atom(typ)))
		set32(id, protocols, xproto.AtomAtom, uint32(deleteWin))
		return id, nil
	}
	mainWin, err := window("Unity (simulator)", 0, 0, 640, 400, "_NET_WM_WINDOW_TYPE_NORMAL")
	if err != nil {
		conn.Close()
		return nil, err
	}
	dlg, err := window(title, 200, 150, 320, 120, "_NET_WM_WINDOW_TYPE_DIALOG")
	if err != nil {
		conn.Close()
		return nil, err
	}
	set32(dlg, atom("_NET_WM_STATE"), xproto.AtomAtom, uint32(atom("_NET_WM_STATE_MODAL")))
	set32(dlg, xproto.AtomWmTransientFor, xproto.AtomWindow, uint32(mainWin))
	xproto.MapWindow(conn, mainWin)
	xproto.MapWindow(conn, dlg)

	setup := xproto.Setup(conn)
	keys, _ := xproto.GetKeyboardMapping(conn, setup.MinKeycode, byte(setup.MaxKeycode-setup.MinKeycode+1)).Reply()
	keysym := func(code xproto.Keycode) uint32 {
		if keys == nil || keys.KeysymsPerKeycode == 0 {
			return 0
		}
		i := int(code-setup.MinKeycode) * int(keys.KeysymsPerKeycode)
		if i < 0 || i >= len(keys.Keysyms) {
			return 0
		}
		return uint32(keys.Keysyms[i])
	}
	dw := &dialogWindow{}
	closed := make(chan struct{})
	mapped := make(chan struct{})
	var once, mapOnce sync.Once
	done := func() { once.Do(func() { close(closed) }) }
	go func() {
		defer done()
		for {
			ev, err := conn.WaitForEvent()
			if ev == nil && err == nil {
				return // the connection closed
			}
			switch e := ev.(type) {
			case xproto.MapNotifyEvent:
				if e.Window == dlg {
					mapOnce.Do(func() { close(mapped) })
				}
			case xproto.ClientMessageEvent:
				if e.Window == dlg && e.Type == protocols && xproto.Atom(e.Data.Data32[0]) == deleteWin {
					dw.answer = DialogCancel
					return
				}
			case xproto.KeyPressEvent:
				switch keysym(e.Detail) {
				case 0xff0d: // Return
					dw.answer = DialogDefault
					return
				case 0xff1b: // Escape
					dw.answer = DialogCancel
					return
				}
			case xproto.DestroyNotifyEvent:
				if e.Window == dlg {
					return
				}
			}
		}
	}()
	select {
	case <-mapped:
	case <-closed:
	case <-time.After(5 * time.Second): // a window manager that maps it late: it is there all the same
	}
	dw.closed = closed
	dw.close = func() {
		xproto.DestroyWindow(conn, dlg)
		xproto.DestroyWindow(conn, mainWin)
		conn.Sync()
		conn.Close()
	}
	return dw, nil
}
