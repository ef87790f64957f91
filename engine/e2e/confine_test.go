//go:build unix

package e2e

import (
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/editorsim"
)

// render_compare's paths are confined to the connected editor's project:
// a symbolic link out is refused naming the path, ?project= of a folder no
// editor has gives no root to write in, and the state folder (the token)
// is never written.
func TestRenderCompareConfined(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	proj, outside := newProject(t, "Game"), t.TempDir()
	sim := e.startSim(proj, editorsim.Config{})
	writeTestPNG(t, filepath.Join(proj, "a.png"), 8, 8, color.Black)
	writeTestPNG(t, filepath.Join(outside, "secret.png"), 8, 8, color.White)
	for link, to := range map[string]string{"out": outside, "secret.png": filepath.Join(outside, "secret.png"), "st": e.State.Root} {
		if err := os.Symlink(to, filepath.Join(proj, link)); err != nil {
			t.Fatal(err)
		}
	}
	token, _ := os.ReadFile(e.State.TokenPath())
	base := map[string]any{"before": "a.png", "after": "a.png"}
	with := func(k, v string) map[string]any {
		m := map[string]any{"before": base["before"], "after": base["after"]}
		m[k] = v
		return m
	}
	// A Unity project whose editor is not connected: ?project= names it, but
	// gives no write root (a folder that is not a Unity project is refused
	// before: TestProjectPinsBounded).
	other := newProject(t, "Other")
	for _, c := range []struct {
		name, project string
		args          map[string]any
		want          string
	}{
		{"write through a link out", sim.Hash(), with("diff_path", "out/diff.png"), "symbolic link"},
		{"read through a link out", sim.Hash(), with("after", "secret.png"), "symbolic link"},
		{"absolute read outside", sim.Hash(), with("after", filepath.Join(outside, "secret.png")), "outside the project folder"},
		{"token by its path", sim.Hash(), with("diff_path", e.State.TokenPath()), "outside the project folder"},
		{"token through a link", sim.Hash(), with("diff_path", "st/token"), "symbolic link"},
		{"?project= of a project no editor has", other, with("diff_path", "diff.png"), "no connected editor's project"},
	} {
		status, r := e.call(c.project, "render_compare", c.args)
		msg := mustJSON(r)
		if status == 200 || errCode(r) != "invalid_params" || !strings.Contains(msg, c.want) {
			t.Errorf("%s: %d %s; want invalid_params saying %q", c.name, status, msg, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(outside, "diff.png")); err == nil {
		t.Error("a diff image was written outside the project")
	}
	if _, err := os.Stat(filepath.Join(other, "diff.png")); err == nil {
		t.Error("a diff image was written into a project no editor has")
	}
	if b, _ := os.ReadFile(e.State.TokenPath()); string(b) != string(token) {
		t.Error("the daemon's token was overwritten")
	}
	if status, r := e.call(sim.Hash(), "render_compare", with("diff_path", "Temp/d.png")); status != 200 {
		t.Errorf("a diff inside the project: %d %v", status, r)
	}
}
