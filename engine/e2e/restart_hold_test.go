package e2e

import (
	"os/exec"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/engine/project"
	"github.com/unitymcp/unitymcp/engine/state"
)

// A daemon restarted under a running editor: a call made the moment the new
// daemon is up waits for the editor to dial again and runs, instead of
// failing with editor_not_connected; an editor whose process is gone is not
// waited for.
func TestRestartedDaemonWaitsForRunningEditors(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	sim := e.startSim(newProject(t, "Restarted"), editorsim.Config{})
	if st, r := e.call(sim.Hash(), "get-logs", map[string]any{}); st != 200 {
		t.Fatalf("before the restart: %d %v", st, r)
	}
	// A second project whose editor process has exited while the daemon was down.
	gone := exec.Command("true")
	if err := gone.Run(); err != nil {
		t.Fatal(err)
	}
	goneDir := newProject(t, "Gone")
	dp, _ := project.DataPath(goneDir)
	goneHash := project.Hash(dp)
	if err := e.State.WriteInstance(state.Instance{EditorInfo: api.EditorInfo{ProjectHash: goneHash, ProjectPath: goneDir, DataPath: dp, PID: gone.Process.Pid,
		State: api.StateConnected, LastSeen: time.Now()}}); err != nil {
		t.Fatal(err)
	}
	e.restart()

	start := time.Now()
	st, r := e.call(sim.Hash(), "get-logs", map[string]any{})
	if st != 200 {
		t.Fatalf("first call after the restart: %d %v (the editor is running and reconnects)", st, r)
	}
	t.Logf("first call after the restart answered in %v (the editor reconnected meanwhile)", time.Since(start).Round(time.Millisecond))

	// editor_not_connected is the verdict: a call held for an editor
	// whose process is gone would end in deadline_exceeded.
	st, r = e.call(goneHash, "get-logs", map[string]any{})
	if st != 503 || errCode(r) != "editor_not_connected" {
		t.Fatalf("editor whose process is gone: %d %v", st, r)
	}
}
