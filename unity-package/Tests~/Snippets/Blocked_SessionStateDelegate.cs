// expect: writing and erasing SessionState keys through delegates (unitymcp carries its held calls there): the key the checker sees when the delegate is made is not the one it is called with
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_SessionStateDelegate.dll).
using System; using UnityEditor;
namespace McpSnippets
{
    public static class Snippet_Blocked_SessionStateDelegate
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            Set("McpSnippets.State", SessionState.SetString);
            Action<string> erase = SessionState.EraseString;
            erase("UnityMcp.SpanningCalls");
            return null;
        }

        static void Set(string key, Action<string, string> f) { f("UnityMcp.SpanningCalls", "[]"); }
    }
}
