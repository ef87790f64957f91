//go:build darwin

package platform

import (
	"fmt"
	"os/exec"
	"strings"
)

// focusWindow brings the process with this pid to the front through System
// Events (no cgo needed). macOS asks the user once to allow automation.
func focusWindow(pid int) error {
	script := fmt.Sprintf(`tell application "System Events" to set frontmost of (first process whose unix id is %d) to true`, pid)
	out, err := exec.Command("osascript", "-e", script).CombinedOutput()
	if err != nil {
		return focusErr("osascript could not bring process %d to front: %v: %s (allow unitymcp to control System Events in System Settings > Privacy & Security > Automation)", pid, err, strings.TrimSpace(string(out)))
	}
	return nil
}
