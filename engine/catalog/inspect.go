package catalog

import (
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/params"
)

// The inspect tools read and write serialized properties by their
// SerializedProperty path (peers-2026-12.md §6.3, isuzu's school): undo-
// and prefab-override-correct, private [SerializeField] fields included.

// componentParams pick a component of the target; none is the GameObject.
func componentParams(omitted string) []Param {
	return []Param{
		P("component_type", "string", componentTypeDescription+"; omit for "+omitted+"."),
		P("component_index", "integer", "Which one when several match, 0 first.").AtLeast(0).Def(0),
	}
}

const gameObjectItself = "the GameObject itself (name, tag, layer, static flags, active)"

func inspectListTool() *Tool {
	return editorTool("inspect_list",
		"List the serialized properties (paths, types, values) of a GameObject or one of its components (object_path or instance_id), paged.",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true},
		withParams(targetParams(), componentParams(gameObjectItself), []Param{
			P("detail", "string", "standard: visible properties; full: every one, hidden and nested too.").OneOf("standard", "full").Def("standard"),
			P("offset", "integer", "Properties to skip.").AtLeast(0).Def(0),
			P("limit", "integer", "Properties to return.").Range(1, 500).Def(100),
		}),
		checkTarget)
}

// propertyPathDescription says what a property path is.
const propertyPathDescription = `Serialized property path, as inspect_list shows it: "m_LocalPosition.x", "m_Materials.Array.data[0]", "m_Materials.Array.size".`

func inspectReadTool() *Tool {
	return editorTool("inspect_read",
		"Read one serialized property of a GameObject or a component (object_path or instance_id).",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true},
		withParams(targetParams(), componentParams("the GameObject itself"), []Param{
			P("property_path", "string", propertyPathDescription).Must(),
		}),
		checkTarget)
}

func inspectWriteTool() *Tool {
	return editorTool("inspect_write",
		"Write one serialized property of a GameObject or a component (object_path or instance_id). One undo step; a wrong path or type changes nothing.",
		api.Annotations{IdempotentHint: true},
		withParams(targetParams(), componentParams("the GameObject itself"), []Param{
			P("property_path", "string", propertyPathDescription).Must(),
			P("value", params.TypeAny, `JSON typed to the property: number, bool, string, enum by name, {x,y,z} vector, {r,g,b,a} colour, quaternion as euler {x,y,z}; an array as a list, {size}, {insert:i, value} or {delete:i}; an object reference as {"path"}, {"instance_id"}, {"asset":"Assets/…"} or {"guid"} (+ "sub" for a sub-asset, e.g. a sprite of a sheet) or null; a [SerializeReference] field as {"$type":"Ns.Class", fields…} or null.`).Must(),
		}),
		checkTarget)
}
