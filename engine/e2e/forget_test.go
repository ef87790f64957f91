package e2e

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// `unitymcp forget` (the first-use report's finding 23: status kept every
// project that ever connected): a closed project's editor leaves
// closedEditors, by folder or by name; a connected one is refused, saying
// to close it first; an unknown one says there is nothing to forget.
func TestForgetAClosedEditor(t *testing.T) {
	home := t.TempDir()
	_, addr := startServe(t, home, "127.0.0.1:0")
	game, crashy := newProject(t, "Game"), newProject(t, "Crashy")
	startProc(t, home, bins.editorsim, "--addr", addr, "--project", game)
	sim := startProc(t, home, bins.editorsim, "--addr", addr, "--project", crashy)
	waitEditors(t, home, 2)
	elsewhere := t.TempDir()
	closed := func() []string {
		out, _, _ := cliRun(t, home, elsewhere, "status")
		var h struct {
			Closed []struct {
				ProjectPath string `json:"projectPath"`
			} `json:"closedEditors"`
		}
		json.Unmarshal([]byte(out), &h)
		var paths []string
		for _, c := range h.Closed {
			paths = append(paths, filepath.Base(c.ProjectPath))
		}
		return paths
	}

	if out, errOut, code := cliRun(t, home, elsewhere, "forget", game); code != 1 || !strings.Contains(errOut, "close Unity's project first") {
		t.Errorf("forget a connected editor: exit %d, %q %q; want 1 and to close it first", code, out, errOut)
	}
	sim.cmd.Process.Kill()
	waitFor(t, 10*time.Second, func() bool { return strings.Join(closed(), ",") == "Crashy" }, "Crashy among the closed editors")
	if out, errOut, code := cliRun(t, home, elsewhere, "forget", "Crashy"); code != 0 || !strings.Contains(out, "forgot the editor of "+crashy) {
		t.Fatalf("forget Crashy by name: exit %d, %q %q", code, out, errOut)
	}
	if got := closed(); len(got) != 0 {
		t.Errorf("closedEditors after forget: %v", got)
	}
	if _, errOut, code := cliRun(t, home, elsewhere, "forget", crashy); code != 1 || !strings.Contains(errOut, "nothing to forget") {
		t.Errorf("forget it again by folder: exit %d, %q; want 1, nothing to forget", code, errOut)
	}
}
