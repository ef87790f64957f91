package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/bridge/bridgetest"
	"github.com/unitymcp/unitymcp/engine/console"
	"github.com/unitymcp/unitymcp/engine/project"
	"github.com/unitymcp/unitymcp/engine/state"
)

// hostileEditor is a token holder speaking the bridge protocol over a real
// WebSocket to the engine's hub, saying whatever it likes.
type hostileEditor struct {
	t    *testing.T
	peer *bridge.Peer
	done chan struct{}
}

func dialHostile(t *testing.T, url string, hello bridge.Hello) (*hostileEditor, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	ws, err := bridgetest.Dial(ctx, url, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	ws.SetReadLimit(bridge.MaxFrameBytes)
	h := &hostileEditor{t: t, done: make(chan struct{})}
	h.peer = bridge.NewPeer(ws, func(context.Context, string, json.RawMessage) (any, error) { return struct{}{}, nil }, nil)
	go func() { h.peer.Run(); close(h.done) }()
	hello.Protocol = bridge.ProtocolVersion
	var res bridge.HelloResult
	if err := h.peer.Call(ctx, bridge.MethodHello, hello, &res); err != nil {
		h.leave()
		return nil, err
	}
	return h, nil
}

func (h *hostileEditor) event(typ string, data any) {
	h.t.Helper()
	b, err := json.Marshal(data)
	if err != nil {
		h.t.Fatal(err)
	}
	if err := h.peer.Notify(bridge.MethodEvent, bridge.Event{Type: typ, Data: b}); err != nil {
		h.t.Fatal(err)
	}
}

// sync returns once the hub has handled every event sent before: a ping is
// read after them on the same connection.
func (h *hostileEditor) sync() {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var out json.RawMessage
	if err := h.peer.Call(ctx, bridge.MethodPing, struct{}{}, &out); err != nil {
		h.t.Fatal(err)
	}
}

func (h *hostileEditor) leave() {
	h.peer.Close("bye")
	<-h.done
}

// kept is what the engine keeps of editors, for the test to bound.
func (e *Engine) kept() (projects, rings, compiles, seen, ringBytes, compileBytes int) {
	projects = len(e.Hub.Editors())
	h := e.console.Held()
	return projects, h.Rings, h.Compiles, h.Seen, h.RingBytes, h.CompileBytes
}

// eventually waits, up to a watchdog, for cond (a state the hub reaches
// after a connection's end is recorded, on its own goroutine).
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited 20s for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestHostileEditorKeepsMemoryBounded is attack D3: a token holder that
// speaks the bridge sends Console entries whose type is megabytes long,
// and many made-up projects that each send a huge compile result and leave.
// What the daemon keeps is bounded: every field is cut, a project whose
// folder does not exist is forgotten when its editor leaves, and no more
// than MaxProjects projects are kept whatever folders exist.
func TestHostileEditorKeepsMemoryBounded(t *testing.T) {
	dir, err := state.At(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	const maxProjects = 4
	e := New(Options{State: dir, Hub: bridge.Options{MaxProjects: maxProjects}})
	defer e.Close()
	srv := httptest.NewServer(e.Hub)
	defer srv.Close()
	defer e.Hub.Close()
	huge := strings.Repeat("x", 4<<20)

	// (a) Console entries with a 4 MiB type (and message and stack trace).
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "game", "Assets"), 0o755)
	game := filepath.ToSlash(filepath.Join(root, "game", "Assets"))
	ed, err := dialHostile(t, srv.URL, bridge.Hello{DataPath: game, ProductName: huge[:1<<20],
		UnityVersion: huge[:1<<16], Tools: strings.Split(strings.Repeat("t,", 5000), ","),
		DeclaredTools: manyDeclared(1000, 8<<10)})
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		ed.event(bridge.EventConsole, bridge.ConsoleBatch{Entries: []bridge.ConsoleEntry{{Type: huge, Message: huge[:8<<20/4], StackTrace: huge[:2<<20]}}})
	}
	ed.event(api.EventPlayModeChanged, map[string]string{"state": huge[:1<<20]})
	ed.sync()
	entries, _ := e.Console(project.Hash(game))
	if len(entries) == 0 {
		t.Fatal("no Console entry kept: the test exercises nothing")
	}
	for _, en := range entries {
		if len(en.Type) > console.MaxLogType+len("…") || len(en.Message) > bridge.MaxConsoleMessage+len("…") || len(en.StackTrace) > bridge.MaxConsoleStack+len("…") {
			t.Fatalf("a kept Console entry has a type of %d bytes, a message of %d, a stack trace of %d", len(en.Type), len(en.Message), len(en.StackTrace))
		}
	}
	info, _ := e.Hub.Editor(project.Hash(game))
	declared := 0
	for _, d := range info.DeclaredTools {
		declared += len(d.Description) + len(d.InputSchema)
	}
	if len(info.ProductName) > bridge.MaxProductBytes+3 || len(info.UnityVersion) > bridge.MaxVersionBytes+3 || len(info.PlayMode) > bridge.MaxPlayMode+3 ||
		len(info.Tools) > bridge.MaxHelloTools || len(info.DeclaredTools) > api.MaxDeclaredTools || declared > api.MaxDeclaredBytes {
		t.Errorf("kept of the hello: product name %d bytes, Unity version %d, play mode %d, %d tools, %d declared tools of %d bytes",
			len(info.ProductName), len(info.UnityVersion), len(info.PlayMode), len(info.Tools), len(info.DeclaredTools), declared)
	}

	// (b) Made-up projects, each a 3 MiB compile result, then gone.
	diag := []api.Diagnostic{}
	for range 2 * bridge.MaxDiagnostics {
		diag = append(diag, api.Diagnostic{Message: huge[:4<<10], File: huge[:4<<10]})
	}
	for i := range 2 * maxProjects {
		h, err := dialHostile(t, srv.URL, bridge.Hello{DataPath: fmt.Sprintf("/nowhere/p%d/Assets", i)})
		if err != nil {
			t.Fatal(err)
		}
		h.event(api.EventCompileFinished, map[string]any{"success": false, "errors": diag, "warnings": diag})
		h.event(bridge.EventConsole, bridge.ConsoleBatch{Entries: []bridge.ConsoleEntry{{Type: "Error", Message: "m"}}})
		h.sync()
		h.leave()
	}
	eventually(t, "made-up projects to be forgotten", func() bool { p, _, _, _, _, _ := e.kept(); return p == 1 })
	if p, rings, compiles, seen, _, _ := e.kept(); p != 1 || rings != 1 || compiles != 0 || seen != 1 {
		t.Errorf("after the made-up projects left: %d projects, %d Console rings, %d compile results, %d states kept; want only the real project's", p, rings, compiles, seen)
	}
	if n := len(dir.Instances()); n > 1 {
		eventually(t, "their descriptors to be removed", func() bool { return len(dir.Instances()) <= 1 })
	}
	e.defs.mu.Lock()
	sets := 0
	for h := range e.defs.sets {
		if h != "" { // the shared definitions
			sets++
		}
	}
	e.defs.mu.Unlock()
	folders, _ := os.ReadDir(dir.ToolsRoot())
	if sets > 1 || len(folders) > 2 { // the real project's and "shared"
		t.Errorf("after the made-up projects left: %d definition sets, %d folders in %s", sets, len(folders), dir.ToolsRoot())
	}

	// (c) Real folders, more than MaxProjects of them: the least recently
	// seen give way; each compile result is bounded.
	for i := range 2 * maxProjects {
		p := filepath.Join(root, fmt.Sprint("real", i), "Assets")
		os.MkdirAll(p, 0o755)
		h, err := dialHostile(t, srv.URL, bridge.Hello{DataPath: filepath.ToSlash(p)})
		if err != nil {
			t.Fatal(err)
		}
		h.event(api.EventCompileFinished, map[string]any{"success": false, "errors": diag, "warnings": diag})
		h.sync()
		h.leave()
	}
	eventually(t, "the oldest projects to give way", func() bool { p, _, _, _, _, _ := e.kept(); return p <= maxProjects })
	p, rings, compiles, seen, ringBytes, compileBytes := e.kept()
	if p > maxProjects || rings > maxProjects || compiles > maxProjects || seen > maxProjects {
		t.Errorf("%d projects, %d rings, %d compile results, %d states kept; want at most %d each", p, rings, compiles, seen, maxProjects)
	}
	if ringBytes > maxProjects*console.RingBytes || compileBytes > maxProjects*(2*bridge.MaxDiagnostics*(bridge.MaxDiagnosticText+bridge.MaxFileBytes+64)) {
		t.Errorf("kept: %d bytes of Console, %d of compile results", ringBytes, compileBytes)
	}
	if _, still := e.Hub.Editor(project.Hash(game)); !still {
		t.Log("the first project gave way too (it was the least recently seen)")
	}
	if n := len(dir.Instances()); n > maxProjects {
		eventually(t, "descriptors to be bounded", func() bool { return len(dir.Instances()) <= maxProjects })
	}
	ed.leave()
}

func manyDeclared(n, descBytes int) []api.DeclaredTool {
	out := make([]api.DeclaredTool, n)
	for i := range out {
		out[i] = api.DeclaredTool{Name: fmt.Sprint("tool", i), Description: strings.Repeat("d", descBytes), InputSchema: json.RawMessage(`{"type":"object"}`)}
	}
	return out
}
