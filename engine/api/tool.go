package api

import "encoding/json"

// ToolSource says where a tool comes from.
type ToolSource string

// Tool sources.
const (
	SourceBuiltin    ToolSource = "builtin"
	SourceEditor     ToolSource = "editor"
	SourceDefinition ToolSource = "definition"
)

// Annotations are the MCP tool hints, always all three explicit.
type Annotations struct {
	ReadOnlyHint    bool `json:"readOnlyHint"`
	DestructiveHint bool `json:"destructiveHint"`
	IdempotentHint  bool `json:"idempotentHint"`
}

// ToolInfo is a tool as GET /tools lists it (and the schema snapshots hold it).
type ToolInfo struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Group       string          `json:"group"`
	Source      ToolSource      `json:"source"`
	InputSchema json.RawMessage `json:"inputSchema"`
	Annotations Annotations     `json:"annotations"`
	Meta        map[string]any  `json:"_meta,omitempty"`
	// Execution says whether the tool can run as an MCP task; absent for
	// the tools that cannot.
	Execution *ToolExecution `json:"execution,omitempty"`
}

// ToolExecution is a tool's execution field (MCP 2025-11-25).
type ToolExecution struct {
	// TaskSupport is TaskSupportOptional for tools a client may call as a
	// task (tools/call with params.task) or plainly.
	TaskSupport string `json:"taskSupport"`
}

// TaskSupportOptional marks a tool that may be called as an MCP task.
const TaskSupportOptional = "optional"

// ToolList is the body of GET /tools.
type ToolList struct {
	Tools []ToolInfo `json:"tools"`
	Count int        `json:"count"`
}

// Groups a tool can belong to, as isuzu-shiranui/UnityMCP names them
// (?group= takes these).
var Groups = []string{"diagnostics", "authoring", "rendering", "timeline", "build", "code", "input"}
