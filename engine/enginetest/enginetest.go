// Package enginetest is test support: an engine with a simulated editor
// (engine/editorsim) connected over a real bridge WebSocket, for the
// tests of the engine and of the daemon's own tools (engine/tools). Only
// tests import it.
package enginetest

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/console"
	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/engine/state"
)

// Sim is an engine with one simulated editor connected.
type Sim struct {
	*engine.Engine
	Sim  *editorsim.Sim
	Proj string // the simulated editor's project folder
	// updates gets every editor state change (OnUpdate UpdateEditors).
	updates chan api.EditorInfo
}

// NewSim starts an engine with opt (State and CallTimeout filled in when
// unset; Hub's options as given: a short heartbeat shows a held main
// thread soon) and connects a simulated editor configured by cfg. Both
// stop when the test ends.
func NewSim(t testing.TB, opt engine.Options, cfg editorsim.Config) *Sim {
	t.Helper()
	if opt.State.Root == "" {
		dir, err := state.At(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		opt.State = dir
	}
	if opt.CallTimeout == 0 {
		opt.CallTimeout = 30 * time.Second
	}
	e := engine.New(opt)
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
	se := &Sim{Engine: e, Proj: filepath.Join(t.TempDir(), "Diag"), updates: make(chan api.EditorInfo, 64)}
	for _, d := range []string{"Assets", "ProjectSettings"} {
		os.MkdirAll(filepath.Join(se.Proj, d), 0o755)
	}
	e.OnUpdate(func(u console.Update) {
		if u.Kind == console.UpdateEditors {
			if info, ok := e.Hub.Editor(u.Project); ok {
				select {
				case se.updates <- info:
				default:
				}
			}
		}
	})
	cfg.BaseURL, cfg.Token, cfg.ProjectDir, cfg.StateDir = ts.URL, "test", se.Proj, opt.State.Root
	sim, err := editorsim.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	se.Sim = sim
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

// CallTool runs a tool and decodes its answer; terr is the tool error, if
// any.
func (se *Sim) CallTool(t testing.TB, tool string, args any) (map[string]any, *api.ToolError) {
	t.Helper()
	raw, _ := json.Marshal(args)
	res, terr := se.Call(context.Background(), engine.Request{Tool: tool, Args: raw})
	if terr != nil {
		return nil, terr
	}
	var out map[string]any
	if err := json.Unmarshal(res, &out); err != nil {
		t.Fatalf("%s answered %s: %v", tool, res, err)
	}
	return out, nil
}

// MustCall is CallTool failing the test on a tool error.
func (se *Sim) MustCall(t testing.TB, tool string, args any) map[string]any {
	t.Helper()
	out, terr := se.CallTool(t, tool, args)
	if terr != nil {
		t.Fatalf("%s %v: %v", tool, args, terr)
	}
	return out
}

// WaitState waits for the editor's state to become want (an update event).
func (se *Sim) WaitState(t testing.TB, want api.EditorState) {
	t.Helper()
	if info, ok := se.Hub.Editor(se.Sim.Hash()); ok && info.State == want {
		return
	}
	timeout := time.After(20 * time.Second)
	for {
		select {
		case info := <-se.updates:
			if info.ProjectHash == se.Sim.Hash() && info.State == want {
				return
			}
		case <-timeout:
			info, _ := se.Hub.Editor(se.Sim.Hash())
			t.Fatalf("the editor did not become %s (it is %s)", want, info.State)
		}
	}
}
