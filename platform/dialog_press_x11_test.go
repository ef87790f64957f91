//go:build linux

package platform

import (
	"encoding/binary"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"

	"github.com/unitymcp/unitymcp/platform/desktoptest"
)

// focusDesk is a test display with a window of the test's own holding the
// input focus ("the user's window"), recording the key and focus events it
// gets.
type focusDesk struct {
	conn   *xgb.Conn
	screen *xproto.ScreenInfo
	user   xproto.Window
	mu     sync.Mutex
	seen   []string // events on the user's window since watching began
	watch  bool
	onKey  func(w xproto.Window) // a key reached a window of this connection
	wm     bool                  // a window manager runs
}

func newFocusDesk(t *testing.T, wm bool) *focusDesk {
	t.Helper()
	conn, err := xgb.NewConn()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(conn.Close)
	d := &focusDesk{conn: conn, screen: xproto.Setup(conn).DefaultScreen(conn)}
	d.wm = wm
	d.user = d.window(t, "The user's editor", "_NET_WM_WINDOW_TYPE_NORMAL", false)
	go d.read()
	return d
}

// shown maps id and waits until it is shown. A window manager maps what
// it manages in its own time (a loaded machine: seconds), and one still
// starting may leave a map request unanswered, so it is asked again now
// and then.
func (d *focusDesk) shown(t *testing.T, id xproto.Window) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for i := 0; !x11Viewable(d.conn, id); i++ {
		if time.Now().After(deadline) {
			t.Fatalf("the window 0x%x was never shown", id)
		}
		if i%100 == 0 {
			xproto.MapWindow(d.conn, id)
		}
		time.Sleep(20 * time.Millisecond) // the window manager's own time
	}
}

func (d *focusDesk) atom(t *testing.T, name string) xproto.Atom {
	r, err := xproto.InternAtom(d.conn, false, uint16(len(name)), name).Reply()
	if err != nil {
		t.Fatal(err)
	}
	return r.Atom
}

// window makes and maps a window of this process, a dialog (modal, taking
// WM_DELETE_WINDOW) or a normal one.
func (d *focusDesk) window(t *testing.T, title, typ string, modal bool) xproto.Window {
	t.Helper()
	id, _ := xproto.NewWindowId(d.conn)
	if err := xproto.CreateWindowChecked(d.conn, d.screen.RootDepth, id, d.screen.Root, 20, 20, 300, 120, 0,
		xproto.WindowClassInputOutput, d.screen.RootVisual, xproto.CwEventMask,
		[]uint32{xproto.EventMaskKeyPress | xproto.EventMaskFocusChange | xproto.EventMaskStructureNotify}).Check(); err != nil {
		t.Fatal(err)
	}
	word := func(v xproto.Atom) []byte { return binary.LittleEndian.AppendUint32(nil, uint32(v)) }
	xproto.ChangeProperty(d.conn, xproto.PropModeReplace, id, d.atom(t, "_NET_WM_NAME"), d.atom(t, "UTF8_STRING"), 8, uint32(len(title)), []byte(title))
	xproto.ChangeProperty(d.conn, xproto.PropModeReplace, id, d.atom(t, "_NET_WM_WINDOW_TYPE"), xproto.AtomAtom, 32, 1, word(d.atom(t, typ)))
	xproto.ChangeProperty(d.conn, xproto.PropModeReplace, id, d.atom(t, "WM_PROTOCOLS"), xproto.AtomAtom, 32, 1, word(d.atom(t, "WM_DELETE_WINDOW")))
	if modal {
		xproto.ChangeProperty(d.conn, xproto.PropModeReplace, id, d.atom(t, "_NET_WM_STATE"), xproto.AtomAtom, 32, 1, word(d.atom(t, "_NET_WM_STATE_MODAL")))
	}
	d.shown(t, id)
	return id
}

func (d *focusDesk) read() {
	for {
		ev, err := d.conn.WaitForEvent()
		if ev == nil && err == nil {
			return
		}
		d.mu.Lock()
		switch e := ev.(type) {
		case xproto.KeyPressEvent:
			if e.Event == d.user && d.watch {
				d.seen = append(d.seen, "key")
			}
			if d.onKey != nil && e.Event != d.user {
				go d.onKey(e.Event)
			}
		case xproto.FocusOutEvent:
			if e.Event == d.user && d.watch {
				d.seen = append(d.seen, "focus out")
			}
		}
		d.mu.Unlock()
	}
}

