package catalog

import (
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/params"
)

// The prefab tools' hints and gates: what writes an asset is no batch
// operation, what rewrites a shared asset asks for confirm and offers
// dry_run, what only changes the scene runs in a batch.
func TestPrefabHints(t *testing.T) {
	t.Parallel()
	checkFamily(t, "prefab_", map[string]familyWant{
		"prefab_create":         {"", false, false, "authoring"},
		"prefab_instantiate":    {"", true, false, "authoring"},
		"prefab_apply":          {"d", false, true, "authoring"},
		"prefab_overrides":      {"ri", false, false, "authoring"},
		"prefab_revert":         {"di", true, false, "authoring"},
		"prefab_create_variant": {"", false, false, "authoring"},
		"prefab_unpack":         {"d", true, false, "authoring"},
		"prefab_edit":           {"d", false, true, "authoring"},
	})
}

// The asset tools: only asset_delete loses anything (confirm, dry_run); none
// is an undo step, so none runs in a batch; the reads are in diagnostics, as
// isuzu lists them.
func TestAssetHints(t *testing.T) {
	t.Parallel()
	checkFamily(t, "asset_", map[string]familyWant{
		"asset_find":          {"ri", false, false, "diagnostics"},
		"asset_info":          {"ri", false, false, "diagnostics"},
		"asset_create_folder": {"i", false, false, "authoring"},
		"asset_move":          {"", false, false, "authoring"},
		"asset_delete":        {"d", false, true, "authoring"},
		"asset_reimport":      {"i", false, false, "authoring"},
		// Issue 29, part 2: an export writes outside the project only, and
		// replaces an existing file only with overwrite (its own consent,
		// so destructive without confirm); the scan only reads.
		"asset_export_package":    {"d", false, false, "authoring"},
		"asset_broken_references": {"ri", false, false, "authoring"},
	})
}

// familyWant is what a tool of a family must be: its hints (r(eadOnly),
// d(estructive), i(dempotent)), whether it runs in a batch, whether it takes
// confirm and dry_run, its group.
type familyWant struct {
	hints   string
	batch   bool
	confirm bool
	group   string
}

// checkFamily checks every built-in whose name has the prefix against want,
// and that want names exactly those.
func checkFamily(t *testing.T, prefix string, want map[string]familyWant) {
	t.Helper()
	n := 0
	for _, tool := range Builtins() {
		w, ok := want[tool.Name]
		if !ok {
			if strings.HasPrefix(tool.Name, prefix) {
				t.Errorf("%s: a %s tool this test does not know", tool.Name, prefix)
			}
			continue
		}
		n++
		if got := hintLetters(tool.Hints); got != w.hints {
			t.Errorf("%s: hints %q, want %q", tool.Name, got, w.hints)
		}
		if tool.Batch != w.batch {
			t.Errorf("%s: Batch %v, want %v", tool.Name, tool.Batch, w.batch)
		}
		if tool.HasParam("confirm") != w.confirm || tool.HasParam("dry_run") != w.confirm {
			t.Errorf("%s: confirm %v, dry_run %v, want both %v", tool.Name, tool.HasParam("confirm"), tool.HasParam("dry_run"), w.confirm)
		}
		if tool.Group != w.group || tool.Native {
			t.Errorf("%s: group %s, native %v: want an editor tool of %s", tool.Name, tool.Group, tool.Native, w.group)
		}
	}
	if n != len(want) {
		t.Errorf("%d of the %d %s tools are built in", n, len(want), prefix)
	}
}

// hintLetters spells a tool's hints as the tests' tables do: r(eadOnly),
// d(estructive), i(dempotent), in that order.
func hintLetters(h api.Annotations) string {
	got := ""
	for _, f := range []struct {
		on bool
		c  string
	}{{h.ReadOnlyHint, "r"}, {h.DestructiveHint, "d"}, {h.IdempotentHint, "i"}} {
		if f.on {
			got += f.c
		}
	}
	return got
}

// prefabCheck runs a prefab tool's argument checks as a call does.
func prefabCheck(t *testing.T, s *Snapshot, name, args string) (map[string]any, error) {
	t.Helper()
	tool := s.Lookup(name)
	raw, err := params.Decode([]byte(args))
	if err != nil {
		t.Fatalf("%s: %v", args, err)
	}
	checked, err := params.Check(name, tool.Params, raw)
	if err != nil {
		return nil, err
	}
	if tool.Check != nil {
		if terr := tool.Check(checked); terr != nil {
			return nil, terr
		}
	}
	if tool.Prepare != nil {
		send, _, terr := tool.Prepare(s, checked)
		if terr != nil {
			return nil, terr
		}
		return send, nil
	}
	return checked, nil
}

