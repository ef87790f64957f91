package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/catalog"
	"github.com/unitymcp/unitymcp/engine/daemon"
	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/engine/state"
)

// nBuiltins is the number of built-in tools a session lists when it asks
// for no group (catalog/listing.go: the default set).
var nBuiltins = len(catalog.Listing(catalog.Builtins(), nil))

// env is an in-process daemon on a free loopback port with a temporary
// state directory.
type env struct {
	t      testing.TB
	d      *daemon.Daemon
	URL    string
	Token  string
	State  state.Dir
	adjust func(*daemon.Config)
	stop   func()
}

func quietLogger() *slog.Logger {
	if os.Getenv("E2E_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return slog.New(slog.DiscardHandler)
}

func startDaemon(t testing.TB, hub bridge.Options) *env {
	t.Helper()
	return startDaemonWith(t, func(c *daemon.Config) { c.Hub = hub })
}

// startDaemonWith starts a daemon after adjusting its config.
func startDaemonWith(t testing.TB, adjust func(*daemon.Config)) *env {
	t.Helper()
	dir, err := state.At(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, State: dir, adjust: adjust}
	e.launch("127.0.0.1:0")
	t.Cleanup(func() { e.stop() })
	return e
}

// launch runs a daemon on addr with the env's state directory.
func (e *env) launch(addr string) {
	e.t.Helper()
	ready := make(chan *daemon.Daemon, 1)
	errc := make(chan error, 1)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		cfg := daemon.Config{Addr: addr, State: e.State, Logger: quietLogger(),
			Ready: func(d *daemon.Daemon) { ready <- d }}
		e.adjust(&cfg)
		errc <- daemon.Run(ctx, cfg)
	}()
	select {
	case e.d = <-ready:
	case err := <-errc:
		cancel()
		e.t.Fatalf("daemon: %v", err)
	case <-time.After(10 * time.Second):
		cancel()
		e.t.Fatal("daemon did not start")
	}
	e.URL, e.Token = e.d.URL, e.d.Token
	e.stop = func() {
		cancel()
		select {
		case <-errc:
		case <-time.After(10 * time.Second):
			e.t.Error("daemon did not shut down")
		}
		e.stop = func() {}
	}
}

// restart stops the daemon and starts a new one on the same address and
// state directory (so the token and the editors' address stay the same).
func (e *env) restart() {
	e.t.Helper()
	addr := strings.TrimPrefix(e.URL, "http://")
	e.stop()
	e.launch(addr)
}

// newProject makes a minimal Unity project folder.
func newProject(t testing.TB, name string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	for _, d := range []string{"Assets/Scripts", "ProjectSettings"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(dir, "ProjectSettings", "ProjectVersion.txt"), []byte("m_EditorVersion: 6000.0.0f1\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "Assets", "Scripts", "Player.cs"), []byte("public class Player {}\n"), 0o644)
	return dir
}

// startSim connects a simulated editor and waits for its hello.
func (e *env) startSim(dir string, cfg editorsim.Config) *editorsim.Sim {
	e.t.Helper()
	cfg.BaseURL, cfg.Token, cfg.ProjectDir, cfg.StateDir = e.URL, e.Token, dir, e.State.Root
	if cfg.Logger == nil {
		cfg.Logger = quietLogger()
	}
	sim, err := editorsim.New(cfg)
	if err != nil {
		e.t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { sim.Run(ctx); close(done) }()
	e.t.Cleanup(func() { cancel(); <-done })
	select {
	case <-sim.Connected():
	case <-time.After(10 * time.Second):
		e.t.Fatal("simulator did not connect")
	}
	e.waitState(sim.Hash(), api.StateConnected)
	return sim
}

// waitState waits until the hub reports the editor in state.
func (e *env) waitState(hash string, st api.EditorState) {
	e.t.Helper()
	if poll(10*time.Second, func() bool {
		info, ok := e.d.Engine.Hub.Editor(hash)
		return ok && info.State == st
	}) {
		return
	}
	info, _ := e.d.Engine.Hub.Editor(hash)
	e.t.Fatalf("editor %s did not reach state %s (is %s)", hash, st, info.State)
}

// pollEvery is how often poll and waitFor re-check their condition.
const pollEvery = 5 * time.Millisecond

// poll reports whether cond became true within timeout, checking it every
// few milliseconds. Use it only where no event (a channel, a callback)
// signals the state the test waits for.
func poll(timeout time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(timeout)
	for {
		if cond() {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(pollEvery)
	}
}

// waitFor fails the test if cond does not become true within timeout; the
// format and its arguments say what was awaited (they are formatted only on
// failure, so a fmt.Stringer shows its state at that time).
func waitFor(t testing.TB, timeout time.Duration, cond func() bool, format string, args ...any) {
	t.Helper()
	if !poll(timeout, cond) {
		t.Fatalf("timed out after %v waiting for %s", timeout, fmt.Sprintf(format, args...))
	}
}

// do sends an HTTP request to the daemon with the token.
func (e *env) do(method, path string, body []byte, hdr map[string]string) (int, []byte) {
	e.t.Helper()
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	ctx, cancel := context.WithTimeout(e.t.Context(), 2*time.Minute)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, e.URL+path, rd)
	if err != nil {
		e.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+e.Token)
	for k, v := range hdr {
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	if h, ok := hdr["Host"]; ok {
		req.Host = h
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// call runs a tool over REST and decodes the JSON answer.
func (e *env) call(project, tool string, args any) (int, map[string]any) {
	e.t.Helper()
	b, _ := json.Marshal(args)
	path := "/tools/" + tool
	if project != "" {
		path += "?project=" + url.QueryEscape(project)
	}
	status, body := e.do("POST", path, b, nil)
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		e.t.Fatalf("%s: answer is not JSON (%d): %s", tool, status, body)
	}
	return status, m
}

func errCode(m map[string]any) string {
	e, _ := m["error"].(map[string]any)
	c, _ := e["code"].(string)
	return c
}

// syncBuffer collects a child process's output; safe to read while it writes.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func stringsReader(s string) *strings.Reader { return strings.NewReader(s) }

func decodeBody(resp *http.Response, v any) {
	defer resp.Body.Close()
	json.NewDecoder(resp.Body).Decode(v)
}
