// Package desktoptest starts real desktop services for tests: an X server
// (Xvfb), a window manager (openbox), a private session D-Bus, a
// StatusNotifierItem host and watcher (gtk-sni-tray-standalone) and a
// notification server (dunst). Tests skip when the programs are missing,
// and fail instead under CI=true (.ci/run installs them).
package desktoptest

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// Want selects the services to start.
type Want struct {
	WindowManager bool
	Tray          bool // SNI watcher + host
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
			msg := fmt.Sprintf("desktop test needs %s (Debian packages xvfb dbus openbox dunst haskell-gtk-sni-tray-utils xdotool xterm): %v", p, err)
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
		progs = append(progs, "openbox")
	}
	if w.Tray {
		progs = append(progs, "gtk-sni-tray-standalone")
	}
	if w.Notifications {
		progs = append(progs, "dunst")
	}
	Need(t, progs...)
	d := &Desktop{}
	start := func(name string, args ...string) *exec.Cmd {
		cmd := exec.Command(name, args...)
		cmd.Env = append(os.Environ(), "DISPLAY="+d.Display, "DBUS_SESSION_BUS_ADDRESS="+d.Bus, "NO_AT_BRIDGE=1")
		if err := cmd.Start(); err != nil {
			t.Fatalf("starting %s: %v", name, err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		return cmd
	}
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
		start("openbox", "--sm-disable")
		time.Sleep(300 * time.Millisecond)
	}
	if w.Notifications {
		start("dunst", "-config", "/dev/null")
		waitName(t, d, "org.freedesktop.Notifications")
	}
	if w.Tray {
		start("gtk-sni-tray-standalone", "--watcher")
		waitName(t, d, "org.kde.StatusNotifierWatcher")
	}
	return d
}

// waitName waits until a service owns name on the test bus.
func waitName(t *testing.T, d *Desktop, name string) {
	t.Helper()
	waitFor(t, name, func() bool {
		out, err := exec.Command("dbus-send", "--bus="+d.Bus, "--print-reply", "--dest=org.freedesktop.DBus",
			"/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner", "string:"+name).Output()
		return err == nil && strings.Contains(string(out), "boolean true")
	})
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
