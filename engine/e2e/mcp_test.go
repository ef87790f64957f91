package e2e

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/editorsim"
)

// tokenTransport adds the bearer token to every request.
// tokenTransport adds the bearer token; base (nil: http.DefaultTransport)
// makes the request.
type tokenTransport struct {
	token string
	base  http.RoundTripper
}

func (t tokenTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+t.token)
	if t.base == nil {
		return http.DefaultTransport.RoundTrip(r)
	}
	return t.base.RoundTrip(r)
}

// protocolVersions are the two eras an SDK client may speak: the 2025
// session-based one and 2026-07-28 (stateless, listen streams).
var protocolVersions = []string{"2025-11-25", "2026-07-28"}

type sdkClient struct {
	cs          *mcp.ClientSession
	listChanged atomic.Int32
	progress    atomic.Int32
	changed     chan struct{} // a token after each list_changed
}

// waitListChanged waits up to timeout for more than n list_changed
// notifications and reports whether they came.
func (c *sdkClient) waitListChanged(n int32, timeout time.Duration) bool {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for c.listChanged.Load() <= n {
		select {
		case <-c.changed:
		case <-timer.C:
			return c.listChanged.Load() > n
		}
	}
	return true
}

func connectSDK(t testing.TB, ctx context.Context, transport mcp.Transport, version string, roots ...string) *sdkClient {
	t.Helper()
	c := &sdkClient{changed: make(chan struct{}, 1)}
	client := mcp.NewClient(&mcp.Implementation{Name: "e2e-go-sdk", Version: "1"}, &mcp.ClientOptions{
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) {
			c.listChanged.Add(1)
			select {
			case c.changed <- struct{}{}:
			default: // a token is already waiting
			}
		},
		ProgressNotificationHandler: func(context.Context, *mcp.ProgressNotificationClientRequest) { c.progress.Add(1) },
	})
	for _, r := range roots {
		client.AddRoots(&mcp.Root{URI: "file://" + filepath.ToSlash(r)})
	}
	cs, err := client.Connect(ctx, transport, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatalf("connect (%s): %v", version, err)
	}
	t.Cleanup(func() { cs.Close() })
	c.cs = cs
	return c
}

func httpTransport(e *env, path string) mcp.Transport {
	return &mcp.StreamableClientTransport{Endpoint: e.URL + path, HTTPClient: &http.Client{Transport: tokenTransport{token: e.Token}}}
}

// structured returns a tool result's structuredContent and checks it equals
// its text block.
func structured(t *testing.T, res *mcp.CallToolResult) map[string]any {
	t.Helper()
	var fromText map[string]any
	if len(res.Content) != 1 {
		t.Fatalf("want one content block, got %d", len(res.Content))
	}
	tc, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("content is %T, want text", res.Content[0])
	}
	if err := json.Unmarshal([]byte(tc.Text), &fromText); err != nil {
		t.Fatalf("text block is not JSON: %s", tc.Text)
	}
	b, _ := json.Marshal(res.StructuredContent)
	var sc map[string]any
	json.Unmarshal(b, &sc)
	if sb, tb := mustJSON(sc), mustJSON(fromText); sb != tb {
		t.Errorf("structuredContent %s differs from the text block %s", sb, tb)
	}
	return sc
}

func mustJSON(v any) string { b, _ := json.Marshal(v); return string(b) }

