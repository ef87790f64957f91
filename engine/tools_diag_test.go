package engine

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/engine/state"
)

// simEngine is an engine with a simulated editor connected over a real
// bridge WebSocket (hub options hub: a short heartbeat shows a held main
// thread soon).
type simEngine struct {
	*Engine
	sim  *editorsim.Sim
	proj string
	// updates gets every editor state change (OnUpdate UpdateEditors).
	updates chan api.EditorInfo
}

func newSimEngine(t *testing.T, hub bridge.Options, cfg editorsim.Config) *simEngine {
	t.Helper()
	dir, err := state.At(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	e := New(Options{State: dir, CallTimeout: 30 * time.Second, Hub: hub})
	mux := http.NewServeMux()
	mux.Handle(api.PathBridge, e.Hub)
	// The simulator proves each connection against the daemon's key before
	// the token goes on it (editorsim/dial.go); here the proof, as the
	// daemon answers it, keeping the connection for the upgrade.
	key := state.NewNonce()
	mux.HandleFunc(state.ProofPath, func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]string{"proof": state.Proof(key, r.URL.Query().Get("nonce"))})
	})
	cfg.Key = key
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	t.Cleanup(e.Close)
	t.Cleanup(e.Hub.Close)
	se := &simEngine{Engine: e, proj: filepath.Join(t.TempDir(), "Diag"), updates: make(chan api.EditorInfo, 64)}
	for _, d := range []string{"Assets", "ProjectSettings"} {
		os.MkdirAll(filepath.Join(se.proj, d), 0o755)
	}
	e.OnUpdate(func(u Update) {
		if u.Kind == UpdateEditors {
			if info, ok := e.Hub.Editor(u.Project); ok {
				select {
				case se.updates <- info:
				default:
				}
			}
		}
	})
	cfg.BaseURL, cfg.Token, cfg.ProjectDir, cfg.StateDir = ts.URL, "test", se.proj, dir.Root
	sim, err := editorsim.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	se.sim = sim
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { sim.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	select {
	case <-sim.Connected():
	case <-time.After(10 * time.Second):
		t.Fatal("the simulator did not connect")
	}
	return se
}

// call runs a tool and decodes its answer; terr is the tool error, if any.
func (se *simEngine) call(t *testing.T, tool string, args any) (map[string]any, *api.ToolError) {
	t.Helper()
	raw, _ := json.Marshal(args)
	res, terr := se.Call(context.Background(), Request{Tool: tool, Args: raw})
	if terr != nil {
		return nil, terr
	}
	var out map[string]any
	if err := json.Unmarshal(res, &out); err != nil {
		t.Fatalf("%s answered %s: %v", tool, res, err)
	}
	return out, nil
}

func (se *simEngine) mustCall(t *testing.T, tool string, args any) map[string]any {
	t.Helper()
	out, terr := se.call(t, tool, args)
	if terr != nil {
		t.Fatalf("%s %v: %v", tool, args, terr)
	}
	return out
}

// waitState waits for the editor's state to become want (an update event).
func (se *simEngine) waitState(t *testing.T, want api.EditorState) {
	t.Helper()
	if info, ok := se.Hub.Editor(se.sim.Hash()); ok && info.State == want {
		return
	}
	timeout := time.After(20 * time.Second)
	for {
		select {
		case info := <-se.updates:
			if info.ProjectHash == se.sim.Hash() && info.State == want {
				return
			}
		case <-timeout:
			info, _ := se.Hub.Editor(se.sim.Hash())
			t.Fatalf("the editor did not become %s (it is %s)", want, info.State)
		}
	}
}

