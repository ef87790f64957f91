package tools

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/engine/enginetest"
)

// editor_state and compile_status: the editor's own view while it answers,
// the daemon's while a dialog holds its main thread — answered at once,
// from the state, play mode and last compile.finished the daemon has.
func TestEditorStateAndCompileStatus(t *testing.T) {
	t.Setenv("DISPLAY", "") // the simulated dialog holds the main thread without a window…
	se := enginetest.NewSim(t, engine.Options{Tools: All(), Hub: bridge.Options{Heartbeat: 100 * time.Millisecond,
		// …and the desktop shows it.
		Dialogs: func(int) ([]api.Dialog, error) { return []api.Dialog{{Title: "Save changes?"}}, nil }}}, editorsim.Config{})

	st := se.MustCall(t, "editor_state", map[string]any{})
	if st["live"] != true || st["state"] != "connected" || st["playMode"] != "edit" || st["isCompiling"] != false ||
		st["focused"] != true || st["path"] != filepath.ToSlash(se.Proj) || st["blocked"] != false {
		t.Fatalf("editor_state of an idle editor: %v", st)
	}
	se.MustCall(t, "control-play-mode", map[string]any{"Action": "Play"})
	if st = se.MustCall(t, "editor_state", map[string]any{}); st["playMode"] != "playing" {
		t.Errorf("after Play: playMode %v", st["playMode"])
	}
	se.MustCall(t, "control-play-mode", map[string]any{"Action": "Stop"})

	// Nothing compiled since the daemon started: the editor says whether
	// its scripts failed, not what they said.
	cs := se.MustCall(t, "compile_status", map[string]any{})
	if cs["succeeded"] != true || cs["errorCount"] != nil || cs["note"] == nil {
		t.Errorf("compile_status before any compile: %v", cs)
	}
	script := "using UnityEngine;\n#error Boom is not defined\n#warning Unused variable x\n"
	os.WriteFile(filepath.Join(se.Proj, "Assets", "Bad.cs"), []byte(script), 0o644)
	if r := se.MustCall(t, "compile", map[string]any{}); r["Success"] != false {
		t.Fatalf("compile of a broken script: %v", r)
	}
	cs = se.MustCall(t, "compile_status", map[string]any{})
	msgs, _ := cs["messages"].([]any)
	if cs["succeeded"] != false || cs["errorCount"] != 1.0 || cs["warningCount"] != 1.0 || cs["completedAt"] == nil ||
		len(msgs) != 1 || !strings.Contains(msgs[0].(map[string]any)["message"].(string), "Boom") || cs["scriptCompilationFailed"] != true {
		t.Fatalf("compile_status after a failed compile: %v", cs)
	}
	cs = se.MustCall(t, "compile_status", map[string]any{"include_warnings": true})
	if msgs, _ := cs["messages"].([]any); len(msgs) != 2 || msgs[1].(map[string]any)["type"] != "warning" {
		t.Errorf("with warnings: %v", cs["messages"])
	}
	cs = se.MustCall(t, "compile_status", map[string]any{"include_warnings": true, "limit": 1})
	if msgs, _ := cs["messages"].([]any); len(msgs) != 1 || cs["truncated"] != true || msgs[0].(map[string]any)["type"] != "error" {
		t.Errorf("limit 1 keeps the error: %v", cs)
	}

	// A dialog holds the main thread: both answer at once from the daemon.
	if err := se.Sim.OpenDialog("Save changes?"); err != nil {
		t.Fatal(err)
	}
	se.WaitState(t, api.StateBlocked)
	// Neither waited for the editor: their view is the daemon's because the
	// editor is blocked, not because it did not answer within liveWait
	// (what a slow machine takes is no part of the verdict).
	st = se.MustCall(t, "editor_state", map[string]any{})
	cs = se.MustCall(t, "compile_status", map[string]any{})
	for name, r := range map[string]map[string]any{"editor_state": st, "compile_status": cs} {
		if why, _ := r["liveError"].(string); !strings.HasPrefix(why, "the editor is blocked") {
			t.Errorf("%s of a blocked editor asked the editor: liveError %q", name, why)
		}
	}
	if st["live"] != false || st["blocked"] != true || st["state"] != "blocked" || st["liveError"] == nil || st["focused"] != nil {
		t.Errorf("editor_state of a blocked editor: %v", st)
	}
	if cs["succeeded"] != false || cs["errorCount"] != 1.0 || cs["liveError"] == nil {
		t.Errorf("compile_status of a blocked editor: %v", cs)
	}
	se.Sim.DismissDialog()
	se.WaitState(t, api.StateConnected)
	os.WriteFile(filepath.Join(se.Proj, "Assets", "Bad.cs"), []byte("using UnityEngine;\n"), 0o644)
	se.MustCall(t, "compile", map[string]any{})
	if cs = se.MustCall(t, "compile_status", map[string]any{}); cs["succeeded"] != true || cs["errorCount"] != 0.0 {
		t.Errorf("after a good compile: %v", cs)
	}
}
