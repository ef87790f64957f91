package engine

func simulateMouseUITool() *Tool {
	return editorTool("simulate-mouse-ui", "input",
		"Simulate mouse click, long-press, and drag on PlayMode UI elements via EventSystem screen coordinates. Uses EventSystem and ExecuteEvents to dispatch pointer events directly — works independently of both old and new Input System. For game logic that reads Input System (e.g. `Mouse.current.leftButton.wasPressedThisFrame`), use `simulate-mouse-input` instead",
		false, false, false,
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
	return editorTool("simulate-mouse-input", "input",
		"Simulate mouse input in PlayMode via Input System. Injects button clicks, mouse delta, and scroll wheel directly into `Mouse.current` for game logic that reads Input System (e.g. `wasPressedThisFrame`, `Mouse.current.delta`). Requires the Input System package and Active Input Handling set to `Input System Package (New)` or `Both` in Player Settings. For UI elements with IPointerClickHandler, use `simulate-mouse-ui` instead",
		false, false, false,
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
	return editorTool("simulate-keyboard", "input",
		"Simulate keyboard key input in PlayMode via Input System. Supports single key taps, sustained holds, and multi-key combinations. Requires the Input System package, and Active Input Handling must be set to `Input System Package (New)` or `Both` in Player Settings. Game code must read input via Input System API (e.g. `Keyboard.current[Key.W].isPressed`), not legacy `Input.GetKey()`",
		false, false, false,
		P("Action", "string", `Keyboard action - "Press", "KeyDown", "KeyUp"`+"\n"+
			"- Press: One-shot key tap (KeyDown then KeyUp). Use `Duration` for timed holds\n"+
			"- KeyDown: Hold key down until explicitly released with KeyUp\n"+
			"- KeyUp: Release a key currently held by KeyDown").OneOf("Press", "KeyDown", "KeyUp").Def("Press"),
		P("Key", "string", `Key name matching the Input System Key enum (e.g. "W", "Space", "LeftShift", "Enter"). Case-insensitive`).Must(),
		P("Duration", "number", "Hold duration in seconds for Press action, 0 for one-shot tap. Ignored by KeyDown/KeyUp").Def(0),
	)
}
