//go:build linux || freebsd || openbsd || netbsd

package platform

import (
	"encoding/binary"
	"io"
	"log"
	"os"
	"time"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
)

// xgb logs connection details to stderr; the daemon's logs are its own.
func init() { xgb.Logger = log.New(io.Discard, "", 0) }

// focusWindow raises the top-level window of pid through EWMH: it finds the
// window in _NET_CLIENT_LIST by _NET_WM_PID, asks the window manager to
// activate it (_NET_ACTIVE_WINDOW, source indication 2 = pager, which window
// managers honour without focus-stealing prevention) and checks that it did.
func focusWindow(pid int) error {
	if why := focusBlocker(os.Getenv); why != "" {
		return focusErr("%s", why)
	}
	conn, err := xgb.NewConn()
	if err != nil {
		return focusErr("cannot open the X display %s: %v", os.Getenv("DISPLAY"), err)
	}
	defer conn.Close()
	root := xproto.Setup(conn).DefaultScreen(conn).Root
	atom := func(name string) xproto.Atom {
		r, err := xproto.InternAtom(conn, false, uint16(len(name)), name).Reply()
		if err != nil {
			return 0
		}
		return r.Atom
	}
	words := func(win xproto.Window, prop xproto.Atom) []uint32 {
		r, err := xproto.GetProperty(conn, false, win, prop, xproto.AtomAny, 0, 1<<16).Reply()
		if err != nil || r.Format != 32 {
			return nil
		}
		out := make([]uint32, r.ValueLen)
		for i := range out {
			out[i] = binary.LittleEndian.Uint32(r.Value[i*4:])
		}
		return out
	}
	if len(words(root, atom("_NET_SUPPORTING_WM_CHECK"))) == 0 {
		return focusErr("no EWMH window manager runs on display %s, so no window can be activated", os.Getenv("DISPLAY"))
	}
	clients := words(root, atom("_NET_CLIENT_LIST"))
	pidAtom := atom("_NET_WM_PID")
	var target xproto.Window
	for _, c := range clients {
		if p := words(xproto.Window(c), pidAtom); len(p) == 1 && int(p[0]) == pid {
			target = xproto.Window(c)
			break
		}
	}
	if target == 0 {
		return focusErr("process %d has no top-level window among the %d the window manager lists (is the Unity window open on this display?)", pid, len(clients))
	}
	active := atom("_NET_ACTIVE_WINDOW")
	ev := xproto.ClientMessageEvent{Format: 32, Window: target, Type: active,
		Data: xproto.ClientMessageDataUnionData32New([]uint32{2, 0, 0, 0, 0})}
	err = xproto.SendEventChecked(conn, false, root,
		xproto.EventMaskSubstructureRedirect|xproto.EventMaskSubstructureNotify, string(ev.Bytes())).Check()
	if err != nil {
		return focusErr("asking the window manager to activate window 0x%x: %v", target, err)
	}
	deadline := time.Now().Add(time.Second)
	for time.Now().Before(deadline) {
		if a := words(root, active); len(a) == 1 && xproto.Window(a[0]) == target {
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return focusErr("the window manager did not activate window 0x%x of process %d within 1s (focus-stealing prevention?)", target, pid)
}
