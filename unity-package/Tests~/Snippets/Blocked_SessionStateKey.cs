// expect: changing the unitymcp security level: a literal UnityMcp SessionState key
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_SessionStateKey.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_SessionStateKey
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            UnityEditor.SessionState.SetString("UnityMcp.SpanningCalls", "[]");
            return null;
        }
    }
}
