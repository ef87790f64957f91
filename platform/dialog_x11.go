//go:build linux || freebsd || openbsd || netbsd

package platform

import (
	"encoding/binary"
	"os"
	"slices"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/res"
	"github.com/jezek/xgb/xproto"
)

// modalDialogs reads the top-level windows of the X display: the window
// manager's _NET_CLIENT_LIST when one runs, else the root's children (no
// window manager: nothing is managed, but the windows are there), each
// one's _NET_WM_PID, type, state, WM_TRANSIENT_FOR, WM_PROTOCOLS and
// title; x11Dialogs picks the dialogs of pid. A dialog's message is not
// read: X11 has no property for it (the toolkit draws it), and reading it
// through the accessibility bus (AT-SPI) would depend on the editor
// loading GTK's accessibility bridge.
func modalDialogs(pid int) ([]Dialog, error) {
	conn, err := x11Open()
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	_, _, wins, err := x11TopWindows(conn)
	if err != nil {
		return nil, err
	}
	return x11Dialogs(pid, wins), nil
}

// x11Open connects to the X display, or says why it cannot (wrapping
// ErrDialogsUnsupported).
func x11Open() (*xgb.Conn, error) {
	if why := focusBlocker(os.Getenv); why != "" {
		return nil, dialogsErr("%s", why)
	}
	conn, err := xgb.NewConn()
	if err != nil {
		return nil, dialogsErr("cannot open the X display %s: %v", os.Getenv("DISPLAY"), err)
	}
	return conn, nil
}

// x11TopWindows reads the top-level windows of the display and what
// x11Dialogs needs of each (ids[i] is wins[i]'s window).
func x11TopWindows(conn *xgb.Conn) (r x11Reader, ids []xproto.Window, wins []x11Window, err error) {
	r = x11Reader{conn: conn, atoms: map[string]xproto.Atom{}, names: map[xproto.Atom]string{}}
	// Who made each window (x11DialogIndexes trusts nothing else).
	r.owners = res.Init(conn) == nil
	root := xproto.Setup(conn).DefaultScreen(conn).Root
	for _, w := range r.words(root, r.atom("_NET_CLIENT_LIST")) {
		ids = append(ids, xproto.Window(w))
	}
	if len(ids) == 0 {
		tree, err := xproto.QueryTree(conn, root).Reply()
		if err != nil {
			return r, nil, nil, dialogsErr("listing the windows of display %s: %v", os.Getenv("DISPLAY"), err)
		}
		ids = tree.Children
	}
	wins = make([]x11Window, 0, len(ids))
	for _, w := range ids {
		wins = append(wins, r.window(w))
	}
	return r, ids, wins, nil
}

// x11Reader reads window properties, caching atoms both ways.
type x11Reader struct {
	conn  *xgb.Conn
	atoms map[string]xproto.Atom
	names map[xproto.Atom]string
	// owners: the server has the X-Resource extension (owner).
	owners bool
}

// owner is the pid of the X client that created w, as the server knows it
// (X-Resource 1.2 QueryClientIds, LocalClientPID: the peer credentials of
// the client's socket, not anything the client said); 0 when unknown.
func (r x11Reader) owner(w xproto.Window) int {
	if !r.owners {
		return 0
	}
	rep, err := res.QueryClientIds(r.conn, 1, []res.ClientIdSpec{{Client: uint32(w), Mask: res.ClientIdMaskLocalClientPID}}).Reply()
	if err != nil {
		return 0
	}
	for _, id := range rep.Ids {
		if id.Spec.Mask&res.ClientIdMaskLocalClientPID != 0 && len(id.Value) == 1 {
			return int(id.Value[0])
		}
	}
	return 0
}

func (r x11Reader) atom(name string) xproto.Atom {
	if a, ok := r.atoms[name]; ok {
		return a
	}
	rep, err := xproto.InternAtom(r.conn, true, uint16(len(name)), name).Reply()
	if err != nil {
		return 0
	}
	r.atoms[name] = rep.Atom
	return rep.Atom
}

func (r x11Reader) atomName(a xproto.Atom) string {
	if n, ok := r.names[a]; ok {
		return n
	}
	rep, err := xproto.GetAtomName(r.conn, a).Reply()
	if err != nil {
		return ""
	}
	r.names[a] = rep.Name
	return rep.Name
}

func (r x11Reader) prop(win xproto.Window, prop xproto.Atom) *xproto.GetPropertyReply {
	if prop == 0 {
		return nil
	}
	rep, err := xproto.GetProperty(r.conn, false, win, prop, xproto.AtomAny, 0, 1<<16).Reply()
	if err != nil || rep.ValueLen == 0 {
		return nil
	}
	return rep
}

func (r x11Reader) words(win xproto.Window, prop xproto.Atom) []uint32 {
	rep := r.prop(win, prop)
	if rep == nil || rep.Format != 32 {
		return nil
	}
	out := make([]uint32, rep.ValueLen)
	for i := range out {
		out[i] = binary.LittleEndian.Uint32(rep.Value[i*4:])
	}
	return out
}

func (r x11Reader) atomNames(win xproto.Window, prop xproto.Atom) []string {
	var out []string
	for _, a := range r.words(win, prop) {
		out = append(out, r.atomName(xproto.Atom(a)))
	}
	return out
}

func (r x11Reader) text(win xproto.Window, prop xproto.Atom) string {
	rep := r.prop(win, prop)
	if rep == nil || rep.Format != 8 {
		return ""
	}
	return string(rep.Value)
}

func (r x11Reader) window(w xproto.Window) x11Window {
	out := x11Window{
		ID:        uint32(w),
		Types:     r.atomNames(w, r.atom("_NET_WM_WINDOW_TYPE")),
		States:    r.atomNames(w, r.atom("_NET_WM_STATE")),
		Title:     r.text(w, r.atom("_NET_WM_NAME")),
		Protocols: r.atomNames(w, r.atom("WM_PROTOCOLS")),
	}
	if p := r.words(w, r.atom("_NET_WM_PID")); len(p) == 1 {
		out.PID = int(p[0])
	}
	out.Owner = r.owner(w)
	if t := r.words(w, xproto.AtomWmTransientFor); len(t) == 1 {
		out.TransientFor = t[0]
	}
	if out.Title == "" {
		out.Title = r.text(w, xproto.AtomWmName)
	}
	// Shown, or minimised by the window manager (unmapped but managed, and
	// still in the way of the main window).
	if a, err := xproto.GetWindowAttributes(r.conn, w).Reply(); err == nil {
		out.Viewable = a.MapState == xproto.MapStateViewable
	}
	if slices.Contains(out.States, "_NET_WM_STATE_HIDDEN") {
		out.Viewable = true
	}
	return out
}
