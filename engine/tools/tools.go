// Package tools holds the daemon's own tools: the built-ins the catalog
// marks Native, which run in the daemon rather than in an editor (raising
// an editor's window, comparing two images, …), one file per tool family.
//
// The dependency arrow points one way: tools imports engine and sees a
// call only through engine's exported Handler, Call and Engine; engine
// never imports tools. The daemon (engine/daemon) hands All() to
// engine.New as Options.Tools.
package tools

import (
	"maps"

	"github.com/unitymcp/unitymcp/engine"
)

// All returns the daemon's own tools by their catalog names: a fresh set
// for each engine (editor_open keeps the launches under way).
func All() map[string]engine.Handler {
	all := map[string]engine.Handler{
		"focus-window":     runFocusWindow,
		"render_compare":   runRenderCompare,
		"editors_list":     runListEditors,
		"editor_select":    runSelectEditor,
		"tool_groups":      runToolGroups,
		"editor_open":      (&openState{}).run, // launches under way, per engine
		"definitions_list": runDefinitionsList,
	}
	maps.Copy(all, diagnosticTools) // Diagnostics (issue 29)
	return all
}

// intArg reads a checked integer argument (params.Check leaves JSON
// numbers as float64; a default may be an int).
func intArg(args map[string]any, k string) int {
	if i, ok := args[k].(int); ok {
		return i
	}
	f, _ := args[k].(float64)
	return int(f)
}
