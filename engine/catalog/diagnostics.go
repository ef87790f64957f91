package catalog

import "github.com/unitymcp/unitymcp/engine/api"

func getLogsTool() *Tool {
	return newTool("get-logs", "diagnostics",
		"Retrieves log information from Unity console with filtering and advanced search capabilities",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true},
		P("LogType", "string", `Log type to filter - "Error", "Warning", "Log", "All"`).OneOf("Error", "Warning", "Log", "All").Def("All"),
		P("MaxCount", "number", "Maximum number of logs to retrieve").Def(100),
		P("SearchText", "string", "Text to search within log messages (retrieve all if empty)").Def(""),
		P("UseRegex", "boolean", "Whether to use regular expression for search").Def(false),
		P("SearchInStackTrace", "boolean", "Whether to search within stack trace as well").Def(false),
		P("IncludeStackTrace", "boolean", "Whether to display stack traces").Def(false),
	)
}

func clearConsoleTool() *Tool {
	return newTool("clear-console", "diagnostics",
		"Clears Unity console logs for clean development workflow",
		api.Annotations{IdempotentHint: true},
		P("AddConfirmationMessage", "boolean", "Whether to add a confirmation log message after clearing").Def(false),
	)
}

// focus-window runs in the daemon: the editor reports its pid and the
// daemon, which lives in the user's desktop session, raises the window.
func focusWindowTool() *Tool {
	t := newTool("focus-window", "diagnostics",
		"Brings Unity Editor window to front on macOS and Windows",
		api.Annotations{IdempotentHint: true})
	t.Native = true
	return t
}

// definitions_list runs in the daemon, which loads the definition files.
func definitionsListTool() *Tool {
	t := newTool("definitions_list", "diagnostics",
		"List the definition tools (JSON files in the project's per-user folder, in <project>/.unitymcp/tools committed with it, and in the shared folder): what was loaded (name, kind, file, group, source folder), every file that was not with all its reasons, which definitions shadow which, warnings and skipped files. Files are watched; a change rebuilds the tool list.",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true})
	t.Native = true
	return t
}
