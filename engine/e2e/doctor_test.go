package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// doctor on a deliberately broken set-up, then --fix, then clean.
func TestDoctorBrokenSetup(t *testing.T) {
	home := t.TempDir()
	userHome := t.TempDir()
	_, addr := startServe(t, home, "127.0.0.1:0")
	proj := newProject(t, "Game")
	startProc(t, home, bins.editorsim, "--addr", addr, "--project", proj)
	waitEditors(t, home, 1)
	run := func(args ...string) (string, int) {
		cmd := exec.Command(bins.unitymcp, args...)
		cmd.Env = append(os.Environ(), "UNITYMCP_HOME="+home, "HOME="+userHome, "XDG_CONFIG_HOME=")
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		}
		return string(out), code
	}
	// Break it: a loose token file, a client entry with an old token and
	// port, no package in the manifest.
	os.Chmod(filepath.Join(home, "token"), 0o644)
	cursor := filepath.Join(userHome, ".cursor", "mcp.json")
	os.MkdirAll(filepath.Dir(cursor), 0o755)
	os.WriteFile(cursor, []byte(`{"mcpServers": {"unity": {"url": "http://127.0.0.1:1/mcp", "headers": {"Authorization": "Bearer old"}}, "other": {"command": "x"}}}`), 0o644)
	out, code := run("doctor", "--project", proj)
	for _, want := range []string{"FAIL  token readable by others", "OK    daemon running", "editor " + filepath.ToSlash(proj) + " connected (simulator)",
		"FAIL  the unitymcp package is not in", "fix: unitymcp install unity --project " + proj,
		"WARN  Cursor (user, " + cursor + ") points at another address than the daemon's " + addr + " and holds an old token",
		"fix: unitymcp install client cursor --scope user"} {
		if !strings.Contains(out, want) {
			t.Errorf("doctor output lacks %q:\n%s", want, out)
		}
	}
	if code != 1 {
		t.Errorf("doctor exited %d on a broken set-up", code)
	}
	// --fix applies the safe fixes; following the advice fixes the rest.
	out, _ = run("doctor", "--project", proj, "--fix")
	if !strings.Contains(out, "FIXED made the token owner-only") || !strings.Contains(out, "FIXED rewrote the unitymcp entry of Cursor (user, "+cursor+")") ||
		strings.Contains(out, "FIXED token readable") {
		t.Errorf("doctor --fix:\n%s", out)
	}
	if fi, _ := os.Stat(filepath.Join(home, "token")); fi.Mode().Perm() != 0o600 {
		t.Errorf("token mode %v after --fix", fi.Mode().Perm())
	}
	b, _ := os.ReadFile(cursor)
	if !strings.Contains(string(b), "http://"+addr+"/mcp") || !strings.Contains(string(b), `"other"`) {
		t.Errorf("cursor config after --fix: %s", b)
	}
	if out, code := run("install", "unity", "--project", proj); code != 0 {
		t.Fatalf("install unity: %s", out)
	}
	out, code = run("doctor", "--project", proj)
	if code != 0 || strings.Contains(out, "FAIL") {
		t.Errorf("doctor after the fixes (%d):\n%s", code, out)
	}
}

// doctor --json prints one JSON document (the checks and the verdict), and
// doctor finds the project from the working directory like every command.
func TestDoctorJSONAndWorkingDirectory(t *testing.T) {
	home := t.TempDir()
	proj := newProject(t, "Game")
	out, errOut, code := cliRun(t, home, filepath.Join(proj, "Assets"), "doctor", "--json")
	var rep struct {
		OK      bool   `json:"ok"`
		Project string `json:"project"`
		Checks  []struct {
			Level, What string
		} `json:"checks"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("doctor --json is not one JSON document (%v): exit %d\n%s\n%s", err, code, out, errOut)
	}
	if rep.Project != proj || rep.OK || code != 1 {
		t.Errorf("doctor --json in %s: project %q, ok %v, exit %d", proj, rep.Project, rep.OK, code)
	}
	found := false
	for _, c := range rep.Checks {
		found = found || c.Level == "FAIL" && strings.Contains(c.What, "the unitymcp package is not in")
	}
	if !found {
		t.Errorf("doctor in the project did not check its manifest: %+v", rep.Checks)
	}
}
