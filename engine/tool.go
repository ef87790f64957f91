// Package engine is the daemon's core: the tool catalog (built-in schemas,
// tools editors declare), argument checking, project routing and the call
// path from any front end (MCP, REST, CLI) through the editor bridge. Front
// ends see only engine types; the MCP library lives in engine/server.
package engine

import (
	"context"
	"encoding/json"

	"github.com/unitymcp/unitymcp/engine/definitions"
)

// Groups a tool can belong to, as isuzu-shiranui/UnityMCP names them.
var Groups = []string{"diagnostics", "authoring", "rendering", "timeline", "build", "code", "input"}

// Tool is one entry of the catalog.
type Tool struct {
	Name        string
	Description string
	Group       string
	// Schema is the JSON Schema of the arguments (an object schema).
	Schema json.RawMessage
	// Params is the parsed form of Schema used to check arguments.
	Params []Param

	ReadOnly    bool
	Destructive bool
	Idempotent  bool
	// AlwaysLoad and MaxResultSizeChars become _meta["anthropic/…"].
	AlwaysLoad         bool
	MaxResultSizeChars int

	// Source says where the tool comes from: "builtin", "editor" or "definition".
	Source string
	// Run handles the call in the daemon; nil sends it to the editor.
	Run Handler
	// Check, when set, checks rules across arguments after their types.
	Check func(args map[string]any) *ToolError

	def *definitions.Def // the definition behind a Source "definition" tool
}

// Handler runs a daemon-native tool. It returns the response object (without
// Ver) or a ToolError.
type Handler func(ctx context.Context, call *Call) (map[string]any, error)

// Meta returns the tool's _meta fields, nil when none is set.
func (t *Tool) Meta() map[string]any {
	m := map[string]any{}
	if t.AlwaysLoad {
		m["anthropic/alwaysLoad"] = true
	}
	if t.MaxResultSizeChars > 0 {
		m["anthropic/maxResultSizeChars"] = t.MaxResultSizeChars
	}
	if len(m) == 0 {
		return nil
	}
	return m
}

// ToolInfo is the JSON shape of a tool in GET /tools and snapshots.
type ToolInfo struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Group       string          `json:"group"`
	Source      string          `json:"source"`
	InputSchema json.RawMessage `json:"inputSchema"`
	Annotations Annotations     `json:"annotations"`
	Meta        map[string]any  `json:"_meta,omitempty"`
}

// Annotations are the MCP tool hints, always all three explicit.
type Annotations struct {
	ReadOnlyHint    bool `json:"readOnlyHint"`
	DestructiveHint bool `json:"destructiveHint"`
	IdempotentHint  bool `json:"idempotentHint"`
}

// Info returns the tool's public description.
func (t *Tool) Info() ToolInfo {
	return ToolInfo{
		Name: t.Name, Description: t.Description, Group: t.Group, Source: t.Source,
		InputSchema: t.Schema,
		Annotations: Annotations{ReadOnlyHint: t.ReadOnly, DestructiveHint: t.Destructive, IdempotentHint: t.Idempotent},
		Meta:        t.Meta(),
	}
}
