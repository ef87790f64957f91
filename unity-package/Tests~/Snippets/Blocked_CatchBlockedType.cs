// expect: network access: a catch of System.Net.WebException
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_CatchBlockedType.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_CatchBlockedType
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            try { return parameters.Count; }
            catch (System.Net.WebException) { return -1; }
        }
    }
}
