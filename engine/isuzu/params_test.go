package isuzu

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/catalog"
	"github.com/unitymcp/unitymcp/engine/params"
)

// builtinTool is the built-in tool name, from the live catalog.
func builtinTool(t *testing.T, name string) *catalog.Tool {
	t.Helper()
	for _, b := range catalog.Builtins() {
		if b.Name == name {
			return b
		}
	}
	t.Fatalf("no built-in %s", name)
	return nil
}

// Each of isuzu's shapes translates to exactly the arguments the built-in
// takes: compared whole, then checked as the built-in checks a call (its
// parameters and its own rule), so a translation that drifts from the
// schema fails here.
func TestIsuzuShapesTranslate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		tool string
		args map[string]any
		want string // the arguments the built-in gets, as JSON
	}{
		// material_set: one property or keyword a call; colours as isuzu reads them.
		{"material_set", map[string]any{"path": "Assets/M.mat", "property": "_BaseColor", "value": map[string]any{"r": 1.0, "g": 0.5, "b": 0.0}},
			`{"path":"Assets/M.mat","properties":{"_BaseColor":[1,0.5,0,0]}}`},
		{"material_set", map[string]any{"path": "Assets/M.mat", "property": "_Offset", "value": map[string]any{"x": 2.0, "w": 3.0}, "render_queue": 3000.0},
			`{"path":"Assets/M.mat","properties":{"_Offset":[2,0,0,3]},"render_queue":3000}`},
		{"material_set", map[string]any{"path": "Assets/M.mat", "property": "_Tint", "value": []any{0.1, 0.2, 0.3}},
			`{"path":"Assets/M.mat","properties":{"_Tint":[0.1,0.2,0.3,1]}}`},
		{"material_set", map[string]any{"path": "Assets/M.mat", "property": "_MainTex", "value": "Assets/T.png", "keyword": "_EMISSION"},
			`{"keywords":{"_EMISSION":true},"path":"Assets/M.mat","properties":{"_MainTex":"Assets/T.png"}}`},
		{"material_set", map[string]any{"path": "Assets/M.mat", "keyword": "_EMISSION", "enabled": false},
			`{"keywords":{"_EMISSION":false},"path":"Assets/M.mat"}`},
		{"material_set", map[string]any{"path": "Assets/M.mat", "property": "_Mode", "value": json.Number("2")},
			`{"path":"Assets/M.mat","properties":{"_Mode":2}}`},
		// Ours passes as it is.
		{"material_set", map[string]any{"path": "Assets/M.mat", "properties": map[string]any{"_Tint": []any{0.1, 0.2, 0.3}}},
			`{"path":"Assets/M.mat","properties":{"_Tint":[0.1,0.2,0.3]}}`},
		{"material_read", map[string]any{"object_path": "/Env/Rock", "slot": 1.0, "property": "Color"}, `{"path":"/Env/Rock","property":"Color"}`},
		{"material_read", map[string]any{"object_paths": []any{"/A", "/B"}}, `{"paths":["/A","/B"]}`},
		{"material_read", map[string]any{"paths": []any{"/A"}, "slot": 0.0}, `{"paths":["/A"]}`},
		{"material_create", map[string]any{"path": "Assets/W.mat", "overwrite": false}, `{"path":"Assets/W.mat"}`},
		{"scene_settings", map[string]any{"property": "fogMode", "value": 2.0}, `{"set":{"fog_mode":"Exponential"}}`},
		{"scene_settings", map[string]any{"property": "AMBIENTLIGHT", "value": map[string]any{"r": 0.2, "g": 0.2, "b": 0.2}}, `{"set":{"ambient_sky_color":{"b":0.2,"g":0.2,"r":0.2}}}`},
		{"scene_settings", map[string]any{"property": "skybox", "value": ""}, `{"set":{"skybox":null}}`},
		{"scene_settings", map[string]any{"property": "fogEndDistance", "value": 80.0}, `{"set":{"fog_end":80}}`},
		{"scene_settings", map[string]any{"property": "fog"}, `{}`},
		// The animator tools.
		{"animator_add_state", map[string]any{"path": "Assets/A.controller", "layer": "Base Layer", "name": "Point", "machine": "Gestures/", "motion": "Assets/P.anim"},
			`{"layer":"Base Layer","make_default":false,"motion":"Assets/P.anim","name":"Gestures/Point","path":"Assets/A.controller"}`},
		{"animator_set_state", map[string]any{"path": "Assets/A.controller", "layer": "0", "state": "Idle", "speed": 1.5, "write_defaults": false, "motion": ""},
			`{"layer":"0","path":"Assets/A.controller","set":{"motion":"","speed":1.5,"write_defaults":false},"state":"Idle"}`},
		{"animator_set_state", map[string]any{"path": "Assets/A.controller", "layer": "0", "state": "Idle", "make_default": true, "tag": "rest"},
			`{"layer":"0","path":"Assets/A.controller","set":{"make_default":true,"tag":"rest"},"state":"Idle"}`},
		{"animator_add_transition", map[string]any{"path": "Assets/A.controller", "layer": "Base Layer", "from_state": "Idle", "to_state": "Run",
			"conditions": []any{map[string]any{"parameter": "Speed", "mode": "Greater", "threshold": 0.1}}, "has_exit_time": true, "exit_time": 0.9},
			`{"conditions":[{"mode":"Greater","parameter":"Speed","threshold":0.1},"ExitTime 0.9"],"from_state":"Idle","layer":"Base Layer","path":"Assets/A.controller","to_state":"Run"}`},
		{"animator_add_transition", map[string]any{"path": "Assets/A.controller", "layer": "Base Layer", "from_state": "Idle", "to_state": "Run", "has_exit_time": true, "duration": 0.25},
			`{"conditions":["ExitTime 0.75"],"from_state":"Idle","layer":"Base Layer","path":"Assets/A.controller","to_state":"Run"}`},
		{"animator_add_transition", map[string]any{"path": "Assets/A.controller", "layer": "Base Layer", "to_state": "Hit", "has_exit_time": false,
			"conditions": []any{map[string]any{"parameter": "Hit", "mode": "If"}}},
			`{"conditions":[{"mode":"If","parameter":"Hit"}],"layer":"Base Layer","path":"Assets/A.controller","to_state":"Hit"}`},
		// Project settings: section and property become ours' addresses.
		{"project_settings", map[string]any{"section": "physics", "property": "m_Gravity"}, `{"property_path":"physics/m_Gravity"}`},
		{"project_settings", map[string]any{"section": "player"}, `{"property_path":"player/"}`},
		{"project_settings", map[string]any{"section": "player", "property": "companyName", "value": "Acme", "confirm": true},
			`{"confirm":true,"values":{"player/companyName":"Acme"}}`},
		{"project_settings", map[string]any{"section": "tags", "values": map[string]any{"layers.Array.data[8]": "Water", "layers.Array.data[9]": "Glass"}, "dry_run": true},
			`{"dry_run":true,"values":{"tags/layers.Array.data[8]":"Water","tags/layers.Array.data[9]":"Glass"}}`},
		{"project_settings", map[string]any{"values": map[string]any{"player/productName": "X"}, "confirm": true},
			`{"confirm":true,"values":{"player/productName":"X"}}`},
		// Reads: a field whitelist is dropped; isuzu's defaults are isuzu's.
		{"scene_browse_hierarchy", map[string]any{"name": "Cube", "fields": "path"}, `{"name":"Cube"}`},
		{"scene_browse_hierarchy", map[string]any{"name": "Cube", "missing_scripts": false}, `{"active_only":false,"max_depth":5,"name":"Cube","offset":0}`},
		{"inspect_list", map[string]any{"object_path": "/Player", "fields": "name,type"}, `{"object_path":"/Player"}`},
		{"asset_broken_references", map[string]any{"folder": "Assets/Prefabs", "max_assets": 100.0, "max_seconds": 5.0}, `{"folder":"Assets/Prefabs"}`},
		{"project_assemblies", map[string]any{"include_project_assemblies": true, "include_unity_assemblies": false, "limit": 10.0},
			`{"limit":10}`},
		{"project_packages", map[string]any{"include_registry": false, "fields": "name"}, `{}`},
		{"asset_export_package", map[string]any{"paths": []any{"Assets/Art"}, "file": "/tmp/a.unitypackage", "recurse": true},
			`{"file":"/tmp/a.unitypackage","include_dependencies":false,"overwrite":false,"paths":["Assets/Art"]}`},
		{"play_mode_step", map[string]any{"count": 3.0, "animators": []any{}}, `{"count":3}`},
	} {
		tool := builtinTool(t, tc.tool)
		got, err := isuzuArgs(tc.tool, tool.Params, tc.args)
		if err != nil {
			t.Errorf("%s %v: %v", tc.tool, tc.args, err)
			continue
		}
		if b, _ := json.Marshal(got); string(b) != tc.want {
			t.Errorf("%s %v:\n got %s\nwant %s", tc.tool, tc.args, b, tc.want)
			continue
		}
		checked, err := params.Check(tool.Name, tool.Params, got)
		if err != nil {
			t.Errorf("%s %v translates to %v, which %s refuses: %v", tc.tool, tc.args, got, tc.tool, err)
			continue
		}
		if tool.Check != nil {
			if terr := tool.Check(checked); terr != nil {
				t.Errorf("%s %v translates to %v, which %s's rule refuses: %v", tc.tool, tc.args, got, tc.tool, terr)
			}
		}
	}
}

