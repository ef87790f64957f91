package e2e

import (
	"context"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The daemon restarts under a connected MCP client (through `unitymcp
// stdio`) and a connected editor: every call gets one answer, and after the
// restart the same client session works again — the shim re-initialises
// its MCP session and the editor re-dials — with no reconnect by the user.
func TestDaemonRestartUnderClients(t *testing.T) {
	home := t.TempDir()
	serve, addr := startServe(t, home, "127.0.0.1:0")
	proj := newProject(t, "Game")
	startProc(t, home, bins.editorsim, "--addr", addr, "--project", proj, "--reload-ms", "50")
	waitEditors(t, home, 1)
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	cmd := exec.Command(bins.unitymcp, "stdio", "--project", proj)
	cmd.Env = append(os.Environ(), "UNITYMCP_HOME="+home, "UNITYMCP_ADDR="+addr)
	c := connectSDK(t, ctx, &mcp.CommandTransport{Command: cmd}, protocolVersions[0])
	call := func() (bool, string) {
		res, err := c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "get-logs", Arguments: map[string]any{}})
		if err != nil {
			return false, err.Error()
		}
		if res.IsError {
			return false, errCode(structured(t, res))
		}
		return true, ""
	}
	if ok, why := call(); !ok {
		t.Fatalf("before the restart: %s", why)
	}
	// Restart the daemon on the same address and state folder: the editor
	// and the shim know only that address, so the new daemon must take over
	// the port the old one bound (just released by its exit).
	serve.cmd.Process.Signal(syscall.SIGTERM)
	<-serve.done
	startServe(t, home, addr)
	// The first calls may find the editor still re-dialling: each gets one
	// clear answer; within a few seconds calls succeed again.
	deadline := time.Now().Add(20 * time.Second)
	var answers []string
	for {
		ok, why := call()
		if ok {
			break
		}
		answers = append(answers, why)
		if time.Now().After(deadline) {
			t.Fatalf("calls did not recover after the daemon restart: %v", answers)
		}
		// Paces the client's retries: each one is a real call whose answer
		// is checked, and no event tells the client the editor is back.
		time.Sleep(100 * time.Millisecond)
	}
	for _, a := range answers {
		if a != "editor_not_connected" {
			t.Errorf("unexpected answer during the restart: %q", a)
		}
	}
	t.Logf("recovered after %d clear error(s): %v", len(answers), answers)
	if ok, why := call(); !ok {
		t.Fatalf("after the restart: %s", why)
	}
}
