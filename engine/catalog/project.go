package catalog

import "github.com/unitymcp/unitymcp/engine/api"

// The search and project tools (issue 29; isuzu's names where isuzu has the
// tool). They read, except project_packages' add and remove, which change
// Packages/manifest.json and reload the domain (so they run as MCP tasks,
// held across the reload), and project_settings' writes, which change
// ProjectSettings/*.asset on disk where Undo does not reach. Those tools are
// declared destructive and take confirm; their Writes says which calls
// change something, so the daemon's confirm rule (engine/call.go) asks for
// confirm only for those, and for a tool with dry_run answers the refusal
// with its dry run. The read forms of the same tools need neither.

// projectTool is a search, project or build tool in the group its name
// gives (definitions.GroupOf, as for the asset tools: search_ and reflect_
// in code, project_ in diagnostics, build_ in build). None is an undo step,
// so none runs in a batch. writes, when not nil, is the tool's Writes.
func projectTool(name, description string, hints api.Annotations, writes func(map[string]any) bool, ps []Param, checks ...func(string, map[string]any) *api.ToolError) *Tool {
	t := assetTool(name, description, hints, ps, checks...)
	t.Writes = writes
	return t
}

func searchQueryTool() *Tool {
	return projectTool("search_query",
		`Search the project and open scenes with Unity Search syntax ("t:Material wood", "h:Player", "p:"). Answers {engine, total, items: [{provider, label, path|object_path, guid|instance_id, type}]}.`,
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true}, nil,
		[]Param{
			P("query", "string", "The search text.").Must(),
			P("limit", "integer", "Most items to answer.").Def(50).Range(1, 500),
		})
}

func reflectFindTypeTool() *Tool {
	return projectTool("reflect_find_type",
		"Find loaded types whose full name contains name (case-insensitive): full name, assembly, kind. For reflect_read and execute_code.",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true}, nil,
		[]Param{
			P("name", "string", `Name or part, e.g. "Rigidbody", "UnityEngine.UI.".`).Must(),
			P("limit", "integer", "Most types to answer.").Def(30).Range(1, 200),
		})
}

// packageChanges reports whether a project_packages call changes the
// manifest (resolve only makes the project match the manifest it has, as
// Unity does on its own when the file changes).
func packageChanges(args map[string]any) bool {
	a, _ := args["action"].(string)
	return a == "add" || a == "remove"
}

// projectPackagesTool is in diagnostics although add and remove write: the
// group comes from the name (isuzu's project_ prefix, definitions.GroupOf),
// the listing is what agents reach for while diagnosing, and the writes sit
// behind confirm. Splitting it into a read tool and a write tool would cost
// a second listing entry in every session for little gain. Idempotent: an
// add or remove sent again (the daemon re-sends a call a domain reload
// interrupted, which the editor binds to the change still held) leaves the
// manifest as the first left it.
func projectPackagesTool() *Tool {
	t := projectTool("project_packages",
		"Project UPM packages; a change reloads scripts (a task).",
		api.Annotations{DestructiveHint: true, IdempotentHint: true}, packageChanges,
		[]Param{
			P("action", "string", "list, add/remove (package), resolve.").OneOf("list", "add", "remove", "resolve").Def("list"),
			P("package", "string", `"name", "name@1.2.3", git URL.`),
			P("limit", "integer", "Most listed.").Def(100).Range(1, 1000),
			P("confirm", "boolean", "For add/remove."),
		},
		func(tool string, args map[string]any) *api.ToolError {
			if p, _ := args["package"].(string); packageChanges(args) && p == "" {
				return api.Errorf(api.CodeInvalidParams, "%s: action %q needs package (e.g. \"com.unity.timeline\")", tool, args["action"])
			}
			return nil
		})
	return asTask(t)
}

func projectAssembliesTool() *Tool {
	return projectTool("project_assemblies",
		"The project's script assemblies as Unity compiles them: name, kind (editor or runtime), source file count, references, .asmdef.",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true}, nil,
		[]Param{
			P("name", "string", "Only names containing this (case-insensitive)."),
			P("limit", "integer", "Most assemblies to answer.").Def(50).Range(1, 500),
		})
}

// settingsWrite reports whether a project_settings call writes.
func settingsWrite(args map[string]any) bool {
	_, ok := args["values"]
	return ok
}

func projectSettingsTool() *Tool {
	return projectTool("project_settings",
		`Project Settings by "category/path"; categories: player quality physics physics2d tags editor time audio graphics input. Read one, list a prefix, write values.`,
		api.Annotations{DestructiveHint: true, IdempotentHint: true}, settingsWrite,
		[]Param{
			P("property_path", "string", `E.g. "physics/m_Gravity".`),
			P("values", "object", `{"player/productName": "X"}`),
			P("confirm", "boolean", "To write."),
			P("dry_run", "boolean", "Check only."),
		},
		oneOf("property_path", "values", true, ` (property_path "player/" lists the Player settings)`))
}
