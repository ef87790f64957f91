package catalog

import (
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/definitions"
)

// get-menu-items and execute-menu-item run in the editor: Unity lists a
// menu's items with Unsupported.GetSubmenus and runs one with
// EditorApplication.ExecuteMenuItem. The deny list (items that quit, build,
// delete or save the project's settings) is the editor's, with its overrides in the project's
// ProjectSettings/UnityMcpSettings.json, so it is shared with the team and
// applies to dry runs too.

func getMenuItemsTool() *Tool {
	return newTool("get-menu-items", "authoring",
		"List the Unity Editor's menu items (File, Edit, Assets, GameObject, Component, Window, Help, Tools and the project's own [MenuItem] menus): each item's path, whether it is enabled now, and whether the menu deny list refuses it. Use a path with execute-menu-item.",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true},
		P("filter", "string", "Case-insensitive text the item's path must contain (empty: every item)").Def(""),
		P("max_results", "number", "Maximum number of items to return").Def(200),
	)
}

func executeMenuItemTool() *Tool {
	ps := append([]Param{
		P("path", "string", `The menu item's full path as get-menu-items lists it, e.g. "GameObject/Create Empty"`).Must(),
	}, definitions.ConfirmParams()...)
	return newTool("execute-menu-item", "authoring",
		"Run a Unity Editor menu item by its path (EditorApplication.ExecuteMenuItem). Destructive: pass confirm=true to run it, or dry_run=true to see what would run. Items that quit, build, delete or save the project's settings (File/Exit, File/Build*, Assets/Delete, Edit/Delete, File/Save Project, …) are refused unless the project's ProjectSettings/UnityMcpSettings.json lists them under menuItems.allow.",
		api.Annotations{DestructiveHint: true},
		ps...,
	)
}
