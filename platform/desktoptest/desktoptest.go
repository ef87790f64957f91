// Package desktoptest starts real desktop services for tests: an X server
// (Xvfb), a window manager (openbox), a private session D-Bus, a
// StatusNotifierItem watcher (status-notifier-watcher) and host
// (gtk-sni-tray-standalone) and a notification server (dunst). Tests skip when the programs are missing,
// and fail instead under CI=true (.ci/run installs them).
package desktoptest

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

// Want selects the services to start.
type Want struct {
	WindowManager bool
	Tray          bool // SNI watcher + host (two programs: see StartTray)
	Notifications bool // dunst
}

// Desktop is a running test desktop; its env is set for the test.
type Desktop struct {
	Display string
	Bus     string
}

// Need skips (or fails under CI=true) when a program is missing.
func Need(t *testing.T, programs ...string) {
	t.Helper()
	for _, p := range programs {
		if _, err := exec.LookPath(p); err != nil {
			msg := fmt.Sprintf("desktop test needs %s (Debian packages xvfb x11-utils dbus openbox dunst haskell-status-notifier-item-utils haskell-gtk-sni-tray-utils xdotool xterm): %v", p, err)
			if os.Getenv("CI") == "true" {
				t.Fatal(msg)
			}
			t.Skip(msg)
		}
	}
}

// Start brings up the services and sets DISPLAY and DBUS_SESSION_BUS_ADDRESS.
func Start(t *testing.T, w Want) *Desktop {
	t.Helper()
	progs := []string{"Xvfb", "dbus-daemon"}
	if w.WindowManager {
		progs = append(progs, "openbox", "xprop")
	}
	if w.Tray {
		progs = append(progs, "status-notifier-watcher", "gtk-sni-tray-standalone")
	}
	if w.Notifications {
		progs = append(progs, "dunst")
	}
	Need(t, progs...)
	d := &Desktop{}
	// Xvfb picks a free display itself and tells us which (-displayfd), so
	// test processes running side by side never share one.
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	x := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", "1280x800x24", "-nolisten", "tcp")
	x.ExtraFiles = []*os.File{pw}
	if err := x.Start(); err != nil {
		t.Fatalf("starting Xvfb: %v", err)
	}
	pw.Close()
	t.Cleanup(func() { x.Process.Kill(); x.Wait() })
	num, err := bufio.NewReader(pr).ReadString('\n')
	pr.Close()
	if err != nil {
		t.Fatalf("Xvfb did not report its display: %v", err)
	}
	d.Display = ":" + strings.TrimSpace(num)
	bus := exec.Command("dbus-daemon", "--session", "--nofork", "--print-address=1")
	out, _ := bus.StdoutPipe()
	if err := bus.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { bus.Process.Kill(); bus.Wait() })
	addr, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("dbus-daemon gave no address: %v", err)
	}
	d.Bus = strings.TrimSpace(addr)
	t.Setenv("DISPLAY", d.Display)
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", d.Bus)
	t.Setenv("WAYLAND_DISPLAY", "")
	if w.WindowManager {
		d.service(t, d.wmReady, "openbox", "--sm-disable", "--startup", "xprop -root -f "+wmReadyProp+" 32c -set "+wmReadyProp+" 1")
	}
	if w.Notifications {
		d.service(t, func() bool { return d.hasName("org.freedesktop.Notifications") }, "dunst", "-config", "/dev/null")
	}
	if w.Tray {
		d.StartTray(t)
	}
	return d
}

// StartTray starts the SNI watcher and then the host as two programs (Start
// does when Want.Tray; a test may call it later, as a panel restarting).
// gtk-sni-tray-standalone can host its own watcher (--watcher), but then
// its host half races the watcher half and sometimes dies with
// "UnknownObject … Pattern match failure" before the watcher's name is
// ever seen (it failed a CI run that way); a separate watcher that is up
// before the host starts has no such race.
func (d *Desktop) StartTray(t *testing.T) {
	t.Helper()
	d.service(t, func() bool { return d.hasName("org.kde.StatusNotifierWatcher") }, "status-notifier-watcher")
	d.service(t, d.hostRegistered, "gtk-sni-tray-standalone")
}

// proc is a helper program with its output kept for failure messages.
type proc struct {
	name string
	cmd  *exec.Cmd
	out  *tailBuffer
	done chan struct{}
}

