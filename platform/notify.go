package platform

import (
	"os"
	"path/filepath"

	"github.com/gen2brain/beeep"
)

func init() { beeep.AppName = "unitymcp" }

// Notify shows a native desktop notification (D-Bus notifications on Linux,
// Notification Center on macOS, a toast on Windows). icon is PNG data.
func Notify(title, body string, icon []byte) error {
	if err := notifyRoute(); err != nil {
		return err
	}
	if icon == nil {
		return beeep.Notify(title, body, "")
	}
	return beeep.Notify(title, body, icon)
}

// HasDesktop reports whether this process runs in a graphical session that
// can show notifications and a tray.
func HasDesktop() bool { return hasDesktop(goos, os.Getenv, fileExists) && canShowWindows() }

func hasDesktop(goos string, getenv func(string) string, exists func(string) bool) bool {
	switch goos {
	case "windows", "darwin":
		return true
	}
	if getenv("DISPLAY") == "" && getenv("WAYLAND_DISPLAY") == "" {
		return false
	}
	if getenv("DBUS_SESSION_BUS_ADDRESS") != "" {
		return true
	}
	// The user bus systemd starts at login.
	if rt := getenv("XDG_RUNTIME_DIR"); rt != "" {
		return exists(filepath.Join(rt, "bus"))
	}
	return false
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }
