package catalog

import (
	"fmt"
	"maps"
	"strings"

	"github.com/unitymcp/unitymcp/engine/api"
)

// The prefab tools: isuzu's prefab_create, prefab_instantiate and
// prefab_apply with their parameters, and beyond isuzu the overrides listed
// and reverted, variants, unpacking and a prefab's contents edited without a
// stage. What changes only the scene (instantiate, revert, unpack) is one
// undo step and runs in a batch. What writes an asset cannot be undone in
// Unity, so it never runs in a batch; what rewrites an asset that instances
// share needs confirm and offers dry_run (apply, edit) or needs overwrite
// (create, create_variant over an existing file).

// prefabPathParam is a prefab asset's path.
func prefabPathParam(what string) Param {
	return P("path", "string", what+` under Assets/, e.g. "Assets/Prefabs/Enemy.prefab" (.prefab may be left out).`)
}

// confirmParams are the gate of a write that cannot be undone.
func confirmParams(what string) []Param {
	return []Param{
		P("confirm", "boolean", "Required true: "+what+" cannot be undone and reaches every instance.").Def(false),
		P("dry_run", "boolean", "Say what it would do; change nothing.").Def(false),
	}
}

func prefabCreateTool() *Tool {
	t := newTool("prefab_create", "authoring",
		"Save a GameObject (object_path or instance_id) as a prefab asset; it becomes an instance of it unless connect is false. An instance root saves as a variant. Missing folders under Assets/ are created. Not undoable.",
		api.Annotations{},
		withParams(targetParams(), []Param{
			prefabPathParam("Where to save it").Must(),
			P("connect", "boolean", "The object becomes an instance of the new prefab.").Def(true),
			P("overwrite", "boolean", "Replace an existing prefab at path (its instances follow the new contents).").Def(false),
		})...)
	t.Check = func(args map[string]any) *api.ToolError { return checkTarget(t.Name, args) }
	return t
}

func prefabInstantiateTool() *Tool {
	return editorTool("prefab_instantiate",
		"Place an instance of a prefab (path or guid) under a parent (parent_path or parent_instance_id; neither = scene root). Answers its path and id.",
		api.Annotations{},
		withParams([]Param{
			P("path", "string", `Prefab asset path, e.g. "Assets/Prefabs/Enemy.prefab". Or guid.`),
			P("guid", "string", "The prefab's asset GUID. Or path."),
		}, parentParams(), []Param{
			P("name", "string", "Name of the instance (default: the prefab's)."),
			vector("position", "Local position"),
			vector("rotation", "Local rotation in euler degrees"),
		}),
		oneOf("path", "guid", true, ` (path is a prefab under Assets/, e.g. "Assets/Prefabs/Enemy.prefab")`), checkParent, checkVectors)
}

func prefabApplyTool() *Tool {
	t := newTool("prefab_apply", "authoring",
		"Write a prefab instance's overrides (object_path or instance_id: its root or anything in it) into its prefab asset, reaching every instance. Not undoable: needs confirm; dry_run lists the overrides. The root's position, rotation and name never apply.",
		api.Annotations{DestructiveHint: true},
		withParams(targetParams(), confirmParams("applying"))...)
	t.Check = func(args map[string]any) *api.ToolError { return checkTarget(t.Name, args) }
	return t
}

func prefabOverridesTool() *Tool {
	t := newTool("prefab_overrides", "authoring",
		"List a prefab instance's overrides (object_path or instance_id: its root or anything in it): properties with the instance's and the asset's value, added and removed components and GameObjects.",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true},
		targetParams()...)
	t.Check = func(args map[string]any) *api.ToolError { return checkTarget(t.Name, args) }
	return t
}

