package engine

import (
	"context"
	"fmt"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/platform"
)

// focusFunc is platform.FocusWindow, a variable for tests.
var focusFunc = platform.FocusWindow

// runFocusWindow is focus-window: the editor reported its pid at hello and
// the daemon, which lives in the user's desktop session, raises the window.
func runFocusWindow(ctx context.Context, c *Call) (any, error) {
	ed, terr := c.Editor(ctx)
	if terr != nil {
		return nil, terr
	}
	name := ed.ProductName
	if err := focusFunc(ed.PID); err != nil {
		msg := fmt.Sprintf("could not bring the Unity window of %s (pid %d) to front: %v", name, ed.PID, err)
		return nil, &api.ToolError{Code: api.CodeFocusFailed, Message: msg,
			Data: map[string]any{"Success": false, "Message": "Focus failed", "ErrorMessage": msg}}
	}
	return map[string]any{"Success": true, "Message": fmt.Sprintf("Brought the Unity window of %s (pid %d) to front", name, ed.PID), "ErrorMessage": ""}, nil
}
