package isuzu

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/unitymcp/unitymcp/engine/params"
)

// isuzu_params_render.go: isuzu's shapes of the materials and scene
// settings tools (ShaderTools.cs, SceneSettingsTools.cs).

var renderShapes = map[string]isuzuShape{
	// One property/value or keyword/enabled pair a call, and a material
	// reached through a renderer's slot; ours takes the material itself and
	// several values in one call (one undo step).
	"material_set": {
		params: materialParams(
			params.P("value", params.TypeAny, ""),
			params.P("keyword", "string", ""),
			params.P("enabled", "boolean", "").Def(true),
			params.P("render_queue", "integer", "")),
		refuse: map[string]refusal{
			"object_path": {why: materialBySlot},
			"slot":        {why: materialBySlot},
		},
		custom: []string{"property", "value", "keyword", "enabled"},
		makes:  []string{"properties", "keywords"},
		args:   materialSetArgs,
	},
	// A renderer's materials by object_path (several by object_paths); ours
	// takes either in path (paths). A slot narrows the answer to one
	// material; every slot is answered here, each with its index.
	"material_read": {
		params: materialParams(params.P("object_paths", "array", "").Of("string")),
		rename: map[string]string{"object_path": "path", "object_paths": "paths"},
		drop:   []string{"slot"},
	},
	"material_create": {
		params: []params.Param{
			params.P("path", "string", "").Must(),
			params.P("shader", "string", ""),
			params.P("overwrite", "boolean", "").Def(false),
		},
		refuse: map[string]refusal{"overwrite": {
			why: "material_create never replaces a material; change the one at path with material_set, or asset_delete it first",
			ok:  []any{false}}},
	},
	// One setting a call by isuzu's (camelCase) name; ours reads them all
	// and sets several in one set object, by its own names.
	"scene_settings": {
		params: []params.Param{
			params.P("property", "string", ""),
			params.P("value", params.TypeAny, ""),
		},
		custom: []string{"property", "value"},
		makes:  []string{"set"},
		args:   sceneSettingsArgs,
	},
}

// materialParams is isuzu's way to name a material (an asset, or a renderer's
// slot) and one of its properties, with more of isuzu's parameters after.
func materialParams(more ...params.Param) []params.Param {
	return append([]params.Param{params.P("path", "string", ""), params.P("object_path", "string", ""),
		params.P("slot", "integer", ""), params.P("property", "string", "")}, more...)
}

const materialBySlot = `material_set takes the material itself as path (its .mat path or GUID) and writes the shared material, as isuzu's does; material_read with path set to the GameObject answers its renderer's slots with each material's path`

// materialSetArgs: property and value go into properties, keyword and
// enabled into keywords. A colour or vector value is given as isuzu reads
// it: {x,y,z,w} or {r,g,b,a} (a missing component 0) becomes the array of
// four, [x,y,z] gets w = 1; ours would keep the components left out.
func materialSetArgs(a map[string]any, gave func(string) bool, out map[string]any) error {
	prop, _ := a["property"].(string)
	switch {
	case prop != "" && !gave("value"):
		return fmt.Errorf("property %q needs value, the value to set (a number, a texture path, or [r,g,b,a] for a colour or vector)", prop)
	case prop == "" && gave("value"):
		return fmt.Errorf("value %s needs property, the shader property it sets (e.g. \"_BaseColor\"); shader_info lists them", argShown(a["value"]))
	case prop != "":
		out["properties"] = map[string]any{prop: isuzuVector(a["value"])}
	}
	if kw, _ := a["keyword"].(string); kw != "" {
		out["keywords"] = map[string]any{kw: a["enabled"]}
	}
	return nil
}

// isuzuVector is a material value as isuzu's ReadVector4 reads a colour or
// vector; any other value as it is.
func isuzuVector(v any) any {
	switch x := v.(type) {
	case []any:
		if len(x) == 3 && allJSONNumbers(x) {
			return append(append([]any{}, x...), 1.0)
		}
	case map[string]any:
		if len(x) == 0 {
			return v
		}
		var vals []any
		for k, c := range x {
			if len(k) != 1 || !strings.Contains("xyzwrgba", k) {
				return v
			}
			vals = append(vals, c)
		}
		if !allJSONNumbers(vals) {
			return v
		}
		out := make([]any, 4)
		for i, pair := range []string{"xr", "yg", "zb", "wa"} {
			out[i] = 0.0
			if c, ok := x[pair[:1]]; ok {
				out[i] = c
			} else if c, ok := x[pair[1:]]; ok {
				out[i] = c
			}
		}
		return out
	}
	return v
}

