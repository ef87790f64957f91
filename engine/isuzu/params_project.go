package isuzu

import (
	"fmt"
	"sort"
	"strings"

	"github.com/unitymcp/unitymcp/engine/params"
)

// isuzu_params_project.go: isuzu's shapes of the project, build, asset,
// inspector, hierarchy and play mode tools whose parameters differ from
// ours (ProjectSettingsTools.cs, EditorTools.cs, BuildTools.cs,
// AssetTools.cs, BrokenReferenceTools.cs, InspectorTools.cs, SceneTools.cs,
// PlayModeTools.cs).

// fieldsParam is isuzu's field whitelist of a read's answer: the answer here is
// ours, so it is dropped.
var fieldsParam = params.P("fields", "string", "")

var projectShapes = map[string]isuzuShape{
	// section, then one property (read or, with value, written), several
	// properties read, or several values written; ours addresses a
	// setting as "section/property" in property_path (read) or values'
	// keys (write).
	"project_settings": {
		params: []params.Param{
			params.P("section", "string", ""),
			params.P("property", "string", ""),
			params.P("value", params.TypeAny, ""),
			params.P("properties", "array", "").Of("string"),
			params.P("values", "object", ""),
		},
		refuse: map[string]refusal{"properties": {why: `project_settings reads one setting a call: property_path "<section>/<property>" ("<section>/" lists a section)`}},
		custom: []string{"section", "property", "value", "values"},
		makes:  []string{"property_path", "values"},
		args:   settingsArgs,
	},
	"project_assemblies": {
		params: []params.Param{
			params.P("include_system_assemblies", "boolean", "").Def(false),
			params.P("include_unity_assemblies", "boolean", "").Def(true),
			params.P("include_project_assemblies", "boolean", "").Def(true),
			params.P("limit", "integer", ""),
			params.P("offset", "integer", "").Def(0),
			fieldsParam,
		},
		refuse: map[string]refusal{
			"include_system_assemblies":  {why: assembliesHere, ok: []any{false}},
			"include_unity_assemblies":   {why: assembliesHere, ok: []any{false}},
			"include_project_assemblies": {why: assembliesHere, ok: []any{true}},
			"offset":                     {why: "project_assemblies does not page; narrow it by name, or raise limit", ok: []any{0.0}},
		},
		drop: []string{"fields"},
	},
	"project_packages": {
		params: []params.Param{
			params.P("include_registry", "boolean", "").Def(false),
			params.P("limit", "integer", ""),
			params.P("offset", "integer", "").Def(0),
			fieldsParam,
		},
		refuse: map[string]refusal{
			"include_registry": {why: "project_packages lists each package from the Package Manager without registry metadata", ok: []any{false}},
			"offset":           {why: "project_packages does not page; raise limit", ok: []any{0.0}},
		},
		drop: []string{"fields"},
	},
	"build_player": {
		params: []params.Param{
			params.P("output_path", "string", "").Must(),
			params.P("platform", "string", ""),
			params.P("scenes", "array", "").Of("string"),
			params.P("development", "boolean", "").Def(false),
		},
		refuse: map[string]refusal{"platform": {why: "build_player builds the active target; switch it first with build_switch_target (build_settings names the active one)"}},
	},
	"asset_export_package": {
		params: []params.Param{
			params.P("paths", "array", "").Of("string").Must(),
			params.P("file", "string", "").Must(),
			params.P("recurse", "boolean", "").Def(true),
			params.P("include_dependencies", "boolean", "").Def(false),
			params.P("overwrite", "boolean", "").Def(false),
		},
		refuse: map[string]refusal{"recurse": {why: "asset_export_package always takes a folder's whole tree; list the files instead of the folder", ok: []any{true}}},
	},
	"asset_broken_references": {
		params: []params.Param{
			params.P("scope", "string", "").Def("scene"),
			params.P("folder", "string", "").Def("Assets"),
			params.P("limit", "integer", "").Def(100),
			params.P("max_assets", "integer", "").Def(2000),
			params.P("max_seconds", "integer", "").Def(20),
		},
		refuse: map[string]refusal{"scope": {why: "asset_broken_references reads the saved scenes, prefabs and assets under folder from their files (an open scene as it was last saved): save first, and narrow it with folder"}},
		// The walk is bounded here by its own share a call (answering next).
		drop: []string{"max_assets", "max_seconds"},
	},
	"inspect_list": {
		params: []params.Param{
			params.P("instance_id", params.TypeID, ""),
			params.P("object_path", "string", ""),
			params.P("component_type", "string", ""),
			params.P("component_index", "integer", "").Def(0),
			params.P("offset", "integer", "").Def(0),
			params.P("limit", "integer", ""),
			fieldsParam,
			params.P("detail", "string", "").Def("standard"),
		},
		drop: []string{"fields"},
	},
	"inspect_write": {
		params: []params.Param{
			params.P("property_path", "string", ""),
			params.P("value", params.TypeAny, ""),
			params.P("values", "object", ""),
			params.P("object_paths", "array", "").Of("string"),
			params.P("instance_id", params.TypeID, ""),
			params.P("object_path", "string", ""),
			params.P("component_type", "string", ""),
			params.P("component_index", "integer", "").Def(0),
		},
		refuse: map[string]refusal{
			"values":       {why: severalWrites},
			"object_paths": {why: severalWrites},
		},
	},
	"scene_browse_hierarchy": {
		params: []params.Param{
			params.P("name", "string", ""),
			params.P("component", "string", ""),
			params.P("tag", "string", ""),
			params.P("max_depth", "integer", "").Def(5),
			params.P("active_only", "boolean", "").Def(false),
			params.P("missing_scripts", "boolean", "").Def(false),
			params.P("scene_index", "integer", ""),
			params.P("limit", "integer", ""),
			params.P("offset", "integer", "").Def(0),
			fieldsParam,
			params.P("since", "string", ""),
		},
		refuse: map[string]refusal{"missing_scripts": {why: "scene_browse_hierarchy has no missing-script filter", ok: []any{false}}},
		drop:   []string{"fields"},
	},
	"play_mode_step": {
		params: []params.Param{
			params.P("count", "integer", ""),
			params.P("paths", "array", "").Of("string"),
			params.P("animators", "array", "").Of("string"),
		},
		refuse: map[string]refusal{"animators": {why: "play_mode_step reads paths only; an Animator's state is not read by any tool here yet", ok: []any{[]any{}}}},
	},
}

