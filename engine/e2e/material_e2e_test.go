package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/bridge"
)

// An agent makes and edits materials through the official TypeScript SDK,
// the daemon and the package's real tool handlers over the fake: a material
// with the pipeline's shader, values set as arrays and numbers, a misspelt
// property refused with the right name, a renderer's slot read back, a
// batch that sets a material beside a new object, the scene's fog, what the
// scene draws, and this session's undo of the material edit.
func TestMaterialsThroughTheHeadlessEditor(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	proj := newProject(t, "Materials")
	e.startHeadlessEditor(proj)
	calls := []map[string]any{
		{"name": "material_create", "arguments": map[string]any{"path": "Assets/Art/Wood"}},
		{"name": "material_set", "arguments": map[string]any{"path": "Assets/Art/Wood.mat",
			"properties": map[string]any{"_Color": []any{0.5, 0.25, 0, 1}, "_Glossiness": 0.75},
			"keywords":   map[string]any{"_EMISSION": true}, "render_queue": 2450}},
		{"name": "material_set", "arguments": map[string]any{"path": "Assets/Art/Wood.mat", "properties": map[string]any{"_Colour": []any{1, 0, 0}}}},
		{"name": "material_read", "arguments": map[string]any{"path": "Assets/Art/Wood.mat", "property": "color"}},
		{"name": "batch", "arguments": map[string]any{"operations": []any{
			map[string]any{"id": "crate", "tool": "gameobject_create", "args": map[string]any{"name": "Crate", "primitive": "Cube"}},
			map[string]any{"tool": "material_set", "args": map[string]any{"path": "Assets/Art/Wood.mat", "render_queue": 3000}},
			map[string]any{"tool": "scene_settings", "args": map[string]any{"set": map[string]any{"fog": true, "fog_color": []any{0.5, 0.5, 0.5, 1}}}},
		}}},
		{"name": "material_read", "arguments": map[string]any{"paths": []any{"/Crate", "Assets/Art/Wod.mat"}}},
		{"name": "render_stats", "arguments": map[string]any{}},
		{"name": "shader_info", "arguments": map[string]any{"name": "Standard"}},
		{"name": "render_pipeline_info", "arguments": map[string]any{}},
		{"name": "undo", "arguments": map[string]any{"count": 2}},
		{"name": "material_read", "arguments": map[string]any{"path": "Assets/Art/Wood.mat", "property": "gloss"}},
		{"name": "scene_settings", "arguments": map[string]any{}},
	}
	o := runTS(t, "http", e.URL+"/mcp", e.Token, mustJSON(calls))
	res := func(i int) map[string]any {
		t.Helper()
		c := o.Calls[i]
		if c.ProtocolError != "" || c.Result.IsError {
			t.Fatalf("call %d %s failed: %s %+v", i, c.Name, c.ProtocolError, c.Result.Content)
		}
		return c.Result.StructuredContent
	}
	if c := res(0); c["shader"] != "Standard" || c["path"] != "Assets/Art/Wood.mat" {
		t.Errorf("material_create: %v", c)
	}
	if _, err := os.Stat(filepath.Join(proj, "Assets", "Art", "Wood.mat.meta")); err != nil {
		t.Errorf("the material has no .meta: %v", err)
	}
	if s := res(1); s["changed"] != true || s["render_queue"] != float64(2450) || mustJSON(s["keywords"]) != `["_EMISSION"]` {
		t.Errorf("material_set: %v", s)
	}
	if c := o.Calls[2]; !c.Result.IsError || !strings.Contains(mustJSON(c.Result.StructuredContent["error"]), `no property \"_Colour\"; closest: _Color`) {
		t.Errorf("a misspelt property: %+v", c.Result)
	}
	if props := mustJSON(res(3)["properties"]); props != `{"_Color":[0.5,0.25,0.0,1.0],"_EmissionColor":[0.0,0.0,0.0,1.0]}` && props != `{"_Color":[0.5,0.25,0,1],"_EmissionColor":[0,0,0,1]}` {
		t.Errorf("material_read: %s", props)
	}
	if b := res(4); b["count"] != float64(3) {
		t.Errorf("batch: %v", b)
	}
	many := res(5)
	results := many["results"].([]any)
	if slot := mustJSON(results[0]); !strings.Contains(slot, `"renderer":"MeshRenderer"`) || !strings.Contains(slot, "Default-Material") {
		t.Errorf("the crate's slots: %s", slot)
	}
	if miss := mustJSON(results[1]); !strings.Contains(miss, "closest materials: Assets/Art/Wood.mat") {
		t.Errorf("a missing material among several: %s", miss)
	}
	if st := res(6); st["triangles"] != float64(12) || mustJSON(st["renderers"]) != `{"by_type":{"MeshRenderer":1},"drawn":1,"total":1}` {
		t.Errorf("render_stats: %v", st)
	}
	if !strings.Contains(mustJSON(res(7)["properties"]), `"_Glossiness"`) {
		t.Errorf("shader_info: %v", o.Calls[7].Result.StructuredContent)
	}
	if p := res(8); p["pipeline"] != "Built-in" || p["default_shader"] != "Standard" {
		t.Errorf("render_pipeline_info: %v", p)
	}
	// Two undos: the batch (crate, queue 3000, fog), then the first material_set.
	if u := res(9)["undone"].([]any); len(u) != 2 || u[1] != "unitymcp: Set material Wood" {
		t.Errorf("undo took back %v", u)
	}
	if after := res(10); after["render_queue"] != float64(2000) || mustJSON(after["properties"]) != `{"_Glossiness":0.5}` {
		t.Errorf("after undo: %v", after)
	}
	if fog := res(11)["fog"]; fog != false {
		t.Errorf("the batch's fog was not undone: %v", fog)
	}
}
