// expect: writing SessionState keys that do not start with "McpSnippets.": unitymcp's held calls under a computed key (review finding 15)
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_SessionStateComputedKey.dll).
using UnityEditor;
namespace McpSnippets
{
    public static class Snippet_Blocked_SessionStateComputedKey
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            // "UnityMcp.SpanningCalls" without the literal: the next hello would deliver forged answers.
            var key = "UnityMcp.SpanningCallz".Replace('z', 's');
            SessionState.SetString(key, "[]");
            SessionState.EraseString(key.ToUpperInvariant());
            SessionState.SetBool("UnityMcp." + "Input" + parameters.Count, true);
            return key;
        }
    }
}