func TestMCPOverHTTPWithGoSDK(t *testing.T) {
	for _, version := range protocolVersions {
		t.Run(version, func(t *testing.T) {
			e := startDaemon(t, bridge.Options{})
			dir := newProject(t, "Game")
			e.startSim(dir, editorsim.Config{})
			ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
			defer cancel()
			c := connectSDK(t, ctx, httpTransport(e, "/mcp"), version)
			if got := c.cs.InitializeResult().Instructions; !strings.Contains(got, "compile") {
				t.Errorf("instructions: %q", got)
			}
			tools, err := c.cs.ListTools(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			names := map[string]*mcp.Tool{}
			for _, tl := range tools.Tools {
				names[tl.Name] = tl
			}
			for _, want := range []string{"compile", "get-logs", "run-tests", "clear-console", "find-game-objects", "get-hierarchy",
				"execute-dynamic-code", "focus-window", "screenshot", "control-play-mode", "simulate-mouse-ui",
				"simulate-mouse-input", "simulate-keyboard", "sim_set", "sim_select"} {
				tl := names[want]
				if tl == nil {
					t.Errorf("tools/list lacks %s", want)
					continue
				}
				if tl.Annotations == nil || tl.Annotations.DestructiveHint == nil || tl.Annotations.OpenWorldHint == nil {
					t.Errorf("%s: annotations not explicit: %+v", want, tl.Annotations)
				}
			}
			res, err := c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "run-tests", Arguments: map[string]any{"TestMode": "EditMode"}})
			if err != nil {
				t.Fatal(err)
			}
			sc := structured(t, res)
			if res.IsError || sc["FailedCount"] != 1.0 || sc["PassedCount"] != 2.0 || sc["Ver"] == nil || !strings.HasSuffix(sc["XmlPath"].(string), ".xml") {
				t.Errorf("run-tests: %v", sc)
			}
			if _, err := os.Stat(sc["XmlPath"].(string)); err != nil {
				t.Errorf("NUnit XML not written: %v", err)
			}
			// Tool errors are results with isError and {"error":{code,message}}.
			res, err = c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "get-logs", Arguments: map[string]any{"MaxCount": "ten"}})
			if err != nil {
				t.Fatal(err)
			}
			sc = structured(t, res)
			if !res.IsError || errCode(sc) != "invalid_params" {
				t.Errorf("wrong argument type: %v", sc)
			}
			res, err = c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "execute-dynamic-code", Arguments: map[string]any{"Code": "return 1;"}})
			if err != nil {
				t.Fatal(err)
			}
			if sc = structured(t, res); !res.IsError || errCode(sc) != "not_supported" {
				t.Errorf("execute-dynamic-code on the simulator: %v", sc)
			}
			// An unknown tool is a protocol-level or tool-level error, never a crash.
			if res, err := c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "no-such-tool"}); err == nil && !res.IsError {
				t.Errorf("unknown tool succeeded")
			}
		})
	}
}

// ?group= filters tools/list; calls are never filtered.
func TestGroupFilter(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	e.startSim(newProject(t, "Game"), editorsim.Config{})
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	c := connectSDK(t, ctx, httpTransport(e, "/mcp?group=input"), protocolVersions[0])
	tools, err := c.cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range tools.Tools {
		names = append(names, tl.Name)
	}
	if strings.Join(names, ",") != "input_key,input_pointer,input_record,input_replay,simulate-keyboard,simulate-mouse-input,simulate-mouse-ui,tool_groups" {
		t.Errorf("group=input lists %v", names)
	}
	res, err := c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "get-logs"})
	if err != nil || res.IsError {
		t.Errorf("a call outside the group was filtered: %v %v", err, res)
	}
	if status, body := e.do("POST", "/mcp?group=nope", []byte(`{}`), nil); status != http.StatusBadRequest || !strings.Contains(string(body), "diagnostics") {
		t.Errorf("unknown group: %d %s", status, body)
	}
}

// A call held across a reload reports progress to a client that asked.
func TestProgressWhileHeld(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	dir := newProject(t, "Game")
	sim := e.startSim(dir, editorsim.Config{ReloadDelay: 2500 * time.Millisecond})
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	c := connectSDK(t, ctx, httpTransport(e, "/mcp"), protocolVersions[0])
	os.WriteFile(filepath.Join(dir, "Assets/Scripts/New.cs"), []byte("class New {}\n"), 0o644)
	e.call("", "compile", map[string]any{})
	e.waitState(sim.Hash(), api.StateReloading)
	params := &mcp.CallToolParams{Name: "get-logs"}
	params.SetProgressToken("p1")
	res, err := c.cs.CallTool(ctx, params)
	if err != nil || res.IsError {
		t.Fatalf("held call: %v %v", err, res)
	}
	if c.progress.Load() < 1 {
		t.Errorf("no progress notification while held")
	}
}