func prefabRevertTool() *Tool {
	return editorTool("prefab_revert",
		"Revert a prefab instance's overrides to the asset's: all of them, one component's (component_type: an added one is removed, a removed one comes back), or one property's (property_path; no component_type = the GameObject's own). Undoable.",
		api.Annotations{DestructiveHint: true, IdempotentHint: true},
		withParams(targetParams(), []Param{
			P("component_type", "string", componentTypeDescription+"; on the GameObject object_path names."),
			P("property_path", "string", `Serialized property path, e.g. "m_Mass" or "m_LocalPosition" (inspect_list lists them).`),
		}),
		checkTarget)
}

func prefabCreateVariantTool() *Tool {
	return newTool("prefab_create_variant", "authoring",
		"Create a prefab variant of a prefab: a new asset that follows its base except where it overrides it. Missing folders under Assets/ are created. Not undoable.",
		api.Annotations{},
		prefabPathParam("The base prefab").Must(),
		P("variant_path", "string", `Where to save the variant under Assets/, e.g. "Assets/Prefabs/Enemy Variant.prefab".`).Must(),
		P("overwrite", "boolean", "Replace an existing prefab at variant_path.").Def(false),
	)
}

func prefabUnpackTool() *Tool {
	return editorTool("prefab_unpack",
		"Unpack a prefab instance (object_path or instance_id: its root or anything in it) into plain GameObjects; an instance of a variant unpacks to an instance of its base unless completely. Undoable.",
		api.Annotations{DestructiveHint: true},
		withParams(targetParams(), []Param{
			P("completely", "boolean", "Unpack every level, leaving no prefab instance.").Def(false),
		}),
		checkTarget)
}

// prefabEditable reports whether prefab_edit runs t on a prefab's contents:
// the batch's object tools (not reads of scenes, not prefab tools).
func prefabEditable(t *Tool) bool {
	return t.Batch && (strings.HasPrefix(t.Name, "gameobject_") || strings.HasPrefix(t.Name, "inspect_"))
}

func prefabEditTool() *Tool {
	t := newTool("prefab_edit", "authoring",
		`Edit a prefab asset's contents without opening it: up to 200 gameobject_* and inspect_* operations [{id, tool, args}] on its objects ("/<RootName>/…"; "$id.field" as in batch), saved all or nothing; every instance follows. Not undoable: needs confirm. dry_run runs them on a copy and saves nothing.`,
		api.Annotations{DestructiveHint: true},
		append([]Param{
			prefabPathParam("The prefab").Must(),
			P("operations", "array", `Operations in order: {"id": "gun" (optional), "tool": "gameobject_create", "args": {…}}; paths start at the prefab's root, a new object without a parent goes under it.`).Of("object").Range(1, BatchMax).KeepNumbers().Must(),
		}, confirmParams("saving the prefab")...)...)
	t.Prepare = preparePrefabEdit
	return t
}

// preparePrefabEdit checks prefab_edit's operations as a batch's are
// (prepareBatch: tools, arguments, ids, references), after refusing the
// tools prefab_edit does not run; the editor gets them checked and with
// their defaults.
func preparePrefabEdit(s *Snapshot, args map[string]any) (map[string]any, any, *api.ToolError) {
	raw, _ := args["operations"].([]any)
	var refused []string
	for i, r := range raw {
		m, _ := r.(map[string]any)
		name, _ := m["tool"].(string)
		if t := s.Lookup(name); t != nil && !prefabEditable(t) {
			refused = append(refused, fmt.Sprintf("operations[%d] (%s): prefab_edit runs only gameobject_* and inspect_* tools on the prefab's objects; call %s on its own", i, name, name))
		}
	}
	if len(refused) > 0 {
		return nil, nil, api.Errorf(api.CodeInvalidParams, "prefab_edit: %s", strings.Join(refused, "; "))
	}
	send, _, terr := prepareBatch(s, map[string]any{"operations": raw})
	if terr != nil {
		terr.Message = "prefab_edit: " + strings.TrimPrefix(terr.Message, "batch: ")
		return nil, nil, terr
	}
	out := maps.Clone(args)
	out["operations"] = send["operations"]
	return out, nil, nil
}
