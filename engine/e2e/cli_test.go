package e2e

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/catalog"
)

// cliRun runs the built unitymcp in dir (when not "") with UNITYMCP_HOME
// and HOME set to home, and returns its stdout, stderr and exit code.
func cliRun(t *testing.T, home, dir string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(bins.unitymcp, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "UNITYMCP_HOME="+home, "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"),
		"XDG_DATA_HOME="+filepath.Join(home, ".local", "share"), "CLAUDE_PROJECT_DIR=", "UNITYMCP_ADDR=")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	done := make(chan error, 1)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatalf("unitymcp %s did not exit: %s", strings.Join(args, " "), stderr.String())
	}
	return stdout.String(), stderr.String(), cmd.ProcessState.ExitCode()
}

// cliCommands is every command path of the CLI.
var cliCommands = []string{"", "serve", "tray", "stdio", "call", "status", "stop", "definitions", "definitions list",
	"definitions validate", "open", "service", "service install", "service uninstall", "service start", "service stop",
	"service status", "help", "install", "install unity", "install client", "install skill", "uninstall", "uninstall unity",
	"uninstall client", "uninstall skill", "doctor", "hash", "forget", "version", "completion", "completion bash"}

// --help and help CMD print the usage on stdout, exit 0 and do nothing:
// no daemon started or contacted, no tray, nothing written to the state
// folder or home.
func TestCLIHelp(t *testing.T) {
	t.Parallel()
	for _, c := range cliCommands {
		words := strings.Fields(c)
		for _, args := range [][]string{append(append([]string{}, words...), "--help"), append([]string{"help"}, words...)} {
			t.Run(strings.Join(args, " "), func(t *testing.T) {
				t.Parallel()
				home := t.TempDir()
				out, errOut, code := cliRun(t, home, "", args...)
				if code != 0 || !strings.Contains(out, "Usage:") || errOut != "" {
					t.Fatalf("exit %d, want 0 with the usage on stdout; stdout %q, stderr %q", code, out, errOut)
				}
				if entries, _ := os.ReadDir(home); len(entries) != 0 {
					t.Errorf("--help did something: %s holds %v", home, entries)
				}
			})
		}
	}
}

// Usage errors exit 2 and name the offending value.
func TestCLIUsageErrors(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	notUnity := t.TempDir()
	missing := filepath.Join(home, "nope")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"bogus"}, `"bogus"`},
		{[]string{"help", "bogus"}, `"bogus"`},
		{[]string{"help", "install", "nope"}, `"install nope"`},
		{[]string{"call"}, "tool name"},
		{[]string{"call", "compile", "--args", "{"}, "--args is not valid JSON: {"},
		{[]string{"call", "compile", "--project", notUnity}, notUnity + " is not a Unity project"},
		{[]string{"serve", "--nope"}, "--nope"},
		{[]string{"hash"}, "one project folder"},
		{[]string{"hash", missing}, missing + " is not a folder"},
		{[]string{"definitions"}, "list validate"},
		{[]string{"definitions", "list", "--project", missing}, missing + ": no such folder"},
		{[]string{"service", "bogus"}, `"bogus"`},
		{[]string{"install", "unity"}, `"project" not set`},
		{[]string{"install", "unity", "--project", notUnity}, notUnity + " is not a Unity project"},
		{[]string{"install", "client", "cursor", "--project", notUnity}, notUnity + " is not a Unity project"},
		{[]string{"install", "client", "cursor", "--stdio", "--http"}, "exclude each other"},
		{[]string{"stdio", "--project", missing}, missing + ": no such folder"},
		{[]string{"doctor", "--project", notUnity}, notUnity + " is not a Unity project"},
		{[]string{"status", "extra"}, `"extra"`},
		// Issue 30, item 7: every usage error is exit 2.
		{[]string{"install", "client", "claude"}, `unknown client "claude" (did you mean "claude-code" or "claude-desktop"?)`},
		{[]string{"install", "client", "vs-code"}, `(did you mean "vscode"?)`},
		{[]string{"install", "client", "cursor", "--scope", "global"}, `--scope must be user or project, not "global"`},
		{[]string{"install", "client", "claude-code", "--scope", "project"}, "the working directory is in no Unity project"},
		{[]string{"install", "skill", "--scope", "project"}, "the working directory is in no Unity project"},
		{[]string{"serve", "--addr", "0.0.0.0:27999"}, "only listens on loopback"},
		{[]string{"call", "find-game-objects", "--args", "[1]"}, "--args must be a JSON object"},
		{[]string{"call", "get-logs", "--args", "{}", "--args", "{}"}, "given twice"},
		{[]string{"stdio", "--group", "diagnostic"}, `unknown tool group "diagnostic". Did you mean "diagnostics"?`},
		{[]string{"completion", "tcsh"}, `"tcsh"`},
		{[]string{"completion"}, "say which shell"},
		{[]string{"definitions", "validate", missing}, missing + ": no such file"},
		{[]string{"definitions", "validate", notUnity}, notUnity + ": a folder with no definition file"},
	} {
		_, errOut, code := cliRun(t, home, "", tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("unitymcp %s: exit %d, stderr %q; want exit 2 naming %q", strings.Join(tc.args, " "), code, errOut, tc.want)
		}
	}
	if entries, _ := os.ReadDir(filepath.Join(home, "instances")); len(entries) != 0 {
		t.Errorf("a usage error started something: %v", entries)
	}
}

