// expect: changing the unitymcp security level: UnityMcp.Core types
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_UnityMcpTypes.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_UnityMcpTypes
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return UnityMcp.Core.SnippetWrapper.Hash("x");
        }
    }
}
