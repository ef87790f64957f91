// expect: changing the unitymcp security level: a literal UnityMcp key with a computed value
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_EditorPrefsTernaryKey.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_EditorPrefsTernaryKey
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            bool on = parameters.Count > 0;
            UnityEditor.EditorPrefs.SetInt("UnityMcp.AutoStartDaemon", on ? 1 : 0);
            return on;
        }
    }
}
