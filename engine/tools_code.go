package engine

// execute-dynamic-code keeps the seed's exact parameters; its guard is the
// editor's SecurityLevel (Restricted by default), not a confirm parameter.
func executeDynamicCodeTool() *Tool {
	return editorTool("execute-dynamic-code", "code",
		"Execute C# code dynamically within Unity Editor. Implements security levels and automatic using statement processing with enhanced error messaging",
		false, true, false,
		P("Code", "string", "The C# code to execute").Def(""),
		P("Parameters", "object", "Runtime parameters for execution").Def(map[string]any{}),
		P("CompileOnly", "boolean", "Only compile, do not execute").Def(false),
	)
}
