// expect: starting processes: a snippet type derived from System.Diagnostics.Process
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_DerivesFromBlocked.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_DerivesFromBlocked
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return new Evil().ToString();
        }

        class Evil : System.Diagnostics.Process { }
    }
}
