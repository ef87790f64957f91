package engine

import (
	"testing"

	"github.com/unitymcp/unitymcp/engine/catalog"
)

// isuzu's play-mode tools run as control-play-mode with the Action they mean;
// a step's own argument wins; names that are tools are left alone; unknown
// names stay unknown.
func TestStepToolMapsIsuzuNames(t *testing.T) {
	snap := catalog.NewSnapshot(catalog.Builtins(), nil, nil)
	for _, tc := range []struct {
		name   string
		args   map[string]any
		runs   string
		action any
	}{
		{"play_mode_play", map[string]any{}, "control-play-mode", "Play"},
		{"play_mode_stop", nil, "control-play-mode", "Stop"},
		{"play_mode_pause", map[string]any{}, "control-play-mode", "Pause"},
		{"play_mode_unpause", map[string]any{}, "control-play-mode", "Play"},
		{"play_mode_pause", map[string]any{"Action": "Stop"}, "control-play-mode", "Stop"},
		{"control-play-mode", map[string]any{"Action": "Pause"}, "control-play-mode", "Pause"},
	} {
		tool, runs, args := stepTool(snap, tc.name, tc.args)
		if tool == nil || tool.Name != tc.runs || runs != tc.runs || args["Action"] != tc.action {
			t.Errorf("%s %v: runs as %v %q with %v, want %s Action %v", tc.name, tc.args, tool != nil, runs, args, tc.runs, tc.action)
		}
	}
	if tool, runs, _ := stepTool(snap, "play_mode_rewind", nil); tool != nil || runs != "play_mode_rewind" {
		t.Errorf("an unknown name resolved to %v %q", tool, runs)
	}
	// The map is isuzu's names only: none of them is listed as a tool.
	for name := range isuzuCovered {
		if snap.Lookup(name) != nil {
			t.Errorf("%s is both a listed tool and a mapped isuzu name", name)
		}
	}
}
