// expect: writing EditorPrefs keys that do not start with "McpSnippets.": the external script editor and its arguments (review finding 3)
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_EditorPrefsScriptEditor.dll).
using UnityEditor;
namespace McpSnippets
{
    public static class Snippet_Blocked_EditorPrefsScriptEditor
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            // Unity launches kScriptsDefaultApp with kScriptEditorArgs+path whenever a script is opened.
            var app = parameters.Count > 0 ? "/bin/sh" : @"C:\Windows\System32\cmd.exe";
            EditorPrefs.SetString("kScriptsDefaultApp", app);
            EditorPrefs.SetString("kScriptEditorArgs" + app, "/c calc & $(File)");
            EditorPrefs.SetString("kDiffsDefaultApp", app);
            return app;
        }
    }
}
