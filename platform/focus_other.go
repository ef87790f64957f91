package platform

import (
	"fmt"
	"os"
)

// focusWindow reports the specific reason focus is not possible in this
// session; the native X11/macOS/Windows implementations come with the
// desktop layer.
func focusWindow(pid int) error {
	return fmt.Errorf("%w: %s", ErrFocusUnsupported, focusBlocker(goos, os.Getenv))
}

// focusBlocker explains, from the environment alone, why focus cannot work.
func focusBlocker(goos string, getenv func(string) string) string {
	switch goos {
	case "linux", "freebsd", "openbsd", "netbsd":
		if getenv("WAYLAND_DISPLAY") != "" && getenv("DISPLAY") == "" {
			return "this is a Wayland session, which lets no program raise another's window; click the Unity window yourself"
		}
		if getenv("DISPLAY") == "" {
			return "no graphical session (DISPLAY is not set) — the daemon runs without a desktop; start it from your desktop session (unitymcp service install)"
		}
		return fmt.Sprintf("raising windows on X11 (DISPLAY=%s) is not built into this version of unitymcp yet", getenv("DISPLAY"))
	default:
		return "raising windows on " + goos + " is not built into this version of unitymcp yet"
	}
}
