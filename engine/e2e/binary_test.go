package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/unitymcp/unitymcp/engine/state"
	"github.com/unitymcp/unitymcp/platform"
)

// bins holds the real binaries, built once per test run.
var bins struct {
	dir, unitymcp, editorsim string
}

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "unitymcp-e2e-bin")
	if err != nil {
		panic(err)
	}
	bins.dir = dir
	bins.unitymcp = filepath.Join(dir, "unitymcp")
	bins.editorsim = filepath.Join(dir, "editorsim")
	for out, pkg := range map[string]string{bins.unitymcp: "../../cmd/unitymcp", bins.editorsim: "../../cmd/editorsim"} {
		cmd := exec.Command("go", "build", "-o", out, pkg)
		cmd.Stderr = os.Stderr
		if err := cmd.Run(); err != nil {
			fmt.Fprintln(os.Stderr, "building", pkg, err)
			os.Exit(1)
		}
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// proc is a started binary.
type proc struct {
	cmd    *exec.Cmd
	stderr *syncBuffer
	done   chan struct{} // closed when it exited, with err set
	err    error
}

func startProc(t *testing.T, home string, name string, args ...string) *proc {
	t.Helper()
	return startProcEnv(t, home, nil, name, args...)
}

// startProcEnv is startProc with more of the environment (NAME=value).
func startProcEnv(t *testing.T, home string, env []string, name string, args ...string) *proc {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Env = append(append(os.Environ(), "UNITYMCP_HOME="+home), env...)
	var sb syncBuffer
	cmd.Stderr = &sb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &proc{cmd: cmd, stderr: &sb, done: make(chan struct{})}
	go func() { p.err = cmd.Wait(); close(p.done) }()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-p.done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
		}
	})
	return p
}

// startServe runs `unitymcp serve --headless --addr addr`, waits for its
// daemon.json and returns the process and the address it listens on. Pass
// "127.0.0.1:0" unless the address is already fixed (a restart on the same
// port): the daemon binds port 0 itself, so no other program can take the
// port between choosing and binding it.
func startServe(t *testing.T, home, addr string) (*proc, string) {
	t.Helper()
	p := startProc(t, home, bins.unitymcp, "serve", "--headless", "--addr", addr)
	info := waitDaemon(t, home, p)
	if !strings.HasSuffix(addr, ":0") && info.Address != addr {
		t.Fatalf("serve listens on %s, want %s", info.Address, addr)
	}
	return p, info.Address
}

// serveWithToken runs `unitymcp serve` (startServe) on a port of its own in
// a new state folder and returns the folder, the process, its address and
// the token clients send.
func serveWithToken(t *testing.T) (home string, serve *proc, addr, token string) {
	t.Helper()
	home = t.TempDir()
	serve, addr = startServe(t, home, "127.0.0.1:0")
	token, err := state.Dir{Root: home}.EnsureToken()
	if err != nil {
		t.Fatal(err)
	}
	return home, serve, addr, token
}

// waitDaemon waits until daemon.json in home names the process p (which
// writes it once it listens) and returns it.
func waitDaemon(t *testing.T, home string, p *proc) state.Daemon {
	t.Helper()
	dir := state.Dir{Root: home}
	var info state.Daemon
	exited := false
	ok := poll(10*time.Second, func() bool {
		select {
		case <-p.done:
			exited = true
			return true
		default:
		}
		i, err := dir.ReadDaemon()
		if err == nil && i.PID == p.cmd.Process.Pid {
			info = i
			return true
		}
		return false
	})
	if !ok || exited {
		t.Fatalf("serve did not start (exited: %v): %s", exited, p.stderr)
	}
	return info
}

