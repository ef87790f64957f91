package catalog

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/definitions"
	"github.com/unitymcp/unitymcp/engine/params"
)

// batchSnapshot is the built-ins and one definition tool, as a project's
// catalog holds them.
func batchSnapshot() *Snapshot {
	def := FromDefinition(&definitions.Def{Name: "place_cube", Description: "a sequence", Kind: definitions.KindSequence})
	return NewSnapshot(Builtins(), []*Tool{def})
}

// runBatch goes the way a call does: decode, the batch's own parameters,
// then prepareBatch.
func runBatch(t *testing.T, s *Snapshot, args string) (map[string]any, any, *api.ToolError) {
	t.Helper()
	raw, err := params.Decode([]byte(args))
	if err != nil {
		t.Fatalf("%s: %v", args, err)
	}
	b := s.Lookup("batch")
	checked, err := params.Check(b.Name, b.Params, raw)
	if err != nil {
		return nil, nil, api.Errorf(api.CodeInvalidParams, "%v", err)
	}
	return b.Prepare(s, checked)
}

// Each rule of a batch, broken: the refusal names the operation (index,
// id, tool) and what to do.
func TestBatchRefusals(t *testing.T) {
	t.Parallel()
	s := batchSnapshot()
	ops := func(list ...string) string { return `{"operations":[` + strings.Join(list, ",") + `]}` }
	cube := `{"id":"cube","tool":"gameobject_create","args":{"primitive":"Cube"}}`
	many := make([]string, BatchMax+1)
	for i := range many {
		many[i] = `{"tool":"gameobject_create"}`
	}
	for _, c := range []struct {
		name, args string
		want       []string // each in the message
	}{
		{"no operations", `{"operations":[]}`, []string{"operations must have from 1 to 200 items, got 0"}},
		{"over 200", ops(many...), []string{"operations must have from 1 to 200 items, got 201"}},
		{"not an object", ops(`"gameobject_create"`), []string{"operations[0] must be object"}},
		{"unknown tool", ops(`{"id":"a","tool":"gameobject_craete"}`), []string{`operations[0] (id "a", gameobject_craete): there is no tool "gameobject_craete" (did you mean "gameobject_create"?)`}},
		{"tool missing", ops(`{"id":"a","args":{}}`), []string{`operations[0] (id "a"): tool is required`}},
		{"editor tool not batchable", ops(cube, `{"id":"c","tool":"compile"}`), []string{`operations[1] (id "c", compile): compile cannot run in a batch`, "call compile on its own"}},
		{"undo refused", ops(`{"tool":"undo"}`), []string{`operations[0] (undo): undo cannot run in a batch`}},
		{"redo refused", ops(`{"tool":"redo"}`), []string{`operations[0] (redo): redo cannot run in a batch`}},
		{"batch refused", ops(`{"tool":"batch","args":{"operations":[]}}`), []string{`operations[0] (batch): batch cannot run in a batch`}},
		{"definition refused", ops(`{"id":"d","tool":"place_cube"}`), []string{`operations[0] (id "d", place_cube): place_cube cannot run in a batch`}},
		{"daemon tool refused", ops(`{"tool":"focus-window"}`), []string{`operations[0] (focus-window): focus-window cannot run in a batch`}},
		{"duplicate id", ops(cube, `{"id":"cube","tool":"gameobject_create"}`), []string{`operations[1] (id "cube", gameobject_create): id "cube" is already operations[0] (id "cube", gameobject_create)'s`}},
		{"id starts with a digit", ops(`{"id":"1st","tool":"gameobject_create"}`), []string{`operations[0] (gameobject_create): id "1st" must be a letter or _`}},
		{"id with a dash", ops(`{"id":"my-cube","tool":"gameobject_create"}`), []string{`id "my-cube" must be a letter or _`}},
		{"id too long", ops(`{"id":"` + strings.Repeat("a", 65) + `","tool":"gameobject_create"}`), []string{"must be a letter or _ then letters, digits or _ (at most 64)"}},
		{"id not a string", ops(`{"id":7,"tool":"gameobject_create"}`), []string{`operations[0] (gameobject_create): id must be a string, got number 7`}},
		{"unknown key", ops(`{"id":"a","command":"gameobject_create"}`), []string{`operations[0] (id "a"): unknown key "command" (did you mean "tool"?)`}},
		{"args not an object", ops(`{"id":"a","tool":"gameobject_create","args":[1]}`), []string{`operations[0] (id "a", gameobject_create): args must be an object`}},
		{"unknown argument", ops(`{"id":"a","tool":"gameobject_create","args":{"colider":false}}`), []string{`operations[0] (id "a", gameobject_create): unknown argument "colider" (did you mean "collider"?)`}},
		{"wrong type", ops(`{"id":"a","tool":"gameobject_create","args":{"collider":"no"}}`), []string{`operations[0] (id "a", gameobject_create): collider must be boolean, got string "no"`}},
		{"bad enum", ops(`{"tool":"gameobject_create","args":{"primitive":"Cone"}}`), []string{`operations[0] (gameobject_create): primitive must be one of Cube, Sphere`}},
		{"required missing", ops(`{"id":"w","tool":"inspect_write","args":{"object_path":"/A","value":1}}`), []string{`operations[0] (id "w", inspect_write): property_path is required`}},
		{"tool's Check: no target", ops(`{"id":"d","tool":"gameobject_delete","args":{}}`), []string{`operations[0] (id "d", gameobject_delete): give object_path or instance_id; neither was given`}},
		{"tool's Check: both targets", ops(`{"tool":"gameobject_delete","args":{"object_path":"/A","instance_id":"1"}}`), []string{`give object_path or instance_id, not both`}},
		{"range", ops(`{"tool":"inspect_list","args":{"object_path":"/A","limit":0}}`), []string{`operations[0] (inspect_list): limit must be from 1 to 500, got 0`}},
		{"bad id argument", ops(`{"tool":"gameobject_delete","args":{"instance_id":1.5}}`), []string{"instance_id must be an id"}},
		{"reference to no operation", ops(cube, `{"id":"m","tool":"gameobject_delete","args":{"object_path":"$cub.path"}}`),
			[]string{`operations[1] (id "m", gameobject_delete): object_path refers to $cub.path, but no operation has id "cub"`}},
		{"reference to a later operation", ops(`{"id":"m","tool":"gameobject_delete","args":{"instance_id":"$cube.instance_id"}}`, cube),
			[]string{`operations[0] (id "m", gameobject_delete): instance_id refers to $cube.instance_id, which is operations[1] (id "cube", gameobject_create), a later operation`}},
		{"reference to itself", ops(`{"id":"m","tool":"gameobject_duplicate","args":{"object_path":"/A","name":"$m.name"}}`), []string{`operations[0] (id "m", gameobject_duplicate): name refers to $m.name, this operation's own id`}},
		{"reference for an integer", ops(cube, `{"tool":"gameobject_reparent","args":{"object_path":"/A","sibling_index":"$cube.index"}}`),
			[]string{`operations[1] (gameobject_reparent): sibling_index takes an integer, and a reference ($cube.index) can stand only for a string, an id or an object argument`}},
		{"reference for an enum", ops(cube, `{"tool":"gameobject_create","args":{"primitive":"$cube.primitive"}}`), []string{"primitive takes one of Cube, Sphere"}},
		{"reference for a boolean", ops(cube, `{"tool":"gameobject_set_active","args":{"object_path":"$cube.path","active":"$cube.active"}}`), []string{"active takes a boolean"}},
		{"several problems, in order", ops(`{"id":"a","tool":"nope"}`, `{"id":"a","tool":"undo"}`), []string{"batch: 3 problems", `operations[0] (id "a", nope): there is no tool`, `operations[1] (id "a", undo): id "a" is already`, `operations[1] (id "a", undo): undo cannot run`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			send, answer, terr := runBatch(t, s, c.args)
			if terr == nil {
				t.Fatalf("accepted: send %v, answer %v", send, answer)
			}
			if terr.Code != api.CodeInvalidParams {
				t.Errorf("code %s, want %s", terr.Code, api.CodeInvalidParams)
			}
			for _, w := range c.want {
				if !strings.Contains(terr.Message, w) {
					t.Errorf("message %q\nlacks %q", terr.Message, w)
				}
			}
		})
	}
}

