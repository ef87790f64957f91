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
// call answers a short project_ambiguous that names the fix; editors_list
// lists both; editor_select pins the session; its next call reaches only
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
	for _, want := range []string{"project_ambiguous", "editor_select", "editors_list", "?project=", a, simB.Hash()} {
		if !strings.Contains(text, want) {
			t.Errorf("project_ambiguous lacks %q:\n%s", want, text)
		}
	}
	// Short: the editors' names and paths, not their tool schemas.
	if strings.Contains(text, "inputSchema") || strings.Contains(text, "declaredTools") || len(text) > 3000 {
		t.Errorf("project_ambiguous is not short (%d bytes):\n%s", len(text), text)
	}

	r, err = c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "editors_list", Arguments: map[string]any{}})
	if err != nil || r.IsError {
		t.Fatalf("editors_list: %v %v", err, r)
	}
	eds, _ := structured(t, r)["editors"].([]any)
	if len(eds) != 2 {
		t.Fatalf("editors_list: got %v, want two editors", eds)
	}
	for _, ed := range eds {
		m := ed.(map[string]any)
		for _, k := range []string{"project", "name", "path", "hash", "unity_version", "state"} {
			if m[k] == nil || m[k] == "" {
				t.Errorf("editors_list entry lacks %s: %v", k, m)
			}
		}
	}

	// An unknown project answers with the list.
	r, err = c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "editor_select", Arguments: map[string]any{"project": "Gamma"}})
	if err != nil || !r.IsError || !strings.Contains(r.Content[0].(*mcp.TextContent).Text, "unknown_project") ||
		!strings.Contains(r.Content[0].(*mcp.TextContent).Text, b) {
		t.Errorf("editor_select of an unknown project: %v %v", err, r)
	}

	r, err = c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "editor_select", Arguments: map[string]any{"project": "Beta"}})
	if err != nil || r.IsError {
		t.Fatalf("editor_select Beta: %v %v", err, r)
	}
	beforeA, beforeB := executions(simA, "get-logs"), executions(simB, "get-logs")
	for range 2 { // the second may take the fast path
		r, err = c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "get-logs", Arguments: map[string]any{}})
		if err != nil || r.IsError {
			t.Fatalf("call after editor_select: %v %v", err, r)
		}
	}
	if gotA, gotB := executions(simA, "get-logs")-beforeA, executions(simB, "get-logs")-beforeB; gotA != 0 || gotB != 2 {
		t.Errorf("after editor_select Beta: Alpha ran get-logs %d times, Beta %d; want 0 and 2", gotA, gotB)
	}
	r, _ = c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "editors_list", Arguments: map[string]any{}})
	if sc := structured(t, r); sc["pinned"] != simB.Hash() {
		t.Errorf("editors_list pinned: got %v, want %s", sc["pinned"], simB.Hash())
	}

	// Another session is not pinned by it.
	c2 := connectSDK(t, ctx, httpTransport(e, "/mcp"), protocolVersions[0])
	if r, err := c2.cs.CallTool(ctx, &mcp.CallToolParams{Name: "get-logs", Arguments: map[string]any{}}); err != nil || !r.IsError {
		t.Errorf("a second session was pinned by the first's editor_select: %v %v", err, r)
	}
	// A REST call without a session header has no session to pin.
	if status, res := e.call("", "editor_select", map[string]any{"project": "Beta"}); status == http.StatusOK || !strings.Contains(mustJSON(res), "?project=") {
		t.Errorf("editor_select over REST without a session: %d %v", status, res)
	}
}

// The names the editor tools had before the naming rule (list-editors,
// select-editor, open-editor) are listed nowhere, yet a call by one of them
// runs the tool, with the session it is made in, and its answer gives the
// name to use; over REST (the CLI's call) as over MCP.
func TestOldEditorToolNamesStillAnswer(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	a, b := newProject(t, "Alpha"), newProject(t, "Beta")
	e.startSim(a, editorsim.Config{})
	simB := e.startSim(b, editorsim.Config{})
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	c := connectSDK(t, ctx, httpTransport(e, "/mcp?group=all"), protocolVersions[0])

	tools, err := c.cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, tl := range tools.Tools {
		listed[tl.Name] = true
	}
	for old, now := range map[string]string{"list-editors": "editors_list", "select-editor": "editor_select", "open-editor": "editor_open"} {
		if listed[old] || !listed[now] {
			t.Errorf("tools/list: %s listed %v, %s listed %v; want only the new name", old, listed[old], now, listed[now])
		}
	}

	r, err := c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "select-editor", Arguments: map[string]any{"project": "Beta"}})
	if err != nil || r.IsError {
		t.Fatalf("select-editor (the old name): %v %v", err, r)
	}
	if note, _ := structured(t, r)["renamed"].(string); !strings.Contains(note, "editor_select") {
		t.Errorf("select-editor's answer does not give the new name: %v", structured(t, r))
	}
	r, err = c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "editors_list", Arguments: map[string]any{}})
	if err != nil || r.IsError {
		t.Fatalf("editors_list: %v %v", err, r)
	}
	if sc := structured(t, r); sc["pinned"] != simB.Hash() || sc["renamed"] != nil {
		t.Errorf("after select-editor Beta, editors_list answered %v; want Beta pinned and no renamed note", sc)
	}
	r, err = c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "open-editor", Arguments: map[string]any{"project": "Beta"}})
	if err != nil || !r.IsError || !strings.Contains(r.Content[0].(*mcp.TextContent).Text, "confirmation_required") ||
		!strings.Contains(r.Content[0].(*mcp.TextContent).Text, "editor_open") {
		t.Errorf("open-editor (the old name) without confirm: %v %v; want confirmation_required naming editor_open", err, r)
	}

	status, res := e.call("", "list-editors", map[string]any{})
	if eds, _ := res["editors"].([]any); status != http.StatusOK || len(eds) != 2 || !strings.Contains(mustJSON(res["renamed"]), "editors_list") {
		t.Errorf("list-editors over REST: %d %v", status, res)
	}
}
