package tools

import (
	"context"
	"fmt"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/platform"
)

// focusFunc is platform.FocusWindow, a variable for tests.
var focusFunc = platform.FocusWindow

// runFocusWindow is focus-window: the editor reported its pid at hello and
// the daemon, which lives in the user's desktop session, raises the window.
// When it cannot (no desktop, a Wayland session, no window for the pid) the
// answer is the seed's response with Success false and the reason in
// ErrorMessage, not a failed call: the agent learns why and that clicking the
// window itself is the way on.
func runFocusWindow(ctx context.Context, c *engine.Call) (any, error) {
	ed, terr := c.Editor(ctx)
	if terr != nil {
		return nil, terr
	}
	name := ed.ProductName
	if err := focusFunc(ed.PID); err != nil {
		return map[string]any{
			"Success":      false,
			"Message":      fmt.Sprintf("Could not bring the Unity window of %s (pid %d) to front", name, ed.PID),
			"ErrorMessage": err.Error(),
		}, nil
	}
	return map[string]any{"Success": true, "Message": fmt.Sprintf("Brought the Unity window of %s (pid %d) to front", name, ed.PID), "ErrorMessage": ""}, nil
}