// Pinning by path, name and hash; several editors without a pin is a clear
// error; roots pick the editor.
func TestRoutingSeveralEditors(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	a, b := newProject(t, "Alpha"), newProject(t, "Beta")
	simA := e.startSim(a, editorsim.Config{})
	simB := e.startSim(b, editorsim.Config{})
	status, res := e.call("", "get-logs", map[string]any{})
	if status != http.StatusConflict || errCode(res) != "project_ambiguous" || !strings.Contains(mustJSON(res), "Alpha") || !strings.Contains(mustJSON(res), "?project=") {
		t.Fatalf("unpinned with two editors: %d %v", status, res)
	}
	for _, sel := range []string{a, simB.Hash(), "Alpha (simulator)"} {
		if status, res := e.call(sel, "get-logs", map[string]any{}); status != http.StatusOK {
			t.Errorf("pinned %q: %d %v", sel, status, res)
		}
	}
	// Writing to one project's console does not show in the other's.
	os.WriteFile(filepath.Join(a, "Assets/Scripts/Bad.cs"), []byte("#error only alpha\n"), 0o644)
	e.call(simA.Hash(), "compile", map[string]any{})
	_, ra := e.call(simA.Hash(), "get-logs", map[string]any{"LogType": "Error"})
	_, rb := e.call(simB.Hash(), "get-logs", map[string]any{"LogType": "Error"})
	if ra["TotalCount"] != 1.0 || rb["TotalCount"] != 0.0 {
		t.Errorf("cross-talk: alpha %v beta %v", ra["TotalCount"], rb["TotalCount"])
	}
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	// A 2025 client with roots is routed by them.
	c := connectSDK(t, ctx, httpTransport(e, "/mcp"), protocolVersions[0], filepath.Join(b, "Assets"))
	r, err := c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "get-logs", Arguments: map[string]any{"LogType": "Error"}})
	if err != nil || r.IsError {
		t.Fatalf("roots routing: %v %v", err, r)
	}
	if sc := structured(t, r); sc["TotalCount"] != 0.0 {
		t.Errorf("roots routed to the wrong editor: %v", sc)
	}
	// /projects/<hash>/mcp pins too.
	c2 := connectSDK(t, ctx, httpTransport(e, "/projects/"+simA.Hash()+"/mcp"), protocolVersions[1])
	r, err = c2.cs.CallTool(ctx, &mcp.CallToolParams{Name: "get-logs", Arguments: map[string]any{"LogType": "Error"}})
	if err != nil || r.IsError || structured(t, r)["TotalCount"] != 1.0 {
		t.Errorf("/projects/<hash>/mcp: %v %v", err, r)
	}
	// An unknown name says so.
	if status, res := e.call("Gamma", "get-logs", map[string]any{}); status != http.StatusNotFound || errCode(res) != "unknown_project" {
		t.Errorf("unknown project name: %d %v", status, res)
	}
	// A known-but-closed project fails fast.
	other := newProject(t, "Closed")
	if status, res := e.call(other, "get-logs", map[string]any{}); status != http.StatusServiceUnavailable || errCode(res) != "editor_not_connected" {
		t.Errorf("project without editor: %d %v", status, res)
	}
}

// A new editor's declared tools reach connected sessions as list_changed.
func TestListChangedOnNewEditor(t *testing.T) {
	for _, version := range protocolVersions {
		t.Run(version, func(t *testing.T) {
			e := startDaemon(t, bridge.Options{})
			ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
			defer cancel()
			c := connectSDK(t, ctx, httpTransport(e, "/mcp"), version)
			tools, err := c.cs.ListTools(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(tools.Tools) != nBuiltins {
				t.Fatalf("before any editor: %d tools, want the %d built-ins", len(tools.Tools), nBuiltins)
			}
			// (2026-07-28 clients get it on the subscriptions/listen stream the
			// SDK opens at connect; 2025 ones on the GET stream.)
			e.startSim(newProject(t, "Game"), editorsim.Config{})
			if !c.waitListChanged(0, 5*time.Second) {
				t.Fatal("no notifications/tools/list_changed")
			}
			tools, _ = c.cs.ListTools(ctx, nil)
			if len(tools.Tools) != nBuiltins+2 {
				t.Errorf("after the editor declared its tools: %d, want %d", len(tools.Tools), nBuiltins+2)
			}
		})
	}
}
