package isuzu

import (
	"fmt"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/catalog"
	"github.com/unitymcp/unitymcp/engine/params"
)

// Each isuzu name runs as the built-in that does its job, with its
// (isuzu) arguments checked and mapped; an argument without a counterpart
// is refused naming it; names that are tools are left alone, unknown names
// stay unknown, and no mapped name is a listed tool.
func TestStepToolMapsIsuzuNames(t *testing.T) {
	t.Parallel()
	snap := catalog.NewSnapshot(catalog.Builtins(), nil, nil)
	for _, tc := range []struct {
		name string
		args map[string]any
		runs string
		want string // the mapped arguments, as fmt prints them
	}{
		{"play_mode_play", map[string]any{}, "control-play-mode", "map[Action:Play]"},
		{"play_mode_stop", nil, "control-play-mode", "map[Action:Stop]"},
		{"play_mode_pause", map[string]any{}, "control-play-mode", "map[Action:Pause]"},
		{"play_mode_unpause", map[string]any{}, "control-play-mode", "map[Action:Play]"},
		{"console_read_logs", map[string]any{}, "get-logs", "map[LogType:All MaxCount:50]"},
		{"console_read_logs", map[string]any{"limit": 5.0, "type": "Error", "fields": "message"}, "get-logs", "map[LogType:Error MaxCount:5]"},
		{"console_clear", map[string]any{}, "clear-console", "map[]"},
		{"compile_request", nil, "compile", "map[]"},
		{"test_run", map[string]any{}, "run-tests", "map[TestMode:EditMode]"},
		{"test_run", map[string]any{"mode": "PlayMode", "filter": "^Game\\."}, "run-tests", "map[FilterType:regex FilterValue:^Game\\. TestMode:PlayMode]"},
		{"test_run", map[string]any{"mode": " play ", "assembly": "Game.Tests"}, "run-tests", "map[FilterType:assembly FilterValue:Game.Tests TestMode:PlayMode]"},
		{"capture_screenshot", map[string]any{}, "screenshot", "map[MatchMode:exact WindowName:Game]"},
		{"capture_screenshot", map[string]any{"view": "window:Animator", "max_size": 512.0, "save_path": `C:\p\.uloop\outputs\shots\a.png`}, "screenshot",
			"map[MatchMode:exact OutputDirectory:C:/p/.uloop/outputs/shots WindowName:Animator]"},
		{"capture_screenshot", map[string]any{"view": "Scene_View_Window"}, "screenshot", "map[MatchMode:exact WindowName:Scene]"},
		{"menu_execute", map[string]any{"menu_item": "Assets/Refresh"}, "execute-menu-item", "map[MenuItemPath:Assets/Refresh]"},
		{"control-play-mode", map[string]any{"Action": "Pause"}, "control-play-mode", "map[Action:Pause]"},
	} {
		tool, runs, args, err := StepTool(snap, tc.name, tc.args)
		if err != nil || tool == nil || tool.Name != tc.runs || runs != tc.runs || fmt.Sprint(args) != tc.want {
			t.Errorf("%s %v: runs as %v %q with %v (%v), want %s with %s", tc.name, tc.args, tool != nil, runs, args, err, tc.runs, tc.want)
			continue
		}
		// What it maps to is what the built-in takes.
		if _, err := params.Check(tool.Name, tool.Params, args); err != nil {
			t.Errorf("%s maps to arguments %s refuses: %v", tc.name, tool.Name, err)
		}
	}
	for _, tc := range []struct {
		name string
		args map[string]any
		says string
	}{
		{"console_read_logs", map[string]any{"offset": 10.0}, "offset 10"},
		{"console_read_logs", map[string]any{"type": "fatal"}, `type "fatal"`},
		{"console_read_logs", map[string]any{"LogType": "Error"}, "LogType"},
		{"test_run", map[string]any{"category": "Slow"}, `category "Slow"`},
		{"test_run", map[string]any{"assembly": "A", "filter": "B"}, `assembly "A" and filter "B"`},
		{"test_run", map[string]any{"mode": "both"}, `mode "both"`},
		{"capture_screenshot", map[string]any{"view": "profiler"}, `view "profiler"`},
		{"capture_screenshot", map[string]any{"width": 800.0}, "width 800"},
		{"capture_screenshot", map[string]any{"view": "scene", "height": 600.0}, "height 600"},
		{"menu_execute", map[string]any{}, "menu_item"},
		{"play_mode_pause", map[string]any{"Action": "Stop"}, "Action"},
	} {
		if _, _, _, err := StepTool(snap, tc.name, tc.args); err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s %v: %v, want an error naming %s", tc.name, tc.args, err, tc.says)
		}
	}
	if tool, runs, _, err := StepTool(snap, "play_mode_rewind", nil); tool != nil || runs != "play_mode_rewind" || err != nil {
		t.Errorf("an unknown name resolved to %v %q %v", tool, runs, err)
	}
	// The map is isuzu's names only: none of them is listed as a tool, and
	// each runs as a built-in.
	for name, m := range isuzuCovered {
		if snap.Lookup(name) != nil {
			t.Errorf("%s is both a listed tool and a mapped isuzu name", name)
		}
		if snap.Lookup(m.tool) == nil {
			t.Errorf("%s runs as %s, which is not a built-in", name, m.tool)
		}
	}
}