// holdFocus gives the user's window the focus, waits until it has it, and
// starts recording what reaches it. With a window manager it is asked for
// (_NET_ACTIVE_WINDOW), as a pager asks: it handles requests in order, so
// whatever it does for the windows mapped before (openbox focuses new
// windows, or not, by its own timing) is done by the time the user's
// window is its active one.
func (d *focusDesk) holdFocus(t *testing.T, wm bool) {
	t.Helper()
	root := d.screen.Root
	ask := func() {
		if !wm {
			xproto.SetInputFocus(d.conn, xproto.InputFocusParent, d.user, xproto.TimeCurrentTime)
			return
		}
		ev := xproto.ClientMessageEvent{Format: 32, Window: d.user, Type: d.atom(t, "_NET_ACTIVE_WINDOW"),
			Data: xproto.ClientMessageDataUnionData32New([]uint32{2, 0, 0, 0, 0})}
		xproto.SendEvent(d.conn, false, root, xproto.EventMaskSubstructureRedirect|xproto.EventMaskSubstructureNotify, string(ev.Bytes()))
	}
	active := func() []byte {
		r, err := xproto.GetProperty(d.conn, false, root, d.atom(t, "_NET_ACTIVE_WINDOW"), xproto.AtomWindow, 0, 1).Reply()
		if err != nil {
			return nil
		}
		return r.Value
	}
	want := binary.LittleEndian.AppendUint32(nil, uint32(d.user))
	deadline := time.Now().Add(10 * time.Second)
	for i := 0; (wm && string(active()) != string(want)) || !x11HasFocus(d.conn, d.user); i++ {
		if time.Now().After(deadline) {
			f, _ := xproto.GetInputFocus(d.conn).Reply()
			t.Fatalf("the user's window 0x%x never got the focus: it is on 0x%x, the active window %x", d.user, f.Focus, active())
		}
		if i%50 == 0 { // asked again: a request made while the manager settles may be overtaken
			ask()
		}
		time.Sleep(20 * time.Millisecond) // the window manager's own time
	}
	d.mu.Lock()
	d.watch, d.seen = true, nil
	d.mu.Unlock()
}

// stillHeld fails the test unless the user's window kept the focus and no
// key reached it.
func (d *focusDesk) stillHeld(t *testing.T, allowFocusOut bool) {
	t.Helper()
	// Events the server sent before this round trip are read by now.
	xproto.GetInputFocus(d.conn).Reply()
	d.conn.Sync()
	d.mu.Lock()
	seen := strings.Join(d.seen, ", ")
	d.mu.Unlock()
	if strings.Contains(seen, "key") || (!allowFocusOut && seen != "") {
		t.Errorf("the user's window got: %s", seen)
	}
	if !x11HasFocus(d.conn, d.user) {
		f, _ := xproto.GetInputFocus(d.conn).Reply()
		t.Errorf("the focus is on 0x%x, not the user's window 0x%x", f.Focus, d.user)
	}
}

// dialogOf waits until ModalDialogs(pid) lists a dialog titled title.
func dialogOf(t *testing.T, pid int, title string) Dialog {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		ds, err := ModalDialogs(pid)
		for _, d := range ds {
			if d.Title == title {
				return d
			}
		}
		if time.Now().After(deadline) {
			if conn, err := xgb.NewConn(); err == nil {
				_, ids, wins, _ := x11TopWindows(conn)
				for i, w := range wins {
					t.Logf("window 0x%x: %+v", ids[i], w)
				}
				conn.Close()
			}
			t.Fatalf("ModalDialogs(%d) = %v, %v; no %q", pid, ds, err, title)
		}
		time.Sleep(20 * time.Millisecond) // the window manager lists windows in its own time
	}
}

