package catalog

import (
	"sort"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/definitions"
	"github.com/unitymcp/unitymcp/engine/params"
)

// The authoring tools (issue 28) take isuzu-shiranui/UnityMCP's names and
// parameters, so isuzu users' habits and definition sequences carry over.
// An object is addressed one way everywhere (peers-2026-12.md §6.1): a
// hierarchy path exactly as scene_browse_hierarchy prints it, or an
// instance/entity id (params.TypeID: never a JSON double). Every mutation
// is one undo step in the editor, so none asks for confirm.

// targetParams are the two ways to name the object a tool acts on.
func targetParams() []Param {
	return []Param{
		P("object_path", "string", `Hierarchy path as scene_browse_hierarchy prints it, e.g. "/Canvas/Button[1]/Label" ([i] only where sibling names repeat; \ escapes / [ \). Or instance_id.`),
		P("instance_id", params.TypeID, "Instance/entity id (decimal string or integer). Or object_path."),
	}
}

// parentParams name a new parent; neither is the scene root.
func parentParams() []Param {
	return []Param{
		P("parent_path", "string", "Parent's hierarchy path. Or parent_instance_id; neither = scene root."),
		P("parent_instance_id", params.TypeID, "Parent's instance/entity id. Or parent_path."),
	}
}

// vector is a {x,y,z} parameter that changes only the axes given.
func vector(name, what string) Param {
	return P(name, "object", what+" {x,y,z}; only the axes given.")
}

// withParams joins parameter lists (the target first, as isuzu lists them).
func withParams(lists ...[]Param) []Param {
	var out []Param
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// editorTool is an authoring tool, runnable in a batch. Its group is
// authoring, but for the read-only ones isuzu lists under diagnostics by
// name (definitions.GroupOf): a client's ?group= gets what it got there.
func editorTool(name, description string, hints api.Annotations, ps []Param, checks ...func(string, map[string]any) *api.ToolError) *Tool {
	group := "authoring"
	if definitions.GroupOf(name) == "diagnostics" {
		group = "diagnostics"
	}
	t := withChecks(newTool(name, group, description, hints, ps...), checks)
	t.Batch = true
	return t
}

// withChecks sets t.Check to run each check on the arguments, in order.
func withChecks(t *Tool, checks []func(string, map[string]any) *api.ToolError) *Tool {
	if len(checks) == 0 {
		return t
	}
	name := t.Name
	t.Check = func(args map[string]any) *api.ToolError {
		for _, c := range checks {
			if terr := c(name, args); terr != nil {
				return terr
			}
		}
		return nil
	}
	return t
}

// oneOf refuses both of a pair, and neither when required.
func oneOf(a, b string, required bool, neither string) func(string, map[string]any) *api.ToolError {
	return func(tool string, args map[string]any) *api.ToolError {
		_, hasA := args[a]
		_, hasB := args[b]
		switch {
		case hasA && hasB:
			return api.Errorf(api.CodeInvalidParams, "%s: give %s or %s, not both", tool, a, b)
		case required && !hasA && !hasB:
			return api.Errorf(api.CodeInvalidParams, "%s: give %s or %s; neither was given%s", tool, a, b, neither)
		}
		return nil
	}
}

// checkTarget requires exactly one of object_path and instance_id.
var checkTarget = oneOf("object_path", "instance_id", true,
	` (object_path is a hierarchy path as scene_browse_hierarchy prints it, e.g. "/Canvas/Button")`)

// checkParent allows at most one of parent_path and parent_instance_id.
var checkParent = oneOf("parent_path", "parent_instance_id", false, "")

// checkVectors checks the {x,y,z} arguments: numbers, no other keys.
func checkVectors(tool string, args map[string]any) *api.ToolError {
	for _, name := range []string{"position", "rotation", "scale"} {
		v, ok := args[name].(map[string]any)
		if !ok {
			continue
		}
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if k != "x" && k != "y" && k != "z" {
				return api.Errorf(api.CodeInvalidParams, "%s: %s takes x, y and z (lowercase), not %q", tool, name, k)
			}
			if _, ok := v[k].(float64); !ok {
				return api.Errorf(api.CodeInvalidParams, "%s: %s.%s must be a number, got %s", tool, name, k, params.Kind(v[k]))
			}
		}
	}
	return nil
}