func waitEditors(t *testing.T, home string, n int) {
	t.Helper()
	waitFor(t, 10*time.Second, func() bool {
		cmd := exec.Command(bins.unitymcp, "status")
		cmd.Env = append(os.Environ(), "UNITYMCP_HOME="+home)
		out, err := cmd.Output()
		if err != nil {
			return false
		}
		var h struct{ Editors []json.RawMessage }
		return json.Unmarshal(out, &h) == nil && len(h.Editors) == n
	}, "%d editor(s) to connect", n)
}

// The real binaries: serve + editorsim, an official-SDK client over
// `unitymcp stdio` in both protocol eras, the CLI, and a clean shutdown.
func TestBinariesEndToEnd(t *testing.T) {
	home := t.TempDir()
	serve, addr := startServe(t, home, "127.0.0.1:0")
	proj := newProject(t, "Game")
	startProc(t, home, bins.editorsim, "--addr", addr, "--project", proj)
	waitEditors(t, home, 1)

	// A second daemon on the same state directory refuses to start.
	second := exec.Command(bins.unitymcp, "serve", "--headless", "--addr", "127.0.0.1:0")
	second.Env = append(os.Environ(), "UNITYMCP_HOME="+home)
	out, err := second.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "already running") || !strings.Contains(string(out), addr) {
		t.Errorf("second serve: %v %s", err, out)
	}
	// A non-loopback address is refused.
	bad := exec.Command(bins.unitymcp, "serve", "--addr", "0.0.0.0:1234")
	bad.Env = append(os.Environ(), "UNITYMCP_HOME="+t.TempDir())
	if out, err := bad.CombinedOutput(); err == nil || !strings.Contains(string(out), "loopback") {
		t.Errorf("serve on 0.0.0.0: %v %s", err, out)
	}

	for _, version := range protocolVersions {
		t.Run("stdio "+version, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
			defer cancel()
			cmd := exec.Command(bins.unitymcp, "stdio", "--project", proj)
			cmd.Env = append(os.Environ(), "UNITYMCP_HOME="+home)
			c := connectSDK(t, ctx, &mcp.CommandTransport{Command: cmd}, version)
			tools, err := c.cs.ListTools(ctx, nil)
			if err != nil || len(tools.Tools) != nBuiltins+2 {
				t.Fatalf("tools/list over stdio: %v (%d tools, want %d)", err, len(tools.Tools), nBuiltins+2)
			}
			res, err := c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "find-game-objects", Arguments: map[string]any{"NamePattern": "Player"}})
			if err != nil || res.IsError {
				t.Fatalf("find-game-objects: %v %v", err, res)
			}
			sc := structured(t, res)
			if sc["totalFound"] != 1.0 || sc["Ver"] == nil {
				t.Errorf("find-game-objects: %v", sc)
			}
		})
	}

	// The CLI: call prints the JSON result; a tool error exits 1.
	cli := func(args ...string) (string, int) {
		cmd := exec.Command(bins.unitymcp, args...)
		cmd.Env = append(os.Environ(), "UNITYMCP_HOME="+home)
		out, err := cmd.Output()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		}
		return string(out), code
	}
	if out, code := cli("call", "control-play-mode", "--project", proj, "--args", `{"Action":"Play"}`); code != 0 || !strings.Contains(out, `"IsPlaying": true`) {
		t.Errorf("call control-play-mode: %d %s", code, out)
	}
	if out, code := cli("call", "get-logs", "--args", `{"LogType":"Nope"}`); code != 1 || !strings.Contains(out, "invalid_params") {
		t.Errorf("call with a bad enum: %d %s", code, out)
	}
	if out, code := cli("hash", proj); code != 0 || len(strings.TrimSpace(out)) != 16 {
		t.Errorf("hash: %d %s", code, out)
	}

	// SIGTERM: graceful, daemon.json removed, instance descriptor kept.
	serve.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-serve.done:
		if serve.err != nil {
			t.Errorf("serve exited with %v: %s", serve.err, serve.stderr)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop on SIGTERM")
	}
	if _, err := os.Stat(filepath.Join(home, "daemon.json")); !os.IsNotExist(err) {
		t.Errorf("daemon.json left behind: %v", err)
	}
	fi, err := os.Stat(filepath.Join(home, "token"))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("token file: %v %v", err, fi)
	}
	entries, _ := os.ReadDir(filepath.Join(home, "instances"))
	if len(entries) != 1 {
		t.Errorf("instances: %v", entries)
	}
}

