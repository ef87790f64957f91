package catalog

import "github.com/unitymcp/unitymcp/engine/api"

func screenshotTool() *Tool {
	return newTool("screenshot", "rendering",
		"Take a screenshot of Unity EditorWindow and save as PNG. Supports capturing any open EditorWindow by name with flexible matching modes. The image is the window's content (no tab strip), upright; the Game view is captured from its render target at the game's resolution, pixels from its top-left",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true},
		P("WindowName", "string", `Window name to capture (e.g., "Game", "Scene", "Console", "Inspector", "Project", "Hierarchy")`).Def("Game"),
		P("ResolutionScale", "number", "Resolution scale for the captured image, 0.1 to 1.0").Def(1),
		P("MatchMode", "string", `Window name matching mode (all case-insensitive) - "exact", "prefix", "contains"`+"\n"+
			"- exact: Window name must match exactly\n"+
			"- prefix: Window name must start with the input\n"+
			"- contains: Window name must contain the input anywhere").OneOf("exact", "prefix", "contains").Def("exact"),
		P("OutputDirectory", "string", "Output directory for saving screenshots, inside the project's output folder .uloop/outputs (relative to it, or absolute inside it; no .., no symbolic links). When empty, uses .uloop/outputs/Screenshots/. Files are new, time-stamped .png files").Def(""),
	)
}

// render_compare runs in the daemon: two images in, numbers out.
func renderCompareTool() *Tool {
	t := newTool("render_compare", "rendering",
		"Compare two PNG (or JPEG) images of the same size, e.g. a baseline and a capture from input_replay: changed-pixel count and ratio, mean and max channel delta, the bounding box of the change and a coarse grid of change ratios (rows top to bottom). Paths are relative to the Unity project folder of the connected editor, or absolute inside it; symbolic links out of it are refused. diff_path writes an image of the changes.",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true},
		P("before", "string", "The reference image.").Must(),
		P("after", "string", "The image to compare with it.").Must(),
		P("threshold", "integer", "A pixel counts as changed when a channel (R, G or B) differs by more than this (0-255).").Def(2),
		P("grid", "integer", "Cells per side of the change grid (1-32).").Def(8),
		P("diff_path", "string", "Optional: write a PNG of the changes here (inside the project folder)."),
	)
	t.Native = true // two images in, numbers out: no editor needed
	return t
}
