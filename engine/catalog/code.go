package catalog

import "github.com/unitymcp/unitymcp/engine/api"

// execute-dynamic-code keeps the seed's exact parameters; its guard is the
// editor's SecurityLevel (Restricted by default), not a confirm parameter.
func executeDynamicCodeTool() *Tool {
	return newTool("execute-dynamic-code", "code",
		"Execute C# code dynamically within Unity Editor. Implements security levels and automatic using statement processing with enhanced error messaging",
		api.Annotations{DestructiveHint: true},
		P("Code", "string", "The C# code to execute").Def(""),
		P("Parameters", "object", "Runtime parameters for execution").Def(map[string]any{}),
		P("CompileOnly", "boolean", "Only compile, do not execute").Def(false),
	)
}

// reflect_read reads fields and argument-less properties at reflection
// paths (package reflectpath has the syntax). Shape as isuzu-shiranui/
// UnityMCP documents it.
func reflectReadTool() *Tool {
	t := newTool("reflect_read", "code",
		"Read a value by reflection path: a root (@scene:/Path/To/Object, @selection, @id:<instanceId>, @type:Ns.Type or a bare type name, @sceneview:camera) then members separated by /, e.g. @scene:/Main Camera/Transform/position. Reads fields and properties without arguments, never methods. A property named in the path has its getter called, except getters that change the scene (Renderer.material, TMP's fontMaterial: the error says what to read instead); what is not named (a type's statics for @type:X alone, the members of the value returned) is read without running script code: fields, auto-properties and the properties of Unity's built-in types; a script's other getters are not called (@type:X names them in gettersNotCalled). [n] and [\"key\"] index lists and dictionaries. Give path for one value or paths for several (up to 50).",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true},
		P("path", "string", "One reflection path. Use either path or paths."),
		P("paths", "array", "Several reflection paths (at most 50); the result is {reads: {path: {path, type, value} | {path, error}}}.").Of("string"),
		P("depth", "integer", "How deep objects are expanded.").Range(0, 4).Def(2),
		P("max_items", "integer", "How many elements of a list or dictionary are returned.").Range(0, 200).Def(20),
		P("members", "boolean", "List the member names at the path instead of its value.").Def(false),
	)
	t.Check = func(args map[string]any) *api.ToolError {
		_, hasPath := args["path"]
		paths, hasPaths := args["paths"].([]any)
		switch {
		case hasPath == hasPaths:
			return api.Errorf(api.CodeInvalidParams, "reflect_read: give exactly one of path or paths")
		case hasPaths && (len(paths) == 0 || len(paths) > 50):
			return api.Errorf(api.CodeInvalidParams, "reflect_read: paths must hold 1 to 50 paths, got %d", len(paths))
		}
		return nil
	}
	return t
}

// execute_code runs a C# method-body snippet in the editor. Like
// execute-dynamic-code its guard is the editor's security level, not confirm.
func executeCodeTool() *Tool {
	t := newTool("execute_code", "code",
		"Run a C# method body in the Unity Editor and return its value: `return <expr>;`. The usings System, System.Collections.Generic, System.Linq, UnityEngine and UnityEditor are in scope. Identical snippets are compiled once. Result: {output (log lines), returnValue?, note?}.",
		api.Annotations{DestructiveHint: true},
		P("code", "string", "The C# statements to run (a method body)."),
		P("code_base64", "string", "The same, base64-encoded UTF-8 (used instead of code when both are given)."),
	)
	t.Check = func(args map[string]any) *api.ToolError {
		_, c := args["code"]
		_, b := args["code_base64"]
		if !c && !b {
			return api.Errorf(api.CodeInvalidParams, "execute_code: give code (or code_base64)")
		}
		return nil
	}
	return t
}
