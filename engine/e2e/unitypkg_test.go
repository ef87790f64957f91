package e2e

import (
	"bufio"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/console"
)

// needMono skips locally (fails under CI=true) without the C# toolchain.
func needMono(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"mcs", "mono", "nunit-console"} {
		if _, err := exec.LookPath(tool); err != nil {
			msg := "the Unity package's C# needs mono-mcs, mono-runtime and nunit-console (apt): " + err.Error()
			if os.Getenv("CI") == "true" {
				t.Fatal(msg)
			}
			t.Skip(msg)
		}
	}
}

// buildPackage compiles the Unity package headless (Tests~/build.sh) once.
func buildPackage(t *testing.T) string {
	t.Helper()
	needMono(t)
	out := filepath.Join(bins.dir, "upkg")
	if _, err := os.Stat(filepath.Join(out, "UnityMcp.Headless.exe")); err == nil {
		return out
	}
	cmd := exec.Command("bash", "../../unity-package/Tests~/build.sh", out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the Unity package's C#: %v\n%s", err, b)
	}
	return out
}

// The Core's NUnit tests, and the adapters compiled against the Unity API
// stubs (build.sh fails on any error or warning).
func TestUnityPackageCompilesAndCoreTestsPass(t *testing.T) {
	out := buildPackage(t)
	for _, f := range []string{"UnityMcp.Core.dll", "UnityMcp.Core.Tests.dll", "UnityMcp.Headless.exe", "UnityMcp.Editor.dll", "UnityMcp.Editor.Tests.dll", "Snippet.Allowed_EditorScripting.dll"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("%s not built: %v", f, err)
		}
	}
	cmd := exec.Command("nunit-console", "-nologo", "UnityMcp.Core.Tests.dll")
	cmd.Dir = out
	b, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(b), "Failures: 0") {
		t.Fatalf("Core tests: %v\n%s", err, b)
	}
	t.Log(strings.TrimSpace(string(b[strings.Index(string(b), "Tests run"):])))
}

// The package's real tool handlers (Editor/Unity) run over the behavioural fake
// of Unity (Tests~/Stubs), for the oldest and the newest supported version:
// Tests~/Fake's NUnit tests call them as the bridge does and check the scene,
// the Undo history and the answers.
func TestPackageAdaptersRunOverTheFake(t *testing.T) {
	out := buildPackage(t)
	dirs, _ := filepath.Glob(filepath.Join(out, "fake", "*"))
	if len(dirs) < 2 {
		t.Fatalf("build.sh built the fake-editor tests for %d versions, want the oldest and the newest: %v", len(dirs), dirs)
	}
	for _, dir := range dirs {
		cmd := exec.Command("nunit-console", "-nologo", "UnityMcp.Fake.Tests.dll")
		cmd.Dir = dir
		b, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(b), "Failures: 0") || !strings.Contains(string(b), "Errors: 0") {
			t.Fatalf("fake-editor tests for Unity %s: %v\n%s", filepath.Base(dir), err, b)
		}
		t.Logf("Unity %s: %s", filepath.Base(dir), strings.TrimSpace(string(b[strings.Index(string(b), "Tests run"):strings.Index(string(b), "Tests run")+60])))
	}
}

