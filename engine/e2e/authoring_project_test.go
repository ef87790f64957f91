package e2e

import (
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/project"
)

// An agent works on the project around a scene through the official
// TypeScript SDK, the daemon and the package's real tool handlers over the
// fake: it lists the rendering group for its session (and is told the list
// changed), makes a folder and a material, sets a colour, moves the
// material (its GUID stays), reads it back by its new path and a renderer's
// slots, finds it, is refused deleting it without confirm (with what would
// go) and deletes it.
func TestProjectAuthoringThroughTheHeadlessEditor(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	proj := newProject(t, "Project")
	e.startHeadlessEditor(proj)
	calls := []map[string]any{
		{"name": "tool_groups", "arguments": map[string]any{"enable": []string{"rendering"}}},
		{"name": "asset_create_folder", "arguments": map[string]any{"path": "Assets/Art"}},
		{"name": "material_create", "arguments": map[string]any{"path": "Assets/Art/Wood.mat"}},
		{"name": "material_set", "arguments": map[string]any{"path": "Assets/Art/Wood.mat", "properties": map[string]any{"_Color": []float64{0.5, 0.25, 0.125, 1}}}},
		{"name": "asset_move", "arguments": map[string]any{"path": "Assets/Art/Wood.mat", "destination": "Assets/Materials/Oak.mat"}},
		{"name": "material_read", "arguments": map[string]any{"path": "Assets/Materials/Oak.mat", "property": "_Color"}},
		{"name": "gameobject_create", "arguments": map[string]any{"name": "Table", "primitive": "Cube"}},
		{"name": "material_read", "arguments": map[string]any{"path": "/Table"}},
		{"name": "asset_find", "arguments": map[string]any{"type": "Material", "folder": "Assets"}},
		{"name": "asset_delete", "arguments": map[string]any{"path": "Assets/Materials/Oak.mat"}},
		{"name": "asset_delete", "arguments": map[string]any{"path": "Assets/Materials/Oak.mat", "confirm": true}},
		{"name": "asset_find", "arguments": map[string]any{"type": "Material", "folder": "Assets"}},
	}
	dp, err := project.DataPath(proj)
	if err != nil {
		t.Fatal(err)
	}
	o := runTS(t, "http", e.URL+"/projects/"+project.Hash(dp)+"/mcp", e.Token, mustJSON(calls), "10000")
	res := func(i int) map[string]any {
		t.Helper()
		c := o.Calls[i]
		if c.ProtocolError != "" || c.Result.IsError {
			t.Fatalf("call %d %s failed: %s %+v", i, c.Name, c.ProtocolError, c.Result.Content)
		}
		return c.Result.StructuredContent
	}
	if res(0)["changed"] != true || o.ListChanged == 0 {
		t.Errorf("tool_groups: changed %v, list_changed notifications %d", res(0)["changed"], o.ListChanged)
	}
	if !strings.Contains(mustJSON(o.Tools), `"material_create"`) {
		t.Error("after enabling rendering the session's list lacks material_create")
	}
	res(1)
	guid, _ := res(2)["guid"].(string)
	if len(guid) != 32 {
		t.Fatalf("material_create answered no GUID: %v", res(2))
	}
	res(3)
	if moved := res(4); !strings.Contains(mustJSON(moved), guid) || !strings.Contains(mustJSON(moved), "Assets/Materials/Oak.mat") {
		t.Errorf("asset_move lost the GUID or the path: %v", moved)
	}
	if read := mustJSON(res(5)); !strings.Contains(read, guid) || !strings.Contains(read, "0.125") {
		t.Errorf("material_read by the new path: %s", read)
	}
	res(6)
	if slots := mustJSON(res(7)); !strings.Contains(slots, "shader") {
		t.Errorf("material_read of a renderer: %s", slots)
	}
	if found := res(8); found["total"] != float64(1) || !strings.Contains(mustJSON(found), "Oak.mat") {
		t.Errorf("asset_find: %v", found)
	}
	if c := o.Calls[9]; !c.Result.IsError || !strings.Contains(mustJSON(c.Result), "confirm") || !strings.Contains(mustJSON(c.Result), "Oak.mat") {
		t.Errorf("asset_delete without confirm: %+v", c.Result)
	}
	res(10)
	if found := res(11); found["total"] != float64(0) {
		t.Errorf("after the delete asset_find still finds %v", found)
	}
}
