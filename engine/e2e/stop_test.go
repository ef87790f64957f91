//go:build linux

package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"

	"github.com/unitymcp/unitymcp/engine/state"
	"github.com/unitymcp/unitymcp/platform/desktoptest"
)

// startTray runs `unitymcp tray` (attached) in home; the daemon it may start
// binds a free port ($UNITYMCP_ADDR).
func startTray(t *testing.T, home string) *proc {
	t.Helper()
	return startProcEnv(t, home, []string{"UNITYMCP_ADDR=127.0.0.1:0"}, bins.unitymcp, "tray")
}

// trayItems returns a reader of the tray's menu (label → id) once the tray
// of process pid is on the bus with its menu filled.
func trayItems(t *testing.T, pid int) func() map[string]int32 {
	t.Helper()
	conn, err := dbus.SessionBus()
	if err != nil {
		t.Fatal(err)
	}
	menu := conn.Object(fmt.Sprintf("org.kde.StatusNotifierItem-%d-1", pid), "/StatusNotifierItem/menu")
	read := func() map[string]int32 {
		var rev uint32
		var root menuItem
		ids := map[string]int32{}
		if menu.Call("com.canonical.dbusmenu.GetLayout", 0, int32(0), int32(-1), []string{}).Store(&rev, &root) == nil {
			flatten(root, ids, map[string]bool{})
		}
		return ids
	}
	waitFor(t, 20*time.Second, func() bool { _, ok := read()["Quit"]; return ok }, "the tray of pid %d and its menu", pid)
	return read
}

// clickQuit clicks the tray's Quit until its process exits (a rebuild may
// renumber the items between the read and the click).
func clickQuit(t *testing.T, tr *proc, items func() map[string]int32) {
	t.Helper()
	conn, _ := dbus.SessionBus()
	menu := conn.Object(fmt.Sprintf("org.kde.StatusNotifierItem-%d-1", tr.cmd.Process.Pid), "/StatusNotifierItem/menu")
	for attempt := 0; ; attempt++ {
		menu.Call("com.canonical.dbusmenu.Event", 0, items()["Quit"], "clicked", dbus.MakeVariant(""), uint32(0))
		select {
		case <-tr.done:
			return
		case <-time.After(3 * time.Second):
			if attempt == 5 {
				t.Fatalf("Quit did not close the tray:\n%s", tr.stderr)
			}
		}
	}
}

// `unitymcp stop` stops the daemon and the attached tray, which does not
// start another; opening the tray again starts one (the user asked), and its
// Quit stops the daemon it started; a tray attached to a daemon it did not
// start only closes at Quit.
func TestStopStopsDaemonAndTray(t *testing.T) {
	desktoptest.Start(t, desktoptest.Want{Tray: true})
	home := t.TempDir()
	dir := state.Dir{Root: home}

	tr := startTray(t, home)
	trayItems(t, tr.cmd.Process.Pid)
	first, err := dir.ReadDaemon()
	if err != nil {
		t.Fatalf("the tray started no daemon: %v\n%s", err, tr.stderr)
	}
	if out, errOut, code := cliRun(t, home, "", "stop"); code != 0 || !strings.Contains(out, fmt.Sprintf("pid %d", first.PID)) {
		t.Fatalf("stop: exit %d, %q %q", code, out, errOut)
	}
	select {
	case <-tr.done:
	case <-time.After(20 * time.Second):
		t.Fatalf("the tray did not close after stop:\n%s", tr.stderr)
	}
	// The tray is gone, and nothing else here starts a daemon: if it had
	// started one before closing, that one holds the lock now.
	if !daemonGone(home) {
		info, _ := dir.ReadDaemon()
		t.Fatalf("a daemon runs after stop (pid %d; the stopped one was %d):\n%s", info.PID, first.PID, tr.stderr)
	}
	if !strings.Contains(tr.stderr.String(), "stopped") {
		t.Errorf("the tray did not say why it closed:\n%s", tr.stderr)
	}

	// Opened again: it starts a daemon, and Quit stops it.
	tr = startTray(t, home)
	items := trayItems(t, tr.cmd.Process.Pid)
	second, err := dir.ReadDaemon()
	if err != nil || second.PID == first.PID {
		t.Fatalf("the tray opened after stop started no daemon (%+v, %v):\n%s", second, err, tr.stderr)
	}
	if _, err := os.Stat(filepath.Join(home, "stopped")); !os.IsNotExist(err) {
		t.Errorf("the daemon that started kept the stop mark: %v", err)
	}
	clickQuit(t, tr, items)
	if !daemonGone(home) {
		t.Fatalf("Quit left the daemon the tray started running:\n%s", tr.stderr)
	}

	// Attached to a daemon it did not start: Quit closes the tray only.
	serve, _ := startServe(t, home, "127.0.0.1:0")
	tr = startTray(t, home)
	clickQuit(t, tr, trayItems(t, tr.cmd.Process.Pid))
	select {
	case <-serve.done:
		t.Fatalf("Quit of an attached tray stopped the daemon it did not start:\n%s", serve.stderr)
	default:
	}
	if _, errOut, code := cliRun(t, home, "", "status"); code != 0 {
		t.Errorf("status after the attached tray's Quit: exit %d %s", code, errOut)
	}
}

