package catalog

import (
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/definitions"
)

// The animation tools (issue 29; isuzu's names and parameters, where the
// listing budget lets them be). A controller or a clip is named by path,
// which takes the asset's path or its GUID: one parameter instead of the
// asset tools' path and guid keeps sixteen tools within the budget (each
// entry ≤ 700 bytes, paid on every tools/list by every agent that enables
// the group; animation_test.go holds them to it). A layer is named by name
// or index (the base layer when omitted), a state by name as
// animator_inspect lists it ("Sub/State" inside a sub-state machine).
// Answers carry the asset's path, GUID and name.
//
// Every edit of a controller or a clip is one undo step in the editor and
// is written to disk, and written again when a failed batch or undo takes
// the step back; creating an asset is not undoable (asset_delete takes it
// back), while overwrite empties the existing asset in place, undoably, so
// its GUID and everything using it stay; animator_set_parameter drives a
// running Animator in Play Mode, as isuzu's does, and is not undoable. A
// motion is a clip's path or GUID, "path#Name" for a clip inside a model
// (or a blend tree inside a controller); answers name it the same way. Where isuzu's parameters
// would not fit, the tools keep the behaviour and drop the knob:
// animator_set_state takes its fields in one set object (motion, speed,
// write_defaults, tag, name, make_default); animator_add_transition takes
// exit time as a condition ("ExitTime 0.9", as Unity's first Mecanim had
// it) and keeps Unity's 0.25 s blend, and with no condition waits for the
// end of the source clip as the Animator window's Make Transition does;
// animator_add_state gives a new state the Write Defaults of the layer's
// states; animation_clip_write_curves smooths keys as the Animation window's
// Clamped Auto does and steps on/off properties. Avatar masks, node
// positions and a transition's blend time are not set by any tool yet.
//
// The edits and the reads are batch operations: each edit is one undo step
// in the editor's frame, so a failing batch reverts them with the rest. Not
// the two that write new asset files, nor animator_set_parameter (Play
// Mode; Undo does not cover a running Animator).

// animTool is an animation tool in isuzu's group for its name
// (definitions.GroupOf: the two read-only ones under diagnostics, the rest
// under authoring).
func animTool(name, description string, hints api.Annotations, ps ...Param) *Tool {
	t := newTool(name, definitions.GroupOf(name), description, hints, ps...)
	t.Batch = !animNotBatch[name]
	return t
}

// animNotBatch are the animation tools a batch may not run.
var animNotBatch = map[string]bool{"animator_create": true, "animation_clip_create": true, "animator_set_parameter": true}

// The hints of an edit, a removal (destructive, though undoable) and a read.
var (
	animEdit   = api.Annotations{}
	animRemove = api.Annotations{DestructiveHint: true}
	animRead   = api.Annotations{ReadOnlyHint: true, IdempotentHint: true}
)

// controllerParam names an Animator Controller asset.
func controllerParam() Param {
	return P("path", "string", "Asset path or GUID.").Must()
}

// layerParam is a layer by name or index, the base layer when omitted.
func layerParam() Param { return P("layer", "string", "Layer name or index.") }

func animatorCreateTool() *Tool {
	return animTool("animator_create",
		"Create an Animator Controller (one empty layer); object_path's Animator, added if missing, uses it. Not undoable: asset_delete removes it.",
		animEdit,
		P("path", "string", "New .controller path under Assets/; folders are made.").Must(),
		P("object_path", "string", "GameObject hierarchy path."),
		P("overwrite", "boolean", "Empty the one at path in place (undoable)."))
}

func animatorInspectTool() *Tool {
	return animTool("animator_inspect",
		"Read an Animator Controller: parameters and a line per layer; with layer, its states (motion, speed, write defaults) and their transitions.",
		animRead,
		controllerParam(),
		P("layer", "string", "Layer name or index to list."))
}

func animatorAuditTool() *Tool {
	return animTool("animator_audit",
		"Find an Animator Controller's silent faults, with totals: unreachable states, states without motion, transitions Unity ignores (no condition, no exit time), unused or undeclared parameters, mixed write defaults, empty layers.",
		animRead,
		controllerParam())
}

func animatorAddLayerTool() *Tool {
	return animTool("animator_add_layer",
		"Add a layer; answers its unique name. Undoable.",
		animEdit,
		controllerParam(),
		P("name", "string", "Layer name.").Must(),
		P("weight", "number", "Default 1."),
		P("blending", "string", "Default Override.").OneOf("Override", "Additive"),
		P("index", "integer", "Position (default last).").AtLeast(0))
}

