// expect: starting processes: UnityEditor.EditorUtility.OpenWithDefaultApp
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_OpenWithDefaultApp.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_OpenWithDefaultApp
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            UnityEditor.EditorUtility.OpenWithDefaultApp("/bin/sh");
            return null;
        }
    }
}
