//go:build linux

package platform

import (
	"encoding/binary"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"

	"github.com/unitymcp/unitymcp/platform/desktoptest"
)

// testWindow describes a real window the test puts on the display.
type testWindow struct {
	pid       int
	title     string
	typ       string // _NET_WM_WINDOW_TYPE_…, "" for none
	modal     bool
	transient bool // WM_TRANSIENT_FOR the first window
	unmapped  bool
}

// openWindows creates the windows on the test display, as a toolkit marks
// them, and keeps them until the test ends.
func openWindows(t *testing.T, ws []testWindow) {
	t.Helper()
	conn, err := xgb.NewConn()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(conn.Close)
	screen := xproto.Setup(conn).DefaultScreen(conn)
	atom := func(name string) xproto.Atom {
		r, err := xproto.InternAtom(conn, false, uint16(len(name)), name).Reply()
		if err != nil {
			t.Fatal(err)
		}
		return r.Atom
	}
	set32 := func(w xproto.Window, prop, typ xproto.Atom, v uint32) {
		b := make([]byte, 4)
		binary.LittleEndian.PutUint32(b, v)
		xproto.ChangeProperty(conn, xproto.PropModeReplace, w, prop, typ, 32, 1, b)
	}
	var first xproto.Window
	for _, w := range ws {
		id, _ := xproto.NewWindowId(conn)
		if err := xproto.CreateWindowChecked(conn, screen.RootDepth, id, screen.Root, 10, 10, 200, 100, 0,
			xproto.WindowClassInputOutput, screen.RootVisual, 0, nil).Check(); err != nil {
			t.Fatal(err)
		}
		if first == 0 {
			first = id
		}
		set32(id, atom("_NET_WM_PID"), xproto.AtomCardinal, uint32(w.pid))
		xproto.ChangeProperty(conn, xproto.PropModeReplace, id, atom("_NET_WM_NAME"), atom("UTF8_STRING"), 8, uint32(len(w.title)), []byte(w.title))
		if w.typ != "" {
			set32(id, atom("_NET_WM_WINDOW_TYPE"), xproto.AtomAtom, uint32(atom(w.typ)))
		}
		if w.modal {
			set32(id, atom("_NET_WM_STATE"), xproto.AtomAtom, uint32(atom("_NET_WM_STATE_MODAL")))
		}
		if w.transient {
			set32(id, xproto.AtomWmTransientFor, xproto.AtomWindow, uint32(first))
		}
		if !w.unmapped {
			xproto.MapWindow(conn, id)
		}
	}
	conn.Sync()
}

// Real windows on a real X server, with and without a window manager: the
// dialogs of this process are found by their EWMH/ICCCM marks and titles;
// its main window, a utility palette, an unmapped dialog and another
// process's dialog are not.
func TestModalDialogsX11(t *testing.T) {
	for _, wm := range []bool{true, false} {
		name := "no window manager"
		if wm {
			name = "openbox"
		}
		t.Run(name, func(t *testing.T) {
			desktoptest.Start(t, desktoptest.Want{WindowManager: wm})
			me := os.Getpid()
			openWindows(t, []testWindow{
				{pid: me, title: "Unity 6000.0 - Game", typ: "_NET_WM_WINDOW_TYPE_NORMAL"},
				{pid: me, title: "Save Scene?", typ: "_NET_WM_WINDOW_TYPE_DIALOG", modal: true, transient: true},
				{pid: me, title: "Transient, no type", transient: true},
				{pid: me, title: "Inspector palette", typ: "_NET_WM_WINDOW_TYPE_UTILITY", transient: true},
				{pid: me, title: "Hidden dialog", typ: "_NET_WM_WINDOW_TYPE_DIALOG", unmapped: true},
				{pid: me + 1, title: "Another's dialog", typ: "_NET_WM_WINDOW_TYPE_DIALOG", modal: true},
			})
			want := []string{"Save Scene?", "Transient, no type"}
			var got []string
			var err error
			// The window manager maps (and lists) the windows in its own time.
			deadline := time.Now().Add(10 * time.Second)
			for time.Now().Before(deadline) {
				var ds []Dialog
				ds, err = ModalDialogs(me)
				got = got[:0]
				for _, d := range ds {
					got = append(got, d.Title)
				}
				slices.Sort(got)
				if err == nil && slices.Equal(got, want) {
					return
				}
				time.Sleep(20 * time.Millisecond)
			}
			t.Fatalf("ModalDialogs(%d) = %q, %v; want %q", me, got, err, want)
		})
	}
}

// Without a display the error says why, wrapping ErrDialogsUnsupported.
func TestModalDialogsWithoutDisplay(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	_, err := ModalDialogs(os.Getpid())
	if !errors.Is(err, ErrDialogsUnsupported) || !strings.Contains(err.Error(), "DISPLAY") {
		t.Errorf("no display: %v", err)
	}
}
