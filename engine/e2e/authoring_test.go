package e2e

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/bridge"
)

// startHeadlessEditor runs the package's real C# (Core and the tool
// handlers) over the behavioural fake of Unity as an editor of proj, dialing
// the test's daemon, and waits until it is connected.
func (e *env) startHeadlessEditor(proj string) {
	e.t.Helper()
	out := buildPackage(e.t.(*testing.T))
	addr := strings.TrimPrefix(strings.TrimSuffix(e.URL, "/"), "http://")
	exe := filepath.Join(out, "headless-editor", "UnityMcp.HeadlessEditor.exe")
	// --addr names the daemon it must reach; one the state folder does not name is refused.
	if b, err := exec.Command("mono", exe, "--project", proj, "--state", e.State.Root, "--addr", "127.0.0.1:1").CombinedOutput(); err == nil || !strings.Contains(string(b), "not 127.0.0.1:1") {
		e.t.Fatalf("a wrong --addr: %v\n%s", err, b)
	}
	cmd := exec.Command("mono", exe, "--project", proj, "--state", e.State.Root, "--addr", addr)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	var stderr syncBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(func() {
		stdin.Write([]byte("quit\n"))
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
		}
	})
	connected := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "CONNECTED") {
				connected <- true
			}
		}
		close(connected)
	}()
	select {
	case ok := <-connected:
		if !ok {
			e.t.Fatalf("the headless editor exited before connecting; stderr:\n%s", stderr.String())
		}
	case <-time.After(60 * time.Second):
		e.t.Fatalf("the headless editor did not connect; stderr:\n%s", stderr.String())
	}
}

