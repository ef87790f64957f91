// expect: deleting every Editor preference: UnityEditor.EditorPrefs.DeleteAll
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_EditorPrefsDeleteAll.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_EditorPrefsDeleteAll
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            UnityEditor.EditorPrefs.DeleteAll();
            return null;
        }
    }
}