// What isuzu's shape cannot say here is refused, naming the argument and
// what to do; a call mixing both shapes is refused naming both.
func TestIsuzuShapesRefuse(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		tool string
		args map[string]any
		says []string
	}{
		{"material_set", map[string]any{"path": "Assets/M.mat", "property": "_Color", "properties": map[string]any{"_Color": 1.0}},
			[]string{`mixes isuzu-shiranui/UnityMCP's parameters ("property") with ours ("properties")`, "isuzu's (path, object_path,", "ours (path, properties,"}},
		{"material_set", map[string]any{"object_path": "/Rock", "slot": 0.0, "property": "_Color", "value": 1.0}, []string{`object_path "/Rock"`, "material_read"}},
		{"material_set", map[string]any{"path": "Assets/M.mat", "property": "_Color"}, []string{`property "_Color" needs value`}},
		{"material_set", map[string]any{"path": "Assets/M.mat", "value": 1.0}, []string{"value 1 needs property"}},
		{"material_set", map[string]any{"path": "Assets/M.mat", "property": "_Color", "valeu": 1.0}, []string{`"valeu"`, "read as isuzu-shiranui/UnityMCP's arguments"}},
		{"material_read", map[string]any{"path": "Assets/M.mat", "object_path": "/Rock"}, []string{"object_path and path both give what path takes"}},
		{"material_create", map[string]any{"path": "Assets/W.mat", "overwrite": true}, []string{"overwrite true", "asset_delete"}},
		{"scene_settings", map[string]any{"property": "haloStrength", "value": 1.0}, []string{`"haloStrength" has no counterpart`}},
		{"scene_settings", map[string]any{"property": "fogColour", "value": 1.0}, []string{`"fogColour" is not one of isuzu's scene settings`, "fogColor"}},
		{"scene_settings", map[string]any{"property": "ambientMode", "value": 2.0}, []string{"value 2 is not an index of ambientMode", "Custom, Flat, Skybox, Trilight"}},
		{"scene_settings", map[string]any{"property": "fog", "set": map[string]any{"fog": true}}, []string{`("property")`, `ours ("set")`}},
		{"animator_inspect", map[string]any{"object_path": "/Avatar"}, []string{`object_path "/Avatar"`, "m_Controller"}},
		{"animator_add_layer", map[string]any{"path": "Assets/A.controller", "name": "FX", "mask": "Assets/Hands.mask"}, []string{"mask", "avatar mask"}},
		{"animator_add_state", map[string]any{"path": "Assets/A.controller", "layer": "0", "name": "Idle", "write_defaults": false}, []string{"write_defaults false", "animator_set_state"}},
		{"animator_add_state", map[string]any{"path": "Assets/A.controller", "layer": "0", "name": "Idle", "position": map[string]any{"x": 1.0}}, []string{"position", "nodes"}},
		{"animator_add_state", map[string]any{"path": "Assets/A.controller", "layer": "0", "name": "A/B", "machine": "M"}, []string{`name "A/B" holds "/"`}},
		{"animator_set_state", map[string]any{"path": "Assets/A.controller", "layer": "0", "state": "Idle", "make_default": false}, []string{"nothing to change"}},
		{"animator_set_state", map[string]any{"path": "Assets/A.controller", "layer": "0", "state": "Idle", "speed": 2.0, "set": map[string]any{"tag": "x"}}, []string{`("speed")`, `ours ("set")`}},
		{"animator_add_transition", map[string]any{"path": "Assets/A.controller", "layer": "0", "from_state": "A", "to_state": "B", "has_exit_time": true, "duration": 0.5},
			[]string{"duration 0.5", "0.25 s"}},
		{"animator_add_transition", map[string]any{"path": "Assets/A.controller", "layer": "0", "from_state": "A", "to_state": "B", "has_exit_time": true, "has_fixed_duration": false},
			[]string{"has_fixed_duration false"}},
		{"animator_add_transition", map[string]any{"path": "Assets/A.controller", "layer": "0", "from_state": "A", "to_state": "B", "has_exit_time": false}, []string{"neither a condition nor an exit time"}},
		{"animator_add_transition", map[string]any{"path": "Assets/A.controller", "layer": "0", "from_state": "A", "to_state": "B", "exit_time": 0.5, "conditions": []any{"Go"}},
			[]string{"exit_time 0.5 without has_exit_time"}},
		{"animator_add_transition", map[string]any{"path": "Assets/A.controller", "layer": "0", "from_state": "A", "to_state": "B", "has_exit_time": true, "conditions": []any{"exittime 0.5"}},
			[]string{`"exittime 0.5"`, "give one"}},
		{"animator_add_transition", map[string]any{"layer": "0", "to_state": "B", "has_exit_time": true}, []string{"path is required"}}, // ours names the controller by path
		{"animation_clip_write_curves", map[string]any{"path": "Assets/C.anim", "curves": []any{map[string]any{}}, "frame_rate": 30.0}, []string{"frame_rate 30", "animation_clip_create"}},
		{"project_settings", map[string]any{"section": "player", "properties": []any{"companyName", "productName"}}, []string{"properties", "one setting a call"}},
		{"project_settings", map[string]any{"section": "player", "property": "companyName", "values": map[string]any{"productName": "X"}}, []string{"values replaces property and value"}},
		{"project_settings", map[string]any{"section": "player", "value": "X"}, []string{`value "X" needs property`}},
		{"project_settings", map[string]any{"property": "companyName"}, []string{"need section"}},
		{"project_settings", map[string]any{"section": "player", "property_path": "player/companyName"}, []string{`("section")`, `ours ("property_path")`}},
		{"inspect_write", map[string]any{"object_path": "/A", "values": map[string]any{"m_Name": "B"}}, []string{"values", "batch"}},
		{"scene_browse_hierarchy", map[string]any{"missing_scripts": true}, []string{"missing_scripts true"}},
		{"asset_broken_references", map[string]any{"scope": "scene"}, []string{`scope "scene"`, "save first"}},
		{"project_assemblies", map[string]any{"include_unity_assemblies": true}, []string{"include_unity_assemblies true", "never Unity's"}},
		{"project_assemblies", map[string]any{"offset": 20.0}, []string{"offset 20", "does not page"}},
		{"project_packages", map[string]any{"include_registry": true}, []string{"include_registry true"}},
		{"asset_export_package", map[string]any{"paths": []any{"Assets/Art"}, "file": "/tmp/a.unitypackage", "recurse": false}, []string{"recurse false", "whole tree"}},
		{"build_player", map[string]any{"output_path": "Builds/G.exe", "platform": "Android"}, []string{`platform "Android"`, "build_switch_target"}},
		{"play_mode_step", map[string]any{"animators": []any{"/Hero"}}, []string{"animators"}},
	} {
		tool := builtinTool(t, tc.tool)
		got, err := isuzuArgs(tc.tool, tool.Params, tc.args)
		if err == nil {
			// Some refusals are the built-in's own check of what arrives.
			if _, err = params.Check(tool.Name, tool.Params, got); err == nil && tool.Check != nil {
				if terr := tool.Check(got); terr != nil {
					err = terr
				}
			}
		}
		if err == nil {
			t.Errorf("%s %v: accepted as %v; want a refusal naming %q", tc.tool, tc.args, got, tc.says)
			continue
		}
		for _, s := range tc.says {
			if !strings.Contains(err.Error(), s) {
				t.Errorf("%s %v: %v; want it to name %q", tc.tool, tc.args, err, s)
			}
		}
	}
}

