package engine

import "github.com/unitymcp/unitymcp/engine/params"

// Builtins returns the built-in tools in catalog order: the uLoopMCP surface
// of seed 002, then the tools definition files build on. This is the one
// list of them.
func Builtins() []*Tool {
	tools := []*Tool{
		compileTool(),
		getLogsTool(),
		runTestsTool(),
		clearConsoleTool(),
		findGameObjectsTool(),
		getHierarchyTool(),
		executeDynamicCodeTool(),
		focusWindowTool(),
		screenshotTool(),
		controlPlayModeTool(),
		simulateMouseUITool(),
		simulateMouseInputTool(),
		simulateKeyboardTool(),
		// The tools definitions build on (isuzu-shiranui/UnityMCP's names).
		reflectReadTool(),
		executeCodeTool(),
		inputPointerTool(),
		inputKeyTool(),
		inputRecordTool(),
		inputReplayTool(),
		renderCompareTool(),
		definitionsListTool(),
	}
	for _, t := range tools {
		t.Source = "builtin"
		t.Schema = params.Schema(t.Params)
	}
	return tools
}

// editorTool is the common shape of a built-in tool the editor runs.
func editorTool(name, group, description string, readOnly, destructive, idempotent bool, params ...Param) *Tool {
	if params == nil {
		params = []Param{}
	}
	return &Tool{Name: name, Group: group, Description: description, Params: params,
		ReadOnly: readOnly, Destructive: destructive, Idempotent: idempotent}
}
