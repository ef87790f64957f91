package engine

func compileTool() *Tool {
	return editorTool("compile", "build",
		"Executes compilation after AssetDatabase.Refresh(). Returns compilation results with detailed timing information.",
		false, false, true,
		P("ForceRecompile", "boolean", "Whether to perform forced recompilation").Def(false),
		P("WaitForDomainReload", "boolean", "Whether to wait for domain reload completion before returning").Def(false),
	)
}
