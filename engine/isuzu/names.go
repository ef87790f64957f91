// Package isuzu translates isuzu-shiranui/UnityMCP's tool names and
// argument shapes to the built-ins that do the same job: a direct call in
// isuzu's shape (Shaped), a definition sequence's step named as isuzu names
// it (StepTool), and the names a definition file may use (WithNames). The
// engine calls it on its call path; it imports nothing of the engine.
package isuzu

import (
	"fmt"
	"path"
	"strings"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/catalog"
	"github.com/unitymcp/unitymcp/engine/definitions"
	"github.com/unitymcp/unitymcp/engine/params"
)

// names.go: the isuzu-shiranui/UnityMCP tools a built-in does under
// its own name (seed 002's, which stay the listed ones: the same job twice
// in tools/list would cost every agent tokens and a choice). A definition
// sequence written for isuzu names them with isuzu's parameters; here such a
// step runs as the built-in, its arguments checked against isuzu's
// parameters (at load, as any step's) and mapped to the built-in's.
// docs/tool-names.md says which name is listed for each job, and where the
// answers differ in shape.

// isuzuName is one isuzu tool a built-in covers.
type isuzuName struct {
	tool   string         // the built-in it runs as
	params []params.Param // isuzu's parameters (jp.shiranui-isuzu.unity-mcp/Editor)
	// args maps checked isuzu arguments (defaults filled in) to the
	// built-in's; an error names what has no counterpart.
	args func(a map[string]any) (map[string]any, error)
}

var isuzuCovered = map[string]isuzuName{
	// Play, stop and pause are control-play-mode's; Play also resumes from
	// a pause, which is what isuzu's unpause does (PlayModeTools.cs).
	"play_mode_play":    {"control-play-mode", nil, fixed("Action", "Play")},
	"play_mode_stop":    {"control-play-mode", nil, fixed("Action", "Stop")},
	"play_mode_pause":   {"control-play-mode", nil, fixed("Action", "Pause")},
	"play_mode_unpause": {"control-play-mode", nil, fixed("Action", "Play")},
	// ConsoleTools.cs.
	"console_read_logs": {"get-logs", []params.Param{
		params.P("limit", "integer", "Maximum entries to return.").AtLeast(0).Def(50),
		params.P("offset", "integer", "Entries to skip, for paging.").AtLeast(0).Def(0),
		params.P("type", "string", "Severity filter: all, error, warning, or log.").Def("all"),
		params.P("fields", "string", "Comma-separated field whitelist."),
	}, readLogsArgs},
	"console_clear": {"clear-console", nil, fixed()},
	// CompileTools.cs: compile_request only asks; compile answers with the result.
	"compile_request": {"compile", nil, fixed()},
	// TestRunner/TestRunnerTools.cs.
	"test_run": {"run-tests", []params.Param{
		params.P("mode", "string", "Which suite to run: 'edit' or 'play'.").Def("edit"),
		params.P("assembly", "string", "Restrict to one test assembly, by name."),
		params.P("filter", "string", "Restrict to tests whose full name matches this regular expression."),
		params.P("category", "string", "Restrict to one NUnit category."),
	}, testRunArgs},
	// EditorTools.cs.
	"capture_screenshot": {"screenshot", []params.Param{
		params.P("view", "string", "What to capture: game, scene, inspector, hierarchy, project, console, or window:<title>.").Def("game"),
		params.P("max_size", "integer", "Longest edge of the returned image, in pixels.").Def(1024),
		params.P("width", "integer", "Exact capture width; overrides max_size."),
		params.P("height", "integer", "Exact capture height; overrides max_size."),
		params.P("save_path", "string", "Write the PNG here and return the path instead of the image."),
	}, screenshotArgs},
	"menu_execute": {"execute-menu-item", []params.Param{
		params.P("menu_item", "string", "Full menu path, e.g. 'Window/General/Console'.").Must(),
	}, func(a map[string]any) (map[string]any, error) {
		return map[string]any{"MenuItemPath": a["menu_item"]}, nil
	}},
}

// fixed maps a tool without parameters to constant arguments (key, value
// pairs).
func fixed(kv ...string) func(map[string]any) (map[string]any, error) {
	return func(map[string]any) (map[string]any, error) {
		out := map[string]any{}
		for i := 0; i+1 < len(kv); i += 2 {
			out[kv[i]] = kv[i+1]
		}
		return out, nil
	}
}

// readLogsArgs: limit is MaxCount and type LogType. get-logs answers the
// newest entries, oldest first, so isuzu's paging from the newest (offset)
// has no counterpart; fields (a whitelist of the answer's fields) is
// dropped, the answer being get-logs' own.
func readLogsArgs(a map[string]any) (map[string]any, error) {
	if off, _ := a["offset"].(float64); off > 0 {
		return nil, fmt.Errorf("offset %v: get-logs, which console_read_logs runs as, answers the newest entries and does not page; drop offset, and narrow with type or a larger limit", off)
	}
	types := map[string]string{"all": "All", "error": "Error", "warning": "Warning", "log": "Log"}
	typ, _ := a["type"].(string)
	lt, ok := types[strings.ToLower(strings.TrimSpace(typ))]
	if !ok {
		return nil, fmt.Errorf("type %q: console_read_logs takes all, error, warning or log", typ)
	}
	return map[string]any{"MaxCount": number(a["limit"]), "LogType": lt}, nil
}

