package engine

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/catalog"
	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/engine/params"
)

// Each isuzu name runs as the built-in that does its job, with its
// (isuzu) arguments checked and mapped; an argument without a counterpart
// is refused naming it; names that are tools are left alone, unknown names
// stay unknown, and no mapped name is a listed tool.
func TestStepToolMapsIsuzuNames(t *testing.T) {
	t.Parallel()
	snap := catalog.NewSnapshot(catalog.Builtins(), nil, nil)
	for _, tc := range []struct {
		name string
		args map[string]any
		runs string
		want string // the mapped arguments, as fmt prints them
	}{
		{"play_mode_play", map[string]any{}, "control-play-mode", "map[Action:Play]"},
		{"play_mode_stop", nil, "control-play-mode", "map[Action:Stop]"},
		{"play_mode_pause", map[string]any{}, "control-play-mode", "map[Action:Pause]"},
		{"play_mode_unpause", map[string]any{}, "control-play-mode", "map[Action:Play]"},
		{"console_read_logs", map[string]any{}, "get-logs", "map[LogType:All MaxCount:50]"},
		{"console_read_logs", map[string]any{"limit": 5.0, "type": "Error", "fields": "message"}, "get-logs", "map[LogType:Error MaxCount:5]"},
		{"console_clear", map[string]any{}, "clear-console", "map[]"},
		{"compile_request", nil, "compile", "map[]"},
		{"test_run", map[string]any{}, "run-tests", "map[TestMode:EditMode]"},
		{"test_run", map[string]any{"mode": "PlayMode", "filter": "^Game\\."}, "run-tests", "map[FilterType:regex FilterValue:^Game\\. TestMode:PlayMode]"},
		{"test_run", map[string]any{"mode": " play ", "assembly": "Game.Tests"}, "run-tests", "map[FilterType:assembly FilterValue:Game.Tests TestMode:PlayMode]"},
		{"capture_screenshot", map[string]any{}, "screenshot", "map[MatchMode:exact WindowName:Game]"},
		{"capture_screenshot", map[string]any{"view": "window:Animator", "max_size": 512.0, "save_path": `C:\p\.uloop\outputs\shots\a.png`}, "screenshot",
			"map[MatchMode:exact OutputDirectory:C:/p/.uloop/outputs/shots WindowName:Animator]"},
		{"capture_screenshot", map[string]any{"view": "Scene_View_Window"}, "screenshot", "map[MatchMode:exact WindowName:Scene]"},
		{"menu_execute", map[string]any{"menu_item": "Assets/Refresh"}, "execute-menu-item", "map[MenuItemPath:Assets/Refresh]"},
		{"control-play-mode", map[string]any{"Action": "Pause"}, "control-play-mode", "map[Action:Pause]"},
	} {
		tool, runs, args, err := stepTool(snap, tc.name, tc.args)
		if err != nil || tool == nil || tool.Name != tc.runs || runs != tc.runs || fmt.Sprint(args) != tc.want {
			t.Errorf("%s %v: runs as %v %q with %v (%v), want %s with %s", tc.name, tc.args, tool != nil, runs, args, err, tc.runs, tc.want)
			continue
		}
		// What it maps to is what the built-in takes.
		if _, err := params.Check(tool.Name, tool.Params, args); err != nil {
			t.Errorf("%s maps to arguments %s refuses: %v", tc.name, tool.Name, err)
		}
	}
	for _, tc := range []struct {
		name string
		args map[string]any
		says string
	}{
		{"console_read_logs", map[string]any{"offset": 10.0}, "offset 10"},
		{"console_read_logs", map[string]any{"type": "fatal"}, `type "fatal"`},
		{"console_read_logs", map[string]any{"LogType": "Error"}, "LogType"},
		{"test_run", map[string]any{"category": "Slow"}, `category "Slow"`},
		{"test_run", map[string]any{"assembly": "A", "filter": "B"}, `assembly "A" and filter "B"`},
		{"test_run", map[string]any{"mode": "both"}, `mode "both"`},
		{"capture_screenshot", map[string]any{"view": "profiler"}, `view "profiler"`},
		{"capture_screenshot", map[string]any{"width": 800.0}, "width 800"},
		{"capture_screenshot", map[string]any{"view": "scene", "height": 600.0}, "height 600"},
		{"menu_execute", map[string]any{}, "menu_item"},
		{"play_mode_pause", map[string]any{"Action": "Stop"}, "Action"},
	} {
		if _, _, _, err := stepTool(snap, tc.name, tc.args); err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s %v: %v, want an error naming %s", tc.name, tc.args, err, tc.says)
		}
	}
	if tool, runs, _, err := stepTool(snap, "play_mode_rewind", nil); tool != nil || runs != "play_mode_rewind" || err != nil {
		t.Errorf("an unknown name resolved to %v %q %v", tool, runs, err)
	}
	// The map is isuzu's names only: none of them is listed as a tool, and
	// each runs as a built-in.
	for name, m := range isuzuCovered {
		if snap.Lookup(name) != nil {
			t.Errorf("%s is both a listed tool and a mapped isuzu name", name)
		}
		if snap.Lookup(m.tool) == nil {
			t.Errorf("%s runs as %s, which is not a built-in", name, m.tool)
		}
	}
}