// editor_state and compile_status: the editor's own view while it answers,
// the daemon's while a dialog holds its main thread — answered at once,
// from the state, play mode and last compile.finished the daemon has.
func TestEditorStateAndCompileStatus(t *testing.T) {
	t.Setenv("DISPLAY", "") // the simulated dialog holds the main thread without a window…
	se := newSimEngine(t, bridge.Options{Heartbeat: 100 * time.Millisecond,
		// …and the desktop shows it.
		Dialogs: func(int) ([]api.Dialog, error) { return []api.Dialog{{Title: "Save changes?"}}, nil }}, editorsim.Config{})

	st := se.mustCall(t, "editor_state", map[string]any{})
	if st["live"] != true || st["state"] != "connected" || st["playMode"] != "edit" || st["isCompiling"] != false ||
		st["focused"] != true || st["path"] != filepath.ToSlash(se.proj) || st["blocked"] != false {
		t.Fatalf("editor_state of an idle editor: %v", st)
	}
	se.mustCall(t, "control-play-mode", map[string]any{"Action": "Play"})
	if st = se.mustCall(t, "editor_state", map[string]any{}); st["playMode"] != "playing" {
		t.Errorf("after Play: playMode %v", st["playMode"])
	}
	se.mustCall(t, "control-play-mode", map[string]any{"Action": "Stop"})

	// Nothing compiled since the daemon started: the editor says whether
	// its scripts failed, not what they said.
	cs := se.mustCall(t, "compile_status", map[string]any{})
	if cs["succeeded"] != true || cs["errorCount"] != nil || cs["note"] == nil {
		t.Errorf("compile_status before any compile: %v", cs)
	}
	script := "using UnityEngine;\n#error Boom is not defined\n#warning Unused variable x\n"
	os.WriteFile(filepath.Join(se.proj, "Assets", "Bad.cs"), []byte(script), 0o644)
	if r := se.mustCall(t, "compile", map[string]any{}); r["Success"] != false {
		t.Fatalf("compile of a broken script: %v", r)
	}
	cs = se.mustCall(t, "compile_status", map[string]any{})
	msgs, _ := cs["messages"].([]any)
	if cs["succeeded"] != false || cs["errorCount"] != 1.0 || cs["warningCount"] != 1.0 || cs["completedAt"] == nil ||
		len(msgs) != 1 || !strings.Contains(msgs[0].(map[string]any)["message"].(string), "Boom") || cs["scriptCompilationFailed"] != true {
		t.Fatalf("compile_status after a failed compile: %v", cs)
	}
	cs = se.mustCall(t, "compile_status", map[string]any{"include_warnings": true})
	if msgs, _ := cs["messages"].([]any); len(msgs) != 2 || msgs[1].(map[string]any)["type"] != "warning" {
		t.Errorf("with warnings: %v", cs["messages"])
	}
	cs = se.mustCall(t, "compile_status", map[string]any{"include_warnings": true, "limit": 1})
	if msgs, _ := cs["messages"].([]any); len(msgs) != 1 || cs["truncated"] != true || msgs[0].(map[string]any)["type"] != "error" {
		t.Errorf("limit 1 keeps the error: %v", cs)
	}

	// A dialog holds the main thread: both answer at once from the daemon.
	if err := se.sim.OpenDialog("Save changes?"); err != nil {
		t.Fatal(err)
	}
	se.waitState(t, api.StateBlocked)
	// Neither waited for the editor: their view is the daemon's because the
	// editor is blocked, not because it did not answer within liveWait
	// (what a slow machine takes is no part of the verdict).
	st = se.mustCall(t, "editor_state", map[string]any{})
	cs = se.mustCall(t, "compile_status", map[string]any{})
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
	se.sim.DismissDialog()
	se.waitState(t, api.StateConnected)
	os.WriteFile(filepath.Join(se.proj, "Assets", "Bad.cs"), []byte("using UnityEngine;\n"), 0o644)
	se.mustCall(t, "compile", map[string]any{})
	if cs = se.mustCall(t, "compile_status", map[string]any{}); cs["succeeded"] != true || cs["errorCount"] != 0.0 {
		t.Errorf("after a good compile: %v", cs)
	}
}

// console_get_count through the daemon: counts by type, and a marker that
// counts only what came later, or all with cleared when the Console was
// cleared since.
func TestConsoleGetCountSim(t *testing.T) {
	se := newSimEngine(t, bridge.Options{}, editorsim.Config{})
	se.sim.Log("Error", "first error", "")
	se.sim.Log("Warning", "a warning", "")
	se.sim.Log("Log", "a log", "")
	r := se.mustCall(t, "console_get_count", map[string]any{})
	if r["errorCount"] != 1.0 || r["warningCount"] != 1.0 || r["logCount"] != 1.0 || r["totalCount"] != 3.0 {
		t.Fatalf("counts: %v", r)
	}
	mark := r["marker"]
	se.sim.Log("Error", "second error", "")
	r = se.mustCall(t, "console_get_count", map[string]any{"since": mark})
	if r["errorCount"] != 1.0 || r["totalCount"] != 1.0 || r["cleared"] != false {
		t.Errorf("since the marker: %v", r)
	}
	se.mustCall(t, "clear-console", map[string]any{})
	se.sim.Log("Log", "after the clear", "")
	se.sim.Log("Log", "and another", "")
	se.sim.Log("Log", "and a third", "")
	se.sim.Log("Log", "and a fourth", "")
	r = se.mustCall(t, "console_get_count", map[string]any{"since": mark})
	if r["cleared"] != true || r["totalCount"] != 4.0 || r["logCount"] != 4.0 {
		t.Errorf("since a marker of before a clear: %v", r)
	}
	if _, terr := se.call(t, "console_get_count", map[string]any{"since": "yesterday"}); terr == nil || terr.Code != api.CodeInvalidParams || !strings.Contains(terr.Message, "yesterday") {
		t.Errorf("a bad marker: %v", terr)
	}
}