// Completion scripts generate for the four shells.
func TestCLICompletion(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	for shell, want := range map[string]string{"bash": "complete -o default -F __start_unitymcp unitymcp",
		"zsh": "#compdef unitymcp", "fish": "complete -c unitymcp", "powershell": "Register-ArgumentCompleter"} {
		out, errOut, code := cliRun(t, home, "", "completion", shell)
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("completion %s: exit %d, stderr %q, script lacks %q", shell, code, errOut, want)
		}
	}
}

// With a daemon: a tool failure exits 1, call finds the project from the
// working directory as stdio does, an ambiguity is short and names
// --project, completion lists the daemon's tools and projects, stop stops
// it and service status tells the truth about it.
func TestCLIWithDaemon(t *testing.T) {
	home := t.TempDir()
	_, addr := startServe(t, home, "127.0.0.1:0")
	game, other := newProject(t, "Game"), newProject(t, "Other")
	startProc(t, home, bins.editorsim, "--addr", addr, "--project", game)
	startProc(t, home, bins.editorsim, "--addr", addr, "--project", other)
	waitEditors(t, home, 2)
	elsewhere := t.TempDir()

	if out, errOut, code := cliRun(t, home, elsewhere, "call", "no-such-tool", "--project", game); code != 1 || !strings.Contains(out, `"error"`) {
		t.Errorf("call of an unknown tool: exit %d, stdout %q, stderr %q; want exit 1 and the error body", code, out, errOut)
	}
	// run-tests with a failing test (the simulator has one) exits 1.
	if out, errOut, code := cliRun(t, home, elsewhere, "call", "run-tests", "--project", game); code != 1 || !strings.Contains(out, `"FailedCount": 1`) || !strings.Contains(out, `"TestName": "Game.Tests.PlayerTests.Jump_IncreasesHeight"`) {
		t.Errorf("call run-tests with a failing test: exit %d, stdout %q, stderr %q; want exit 1 and the result", code, out, errOut)
	}
	// From inside a project, call needs no --project.
	if out, errOut, code := cliRun(t, home, filepath.Join(game, "Assets"), "call", "control-play-mode", "--args", `{"Action":"Play"}`); code != 0 || !strings.Contains(out, `"IsPlaying": true`) {
		t.Errorf("call from inside Game: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	// From elsewhere: short, names both projects and --project.
	out, errOut, code := cliRun(t, home, elsewhere, "call", "control-play-mode", "--args", `{"Action":"Play"}`)
	if code != 1 || !strings.Contains(errOut, game) || !strings.Contains(errOut, other) || !strings.Contains(errOut, "--project") ||
		strings.Contains(out+errOut, "inputSchema") || len(errOut) > 1000 {
		t.Errorf("ambiguous call: exit %d, stderr (%d bytes) %q, stdout %q", code, len(errOut), errOut, out)
	}
	if out, _, _ := cliRun(t, home, elsewhere, "__complete", "call", "--project", game, ""); !strings.Contains(out, "control-play-mode") {
		t.Errorf("completing call's tool: %q", out)
	}
	if out, _, _ := cliRun(t, home, elsewhere, "__complete", "call", "compile", "--project", ""); !strings.Contains(out, game) || !strings.Contains(out, other) {
		t.Errorf("completing --project: %q", out)
	}
	if out, _, code := cliRun(t, home, elsewhere, "service", "status", "--json"); code != 0 || !strings.Contains(out, `"daemonRunning": true`) {
		t.Errorf("service status --json with a daemon running: exit %d %s", code, out)
	}
	if out, _, code := cliRun(t, home, elsewhere, "service", "status"); code != 0 || !strings.Contains(out, "daemon:         running at http://"+addr) || strings.Contains(out, "{") {
		t.Errorf("service status with a daemon running: exit %d %s", code, out)
	}
	if out, errOut, code := cliRun(t, home, elsewhere, "stop"); code != 0 || !strings.Contains(out, "stopped") {
		t.Fatalf("stop: exit %d, %q %q", code, out, errOut)
	}
	if _, errOut, code := cliRun(t, home, elsewhere, "status"); code != 1 {
		t.Errorf("status after stop: exit %d, %q; want 1", code, errOut)
	}
	if out, _, code := cliRun(t, home, elsewhere, "call", "compile", "--project", game); code != 1 {
		t.Errorf("call with no daemon: exit %d %s; want 1", code, out)
	}
}

// Item 6's refusals: an old Unity, the manifest Unity would write, a broken
// client config in doctor.
func TestCLIRefusals(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	old := newProject(t, "Old")
	os.WriteFile(filepath.Join(old, "ProjectSettings", "ProjectVersion.txt"), []byte("m_EditorVersion: 2021.3.45f1\n"), 0o644)
	if _, errOut, code := cliRun(t, home, "", "install", "unity", "--project", old); code != 2 || !strings.Contains(errOut, "Unity 2021.3.45f1") || !strings.Contains(errOut, "2022.3 or later") {
		t.Errorf("install unity on Unity 2021.3: exit %d, %q", code, errOut)
	}
	game := newProject(t, "Game")
	// Its Assets folder names the project, as for every other command.
	if out, errOut, code := cliRun(t, home, "", "install", "unity", "--project", filepath.Join(game, "Assets"), "--source", "git"); code != 0 || !strings.Contains(out, "added") {
		t.Fatalf("install unity: exit %d, %q %q", code, out, errOut)
	}
	b, _ := os.ReadFile(filepath.Join(game, "Packages", "manifest.json"))
	for _, want := range []string{`"io.github.unitymcp.bridge"`, `"com.unity.ugui": "2.0.0"`, `"com.unity.modules.physics": "1.0.0"`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("new manifest lacks %s:\n%s", want, b)
		}
	}
	os.MkdirAll(filepath.Join(home, ".cursor"), 0o755)
	os.WriteFile(filepath.Join(home, ".cursor", "mcp.json"), []byte(`{"mcpServers": {"unitymcp": `), 0o644)
	out, _, code := cliRun(t, home, "", "doctor")
	if code != 1 || !strings.Contains(out, "FAIL") || !strings.Contains(out, filepath.Join(home, ".cursor", "mcp.json")+" does not parse") {
		t.Errorf("doctor with a broken cursor config: exit %d\n%s", code, out)
	}
}

// Every tool a help text names in a `unitymcp call TOOL` exists, and every
// daemon route it names is one the daemon serves (engine/server/server.go's
// patterns, read from the source so the test follows them): a help text
// that sends a user to read-console or /p/HASH/mcp fails here.
func TestCLIHelpNamesWhatExists(t *testing.T) {
	t.Parallel()
	tools := map[string]bool{}
	for _, tool := range catalog.Builtins() {
		tools[tool.Name] = true
	}
	src, err := os.ReadFile(filepath.Join("..", "server", "server.go"))
	if err != nil {
		t.Fatal(err)
	}
	var routes []*regexp.Regexp
	for _, m := range regexp.MustCompile(`(?:HandleFunc|Handle)\("(?:[A-Z]+ )?([^"]+)"`).FindAllStringSubmatch(string(src), -1) {
		pat := regexp.QuoteMeta(m[1])
		pat = regexp.MustCompile(`\\\{[a-z]+\\\}`).ReplaceAllString(pat, `[^/]+`)
		routes = append(routes, regexp.MustCompile("^"+pat+"$"))
	}
	routes = append(routes, regexp.MustCompile("^/bridge$"), regexp.MustCompile("^/proof$"))
	callRe := regexp.MustCompile(`unitymcp call ([a-z][a-z0-9_-]*)`)
	routeRe := regexp.MustCompile(`(?:127\.0\.0\.1:\d+|\s|\(|^)(/(?:mcp|projects|p|health|tools|events|config|bridge|proof)(?:/[A-Za-z0-9_<>{}.-]+)*)`)
	home := t.TempDir()
	named := 0
	for _, c := range cliCommands {
		out, _, code := cliRun(t, home, "", append(strings.Fields(c), "--help")...)
		if code != 0 {
			t.Fatalf("%s --help: exit %d", c, code)
		}
		for _, m := range callRe.FindAllStringSubmatch(out, -1) {
			named++
			if !tools[m[1]] {
				t.Errorf("unitymcp %s --help names the tool %q, which does not exist", c, m[1])
			}
		}
		for _, m := range routeRe.FindAllStringSubmatch(out, -1) {
			named++
			route := regexp.MustCompile(`HASH|<hash>|\{hash\}`).ReplaceAllString(m[1], "0123456789abcdef")
			ok := false
			for _, r := range routes {
				ok = ok || r.MatchString(route)
			}
			if !ok {
				t.Errorf("unitymcp %s --help names the route %s, which the daemon does not serve", c, m[1])
			}
		}
	}
	if named == 0 {
		t.Fatal("no help text names a tool or a route: the patterns are wrong")
	}
}

// definitions validate says what it checked: nothing (and where it looked)
// when there is nothing, every file of a folder it is given, and a file
// outside the definitions folders as one the daemon does not load.
func TestCLIDefinitionsValidateSaysWhatItChecked(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	out, errOut, code := cliRun(t, home, t.TempDir(), "definitions", "validate")
	if code != 0 || !strings.Contains(out, "no definition files in ") || !strings.Contains(out, "nothing to check") {
		t.Errorf("validate with nothing to check: exit %d, %q %q", code, out, errOut)
	}
	loose := t.TempDir()
	os.WriteFile(filepath.Join(loose, "a.json"), []byte(`{"name":"loose_a","description":"d","kind":"probe","reads":[{"id":"t","path":"UnityEngine.Time/time"}]}`), 0o644)
	os.WriteFile(filepath.Join(loose, "b.json"), []byte(`{"name":"loose_b","description":"d","kind":"probe","reads":[{"id":"t","path":"UnityEngine.Time/time"}]}`), 0o644)
	out, errOut, code = cliRun(t, home, t.TempDir(), "definitions", "validate", loose)
	if code != 0 || strings.Count(out, "ok        ") != 2 || !strings.Contains(out, "the daemon does not load it") {
		t.Errorf("validate a folder of loose files: exit %d, %q %q", code, out, errOut)
	}
}

// call --project takes the folder a connected editor reports, Unity
// project or not (the quick start's `editorsim --project "$(mktemp -d)"`),
// and the error for an ambiguous call is said once, on stderr.
func TestCLICallAcceptsAConnectedEditorsFolder(t *testing.T) {
	home := t.TempDir()
	_, addr := startServe(t, home, "127.0.0.1:0")
	scratch, other := t.TempDir(), newProject(t, "Other")
	startProc(t, home, bins.editorsim, "--addr", addr, "--project", scratch)
	startProc(t, home, bins.editorsim, "--addr", addr, "--project", other)
	waitEditors(t, home, 2)
	if out, errOut, code := cliRun(t, home, t.TempDir(), "call", "get-logs", "--project", scratch); code != 0 || !strings.Contains(out, `"TotalCount"`) {
		t.Errorf("call --project <a connected editor's scratch folder>: exit %d, %q %q", code, out, errOut)
	}
	if _, errOut, code := cliRun(t, home, t.TempDir(), "call", "get-logs", "--project", t.TempDir()); code != 2 || !strings.Contains(errOut, "is not a Unity project") {
		t.Errorf("call --project <a folder no editor reports>: exit %d, %q", code, errOut)
	}
	out, errOut, code := cliRun(t, home, t.TempDir(), "call", "get-logs")
	if code != 1 || out != "" || strings.Count(errOut, "more than one Unity editor is connected") != 1 {
		t.Errorf("ambiguous call: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
