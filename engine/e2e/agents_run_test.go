package e2e

import (
	"context"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/installer"
)

// What one agent CLI run needs: its environment, the daemon's default
// address for project-scope entries, and the unitymcp commands it runs.

// run starts the client's binary in the project with a fresh, short
// environment — no UNITYMCP_HOME: a stdio entry must carry what
// `unitymcp stdio` needs itself — and returns its output.
func (r *agentRun) run(args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(r.t.Context(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, filepath.Join(r.bin, r.cli.bin), args...)
	cmd.Dir = r.proj
	cmd.Env = append(offlineEnv(r.home, !r.cli.direct), "UNITYMCP_TOKEN="+r.token)
	if r.scope == "project" {
		// A project file names `unitymcp`, found on the teammate's PATH.
		cmd.Env = append(cmd.Env, "PATH="+filepath.Dir(bins.unitymcp)+string(os.PathListSeparator)+os.Getenv("PATH"))
	}
	cmd.Env = append(cmd.Env, r.cli.env(r)...)
	cmd.WaitDelay = 5 * time.Second
	start := time.Now()
	out, err := cmd.CombinedOutput()
	if d := time.Since(start); d > 10*time.Second {
		r.t.Logf("%s %s took %v", r.cli.bin, args[0], d.Round(time.Millisecond))
	}
	return string(out), err
}

// offlineEnv is a fresh environment for a client: its own HOME, the PATH,
// and (proxy) a proxy that refuses anything that is not loopback.
func offlineEnv(home string, proxy bool) []string {
	env := []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "LANG=C.UTF-8", "TERM=dumb", "USER=unitymcp-test"}
	if proxy {
		env = append(env, "HTTP_PROXY=http://127.0.0.1:9", "HTTPS_PROXY=http://127.0.0.1:9", "NO_PROXY=127.0.0.1,localhost",
			"http_proxy=http://127.0.0.1:9", "https_proxy=http://127.0.0.1:9", "no_proxy=127.0.0.1,localhost")
	}
	return env
}

// teammate makes the run's home a teammate's: a project file holds nothing
// of one machine, so the client's `unitymcp stdio` finds the daemon where
// an ordinary set-up has it, the default state folder — here a link to the
// test daemon's.
func (r *agentRun) teammate(stateDir string) {
	r.t.Helper()
	def := filepath.Join(r.home, ".local", "share", "UnityMCP")
	if err := os.MkdirAll(filepath.Dir(def), 0o755); err != nil {
		r.t.Fatal(err)
	}
	if err := os.Symlink(stateDir, def); err != nil {
		r.t.Fatal(err)
	}
}

// forwardDefaultAddr makes the daemon's default address, which a project
// file's HTTP entry names (a teammate's daemon listens there), reach the
// test daemon at url, for the rest of the test.
func forwardDefaultAddr(t *testing.T, url string) {
	t.Helper()
	target := strings.TrimPrefix(url, "http://")
	ln, err := net.Listen("tcp", api.DefaultAddr)
	if err != nil {
		msg := "the project-scope HTTP entry names " + api.DefaultAddr + ", which another program holds here: " + err.Error()
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				d, err := net.Dial("tcp", target)
				if err != nil {
					return
				}
				defer d.Close()
				go io.Copy(d, c)
				io.Copy(c, d)
			}()
		}
	}()
}

// unitymcp runs the real binary as the user would, with UNITYMCP_HOME set
// (the state directory is not the default: entries must carry it).
func (r *agentRun) unitymcp(stateDir string, args ...string) string {
	r.t.Helper()
	ctx, cancel := context.WithTimeout(r.t.Context(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bins.unitymcp, args...)
	cmd.Env = append(offlineEnv(r.home, true), "UNITYMCP_HOME="+stateDir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		r.t.Fatalf("unitymcp %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func (r *agentRun) installArgs(verb string) []string {
	args := []string{verb, "client", r.cli.client, "--project", r.proj}
	if r.scope == "project" {
		args = append(args, "--scope", "project")
	}
	if verb == "install" {
		args = append(args, "--"+r.mode)
	}
	return args
}

// configPath is the file the client reads at the run's scope.
func (r *agentRun) configPath() string {
	r.t.Helper()
	req := installer.ClientRequest{Client: r.cli.client, Scope: r.scope, Env: installer.Env{GOOS: runtime.GOOS, Home: r.home, Project: r.proj}}
	p, _, err := installer.Configured(req)
	if err != nil {
		r.t.Fatal(err)
	}
	return p
}

// getLogsCalls counts the get-logs calls a simulated editor executed.
func getLogsCalls(s *editorsim.Sim) int {
	n := 0
	for _, ex := range s.Executions() {
		if ex.Tool == "get-logs" {
			n += ex.Count
		}
	}
	return n
}
