package server

import (
	"bytes"
	"context"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/definitions/run"
	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/engine/state"
	"github.com/unitymcp/unitymcp/engine/tools"
)

// testDaemon is a server with a connected simulated editor and one
// initialised MCP session (the fuzz targets share one across inputs).
type testDaemon struct {
	srv     *Server
	token   string
	sid     string
	timeout time.Duration // of each post; 0: none
	proj    string        // the simulated editor's project folder
	sim     *editorsim.Sim
	events  []string // the messages before the last post's answer, when it came as an event stream
	// logs is what the server logged at level or above (Error until a
	// test sets it).
	logs  *lockedBuffer
	level *slog.LevelVar
}

// lockedBuffer is a log's output that the test reads while the server's
// goroutines write.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func (l *lockedBuffer) Reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.b.Reset()
}

// newTestDaemon starts one; reload is the simulated domain reload's length
// (0: editorsim's default), timeout bounds each post (0: none).
func newTestDaemon(f testing.TB, callTimeout, reload, timeout time.Duration) *testDaemon {
	return newTestDaemonSim(f, callTimeout, timeout, editorsim.Config{ReloadDelay: reload})
}

// newTestDaemonSim is newTestDaemon with the simulated editor's
// configuration (its URL, token, project and state folder are filled in).
func newTestDaemonSim(f testing.TB, callTimeout, timeout time.Duration, simCfg editorsim.Config) *testDaemon {
	d, _, root, url := newTestServer(f, callTimeout, "Fuzz")
	d.timeout = timeout
	simCfg.BaseURL, simCfg.Token, simCfg.StateDir, simCfg.Key = url, d.token, root, d.srv.Key
	d.sim = d.startSim(f, d.proj, simCfg)
	d.initialize(f)
	return d
}

// startSim runs a simulated editor of the project folder proj against d
// (cfg's URL, token, state folder and key filled in by the caller) until
// the test ends, once it connected.
func (d *testDaemon) startSim(f testing.TB, proj string, cfg editorsim.Config) *editorsim.Sim {
	cfg.ProjectDir = proj
	sim, err := editorsim.New(cfg)
	if err != nil {
		f.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { sim.Run(ctx); close(done) }()
	f.Cleanup(func() { cancel(); <-done })
	select {
	case <-sim.Connected():
	case <-time.After(10 * time.Second):
		f.Fatal("simulator did not connect")
	}
	return sim
}

// newTestServer is a server on a test listener with its own state folder
// (root) and a project folder named name for an editor to say hello from;
// no editor and no MCP session yet.
func newTestServer(f testing.TB, callTimeout time.Duration, name string) (d *testDaemon, eng *engine.Engine, root, url string) {
	dir, err := state.At(f.TempDir())
	if err != nil {
		f.Fatal(err)
	}
	token, err := dir.EnsureToken()
	if err != nil {
		f.Fatal(err)
	}
	eng = engine.New(engine.Options{State: dir, CallTimeout: callTimeout, Tools: tools.All(), Definitions: run.New().Handle})
	logs, level := &lockedBuffer{}, &slog.LevelVar{}
	level.Set(slog.LevelError)
	srv := New(eng, token, "", slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: level})))
	srv.Key = state.NewNonce() // a simulated editor proves each connection against it
	ts := httptest.NewServer(srv)
	f.Cleanup(ts.Close)
	// Before the state folder is removed: the hub closes the editor's connection,
	// then the engine writes the last instance files, so nothing is written into a
	// folder being deleted (cleanups run last-registered first).
	f.Cleanup(eng.Close)
	f.Cleanup(eng.Hub.Close)
	srv.BaseURL = ts.URL
	proj := filepath.Join(f.TempDir(), name)
	for _, d := range []string{"Assets", "ProjectSettings"} {
		os.MkdirAll(filepath.Join(proj, d), 0o755)
	}
	return &testDaemon{srv: srv, token: token, proj: proj, logs: logs, level: level}, eng, dir.Root, ts.URL
}

// initialize opens the daemon's MCP session.
func (d *testDaemon) initialize(f testing.TB) {
	rec := d.post(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}`)
	d.sid = rec.Header().Get("Mcp-Session-Id")
	if d.sid == "" {
		f.Fatalf("initialize: %d %s", rec.Code, rec.Body)
	}
	d.post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
}

func (d *testDaemon) post(body string) *httptest.ResponseRecorder {
	ctx, cancel := context.Background(), context.CancelFunc(func() {})
	if d.timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, d.timeout)
	}
	defer cancel()
	req := httptest.NewRequestWithContext(ctx, "POST", "http://127.0.0.1/mcp", strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+d.token)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if d.sid != "" {
		req.Header.Set("Mcp-Session-Id", d.sid)
		req.Header.Set("MCP-Protocol-Version", "2025-11-25")
	}
	rec := httptest.NewRecorder()
	d.srv.ServeHTTP(rec, req)
	d.events = nil
	if rec.Header().Get("Content-Type") == "text/event-stream" {
		// An answer that came as an event stream (something reached the
		// session while it was served): the body is its last event, the
		// answer; the events before it are kept.
		for _, ev := range strings.Split(strings.TrimSpace(rec.Body.String()), "\n\n") {
			d.events = append(d.events, strings.TrimPrefix(ev, "event: message\ndata: "))
		}
		answer := d.events[len(d.events)-1]
		d.events = d.events[:len(d.events)-1]
		rec.Body.Reset()
		rec.Body.WriteString(answer + "\n")
	}
	return rec
}
