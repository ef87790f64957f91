package catalog

import (
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/confine"
)

func simulateMouseUITool() *Tool {
	return newTool("simulate-mouse-ui", "input",
		"Simulate mouse click, long-press, and drag on PlayMode UI elements via EventSystem screen coordinates. Uses EventSystem and ExecuteEvents to dispatch pointer events directly — works independently of both old and new Input System. For game logic that reads Input System (e.g. `Mouse.current.leftButton.wasPressedThisFrame`), use `simulate-mouse-input` instead",
		api.Annotations{},
		P("Action", "string", `Mouse action - "Click", "Drag", "DragStart", "DragMove", "DragEnd", "LongPress"`+"\n"+
			"- Click: Click at (X, Y). Fires PointerDown → PointerUp → PointerClick\n"+
			"- LongPress: Press and hold at (X, Y) for Duration seconds, then release. No PointerClick fired\n"+
			"- Drag: One-shot drag from (FromX, FromY) to (X, Y). Fires BeginDrag → Drag×N → EndDrag\n"+
			"- DragStart: Begin drag at (X, Y) and hold\n"+
			"- DragMove: Animate from current position to (X, Y) at the specified speed\n"+
			"- DragEnd: Animate to (X, Y), then release drag").OneOf("Click", "Drag", "DragStart", "DragMove", "DragEnd", "LongPress").Def("Click"),
		P("X", "number", "Target X position in screen pixels, origin: top-left").Def(0),
		P("Y", "number", "Target Y position in screen pixels, origin: top-left").Def(0),
		P("FromX", "number", "Start X position for Drag action").Def(0),
		P("FromY", "number", "Start Y position for Drag action").Def(0),
		P("DragSpeed", "number", "Drag speed in pixels per second, 0 for instant").Def(2000),
		P("Duration", "number", "Hold duration in seconds for LongPress action").Def(0.5),
		P("Button", "string", `Mouse button - "Left", "Right", "Middle"`).OneOf("Left", "Right", "Middle").Def("Left"),
	)
}

func simulateMouseInputTool() *Tool {
	return newTool("simulate-mouse-input", "input",
		"Simulate mouse input in PlayMode via Input System. Injects button clicks, mouse delta, and scroll wheel directly into `Mouse.current` for game logic that reads Input System (e.g. `wasPressedThisFrame`, `Mouse.current.delta`). Requires the Input System package and Active Input Handling set to `Input System Package (New)` or `Both` in Player Settings. For UI elements with IPointerClickHandler, use `simulate-mouse-ui` instead",
		api.Annotations{},
		P("Action", "string", `Mouse input action - "Click", "LongPress", "MoveDelta", "SmoothDelta", "Scroll"`+"\n"+
			"- Click: Inject button press and release so `wasPressedThisFrame` returns true\n"+
			"- LongPress: Inject button hold for Duration seconds\n"+
			"- MoveDelta: Inject mouse delta one-shot (for FPS camera/look control)\n"+
			"- SmoothDelta: Inject mouse delta smoothly over Duration seconds (human-like camera pan)\n"+
			"- Scroll: Inject scroll wheel (for hotbar switching, zoom, etc.)").OneOf("Click", "LongPress", "MoveDelta", "SmoothDelta", "Scroll").Def("Click"),
		P("X", "number", "Target X position in screen pixels, origin: top-left. Used by Click and LongPress").Def(0),
		P("Y", "number", "Target Y position in screen pixels, origin: top-left. Used by Click and LongPress").Def(0),
		P("Button", "string", `Mouse button - "Left", "Right", "Middle". Used by Click and LongPress`).OneOf("Left", "Right", "Middle").Def("Left"),
		P("Duration", "number", "Hold duration for LongPress, or minimum hold time for Click. 0 = one-shot tap").Def(0),
		P("DeltaX", "number", "Delta X in pixels for MoveDelta. Positive = right").Def(0),
		P("DeltaY", "number", "Delta Y in pixels for MoveDelta. Positive = up").Def(0),
		P("ScrollX", "number", "Horizontal scroll delta for Scroll action").Def(0),
		P("ScrollY", "number", "Vertical scroll delta for Scroll action. Positive = up, typically 120 per notch").Def(0),
	)
}

func simulateKeyboardTool() *Tool {
	return newTool("simulate-keyboard", "input",
		"Simulate keyboard key input in PlayMode via Input System. Supports single key taps, sustained holds, and multi-key combinations. Requires the Input System package, and Active Input Handling must be set to `Input System Package (New)` or `Both` in Player Settings. Game code must read input via Input System API (e.g. `Keyboard.current[Key.W].isPressed`), not legacy `Input.GetKey()`",
		api.Annotations{},
		P("Action", "string", `Keyboard action - "Press", "KeyDown", "KeyUp"`+"\n"+
			"- Press: One-shot key tap (KeyDown then KeyUp). Use `Duration` for timed holds\n"+
			"- KeyDown: Hold key down until explicitly released with KeyUp\n"+
			"- KeyUp: Release a key currently held by KeyDown").OneOf("Press", "KeyDown", "KeyUp").Def("Press"),
		P("Key", "string", `Key name matching the Input System Key enum (e.g. "W", "Space", "LeftShift", "Enter"). Case-insensitive`).Must(),
		P("Duration", "number", "Hold duration in seconds for Press action, 0 for one-shot tap. Ignored by KeyDown/KeyUp").Def(0),
	)
}

