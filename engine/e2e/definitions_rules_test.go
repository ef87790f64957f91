package e2e

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/editorsim"
)

// defEvents subscribes to the daemon's events, to wait on the
// definitions.changed events of the watcher's reloads (published after the
// catalogs were rebuilt and the front ends told).
type defEvents struct {
	t  *testing.T
	ch <-chan api.Event
}

func watchDefinitions(t *testing.T, e *env) *defEvents {
	ch, stop := e.d.Engine.Events.Subscribe(256)
	t.Cleanup(stop)
	return &defEvents{t: t, ch: ch}
}

// until checks cond now and after each definitions.changed of project hash,
// and fails if it has not held within 10 seconds. A reload that is not the
// awaited one (another folder's, an earlier write's) just checks again.
func (d *defEvents) until(hash, what string, cond func() bool) {
	d.t.Helper()
	timeout := time.After(10 * time.Second)
	for !cond() {
		for waiting := true; waiting; {
			select {
			case ev := <-d.ch:
				waiting = ev.Type != api.EventDefinitionsChanged || ev.Project != hash
			case <-timeout:
				d.t.Fatalf("timed out waiting, on definitions.changed of project %q, for %s", hash, what)
			}
		}
	}
}

// definitionsProject starts a daemon with one simulated editor and watches
// its definition events.
func definitionsProject(t *testing.T) (*env, *editorsim.Sim, *defEvents) {
	e := startDaemon(t, bridge.Options{})
	sim := e.startSim(newProject(t, "Game"), editorsim.Config{})
	return e, sim, watchDefinitions(t, e)
}

// saveDef writes a definition file atomically (a temp file elsewhere, then
// a rename), as editors save: one change for the watcher.
func saveDef(t *testing.T, dir, name, body string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	tmp := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(tmp, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, filepath.Join(dir, name)); err != nil {
		t.Fatal(err)
	}
}

// listedDescription returns the description of tool name in a GET /tools.
func listedDescription(t *testing.T, e *env, query, name string) string {
	t.Helper()
	status, body := e.do("GET", "/tools"+query, nil, nil)
	if status != 200 {
		t.Fatalf("GET /tools%s: %d %s", query, status, body)
	}
	var list api.ToolList
	json.Unmarshal(body, &list)
	for _, tl := range list.Tools {
		if tl.Name == name {
			return tl.Description
		}
	}
	return ""
}

