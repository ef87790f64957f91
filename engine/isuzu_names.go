package engine

import (
	"maps"

	"github.com/unitymcp/unitymcp/engine/catalog"
)

// isuzuCovered maps the isuzu-shiranui/UnityMCP tools that a built-in covers
// under its own name to that built-in and the arguments the isuzu tool
// means. A definition sequence written for isuzu runs here unchanged: its
// step is run as the built-in. They are not listed as tools of their own (the
// same operation twice in tools/list would cost every agent tokens and a
// choice).
var isuzuCovered = map[string]struct {
	tool string
	args map[string]any
}{
	// Play, stop and pause are control-play-mode's (seed 002); Play also
	// resumes from a pause, which is what isuzu's unpause does.
	"play_mode_play":    {"control-play-mode", map[string]any{"Action": "Play"}},
	"play_mode_stop":    {"control-play-mode", map[string]any{"Action": "Stop"}},
	"play_mode_pause":   {"control-play-mode", map[string]any{"Action": "Pause"}},
	"play_mode_unpause": {"control-play-mode", map[string]any{"Action": "Play"}},
}

// stepTool finds the tool a sequence step names: a tool of that name, or the
// built-in an isuzu name maps to, with the arguments it implies put under the
// step's own (the step's win where both set one). It returns the name the
// step runs as; the tool is nil when neither exists.
func stepTool(snap *catalog.Snapshot, name string, args map[string]any) (*catalog.Tool, string, map[string]any) {
	if t := snap.Lookup(name); t != nil {
		return t, name, args
	}
	m, ok := isuzuCovered[name]
	if !ok {
		return nil, name, args
	}
	merged := maps.Clone(m.args)
	maps.Copy(merged, args)
	return snap.Lookup(m.tool), m.tool, merged
}