// An isuzu user's sequence, as written for isuzu, loads (its steps checked
// against isuzu's parameters) and runs against the simulated editor, each
// step as the built-in that does its job; a step with an argument that has
// no counterpart fails the file's load, naming it.
func TestIsuzuSequenceRuns(t *testing.T) {
	se := newSimEngine(t, bridge.Options{}, editorsim.Config{})
	dir := se.opt.State.SharedToolsDir()
	os.MkdirAll(dir, 0o700)
	seq := `{"name": "isuzu_check", "description": "An isuzu sequence.", "kind": "sequence", "steps": [
		{"id": "clear", "tool": "console_clear"},
		{"id": "compile", "tool": "compile_request"},
		{"id": "errors", "tool": "console_read_logs", "arguments": {"limit": 5, "type": "error", "fields": "message"}},
		{"id": "tests", "tool": "test_run", "arguments": {"mode": "edit", "filter": "Sample"}},
		{"id": "shot", "tool": "capture_screenshot", "arguments": {"view": "scene", "max_size": 256}},
		{"id": "menu", "tool": "menu_execute", "arguments": {"menu_item": "Assets/Refresh"}},
		{"id": "play", "tool": "play_mode_play"},
		{"id": "pause", "tool": "play_mode_pause"},
		{"id": "resume", "tool": "play_mode_unpause"},
		{"id": "stop", "tool": "play_mode_stop"}]}`
	bad := `{"name": "isuzu_bad", "description": "Pages logs.", "kind": "sequence", "steps": [
		{"id": "logs", "tool": "console_read_logs", "arguments": {"limit": 5, "since": 3}}]}`
	os.WriteFile(filepath.Join(dir, "isuzu_check.json"), []byte(seq), 0o600)
	os.WriteFile(filepath.Join(dir, "isuzu_bad.json"), []byte(bad), 0o600)
	// A definition may not take a mapped name: a step naming it would be ambiguous.
	os.WriteFile(filepath.Join(dir, "console_clear.json"), []byte(`{"name": "console_clear", "description": "d", "kind": "probe", "reads": [{"id": "a", "path": "@selection/name"}]}`), 0o600)
	se.ReloadDefinitions(nil)
	rep := se.DefinitionsReport(se.sim.Hash())
	errs := strings.Join(rep.Errors, " | ")
	if len(rep.Rejected) != 2 || !strings.Contains(errs, "isuzu_bad.json") || !strings.Contains(errs, "since") ||
		!strings.Contains(errs, "console_clear.json") || !strings.Contains(errs, "already a built-in") {
		t.Fatalf("isuzu_bad (naming since) and console_clear (a mapped name) should be rejected, and only they: %v", rep.Errors)
	}
	se.sim.Log("Error", "NullReferenceException: boom", "")
	// menu_execute runs as execute-menu-item, which is destructive: the
	// sequence takes confirm and hands it on.
	if _, terr := se.call(t, "isuzu_check", map[string]any{}); terr == nil || terr.Code != "confirmation_required" {
		t.Fatalf("without confirm: %v", terr)
	}
	r := se.mustCall(t, "isuzu_check", map[string]any{"confirm": true})
	steps, _ := r["steps"].([]any)
	runsAs := map[string]string{"clear": "clear-console", "compile": "compile", "errors": "get-logs", "tests": "run-tests",
		"shot": "screenshot", "menu": "execute-menu-item", "play": "control-play-mode", "pause": "control-play-mode",
		"resume": "control-play-mode", "stop": "control-play-mode"}
	if len(steps) != len(runsAs) {
		t.Fatalf("%d steps ran: %v", len(steps), r)
	}
	res := map[string]map[string]any{}
	for _, s := range steps {
		st := s.(map[string]any)
		id, _ := st["id"].(string)
		if st["ok"] != true || st["runs_as"] != runsAs[id] {
			t.Errorf("step %s: %v, want ok as %s", id, st, runsAs[id])
		}
		res[id], _ = st["result"].(map[string]any)
	}
	if res["errors"]["LogType"] != "Error" || res["errors"]["MaxCount"] != 5.0 {
		t.Errorf("console_read_logs as get-logs: %v", res["errors"])
	}
	if res["pause"]["IsPaused"] != true || res["resume"]["IsPaused"] != false || res["stop"]["IsPlaying"] != false {
		t.Errorf("play mode steps: pause %v, resume %v, stop %v", res["pause"], res["resume"], res["stop"])
	}
	if shots, _ := res["shot"]["Screenshots"].([]any); len(shots) != 1 || !strings.Contains(fmt.Sprint(shots[0]), "Scene") {
		t.Errorf("capture_screenshot as screenshot: %v", res["shot"])
	}
	// The plan of a dry run names what each step runs as.
	r = se.mustCall(t, "isuzu_check", map[string]any{"dry_run": true})
	if plan := fmt.Sprint(r["steps"]); !strings.Contains(plan, "runs_as:execute-menu-item") || !strings.Contains(plan, "MenuItemPath:Assets/Refresh") {
		t.Errorf("dry run plan: %v", plan)
	}
}
