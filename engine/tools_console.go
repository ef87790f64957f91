package engine

func getLogsTool() *Tool {
	return editorTool("get-logs", "diagnostics",
		"Retrieves log information from Unity console with filtering and advanced search capabilities",
		true, false, true,
		P("LogType", "string", `Log type to filter - "Error", "Warning", "Log", "All"`).OneOf("Error", "Warning", "Log", "All").Def("All"),
		P("MaxCount", "number", "Maximum number of logs to retrieve").Def(100),
		P("SearchText", "string", "Text to search within log messages (retrieve all if empty)").Def(""),
		P("UseRegex", "boolean", "Whether to use regular expression for search").Def(false),
		P("SearchInStackTrace", "boolean", "Whether to search within stack trace as well").Def(false),
		P("IncludeStackTrace", "boolean", "Whether to display stack traces").Def(false),
	)
}

func clearConsoleTool() *Tool {
	return editorTool("clear-console", "diagnostics",
		"Clears Unity console logs for clean development workflow",
		false, false, true,
		P("AddConfirmationMessage", "boolean", "Whether to add a confirmation log message after clearing").Def(false),
	)
}
