package catalog

import "github.com/unitymcp/unitymcp/engine/api"

// list-editors and select-editor run in the daemon: they let any MCP
// session, including one whose client sends no roots, see the connected
// editors and pin itself to one.

func listEditorsTool() *Tool {
	t := newTool("list-editors", "diagnostics",
		"List the Unity editors this daemon knows: project (product name), name (folder name), path, hash, Unity version, state, and which one this session is pinned to. Use it when a call answers project_ambiguous, then select-editor.",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true})
	t.Native = true
	return t
}

func selectEditorTool() *Tool {
	t := newTool("select-editor", "diagnostics",
		"Pin this MCP session to one Unity editor, so its calls go there when several editors are connected (instead of project_ambiguous). project is the editor's hash, project folder path or name, as list-editors shows them.",
		api.Annotations{IdempotentHint: true},
		P("project", "string", "The project's hash, folder path or name (product or folder name), from list-editors.").Must(),
	)
	t.Native = true
	return t
}
