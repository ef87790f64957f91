package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/editorsim"
)

func writeDef(t *testing.T, dir, name, body string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
}

// A project definition that shadows a shared one: the unpinned catalog
// (GET /tools and MCP tools/list) shows the project's description and
// schema, and an unpinned call runs the project's definition — the listing
// is exactly what a call runs. And no call builds a catalog: not a
// built-in, a probe, or a sequence with steps.
func TestUnpinnedCatalogShowsWhatCallsRun(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	sim := e.startSim(newProject(t, "Game"), editorsim.Config{})
	writeDef(t, e.State.SharedToolsDir(), "state_probe.json",
		`{"name":"state_probe","description":"shared version","kind":"probe","reads":[{"id":"playing","path":"UnityEditor.EditorApplication/isPlaying"}]}`)
	writeDef(t, e.State.ToolsDir(sim.Hash()), "state_probe.json",
		`{"name":"state_probe","description":"project version","kind":"probe","inputs":{"label":{"type":"string","description":"a label","default":"x"}},"reads":[{"id":"paused","path":"@type:UnityEditor.EditorApplication/isPaused"}]}`)
	writeDef(t, e.State.ToolsDir(sim.Hash()), "twice.json",
		`{"name":"twice","description":"two steps","kind":"sequence","steps":[{"id":"a","tool":"state_probe","arguments":{}},{"id":"b","tool":"get-logs","arguments":{"MaxCount":1}}]}`)
	e.d.Engine.ReloadDefinitions(nil)

	status, body := e.do("GET", "/tools", nil, nil)
	if status != 200 {
		t.Fatalf("GET /tools: %d %s", status, body)
	}
	var list api.ToolList
	if err := json.Unmarshal(body, &list); err != nil {
		t.Fatal(err)
	}
	var listed *api.ToolInfo
	for i := range list.Tools {
		if list.Tools[i].Name == "state_probe" {
			listed = &list.Tools[i]
		}
	}
	if listed == nil || listed.Description != "project version" || !strings.Contains(string(listed.InputSchema), `"label"`) {
		t.Fatalf("unpinned GET /tools lists %+v; want the project's definition", listed)
	}
	ctx := t.Context()
	c := connectSDK(t, ctx, httpTransport(e, "/mcp"), protocolVersions[0])
	tools, err := c.cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tl := range tools.Tools {
		if tl.Name == "state_probe" && tl.Description != "project version" {
			t.Errorf("unpinned tools/list shows %q for state_probe; want the project's", tl.Description)
		}
	}

	builds := e.d.Engine.CatalogBuilds()
	status, res := e.call("", "state_probe", map[string]any{})
	reads, _ := res["reads"].(map[string]any)
	if status != 200 || reads["paused"] == nil || reads["playing"] != nil {
		t.Fatalf("unpinned call ran %d %v; want the project's probe (reads paused)", status, res)
	}
	for _, tool := range []string{"get-logs", "state_probe", "twice", "definitions_list"} {
		for _, proj := range []string{"", sim.Hash()} {
			if status, res := e.call(proj, tool, map[string]any{}); status != 200 {
				t.Fatalf("%s (project %q): %d %v", tool, proj, status, res)
			}
		}
	}
	if got := e.d.Engine.CatalogBuilds(); got != builds {
		t.Errorf("calls built %d catalogs; none may be built on the call path", got-builds)
	}
}
