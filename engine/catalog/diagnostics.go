package catalog

import "github.com/unitymcp/unitymcp/engine/api"

func getLogsTool() *Tool {
	return newTool("get-logs", "diagnostics",
		"Retrieves log information from Unity console with filtering and advanced search capabilities",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true},
		P("LogType", "string", `Log type to filter - "Error", "Warning", "Log", "All"`).OneOf("Error", "Warning", "Log", "All").Def("All"),
		P("MaxCount", "number", "Maximum number of logs to retrieve").AtLeast(0).Def(100),
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
		"Brings Unity Editor window to front on macOS, Windows and Linux (X11; not Wayland)",
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

// Diagnostics isuzu-shiranui/UnityMCP has (issue 29), by its names and
// parameters. console_get_count reads the editor's Console; the rest run
// in the daemon so they answer while the editor's main thread is held (a
// compile, an import, a modal dialog): the daemon knows the editor's state,
// its last compile (compile.finished), its pid and so its log file and its
// dialog windows, and asks the editor only for what the editor alone knows
// (_editor_state), when it answers.

func consoleGetCountTool() *Tool {
	return newTool("console_get_count", "diagnostics",
		"Count the Console's errors, warnings and logs: cheaper than get-logs to learn whether something failed. Pass an answer's marker as since later to count only what came after.",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true},
		P("since", "string", "marker of an earlier answer: count only later entries (cleared: true if the Console was cleared since)."))
}

func compileStatusTool() *Tool {
	t := newTool("compile_status", "diagnostics",
		"Whether scripts compile now and how the last compile ended (succeeded, error/warning counts, completedAt, messages); answers while the editor is busy. A failed compile keeps the old assemblies: check succeeded after editing scripts.",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true},
		P("include_warnings", "boolean", "List warnings too.").Def(false),
		P("limit", "integer", "Messages to list, errors first.").Range(0, 200).Def(20),
	)
	t.Native = true
	return t
}

func editorLogTailTool() *Tool {
	t := newTool("editor_log_tail", "diagnostics",
		"Editor.log's end, read by the daemon: answers while the editor is stuck (import, compile, dialog).",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true},
		P("lines", "integer", "Newest last.").Range(1, 2000).Def(200),
		P("pattern", "string", "RE2, ≤500 bytes."),
		P("ignore_case", "boolean", "For pattern.").Def(true),
		P("any_project", "boolean", "Even a log not naming this project.").Def(false),
	)
	t.Native = true
	return t
}

func editorStateTool() *Tool {
	t := newTool("editor_state",
		"diagnostics",
		"The editor's state: connected, compiling, reloading or blocked (with its dialogs), play mode, updating, focused, project, Unity version. Answers from the daemon's view while the editor is blocked (live: false).",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true})
	t.Native = true
	return t
}

func editorDialogListTool() *Tool {
	t := newTool("editor_dialog_list", "diagnostics",
		"The modal dialogs the editor waits on: window, title, and message, buttons and default where the OS tells them (Windows). Read it, then editor_dialog_press.",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true})
	t.Native = true
	return t
}

func editorDialogPressTool() *Tool {
	t := newTool("editor_dialog_press", "diagnostics",
		"Answer a dialog via the OS. List it first, read its message.",
		api.Annotations{DestructiveHint: true},
		P("window", "integer", "Its id."),
		P("title", "string", "Or title."),
		P("button", "string", "Label."),
		P("role", "string", "default = Return; cancel = close/Escape").OneOf("default", "cancel"),
		P("confirm", "boolean", "Needed."),
		P("dry_run", "boolean", "Say what."),
	)
	t.Native = true
	t.Check = func(args map[string]any) *api.ToolError {
		b, _ := args["button"].(string)
		r, _ := args["role"].(string)
		if (b == "") == (r == "") {
			return api.Errorf(api.CodeInvalidParams, "editor_dialog_press: give button (a label editor_dialog_list shows) or role (default or cancel), one of them")
		}
		return nil
	}
	return t
}