const (
	assembliesHere = "project_assemblies answers the project's own script assemblies (as Unity compiles them), never Unity's nor the system's"
	severalWrites  = `inspect_write writes one property_path of one object a call; several go in one batch, one undo step: batch {operations: [{tool: "inspect_write", args: {…}}, …]}`
)

// settingsArgs: section and property become property_path
// "section/property" (a read; no property lists the section), with value
// a write, values {"section/property": value}; values' keys gain the
// section.
func settingsArgs(a map[string]any, gave func(string) bool, out map[string]any) error {
	section, _ := a["section"].(string)
	section = strings.TrimSpace(section)
	prop, _ := a["property"].(string)
	values, _ := a["values"].(map[string]any)
	switch {
	case section == "":
		return fmt.Errorf("property, value and values need section, the settings they belong to (player, quality, physics, tags, editor, …)")
	case len(values) > 0 && (gave("property") || gave("value")):
		return fmt.Errorf("values replaces property and value; give one form or the other")
	case len(values) > 0:
		keyed := map[string]any{}
		keys := make([]string, 0, len(values))
		for k := range values {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			keyed[section+"/"+k] = values[k]
		}
		out["values"] = keyed
	case gave("value") && prop == "":
		return fmt.Errorf("value %s needs property, the setting it belongs to", argShown(a["value"]))
	case gave("value"):
		out["values"] = map[string]any{section + "/" + prop: a["value"]}
	default:
		out["property_path"] = section + "/" + prop
	}
	return nil
}
