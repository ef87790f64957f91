package catalog

import (
	"encoding/json"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/definitions"
	"github.com/unitymcp/unitymcp/engine/params"
)

// Param is a tool parameter (see package params).
type Param = params.Param

// P starts a parameter description.
func P(name, typ, description string) Param { return params.P(name, typ, description) }

// Tool is one entry of a catalog. Tools are immutable once in a Snapshot.
type Tool struct {
	Name        string
	Description string
	Group       string
	// Schema is the JSON Schema of the arguments (an object schema).
	Schema json.RawMessage
	// Params is the parsed form of Schema used to check arguments.
	Params []Param
	// Hints are the MCP annotations, all three always explicit.
	Hints api.Annotations
	// AlwaysLoad and MaxResultSizeChars become _meta["anthropic/…"].
	AlwaysLoad         bool
	MaxResultSizeChars int
	// Source says where the tool comes from.
	Source api.ToolSource
	// Native tools run in the daemon (its handler is the engine's); the
	// others are sent to the editor.
	Native bool
	// Check, when set, checks rules across arguments after their types.
	Check func(args map[string]any) *api.ToolError
	// Writes, when set, reports whether a call of a destructive tool with
	// these (checked) arguments makes the change its confirm is for. The
	// daemon asks for confirm only then, so a tool that also reads (a
	// settings read, a package list) can declare DestructiveHint without
	// its reads needing confirm. Nil: every call of the tool does.
	Writes func(args map[string]any) bool
	// Prepare, when set, runs in the daemon after an editor tool's
	// arguments passed their checks, with the catalog the call was found
	// in: it returns the arguments to send to the editor, or an answer
	// (answer != nil) that ends the call in the daemon (a batch's dry run).
	Prepare func(s *Snapshot, args map[string]any) (send map[string]any, answer any, terr *api.ToolError)
	// Batch reports whether the tool may be an operation of a batch: an
	// editor tool whose changes Undo reverts, or one that only reads.
	Batch bool
	// Def is the definition behind a SourceDefinition tool.
	Def *definitions.Def
	// TaskSupport is api.TaskSupportOptional for the long editor calls a
	// client may run as an MCP task (run-tests, compile), "" (forbidden)
	// for the rest: a task is worth its polling only for work that can
	// outlast a request, and only editor calls go through the hub that
	// holds them across domain reloads (docs/architecture.md, "Tasks").
	TaskSupport string
}

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

// Info returns the tool's public description.
func (t *Tool) Info() api.ToolInfo {
	info := api.ToolInfo{
		Name: t.Name, Description: t.Description, Group: t.Group, Source: t.Source,
		InputSchema: t.Schema, Annotations: t.Hints, Meta: t.Meta(),
	}
	if t.TaskSupport != "" {
		info.Execution = &api.ToolExecution{TaskSupport: t.TaskSupport}
	}
	return info
}

// HasParam reports whether the tool takes a parameter of that name.
func (t *Tool) HasParam(name string) bool {
	for _, p := range t.Params {
		if p.Name == name {
			return true
		}
	}
	return false
}

// newTool is the common shape of a built-in tool.
func newTool(name, group, description string, hints api.Annotations, params ...Param) *Tool {
	if params == nil {
		params = []Param{}
	}
	return &Tool{Name: name, Group: group, Description: description, Params: params, Hints: hints}
}