func TestPrefabArguments(t *testing.T) {
	t.Parallel()
	s := batchSnapshot()
	for _, c := range []struct{ tool, args, want string }{
		{"prefab_create", `{"object_path":"/A","path":"Assets/A.prefab"}`, ""},
		{"prefab_create", `{"path":"Assets/A.prefab"}`, "give object_path or instance_id; neither was given"},
		{"prefab_create", `{"object_path":"/A"}`, "path is required"},
		{"prefab_instantiate", `{"guid":"0123456789abcdef0123456789abcdef","parent_instance_id":"-9007199254740993","position":{"y":1}}`, ""},
		{"prefab_instantiate", `{}`, "give path or guid; neither was given"},
		{"prefab_instantiate", `{"path":"Assets/A.prefab","guid":"01"}`, "give path or guid, not both"},
		{"prefab_instantiate", `{"path":"Assets/A.prefab","rotation":{"w":1}}`, `rotation takes x, y and z (lowercase), not "w"`},
		{"prefab_apply", `{"instance_id":"7","confirm":true}`, ""},
		{"prefab_apply", `{"object_path":"/A","instance_id":"7"}`, "give object_path or instance_id, not both"},
		{"prefab_overrides", `{}`, "give object_path or instance_id; neither was given"},
		{"prefab_revert", `{"object_path":"/A","component_type":"Rigidbody","property_path":"m_Mass"}`, ""},
		{"prefab_unpack", `{"object_path":"/A","completely":"yes"}`, "completely must be boolean"},
		{"prefab_create_variant", `{"path":"Assets/A.prefab"}`, "variant_path is required"},
		{"prefab_edit", `{"path":"Assets/A.prefab","operations":[]}`, "operations must have from 1 to 200 items"},
		{"prefab_edit", `{"path":"Assets/A.prefab","operations":[{"tool":"prefab_unpack","args":{"object_path":"/A"}}]}`,
			"operations[0] (prefab_unpack): prefab_edit runs only gameobject_* and inspect_* tools"},
		{"prefab_edit", `{"path":"Assets/A.prefab","operations":[{"tool":"scene_browse_hierarchy"}]}`, "prefab_edit runs only gameobject_* and inspect_* tools"},
		{"prefab_edit", `{"path":"Assets/A.prefab","operations":[{"tool":"compile"}]}`, "prefab_edit: operations[0] (compile): prefab_edit runs only gameobject_* and inspect_* tools on the prefab's objects; call compile on its own"},
		{"prefab_edit", `{"path":"Assets/A.prefab","operations":[{"id":"g","tool":"gameobject_create","args":{"colider":false}}]}`,
			`prefab_edit: a problem, so nothing ran; fix and send the whole batch again: operations[0] (id "g", gameobject_create): unknown argument "colider"`},
		{"prefab_edit", `{"path":"Assets/A.prefab","operations":[{"tool":"gameobject_delete","args":{"object_path":"$g.path"}}]}`, `no operation has id "g"`},
	} {
		got := ""
		if _, err := prefabCheck(t, s, c.tool, c.args); err != nil {
			got = err.Error()
		}
		if (got == "") != (c.want == "") || !strings.Contains(got, c.want) {
			t.Errorf("%s %s: got %q, want %q", c.tool, c.args, got, c.want)
		}
	}
}

// prefab_edit sends its own arguments and the operations checked, with
// their defaults and references as written.
func TestPrefabEditSend(t *testing.T) {
	t.Parallel()
	send, err := prefabCheck(t, batchSnapshot(), "prefab_edit", `{"path":"Assets/A.prefab","confirm":true,"operations":[
		{"id":"gun","tool":"gameobject_create","args":{"name":"Gun","primitive":"Cube"}},
		{"tool":"inspect_write","args":{"object_path":"$gun.path","property_path":"m_Name","value":"Barrel"}}]}`)
	if err != nil {
		t.Fatal(err)
	}
	if send["path"] != "Assets/A.prefab" || send["confirm"] != true || send["dry_run"] != false {
		t.Errorf("prefab_edit's own arguments: got %v", send)
	}
	ops, _ := send["operations"].([]any)
	if len(ops) != 2 {
		t.Fatalf("operations: got %v", send["operations"])
	}
	first := ops[0].(map[string]any)
	if a := first["args"].(map[string]any); first["id"] != "gun" || a["collider"] != true || a["primitive"] != "Cube" {
		t.Errorf("first operation: got %v, want its defaults filled in", first)
	}
	if a := ops[1].(map[string]any)["args"].(map[string]any); a["object_path"] != "$gun.path" {
		t.Errorf("second operation: got %v, want the reference as written", a)
	}
}
