package catalog

import "github.com/unitymcp/unitymcp/engine/api"

// play_mode_status and play_mode_step take isuzu's names. Play, stop and
// pause stay control-play-mode's (seed 002); isuzu's play_mode_play, _stop,
// _pause and _unpause run as it in definition sequences (engine/isuzu/names.go)
// and are not listed twice.

func playModeStatusTool() *Tool {
	return newTool("play_mode_status", "diagnostics", // isuzu lists it under diagnostics (definitions.GroupOf)

		"Play Mode state: edit, playing or paused, the frame, whether a change is pending or scripts compile.",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true})
}

func playModeStepTool() *Tool {
	return newTool("play_mode_step", "authoring",
		"In Play Mode: pause if running, advance exactly count frames, then read paths (reflect_read syntax) at that frame.",
		api.Annotations{},
		P("count", "integer", "Frames to advance.").Range(1, 1000).Def(1),
		P("paths", "array", `reflect_read paths to read after the last frame, e.g. "@scene:/Player/Transform/position" (up to 50).`).Of("string").Range(0, 50).Def([]string{}),
	)
}
