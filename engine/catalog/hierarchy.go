package catalog

import "github.com/unitymcp/unitymcp/engine/api"

// scene_browse_hierarchy prints the paths every authoring tool's
// object_path takes, and answers a snapshot id so that a second look
// (since) costs only what changed (peers-2026-12.md §6.2, row 7).
func sceneBrowseHierarchyTool() *Tool {
	return editorTool("scene_browse_hierarchy",
		`List the open scenes' GameObjects, each with the path object_path takes ("/Parent/Child[1]": [i] only where sibling names repeat; \ escapes / [ \), filtered and paged. since=<snapshot_id of an earlier answer> answers only what changed.`,
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true},
		[]Param{
			P("name", "string", "Name substring filter."),
			P("component", "string", "Only objects with a component of this type."),
			P("tag", "string", "Only objects with this tag."),
			P("active_only", "boolean", "Only active objects.").Def(false),
			P("max_depth", "integer", "Depth below the start (-1: unlimited).").AtLeast(-1).Def(-1),
			P("scene_index", "integer", "Only the scene at this index of the open scenes (default: all).").AtLeast(0),
			P("object_path", "string", "Start below this object."),
			P("limit", "integer", "Objects to return.").Range(1, 1000).Def(200),
			P("offset", "integer", "Objects to skip.").AtLeast(0).Def(0),
			P("since", "string", "snapshot_id of an earlier answer: answer only what changed since."),
		})
}
