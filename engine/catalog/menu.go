package catalog

import (
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/definitions"
)

// get-menu-items and execute-menu-item carry uLoopMCP's names (it shipped
// them until v1.5 / v2.1), so they take uLoop's parameters and answer with
// uLoop's fields: a prompt or skill written for uLoop works. They run in
// the editor: Unity lists a menu's items with Unsupported.GetSubmenus and
// runs one with EditorApplication.ExecuteMenuItem. The deny list (items that
// quit, build, delete or save the project's settings) is the editor's, with
// its overrides in the project's ProjectSettings/UnityMcpSettings.json, so
// it is shared with the team and applies to dry runs too. confirm and
// dry_run are this product's safety switches on every destructive tool
// (docs/naming.md).

func getMenuItemsTool() *Tool {
	return newTool("get-menu-items", "authoring",
		"Retrieve Unity MenuItems: each Path, the method behind it (empty for Unity's own items), Enabled now, Denied by the menu deny list. Run one with execute-menu-item.",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true},
		P("FilterText", "string", "Text to filter MenuItem paths (empty for all items)").Def(""),
		P("FilterType", "string", "How FilterText matches, ignoring case").OneOf("contains", "exact", "startswith").Def("contains"),
		P("IncludeValidation", "boolean", "Include validation functions in the results").Def(false),
		P("MaxCount", "number", "Maximum number of menu items to retrieve").Def(200),
	)
}

func executeMenuItemTool() *Tool {
	ps := append([]Param{
		P("MenuItemPath", "string", `The menu item path to execute (e.g., "GameObject/Create Empty")`).Must(),
		P("UseReflectionFallback", "boolean", "Invoke its [MenuItem] method if Unity's menu refuses it").Def(true),
	}, definitions.ConfirmParams()...)
	return newTool("execute-menu-item", "authoring",
		"Execute Unity MenuItem by path. Destructive: confirm=true runs it, dry_run=true says what would. Items that quit, build, delete or save project settings are refused unless ProjectSettings/UnityMcpSettings.json allows them (menuItems.allow).",
		api.Annotations{DestructiveHint: true},
		ps...,
	)
}
