//go:build linux

package tray

import (
	"fmt"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/godbus/dbus/v5"
)

func busReachable() bool {
	if os.Getenv("DBUS_SESSION_BUS_ADDRESS") == "" {
		// Name the user bus explicitly so godbus never autolaunches a
		// stray dbus-daemon.
		p := fmt.Sprintf("/run/user/%d/bus", os.Getuid())
		if _, err := os.Stat(p); err != nil {
			return false
		}
		os.Setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path="+p)
	}
	conn, err := dbus.SessionBus()
	return err == nil && conn.Connected()
}

// keepRegistered works around fyne.io/systray registering with the
// StatusNotifierWatcher only once: a watcher that starts after the tray
// (a panel restarting, a late desktop) would never list it. Whenever a
// watcher takes the name, register the item by its bus name again.
func keepRegistered(log *slog.Logger) {
	conn, err := dbus.SessionBus()
	if err != nil {
		return
	}
	name := fmt.Sprintf("org.kde.StatusNotifierItem-%d-1", os.Getpid())
	if err := conn.AddMatchSignal(dbus.WithMatchInterface("org.freedesktop.DBus"), dbus.WithMatchMember("NameOwnerChanged"),
		dbus.WithMatchArg(0, "org.kde.StatusNotifierWatcher")); err != nil {
		return
	}
	ch := make(chan *dbus.Signal, 8)
	conn.Signal(ch)
	watcher := conn.Object("org.kde.StatusNotifierWatcher", "/StatusNotifierWatcher")
	listed := func() bool {
		v, err := watcher.GetProperty("org.kde.StatusNotifierWatcher.RegisteredStatusNotifierItems")
		if err != nil {
			return false
		}
		items, _ := v.Value().([]string)
		for _, it := range items {
			if strings.HasPrefix(it, conn.Names()[0]) || strings.HasPrefix(it, name) {
				return true
			}
		}
		return false
	}
	// register retries for a while: a watcher takes its bus name before it
	// exports its object, so the first attempts can fail with UnknownObject
	// — the very failure fyne.io/systray never retries. It registers only
	// when the watcher does not list the item yet (no duplicate icons).
	register := func() {
		for delay := 250 * time.Millisecond; delay < 8*time.Second; delay *= 2 {
			time.Sleep(delay)
			if listed() {
				return
			}
			if call := watcher.Call("org.kde.StatusNotifierWatcher.RegisterStatusNotifierItem", 0, name); call.Err != nil {
				log.Debug("tray: registering with the watcher", "err", call.Err)
			}
		}
	}
	// A watcher that appeared before this match was in place sent its
	// signal unseen: check once now too.
	go register()
	for sig := range ch {
		if sig.Name != "org.freedesktop.DBus.NameOwnerChanged" || len(sig.Body) < 3 {
			continue
		}
		if owner, _ := sig.Body[2].(string); owner != "" {
			register()
		}
	}
}
