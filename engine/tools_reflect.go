package engine

import "fmt"

// reflect_read reads fields and argument-less properties at reflection
// paths (package reflectpath has the syntax). Shape as isuzu-shiranui/
// UnityMCP documents it.
func reflectReadTool() *Tool {
	t := editorTool("reflect_read", "code",
		"Read a value by reflection path: a root (@scene:/Path/To/Object, @selection, @id:<instanceId>, @type:Ns.Type or a bare type name, @sceneview:camera) then members separated by /, e.g. @scene:/Main Camera/Transform/position. Reads fields and properties without arguments, never methods; [n] and [\"key\"] index lists and dictionaries. Give path for one value or paths for several (up to 50).",
		true, false, true,
		P("path", "string", "One reflection path. Use either path or paths."),
		P("paths", "array", "Several reflection paths (at most 50); the result is {reads: {path: {path, type, value} | {path, error}}}.").Of("string"),
		P("depth", "integer", "How deep objects are expanded (capped at 4).").Def(2),
		P("max_items", "integer", "How many elements of a list or dictionary are returned (capped at 200).").Def(20),
		P("members", "boolean", "List the member names at the path instead of its value.").Def(false),
	)
	t.Check = func(args map[string]any) *ToolError {
		_, hasPath := args["path"]
		paths, hasPaths := args["paths"].([]any)
		switch {
		case hasPath == hasPaths:
			return Errorf(CodeInvalidParams, "reflect_read: give exactly one of path or paths")
		case hasPaths && (len(paths) == 0 || len(paths) > 50):
			return Errorf(CodeInvalidParams, "reflect_read: paths must hold 1 to 50 paths, got %d", len(paths))
		}
		return nil
	}
	return t
}

// execute_code runs a C# method-body snippet in the editor. Like
// execute-dynamic-code its guard is the editor's security level, not confirm.
func executeCodeTool() *Tool {
	t := editorTool("execute_code", "code",
		"Run a C# method body in the Unity Editor and return its value: `return <expr>;`. The usings System, System.Collections.Generic, System.Linq, UnityEngine and UnityEditor are in scope. Identical snippets are compiled once. Result: {output (log lines), returnValue?, note?}.",
		false, true, false,
		P("code", "string", "The C# statements to run (a method body)."),
		P("code_base64", "string", "The same, base64-encoded UTF-8 (used instead of code when both are given)."),
	)
	t.Check = func(args map[string]any) *ToolError {
		_, c := args["code"]
		_, b := args["code_base64"]
		if !c && !b {
			return Errorf(CodeInvalidParams, "execute_code: give code (or code_base64)")
		}
		return nil
	}
	return t
}

// checkRecordingName applies the recording-name rule shared by
// input_record and input_replay.
func checkRecordingName(tool string) func(map[string]any) *ToolError {
	return func(args map[string]any) *ToolError {
		n, ok := args["name"].(string)
		if !ok {
			return nil
		}
		if _, err := RecordingFile(n); err != nil {
			return Errorf(CodeInvalidParams, "%s: %v", tool, err)
		}
		return nil
	}
}

// RecordingFile turns a recording name into its file name inside
// recordings/<projectHash>/: characters outside [A-Za-z0-9_-] become _,
// Windows device names are refused.
func RecordingFile(name string) (string, error) {
	if name == "" {
		return "", fmt.Errorf("the recording name is empty")
	}
	if len(name) > 100 {
		return "", fmt.Errorf("the recording name is longer than 100 characters")
	}
	b := []byte(name)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			b[i] = '_'
		}
	}
	safe := string(b)
	switch up := upper(safe); up {
	case "CON", "PRN", "AUX", "NUL", "COM1", "COM2", "COM3", "COM4", "COM5", "COM6", "COM7", "COM8", "COM9",
		"LPT1", "LPT2", "LPT3", "LPT4", "LPT5", "LPT6", "LPT7", "LPT8", "LPT9":
		return "", fmt.Errorf("%q is a reserved device name on Windows; choose another recording name", name)
	}
	return safe + ".json", nil
}

func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 32
		}
	}
	return string(b)
}
