//go:build linux

package e2e

import (
	"bufio"
	"encoding/json"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/daemon"
	"github.com/unitymcp/unitymcp/platform"
	"github.com/unitymcp/unitymcp/platform/desktoptest"
)

// An editor whose main thread waits on a modal dialog — a real X11 dialog
// window of the editor's own process, under a real window manager — while
// its process runs and its socket still answers pings: /health and
// editors_list say blocked with the dialog's title, a call fails at once
// naming it, the notification server shows "Unity is waiting on a dialog:
// <title>" once, and when the user closes the dialog the editor is
// connected again and calls go through.
func TestBlockedEditorDialog(t *testing.T) {
	desktoptest.Need(t, "dbus-monitor", "xdotool")
	desktoptest.Start(t, desktoptest.Want{WindowManager: true, Notifications: true})
	notes := watchNotifications(t)
	const beat = 300 * time.Millisecond
	e := startDaemonWith(t, func(c *daemon.Config) {
		c.Hub = bridge.Options{Heartbeat: beat}
		c.Notify = func(title, body string) error { return platform.Notify(title, body, nil) }
		c.NotifyWindow = 100 * time.Millisecond
	})
	proj := newProject(t, "Blocked")
	const title = "Save changes to Main.unity?"
	// A separate process, so the dialog's window is a window of the pid the
	// editor reports; the dialog opens a moment after its hello.
	sim := startProc(t, e.State.Root, bins.editorsim, "--addr", strings.TrimPrefix(e.URL, "http://"), "--project", proj,
		"--dialog", title, "--dialog-after-ms", "300")
	pid := sim.cmd.Process.Pid

	editor := func() api.EditorInfo {
		status, body := e.do("GET", "/health", nil, nil)
		var h api.Health
		if status != 200 || json.Unmarshal(body, &h) != nil {
			t.Fatalf("/health: %d %s", status, body)
		}
		for _, ed := range h.Editors {
			if ed.ProjectPath == proj {
				return ed
			}
		}
		return api.EditorInfo{}
	}
	var info api.EditorInfo
	waitFor(t, 20*time.Second, func() bool {
		info = editor()
		return info.State == api.StateBlocked && len(info.Dialogs) > 0
	}, "/health to show the editor blocked by its dialog (last: %+v; editorsim: %s)", &info, sim.stderr)
	if info.PID != pid || len(info.Dialogs) != 1 || info.Dialogs[0].Title != title {
		t.Fatalf("/health: pid %d dialogs %+v, want pid %d and one dialog %q", info.PID, info.Dialogs, pid, title)
	}

	status, r := e.call("", "editors_list", map[string]any{})
	eds, _ := r["editors"].([]any)
	if status != 200 || len(eds) != 1 {
		t.Fatalf("editors_list: %d %v", status, r)
	}
	ed := eds[0].(map[string]any)
	dialogs, _ := ed["dialogs"].([]any)
	if ed["state"] != string(api.StateBlocked) || len(dialogs) != 1 || dialogs[0].(map[string]any)["title"] != title {
		t.Fatalf("editors_list entry: %v, want state blocked and the dialog %q", ed, title)
	}

	// A call answers without waiting on the editor, naming the dialog and
	// what to do: one that waited would end in deadline_exceeded (the
	// editor never answers), not editor_blocked.
	status, r = e.call("", "get-logs", map[string]any{})
	msg, _ := r["error"].(map[string]any)["message"].(string)
	if errCode(r) != api.CodeEditorBlocked || !strings.Contains(msg, title) || !strings.Contains(msg, "dismiss") {
		t.Fatalf("get-logs on the blocked editor: %d: %v", status, r)
	}

	notes.wait(t, "Unity is waiting on a dialog: "+title)

	// The user closes the dialog (the window manager's close: WM_DELETE_WINDOW).
	closeWindow(t, pid, title)
	waitFor(t, 20*time.Second, func() bool {
		info = editor()
		return info.State == api.StateConnected && len(info.Dialogs) == 0
	}, "the editor to be connected again after the dialog closed (last: %+v)", &info)
	if status, r := e.call("", "get-logs", map[string]any{}); status != 200 {
		t.Fatalf("get-logs after the dialog closed: %d %v", status, r)
	}
	// Told once in the episode, though the hub saw it blocked on every beat.
	if n := notes.count("Unity is waiting on a dialog: " + title); n != 1 {
		t.Errorf("the dialog was told %d times, want once", n)
	}
}