// A valid batch goes to the editor as one call: every operation's args
// checked, with defaults, references as written; ids only where given.
func TestBatchSend(t *testing.T) {
	t.Parallel()
	send, answer, terr := runBatch(t, batchSnapshot(), `{"operations":[
		{"id":"cube","tool":"gameobject_create","args":{"name":"Box","primitive":"cube","position":{"y":2}}},
		{"id":"_rb2","tool":"gameobject_add_component","args":{"object_path":"$cube.path","component_type":"Rigidbody"}},
		{"tool":"gameobject_reparent","args":{"instance_id":"$cube.instance_id","parent_instance_id":9007199254740993}},
		{"tool":"gameobject_set_transform","args":{"object_path":"$cube.path","position":"$cube.position"}},
		{"tool":"inspect_write","args":{"instance_id":"$cube.instance_id","component_type":"Rigidbody","property_path":"m_Mass","value":"$_rb2"}},
		{"tool":"inspect_write","args":{"object_path":"$cube","property_path":"m_Name","value":null}},
		{"tool":"gameobject_create","args":{"name":"$5 note","parent_path":"$ not a reference"}},
		{"id":"look","tool":"scene_browse_hierarchy"}]}`)
	if terr != nil || answer != nil {
		t.Fatalf("refused: %v (answer %v)", terr, answer)
	}
	got, _ := json.Marshal(send)
	want := `{"dry_run":false,"operations":[` +
		`{"args":{"collider":true,"name":"Box","position":{"y":2},"primitive":"Cube"},"id":"cube","tool":"gameobject_create"},` +
		`{"args":{"component_type":"Rigidbody","object_path":"$cube.path"},"id":"_rb2","tool":"gameobject_add_component"},` +
		`{"args":{"instance_id":"$cube.instance_id","keep_world_position":true,"parent_instance_id":"9007199254740993"},"tool":"gameobject_reparent"},` +
		`{"args":{"object_path":"$cube.path","position":"$cube.position","world":false},"tool":"gameobject_set_transform"},` +
		`{"args":{"component_index":0,"component_type":"Rigidbody","instance_id":"$cube.instance_id","property_path":"m_Mass","value":"$_rb2"},"tool":"inspect_write"},` +
		`{"args":{"component_index":0,"object_path":"$cube","property_path":"m_Name","value":null},"tool":"inspect_write"},` +
		`{"args":{"collider":true,"name":"$5 note","parent_path":"$ not a reference"},"tool":"gameobject_create"},` +
		`{"args":{"active_only":false,"limit":200,"max_depth":-1,"offset":0},"id":"look","tool":"scene_browse_hierarchy"}],"results":"ids"}`
	if string(got) != want {
		t.Errorf("sent\n%s\nwant\n%s", got, want)
	}
}

