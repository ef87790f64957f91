package e2e

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/editorsim"
)

// A call made while the editor reloads is held and runs after the
// reconnect — no "please retry".
func TestCallDuringReloadCompletesAfterReconnect(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	dir := newProject(t, "Game")
	sim := e.startSim(dir, editorsim.Config{ReloadDelay: 400 * time.Millisecond})
	os.WriteFile(filepath.Join(dir, "Assets/Scripts/New.cs"), []byte("class New {}\n"), 0o644)
	status, res := e.call("", "compile", map[string]any{})
	if status != http.StatusOK || res["Success"] != true {
		t.Fatalf("compile: %d %v", status, res)
	}
	e.waitState(sim.Hash(), api.StateReloading)
	start := time.Now()
	status, res = e.call("", "get-logs", map[string]any{"LogType": "All"})
	waited := time.Since(start)
	if status != http.StatusOK {
		t.Fatalf("get-logs during reload: %d %v", status, res)
	}
	if _, ok := res["Logs"]; !ok || res["Ver"] == nil {
		t.Fatalf("get-logs answer lacks fields: %v", res)
	}
	if waited < 100*time.Millisecond {
		t.Errorf("call came back in %v, before the reload could have ended", waited)
	}
	if sim.Reloads() != 1 {
		t.Errorf("reloads = %d, want 1", sim.Reloads())
	}
}

// compile with WaitForDomainReload answers after the reload, with the
// results and ProjectRoot, delivered across the reconnect.
func TestCompileWaitForDomainReload(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	dir := newProject(t, "Game")
	sim := e.startSim(dir, editorsim.Config{ReloadDelay: 200 * time.Millisecond})
	status, res := e.call("", "compile", map[string]any{"ForceRecompile": true, "WaitForDomainReload": true})
	if status != http.StatusOK || res["Success"] != true || res["ProjectRoot"] != filepath.ToSlash(dir) {
		t.Fatalf("compile: %d %v", status, res)
	}
	if sim.Reloads() != 1 {
		t.Errorf("reloads = %d, want 1", sim.Reloads())
	}
	// ForceRecompile without waiting answers nulls, as the seed says.
	status, res = e.call("", "compile", map[string]any{"ForceRecompile": true})
	if status != http.StatusOK || res["Success"] != nil || res["ErrorCount"] != nil || res["Errors"] != nil {
		t.Fatalf("forced compile without wait: %d %v", status, res)
	}
}

// Compile errors come back with file and line, and land in the console.
func TestCompileErrors(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	dir := newProject(t, "Game")
	e.startSim(dir, editorsim.Config{})
	os.WriteFile(filepath.Join(dir, "Assets/Scripts/Bad.cs"), []byte("class Bad {\n#error missing semicolon\n#warning careful\n}\n"), 0o644)
	_, res := e.call("", "compile", map[string]any{})
	if res["Success"] != false || res["ErrorCount"] != 1.0 || res["WarningCount"] != 1.0 {
		t.Fatalf("compile: %v", res)
	}
	first := res["Errors"].([]any)[0].(map[string]any)
	if first["File"] != "Assets/Scripts/Bad.cs" || first["Line"] != 2.0 || !strings.Contains(first["Message"].(string), "missing semicolon") {
		t.Errorf("first error: %v", first)
	}
	_, logs := e.call("", "get-logs", map[string]any{"LogType": "Error", "SearchText": "semicolon"})
	if logs["TotalCount"] != 1.0 {
		t.Errorf("get-logs: %v", logs)
	}
}