// Pressing a dialog's default sends Return to the dialog window itself:
// the window the user types into keeps the focus throughout and gets no
// key, with and without a window manager.
func TestPressDialogX11KeepsFocus(t *testing.T) {
	for _, wm := range []bool{false, true} {
		t.Run(map[bool]string{false: "no window manager", true: "openbox"}[wm], func(t *testing.T) {
			desktoptest.Start(t, desktoptest.Want{WindowManager: wm})
			desk := newFocusDesk(t, wm)
			dlg := desk.window(t, "Save Scene?", "_NET_WM_WINDOW_TYPE_DIALOG", true)
			answered := make(chan xproto.Window, 1)
			desk.mu.Lock()
			desk.onKey = func(w xproto.Window) {
				if w == dlg {
					xproto.DestroyWindow(desk.conn, dlg) // as a toolkit does once answered
					desk.conn.Sync()
					answered <- w
				}
			}
			desk.mu.Unlock()
			d := dialogOf(t, os.Getpid(), "Save Scene?")
			if d.ID != uint64(dlg) || !d.Closable {
				t.Fatalf("listed %+v, want window 0x%x, closable", d, dlg)
			}
			desk.holdFocus(t, wm)
			what, err := PressDialog(os.Getpid(), d, DialogPress{Role: DialogDefault})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(what, "Return key sent to the window") || strings.Contains(what, "XTEST") {
				t.Errorf("press: %q", what)
			}
			select {
			case <-answered:
			case <-time.After(10 * time.Second):
				t.Fatal("the dialog got no key")
			}
			desk.stillHeld(t, false)
			// A window id that is gone, or a title that changed, is not pressed.
			if _, err := PressDialog(os.Getpid(), d, DialogPress{Role: DialogCancel}); !errors.Is(err, ErrNoDialog) {
				t.Errorf("a dialog that went: %v, want ErrNoDialog", err)
			}
		})
	}
}

// A window that ignores key events another client sends (xterm, by
// default) gets the key through XTEST instead, with the server grabbed:
// the key lands in it, and the focus goes back to the user's window at
// once, which never gets the key.
func TestPressDialogX11TypesWhereIgnored(t *testing.T) {
	desktoptest.Need(t, "xterm")
	for _, wm := range []bool{false, true} {
		t.Run(map[bool]string{false: "no window manager", true: "openbox"}[wm], func(t *testing.T) {
			desktoptest.Start(t, desktoptest.Want{WindowManager: wm})
			defer func(d time.Duration) { x11SynthWait = d }(x11SynthWait)
			x11SynthWait = 300 * time.Millisecond
			desk := newFocusDesk(t, wm)
			got := filepath.Join(t.TempDir(), "answered")
			// The "dialog": a terminal waiting for a line, marked a dialog.
			term := exec.Command("xterm", "-T", "Ignores sent keys", "-geometry", "40x5+400+300", "-e", "sh", "-c", `read line; echo yes > "$0"`, got)
			if err := term.Start(); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { term.Process.Kill(); term.Wait() })
			win := waitWindow(t, desk.conn, term.Process.Pid, "Ignores sent keys")
			word := binary.LittleEndian.AppendUint32(nil, uint32(desk.atom(t, "_NET_WM_WINDOW_TYPE_DIALOG")))
			xproto.ChangeProperty(desk.conn, xproto.PropModeReplace, win, desk.atom(t, "_NET_WM_WINDOW_TYPE"), xproto.AtomAtom, 32, 1, word)
			desk.conn.Sync()
			d := dialogOf(t, term.Process.Pid, "Ignores sent keys")
			desk.holdFocus(t, wm)
			what, err := PressDialog(term.Process.Pid, d, DialogPress{Role: DialogDefault})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(what, "later, so typed through XTEST") {
				t.Errorf("press: %q", what)
			}
			deadline := time.Now().Add(10 * time.Second)
			for b, _ := os.ReadFile(got); string(b) != "yes\n"; b, _ = os.ReadFile(got) {
				if time.Now().After(deadline) {
					t.Fatal("the terminal never got the Return")
				}
				time.Sleep(20 * time.Millisecond) // the shell writes the file in its own time
			}
			desk.stillHeld(t, true)
		})
	}
}

// waitWindow finds the top-level window titled title that process pid made.
func waitWindow(t *testing.T, conn *xgb.Conn, pid int, title string) xproto.Window {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, ids, wins, err := x11TopWindows(conn)
		for i, w := range wins {
			if err == nil && w.Owner == pid && w.Title == title && w.Viewable {
				return ids[i]
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("process %d showed no window %q", pid, title)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