func (p *proc) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// start runs a helper program in the test desktop; it is killed at cleanup.
func (d *Desktop) start(t *testing.T, name string, args ...string) *proc {
	t.Helper()
	p := &proc{name: name, cmd: exec.Command(name, args...), out: &tailBuffer{max: 4096}, done: make(chan struct{})}
	p.cmd.Env = append(os.Environ(), "DISPLAY="+d.Display, "DBUS_SESSION_BUS_ADDRESS="+d.Bus, "NO_AT_BRIDGE=1")
	p.cmd.Stdout, p.cmd.Stderr = p.out, p.out
	if err := p.cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", name, err)
	}
	go func() { p.cmd.Wait(); close(p.done) }()
	t.Cleanup(func() { p.cmd.Process.Kill(); <-p.done })
	return p
}

// service starts a helper and waits until ready() holds. A helper that
// exits before it is ready is started again (twice at most), with what
// it printed logged, so one crash of a third-party program does not fail
// a test; a third failure does, with the output of every attempt.
func (d *Desktop) service(t *testing.T, ready func() bool, name string, args ...string) {
	t.Helper()
	var log strings.Builder
	for attempt := 1; attempt <= 3; attempt++ {
		p := d.start(t, name, args...)
		deadline := time.Now().Add(60 * time.Second) // slow under load: a GTK host can take long to start
		for time.Now().Before(deadline) && !p.exited() {
			if ready() {
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
		if !p.exited() {
			t.Fatalf("%s did not become ready in 60 s; it printed:\n%s", name, p.out)
		}
		fmt.Fprintf(&log, "attempt %d: %s exited (%v); it printed:\n%s\n", attempt, name, p.cmd.ProcessState, p.out)
		t.Logf("%s exited before it was ready (attempt %d); starting it again", name, attempt)
	}
	t.Fatalf("%s never became ready:\n%s", name, log.String())
}

// wmReadyProp is the root window property openbox's startup command sets.
const wmReadyProp = "_UNITYMCP_TEST_WM_READY"

// wmReady reports whether openbox has run its startup command, which it
// does once it has taken over the screen, managed the windows already
// there and listens for more. Its _NET_SUPPORTING_WM_CHECK is no such
// sign: openbox sets it first, and a window mapped during the startup
// that follows can stay unmapped for good (7 of 10 TestModalDialogsX11
// runs here waited 10 s for a managed window; openbox seems to read the
// MapRequest into its own event queue, obt/xqueue.c, while its main loop
// waits only for more to read from the X connection).
func (d *Desktop) wmReady() bool {
	out, err := exec.Command("xprop", "-display", d.Display, "-root", wmReadyProp).Output()
	return err == nil && strings.Contains(string(out), "= 1")
}

// hasName reports whether a service owns name on the test bus.
func (d *Desktop) hasName(name string) bool {
	out, err := exec.Command("dbus-send", "--bus="+d.Bus, "--print-reply", "--dest=org.freedesktop.DBus",
		"/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner", "string:"+name).Output()
	return err == nil && strings.Contains(string(out), "boolean true")
}

// hostRegistered reports whether a StatusNotifierHost registered with the watcher.
func (d *Desktop) hostRegistered() bool {
	out, err := exec.Command("dbus-send", "--bus="+d.Bus, "--print-reply", "--dest=org.kde.StatusNotifierWatcher",
		"/StatusNotifierWatcher", "org.freedesktop.DBus.Properties.Get",
		"string:org.kde.StatusNotifierWatcher", "string:IsStatusNotifierHostRegistered").Output()
	return err == nil && strings.Contains(string(out), "boolean true")
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (b *tailBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.b = append(b.b, p...)
	if len(b.b) > b.max {
		b.b = append(b.b[:0], b.b[len(b.b)-b.max:]...)
	}
	return len(p), nil
}

func (b *tailBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return string(b.b)
}

func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second) // slow under load: a GTK host can take long to start
	for time.Now().Before(deadline) {
		if ok() {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%s did not come up", what)
}

// WaitWindow waits until the window manager manages a window of pid (it is
// in _NET_CLIENT_LIST), so tests do not depend on how fast a loaded machine
// maps windows.
func WaitWindow(t *testing.T, pid int) {
	t.Helper()
	waitFor(t, fmt.Sprintf("a managed window of pid %d", pid), func() bool {
		ids, err := exec.Command("xdotool", "search", "--pid", fmt.Sprint(pid)).Output()
		if err != nil {
			return false
		}
		list, err := exec.Command("xprop", "-root", "_NET_CLIENT_LIST").Output()
		if err != nil {
			return false
		}
		for _, id := range strings.Fields(string(ids)) {
			var n int
			fmt.Sscan(id, &n)
			if strings.Contains(string(list), fmt.Sprintf("0x%x", n)) {
				return true
			}
		}
		return false
	})
}
