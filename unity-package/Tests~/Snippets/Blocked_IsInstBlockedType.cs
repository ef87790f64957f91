// expect: network access: a type test and a cast to System.Net.WebClient (isinst, castclass)
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_IsInstBlockedType.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_IsInstBlockedType
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            object o = parameters;
            var isClient = o is System.Net.WebClient;
            return isClient ? (object)(System.Net.WebClient)o : null;
        }
    }
}
