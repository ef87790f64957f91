package catalog

import "github.com/unitymcp/unitymcp/engine/api"

func findGameObjectsTool() *Tool {
	return newTool("find-game-objects", "authoring",
		"Find multiple GameObjects with advanced search criteria (component type, tag, layer, etc.)",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true},
		P("NamePattern", "string", "GameObject name pattern to search for").Def(""),
		P("SearchMode", "string", `Search mode - "Exact", "Path", "Regex", "Contains", "Selected"`).OneOf("Exact", "Path", "Regex", "Contains", "Selected").Def("Exact"),
		P("RequiredComponents", "array", "Array of component type names that GameObjects must have").Of("string").Def([]string{}),
		P("Tag", "string", "Tag filter").Def(""),
		P("Layer", "number", "Layer filter").Def(nil),
		P("IncludeInactive", "boolean", "Whether to include inactive GameObjects").Def(false),
		P("MaxResults", "number", "Maximum number of results to return").Def(20),
		P("IncludeInheritedProperties", "boolean", "Whether to include each component's data, inherited members too: for scripts (and uGUI, TextMeshPro) their public and [SerializeField] fields and auto-properties, for Unity's built-in components their properties. No script getter runs, so reading changes nothing; those getters are only named, in gettersNotCalled").Def(false),
	)
}

func getHierarchyTool() *Tool {
	return newTool("get-hierarchy", "authoring",
		"Get Unity Hierarchy structure in nested JSON format for AI-friendly processing",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true},
		P("IncludeInactive", "boolean", "Whether to include inactive GameObjects in the hierarchy result").Def(true),
		P("MaxDepth", "number", "Maximum depth to traverse the hierarchy (-1 for unlimited depth)").Def(-1),
		P("RootPath", "string", "Root GameObject path to start hierarchy traversal from (empty/null for all root objects)").Def(nil),
		P("IncludeComponents", "boolean", "Whether to include component information for each GameObject in the hierarchy").Def(true),
		P("IncludePaths", "boolean", "Whether to include path information for nodes").Def(false),
		P("UseComponentsLut", "string", `Use LUT for components - "auto", "true", "false"`).OneOf("auto", "true", "false").Def("auto"),
		P("UseSelection", "boolean", "Whether to use currently selected GameObject(s) as root(s). When true, RootPath is ignored").Def(false),
	)
}

func controlPlayModeTool() *Tool {
	return newTool("control-play-mode", "authoring",
		"Control Unity Editor play mode (play/stop/pause)",
		api.Annotations{IdempotentHint: true},
		P("Action", "string", `Action to perform - "Play", "Stop", "Pause"`+"\n"+
			"- Play: Start play mode (also resumes from pause)\n"+
			"- Stop: Exit play mode and return to edit mode\n"+
			"- Pause: Pause the game while remaining in play mode").OneOf("Play", "Stop", "Pause").Def("Play"),
	)
}
