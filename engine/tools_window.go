package engine

import (
	"context"
	"fmt"

	"github.com/unitymcp/unitymcp/platform"
)

// focus-window runs in the daemon: the editor reports its pid and the
// daemon, which lives in the user's desktop session, raises the window.
func focusWindowTool() *Tool {
	t := editorTool("focus-window", "diagnostics",
		"Brings Unity Editor window to front on macOS and Windows",
		false, false, true)
	t.Run = runFocusWindow
	return t
}

// focusFunc is platform.FocusWindow, a variable for tests.
var focusFunc = platform.FocusWindow

func runFocusWindow(ctx context.Context, c *Call) (map[string]any, error) {
	ed, terr := c.Editor(ctx)
	if terr != nil {
		return nil, terr
	}
	name := ed.ProductName
	if err := focusFunc(ed.PID); err != nil {
		msg := fmt.Sprintf("could not bring the Unity window of %s (pid %d) to front: %v", name, ed.PID, err)
		return nil, &ToolError{Code: CodeFocusFailed, Message: msg,
			Data: map[string]any{"Success": false, "Message": "Focus failed", "ErrorMessage": msg}}
	}
	return map[string]any{"Success": true, "Message": fmt.Sprintf("Brought the Unity window of %s (pid %d) to front", name, ed.PID), "ErrorMessage": ""}, nil
}

func screenshotTool() *Tool {
	return editorTool("screenshot", "rendering",
		"Take a screenshot of Unity EditorWindow and save as PNG. Supports capturing any open EditorWindow by name with flexible matching modes",
		true, false, true,
		P("WindowName", "string", `Window name to capture (e.g., "Game", "Scene", "Console", "Inspector", "Project", "Hierarchy")`).Def("Game"),
		P("ResolutionScale", "number", "Resolution scale for the captured image, 0.1 to 1.0").Def(1),
		P("MatchMode", "string", `Window name matching mode (all case-insensitive) - "exact", "prefix", "contains"`+"\n"+
			"- exact: Window name must match exactly\n"+
			"- prefix: Window name must start with the input\n"+
			"- contains: Window name must contain the input anywhere").OneOf("exact", "prefix", "contains").Def("exact"),
		P("OutputDirectory", "string", "Output directory path for saving screenshots. When empty, uses default path (.uloop/outputs/Screenshots/). Accepts absolute paths").Def(""),
	)
}
