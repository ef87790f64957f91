package catalog

import (
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/definitions"
)

// editors_list and editor_select run in the daemon: they let any MCP
// session, including one whose client sends no roots, see the connected
// editors and pin itself to one.

func listEditorsTool() *Tool {
	t := newTool("editors_list", "diagnostics",
		"List the Unity editors this daemon knows: project (product name), name (folder name), path, hash, unity_version, state, and which one this session is pinned to. A blocked editor (state blocked) waits on the modal dialogs listed with it (title, and buttons where the OS shows them): ask the user to dismiss them. Use it when a call answers project_ambiguous or editor_blocked, then editor_select.",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true})
	t.Native = true
	return t
}

func selectEditorTool() *Tool {
	t := newTool("editor_select", "diagnostics",
		"Pin this MCP session to one Unity editor, so its calls go there when several editors are connected (instead of project_ambiguous). project is the editor's hash, project folder path or name, as editors_list shows them.",
		api.Annotations{IdempotentHint: true},
		P("project", "string", "The project's hash, folder path or name (product or folder name), from editors_list.").Must(),
	)
	t.Native = true
	return t
}

// editor_open runs in the daemon: it starts the project's Unity Editor
// (the version ProjectVersion.txt names, found among the installed ones) and
// answers once its bridge said hello. Starting a program is gated by confirm.
func openEditorTool() *Tool {
	ps := append([]Param{
		P("project", "string", "The Unity project's folder path (the one holding Assets and ProjectSettings).").Must(),
		P("timeout_seconds", "number", "How long to wait for the started Editor to connect").Def(300),
	}, definitions.ConfirmParams()...)
	t := newTool("editor_open", "diagnostics",
		"Open a Unity project in the Unity Editor version its ProjectSettings/ProjectVersion.txt names (found in Unity Hub's editor lists and the default install folders, or $UNITYMCP_UNITY), and answer once that Editor connected to this daemon. Starts a program: pass confirm=true to run it, or dry_run=true to see which Editor and command it would run. Use it when a call answers editor_not_connected.",
		api.Annotations{DestructiveHint: true},
		ps...,
	)
	t.Native = true
	return t
}

// Renamed maps the names this product's own tools had before they
// followed the naming rule (docs/naming.md) to their names now. A call by
// an old name still runs the tool, for one release, and its answer says
// the new name (engine.Call); the old names are listed nowhere.
var Renamed = map[string]string{
	"list-editors":  "editors_list",
	"select-editor": "editor_select",
	"open-editor":   "editor_open",
}
