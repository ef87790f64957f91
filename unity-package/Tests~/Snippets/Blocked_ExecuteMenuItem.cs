// expect: running menu commands: UnityEditor.EditorApplication.ExecuteMenuItem
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_ExecuteMenuItem.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_ExecuteMenuItem
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return UnityEditor.EditorApplication.ExecuteMenuItem("File/Save Project");
        }
    }
}
