package e2e

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/editorsim"
)

// A session whose client sends no roots, with two editors connected: its
// call answers a short project_ambiguous that names the fix; list-editors
// lists both; select-editor pins the session; its next call reaches only
// the chosen editor.
func TestSelectEditorPinsSession(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	a, b := newProject(t, "Alpha"), newProject(t, "Beta")
	simA := e.startSim(a, editorsim.Config{})
	simB := e.startSim(b, editorsim.Config{})
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	c := connectSDK(t, ctx, httpTransport(e, "/mcp"), protocolVersions[0]) // no roots

	r, err := c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "get-logs", Arguments: map[string]any{}})
	if err != nil || !r.IsError {
		t.Fatalf("unpinned call with two editors: %v %v", err, r)
	}
	text := r.Content[0].(*mcp.TextContent).Text
	for _, want := range []string{"project_ambiguous", "select-editor", "list-editors", "?project=", a, simB.Hash()} {
		if !strings.Contains(text, want) {
			t.Errorf("project_ambiguous lacks %q:\n%s", want, text)
		}
	}
	// Short: the editors' names and paths, not their tool schemas.
	if strings.Contains(text, "inputSchema") || strings.Contains(text, "declaredTools") || len(text) > 3000 {
		t.Errorf("project_ambiguous is not short (%d bytes):\n%s", len(text), text)
	}

	r, err = c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "list-editors", Arguments: map[string]any{}})
	if err != nil || r.IsError {
		t.Fatalf("list-editors: %v %v", err, r)
	}
	eds, _ := structured(t, r)["editors"].([]any)
	if len(eds) != 2 {
		t.Fatalf("list-editors: got %v, want two editors", eds)
	}
	for _, ed := range eds {
		m := ed.(map[string]any)
		for _, k := range []string{"project", "name", "path", "hash", "unityVersion", "state"} {
			if m[k] == nil || m[k] == "" {
				t.Errorf("list-editors entry lacks %s: %v", k, m)
			}
		}
	}

	// An unknown project answers with the list.
	r, err = c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "select-editor", Arguments: map[string]any{"project": "Gamma"}})
	if err != nil || !r.IsError || !strings.Contains(r.Content[0].(*mcp.TextContent).Text, "unknown_project") ||
		!strings.Contains(r.Content[0].(*mcp.TextContent).Text, b) {
		t.Errorf("select-editor of an unknown project: %v %v", err, r)
	}

	r, err = c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "select-editor", Arguments: map[string]any{"project": "Beta"}})
	if err != nil || r.IsError {
		t.Fatalf("select-editor Beta: %v %v", err, r)
	}
	beforeA, beforeB := executions(simA, "get-logs"), executions(simB, "get-logs")
	for range 2 { // the second may take the fast path
		r, err = c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "get-logs", Arguments: map[string]any{}})
		if err != nil || r.IsError {
			t.Fatalf("call after select-editor: %v %v", err, r)
		}
	}
	if gotA, gotB := executions(simA, "get-logs")-beforeA, executions(simB, "get-logs")-beforeB; gotA != 0 || gotB != 2 {
		t.Errorf("after select-editor Beta: Alpha ran get-logs %d times, Beta %d; want 0 and 2", gotA, gotB)
	}
	r, _ = c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "list-editors", Arguments: map[string]any{}})
	if sc := structured(t, r); sc["pinned"] != simB.Hash() {
		t.Errorf("list-editors pinned: got %v, want %s", sc["pinned"], simB.Hash())
	}

	// Another session is not pinned by it.
	c2 := connectSDK(t, ctx, httpTransport(e, "/mcp"), protocolVersions[0])
	if r, err := c2.cs.CallTool(ctx, &mcp.CallToolParams{Name: "get-logs", Arguments: map[string]any{}}); err != nil || !r.IsError {
		t.Errorf("a second session was pinned by the first's select-editor: %v %v", err, r)
	}
	// A REST call without a session header has no session to pin.
	if status, res := e.call("", "select-editor", map[string]any{"project": "Beta"}); status == http.StatusOK || !strings.Contains(mustJSON(res), "?project=") {
		t.Errorf("select-editor over REST without a session: %d %v", status, res)
	}
}