// An agent builds a small scene through the official TypeScript SDK, the
// daemon and the package's real tool handlers: objects, a batch with
// references, a failing batch that changes nothing, a project script wired to
// another object, a prefab whose applied override reaches its other instance
// (refused first without confirm, with what it would do), this session's
// undo, a save to a folder that did not exist, and a second look that
// answers only what changed.
func TestAuthoringThroughTheHeadlessEditor(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	proj := newProject(t, "Authoring")
	e.startHeadlessEditor(proj)
	calls := []map[string]any{
		{"name": "gameobject_create", "arguments": map[string]any{"name": "Room"}},
		{"name": "scene_browse_hierarchy", "arguments": map[string]any{}},
		{"name": "batch", "arguments": map[string]any{"operations": []any{
			map[string]any{"id": "lamp", "tool": "gameobject_create", "args": map[string]any{"name": "Lamp", "primitive": "Sphere", "parent_path": "/Room"}},
			map[string]any{"id": "body", "tool": "gameobject_add_component", "args": map[string]any{"instance_id": "$lamp.instance_id", "component_type": "Rigidbody"}},
			map[string]any{"id": "up", "tool": "gameobject_set_transform", "args": map[string]any{"object_path": "$lamp.path", "position": map[string]any{"y": 3}}},
		}}},
		{"name": "batch", "arguments": map[string]any{"operations": []any{
			map[string]any{"id": "a", "tool": "gameobject_create", "args": map[string]any{"name": "Doomed"}},
			map[string]any{"id": "b", "tool": "gameobject_delete", "args": map[string]any{"object_path": "/Room"}},
			map[string]any{"id": "c", "tool": "gameobject_add_component", "args": map[string]any{"object_path": "$a.path", "component_type": "NoSuchComponent"}},
		}}},
		{"name": "gameobject_add_component", "arguments": map[string]any{"object_path": "/Room/Lamp", "component_type": "Follower"}},
		{"name": "inspect_write", "arguments": map[string]any{"object_path": "/Room/Lamp", "component_type": "Follower", "property_path": "target", "value": map[string]any{"path": "/Room"}}},
		{"name": "prefab_create", "arguments": map[string]any{"object_path": "/Room/Lamp", "path": "Assets/Prefabs/Lamp"}},
		{"name": "prefab_instantiate", "arguments": map[string]any{"path": "Assets/Prefabs/Lamp.prefab", "name": "Spare"}},
		{"name": "gameobject_set_transform", "arguments": map[string]any{"object_path": "/Room/Lamp", "scale": map[string]any{"x": 2}}},
		{"name": "prefab_apply", "arguments": map[string]any{"object_path": "/Room/Lamp"}},
		{"name": "prefab_apply", "arguments": map[string]any{"object_path": "/Room/Lamp", "confirm": true}},
		{"name": "inspect_read", "arguments": map[string]any{"object_path": "/Spare", "component_type": "Transform", "property_path": "m_LocalScale"}},
		{"name": "gameobject_create", "arguments": map[string]any{"name": "Mistake"}},
		{"name": "undo", "arguments": map[string]any{"count": 1}},
		{"name": "scene_save", "arguments": map[string]any{}},
		{"name": "scene_save", "arguments": map[string]any{"path": "Assets/Levels/Room.unity"}},
		{"name": "scene_browse_hierarchy", "arguments": map[string]any{"since": "$SNAPSHOT"}},
	}
	// The second look needs the first answer's snapshot id: run the calls in two goes.
	first := runTS(t, "http", e.URL+"/mcp", e.Token, mustJSON(calls[:2]))
	snap, _ := first.Calls[1].Result.StructuredContent["snapshot_id"].(string)
	if snap == "" {
		t.Fatalf("scene_browse_hierarchy gave no snapshot_id: %+v", first.Calls[1])
	}
	calls[len(calls)-1]["arguments"] = map[string]any{"since": snap}
	o := runTS(t, "http", e.URL+"/mcp", e.Token, mustJSON(calls[2:]))
	res := func(i int) map[string]any {
		t.Helper()
		c := o.Calls[i]
		if c.ProtocolError != "" || c.Result.IsError {
			t.Fatalf("call %d %s failed: %s %+v", i+2, c.Name, c.ProtocolError, c.Result.Content)
		}
		return c.Result.StructuredContent
	}
	failed := func(i int, want string) {
		t.Helper()
		c := o.Calls[i]
		if !c.Result.IsError || len(c.Result.Content) == 0 || !strings.Contains(c.Result.Content[0].Text, want) {
			t.Fatalf("call %d %s: want an error containing %q, got %+v", i+2, c.Name, want, c.Result)
		}
	}
	if got := res(0)["count"]; got != float64(3) {
		t.Errorf("batch count %v", got)
	}
	failed(1, "operation 2 (c), gameobject_add_component failed")
	res(2)
	if w := res(3); w["changed"] != true || !strings.Contains(mustJSON(w["value"]), `"/Room"`) {
		t.Errorf("inspect_write of a reference: %v", w)
	}
	if p := res(4); !strings.Contains(mustJSON(p), "Assets/Prefabs/Lamp.prefab") {
		t.Errorf("prefab_create: %v", p)
	}
	res(5)
	res(6)
	// Without confirm the daemon refuses, with the editor's dry run: the override it would apply.
	if c := o.Calls[7]; !c.Result.IsError || !strings.Contains(c.Result.Content[0].Text, "confirm") || !strings.Contains(mustJSON(c.Result), "m_LocalScale") {
		t.Errorf("prefab_apply without confirm: %+v", c.Result)
	}
	res(8)
	if v := res(9)["value"].(map[string]any); v["x"] != float64(2) {
		t.Errorf("the applied override did not reach the other instance: scale %v", v)
	}
	if u := res(11)["undone"].([]any); len(u) != 1 || u[0] != "unitymcp: Create Mistake" {
		t.Errorf("undo took back %v", u)
	}
	failed(12, "Untitled: give path")
	saved := res(13)
	if saved["created_folders"].([]any)[0] != "Assets/Levels" {
		t.Errorf("save: %v", saved)
	}
	if _, err := os.Stat(filepath.Join(proj, "Assets", "Levels", "Room.unity.meta")); err != nil {
		t.Errorf("the saved scene has no .meta: %v", err)
	}
	diff := res(14)
	added, _ := json.Marshal(diff["added"])
	if !strings.Contains(string(added), `"/Room/Lamp"`) || strings.Contains(string(added), "Doomed") || strings.Contains(string(added), "Mistake") {
		t.Errorf("since %s added %s; want the lamp only (the failed batch and the undone call left nothing)", snap, added)
	}
	if removed := diff["removed"].([]any); len(removed) != 0 {
		t.Errorf("since %s removed %v", snap, removed)
	}
}
