package engine_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/definitions/run"
	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/engine/enginetest"
	"github.com/unitymcp/unitymcp/engine/tools"
)

// An isuzu user's sequence, as written for isuzu, loads (its steps checked
// against isuzu's parameters) and runs against the simulated editor, each
// step as the built-in that does its job; a step with an argument that has
// no counterpart fails the file's load, naming it.
func TestIsuzuSequenceRuns(t *testing.T) {
	se := enginetest.NewSim(t, engine.Options{Tools: tools.All(), Definitions: run.New().Handle}, editorsim.Config{})
	dir := se.State().SharedToolsDir()
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
	rep := se.DefinitionsReport(se.Sim.Hash())
	errs := strings.Join(rep.Errors, " | ")
	if len(rep.Rejected) != 2 || !strings.Contains(errs, "isuzu_bad.json") || !strings.Contains(errs, "since") ||
		!strings.Contains(errs, "console_clear.json") || !strings.Contains(errs, "already a built-in") {
		t.Fatalf("isuzu_bad (naming since) and console_clear (a mapped name) should be rejected, and only they: %v", rep.Errors)
	}
	se.Sim.Log("Error", "NullReferenceException: boom", "")
	// menu_execute runs as execute-menu-item, which is destructive: the
	// sequence takes confirm and hands it on.
	if _, terr := se.CallTool(t, "isuzu_check", map[string]any{}); terr == nil || terr.Code != "confirmation_required" {
		t.Fatalf("without confirm: %v", terr)
	}
	r := se.MustCall(t, "isuzu_check", map[string]any{"confirm": true})
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
	r = se.MustCall(t, "isuzu_check", map[string]any{"dry_run": true})
	if plan := fmt.Sprint(r["steps"]); !strings.Contains(plan, "runs_as:execute-menu-item") || !strings.Contains(plan, "MenuItemPath:Assets/Refresh") {
		t.Errorf("dry run plan: %v", plan)
	}
}
