//go:build unix

package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// fakeInstalledEditor stands editorsim in for an installed Unity Editor:
// ~/Unity/Hub/Editor/<version>/Editor/Unity (Linux's Hub layout; the daemon
// and the CLI run with GOOS's real lookup) is a script that execs editorsim
// with Unity's own arguments (-projectPath DIR).
func fakeInstalledEditor(t *testing.T, home, version, addr string) string {
	t.Helper()
	dir := filepath.Join(home, "Unity", "Hub", "Editor", version, "Editor")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "Unity")
	// Each Editor started notes its pid (exec keeps it): they outlive the
	// daemon that started them, as Unity does, and are killed at the end.
	pids := filepath.Join(home, "editors-"+version+".pid")
	script := "#!/bin/sh\necho $$ >> '" + pids + "'\nexec '" + bins.editorsim + "' -addr '" + addr + "' \"$@\"\n"
	if err := os.WriteFile(exe, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		b, _ := os.ReadFile(pids)
		for _, f := range strings.Fields(string(b)) {
			if pid, err := strconv.Atoi(f); err == nil {
				syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	})
	return exe
}

// unitymcp open and editor_open find the project's Editor version among the
// installed ones, start it and answer once it connected; without confirm
// the tool answers confirmation_required; a version that is not installed
// is an error naming the versions found; a closed editor's
// editor_not_connected names the command that opens it.
func TestOpenEditor(t *testing.T) {
	if runtimeGOOS() == "darwin" {
		t.Skip("the fake Hub tree is Linux's layout; macOS looks in /Applications")
	}
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("UNITYMCP_UNITY", "")
	_, addr := startServe(t, home, "127.0.0.1:0")
	fakeInstalledEditor(t, home, "6000.0.0f1", addr)
	t.Cleanup(func() { cliRun(t, home, home, "stop") })

	a := newProject(t, "Alpha")
	out, errOut, code := cliRun(t, home, home, "call", "get-logs", "--project", a)
	if code != 1 || !strings.Contains(out, "editor_not_connected") || !strings.Contains(out, "unitymcp open --project "+a) || !strings.Contains(out, "editor_open") {
		t.Errorf("closed editor: exit %d, want editor_not_connected naming `unitymcp open --project %s`:\n%s%s", code, a, out, errOut)
	}

	out, errOut, code = cliRun(t, home, home, "open", "--project", a)
	if code != 0 || !strings.Contains(out, `"connected": true`) {
		t.Fatalf("unitymcp open: exit %d:\n%s%s", code, out, errOut)
	}
	if out, _, code = cliRun(t, home, home, "call", "get-logs", "--project", a); code != 0 {
		t.Errorf("a call after open: exit %d: %s", code, out)
	}

	b := newProject(t, "Beta")
	out, _, code = cliRun(t, home, home, "call", "editor_open", "--args", `{"project":"`+b+`"}`)
	if code != 1 || !strings.Contains(out, "confirmation_required") {
		t.Errorf("editor_open without confirm: exit %d, want confirmation_required: %s", code, out)
	}
	out, errOut, code = cliRun(t, home, home, "call", "editor_open", "--args", `{"project":"`+b+`","confirm":true}`)
	if code != 0 || !strings.Contains(out, "its editor is connected") {
		t.Fatalf("editor_open with confirm: exit %d:\n%s%s", code, out, errOut)
	}

	c := newProject(t, "Gamma")
	os.WriteFile(filepath.Join(c, "ProjectSettings", "ProjectVersion.txt"), []byte("m_EditorVersion: 2019.4.0f1\n"), 0o644)
	out, _, code = cliRun(t, home, home, "call", "editor_open", "--args", `{"project":"`+c+`","confirm":true}`)
	for _, want := range []string{"2019.4.0f1", "6000.0.0f1", filepath.Join(home, "Unity", "Hub", "Editor")} {
		if code != 1 || !strings.Contains(out, want) {
			t.Errorf("missing version: exit %d, want an error naming %q: %s", code, want, out)
		}
	}
	out, errOut, code = cliRun(t, home, home, "open", "--project", c)
	if code != 1 || !strings.Contains(errOut, "6000.0.0f1") {
		t.Errorf("unitymcp open, missing version: exit %d: %s%s", code, out, errOut)
	}

	// An Editor that starts but never connects (stuck on a license dialog,
	// no package): the call ends at its timeout naming the process it
	// started and what to look at, not hanging for ever.
	d := newProject(t, "Delta")
	os.WriteFile(filepath.Join(d, "ProjectSettings", "ProjectVersion.txt"), []byte("m_EditorVersion: 6000.2.0f1\n"), 0o644)
	stuck := filepath.Join(home, "Unity", "Hub", "Editor", "6000.2.0f1", "Editor")
	os.MkdirAll(stuck, 0o755)
	pidFile := filepath.Join(home, "stuck.pid")
	os.WriteFile(filepath.Join(stuck, "Unity"), []byte("#!/bin/sh\necho $$ > '"+pidFile+"'\nexec sleep 60\n"), 0o755)
	t.Cleanup(func() {
		if b, err := os.ReadFile(pidFile); err == nil {
			if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil {
				syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	})
	out, _, code = cliRun(t, home, home, "call", "editor_open", "--args", `{"project":"`+d+`","confirm":true,"timeout_seconds":1}`)
	pid, _ := os.ReadFile(pidFile)
	for _, want := range []string{"deadline_exceeded", "did not connect within 1s", "(pid " + strings.TrimSpace(string(pid)) + ")", "unitymcp install unity --project"} {
		if code != 1 || !strings.Contains(out, want) {
			t.Errorf("an editor that never connects: exit %d, want %q in:\n%s", code, want, out)
		}
	}
	// The answer's "within 1s" is the verdict that timeout_seconds applied.
}

func runtimeGOOS() string { return runtime.GOOS }

// `unitymcp open` starts the daemon when none runs (as stdio and tray do),
// and an Editor that exits before it connects (a licence, a crash) is
// reported as soon as it exits: with a 10-minute timeout, the answer is
// that it exited, not that it did not connect in time.
func TestOpenReportsAnEditorThatExits(t *testing.T) {
	home := t.TempDir()
	proj := newProject(t, "Game")
	dead := filepath.Join(t.TempDir(), "Unity")
	if err := os.WriteFile(dead, []byte("#!/bin/sh\necho 'licence not found' >&2\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bins.unitymcp, "open", "--project", proj, "--unity", dead, "--timeout", "10m")
	cmd.Env = append(os.Environ(), "UNITYMCP_HOME="+home, "UNITYMCP_ADDR=127.0.0.1:0")
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(string(out), "exited before its editor connected") {
		t.Errorf("open with an Editor that exits: %v\n%s", err, out)
	}
	// The daemon open started is this state folder's; stop it, and wait
	// until its process is gone (it writes its last log lines after it
	// stops answering).
	if out, _, code := cliRun(t, home, "", "stop"); code != 0 || !strings.Contains(out, "stopped the unitymcp daemon") {
		t.Errorf("open started no daemon (stop: exit %d, %s)", code, out)
	}
	if !daemonGone(home) {
		t.Errorf("the daemon open started still holds %s", home)
	}
}
