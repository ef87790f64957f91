//go:build linux

package e2e

import (
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/platform/desktoptest"
)

// focus-window end to end: editorsim reports an xterm's pid as the editor's,
// the daemon raises that window under a real window manager.
func TestFocusWindowTool(t *testing.T) {
	desktoptest.Need(t, "xterm", "xdotool")
	desktoptest.Start(t, desktoptest.Want{WindowManager: true})
	x := exec.Command("xterm", "-title", "Unity (stand-in)")
	if err := x.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { x.Process.Kill(); x.Wait() })
	other := exec.Command("xterm", "-title", "other")
	other.Start()
	t.Cleanup(func() { other.Process.Kill(); other.Wait() })
	desktoptest.WaitWindow(t, x.Process.Pid)
	desktoptest.WaitWindow(t, other.Process.Pid)
	e := startDaemon(t, bridge.Options{})
	e.startSim(newProject(t, "Game"), editorsim.Config{PID: x.Process.Pid})
	status, r := e.call("", "focus-window", map[string]any{})
	if status != 200 || r["Success"] != true || !strings.Contains(r["Message"].(string), strconv.Itoa(x.Process.Pid)) {
		t.Fatalf("focus-window: %d %v", status, r)
	}
	out, _ := exec.Command("xdotool", "getactivewindow", "getwindowpid").Output()
	if strings.TrimSpace(string(out)) != strconv.Itoa(x.Process.Pid) {
		t.Errorf("active window pid %s, want %d", out, x.Process.Pid)
	}
}

// When the window cannot be raised, focus-window answers as the seed
// documents: Success false, a Message, and the reason in ErrorMessage — here a
// running process that has no window.
func TestFocusWindowWithoutWindowAnswersWhy(t *testing.T) {
	desktoptest.Need(t, "xdotool")
	desktoptest.Start(t, desktoptest.Want{WindowManager: true})
	p := exec.Command("sleep", "600")
	if err := p.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Process.Kill(); p.Wait() })
	e := startDaemon(t, bridge.Options{})
	e.startSim(newProject(t, "Game"), editorsim.Config{PID: p.Process.Pid})
	status, r := e.call("", "focus-window", map[string]any{})
	msg, _ := r["ErrorMessage"].(string)
	if status != 200 || r["Success"] != false || !strings.Contains(r["Message"].(string), strconv.Itoa(p.Process.Pid)) || !strings.Contains(msg, "window") {
		t.Fatalf("focus-window for a process without a window: %d %v", status, r)
	}
	t.Log(msg)
}
