//go:build linux

package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
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
	// Port 0: the daemon binds a free port and names it in daemon.json.
	serve := startProc(t, home, bins.unitymcp, "serve", "--addr", "127.0.0.1:0")
	dir := state.Dir{Root: home}
	addr := waitDaemon(t, home, serve).Address
	proj := newProject(t, "TrayGame")
	sim := startProc(t, home, bins.editorsim, "--addr", addr, "--project", proj)
	waitEditors(t, home, 1)

	conn, err := dbus.SessionBus()
	if err != nil {
		t.Fatal(err)
	}
	// Registered with the watcher.
	var items []string
	poll(15*time.Second, func() bool {
		v, err := conn.Object("org.kde.StatusNotifierWatcher", "/StatusNotifierWatcher").GetProperty("org.kde.StatusNotifierWatcher.RegisteredStatusNotifierItems")
		if err == nil {
			items, _ = v.Value().([]string)
		}
		return len(items) > 0
	})
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
	poll(10*time.Second, func() bool { // the menu fills once the tray has read /health and the editor connected
		ids, checked = layout()
		_, ok := ids["Focus window"]
		return ok
	})
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
	if os.Getenv("UNITYMCP_DOC_IMAGES") == "1" {
		// docs/img/tray-menu.png: the menu open on the host (right click on the
		// icon) with the editor's submenu open (the pointer on its entry).
		display := os.Getenv("DISPLAY")
		width := func() int {
			img, err := grabRoot(display)
			if err != nil {
				return 0
			}
			return crop(img).Bounds().Dx()
		}
		icon := width()
		exec.Command("xdotool", "mousemove", "15", "15", "click", "3").Run()
		waitFor(t, 10*time.Second, func() bool { return width() > icon+100 }, "the host to draw the menu")
		menuOnly := width()
		exec.Command("xdotool", "mousemove", "120", "71").Run() // the editor's entry, second row
		waitFor(t, 10*time.Second, func() bool { return width() > menuOnly+50 }, "the host to draw the editor's submenu")
		img, err := grabRoot(display)
		if err != nil {
			t.Fatal(err)
		}
		writePNG(t, filepath.Join("..", "..", "docs", "img", "tray-menu.png"), crop(img))
		exec.Command("xdotool", "key", "Escape").Run()
		exec.Command("xdotool", "key", "Escape").Run()
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
		poll(3*time.Second, func() bool {
			c, _ := dir.ReadConfig()
			return !c.Notifications.Compile
		})
		if c, _ := dir.ReadConfig(); !c.Notifications.Compile {
			break
		}
	}
	if c, _ := dir.ReadConfig(); c.Notifications.Compile || !c.Notifications.Tests {
		t.Errorf("config after the click: %+v", c.Notifications)
	}
	// The editor quits: its entry stays, with "Open in Unity" (editor_open).
	sim.cmd.Process.Signal(syscall.SIGTERM)
	if !poll(15*time.Second, func() bool { ids, _ = layout(); _, ok := ids["Open in Unity"]; return ok }) {
		t.Errorf("no \"Open in Unity\" for the closed editor; menu has %v", ids)
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
	serve := startProc(t, home, bins.unitymcp, "serve", "--addr", "127.0.0.1:0")
	conn, err := dbus.SessionBus()
	if err != nil {
		t.Fatal(err)
	}
	// The tray is up once its item owns its bus name.
	item := fmt.Sprintf("org.kde.StatusNotifierItem-%d-1", serve.cmd.Process.Pid)
	waitFor(t, 20*time.Second, func() bool {
		var has bool
		err := conn.BusObject().Call("org.freedesktop.DBus.NameHasOwner", 0, item).Store(&has)
		return err == nil && has
	}, "the tray's item %s on the bus:\n%s", item, serve.stderr)
	// Lateness is what is under test: the watcher starts well after the
	// tray's own registration attempts found none, not just after its name.
	time.Sleep(1500 * time.Millisecond)
	d.StartTray(t)
	registered := poll(60*time.Second, func() bool {
		v, err := conn.Object("org.kde.StatusNotifierWatcher", "/StatusNotifierWatcher").GetProperty("org.kde.StatusNotifierWatcher.RegisteredStatusNotifierItems")
		items, _ := v.Value().([]string)
		if len(items) > 1 {
			t.Fatalf("registered twice: %v", items)
		}
		return err == nil && len(items) == 1
	})
	if registered {
		return
	}
	t.Fatalf("the tray never registered with the late watcher:\n%s", serve.stderr)
}