// Every shape is of a built-in, and every parameter only isuzu's tool has
// is translated, dropped or refused; what a translation makes is a
// parameter of ours, and a parameter both have is of one type.
func TestIsuzuShapesCoverTheirParameters(t *testing.T) {
	t.Parallel()
	for name, s := range isuzuShapes {
		tool := builtinTool(t, name)
		theirs, _ := s.split(tool.Params)
		if len(theirs) == 0 {
			t.Errorf("%s: isuzu's shape has no parameter ours lacks; it needs no shape", name)
		}
		for _, k := range theirs {
			_, renamed := s.rename[k]
			_, refused := s.refuse[k]
			if !renamed && !refused && !slices.Contains(s.drop, k) && !slices.Contains(s.custom, k) {
				t.Errorf("%s: isuzu's %s is neither translated, dropped nor refused", name, k)
			}
		}
		for _, k := range append(slices.Clone(s.makes), slices.Collect(maps.Values(s.rename))...) {
			if !hasParamNamed(tool.Params, k) {
				t.Errorf("%s: a translation makes %s, which %s does not take", name, k, name)
			}
		}
		for _, k := range append(append(slices.Clone(s.custom), s.drop...), slices.Collect(maps.Keys(s.refuse))...) {
			if !hasParamNamed(s.params, k) {
				t.Errorf("%s: %s is not one of isuzu's parameters", name, k)
			}
		}
		for _, p := range s.params {
			for _, q := range tool.Params {
				if p.Name == q.Name && p.Type != q.Type && p.Type != params.TypeAny && q.Type != params.TypeAny {
					t.Errorf("%s: %s is %s in isuzu's tool and %s in ours", name, p.Name, p.Type, q.Type)
				}
			}
		}
	}
}

// The listing is ours alone: isuzu's parameters cost no schema.
func TestIsuzuParamsNotListed(t *testing.T) {
	t.Parallel()
	for _, tool := range catalog.Builtins() {
		s, ok := isuzuShapes[tool.Name]
		if !ok {
			continue
		}
		var schema struct{ Properties map[string]any }
		if err := json.Unmarshal(tool.Schema, &schema); err != nil || len(schema.Properties) == 0 {
			t.Fatalf("%s's schema %s: %v", tool.Name, tool.Schema, err)
		}
		theirs, _ := s.split(tool.Params)
		for _, k := range theirs {
			if _, listed := schema.Properties[k]; listed {
				t.Errorf("%s's schema lists isuzu's %s", tool.Name, k)
			}
		}
	}
}