// A dry run is answered in the daemon: valid, how many operations, which
// tools; nothing to send.
func TestBatchDryRun(t *testing.T) {
	t.Parallel()
	send, answer, terr := runBatch(t, batchSnapshot(), `{"dry_run":true,"operations":[
		{"id":"a","tool":"gameobject_create"},{"id":"b","tool":"gameobject_create","args":{"parent_path":"$a.path"}},
		{"tool":"inspect_read","args":{"object_path":"$b.path","property_path":"m_Name"}}]}`)
	if terr != nil || send != nil {
		t.Fatalf("send %v, error %v", send, terr)
	}
	got, _ := json.Marshal(answer)
	for _, want := range []string{`"valid":true`, `"dry_run":true`, `"operations":3`, `"tools":{"gameobject_create":2,"inspect_read":1}`,
		"gameobject_create ×2, inspect_read", "Nothing was sent to the editor"} {
		if !strings.Contains(string(got), want) {
			t.Errorf("answer %s lacks %s", got, want)
		}
	}
	// A dry run of an invalid batch is refused as the batch would be.
	if _, _, terr := runBatch(t, batchSnapshot(), `{"dry_run":true,"operations":[{"tool":"undo"}]}`); terr == nil {
		t.Error("an invalid dry run was answered valid")
	}
}

