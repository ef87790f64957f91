package e2e

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/catalog"
	"github.com/unitymcp/unitymcp/engine/editorsim"
)

// needNode returns the node binary and the e2e client folder, skipping
// locally (failing under CI=true) when Node or the npm packages are missing.
func needNode(t *testing.T) (string, string) {
	t.Helper()
	dir, _ := filepath.Abs("node")
	node, err := exec.LookPath("node")
	if err == nil {
		_, err = os.Stat(filepath.Join(dir, "node_modules", "@modelcontextprotocol", "sdk"))
	}
	if err != nil {
		msg := "the TypeScript SDK client needs node and `npm ci --prefix engine/e2e/node`: " + err.Error()
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return node, dir
}

// tsCall is one call's outcome as client.mjs prints it.
type tsCall struct {
	Name          string `json:"name"`
	ProtocolError string `json:"protocolError"`
	Result        struct {
		IsError           bool           `json:"isError"`
		StructuredContent map[string]any `json:"structuredContent"`
		Content           []struct {
			Type     string `json:"type"`
			Text     string `json:"text"`
			Data     string `json:"data"`
			MimeType string `json:"mimeType"`
		} `json:"content"`
	} `json:"result"`
}

type tsOutput struct {
	ProtocolVersion string            `json:"protocolVersion"`
	Instructions    string            `json:"instructions"`
	Tools           []json.RawMessage `json:"tools"`
	Calls           []tsCall          `json:"calls"`
	ListChanged     int               `json:"listChanged"`
}

func runTS(t *testing.T, args ...string) tsOutput {
	t.Helper()
	node, dir := needNode(t)
	cmd := exec.Command(node, append([]string{filepath.Join(dir, "client.mjs")}, args...)...)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("TS client: %v\n%s", err, out)
	}
	var o tsOutput
	if err := json.Unmarshal(out, &o); err != nil {
		t.Fatalf("TS client output: %v\n%s", err, out)
	}
	return o
}

