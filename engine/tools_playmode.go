package engine

func controlPlayModeTool() *Tool {
	return editorTool("control-play-mode", "authoring",
		"Control Unity Editor play mode (play/stop/pause)",
		false, false, true,
		P("Action", "string", `Action to perform - "Play", "Stop", "Pause"`+"\n"+
			"- Play: Start play mode (also resumes from pause)\n"+
			"- Stop: Exit play mode and return to edit mode\n"+
			"- Pause: Pause the game while remaining in play mode").OneOf("Play", "Stop", "Pause").Def("Play"),
	)
}