// number is a checked numeric argument as a JSON number decodes (float64):
// a default is the Go value it was declared with.
func number(v any) any {
	switch n := v.(type) {
	case int:
		return float64(n)
	case int64:
		return float64(n)
	}
	return v
}

// testRunArgs: mode is TestMode; assembly or filter (a regular expression
// over full names) is run-tests' FilterType and FilterValue. run-tests
// filters by one of them and has no category filter.
func testRunArgs(a map[string]any) (map[string]any, error) {
	mode, _ := a["mode"].(string)
	out := map[string]any{}
	switch strings.ToLower(strings.TrimSpace(mode)) {
	case "edit", "editmode":
		out["TestMode"] = "EditMode"
	case "play", "playmode":
		out["TestMode"] = "PlayMode"
	default:
		return nil, fmt.Errorf("mode %q is not a test mode; use edit or play", mode)
	}
	if c, _ := a["category"].(string); c != "" {
		return nil, fmt.Errorf("category %q: run-tests, which test_run runs as, does not filter by NUnit category; filter by assembly or by a regular expression over test names (filter)", c)
	}
	asm, _ := a["assembly"].(string)
	filter, _ := a["filter"].(string)
	switch {
	case asm != "" && filter != "":
		return nil, fmt.Errorf("assembly %q and filter %q: run-tests, which test_run runs as, filters by one of them; use one", asm, filter)
	case asm != "":
		out["FilterType"], out["FilterValue"] = "assembly", asm
	case filter != "":
		out["FilterType"], out["FilterValue"] = "regex", filter
	}
	return out, nil
}

// screenshotArgs: view is WindowName (window:<title> an exact title);
// save_path's folder is OutputDirectory (the file is the screenshot's
// own, time-stamped, inside the project's output folder as screenshot
// requires). width and height have no counterpart, screenshot capturing
// at the window's size (ResolutionScale 1): a step that asks for an exact
// size is refused, not answered with an image of another size.
func screenshotArgs(a map[string]any) (map[string]any, error) {
	for _, k := range []string{"width", "height"} {
		if v, ok := a[k]; ok && v != nil {
			return nil, fmt.Errorf("%s %v: screenshot, which capture_screenshot runs as, captures at the window's own size and takes no exact size; drop width and height (and size the Unity window itself, e.g. the Game view's resolution, to get another size)", k, v)
		}
	}
	views := map[string]string{"game": "Game", "scene": "Scene", "inspector": "Inspector", "hierarchy": "Hierarchy",
		"project": "Project", "console": "Console", "game_view_window": "Game", "scene_view_window": "Scene"}
	view, _ := a["view"].(string)
	out := map[string]any{"MatchMode": "exact"}
	if title, ok := strings.CutPrefix(view, "window:"); ok && strings.TrimSpace(title) != "" {
		out["WindowName"] = strings.TrimSpace(title)
	} else if w, ok := views[strings.ToLower(strings.TrimSpace(view))]; ok {
		out["WindowName"] = w
	} else {
		return nil, fmt.Errorf("view %q: capture_screenshot takes game, scene, inspector, hierarchy, project, console or window:<title>", view)
	}
	if p, _ := a["save_path"].(string); p != "" {
		out["OutputDirectory"] = path.Dir(strings.ReplaceAll(p, `\`, "/"))
	}
	return out, nil
}

// stepTool finds the tool a sequence step names: a tool of that name (a
// built-in's arguments written in isuzu's shape translated), or the
// built-in an isuzu name runs as, with the step's (isuzu) arguments checked
// and mapped. It returns the name the step runs as; the tool is nil when
// neither exists, and err says which argument has no counterpart.
func StepTool(snap *catalog.Snapshot, name string, args map[string]any) (*catalog.Tool, string, map[string]any, error) {
	if t := snap.Lookup(name); t != nil {
		if t.Source != api.SourceBuiltin {
			return t, name, args, nil
		}
		mapped, err := isuzuArgs(name, t.Params, args) // isuzu's shape of a built-in's arguments (isuzu_params.go)
		if err != nil {
			return nil, name, args, err
		}
		return t, name, mapped, nil
	}
	m, ok := isuzuCovered[name]
	if !ok {
		return nil, name, args, nil
	}
	checked, err := params.Check(name, m.params, args)
	if err != nil {
		return nil, m.tool, args, err
	}
	mapped, err := m.args(checked)
	if err != nil {
		return nil, m.tool, args, fmt.Errorf("%s: %w", name, err)
	}
	return snap.Lookup(m.tool), m.tool, mapped, nil
}

// withIsuzuNames adds to the tools a definition's steps may call the isuzu
// names a built-in covers, with isuzu's parameters, so a step is checked
// as isuzu checks it when the file loads. A name the editor declares or a
// built-in has is left as it is. A built-in whose arguments isuzu's tool
// of its name takes in another shape takes either (isuzuLoaderTool).
func WithNames(tools map[string]definitions.Tool) map[string]definitions.Tool {
	for name, s := range isuzuShapes {
		if t, ok := tools[name]; ok {
			tools[name] = isuzuLoaderTool(name, t, s)
		}
	}
	for name, m := range isuzuCovered {
		target, ok := tools[m.tool]
		if _, taken := tools[name]; taken || !ok {
			continue
		}
		ps := m.params
		if ps == nil {
			ps = []params.Param{}
		}
		tools[name] = definitions.Tool{Params: ps, Destructive: target.Destructive, ReadOnly: target.ReadOnly, MainThread: target.MainThread}
	}
	return tools
}