// The TypeScript SDK sees every built-in schema exactly as the registry
// defines it, and gets seed-shaped results.
func TestTypeScriptSDKOverHTTP(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	e.startSim(newProject(t, "Game"), editorsim.Config{})
	calls := `[{"name":"get-hierarchy","arguments":{"IncludePaths":true}},{"name":"clear-console","arguments":{"AddConfirmationMessage":true}},
		{"name":"screenshot","arguments":{"WindowName":"sc","MatchMode":"prefix","ResolutionScale":0.25}},{"name":"control-play-mode","arguments":{"Action":"Pause"}},
		{"name":"simulate-keyboard","arguments":{}}]`
	o := runTS(t, "http", e.URL+"/mcp", e.Token, calls)
	if o.ProtocolVersion == "" || !strings.Contains(o.Instructions, "get-logs") {
		t.Errorf("negotiated %q, instructions %q", o.ProtocolVersion, o.Instructions)
	}
	seen := map[string]bool{}
	for _, raw := range o.Tools {
		var tl struct {
			Name        string          `json:"name"`
			InputSchema json.RawMessage `json:"inputSchema"`
			Annotations map[string]any  `json:"annotations"`
		}
		json.Unmarshal(raw, &tl)
		seen[tl.Name] = true
		for _, b := range catalog.Builtins() {
			if b.Name != tl.Name {
				continue
			}
			if mustJSON(decode(b.Schema)) != mustJSON(decode(tl.InputSchema)) {
				t.Errorf("%s: the client sees schema %s, registry has %s", tl.Name, tl.InputSchema, b.Schema)
			}
			for _, k := range []string{"readOnlyHint", "destructiveHint", "idempotentHint"} {
				if _, ok := tl.Annotations[k]; !ok {
					t.Errorf("%s: annotation %s missing", tl.Name, k)
				}
			}
		}
	}
	if len(seen) != nBuiltins+2 {
		t.Errorf("TS client saw %d tools", len(seen))
	}
	byName := map[string]map[string]any{}
	for _, c := range o.Calls {
		if c.ProtocolError != "" {
			t.Errorf("%s: protocol error %s", c.Name, c.ProtocolError)
			continue
		}
		// The answer is the first block; screenshot adds its image after it.
		if len(c.Result.Content) != 1 && c.Name != "screenshot" || len(c.Result.Content) == 0 ||
			mustJSON(decode(json.RawMessage(c.Result.Content[0].Text))) != mustJSON(c.Result.StructuredContent) {
			t.Errorf("%s: text block and structuredContent differ", c.Name)
		}
		byName[c.Name] = c.Result.StructuredContent
	}
	if p, _ := byName["get-hierarchy"]["hierarchyFilePath"].(string); p == "" {
		t.Errorf("get-hierarchy: %v", byName["get-hierarchy"])
	} else {
		var doc struct {
			Hierarchy []map[string]any `json:"hierarchy"`
			Context   map[string]any   `json:"context"`
		}
		b, _ := os.ReadFile(p)
		if json.Unmarshal(b, &doc) != nil || len(doc.Hierarchy) != 4 || doc.Context["nodeCount"] != 6.0 {
			t.Errorf("hierarchy file: %s", b)
		}
	}
	if r := byName["clear-console"]; r["Success"] != true || r["ClearedCounts"] == nil {
		t.Errorf("clear-console: %v", r)
	}
	if r := byName["screenshot"]; r["ScreenshotCount"] != 1.0 {
		t.Errorf("screenshot: %v", r)
	} else {
		shot := r["Screenshots"].([]any)[0].(map[string]any)
		if shot["Width"] != 320.0 || shot["Height"] != 180.0 || shot["FileSizeBytes"].(float64) <= 0 {
			t.Errorf("screenshot: %v", shot)
		}
		b, _ := os.ReadFile(shot["ImagePath"].(string))
		if len(b) < 8 || string(b[1:4]) != "PNG" {
			t.Errorf("screenshot is not a PNG")
		}
		// The TypeScript client gets the picture itself too.
		var img []byte
		for _, c := range o.Calls {
			if c.Name == "screenshot" && len(c.Result.Content) == 2 && c.Result.Content[1].Type == "image" && c.Result.Content[1].MimeType == "image/png" {
				img, _ = base64.StdEncoding.DecodeString(c.Result.Content[1].Data)
			}
		}
		if cfg, err := png.DecodeConfig(bytes.NewReader(img)); err != nil || cfg.Width != 320 || cfg.Height != 180 {
			t.Errorf("screenshot's image block: %v %+v; want a 320x180 PNG", err, cfg)
		}
	}
	if r := byName["control-play-mode"]; r["IsPaused"] != true || r["IsPlaying"] != false {
		t.Errorf("control-play-mode Pause: %v", r)
	}
	if r := byName["simulate-keyboard"]; errCode(r) != "invalid_params" || !strings.Contains(mustJSON(r), "Key is required") {
		t.Errorf("simulate-keyboard without Key: %v", r)
	}
}

func decode(b json.RawMessage) any {
	var v any
	json.Unmarshal(b, &v)
	return v
}

