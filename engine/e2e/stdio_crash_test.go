//go:build unix

package e2e

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/engine/state"
	"github.com/unitymcp/unitymcp/platform"
)

// The daemon is killed (kill -9) while `unitymcp stdio` relays a call that
// is not safe to repeat: the shim restarts the daemon but does not send the
// call again — the client gets daemon_restarted and the editor ran the call
// once — while requests that are safe to repeat work on the new daemon.
func TestStdioDoesNotReplayAfterDaemonCrash(t *testing.T) {
	home, serve, _, proj, sim := serveWithSim(t, editorsim.Config{})

	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	cmd := exec.Command(bins.unitymcp, "stdio", "--project", proj)
	// The restarted daemon picks its own port and says which in daemon.json.
	cmd.Env = append(os.Environ(), "UNITYMCP_HOME="+home, "UNITYMCP_ADDR=127.0.0.1:0")
	c := connectSDK(t, ctx, &mcp.CommandTransport{Command: cmd}, protocolVersions[0])
	t.Cleanup(func() { stopRestartedDaemon(t, home, serve) })
	if _, err := c.cs.ListTools(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if res, err := c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "control-play-mode", Arguments: map[string]any{"Action": "Play"}}); err != nil || res.IsError {
		t.Fatalf("Play: %v %v", err, res)
	}

	type answer struct {
		res *mcp.CallToolResult
		err error
	}
	got := make(chan answer, 1)
	go func() {
		res, err := c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "simulate-mouse-input", Arguments: map[string]any{"Action": "LongPress", "Duration": 5}})
		got <- answer{res, err}
	}()
	waitFor(t, 10*time.Second, func() bool { return executions(sim, "simulate-mouse-input") == 1 }, "the long press to reach the editor")
	serve.cmd.Process.Kill() // a crash: no graceful answer to anything in flight

	var a answer
	select {
	case a = <-got:
	case <-ctx.Done():
		t.Fatal("the in-flight call was never answered")
	}
	if a.err == nil || !strings.Contains(a.err.Error(), "daemon_restarted") {
		t.Fatalf("the call in flight during the crash: err %v, result %v; want a daemon_restarted error", a.err, a.res)
	}
	if n := executions(sim, "simulate-mouse-input"); n != 1 {
		t.Fatalf("the non-idempotent call ran %d times", n)
	}
	// The shim restarted the daemon: a listing works there.
	if _, err := c.cs.ListTools(ctx, nil); err != nil {
		t.Fatalf("tools/list after the restart: %v", err)
	}
}

// serveWithSim starts a real `unitymcp serve` on a port of its own and an
// editorsim (in this process, so that the test can count what it ran;
// cfg's connection fields are filled in) connected to it: the state
// folder, the daemon, its address, the project and the simulator.
func serveWithSim(t *testing.T, cfg editorsim.Config) (home string, serve *proc, addr, proj string, sim *editorsim.Sim) {
	t.Helper()
	home = t.TempDir()
	serve, addr = startServe(t, home, "127.0.0.1:0")
	tok, err := (state.Dir{Root: home}).ReadToken()
	if err != nil {
		t.Fatal(err)
	}
	proj = newProject(t, "Game")
	cfg.BaseURL, cfg.Token, cfg.ProjectDir, cfg.StateDir, cfg.Logger = "http://"+addr, tok, proj, home, quietLogger()
	sim, err = editorsim.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	simCtx, stopSim := context.WithCancel(context.Background())
	simDone := make(chan struct{})
	go func() { sim.Run(simCtx); close(simDone) }()
	t.Cleanup(func() { stopSim(); <-simDone })
	<-sim.Connected()
	return home, serve, addr, proj, sim
}

// stopRestartedDaemon stops the daemon a shim started in home after serve
// died, and waits for it to exit (it writes into home until then).
func stopRestartedDaemon(t *testing.T, home string, serve *proc) {
	info, err := (state.Dir{Root: home}).ReadDaemon()
	if err != nil || info.PID == serve.cmd.Process.Pid {
		return
	}
	syscall.Kill(info.PID, syscall.SIGTERM)
	waitFor(t, 10*time.Second, func() bool { return !platform.ProcessAlive(info.PID) }, "the restarted daemon (pid %d) to exit", info.PID)
}
