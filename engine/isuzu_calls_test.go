package engine_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/bridge/bridgetest"
	"github.com/unitymcp/unitymcp/engine/definitions/run"
	"github.com/unitymcp/unitymcp/engine/project"
	"github.com/unitymcp/unitymcp/engine/state"
)

// echoEditor is an editor on the bridge that answers every tool call with
// the tool and the arguments it received.
type echoEditor struct {
	hash  string
	calls atomic.Int32
}

func newEchoEngine(t *testing.T) (*engine.Engine, *echoEditor) {
	t.Helper()
	dir, err := state.At(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	e := engine.New(engine.Options{State: dir, CallTimeout: 30 * time.Second, Definitions: run.New().Handle})
	srv := httptest.NewServer(e.Hub)
	t.Cleanup(srv.Close)
	t.Cleanup(e.Close)
	t.Cleanup(e.Hub.Close)
	data := filepath.Join(t.TempDir(), "Game", "Assets")
	os.MkdirAll(data, 0o755)
	ed := &echoEditor{hash: project.Hash(filepath.ToSlash(data))}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	ws, err := bridgetest.Dial(ctx, srv.URL, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	peer := bridge.NewPeer(ws, func(_ context.Context, method string, raw json.RawMessage) (any, error) {
		if method != bridge.MethodCall {
			return struct{}{}, nil
		}
		var p bridge.CallParams
		if err := json.Unmarshal(raw, &p); err != nil {
			return nil, err
		}
		ed.calls.Add(1)
		return map[string]any{"tool": p.Tool, "args": p.Arguments}, nil
	}, nil)
	done := make(chan struct{})
	go func() { peer.Run(); close(done) }()
	t.Cleanup(func() { peer.Close("bye"); <-done })
	var res bridge.HelloResult
	if err := peer.Call(ctx, bridge.MethodHello, bridge.Hello{Protocol: bridge.ProtocolVersion, DataPath: filepath.ToSlash(data)}, &res); err != nil {
		t.Fatal(err)
	}
	return e, ed
}

func callJSON(e *engine.Engine, tool string, args any) (map[string]any, *api.ToolError) {
	raw, _ := json.Marshal(args)
	res, terr := e.Call(context.Background(), engine.Request{Tool: tool, Args: raw})
	if terr != nil {
		return nil, terr
	}
	var out map[string]any
	json.Unmarshal(res, &out)
	return out, nil
}

// A direct call in isuzu's shape reaches the editor in ours; one that
// mixes the shapes, or names what has no counterpart, is refused before
// the editor sees it. Nothing of isuzu's shape is in the listing.
func TestIsuzuShapedCallsThroughTheEngine(t *testing.T) {
	e, ed := newEchoEngine(t)
	for _, tc := range []struct {
		tool string
		args map[string]any
		want string // the arguments the editor got
	}{
		{"material_set", map[string]any{"path": "Assets/M.mat", "property": "_Color", "value": []any{1, 0, 0}},
			`{"path":"Assets/M.mat","properties":{"_Color":[1,0,0,1]}}`},
		{"animator_set_state", map[string]any{"path": "Assets/A.controller", "layer": "Base Layer", "state": "Idle", "speed": 2},
			`{"layer":"Base Layer","path":"Assets/A.controller","set":{"speed":2},"state":"Idle"}`},
		{"project_settings", map[string]any{"section": "physics", "property": "m_Gravity", "value": map[string]any{"x": 0, "y": -20, "z": 0}, "confirm": true},
			`{"confirm":true,"values":{"physics/m_Gravity":{"x":0,"y":-20,"z":0}}}`},
		{"project_settings", map[string]any{"section": "physics", "property": "m_Gravity"},
			`{"property_path":"physics/m_Gravity"}`},
	} {
		out, terr := callJSON(e, tc.tool, tc.args)
		if terr != nil {
			t.Errorf("%s %v: %v", tc.tool, tc.args, terr)
			continue
		}
		if b, _ := json.Marshal(out["args"]); string(b) != tc.want || out["tool"] != tc.tool {
			t.Errorf("%s %v reached the editor as %v %s, want %s", tc.tool, tc.args, out["tool"], b, tc.want)
		}
	}
	// A write in isuzu's shape still needs the consent ours asks for.
	if _, terr := callJSON(e, "project_settings", map[string]any{"section": "player", "property": "companyName", "value": "Acme"}); terr == nil || terr.Code != api.CodeConfirmRequired {
		t.Errorf("an isuzu-shaped settings write without confirm: %v, want confirmation_required", terr)
	}
	before := ed.calls.Load()
	for _, tc := range []struct {
		args map[string]any
		says string
	}{
		{map[string]any{"path": "Assets/M.mat", "property": "_Color", "value": 1, "properties": map[string]any{"_Color": 1}}, `mixes isuzu-shiranui/UnityMCP's parameters ("property", "value") with ours ("properties")`},
		{map[string]any{"object_path": "/Rock", "property": "_Color", "value": 1}, `object_path "/Rock" has no counterpart`},
	} {
		if _, terr := callJSON(e, "material_set", tc.args); terr == nil || terr.Code != api.CodeInvalidParams || !strings.Contains(terr.Message, tc.says) {
			t.Errorf("material_set %v: %v, want invalid_params saying %s", tc.args, terr, tc.says)
		}
	}
	if n := ed.calls.Load(); n != before {
		t.Errorf("a refused call reached the editor (%d calls, %d before)", n, before)
	}
}

// A definition written for isuzu calls a built-in in isuzu's shape: the
// step loads (a literal one translated and checked as the built-in checks
// a call, a templated one by its names and types) and runs as the
// built-in's shape; a step mixing the shapes, naming what has no
// counterpart, or misspelling a name fails its file's load, naming it.
func TestIsuzuShapedSequence(t *testing.T) {
	e, ed := newEchoEngine(t)
	dir := e.State().SharedToolsDir()
	os.MkdirAll(dir, 0o700)
	files := map[string]string{
		"isuzu_look": `{"name": "isuzu_look", "description": "Tints and speeds.", "kind": "sequence",
			"inputs": {"color": {"type": "array", "description": "RGB", "required": true}},
			"steps": [
			{"id": "tint", "tool": "material_set", "arguments": {"path": "Assets/M.mat", "property": "_BaseColor", "value": "{color}"}},
			{"id": "glow", "tool": "material_set", "arguments": {"path": "Assets/M.mat", "keyword": "_EMISSION"}},
			{"id": "fast", "tool": "animator_set_state", "arguments": {"path": "Assets/A.controller", "layer": "Base Layer", "state": "Run", "speed": 1.5}},
			{"id": "go", "tool": "animator_add_transition", "arguments": {"path": "Assets/A.controller", "layer": "Base Layer", "from_state": "Idle", "to_state": "Run",
				"conditions": [{"parameter": "Speed", "mode": "Greater", "threshold": 0.1}], "has_exit_time": true, "exit_time": 0.8}},
			{"id": "gravity", "tool": "project_settings", "arguments": {"section": "physics", "property": "m_Gravity"}}]}`,
		"isuzu_mixed": `{"name": "isuzu_mixed", "description": "d", "kind": "sequence", "steps": [
			{"id": "a", "tool": "material_set", "arguments": {"path": "Assets/M.mat", "property": "_Color", "value": 1, "properties": {"_Color": 1}}}]}`,
		"isuzu_slot": `{"name": "isuzu_slot", "description": "d", "kind": "sequence", "steps": [
			{"id": "a", "tool": "material_set", "arguments": {"object_path": "/Rock", "slot": 1, "property": "_Color", "value": 1}}]}`,
		"isuzu_typo": `{"name": "isuzu_typo", "description": "d", "kind": "sequence", "steps": [
			{"id": "a", "tool": "animator_set_state", "arguments": {"path": "Assets/A.controller", "layer": "0", "state": "Run", "sped": 2}}]}`,
		"isuzu_blend": `{"name": "isuzu_blend", "description": "d", "kind": "sequence", "steps": [
			{"id": "a", "tool": "animator_add_transition", "arguments": {"path": "Assets/A.controller", "layer": "0", "to_state": "Run", "conditions": ["Go"], "duration": 0.1}}]}`,
	}
	for name, body := range files {
		os.WriteFile(filepath.Join(dir, name+".json"), []byte(body), 0o600)
	}
	e.ReloadDefinitions(nil)
	rep := e.DefinitionsReport(ed.hash)
	errs := strings.Join(rep.Errors, " | ")
	for file, says := range map[string]string{
		"isuzu_mixed.json": `mixes isuzu-shiranui/UnityMCP's parameters ("property", "value") with ours ("properties")`,
		"isuzu_slot.json":  `object_path "/Rock" has no counterpart`,
		"isuzu_typo.json":  `"sped"`,
		"isuzu_blend.json": "duration 0.1",
	} {
		if !strings.Contains(errs, file) || !strings.Contains(errs, says) {
			t.Errorf("%s should be rejected saying %s: %s", file, says, errs)
		}
	}
	if len(rep.Rejected) != 4 {
		t.Fatalf("%d files rejected, want the 4 bad ones: %s", len(rep.Rejected), errs)
	}
	// project_settings is destructive (its writes): the sequence takes confirm and hands it on.
	out, terr := callJSON(e, "isuzu_look", map[string]any{"color": []any{0, 1, 0}, "confirm": true})
	if terr != nil {
		t.Fatal(terr)
	}
	steps, _ := out["steps"].([]any)
	want := map[string]string{
		"tint":    `{"path":"Assets/M.mat","properties":{"_BaseColor":[0,1,0,1]}}`,
		"glow":    `{"keywords":{"_EMISSION":true},"path":"Assets/M.mat"}`,
		"fast":    `{"layer":"Base Layer","path":"Assets/A.controller","set":{"speed":1.5},"state":"Run"}`,
		"go":      `{"conditions":[{"mode":"Greater","parameter":"Speed","threshold":0.1},"ExitTime 0.8"],"from_state":"Idle","layer":"Base Layer","path":"Assets/A.controller","to_state":"Run"}`,
		"gravity": `{"confirm":true,"property_path":"physics/m_Gravity"}`,
	}
	if len(steps) != len(want) {
		t.Fatalf("%d steps ran, want %d: %v", len(steps), len(want), out)
	}
	for _, s := range steps {
		st := s.(map[string]any)
		id, _ := st["id"].(string)
		res, _ := st["result"].(map[string]any)
		if b, _ := json.Marshal(res["args"]); st["ok"] != true || string(b) != want[id] {
			t.Errorf("step %s: %v, editor got %s, want %s", id, st, b, want[id])
		}
	}
	// A dry run's plan shows each step as the built-in will take it.
	plan, terr := callJSON(e, "isuzu_look", map[string]any{"color": []any{0, 1, 0}, "dry_run": true})
	if terr != nil {
		t.Fatal(terr)
	}
	planned, _ := plan["steps"].([]any)
	for _, s := range planned {
		st := s.(map[string]any)
		id, _ := st["id"].(string)
		if id != "tint" && id != "fast" {
			continue
		}
		if b, _ := json.Marshal(st["arguments"]); string(b) != want[id] {
			t.Errorf("planned step %s: %s, want %s", id, b, want[id])
		}
	}
	if len(planned) != len(want) {
		t.Errorf("the plan has %d steps: %v", len(planned), plan)
	}
}
