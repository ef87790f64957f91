//go:build linux

package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"
	"github.com/unitymcp/unitymcp/engine/state"
	"github.com/unitymcp/unitymcp/platform/desktoptest"
)

// menuItem is one dbusmenu node: id, properties, children.
type menuItem struct {
	ID       int32
	Props    map[string]dbus.Variant
	Children []dbus.Variant
}

func flatten(it menuItem, out map[string]int32, checked map[string]bool) {
	if l, ok := it.Props["label"].Value().(string); ok {
		out[l] = it.ID
		if s, ok := it.Props["toggle-state"].Value().(int32); ok {
			checked[l] = s == 1
		}
	}
	for _, c := range it.Children {
		var child menuItem
		if err := dbus.Store([]any{c.Value()}, &child); err == nil {
			flatten(child, out, checked)
		}
	}
}

// The tray of `unitymcp serve` on a real StatusNotifierItem host: it
// registers with the watcher, its dbusmenu has the documented items, a
// click toggles a notification switch, Quit stops the daemon cleanly.
func TestTrayOnRealSNIHost(t *testing.T) {
	desktoptest.Start(t, desktoptest.Want{Tray: true, WindowManager: true})
	home := t.TempDir()
	addr := freePort(t)
	serve := startProc(t, home, bins.unitymcp, "serve", "--addr", addr)
	dir := state.Dir{Root: home}
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if _, err := dir.ReadDaemon(); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	proj := newProject(t, "TrayGame")
	startProc(t, home, bins.editorsim, "--addr", addr, "--project", proj)
	waitEditors(t, home, 1)

	conn, err := dbus.SessionBus()
	if err != nil {
		t.Fatal(err)
	}
	// Registered with the watcher.
	var items []string
	for time.Now().Before(deadline.Add(5 * time.Second)) {
		v, err := conn.Object("org.kde.StatusNotifierWatcher", "/StatusNotifierWatcher").GetProperty("org.kde.StatusNotifierWatcher.RegisteredStatusNotifierItems")
		if err == nil {
			items, _ = v.Value().([]string)
			if len(items) > 0 {
				break
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	name := fmt.Sprintf("org.kde.StatusNotifierItem-%d-1", serve.cmd.Process.Pid)
	if len(items) == 0 || !strings.Contains(strings.Join(items, " "), fmt.Sprint(serve.cmd.Process.Pid)) && !strings.Contains(strings.Join(items, " "), ":") {
		t.Fatalf("watcher lists %v; want the tray (%s); serve said:\n%s", items, name, serve.stderr)
	}
	menu := conn.Object(name, "/StatusNotifierItem/menu")
	layout := func() (map[string]int32, map[string]bool) {
		var rev uint32
		var root menuItem
		if err := menu.Call("com.canonical.dbusmenu.GetLayout", 0, int32(0), int32(-1), []string{}).Store(&rev, &root); err != nil {
			t.Fatalf("GetLayout: %v", err)
		}
		ids, checked := map[string]int32{}, map[string]bool{}
		flatten(root, ids, checked)
		return ids, checked
	}
	var ids map[string]int32
	var checked map[string]bool
	for i := 0; i < 100; i++ { // the menu fills once the tray has read /health and the editor connected
		ids, checked = layout()
		if _, ok := ids["Focus window"]; ok {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	for _, want := range []string{"Focus window", "Open definitions folder", "Copy MCP URL", "Compile", "Run EditMode tests",
		"Notifications", "Compile errors", "Test failures", "Reload required", "Start at login", "Copy client config",
		"Claude Code", "Cursor", "VS Code", "Open logs", "Quit"} {
		if _, ok := ids[want]; !ok {
			t.Errorf("menu lacks %q; has %v", want, ids)
		}
	}
	found := false
	for l := range ids {
		if strings.HasPrefix(l, "TrayGame (simulator) — connected") {
			found = true
		}
		if strings.HasPrefix(l, "unitymcp ") {
			t.Logf("menu head: %s", l)
		}
	}
	if !found {
		t.Errorf("no editor entry in %v", ids)
	}
	if !checked["Compile errors"] {
		t.Errorf("Compile errors should start checked: %v", checked)
	}
	if shot := os.Getenv("TRAY_SCREENSHOT"); shot != "" {
		// Open the menu on the host (right click on the icon), then capture.
		exec.Command("xdotool", "mousemove", "15", "15", "click", "3").Run()
		time.Sleep(1500 * time.Millisecond)
		exec.Command("import", "-window", "root", "-crop", "640x420+0+0", shot).Run()
		exec.Command("xdotool", "key", "Escape").Run()
		time.Sleep(300 * time.Millisecond)
	}
	// Click "Compile errors": the switch goes off in config.json.
	click := func(label string) {
		if err := menu.Call("com.canonical.dbusmenu.Event", 0, ids[label], "clicked", dbus.MakeVariant(""), uint32(0)).Err; err != nil {
			t.Fatalf("click %s: %v", label, err)
		}
	}
	// A click on an id from before a rebuild does nothing: re-read and retry.
	for attempt := 0; attempt < 4; attempt++ {
		ids, _ = layout()
		click("Compile errors")
		for i := 0; i < 60; i++ {
			if c, _ := dir.ReadConfig(); !c.Notifications.Compile {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		if c, _ := dir.ReadConfig(); !c.Notifications.Compile {
			break
		}
	}
	if c, _ := dir.ReadConfig(); c.Notifications.Compile || !c.Notifications.Tests {
		t.Errorf("config after the click: %+v", c.Notifications)
	}
	// Quit: the daemon stops cleanly. The menu may be rebuilt (new item
	// ids) between reading the layout and clicking, as a real host would see
	// through LayoutUpdated: read it again and retry.
	quit := time.Now().Add(15 * time.Second)
	for stopped := false; !stopped; {
		ids, _ = layout()
		menu.Call("com.canonical.dbusmenu.Event", 0, ids["Quit"], "clicked", dbus.MakeVariant(""), uint32(0))
		select {
		case <-serve.done:
			stopped = true
			if serve.err != nil {
				t.Errorf("serve exited with %v:\n%s", serve.err, serve.stderr)
			}
		case <-time.After(2 * time.Second):
			if time.Now().After(quit) {
				t.Fatalf("Quit did not stop the daemon:\n%s", serve.stderr)
			}
		}
	}
	if _, err := os.Stat(dir.DaemonPath()); !os.IsNotExist(err) {
		t.Error("daemon.json left behind after Quit")
	}
}

// A watcher that appears after the tray (a panel restarting) still gets the
// item: the guard re-registers it.
func TestTrayLateWatcher(t *testing.T) {
	d := desktoptest.Start(t, desktoptest.Want{})
	home := t.TempDir()
	serve := startProc(t, home, bins.unitymcp, "serve", "--addr", freePort(t))
	time.Sleep(1500 * time.Millisecond) // the tray is up, with no watcher
	d.StartTray(t)
	conn, err := dbus.SessionBus()
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		v, err := conn.Object("org.kde.StatusNotifierWatcher", "/StatusNotifierWatcher").GetProperty("org.kde.StatusNotifierWatcher.RegisteredStatusNotifierItems")
		if items, _ := v.Value().([]string); err == nil && len(items) == 1 {
			return
		} else if len(items) > 1 {
			t.Fatalf("registered twice: %v", items)
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("the tray never registered with the late watcher:\n%s", serve.stderr)
}
