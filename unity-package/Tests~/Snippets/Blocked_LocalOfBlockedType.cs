// expect: starting processes: a local of type System.Diagnostics.Process
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_LocalOfBlockedType.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_LocalOfBlockedType
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            System.Diagnostics.Process p = null;
            return p == null;
        }
    }
}
