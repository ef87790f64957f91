package e2e

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/console"
	"github.com/unitymcp/unitymcp/engine/editorsim"
)

// A `unitymcp stdio` session pinned to Alpha — by --project, or by the
// folder it was started in — is moved to Beta by editor_select: its later
// calls run in Beta's editor, editors_list shows the new pin, resources
// are Beta's (its subscription to Alpha's Console follows to Beta's), its
// Console messages are Beta's only, and the client is told its tools
// changed. (Issue 30: the session answered "now go to Beta" and kept
// calling Alpha.)
func TestSelectEditorMovesAStdioSession(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	projA, projB := newProject(t, "Alpha"), newProject(t, "Beta")
	simA := e.startSim(projA, editorsim.Config{})
	simB := e.startSim(projB, editorsim.Config{})
	a, b := simA.Hash(), simB.Hash()
	for _, pin := range []string{"--project", "working folder"} {
		t.Run(pin, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
			defer cancel()
			cmd := exec.Command(bins.unitymcp, "stdio")
			if pin == "--project" {
				cmd.Args = append(cmd.Args, "--project", projA)
			} else {
				cmd.Dir = projA
			}
			cmd.Env = append(slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, "CLAUDE_PROJECT_DIR=") }),
				"UNITYMCP_HOME="+e.State.Root)
			c := connectConsoleOver(t, ctx, &mcp.CommandTransport{Command: cmd})
			setLevel(t, ctx, c, "info")
			consoleA, consoleB := "unity://editors/"+a+"/console", "unity://editors/"+b+"/console"
			if err := c.cs.Subscribe(ctx, &mcp.SubscribeParams{URI: consoleA}); err != nil {
				t.Fatal(err)
			}
			call := func(tool string, args map[string]any) map[string]any {
				t.Helper()
				res, err := c.cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
				if err != nil {
					t.Fatalf("%s: %v", tool, err)
				}
				var m map[string]any
				b, _ := json.Marshal(res.StructuredContent)
				json.Unmarshal(b, &m)
				if res.IsError {
					t.Fatalf("%s: %v", tool, m)
				}
				return m
			}
			ranA, ranB := executions(simA, "get-logs"), executions(simB, "get-logs")
			call("get-logs", map[string]any{})
			if executions(simA, "get-logs") != ranA+1 || executions(simB, "get-logs") != ranB {
				t.Fatal("before editor_select, get-logs did not run in Alpha's editor alone")
			}
			if got := call("editors_list", nil)["pinned"]; got != a {
				t.Errorf("editors_list before: pinned %v, want Alpha's %s (the pin the session started with)", got, a)
			}

			sel := call("editor_select", map[string]any{"project": projB})
			if msg, _ := sel["message"].(string); !strings.Contains(msg, "Beta") {
				t.Errorf("editor_select answered %v", sel)
			}
			select {
			case <-c.listChanged:
			case <-time.After(10 * time.Second):
				t.Error("no tools/list_changed after the session moved")
			}
			call("get-logs", map[string]any{})
			if executions(simB, "get-logs") != ranB+1 || executions(simA, "get-logs") != ranA+1 {
				t.Errorf("after editor_select, get-logs ran %d more times in Beta and %d more in Alpha; want once in Beta",
					executions(simB, "get-logs")-ranB, executions(simA, "get-logs")-ranA-1)
			}
			if got := call("editors_list", nil)["pinned"]; got != b {
				t.Errorf("editors_list after: pinned %v, want Beta's %s", got, b)
			}
			if v := c.read(t, ctx, consoleB); v["project"] != b {
				t.Errorf("Beta's console resource: %v", v)
			}
			if _, err := c.cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: consoleA}); err == nil {
				t.Error("the session, moved to Beta, still reads Alpha's console")
			}

			// Console: Alpha's entry reaches the daemon first, then Beta's;
			// the session hears Beta's alone, and its subscription (made for
			// Alpha's console) now says Beta's changed.
			simA.Log("Log", "alpha after "+pin, "")
			waitFor(t, 10*time.Second, func() bool {
				entries, _ := e.d.Engine.Console(a)
				return slices.ContainsFunc(entries, func(en console.Entry) bool { return en.Message == "alpha after "+pin })
			}, "Alpha's entry to reach the daemon")
			simB.Log("Log", "beta after "+pin, "")
			for _, m := range c.until(t, message("beta after "+pin)) {
				if m.Project == a {
					t.Errorf("the session moved to Beta still hears Alpha's Console: %+v", m)
				}
			}
			c.waitUpdated(t, consoleB)
		})
	}
}

// An HTTP session pinned by its URL cannot move: editor_select refuses,
// naming the URL to use instead, and its calls stay with its project.
func TestSelectEditorRefusesASessionPinnedByItsURL(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	projA, projB := newProject(t, "Alpha"), newProject(t, "Beta")
	simA := e.startSim(projA, editorsim.Config{})
	simB := e.startSim(projB, editorsim.Config{})
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	c := connectSDK(t, ctx, httpTransport(e, "/projects/"+simA.Hash()+"/mcp"), protocolVersions[0])
	res, err := c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "editor_select", Arguments: map[string]any{"project": projB}})
	if err != nil {
		t.Fatal(err)
	}
	m := structured(t, res)
	msg, _ := m["error"].(map[string]any)["message"].(string)
	if !res.IsError || errCode(m) != "session_pinned" || !strings.Contains(msg, "/projects/"+simB.Hash()+"/mcp") {
		t.Fatalf("editor_select on a session pinned by its URL: %v; want session_pinned naming Beta's URL", m)
	}
	ranA := executions(simA, "get-logs")
	if res, err := c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "get-logs", Arguments: map[string]any{}}); err != nil || res.IsError {
		t.Fatalf("get-logs: %v %v", err, res)
	}
	if executions(simA, "get-logs") != ranA+1 {
		t.Error("the refused session's call did not stay with Alpha")
	}
}
