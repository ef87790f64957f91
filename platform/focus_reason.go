package platform

import "fmt"

// focusBlocker explains, from the environment alone, why focus cannot work
// on a Unix desktop ("" when an X11 display is there to try).
func focusBlocker(getenv func(string) string) string {
	if getenv("DISPLAY") != "" {
		return ""
	}
	if getenv("WAYLAND_DISPLAY") != "" {
		return "this is a Wayland session, which lets no program raise another's window; click the Unity window yourself"
	}
	return "no graphical session (DISPLAY is not set) — the daemon runs without a desktop; start it from your desktop session (unitymcp service install)"
}

func focusErr(format string, a ...any) error {
	return fmt.Errorf("%w: %s", ErrFocusUnsupported, fmt.Sprintf(format, a...))
}
