package e2e

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/unitymcp/unitymcp/engine/project"
	"github.com/unitymcp/unitymcp/engine/state"
)

// beforeTargets runs the daemon and editorsim of another tree
// (UNITYMCP_BENCH_BEFORE: a folder holding that tree's unitymcp and
// editorsim, built with go build) beside this tree's, so that a change is
// measured before and after in one run; it names their processes in names.
func beforeTargets(t *testing.T, names map[int]string) []target {
	dir := os.Getenv("UNITYMCP_BENCH_BEFORE")
	if dir == "" {
		return nil
	}
	home := t.TempDir()
	serve := startProc(t, home, filepath.Join(dir, "unitymcp"), "serve", "--headless", "--addr", "127.0.0.1:0")
	info := waitDaemon(t, home, serve)
	token, err := state.Dir{Root: home}.EnsureToken()
	if err != nil {
		t.Fatal(err)
	}
	proj := newProject(t, "BenchBefore")
	sim := startProc(t, home, filepath.Join(dir, "editorsim"), "--addr", info.Address, "--project", proj)
	waitEditors(t, home, 1)
	hash, _ := project.HashDir(proj)
	url := "http://" + info.Address + "/projects/" + hash + "/mcp"
	daemon, editor := serve.cmd.Process.Pid, sim.cmd.Process.Pid
	names[daemon], names[editor] = "daemon (before)", "editorsim (before)"
	return []target{
		{name: "before: daemon → editorsim", url: url, token: token, pids: pidsOf(daemon, editor)},
		{name: "before: daemon-side tool (definitions_list)", url: url, token: token, tool: "definitions_list", pids: pidsOf(daemon)},
	}
}
