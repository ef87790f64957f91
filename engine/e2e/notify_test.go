//go:build linux

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/daemon"
	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/platform"
	"github.com/unitymcp/unitymcp/platform/desktoptest"
)

// Real notifications through a real notification server (dunst on a private
// session bus), watched with dbus-monitor: compile failed (file and line),
// compile fixed, tests failed.
func TestDesktopNotifications(t *testing.T) {
	desktoptest.Need(t, "dbus-monitor")
	desktoptest.Start(t, desktoptest.Want{Notifications: true})
	n := watchNotifications(t)
	e := startDaemonWith(t, func(c *daemon.Config) {
		c.Notify = func(title, body string) error { return platform.Notify(title, body, nil) }
		c.NotifyWindow = time.Second
	})
	dir := newProject(t, "Game")
	e.startSim(dir, editorsim.Config{})
	os.WriteFile(filepath.Join(dir, "Assets/Scripts/Bad.cs"), []byte("class Bad {\n#error missing semicolon\n}\n"), 0o644)
	e.call("", "compile", map[string]any{})
	wait := func(want string) {
		t.Helper()
		if poll(5*time.Second, func() bool {
			n.mu.Lock()
			defer n.mu.Unlock()
			return strings.Contains(strings.Join(n.seen, "\n"), want)
		}) {
			return
		}
		n.mu.Lock()
		defer n.mu.Unlock()
		t.Fatalf("no notification with %q; D-Bus saw:\n%s", want, strings.Join(n.seen, "\n"))
	}
	wait(`Compile failed — Game (simulator)`)
	wait(`First: Assets/Scripts/Bad.cs:2 #error: 'missing semicolon'`)
	time.Sleep(1100 * time.Millisecond) // kept: the test daemon's rate-limit window (1 s) must pass
	os.WriteFile(filepath.Join(dir, "Assets/Scripts/Bad.cs"), []byte("class Bad {}\n"), 0o644)
	e.call("", "compile", map[string]any{"WaitForDomainReload": true})
	wait(`Compile fixed — Game (simulator)`)
	e.call("", "run-tests", map[string]any{})
	wait(`Tests failed — Game (simulator)`)
	wait(`Game.Tests.PlayerTests.Jump_IncreasesHeight — Expected 2 but was 1`)
	// Switched off over /config: no more compile notifications.
	if status, body := e.do("POST", "/config", []byte(`{"notifications":{"compile":false}}`), nil); status != 200 || !strings.Contains(string(body), `"compile": false`) {
		t.Fatalf("POST /config: %d %s", status, body)
	}
}
