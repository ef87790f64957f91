package catalog

import "github.com/unitymcp/unitymcp/engine/api"

// undo and redo take back the calling MCP session's own authoring calls:
// every editor call carries the session's opaque id (docs/bridge-protocol.md,
// "session"), and the editor keeps each session's undo steps apart from the
// user's and from other sessions'. Both are destructive: undoing a create
// deletes the object.

func undoCountParam() Param {
	return P("count", "integer", "How many calls.").Range(1, 50).Def(1)
}

func undoTool() *Tool {
	return newTool("undo", "authoring",
		"Undo this MCP session's own last count authoring calls (each one undo step; never the user's edits or another session's). Says what it undid.",
		api.Annotations{DestructiveHint: true},
		undoCountParam())
}

func redoTool() *Tool {
	return newTool("redo", "authoring",
		"Redo the last count calls undo took back in this MCP session. Says what it redid.",
		api.Annotations{DestructiveHint: true},
		undoCountParam())
}

// batchTool runs operations in the editor as one transaction; the daemon
// checks the whole batch first (prepareBatch, batch.go), so a dry run never
// reaches the editor.
func batchTool() *Tool {
	t := newTool("batch", "authoring",
		`Run up to 200 gameobject_*, inspect_*, scene_browse_hierarchy, prefab_instantiate, prefab_revert, prefab_unpack, material_set and scene_settings calls as one undo step, all or nothing: a failure reverts every applied operation and names the one that failed. operations: [{id, tool, args}]; an args string "$id" or "$id.field" is an earlier operation's result (e.g. "$cube.path"). dry_run: only validate.`,
		api.Annotations{DestructiveHint: true},
		P("operations", "array", `Operations in order: {"id": "cube" (optional; [A-Za-z_][A-Za-z0-9_]*), "tool": "gameobject_create", "args": {…}}.`).Of("object").Range(1, BatchMax).KeepNumbers().Must(),
		P("dry_run", "boolean", "Validate tools, arguments and references; change nothing.").Def(false),
		// A full answer repeats every operation's answer: 200 operations cost as many
		// tokens as 200 calls (docs/performance.md, "Batch: 200 operations in one call").
		P("results", "string", `"ids": each operation's id, tool, path and instance_id (what a next call needs); "full": each operation's whole answer.`).OneOf("ids", "full").Def("ids"),
	)
	t.Prepare = prepareBatch
	return t
}