// Exactly the authoring families run in a batch: every gameobject_*,
// inspect_* and scene_browse_hierarchy, the prefab tools that change only
// the scene, the material and scene-settings edits, and the animator and
// clip edits and reads (Undo reverts them all); nothing Undo cannot take
// back (asset files made, moved or deleted; a running Animator's values).
func TestBatchableTools(t *testing.T) {
	t.Parallel()
	named := map[string]bool{"prefab_instantiate": true, "prefab_revert": true, "prefab_unpack": true, "material_set": true, "scene_settings": true, "animation_clip_write_curves": true}
	for _, tool := range Builtins() {
		animEdit := strings.HasPrefix(tool.Name, "animator_") && tool.Name != "animator_create" && tool.Name != "animator_set_parameter"
		want := strings.HasPrefix(tool.Name, "gameobject_") || strings.HasPrefix(tool.Name, "inspect_") || tool.Name == "scene_browse_hierarchy" || named[tool.Name] || animEdit
		if tool.Batch != want {
			t.Errorf("%s: Batch %v, want %v", tool.Name, tool.Batch, want)
		}
		if tool.Batch && (tool.Native || tool.Group != definitions.GroupOf(tool.Name) && tool.Group != authoringGroup(tool.Name)) {
			t.Errorf("%s: a batch operation must be an editor tool of the authoring group (diagnostics for isuzu's read-only names, its prefix's group for material_set)", tool.Name)
		}
	}
}

