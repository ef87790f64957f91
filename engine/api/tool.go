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
}

// ToolList is the body of GET /tools.
type ToolList struct {
	Tools []ToolInfo `json:"tools"`
	Count int        `json:"count"`
}

// Groups a tool can belong to, as isuzu-shiranui/UnityMCP names them
// (?group= takes these).
var Groups = []string{"diagnostics", "authoring", "rendering", "timeline", "build", "code", "input"}