// The TypeScript SDK through `unitymcp stdio`, and list_changed over HTTP
// when an editor appears.
func TestTypeScriptSDKOverStdioAndListChanged(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	proj := newProject(t, "Game")
	// The in-process daemon's state dir is shared with the stdio shim.
	env, _ := json.Marshal(map[string]string{"UNITYMCP_HOME": e.State.Root, "PATH": os.Getenv("PATH")})
	cmd, _ := json.Marshal([]string{bins.unitymcp, "stdio", "--project", proj})
	e.startSim(proj, editorsim.Config{})
	o := runTS(t, "stdio", string(cmd), string(env), `[{"name":"get-logs","arguments":{"LogType":"All"}}]`)
	if len(o.Tools) != nBuiltins+2 || len(o.Calls) != 1 || o.Calls[0].Result.IsError || o.Calls[0].Result.StructuredContent["Ver"] == nil {
		t.Fatalf("stdio: %d tools, calls %+v", len(o.Tools), o.Calls)
	}

	// list_changed: a second project appears while the client listens.
	node, dir := needNode(t)
	c := exec.Command(node, filepath.Join(dir, "client.mjs"), "http", e.URL+"/mcp", e.Token, "[]", "8000")
	stderr, _ := c.StderrPipe()
	stdout, _ := c.StdoutPipe()
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stderr)
	listening := make(chan struct{})
	go func() {
		for sc.Scan() {
			if sc.Text() == "LISTENING" {
				close(listening)
			}
		}
	}()
	select {
	case <-listening:
	case <-time.After(20 * time.Second):
		t.Fatal("TS client did not start listening")
	}
	// The SDK opens its GET stream on its own after LISTENING, and nothing
	// says when it is up; a list_changed sent before may not reach it. So
	// the catalog changes (catalogChange) again and again until the client
	// has one and prints what it got (it waits up to 8 s): the verdict is
	// its count.
	decoded := make(chan error, 1)
	var o2 tsOutput
	go func() { decoded <- json.NewDecoder(stdout).Decode(&o2) }()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	changes := 0
	catalogChange(t, e, changes)
	for waiting := true; waiting; {
		select {
		case err := <-decoded:
			if err != nil {
				t.Fatal(err)
			}
			waiting = false
		case <-tick.C:
			changes++
			catalogChange(t, e, changes)
		}
	}
	c.Wait()
	if o2.ListChanged == 0 {
		t.Errorf("TS client got no tools/list_changed")
	}
}

// The TypeScript SDK reads a large inline answer both ways the daemon now
// writes one as it goes: over HTTP, chunked with no Content-Length; over
// `unitymcp stdio`, written to the client's pipe in pieces as one line.
// 12,000 Console entries with stack traces: a ~3.6 MB result, twice in the
// answer.
func TestTypeScriptSDKReadsLargeAnswers(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	proj := newProject(t, "Large")
	const lines = 12000
	e.startSim(proj, editorsim.Config{ConsoleLines: lines})
	call := fmt.Sprintf(`[{"name":"get-logs","arguments":{"MaxCount":%d,"IncludeStackTrace":true}}]`, lines)
	check := func(how string, o tsOutput) {
		t.Helper()
		if len(o.Calls) != 1 || o.Calls[0].ProtocolError != "" || o.Calls[0].Result.IsError || len(o.Calls[0].Result.Content) != 1 {
			t.Fatalf("%s: calls %.300v", how, o.Calls)
		}
		r := o.Calls[0].Result
		logs, _ := r.StructuredContent["Logs"].([]any)
		var text struct{ Logs []map[string]any }
		if err := json.Unmarshal([]byte(r.Content[0].Text), &text); err != nil || len(logs) != lines || len(text.Logs) != lines {
			t.Fatalf("%s: %d entries in structuredContent, %d in the text (%v); want %d each", how, len(logs), len(text.Logs), err, lines)
		}
		if len(r.Content[0].Text) < 3<<20 {
			t.Fatalf("%s: the result's text is %d bytes; the test needs one of megabytes", how, len(r.Content[0].Text))
		}
		last := text.Logs[lines-1]
		if msg, _ := last["Message"].(string); !strings.Contains(msg, fmt.Sprintf("warning %d:", lines-1)) || !strings.Contains(msg, "<tags> & 日本語") {
			t.Fatalf("%s: the last entry's message came through as %q", how, msg)
		}
	}
	check("HTTP", runTS(t, "http", e.URL+"/mcp", e.Token, call))
	env, _ := json.Marshal(map[string]string{"UNITYMCP_HOME": e.State.Root, "PATH": os.Getenv("PATH")})
	cmd, _ := json.Marshal([]string{bins.unitymcp, "stdio", "--project", proj})
	check("stdio", runTS(t, "stdio", string(cmd), string(env), call))
}