// The target rule of every tool that takes one: exactly one of object_path
// and instance_id; parents at most one; vectors are {x,y,z} numbers.
func TestAddressingChecks(t *testing.T) {
	t.Parallel()
	byName := map[string]*Tool{}
	for _, tool := range Builtins() {
		byName[tool.Name] = tool
	}
	targeted := []string{"gameobject_delete", "gameobject_duplicate", "gameobject_reparent", "gameobject_set_transform",
		"gameobject_set_active", "gameobject_add_component", "gameobject_remove_component", "inspect_list", "inspect_read", "inspect_write"}
	valid := map[string]string{ // the other arguments a valid call needs
		"gameobject_set_transform": `"position":{"x":1}`, "gameobject_set_active": `"active":true`,
		"gameobject_add_component": `"component_type":"Rigidbody"`, "gameobject_remove_component": `"component_type":"Rigidbody"`,
		"inspect_read": `"property_path":"m_Name"`, "inspect_write": `"property_path":"m_Name","value":"x"`,
	}
	for _, name := range targeted {
		tool := byName[name]
		call := func(target string) error {
			rest := valid[name]
			if target != "" && rest != "" {
				rest = "," + rest
			}
			args, err := params.Decode([]byte("{" + target + rest + "}"))
			if err != nil {
				t.Fatal(err)
			}
			checked, err := params.Check(name, tool.Params, args)
			if err != nil {
				return err
			}
			if terr := tool.Check(checked); terr != nil {
				return terr
			}
			return nil
		}
		if err := call(`"object_path":"/A"`); err != nil {
			t.Errorf("%s by path: %v", name, err)
		}
		if err := call(`"instance_id":"-9007199254740993"`); err != nil {
			t.Errorf("%s by id: %v", name, err)
		}
		if err := call(""); err == nil || !strings.Contains(err.Error(), "give object_path or instance_id; neither was given") {
			t.Errorf("%s with no target: %v", name, err)
		}
		if err := call(`"object_path":"/A","instance_id":"1"`); err == nil || !strings.Contains(err.Error(), "give object_path or instance_id, not both") {
			t.Errorf("%s with both: %v", name, err)
		}
	}
	for _, c := range []struct{ tool, args, want string }{
		{"gameobject_create", `{"parent_path":"/A","parent_instance_id":"1"}`, "give parent_path or parent_instance_id, not both"},
		{"gameobject_reparent", `{"object_path":"/A","parent_path":"/B","parent_instance_id":1}`, "give parent_path or parent_instance_id, not both"},
		{"gameobject_create", `{"position":{"X":1}}`, `position takes x, y and z (lowercase), not "X"`},
		{"gameobject_create", `{"scale":{"x":"2"}}`, `scale.x must be a number, got string "2"`},
		{"gameobject_set_transform", `{"object_path":"/A","rotation":{"z":true}}`, "rotation.z must be a number, got boolean true"},
		{"gameobject_set_transform", `{"object_path":"/A","world":true}`, "give at least one of position, rotation, scale"},
		{"gameobject_create", `{"parent_path":"/A","position":{"x":1,"y":2.5,"z":-3}}`, ""},
		{"gameobject_reparent", `{"object_path":"/A"}`, ""}, // no parent: the scene root
	} {
		tool := byName[c.tool]
		args, _ := params.Decode([]byte(c.args))
		checked, err := params.Check(c.tool, tool.Params, args)
		var got error = err
		if err == nil {
			if terr := tool.Check(checked); terr != nil {
				got = terr
			}
		}
		switch {
		case c.want == "" && got != nil:
			t.Errorf("%s %s: %v", c.tool, c.args, got)
		case c.want != "" && (got == nil || !strings.Contains(got.Error(), c.want)):
			t.Errorf("%s %s: got %v, want %q", c.tool, c.args, got, c.want)
		}
	}
}

// The authoring tools' hints, as issue 28 and the brief state them.
func TestAuthoringHints(t *testing.T) {
	t.Parallel()
	want := map[string]string{ // r(eadOnly) d(estructive) i(dempotent)
		"gameobject_create": "", "gameobject_delete": "d", "gameobject_duplicate": "", "gameobject_reparent": "",
		"gameobject_set_transform": "i", "gameobject_set_active": "i", "gameobject_add_component": "",
		"gameobject_remove_component": "d", "inspect_list": "ri", "inspect_read": "ri", "inspect_write": "i",
		"scene_browse_hierarchy": "ri", "undo": "d", "redo": "d", "batch": "d",
	}
	n := 0
	for _, tool := range Builtins() {
		w, ok := want[tool.Name]
		if !ok {
			continue
		}
		n++
		if got := hintLetters(tool.Hints); got != w {
			t.Errorf("%s: hints %q, want %q", tool.Name, got, w)
		}
		if tool.Group != authoringGroup(tool.Name) || tool.Native || tool.HasParam("confirm") {
			t.Errorf("%s: group %s, native %v, confirm %v: want an authoring editor tool without confirm (it is undoable)", tool.Name, tool.Group, tool.Native, tool.HasParam("confirm"))
		}
	}
	if n != len(want) {
		t.Errorf("%d of the %d authoring tools are built in", n, len(want))
	}
}

// authoringGroup is the group an authoring tool belongs to: authoring, or
// diagnostics for the read-only ones isuzu lists there by name.
func authoringGroup(name string) string {
	if definitions.GroupOf(name) == "diagnostics" {
		return "diagnostics"
	}
	return "authoring"
}
