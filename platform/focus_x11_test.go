//go:build linux

package platform

import (
	"errors"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/platform/desktoptest"
)

// A real window under a real window manager: FocusWindow makes it active.
func TestFocusWindowX11(t *testing.T) {
	desktoptest.Need(t, "xterm", "xdotool")
	desktoptest.Start(t, desktoptest.Want{WindowManager: true})
	var pids []int
	for i := 0; i < 2; i++ {
		x := exec.Command("xterm", "-title", "focus-test-"+strconv.Itoa(i))
		if err := x.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { x.Process.Kill(); x.Wait() })
		pids = append(pids, x.Process.Pid)
	}
	for _, pid := range pids {
		desktoptest.WaitWindow(t, pid)
	}
	active := func() int {
		out, err := exec.Command("xdotool", "getactivewindow", "getwindowpid").Output()
		if err != nil {
			return 0
		}
		n, _ := strconv.Atoi(strings.TrimSpace(string(out)))
		return n
	}
	for _, pid := range []int{pids[0], pids[1], pids[0]} {
		if err := FocusWindow(pid); err != nil {
			t.Fatalf("FocusWindow(%d): %v", pid, err)
		}
		if got := active(); got != pid {
			t.Errorf("active window belongs to pid %d, want %d", got, pid)
		}
	}
	// A process without a window: a clear error.
	sleep := exec.Command("sleep", "5")
	sleep.Start()
	t.Cleanup(func() { sleep.Process.Kill(); sleep.Wait() })
	err := FocusWindow(sleep.Process.Pid)
	if !errors.Is(err, ErrFocusUnsupported) || !strings.Contains(err.Error(), "has no top-level window") {
		t.Errorf("window-less process: %v", err)
	}
}

func TestFocusReasons(t *testing.T) {
	t.Parallel()
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	if r := focusBlocker(env(map[string]string{"WAYLAND_DISPLAY": "wayland-0"})); !strings.Contains(r, "Wayland") {
		t.Errorf("wayland: %q", r)
	}
	if r := focusBlocker(env(nil)); !strings.Contains(r, "no graphical session") {
		t.Errorf("headless: %q", r)
	}
	if r := focusBlocker(env(map[string]string{"DISPLAY": ":0", "WAYLAND_DISPLAY": "w"})); r != "" {
		t.Errorf("XWayland should be tried: %q", r)
	}
	if err := FocusWindow(0); !errors.Is(err, ErrFocusUnsupported) {
		t.Errorf("pid 0: %v", err)
	}
}