func animatorRemoveLayerTool() *Tool {
	return animTool("animator_remove_layer",
		"Remove a layer with its states; later layers move up one index. Undoable.",
		animRemove,
		controllerParam(),
		P("layer", "string", "Layer name or index.").Must())
}

func animatorAddStateTool() *Tool {
	return animTool("animator_add_state",
		"Add a state (a layer's first is its default). Undoable.",
		animEdit,
		controllerParam(),
		layerParam(),
		P("name", "string", `"Sub/Name": in sub-machine Sub.`).Must(),
		P("motion", "string", `Clip path/GUID; "x.fbx#Clip" in a model.`),
		P("make_default", "boolean", "Be the default."))
}

func animatorRemoveStateTool() *Tool {
	return animTool("animator_remove_state",
		"Remove a state and the transitions into it (counted). Undoable.",
		animRemove,
		controllerParam(),
		layerParam(),
		P("state", "string", "State name.").Must())
}

func animatorSetStateTool() *Tool {
	return animTool("animator_set_state",
		"Change a state: only the fields in set. Undoable.",
		animEdit,
		controllerParam(),
		layerParam(),
		P("state", "string", "State name.").Must(),
		P("set", "object", `Any of {motion: clip path/GUID ("x.fbx#Clip") or "", speed, write_defaults, tag, name, make_default: true}.`).Must())
}

func animatorSetWriteDefaultsTool() *Tool {
	return animTool("animator_set_write_defaults",
		"Set Write Defaults on every state of a layer, or of all layers when layer is omitted: the fix for mixed layers animator_audit finds. Undoable.",
		animEdit,
		controllerParam(),
		P("write_defaults", "boolean", "The value.").Must(),
		P("layer", "string", "Layer name or index."))
}

func animatorAddTransitionTool() *Tool {
	return animTool("animator_add_transition",
		"Add a transition (no from_state: from Any State). Undoable.",
		animEdit,
		controllerParam(),
		layerParam(),
		P("from_state", "string", "Source."),
		P("to_state", "string", "Target.").Must(),
		P("conditions", "array", `e.g. ["Speed > 0.1", "!Jump", "ExitTime 0.9"]`))
}

func animatorRemoveTransitionTool() *Tool {
	t := animTool("animator_remove_transition",
		"Remove one of from_state's transitions (none: Any State's). Undoable.",
		animRemove,
		controllerParam(),
		layerParam(),
		P("from_state", "string", "Source."),
		P("index", "integer", "Its index in animator_inspect's list.").AtLeast(0),
		P("to_state", "string", "Or its destination."))
	return withChecks(t, []func(string, map[string]any) *api.ToolError{oneOf("index", "to_state", true, "")})
}

func animatorAddParameterTool() *Tool {
	return animTool("animator_add_parameter",
		"Add a parameter. Undoable.",
		animEdit,
		controllerParam(),
		P("name", "string", "Unique name.").Must(),
		P("type", "string", "Default Float.").OneOf("Float", "Int", "Bool", "Trigger"),
		P("default_value", "number|boolean", "Its default."))
}

func animatorRemoveParameterTool() *Tool {
	return animTool("animator_remove_parameter",
		"Remove a parameter; answers the conditions still naming it, which can no longer be met. Undoable.",
		animRemove,
		controllerParam(),
		P("name", "string", "Parameter name.").Must())
}

func animatorSetParameterTool() *Tool {
	return animTool("animator_set_parameter",
		"Play Mode: set object_path's Animator parameter, as a script would. Not undoable.",
		animEdit,
		P("object_path", "string", "GameObject path.").Must(),
		P("name", "string", "Parameter name.").Must(),
		P("value", "number|boolean", "Trigger: false resets it.").Must())
}

func animationClipCreateTool() *Tool {
	return animTool("animation_clip_create",
		"Create an empty AnimationClip for animation_clip_write_curves. Not undoable: asset_delete removes it.",
		animEdit,
		P("path", "string", "New .anim path; folders are made.").Must(),
		P("loop", "boolean", "Loop time."),
		P("frame_rate", "number", "Default 60.").Range(1, 1000),
		P("overwrite", "boolean", "Empty the one at path in place (undoable)."))
}

func animationClipWriteCurvesTool() *Tool {
	return animTool("animation_clip_write_curves",
		"Write float curves into a clip, all or none; each replaces the one on its binding. Undoable.",
		animEdit,
		P("path", "string", "Clip path or GUID.").Must(),
		P("curves", "array", `[{target: child path or "", type: e.g. "Transform", property: e.g. "m_LocalPosition.y", keys: [{time, value}]}]`).Must(),
		P("replace", "boolean", "Clear its curves first."))
}