// An idle stdio session does not start the daemon again after a stop; its
// client's next request does, and gets its answer.
func TestStopAndIdleStdioSession(t *testing.T) {
	home := t.TempDir()
	dir := state.Dir{Root: home}
	// Last: the daemon the shim started for its second request is stopped
	// too (the shim is gone by then, and starts none).
	t.Cleanup(func() { cliRun(t, home, "", "stop") })
	proj := newProject(t, "Game")
	cmd := exec.Command(bins.unitymcp, "stdio", "--project", proj)
	cmd.Env = append(os.Environ(), "UNITYMCP_HOME="+home, "UNITYMCP_ADDR=127.0.0.1:0")
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	var sb syncBuffer
	cmd.Stderr = &sb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stdin.Close(); cmd.Process.Kill(); cmd.Wait() })
	lines := make(chan string, 16)
	go readLines(stdout, lines)
	// send writes a request and returns its answer (the line with its id;
	// notifications that come first are passed over).
	send := func(msg string) string {
		var req struct{ ID json.RawMessage }
		json.Unmarshal([]byte(msg), &req)
		fmt.Fprintln(stdin, msg)
		for {
			select {
			case l := <-lines:
				var ans struct{ ID json.RawMessage }
				if json.Unmarshal([]byte(l), &ans) == nil && string(ans.ID) == string(req.ID) {
					return l
				}
			case <-time.After(30 * time.Second):
				t.Fatalf("no answer to %s:\n%s", msg, sb.String())
				return ""
			}
		}
	}
	if a := send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`); !strings.Contains(a, `"result"`) {
		t.Fatalf("initialize: %s", a)
	}
	fmt.Fprintln(stdin, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	first, err := dir.ReadDaemon()
	if err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := cliRun(t, home, "", "stop"); code != 0 {
		t.Fatalf("stop: %s", errOut)
	}
	// The shim notices (its log says so) and looks for the daemon in the
	// background, which never starts one.
	waitFor(t, 20*time.Second, func() bool { return strings.Contains(sb.String(), "connection to the unitymcp daemon was lost") }, "the shim to notice the stop:\n%s", sb.String())
	if !daemonGone(home) {
		info, _ := dir.ReadDaemon()
		t.Fatalf("a daemon runs while the stdio session is idle (pid %d, stopped %d):\n%s", info.PID, first.PID, sb.String())
	}
	// The client asks: the shim starts one and the request is answered.
	if a := send(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`); !strings.Contains(a, `"get-logs"`) {
		t.Fatalf("tools/list after the stop: %.300s\n%s", a, sb.String())
	}
	if info, err := dir.ReadDaemon(); err != nil || info.PID == first.PID {
		t.Errorf("no new daemon answered (%+v, %v)", info, err)
	}
}

// readLines sends each line read from r.
func readLines(r interface{ Read([]byte) (int, error) }, out chan<- string) {
	var buf bytes.Buffer
	b := make([]byte, 64<<10)
	for {
		n, err := r.Read(b)
		buf.Write(b[:n])
		for {
			i := bytes.IndexByte(buf.Bytes(), '\n')
			if i < 0 {
				break
			}
			out <- string(buf.Next(i + 1))
		}
		if err != nil {
			close(out)
			return
		}
	}
}