func allJSONNumbers(vs []any) bool {
	for _, v := range vs {
		switch v.(type) {
		case float64, json.Number:
		default:
			return false
		}
	}
	return true
}

// isuzuSceneSetting is one of isuzu's scene settings: ours' name for it, and
// the names of its enum's values by index (isuzu takes either; ours the
// name), from UnityCsReference Runtime/Export/Graphics/GraphicsEnums.cs.
type isuzuSceneSetting struct {
	ours  string
	enum  map[int]string
	asset bool // an asset or scene reference: isuzu's "" clears it, ours' null
}

var isuzuSceneSettings = map[string]isuzuSceneSetting{
	"skybox":                {ours: "skybox", asset: true},
	"sun":                   {ours: "sun", asset: true},
	"ambientMode":           {ours: "ambient_mode", enum: map[int]string{0: "Skybox", 1: "Trilight", 3: "Flat", 4: "Custom"}},
	"ambientLight":          {ours: "ambient_sky_color"}, // RenderSettings.ambientLight is AmbientSkyColor (GraphicsManagers.bindings.cs)
	"ambientSkyColor":       {ours: "ambient_sky_color"},
	"ambientEquatorColor":   {ours: "ambient_equator_color"},
	"ambientGroundColor":    {ours: "ambient_ground_color"},
	"ambientIntensity":      {ours: "ambient_intensity"},
	"fog":                   {ours: "fog"},
	"fogMode":               {ours: "fog_mode", enum: map[int]string{1: "Linear", 2: "Exponential", 3: "ExponentialSquared"}},
	"fogColor":              {ours: "fog_color"},
	"fogDensity":            {ours: "fog_density"},
	"fogStartDistance":      {ours: "fog_start"},
	"fogEndDistance":        {ours: "fog_end"},
	"reflectionIntensity":   {ours: "reflection_intensity"},
	"reflectionBounces":     {ours: "reflection_bounces"},
	"defaultReflectionMode": {ours: "reflection_mode", enum: map[int]string{0: "Skybox", 1: "Custom"}},
	"customReflection":      {ours: "custom_reflection", asset: true},
	"haloStrength":          {},
	"flareStrength":         {},
}

// sceneSettingsArgs: a property and its value become set {ours: value}; a
// property alone reads, and scene_settings answers every setting.
func sceneSettingsArgs(a map[string]any, gave func(string) bool, out map[string]any) error {
	prop, _ := a["property"].(string)
	if prop == "" {
		if gave("value") {
			return fmt.Errorf("value %s needs property, the setting it changes", argShown(a["value"]))
		}
		return nil
	}
	name, st := "", isuzuSceneSetting{}
	for k, v := range isuzuSceneSettings {
		if strings.EqualFold(k, strings.TrimSpace(prop)) {
			name, st = k, v
		}
	}
	switch {
	case name == "":
		names := make([]string, 0, len(isuzuSceneSettings))
		for k, v := range isuzuSceneSettings {
			if v.ours != "" {
				names = append(names, k)
			}
		}
		sort.Strings(names)
		return fmt.Errorf("property %q is not one of isuzu's scene settings; they are %s", prop, strings.Join(names, ", "))
	case st.ours == "":
		return fmt.Errorf("property %q has no counterpart here: scene_settings does not set the halo or flare strength", prop)
	case !gave("value"):
		return nil // a read: every setting is answered
	}
	v := a["value"]
	if n, ok := wholeNumber(v); ok && st.enum != nil {
		e, ok := st.enum[n]
		if !ok {
			names := make([]string, 0, len(st.enum))
			for _, e := range st.enum {
				names = append(names, e)
			}
			sort.Strings(names)
			return fmt.Errorf("value %v is not an index of %s; give one of %s", n, name, strings.Join(names, ", "))
		}
		v = e
	}
	if s, ok := v.(string); ok && s == "" && st.asset {
		v = nil
	}
	out["set"] = map[string]any{st.ours: v}
	return nil
}

// wholeNumber is v as an int when it is a whole JSON number.
func wholeNumber(v any) (int, bool) {
	var f float64
	switch x := v.(type) {
	case float64:
		f = x
	case json.Number:
		g, err := x.Float64()
		if err != nil {
			return 0, false
		}
		f = g
	default:
		return 0, false
	}
	if f != float64(int(f)) {
		return 0, false
	}
	return int(f), true
}