// A definition that shadows another is what every listing shows and what
// every call runs — after a hot reload too, as soon as definitions.changed
// arrives: REST and MCP, pinned and unpinned, and definitions_list. The
// per-user project folder wins over the committed one, which wins over the
// shared one. Enum inputs are checked exactly at call time.
func TestDefinitionShadowingListedAsCalled(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	proj := newProject(t, "Game")
	sim := e.startSim(proj, editorsim.Config{})
	hash := sim.Hash()
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	events := watchDefinitions(t, e)
	probe := func(desc, read string) string {
		return `{"name":"state_probe","description":"` + desc + `","kind":"probe",
			"inputs":{"axis":{"type":"string","description":"an axis","enum":["x","y","z"],"default":"x"}},
			"reads":[{"id":"` + read + `","path":"UnityEditor.EditorApplication/` + read + `"}]}`
	}
	listed := func(query, want string) func() bool {
		return func() bool { return listedDescription(t, e, query, "state_probe") == want }
	}
	saveDef(t, e.State.SharedToolsDir(), "state.json", probe("shared version", "isCompiling"))
	events.until("", "the shared definition", listed("", "shared version"))
	saveDef(t, filepath.Join(proj, ".unitymcp", "tools"), "state.json", probe("committed version", "isPaused"))
	events.until(hash, "the committed definition", listed("?project="+hash, "committed version"))

	unpinned := connectSDK(t, ctx, httpTransport(e, "/mcp"), protocolVersions[0])
	pinned := connectSDK(t, ctx, httpTransport(e, "/mcp?project="+hash), protocolVersions[0])
	check := func(want, read string) {
		t.Helper()
		for _, q := range []string{"", "?project=" + hash} {
			if got := listedDescription(t, e, q, "state_probe"); got != want {
				t.Errorf("GET /tools%s lists %q, want %q", q, got, want)
			}
		}
		for name, c := range map[string]*sdkClient{"unpinned": unpinned, "pinned": pinned} {
			tools, err := c.cs.ListTools(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, tl := range tools.Tools {
				if tl.Name == "state_probe" {
					found = true
					if tl.Description != want {
						t.Errorf("%s tools/list shows %q, want %q", name, tl.Description, want)
					}
				}
			}
			if !found {
				t.Errorf("%s tools/list lacks state_probe", name)
			}
			r, isErr := callMCP(t, ctx, c, "state_probe", nil)
			if reads, _ := r["reads"].(map[string]any); isErr || reads[read] == nil {
				t.Errorf("%s call ran %v; want the read %s of the %q definition", name, r, read, want)
			}
		}
		for _, p := range []string{"", hash} {
			_, rep := e.call(p, "definitions_list", map[string]any{})
			for _, tl := range rep["tools"].([]any) {
				if tl := tl.(map[string]any); tl["name"] == "state_probe" && !strings.Contains(want, tl["source"].(string)) {
					t.Errorf("definitions_list (project %q) lists state_probe from %v, want the %q one", p, tl["source"], want)
				}
			}
		}
	}
	check("committed version", "isPaused")

	// The per-user project folder wins over the committed one.
	saveDef(t, e.State.ToolsDir(hash), "state.json", probe("project version", "isPlaying"))
	events.until(hash, "the project definition", listed("?project="+hash, "project version"))
	check("project version", "isPlaying")
	_, rep := e.call(hash, "definitions_list", map[string]any{})
	if s := mustJSON(rep["shadowed"]); !strings.Contains(s, "the project definition") || !strings.Contains(s, "shadows the committed one") || !strings.Contains(s, "shadows the shared one") {
		t.Errorf("shadowed: %s", s)
	}

	// Enums of definition inputs are exact: "Y" and 1 are not "y".
	for _, bad := range []any{"Y", 1} {
		if status, r := e.call(hash, "state_probe", map[string]any{"axis": bad}); status != 400 || !strings.Contains(mustJSON(r), `axis must be one of [\"x\",\"y\",\"z\"]`) {
			t.Errorf("axis %v: %d %v", bad, status, r)
		}
	}
	if status, r := e.call(hash, "state_probe", map[string]any{"axis": "y"}); status != 200 {
		t.Errorf("axis y: %d %v", status, r)
	}
	// Built-in tools keep their documented case-insensitive enums.
	if status, r := e.call(hash, "get-logs", map[string]any{"LogType": "error"}); status != 200 {
		t.Errorf("get-logs LogType error: %d %v", status, r)
	}
}

// A typo in a step's argument fails when the file loads, for built-in,
// editor-declared and definition tools alike; the reasons name the file,
// the JSON path, the value and the near miss, and calling the name says
// why it is not there.
func TestStepArgumentTyposAtLoad(t *testing.T) {
	e, sim, events := definitionsProject(t)
	hash, dir := sim.Hash(), e.State.ToolsDir(sim.Hash())
	saveDef(t, dir, "helper.json", `{"name":"helper_probe","description":"helper","kind":"probe","inputs":{"object":{"type":"string","description":"d","required":true}},"reads":[{"id":"p","path":"@scene:/{object}/transform/position"}]}`)
	events.until(hash, "helper_probe", func() bool { return listedDescription(t, e, "?project="+hash, "helper_probe") == "helper" })
	saveDef(t, dir, "typos.json", `{"name":"typo_chain","description":"d","kind":"sequence","steps":[
		{"id":"logs","tool":"get-logs","arguments":{"LogTyp":"Error","MaxCount":"5"}},
		{"id":"sel","tool":"sim_select","arguments":{"pth":"/Player"}},
		{"id":"probe","tool":"helper_probe","arguments":{"objetc":"Player"}}]}`)
	var rep map[string]any
	events.until(hash, "typos.json rejected", func() bool {
		_, rep = e.call(hash, "definitions_list", map[string]any{})
		return strings.Contains(mustJSON(rep["rejected"]), "typos.json")
	})
	var rej []map[string]any
	json.Unmarshal([]byte(mustJSON(rep["rejected"])), &rej)
	if len(rej) != 1 || rej[0]["file"] != filepath.Join(dir, "typos.json") {
		t.Fatalf("rejected: %v", rep["rejected"])
	}
	reasons := mustJSON(rej[0]["reasons"])
	for _, want := range []string{
		`$.steps[0].arguments.LogTyp: unknown argument \"LogTyp\" (did you mean \"LogType\"?)`,
		`$.steps[0].arguments.MaxCount: get-logs: MaxCount must be number, got string \"5\"`,
		`$.steps[1].arguments: sim_select requires path (a string), which this step does not give`,
		`$.steps[1].arguments.pth: unknown argument \"pth\" (did you mean \"path\"?)`,
		`$.steps[2].arguments.objetc: unknown argument \"objetc\" (did you mean \"object\"?)`,
	} {
		if !strings.Contains(reasons, want) {
			t.Errorf("reasons %s\nlack %s", reasons, want)
		}
	}
	if d := listedDescription(t, e, "?project="+hash, "typo_chain"); d != "" {
		t.Errorf("a rejected sequence is listed")
	}
	status, r := e.call(hash, "typo_chain", map[string]any{})
	if status != 404 || errCode(r) != "unknown_tool" || !strings.Contains(mustJSON(r), "typos.json was rejected: $.steps[0].arguments.") {
		t.Errorf("calling the rejected sequence: %d %v", status, r)
	}
	if executions(sim, "get-logs") != 0 {
		t.Errorf("a step of a rejected sequence ran")
	}
}

// An optional input a template needs, left out and without a default, is
// invalid_params naming it (never an empty string); a destructive
// sequence's dry_run runs no step and returns the plan; a probe read's
// fields, depth and max_items reach reflect_read.
func TestDefinitionCallRules(t *testing.T) {
	e, sim, events := definitionsProject(t)
	hash, dir := sim.Hash(), e.State.ToolsDir(sim.Hash())
	saveDef(t, dir, "watch.json", `{"name":"watch_object","description":"d","kind":"probe",
		"inputs":{"object":{"type":"string","description":"d"}},
		"reads":[{"id":"pos","path":"@scene:/{object}/transform/position"},
		         {"id":"time","path":"UnityEngine.Time","fields":["time","frameCount","nope"]},
		         {"id":"deep","path":"@selection","depth":1,"max_items":3}]}`)
	events.until(hash, "watch_object", func() bool { return listedDescription(t, e, "?project="+hash, "watch_object") == "d" })
	status, r := e.call(hash, "watch_object", map[string]any{})
	if status != 400 || !strings.Contains(mustJSON(r), `input \"object\" is needed by reads[0].path but was not given and has no default`) {
		t.Errorf("omitted optional input: %d %v", status, r)
	}
	status, r = e.call(hash, "watch_object", map[string]any{"object": "Player"})
	reads, _ := r["reads"].(map[string]any)
	tm, _ := reads["time"].(map[string]any)
	if status != 200 || tm["type"] != "UnityEngine.Time" || mustJSON(tm["value"]) != `{"frameCount":750,"nope":{"error":"`+tm["value"].(map[string]any)["nope"].(map[string]any)["error"].(string)+`"},"time":12.5}` {
		t.Errorf("fields read: %d %v", status, r)
	}
	if status != 200 || reads["pos"].(map[string]any)["value"] == nil {
		t.Errorf("position read: %v", reads["pos"])
	}

	saveDef(t, dir, "wipe.json", `{"name":"scene_wipe","description":"d","kind":"sequence",
		"inputs":{"label":{"type":"string","description":"d","default":"x"}},
		"steps":[{"id":"logs","tool":"get-logs","arguments":{"SearchText":"{label}"}},
		         {"id":"wipe","tool":"execute_code","arguments":{"code":"return \"{label}\";"}},
		         {"id":"cmp","tool":"render_compare","arguments":{"before":"{{logs.path}}","after":"b.png"}}]}`)
	events.until(hash, "scene_wipe", func() bool { return listedDescription(t, e, "?project="+hash, "scene_wipe") == "d" })
	before := executions(sim, "get-logs")
	status, r = e.call(hash, "scene_wipe", map[string]any{"dry_run": true, "label": "L"})
	plan := mustJSON(r)
	if status != 200 || r["dry_run"] != true || r["would_execute"] != true ||
		!strings.Contains(plan, `{"arguments":{"SearchText":"L"},"destructive":false,"id":"logs","tool":"get-logs"}`) ||
		!strings.Contains(plan, `"destructive":true,"id":"wipe","tool":"execute_code"`) ||
		!strings.Contains(plan, `"before":"{{logs.path}}"`) {
		t.Errorf("dry_run plan: %d %s", status, plan)
	}
	if executions(sim, "get-logs") != before {
		t.Errorf("dry_run of a destructive sequence ran a step")
	}
	if status, r := e.call(hash, "scene_wipe", map[string]any{}); status != 409 || errCode(r) != "confirmation_required" {
		t.Errorf("without confirm: %d %v", status, r)
	}
}

// Definitions committed with the project (<project>/.unitymcp/tools) are
// found by the daemon — present when the editor connects, and added while
// it runs, the folders created then — shown as source "committed" in
// definitions_list and /health, and checked by `unitymcp definitions
// validate` run from inside the project.
func TestCommittedDefinitions(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	proj := newProject(t, "Game")
	committed := filepath.Join(proj, ".unitymcp", "tools")
	writeDef(t, committed, "team.json", `{"name":"team_probe","description":"team","kind":"probe","reads":[{"id":"t","path":"UnityEngine.Time/time"}]}`)
	sim := e.startSim(proj, editorsim.Config{})
	hash := sim.Hash()
	if d := listedDescription(t, e, "?project="+hash, "team_probe"); d != "team" {
		t.Fatalf("the committed definition is not listed after the editor connected")
	}
	_, rep := e.call(hash, "definitions_list", map[string]any{})
	if rep["committed_definitions_dir"] != filepath.ToSlash(committed) || !strings.Contains(mustJSON(rep["tools"]), `"source":"committed"`) {
		t.Errorf("definitions_list: %v", rep)
	}
	var h api.Health
	_, body := e.do("GET", "/health?project="+hash, nil, nil)
	json.Unmarshal(body, &h)
	if h.CommittedDefinitionsDir != committed {
		t.Errorf("/health committedDefinitionsDir %q, want %q", h.CommittedDefinitionsDir, committed)
	}
	if status, r := e.call(hash, "team_probe", map[string]any{}); status != 200 || r["reads"] == nil {
		t.Errorf("team_probe: %d %v", status, r)
	}

	// Watched like the others: a new file, and the folder removed and
	// created again.
	events := watchDefinitions(t, e)
	teamListed := func(name, want string) func() bool {
		return func() bool { return listedDescription(t, e, "?project="+hash, name) == want }
	}
	saveDef(t, committed, "second.json", `{"name":"team_second","description":"second","kind":"probe","reads":[{"id":"t","path":"UnityEngine.Time/time"}]}`)
	events.until(hash, "team_second listed", teamListed("team_second", "second"))
	os.RemoveAll(filepath.Join(proj, ".unitymcp"))
	events.until(hash, "team_probe gone with its folder", teamListed("team_probe", ""))
	saveDef(t, committed, "team.json", `{"name":"team_probe","description":"back","kind":"probe","reads":[{"id":"t","path":"UnityEngine.Time/time"}]}`)
	events.until(hash, "team_probe back in a new folder", teamListed("team_probe", "back"))
	saveDef(t, committed, "broken.json", `{"name":"team_broken","description":"d","kind":"sequence","steps":[{"id":"a","tool":"get-logs","arguments":{"LogTyp":"Error"}}]}`)
	events.until(hash, "broken.json rejected", func() bool {
		_, rep := e.call(hash, "definitions_list", map[string]any{})
		return strings.Contains(mustJSON(rep["rejected"]), "broken.json")
	})

	// `unitymcp definitions validate` from a folder inside the project.
	validate := func(dir string, args ...string) (string, int) {
		cmd := exec.Command(bins.unitymcp, append([]string{"definitions", "validate"}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "UNITYMCP_HOME="+e.State.Root, "CLAUDE_PROJECT_DIR=")
		out, _ := cmd.CombinedOutput()
		return string(out), cmd.ProcessState.ExitCode()
	}
	out, code := validate(filepath.Join(proj, "Assets", "Scripts"))
	if code != 1 || !strings.Contains(out, "ok        "+filepath.Join(committed, "team.json")+" (probe team_probe, committed)") ||
		!strings.Contains(out, "REJECTED  "+filepath.Join(committed, "broken.json")) ||
		!strings.Contains(out, `$.steps[0].arguments.LogTyp: unknown argument "LogTyp" (did you mean "LogType"?)`) {
		t.Errorf("validate from inside the project (exit %d):\n%s", code, out)
	}
	out, code = validate(proj, filepath.Join(".unitymcp", "tools", "team.json"))
	if code != 0 || !strings.Contains(out, "ok        "+filepath.Join(committed, "team.json")+" (probe team_probe, committed)") {
		t.Errorf("validate one committed file (exit %d):\n%s", code, out)
	}
}