// closeWindow asks the window manager to close the window of pid titled
// title (_NET_CLOSE_WINDOW, as a taskbar's close does), after checking with
// xdotool that the window is there with that title and pid.
func closeWindow(t *testing.T, pid int, title string) {
	t.Helper()
	out, err := exec.Command("xdotool", "search", "--all", "--pid", strconv.Itoa(pid), "--name", "^"+regexpQuote(title)+"$").Output()
	ids := strings.Fields(string(out))
	if err != nil || len(ids) != 1 {
		t.Fatalf("xdotool finds the windows %q of pid %d titled %q (%v), want one", ids, pid, title, err)
	}
	id, _ := strconv.ParseUint(ids[0], 10, 32)
	conn, err := xgb.NewConn()
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	root := xproto.Setup(conn).DefaultScreen(conn).Root
	a, err := xproto.InternAtom(conn, false, uint16(len("_NET_CLOSE_WINDOW")), "_NET_CLOSE_WINDOW").Reply()
	if err != nil {
		t.Fatal(err)
	}
	ev := xproto.ClientMessageEvent{Format: 32, Window: xproto.Window(id), Type: a.Atom,
		Data: xproto.ClientMessageDataUnionData32New([]uint32{0, 2, 0, 0, 0})}
	if err := xproto.SendEventChecked(conn, false, root,
		xproto.EventMaskSubstructureRedirect|xproto.EventMaskSubstructureNotify, string(ev.Bytes())).Check(); err != nil {
		t.Fatal(err)
	}
}

func regexpQuote(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`\.+*?()|[]{}^$`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// notifications are the Notify calls dbus-monitor saw on the test bus.
type notifications struct {
	mu   sync.Mutex
	seen []string
}

// watchNotifications starts dbus-monitor on the session bus and returns
// once it sees every Notify.
func watchNotifications(t *testing.T) *notifications {
	t.Helper()
	mon := exec.Command("dbus-monitor", "--session", "interface='org.freedesktop.Notifications',member='Notify'")
	out, _ := mon.StdoutPipe()
	if err := mon.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mon.Process.Kill(); mon.Wait() })
	n := &notifications{}
	// dbus-monitor becomes a monitor and then loses its own name: from that
	// NameLost on it sees every Notify.
	monitoring := make(chan struct{})
	go func() {
		var once sync.Once
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if strings.Contains(sc.Text(), "member=NameLost") {
				once.Do(func() { close(monitoring) })
			}
			if l := strings.TrimSpace(sc.Text()); strings.HasPrefix(l, `string "`) {
				n.mu.Lock()
				n.seen = append(n.seen, l)
				n.mu.Unlock()
			}
		}
	}()
	select {
	case <-monitoring:
	case <-time.After(10 * time.Second):
		t.Fatal("dbus-monitor did not start monitoring")
	}
	return n
}

// count is how many strings seen were exactly text.
func (n *notifications) count(text string) int {
	n.mu.Lock()
	defer n.mu.Unlock()
	c := 0
	for _, s := range n.seen {
		if s == strconv.Quote(text) || s == `string "`+text+`"` {
			c++
		}
	}
	return c
}

func (n *notifications) wait(t *testing.T, text string) {
	t.Helper()
	if poll(10*time.Second, func() bool { return n.count(text) > 0 }) {
		return
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	t.Fatalf("no notification %q; D-Bus saw:\n%s", text, strings.Join(n.seen, "\n"))
}
