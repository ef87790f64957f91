package catalog

import "github.com/unitymcp/unitymcp/engine/api"

// The scene files (isuzu's scene_list, scene_open, scene_create,
// scene_save). None opens a dialog or loses work without being told:
// replacing the open scenes refuses while they have unsaved changes unless
// discard_changes, an Untitled scene is saved only to a given path, Save As
// over another file needs overwrite, and a missing folder under Assets/ is
// created and named in the answer. Opening a scene clears Unity's Undo
// history, so these are not undo steps and do not run in a batch.

func sceneListTool() *Tool {
	return newTool("scene_list", "diagnostics", // isuzu lists it under diagnostics (definitions.GroupOf)

		"List the open scenes (index, path, dirty, active) and the project's scene files under Assets/.",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true})
}

func sceneOpenTool() *Tool {
	return newTool("scene_open", "authoring",
		"Open a scene file. Refuses while open scenes have unsaved changes unless additive or discard_changes.",
		api.Annotations{IdempotentHint: true},
		P("path", "string", `Scene under Assets/, e.g. "Assets/Scenes/Level.unity" (.unity may be left out).`).Must(),
		P("additive", "boolean", "Open alongside the open scenes.").Def(false),
		P("discard_changes", "boolean", "Close open scenes even if their unsaved changes are lost.").Def(false),
	)
}

func sceneCreateTool() *Tool {
	return newTool("scene_create", "authoring",
		"Create a scene (Main Camera and Directional Light unless empty), saved to path if given (missing folders are created).",
		api.Annotations{},
		P("path", "string", `Save it here, under Assets/ (e.g. "Assets/Scenes/New.unity"); omit to leave it Untitled.`),
		P("empty", "boolean", "No default objects.").Def(false),
		P("additive", "boolean", "Add it to the open scenes instead of replacing them.").Def(false),
		P("discard_changes", "boolean", "Replace open scenes even if their unsaved changes are lost.").Def(false),
		P("overwrite", "boolean", "Replace an existing file at path.").Def(false),
	)
}

func sceneSaveTool() *Tool {
	return newTool("scene_save", "authoring",
		"Save an open scene (default: the active one). path = Save As; an Untitled scene needs one (never a dialog). Missing folders under Assets/ are created.",
		api.Annotations{IdempotentHint: true},
		P("path", "string", `Save As this path under Assets/ (e.g. "Assets/Scenes/Level.unity").`),
		P("scene_index", "integer", "Which open scene (scene_list); default the active one.").AtLeast(0),
		P("overwrite", "boolean", "Save As over another existing scene file.").Def(false),
	)
}