func gameobjectCreateTool() *Tool {
	return editorTool("gameobject_create",
		"Create a GameObject, empty or a primitive, under a parent (parent_path or parent_instance_id; neither = scene root). Answers its path and id.",
		api.Annotations{},
		withParams([]Param{
			P("name", "string", "Name (default: the primitive's, or GameObject)."),
			P("primitive", "string", "Primitive mesh; omit for an empty object.").OneOf("Cube", "Sphere", "Capsule", "Cylinder", "Plane", "Quad"),
		}, parentParams(), []Param{
			vector("position", "Position"),
			vector("rotation", "Rotation in euler degrees"),
			vector("scale", "Scale"),
			P("collider", "boolean", "Keep the primitive's collider.").Def(true),
		}),
		checkParent, checkVectors)
}

func gameobjectDeleteTool() *Tool {
	return editorTool("gameobject_delete",
		"Delete a GameObject and its children (object_path or instance_id). Undoable.",
		api.Annotations{DestructiveHint: true},
		targetParams(), checkTarget)
}

func gameobjectDuplicateTool() *Tool {
	return editorTool("gameobject_duplicate",
		"Duplicate a GameObject with its children beside it (object_path or instance_id); the copy has no prefab link. Answers the copy's path and id.",
		api.Annotations{},
		withParams(targetParams(), []Param{P("name", "string", `Name of the copy (default: Unity's, e.g. "Cube (1)").`)}),
		checkTarget)
}

func gameobjectReparentTool() *Tool {
	return editorTool("gameobject_reparent",
		"Move a GameObject (object_path or instance_id) under another parent, or to the scene root when no parent is given.",
		api.Annotations{},
		withParams(targetParams(), parentParams(), []Param{
			P("sibling_index", "integer", "Position among the new siblings (default: last).").AtLeast(0),
			P("keep_world_position", "boolean", "Keep the world position, rotation and scale (else keep the local ones).").Def(true),
		}),
		checkTarget, checkParent)
}

func gameobjectSetTransformTool() *Tool {
	return editorTool("gameobject_set_transform",
		"Set a GameObject's position, rotation (euler degrees) and/or scale (object_path or instance_id); only the axes given change.",
		api.Annotations{IdempotentHint: true},
		withParams(targetParams(), []Param{
			vector("position", "Position"),
			vector("rotation", "Rotation in euler degrees"),
			vector("scale", "Local scale"),
			P("world", "boolean", "position and rotation are in world space (else local).").Def(false),
		}),
		checkTarget, checkVectors, func(tool string, args map[string]any) *api.ToolError {
			for _, k := range []string{"position", "rotation", "scale"} {
				if _, ok := args[k]; ok {
					return nil
				}
			}
			return api.Errorf(api.CodeInvalidParams, "%s: give at least one of position, rotation, scale (each {x,y,z}, only the axes given)", tool)
		})
}

func gameobjectSetActiveTool() *Tool {
	return editorTool("gameobject_set_active",
		"Activate or deactivate a GameObject (object_path or instance_id).",
		api.Annotations{IdempotentHint: true},
		withParams(targetParams(), []Param{P("active", "boolean", "true activates, false deactivates.").Must()}),
		checkTarget)
}

// componentTypeDescription says how a component type is named.
const componentTypeDescription = `Component type: simple ("Rigidbody") or full ("UnityEngine.Rigidbody") name`

func gameobjectAddComponentTool() *Tool {
	return editorTool("gameobject_add_component",
		"Add a component to a GameObject (object_path or instance_id); answers the component list.",
		api.Annotations{},
		withParams(targetParams(), []Param{P("component_type", "string", componentTypeDescription+".").Must()}),
		checkTarget)
}

func gameobjectRemoveComponentTool() *Tool {
	return editorTool("gameobject_remove_component",
		"Remove a component from a GameObject (object_path or instance_id). Base types match (Collider matches BoxCollider). Undoable.",
		api.Annotations{DestructiveHint: true},
		withParams(targetParams(), []Param{
			P("component_type", "string", componentTypeDescription+"; base types match.").Must(),
			P("index", "integer", "Which one when several match, 0 first.").AtLeast(0).Def(0),
		}),
		checkTarget)
}