// The input tools below drive editor windows through IMGUI events (Scene
// View, Game View, any EditorWindow), as isuzu-shiranui/UnityMCP defines
// them; the simulate-* tools above inject Play Mode input.
var viewDescription = "Target window: scene, game, inspector, hierarchy, project, console, or window:<title substring>."

func inputPointerTool() *Tool {
	return newTool("input_pointer", "input",
		"Send mouse events to an editor window (Scene View camera moves, clicks, drags, scrolls). Coordinates are points from the top-left of the window's content area (or 0..1 with normalized). On the Game view those points include its toolbar and are not the pixels a Game screenshot shows; pass game_pixels to give those pixels instead. A drag over several frames returns when it has finished.",
		api.Annotations{},
		P("view", "string", viewDescription).Must(),
		P("action", "string", "What to send.").OneOf("move", "down", "up", "click", "drag", "scroll").Def("move"),
		P("button", "integer", "Mouse button: 0 left, 1 right, 2 middle.").Def(0),
		P("from", "array", "[x, y] where the action starts.").Of("number").Must(),
		P("to", "array", "[x, y] where a drag ends.").Of("number"),
		P("normalized", "boolean", "from/to are 0..1 of the window size.").Def(false),
		P("game_pixels", "boolean", "view game only: from/to are pixels of the game's render target from its top-left, as a screenshot of the Game view (ResolutionScale 1) or then_capture game shows them; mapped to window points as Unity maps the game's mouse.").Def(false),
		P("steps", "integer", "Intermediate points of a drag (at most 1000).").Def(30),
		P("frames_per_step", "integer", "Editor frames per drag step (0: all in one frame; at most 1000).").Def(1),
		P("modifiers", "array", "Held modifier keys: alt, ctrl, shift, cmd.").Of("string"),
		P("scroll_delta", "array", "[x, y] scroll amount for action scroll (non-zero).").Of("number"),
		P("click_count", "integer", "Clicks for action click (2 = double click; at most 100).").Def(1),
		P("restore_focus", "boolean", "Give focus back to the window that had it.").Def(true),
	)
}

func inputKeyTool() *Tool {
	return newTool("input_key", "input",
		"Send a key to an editor window (e.g. F to frame the selection in the Scene View). key is a UnityEngine.KeyCode name, case-insensitive.",
		api.Annotations{},
		P("view", "string", viewDescription).Must(),
		P("key", "string", "A UnityEngine.KeyCode name, e.g. F, Delete, Space, Alpha1 (case-insensitive).").Must(),
		P("action", "string", "press sends KeyDown then KeyUp.").OneOf("press", "down", "up").Def("press"),
		P("modifiers", "array", "Held modifier keys: alt, ctrl, shift, cmd.").Of("string"),
		P("character", "string", "The typed character (one), worked out from key when omitted."),
		P("restore_focus", "boolean", "Give focus back to the window that had it.").Def(true),
	)
}

func inputRecordTool() *Tool {
	t := newTool("input_record", "input",
		"Record mouse and key events in an editor window to replay them later with input_replay. Recordings are stored per project in the unitymcp state folder (recordings/<projectHash>/<name>.json). One recording at a time; a domain reload stops it and saves it.",
		api.Annotations{},
		P("action", "string", "start, stop or status.").OneOf("start", "stop", "status").Def("status"),
		P("view", "string", viewDescription+" Needed for start."),
		P("name", "string", "Recording name; characters outside A-Z a-z 0-9 _ - become _."),
		P("include_moves", "boolean", "Also record mouse moves without a button held.").Def(false),
	)
	t.Check = checkRecordingName("input_record")
	return t
}

func inputReplayTool() *Tool {
	t := newTool("input_replay", "input",
		"Replay a recording made with input_record, frame by frame, and optionally capture a view afterwards (then_capture) to a file (capture_path) for render_compare. Returns when the replay has finished.",
		api.Annotations{},
		P("name", "string", "Recording name (or give path)."),
		P("path", "string", "Recording file path, instead of name."),
		P("view", "string", viewDescription+" Defaults to the recorded view."),
		P("speed", "number", "Playback speed; 2 halves the gaps between frames.").Def(1),
		P("repaint_each_frame", "boolean", "Repaint the window every frame.").Def(true),
		P("then_capture", "string", "A view to capture when the replay ends, e.g. scene or game."),
		P("capture_path", "string", "Where to save the capture: a new .png file in the project's output folder .uloop/outputs (relative to it, or absolute inside it; no .., no symbolic links, never an existing file). The result's capture.path is absolute."),
		P("loop_count", "integer", "How many times to replay (at least 1).").Def(1),
		P("restore_focus", "boolean", "Give focus back to the window that had it.").Def(true),
	)
	check := checkRecordingName("input_replay")
	t.Check = func(args map[string]any) *api.ToolError {
		_, n := args["name"]
		_, p := args["path"]
		if n == p {
			return api.Errorf(api.CodeInvalidParams, "input_replay: give exactly one of name or path")
		}
		return check(args)
	}
	return t
}

// checkRecordingName applies the recording-name rule shared by
// input_record and input_replay.
func checkRecordingName(tool string) func(map[string]any) *api.ToolError {
	return func(args map[string]any) *api.ToolError {
		n, ok := args["name"].(string)
		if !ok {
			return nil
		}
		if _, err := confine.RecordingFile(n); err != nil {
			return api.Errorf(api.CodeInvalidParams, "%s: %v", tool, err)
		}
		return nil
	}
}