// A non-idempotent call the reload interrupts is answered with
// interrupted_by_reload; an idempotent one is re-sent and succeeds.
func TestInterruptedCalls(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	dir := newProject(t, "Game")
	// Every call takes 300 ms on the simulated main thread, so both calls
	// below are in flight when the reload starts.
	sim := e.startSim(dir, editorsim.Config{ReloadDelay: 200 * time.Millisecond, Slow: 300 * time.Millisecond})
	var wg sync.WaitGroup
	var keyStatus, logsStatus int
	var keyRes, logsRes map[string]any
	wg.Add(2)
	go func() {
		defer wg.Done()
		keyStatus, keyRes = e.call("", "simulate-keyboard", map[string]any{"Key": "W"})
	}()
	go func() {
		defer wg.Done()
		logsStatus, logsRes = e.call("", "get-logs", map[string]any{})
	}()
	waitFor(t, 10*time.Second, func() bool { return len(sim.Executions()) >= 2 }, "both calls to reach the editor")
	sim.Reload()
	wg.Wait()
	if keyStatus != http.StatusServiceUnavailable || errCode(keyRes) != "interrupted_by_reload" {
		t.Errorf("simulate-keyboard across the reload: %d %v", keyStatus, keyRes)
	}
	if logsStatus != http.StatusOK {
		t.Errorf("get-logs (idempotent) across the reload: %d %v", logsStatus, logsRes)
	}
	for _, ex := range sim.Executions() {
		if ex.Tool == "simulate-keyboard" && ex.Count != 1 {
			t.Errorf("simulate-keyboard ran %d times", ex.Count)
		}
		if ex.Tool == "get-logs" && ex.Count != 2 {
			t.Errorf("get-logs ran %d times, want 2 (re-sent after the reload)", ex.Count)
		}
	}
}

// An editor that drops without announcing a reload fails its calls at once
// with a clear error, and later calls say it is not connected.
func TestCrash(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	dir := newProject(t, "Game")
	sim := e.startSim(dir, editorsim.Config{CrashAfter: 2, ExitOnCrash: true})
	if status, _ := e.call("", "get-logs", map[string]any{}); status != http.StatusOK {
		t.Fatal("first call failed")
	}
	// editor_disconnected is the verdict: a call that waited for the editor
	// to come back would end in deadline_exceeded instead.
	status, res := e.call("", "get-logs", map[string]any{})
	if status != http.StatusServiceUnavailable || errCode(res) != "editor_disconnected" {
		t.Fatalf("call during crash: %d %v", status, res)
	}
	e.waitState(sim.Hash(), api.StateDisconnected)
	status, res = e.call("", "get-logs", map[string]any{})
	if status != http.StatusServiceUnavailable || errCode(res) != "editor_not_connected" {
		t.Fatalf("call after crash: %d %v", status, res)
	}
}

// A held call is bounded by its deadline.
func TestHeldCallDeadline(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	dir := newProject(t, "Game")
	sim := e.startSim(dir, editorsim.Config{ReloadDelay: 3 * time.Second})
	os.WriteFile(filepath.Join(dir, "Assets/Scripts/New.cs"), []byte("class New {}\n"), 0o644)
	e.call("", "compile", map[string]any{})
	e.waitState(sim.Hash(), api.StateReloading)
	// 504 deadline_exceeded is the verdict: a call that ignored its 300 ms
	// deadline would be answered when the reload ends, with the logs.
	status, body := e.do("POST", "/tools/get-logs?timeout=300ms", []byte(`{}`), nil)
	if status != http.StatusGatewayTimeout || !strings.Contains(string(body), "deadline_exceeded") {
		t.Fatalf("held call past its deadline: %d %s", status, body)
	}
}

// A call held during a reload is dispatched right after the editor's
// hello (target: within 10 ms; the test allows 50 ms for loaded machines).
func TestHeldCallDispatchLatency(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	sim := e.startSim(newProject(t, "Game"), editorsim.Config{ReloadDelay: 300 * time.Millisecond})
	var worst time.Duration
	for i := 0; i < 5; i++ {
		sim.Reload()
		e.waitState(sim.Hash(), api.StateReloading)
		if status, _ := e.call("", "get-logs", map[string]any{}); status != http.StatusOK {
			t.Fatalf("held call: %d", status)
		}
		var last time.Time
		for _, ex := range sim.Executions() {
			if ex.Last.After(last) {
				last = ex.Last
			}
		}
		d := last.Sub(sim.HelloAt())
		worst = max(worst, d)
	}
	t.Logf("hello → held call at the editor, worst of 5: %v", worst)
	if worst > 50*time.Millisecond {
		t.Errorf("held call dispatched %v after the hello", worst)
	}
}
