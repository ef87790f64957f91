package wine

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// health is the part of `unitymcp status` these tests read.
type health struct {
	PID      int    `json:"pid"`
	StateDir string `json:"stateDir"`
	Editors  []struct {
		ProjectHash string `json:"projectHash"`
		ProjectPath string `json:"projectPath"`
		DataPath    string `json:"dataPath"`
		State       string `json:"state"`
	} `json:"editors"`
}

func status(t *testing.T, e *winEnv, env []string) health {
	t.Helper()
	var h health
	if out := e.ok(t, opts{Env: env}, "unitymcp.exe", "status"); json.Unmarshal([]byte(out), &h) != nil {
		t.Fatalf("status is not JSON: %s", out)
	}
	return h
}

// The daemon and the CLI as a Windows user runs them: the state in
// %LOCALAPPDATA%\UnityMCP (owner-only token, lock, daemon.json), status,
// call from a project folder however Windows spells it (drive letter case,
// backslashes or slashes, spaces, mixed case), hash equal to the Unity
// package's own C# for the path Unity reports, a second serve refused, and
// stop that shuts the daemon down cleanly.
func TestDaemonAndCLIOnWindows(t *testing.T) {
	e := need(t)
	os.RemoveAll(e.stateDir())
	t.Cleanup(func() { os.RemoveAll(e.stateDir()) })
	serve, addr := e.serve(t, "")

	// The state folder and what is in it.
	wantState := e.winProfile() + `\AppData\Local\UnityMCP`
	h := status(t, e, nil)
	if !strings.EqualFold(h.StateDir, wantState) {
		t.Errorf("stateDir %q, want %q", h.StateDir, wantState)
	}
	for _, f := range []string{"token", "daemon.json", "daemon.lock", "logs"} {
		if _, err := os.Stat(filepath.Join(e.stateDir(), f)); err != nil {
			t.Errorf("%%LOCALAPPDATA%%\\UnityMCP\\%s: %v", f, err)
		}
	}
	// Owner-only: the token is created with an ACL granting only the user,
	// which Wine keeps as the Unix mode (no access for others), and the
	// daemon's own check, which reads the ACL, agrees.
	for _, p := range []string{e.stateDir(), filepath.Join(e.stateDir(), "token")} {
		if fi, err := os.Stat(p); err != nil || fi.Mode().Perm()&0o007 != 0 {
			t.Errorf("%s is open to other users: %v %v", p, fi.Mode(), err)
		}
	}
	doctor := func() result { return e.run(t, opts{}, "unitymcp.exe", "doctor") }
	if r := doctor(); !strings.Contains(r.Out, "OK    token present and owner-only") {
		t.Errorf("doctor on a fresh token:\n%s", r)
	}
	// A token others can read (its ACL gains Everyone) is found and fixed.
	token := filepath.Join(e.stateDir(), "token")
	os.Chmod(token, 0o644)
	if r := doctor(); r.Code == 0 || !strings.Contains(r.Out, "token readable by others") || !strings.Contains(r.Out, "Everyone") {
		t.Errorf("doctor on a token readable by Everyone:\n%s", r)
	}
	e.run(t, opts{}, "unitymcp.exe", "doctor", "--fix")
	if fi, _ := os.Stat(token); fi.Mode().Perm()&0o007 != 0 {
		t.Errorf("doctor --fix left the token %v", fi.Mode())
	}
	if r := doctor(); !strings.Contains(r.Out, "OK    token present and owner-only") {
		t.Errorf("doctor after --fix:\n%s", r)
	}

	// Two editors (Windows editorsim.exe), so a call must find its project
	// from the folder it runs in; one under a path with spaces.
	root := t.TempDir()
	game := newProject(t, filepath.Join(root, "Unity Projects"), "My Game")
	other := newProject(t, root, "Other")
	for _, p := range []string{game, other} {
		e.start(t, opts{}, "editorsim.exe", "--addr", addr, "--project", winPath(p))
	}
	waitFor(t, 60*time.Second, func() bool { return len(status(t, e, nil).Editors) == 2 }, "two editors")
	var gameHash string
	for _, ed := range status(t, e, nil).Editors {
		if ed.ProjectPath == strings.ReplaceAll(winPath(game), `\`, "/") {
			gameHash = ed.ProjectHash
		}
	}
	if gameHash == "" {
		t.Fatalf("no editor reports %s: %+v", winPath(game), status(t, e, nil).Editors)
	}

	// hash: every spelling of the folder gives the hash of the dataPath
	// Unity reports (stored case, forward slashes, /Assets), computed by
	// the Unity package's C#.
	lower := "z:" + strings.ToLower(strings.TrimPrefix(winPath(game), "Z:"))
	spellings := []string{winPath(game), lower, strings.ToUpper(winPath(game)), winPath(game) + `\Assets`, lower + `\assets\`,
		strings.ReplaceAll(winPath(game), `\`, "/"), winPath(game) + `\Assets\..`}
	for _, s := range spellings {
		if got := strings.TrimSpace(e.ok(t, opts{}, "unitymcp.exe", "hash", s)); got != gameHash {
			t.Errorf("hash %q = %s, want the editor's %s", s, got, gameHash)
		}
	}
	dataPath := strings.ReplaceAll(winPath(game), `\`, "/") + "/Assets"
	if cs := csharpHash(t, dataPath); cs != gameHash {
		t.Errorf("the Unity package's C# hashes %q to %s; unitymcp.exe says %s", dataPath, cs, gameHash)
	}

	// call from the project folder and from inside it, entered in another
	// case (a batch file's cd: Windows keeps the case typed), and with
	// --project in each spelling.
	for _, cwd := range []string{lower, lower + `\ASSETS`} {
		bat := filepath.Join(t.TempDir(), "call.bat")
		os.WriteFile(bat, []byte("@echo off\r\ncd /d \""+cwd+"\"\r\n\""+winPath(e.exe("unitymcp.exe"))+"\" call find-game-objects --args \"{\\\"NamePattern\\\":\\\"Player\\\"}\"\r\n"), 0o644)
		r := e.run(t, opts{}, "cmd", "/c", winPath(bat))
		var found struct{ TotalFound int }
		if r.Code != 0 || json.Unmarshal([]byte(r.Out), &found) != nil || found.TotalFound != 1 {
			t.Errorf("call from %s:\n%s", cwd, r)
		}
	}
	for _, s := range spellings[:4] {
		out := e.ok(t, opts{}, "unitymcp.exe", "call", "get-hierarchy", "--project", s)
		if !strings.Contains(out, "Unity Projects/My Game/") {
			t.Errorf("call --project %q answered for another project: %s", s, out)
		}
	}

	// A second serve on the same state folder is refused, naming the first.
	second := e.run(t, opts{}, "unitymcp.exe", "serve", "--headless", "--addr", "127.0.0.1:0")
	if second.Code != 3 || !strings.Contains(second.Err, "already running") || !strings.Contains(second.Err, addr) {
		t.Errorf("second serve: %s", second)
	}

	// stop: the daemon shuts down cleanly (its stop event, not a kill), so
	// it removes daemon.json itself, and says so in its log.
	if out := e.ok(t, opts{}, "unitymcp.exe", "stop"); !strings.Contains(out, "stopped the unitymcp daemon") {
		t.Errorf("stop: %s", out)
	}
	select {
	case <-serve.done:
	case <-time.After(30 * time.Second):
		t.Fatalf("serve still runs after stop: %s", serve.stderr)
	}
	if _, err := os.Stat(filepath.Join(e.stateDir(), "daemon.json")); !os.IsNotExist(err) {
		t.Errorf("daemon.json left behind after stop (was the daemon killed?): %v", err)
	}
	if log, _ := os.ReadFile(filepath.Join(e.stateDir(), "logs", "daemon.log")); !strings.Contains(string(log), "stop requested") {
		t.Errorf("the daemon log does not say a stop was requested:\n%s", log)
	}
	if r := e.run(t, opts{}, "unitymcp.exe", "status"); r.Code != 1 {
		t.Errorf("status after stop: %s", r)
	}
}

// csharpHash runs the Unity package's ProjectPaths.Sha256Hex16 — the C#
// the editor hashes Application.dataPath with — under mono on s.
func csharpHash(t *testing.T, s string) string {
	t.Helper()
	for _, tool := range []string{"mcs", "mono"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("the C# hash check needs %s (mono-mcs, mono-runtime)", tool)
			}
			t.Skipf("the C# hash check needs %s (mono-mcs, mono-runtime)", tool)
		}
	}
	src, err := os.ReadFile("../../../unity-package/Editor/Unity/Tools/ToolSupport.cs")
	if err != nil {
		t.Fatal(err)
	}
	method := csharpMethod(t, string(src), "public static string Sha256Hex16(string s)")
	prog := "using System; using System.Globalization; using System.Security.Cryptography; using System.Text;\n" +
		"static class HashOf {\n" + method + "\nstatic void Main(string[] a) { Console.Write(Sha256Hex16(a[0])); }\n}\n"
	dir := t.TempDir()
	cs, exe := filepath.Join(dir, "hash.cs"), filepath.Join(dir, "hash.exe")
	os.WriteFile(cs, []byte(prog), 0o644)
	if out, err := exec.Command("mcs", "-nologo", "-out:"+exe, cs).CombinedOutput(); err != nil {
		t.Fatalf("mcs: %v\n%s", err, out)
	}
	out, err := exec.Command("mono", exe, s).Output()
	if err != nil {
		t.Fatalf("mono: %v", err)
	}
	return string(out)
}

// csharpMethod is the text of the method whose signature is sig, through
// its closing brace.
func csharpMethod(t *testing.T, src, sig string) string {
	t.Helper()
	i := strings.Index(src, sig)
	if i < 0 {
		t.Fatalf("the C# source has no %q", sig)
	}
	depth := 0
	for j := i; j < len(src); j++ {
		switch src[j] {
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return src[i : j+1]
			}
		}
	}
	t.Fatalf("%q has no end", sig)
	return ""
}