// The real C# Core against the real daemon: it dials, authenticates,
// declares a tool, serves calls on its main thread, survives reloads with
// results delivered across them (in the hello, and to the re-sent request of
// a call still running after it), loses no answer sent right before a reload,
// emits events, and quits cleanly.
func TestHeadlessCSharpHostAgainstDaemon(t *testing.T) {
	out := buildPackage(t)
	e := startDaemon(t, bridge.Options{})
	proj := newProject(t, "CSharpGame")
	ev, stopEvents := e.d.Engine.Events.Subscribe(256)
	defer stopEvents()
	updates := make(chan console.Update, 1024)
	e.d.Engine.OnUpdate(func(u console.Update) {
		select {
		case updates <- u:
		default:
		}
	})
	cmd := exec.Command("mono", filepath.Join(out, "UnityMcp.Headless.exe"), e.State.Root, proj)
	cmd.Env = append(os.Environ(), "MONO_PATH="+out)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	var stderr syncBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := make(chan string, 16)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	expect := func(want string) {
		t.Helper()
		select {
		case l := <-lines:
			if l != want {
				t.Fatalf("host said %q, want %q; stderr:\n%s", l, want, stderr.String())
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("host did not say %q; stderr:\n%s", want, stderr.String())
		}
	}
	expect("CONNECTED 1")
	eds := e.d.Engine.Hub.Editors()
	if len(eds) != 1 || eds[0].ProjectPath != filepath.ToSlash(proj) || eds[0].UnityVersion != "headless" {
		t.Fatalf("editors: %+v", eds)
	}
	// The declared attribute tool, run on the host's main thread.
	status, r := e.call("", "headless_echo", map[string]any{"text": "hi"})
	if status != http.StatusOK || r["echo"] != "hi" || r["Ver"] == nil {
		t.Fatalf("headless_echo: %d %v", status, r)
	}
	if status, r := e.call("", "headless_echo", map[string]any{}); status != http.StatusBadRequest || errCode(r) != "invalid_params" {
		t.Errorf("declared schema not enforced: %d %v", status, r)
	}
	status, r = e.call("", "get-logs", map[string]any{})
	if status != http.StatusOK || r["TotalCount"] != 1.0 || r["MaxCount"] != 100.0 {
		t.Errorf("get-logs: %d %v", status, r)
	}
	// A probe through Core's reflection-path parser.
	os.MkdirAll(e.State.ToolsDir(eds[0].ProjectHash), 0o700)
	os.WriteFile(filepath.Join(e.State.ToolsDir(eds[0].ProjectHash), "p.json"), []byte(`{"name":"inspect_player","description":"d","kind":"probe","reads":[{"id":"pos","path":"@scene:/Player/Transform/position"},{"id":"bad","path":"@selection/x"}]}`), 0o600)
	e.do("GET", "/tools?refresh=1", nil, nil)
	_, r = e.call("", "inspect_player", map[string]any{})
	reads, _ := r["reads"].(map[string]any)
	if mustJSON(reads["pos"]) != `{"path":"@scene:/Player/Transform/position","type":"UnityEngine.Vector3","value":{"x":1,"y":2,"z":3}}` || reads["bad"].(map[string]any)["error"] == nil {
		t.Errorf("probe through the C# host: %v", r)
	}
	// compile with WaitForDomainReload: answered after the reload, from the
	// next connection's hello.
	start := time.Now()
	status, r = e.call("", "compile", map[string]any{"WaitForDomainReload": true})
	if status != http.StatusOK || r["ProjectRoot"] != filepath.ToSlash(proj) || r["Success"] != true || r["Runs"] != 1.0 {
		t.Fatalf("compile across the reload: %d %v", status, r)
	}
	expect("CONNECTED 2")
	t.Logf("compile with WaitForDomainReload answered in %v", time.Since(start))
	if info, _ := e.d.Engine.Hub.Editor(eds[0].ProjectHash); info.Epoch != 2 {
		t.Errorf("epoch %d after one reload", info.Epoch)
	}
	// compile without it: answered in the compilationFinished handler, and the
	// reload starts right after on the same tick. The answer, queued just before
	// reload.starting and the close, must reach the daemon: were it lost, the
	// daemon would send the idempotent compile again (Runs 2, a second reload).
	status, r = e.call("", "compile", map[string]any{})
	if status != http.StatusOK || r["Message"] != "compiled (headless host)" || r["Runs"] != 1.0 {
		t.Fatalf("compile answered right before a reload: %d %v", status, r)
	}
	expect("CONNECTED 3")
	// A call that spans a reload and ends as the new domain loads (a Play Mode
	// test run finishing during the reload): delivered in the hello.
	status, r = e.call("", "headless_span", map[string]any{"text": "in hello"})
	if status != http.StatusOK || r["text"] != "in hello" || r["generation"] != 4.0 || r["afterHello"] != false || r["Runs"] != 1.0 {
		t.Fatalf("spanning call delivered in the hello: %d %v", status, r)
	}
	expect("CONNECTED 4")
	// One that ends well after the new domain said hello: the daemon sends it
	// again (same callId), the new domain binds that request to the running call
	// instead of running it twice, and answers it when it ends.
	start = time.Now()
	status, r = e.call("", "headless_span", map[string]any{"text": "after hello", "afterMs": 700})
	if status != http.StatusOK || r["text"] != "after hello" || r["generation"] != 5.0 || r["afterHello"] != true || r["Runs"] != 1.0 {
		t.Fatalf("spanning call answered after the hello: %d %v", status, r)
	}
	expect("CONNECTED 5")
	if d := time.Since(start); d < 700*time.Millisecond {
		t.Errorf("the spanning call was answered after %v, before its run ended", d)
	}
	// A call made during a reload is held and then runs on the new client.
	stdin.Write([]byte("reload\n"))
	e.waitState(eds[0].ProjectHash, api.StateReloading) // the host announced it (and stays away 300 ms)
	status, r = e.call("", "headless_echo", map[string]any{"text": "after"})
	expect("CONNECTED 6")
	if status != http.StatusOK || r["generation"] != 6.0 {
		t.Errorf("call during the reload: %d %v", status, r)
	}
	// Worker-thread tools run concurrently, off the main thread: each of
	// three calls sees all three in the tool at once (HeadlessHost.Together).
	type slowAnswer struct {
		status int
		r      map[string]any
	}
	done := make(chan slowAnswer, 3)
	for i := 0; i < 3; i++ {
		go func() { s, r := e.call("", "headless_slow", nil); done <- slowAnswer{s, r} }()
	}
	for i := 0; i < 3; i++ {
		if a := <-done; a.status != http.StatusOK || a.r["together"] != 3.0 {
			t.Errorf("headless_slow: %d %v; want all three calls in it at once", a.status, a.r)
		}
	}
	// Events reached the daemon's bus.
	seen := map[string]bool{}
	timeout := time.After(5 * time.Second)
	// tests.finished was emitted before the new domain's connection existed: kept and
	// sent after its hello.
	for !(seen["compile.started"] && seen["compile.finished"] && seen["reload.starting"] && seen["tests.finished"]) {
		select {
		case x := <-ev:
			seen[x.Type] = true
		case <-timeout:
			t.Fatalf("events seen: %v", seen)
		}
	}
	// Console entries go through Core's ConsoleForwarder as console.entries
	// batches into the daemon's ring.
	stdin.Write([]byte("log Warning forwarded by the C# Core\n"))
	waitConsole := time.After(10 * time.Second)
	for forwarded := false; !forwarded; {
		select {
		case u := <-updates:
			entries, _ := e.d.Engine.Console(eds[0].ProjectHash)
			forwarded = u.Kind == console.UpdateConsole && len(entries) > 0 && entries[len(entries)-1].Message == "forwarded by the C# Core" && entries[len(entries)-1].Type == "Warning"
		case <-waitConsole:
			t.Fatalf("the host's Console entry did not reach the daemon; stderr:\n%s", stderr.String())
		}
	}
	// quit: announced, so the editor is disconnected without a crash report.
	stdin.Write([]byte("quit\n"))
	expect("BYE")
	cmd.Wait()
	e.waitState(eds[0].ProjectHash, api.StateDisconnected)
	var h map[string]any
	_, body := e.do("GET", "/health", nil, nil)
	json.Unmarshal(body, &h)
	if len(h["editors"].([]any)) != 0 {
		t.Errorf("health after quit: %v", h)
	}
}