// `unitymcp stdio` with no daemon running starts one in the background, and
// writes nothing but protocol to stdout.
func TestStdioStartsDaemon(t *testing.T) {
	home := t.TempDir()
	proj := newProject(t, "Game")
	cmd := exec.Command(bins.unitymcp, "stdio")
	cmd.Dir = filepath.Join(proj, "Assets", "Scripts") // found by walking up
	// Port 0: the daemon picks one and says which in daemon.json.
	cmd.Env = append(os.Environ(), "UNITYMCP_HOME="+home, "UNITYMCP_ADDR=127.0.0.1:0")
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	var stderr syncBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		stdin.Close()
		cmd.Wait()
		if info, err := (state.Dir{Root: home}).ReadDaemon(); err == nil {
			if p, err := os.FindProcess(info.PID); err == nil {
				p.Signal(syscall.SIGTERM)
			}
		}
	}()
	fmt.Fprintln(stdin, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`)
	fmt.Fprintln(stdin, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	fmt.Fprintln(stdin, `not json at all`)
	fmt.Fprintln(stdin, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get-logs","arguments":{}}}`)
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	got := map[string]string{}
	deadline := time.After(20 * time.Second)
	lines := make(chan string)
	go func() {
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	for len(got) < 3 {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("stdout closed; got %v; stderr: %s", got, stderr.String())
			}
			var m struct {
				ID json.RawMessage `json:"id"`
			}
			if err := json.Unmarshal([]byte(l), &m); err != nil {
				t.Fatalf("stdout carried a non-JSON line %q", l)
			}
			got[string(m.ID)] = l
		case <-deadline:
			t.Fatalf("timed out; got %v; stderr: %s", got, stderr.String())
		}
	}
	if !strings.Contains(got["1"], `"serverInfo"`) {
		t.Errorf("initialize: %s", got["1"])
	}
	if !strings.Contains(got["null"], "-32700") {
		t.Errorf("parse error: %s", got["null"])
	}
	// The project was found by walking up from the working directory; no
	// editor runs, so the call says so.
	if !strings.Contains(got["2"], "editor_not_connected") || !strings.Contains(got["2"], filepath.ToSlash(proj)) {
		t.Errorf("tools/call: %s", got["2"])
	}
	if !strings.Contains(stderr.String(), "started the unitymcp daemon") {
		t.Errorf("stderr does not say the daemon was started: %s", stderr.String())
	}
	// The background daemon writes each line once: to its rotating log, not
	// also to the stderr file that keeps what the runtime prints on a crash.
	dir := state.Dir{Root: home}
	log, err := os.ReadFile(dir.LogPath())
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(string(log)), "\n") {
		if seen[l] {
			t.Errorf("daemon.log has this line twice: %s", l)
		}
		seen[l] = true
	}
	if !strings.Contains(string(log), "unitymcp daemon serving") {
		t.Errorf("daemon.log lacks the serving line:\n%s", log)
	}
	if b, err := os.ReadFile(dir.StderrLogPath()); err != nil || strings.Contains(string(b), "level=") {
		t.Errorf("the daemon's stderr file holds log lines (%v):\n%s", err, b)
	}
}

// daemonGone waits until no daemon holds home's lock (the one that ran has
// exited) and reports whether that happened.
func daemonGone(home string) bool {
	return poll(20*time.Second, func() bool {
		l, err := platform.Lock(state.Dir{Root: home}.LockPath())
		if err != nil {
			return false
		}
		l.Unlock()
		return true
	})
}
