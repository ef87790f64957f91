package catalog

import (
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/definitions"
)

// The asset tools (issue 29; isuzu's names and parameters, and a guid
// wherever a path is taken). What changes files goes through the
// AssetDatabase, so a moved asset keeps its GUID and every reference to it;
// Unity's Undo does not cover the AssetDatabase, so none of these is an undo
// step or a batch operation. Only asset_delete loses anything: it sends the
// asset (a folder with its tree) to the OS trash, behind confirm, and
// dry_run lists what would go.

// assetTool is an asset tool in the group isuzu lists it under
// (definitions.GroupOf: the read-only ones under diagnostics).
func assetTool(name, description string, hints api.Annotations, ps []Param, checks ...func(string, map[string]any) *api.ToolError) *Tool {
	return withChecks(newTool(name, definitions.GroupOf(name), description, hints, ps...), checks)
}

// assetParams name one asset or folder: its project path or its GUID.
func assetParams(example string) []Param {
	return []Param{
		P("path", "string", `Project path, e.g. "`+example+`". Or guid.`),
		P("guid", "string", "The asset's GUID (32 hex digits, as asset_find answers). Or path."),
	}
}

// checkAsset requires exactly one of path and guid.
var checkAsset = oneOf("path", "guid", true, ` (path is under Assets/, e.g. "Assets/Materials/Wood.mat"; asset_find gives exact ones)`)

func assetFindTool() *Tool {
	return assetTool("asset_find",
		"Find project assets under Assets/ by type, name, folder and label (all optional, combined). Answers {total, assets: [{path, guid, type}], truncated}; narrow with type and folder.",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true},
		[]Param{
			P("type", "string", `Unity type, e.g. "Material", "Texture2D", "Prefab", "Scene", "MonoScript".`),
			P("name", "string", "Part of the file name (case-insensitive)."),
			P("folder", "string", `Only under this folder, e.g. "Assets/Art".`),
			P("label", "string", "Only assets carrying this label."),
			P("limit", "integer", "Most assets to answer.").Def(50).Range(1, 500),
			P("offset", "integer", "Assets to skip, for paging.").Def(0).AtLeast(0),
		})
}

func assetInfoTool() *Tool {
	return assetTool("asset_info",
		"Describe an asset or folder (path or guid): type, GUID, importer, labels; what it depends on when include_dependencies.",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true},
		withParams(assetParams("Assets/Materials/Wood.mat"), []Param{
			P("include_dependencies", "boolean", "List the assets it uses (itself included, as Unity lists them).").Def(false),
		}),
		checkAsset)
}

func assetCreateFolderTool() *Tool {
	return assetTool("asset_create_folder",
		"Create a folder under Assets/ with any missing parents; each new one is named in the answer. An existing folder answers created: false.",
		api.Annotations{IdempotentHint: true},
		[]Param{P("path", "string", `Folder, e.g. "Assets/Art/Materials".`).Must()})
}

func assetMoveTool() *Tool {
	return assetTool("asset_move",
		"Move or rename an asset or folder (path or guid) to destination; it keeps its GUID, so references survive. Refuses an existing destination; missing folders are created. Not undoable: move it back.",
		api.Annotations{},
		withParams(assetParams("Assets/Art/Wood.mat"), []Param{
			P("destination", "string", `New path with file name and extension, e.g. "Assets/Materials/Oak.mat".`).Must(),
		}),
		checkAsset)
}

func assetDeleteTool() *Tool {
	return assetTool("asset_delete",
		"Send an asset (path or guid) to the OS trash; a folder takes everything in it. Not undoable: needs confirm; dry_run lists what would go.",
		api.Annotations{DestructiveHint: true},
		withParams(assetParams("Assets/Art/Old.mat"), []Param{
			P("confirm", "boolean", "Required true: the asset leaves the project (only the OS trash keeps it).").Def(false),
			P("dry_run", "boolean", "List what would go; change nothing.").Def(false),
		}),
		checkAsset)
}

func assetReimportTool() *Tool {
	return assetTool("asset_reimport",
		"Reimport an asset or folder (path or guid), e.g. after its file changed outside Unity; a folder with everything in it unless recursive is false.",
		api.Annotations{IdempotentHint: true},
		withParams(assetParams("Assets/Art/Wood.png"), []Param{
			P("recursive", "boolean", "For a folder: reimport everything in it too.").Def(true),
		}),
		checkAsset)
}

func assetExportPackageTool() *Tool {
	return assetTool("asset_export_package",
		"Save changes; export assets (folder: its tree) with .meta to a .unitypackage.",
		api.Annotations{DestructiveHint: true},
		[]Param{
			P("paths", "array", `["Assets/Art"]`).Of("string").Must(),
			P("file", "string", "Absolute, outside the project.").Must(),
			P("include_dependencies", "boolean", "And what they use.").Def(false),
			P("overwrite", "boolean", "Replace a file.").Def(false),
		})
}

func assetBrokenReferencesTool() *Tool {
	return assetTool("asset_broken_references",
		"Saved scenes, prefabs, assets: references to no GUID or fileID. {total, broken: [{path, object, property, guid, file_id, reason}], next}; pass next as after to go on.",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true},
		[]Param{
			P("folder", "string", "Only under this folder.").Def("Assets"),
			P("after", "string", "Go on after this path."),
			P("limit", "integer", "Most findings to answer.").Def(50).Range(1, 500),
		})
}
